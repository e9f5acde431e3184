"""The toy patience with a daily deal and a solution of its own that count their calls (and
the daily deal can be held), so a test can see what was worked out, when, and how often
(`bot.service.solo`)."""

from __future__ import annotations

import threading
from datetime import date
from typing import ClassVar

from bot.games.base import Solution
from tests.service.toysolo import SoloGame, SoloOptions

SOLVED: list[int] = []
"""The seed of every `solution` call."""
CALLS: list[tuple[str, str]] = []
"""(variant, day) of every `daily_deal` call, in order."""
ENTERED = threading.Event()
RELEASE = threading.Event()
"""Cleared by a test to hold `daily_deal` (in its worker thread) until the test sets it."""
RELEASE.set()


class DailyToy(SoloGame):
    key: ClassVar[str] = "toydaily"

    def daily_deal(self, variant: str, day: date) -> tuple[int, bool]:
        CALLS.append((variant, day.isoformat()))
        ENTERED.set()
        if not RELEASE.wait(10):  # only a bound against a hung test
            raise TimeoutError("the test never released the daily deal")
        return 1000 + day.day, True

    def solution(self, options: SoloOptions, seed: int) -> Solution | None:
        """Play what fits, else dig the wanted number out (always wins the toy)."""
        SOLVED.append(seed)
        state = self.new(1, options, seed)
        line = []
        while not state.is_over:
            legal = [str(a) for a in state.legal_actions(0)]
            move = next((a for a in legal if a.endswith(">f")), None)
            if move is None:
                src = next(p for p, cards in state.piles.items() if state.foundation + 1 in cards)
                move = f"move:{src}>{next(p for p in state.piles if p != src)}"
            line.append(move)
            state = state.apply(0, move)[0]
        return Solution(line=line, note=f"Won in {len(line)} moves.")


GAME = DailyToy()
