"""Dick's Games of Patience (1883): one engine, a catalogue of the book's games as data rows;
``GAME`` is the registry entry."""

from __future__ import annotations

from bot.games.patience.game import (
    PatienceGame,
    PatienceState,
    PatienceView,
    PileView,
    source_of,
    target_of,
)
from bot.games.patience.options import PatienceOptions

GAME = PatienceGame()

__all__ = ["GAME", "PatienceGame", "PatienceOptions", "PatienceState", "PatienceView",
           "PileView", "source_of", "target_of"]
