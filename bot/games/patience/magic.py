"""The solver's answer for The Fifteen Puzzle, by construction: there are only eight magic
squares of one to nine, and with nine cards in eighteen places a card can always be moved
straight to its square's place (a wrong card there first goes to an empty hand place). So
every position is winnable, and the line is: pick the square that needs the fewest moves,
put each card in its place."""

from __future__ import annotations

from itertools import permutations

from bot.games.patience.engine import value
from bot.games.patience.plain import PlainAnswer

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
SQUARES = tuple(p for p in permutations(range(1, 10))
                if p[4] == 5 and all(sum(p[i] for i in line) == 15 for line in LINES))
"""The eight magic squares (the centre is always five), values in places g1 .. g9."""


def magic_line(piles: dict[str, list[str]]) -> PlainAnswer | None:
    """The winning line from ``piles`` (hand places ``c1..c9``, square ``g1..g9``); None if
    the position is not the puzzle's (a card missing, a place holding two)."""
    places = [f"c{i}" for i in range(1, 10)] + [f"g{i}" for i in range(1, 10)]
    if any(len(piles.get(p, ())) > 1 for p in places):
        return None
    at = {value(piles[p][0]): p for p in places if piles.get(p)}
    if sorted(at) != list(range(1, 10)):
        return None
    square = max(SQUARES, key=lambda sq: sum(at[v] == f"g{i + 1}" for i, v in enumerate(sq)))
    where = dict(at)
    holder = {p: v for v, p in where.items()}
    line: list[str] = []

    def move(v: int, dst: str) -> None:
        src = where[v]
        line.append(f"move:{src}>{dst}")
        del holder[src]
        holder[dst] = v
        where[v] = dst

    for i, v in enumerate(square):
        spot = f"g{i + 1}"
        if where[v] == spot:
            continue
        wrong = holder.get(spot)
        if wrong is not None:
            move(wrong, next(p for p in places[:9] if p not in holder))
        move(v, spot)
    return PlainAnswer("winnable", tuple(line), len(line), len(line) + 1)
