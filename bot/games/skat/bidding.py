"""Bid ladders: every value a game can be worth, computed from the contract catalogue.

The spec asks the engine to derive the ladder rather than hard-code it, so a change to the
catalogue cannot leave a legal game unbiddable (2.6.2, 3.2).
"""

from __future__ import annotations

from functools import cache

from bot.games.skat.options import RuleSet


@cache
def ladder(rules: RuleSet) -> tuple[int, ...]:
    """The legal bids, lowest first: 72 values 10-216 (classic), 63 values 18-264 (isko)."""
    values: set[int] = set()
    if rules == "classic":
        # Won values only; Frage and doubled losses are left out ([A-3]).
        for unit in (5, 6, 7, 8):  # Tourne: matadors 1-11, levels 1-3
            values.update(unit * m for m in range(2, 15))
        for unit in (9, 10, 11, 12):  # Solo: levels 1-5
            values.update(unit * m for m in range(2, 17))
        values.update(12 * m for m in range(2, 8))  # Tourne / Guckser Grand
        values.update(16 * m for m in range(2, 10))  # Solo Grand
        values.update(24 * m for m in range(6, 10))  # Open Grand: 1-4 with + 5 levels
        values.update((20, 40, 60))
        floor = 10
    else:
        for unit in (9, 10, 11, 12):
            values.update(unit * m for m in range(2, 19))
        values.update(24 * m for m in range(2, 12))
        values.update((23, 35, 46, 59))
        floor = 18
    return tuple(sorted(v for v in values if v >= floor))


def bids_above(rules: RuleSet, current: int, min_bid: int) -> list[int]:
    """The values a bidder may name now: every ladder value above the current bid."""
    return [v for v in ladder(rules) if v > current and v >= min_bid]
