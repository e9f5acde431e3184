"""Shared by the Skat rule tests: a deal set up card by card, and moves played in turn."""

from __future__ import annotations

from typing import Any

from bot.games.skat import GAME
from bot.games.skat.rules import SkatState

# Seat 2 deals at a 3-table: seat 0 is Vorhand, 1 Mittelhand, 2 Hinterhand.
V, M, H = 0, 1, 2


def make(preset: str = "classic", hands: list[str] | None = None, skat: str = "",
         players: int = 3, dealer: int = 2, **over: Any) -> SkatState:
    deal: dict[str, object] = {"dealer": dealer}
    if hands is not None:
        deal["hands"] = [h.split() for h in hands]
        deal["skat"] = skat.split()
    return GAME.new(players, GAME.options(preset, **over), seed=7, deal=deal)


def run(st: SkatState, *moves: str) -> SkatState:
    """Each move by whoever is first to act."""
    for move in moves:
        st, _ = st.apply(st.to_act[0], move)
    return st
