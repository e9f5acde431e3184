"""Tiles as text (``"5-3"``, the higher half first) and the small facts about sets.

A placed tile is written touching half first (``"3-5"`` laid on a three leaves a five open), so
one string says both which tile it is and which way round it lies; `canon` gives the tile back.
"""

from __future__ import annotations


def tile(a: int, b: int) -> str:
    return f"{max(a, b)}-{min(a, b)}"


def halves(t: str) -> tuple[int, int]:
    a, _, b = t.partition("-")
    return int(a), int(b)


def canon(t: str) -> str:
    return tile(*halves(t))


def pips(t: str) -> int:
    a, b = halves(t)
    return a + b


def is_double(t: str) -> bool:
    a, b = halves(t)
    return a == b


def full_set(top: int) -> list[str]:
    """Every tile of the double-``top`` set, 0-0 first."""
    return [tile(a, b) for a in range(top + 1) for b in range(a + 1)]


def hand_pips(hand: list[str]) -> int:
    return sum(pips(t) for t in hand)


def weight(t: str) -> tuple[int, int, int]:
    """Heaviest first by pips, ties to the tile with the higher half (spec 3.3)."""
    a, b = halves(t)
    return (a + b, max(a, b), int(a == b))


def matadores(top: int) -> list[str]:
    """The wild tiles of Matadore: halves summing to ``top + 1``, and the double blank."""
    goal = top + 1
    return sorted({tile(a, goal - a) for a in range(goal - top, top + 1)} | {"0-0"},
                  key=lambda t: (-pips(t), t))


def nearest_multiple(value: int, k: int) -> int:
    """``value`` rounded to the nearest multiple of ``k`` (k odd: no ties)."""
    return (value + k // 2) // k * k


def is_tile(text: str, top: int) -> bool:
    a, sep, b = text.partition("-")
    return bool(sep) and a.isdigit() and b.isdigit() and int(a) <= top and int(b) <= top
