"""Euchre as Hoyle (Boston, 1871) plays it, plus a modern preset; ``GAME`` is the registry entry."""

from __future__ import annotations

from bot.games.euchre.game import EuchreGame
from bot.games.euchre.options import EuchreOptions
from bot.games.euchre.rules import EuchreState, EuchreView

GAME = EuchreGame()

__all__ = ["GAME", "EuchreGame", "EuchreOptions", "EuchreState", "EuchreView"]
