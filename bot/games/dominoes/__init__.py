"""Dominoes and Dice (Spalding, 1895): the booklet's domino games as catalogue rows over one
line-of-play engine, with small engines of their own for Poker, Bingo, Loo, Rounce and Domino
Euchre; ``GAME`` is the registry entry."""

from __future__ import annotations

from bot.games.dominoes.game import (
    DominoesGame,
    DominoesState,
    DominoesView,
    show,
    source_of,
    target_of,
)
from bot.games.dominoes.options import DominoesOptions

GAME = DominoesGame()

__all__ = ["GAME", "DominoesGame", "DominoesOptions", "DominoesState", "DominoesView", "show",
           "source_of", "target_of"]
