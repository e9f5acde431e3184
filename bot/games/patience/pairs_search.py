"""The solver's fast path for Nestor: cards only ever leave, two of a rank at a time, so a
position is how many cards each column and reserve place still holds (``bytes``), and the
search is a depth-first search over those counts with every one kept (a proof when it runs
out). The moves are the hook's (`special.pairing.Nestor`): pairs of column bottoms, the reserve
only when no column pair is left; the tests compare them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.games.patience.engine import Rules
from bot.games.patience.plain import PlainAnswer


@dataclass(repr=False)
class PairsGame:
    ids: list[str]  # the columns in layout order, then the reserve places
    columns: int  # how many of ``ids`` are columns
    ranks: list[str]  # each place's cards' ranks, bottom -> top


def pairs_game(rules: Rules, piles: dict[str, list[str]]) -> PairsGame | None:
    if rules.hook != "nestor":
        return None
    cols = [p.id for p in rules.piles if p.kind == "tableau"]
    res = [f"r{i}" for i in range(1, 5)]
    if any(c.startswith("~") for pid in cols + res for c in piles[pid]):
        return None
    return PairsGame(cols + res, len(cols), ["".join(c[1] for c in piles[pid])
                                             for pid in cols + res])


def root(game: PairsGame) -> bytes:
    return bytes(len(r) for r in game.ranks)


def moves(game: PairsGame, counts: bytes) -> list[tuple[int, int]]:
    """Column pairs; else pairs with a reserve card in them (the book's order of preference)."""
    ranks = game.ranks
    tops = [(i, ranks[i][n - 1]) for i, n in enumerate(counts) if n]
    out = [(a, b) for x, (a, ra) in enumerate(tops) if a < game.columns
           for b, rb in tops[x + 1:] if b < game.columns and ra == rb]
    if out:
        return out
    return [(a, b) for x, (a, ra) in enumerate(tops)
            for b, rb in tops[x + 1:] if ra == rb and b >= game.columns]


def search(game: PairsGame, start: bytes, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    if not any(start):
        return PlainAnswer("winnable", (), 0, 1)
    seen = {start}
    path: list[tuple[int, int]] = []
    stack = [(start, iter(moves(game, start)))]
    nodes = 0
    while stack:
        counts, todo = stack[-1]
        step = next(todo, None)
        if step is None:
            stack.pop()
            if path:
                path.pop()
            continue
        nodes += 1
        if nodes > budget or (stop is not None and not nodes & 1023 and stop()):
            return PlainAnswer("undecided", (), nodes - 1, len(seen))
        a, b = step
        child = bytearray(counts)
        child[a] -= 1
        child[b] -= 1
        key = bytes(child)
        if key in seen:
            continue
        seen.add(key)
        if not any(key):
            line = tuple(f"pair:{game.ids[x]},{game.ids[y]}" for x, y in (*path, step))
            return PlainAnswer("winnable", line, nodes, len(seen))
        path.append(step)
        stack.append((key, iter(moves(game, key))))
    return PlainAnswer("unwinnable", (), nodes, len(seen))
