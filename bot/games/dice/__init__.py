"""Dominoes and Dice (1895), the dice half: one engine of throws, holds, turns and races, the
ten games as catalogue rows with their own scoring; ``GAME`` is the registry entry."""

from __future__ import annotations

from bot.games.dice.engine import faces
from bot.games.dice.game import DiceGame, DiceState, DiceView
from bot.games.dice.options import DiceOptions

GAME = DiceGame()

__all__ = ["GAME", "DiceGame", "DiceOptions", "DiceState", "DiceView", "faces"]
