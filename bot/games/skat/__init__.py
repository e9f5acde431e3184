"""Skat: classic (Dickinson, 1908) and isko rules; ``GAME`` is the registry entry."""

from __future__ import annotations

from bot.games.skat.game import SkatGame
from bot.games.skat.options import SkatOptions
from bot.games.skat.rules import SkatState, SkatView

GAME = SkatGame()

__all__ = ["GAME", "SkatGame", "SkatOptions", "SkatState", "SkatView"]
