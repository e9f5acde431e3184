"""The solver's fast path for The Fourteens (`special.pairing.Fourteens`): two cards of one
row or column of the 5x5 square totalling 14 go to the discard pile, the gaps refill at once
from the stock (the lower cell first: the engine fills the empty cells in layout order), and
when no pair is left, up to two exchanges of two cards in all. Suits never matter and the stock
is known (perfect knowledge: the seed fixes it), so a position is the square's values (0 an
empty cell), how far the stock has been drawn and the exchanges used: 27 ``bytes``.

What makes it sound and quick:

- `moves` offers exactly the engine's actions, in its order (the tests compare them);
- the transposition table keeps, for each square and stock point and each count of exchanges
  used, the discrepancies (below) left when it was searched. A position is skipped when it was
  searched with no more exchanges used and at least as many discrepancies left. Sound: with
  fewer exchanges used a position has every move the other has (the same pairs; exchanges
  whenever the other has them), each costing the same and leading to the same square with
  fewer exchanges used again, so whatever wins from the one wins from the other. This drops,
  for free, an exchange of two cards of one value (the square is unchanged with one exchange
  fewer left: its parent dominates it) and two exchanges made in the other order;
- the last exchange that makes no pair is not tried: after it no pair and no exchange is left
  while cards are, a lost position;
- move ordering: the move whose square (refilled) offers the most pairs first. Which pair is
  taken decides which stock cards land where, so the square it leaves is what counts;
- the depth-first searches are limited in discrepancies from that order (`search`), one more
  each time, as in choose_search.py: a deal is mostly lost by a few wrong choices anywhere in
  a long line, which a plain depth-first search, undoing its last choices first, would not
  reach within its budget. Only the search that refused no move can answer "unwinnable";
- every winning line is replayed through the engine before the solver returns it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.games.patience.discrepancy import deepening
from bot.games.patience.engine import Rules, face, value
from bot.games.patience.plain import PlainAnswer

SIDE = 5
CELLS = SIDE * SIDE
POINT = CELLS  # the byte of a position that says how many stock cards were drawn
SWAPS = CELLS + 1  # the byte that says how many exchanges were made
MAX_SWAPS = 2
MAX_COST = 2
"""The most discrepancies one choice costs: the third-best move and those after it cost as much
as each other."""

LINKS: tuple[tuple[int, int], ...] = tuple(
    (i, j) for i in range(CELLS) for j in range(i + 1, CELLS)
    if i // SIDE == j // SIDE or i % SIDE == j % SIDE)
"""The pairs of cells of one row or column, in the engine's order (by first cell, then
second)."""

MATES: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(CELLS) if j != i and (i // SIDE == j // SIDE or i % SIDE == j % SIDE))
    for i in range(CELLS))
"""Each cell's eight cells of its row and column."""
MATES_SET = tuple(frozenset(m) for m in MATES)
MATE_BITS = tuple(sum(1 << c for c in m) for m in MATES)

Move = tuple[int, int, bool]
"""``(cell, cell, exchange)``: the two cells (0-based, the first lower), and whether it is an
exchange (else a pair taken away)."""


@dataclass(repr=False)
class FourteensGame:
    ids: list[str]  # the 25 cells, layout order
    deal: bytes  # the stock's values in the order they are drawn (the stock's top first)


def fourteens_game(rules: Rules, piles: dict[str, list[str]]) -> FourteensGame | None:
    """The search's view of a Fourteens position, or None where it is not the book's square
    (a cell of more than one card, another layout)."""
    if rules.hook != "fourteens":
        return None
    ids = [p.id for p in rules.piles if p.kind == "cell"]
    if len(ids) != CELLS or any(len(piles.get(c, ())) > 1 for c in ids):
        return None
    if set(piles) - {*ids, "s", "d"}:
        return None
    deal = bytes(value(face(c)) for c in reversed(piles.get("s", ())))
    return FourteensGame(ids, deal)


def position(game: FourteensGame, piles: dict[str, list[str]], flags: dict[str, int]) -> bytes:
    """``piles`` (of the deal ``game`` was made from, or a later position of it) as bytes."""
    grid = [value(face(piles[c][-1])) if piles.get(c) else 0 for c in game.ids]
    drawn = len(game.deal) - len(piles.get("s", ()))
    return bytes([*grid, drawn, flags.get("swaps", 0)])


def won(game: FourteensGame, pos: bytes) -> bool:
    return pos[POINT] == len(game.deal) and not any(pos[:CELLS])


def pairs(pos: bytes) -> list[Move]:
    return [(i, j, False) for i, j in LINKS if pos[i] + pos[j] == 14]


def moves(pos: bytes) -> list[Move]:
    """The engine's actions, in its order: the pairs; when there is none and fewer than two
    exchanges were made, every exchange of two cards."""
    out = pairs(pos)
    if out or pos[SWAPS] >= MAX_SWAPS:
        return out
    full = [i for i in range(CELLS) if pos[i]]
    return [(a, b, True) for n, a in enumerate(full) for b in full[n + 1:]]


def play(game: FourteensGame, pos: bytes, move: Move) -> bytes:
    """``move`` made, and the gaps refilled as the engine does: the lower cell first."""
    a, b, swap = move
    child = bytearray(pos)
    if swap:
        child[a], child[b] = pos[b], pos[a]
        child[SWAPS] += 1
        return bytes(child)
    drawn = pos[POINT]
    deal = game.deal
    for cell in (a, b):
        if drawn < len(deal):
            child[cell] = deal[drawn]
            drawn += 1
        else:
            child[cell] = 0
    child[POINT] = drawn
    return bytes(child)


def action(game: FourteensGame, move: Move) -> str:
    a, b, swap = move
    return f"{'swap' if swap else 'pair'}:{game.ids[a]},{game.ids[b]}"


def _mobility(pos: bytes, move: Move, before: list[Move], game: FourteensGame) -> int:
    """How many pairs the square offers after ``move`` (the pairs ``before`` it that it leaves
    alone, and those of its two cells' new cards), without building the square: the long way
    round, which the tests hold `_pair_mobilities` and `_swap_mobilities` to."""
    a, b, swap = move
    if swap:  # offered only when no pair is left; the two cards moved make no pair together
        va, vb = pos[b], pos[a]
        return (sum(pos[c] + va == 14 for c in MATES[a] if c != b)
                + sum(pos[c] + vb == 14 for c in MATES[b] if c != a))
    drawn, deal = pos[POINT], game.deal
    va = deal[drawn] if drawn < len(deal) else 0
    vb = deal[drawn + 1] if drawn + 1 < len(deal) else 0
    kept = sum(1 for i, j, _ in before if i != a and i != b and j != a and j != b)
    if va:
        kept += sum(pos[c] + va == 14 for c in MATES[a] if c != b) + (
            b in MATES[a] and va + vb == 14)
    if vb:
        kept += sum(pos[c] + vb == 14 for c in MATES[b] if c != a)
    return kept


def _pair_mobilities(pos: bytes, found: list[Move], game: FourteensGame) -> list[int]:
    """`_mobility` of each pair of ``found`` (every pair of ``pos``): whichever pair is taken,
    the same two stock cards come next, so the cells that would pair with each are found once
    (as bit masks); the pairs left alone are those not touching the two cells."""
    drawn, deal = pos[POINT], game.deal
    va = deal[drawn] if drawn < len(deal) else 0
    vb = deal[drawn + 1] if drawn + 1 < len(deal) else 0
    want_a = want_b = 0
    for c in range(CELLS):
        if va and pos[c] + va == 14:
            want_a |= 1 << c
        if vb and pos[c] + vb == 14:
            want_b |= 1 << c
    degree = [0] * CELLS
    for a, b, _ in found:
        degree[a] += 1
        degree[b] += 1
    both = bool(va and vb and va + vb == 14)
    out = []
    for a, b, _ in found:  # a pair's two cells share a line: the new cards pair if they total 14
        ab = (1 << a) | (1 << b)
        out.append(len(found) - degree[a] - degree[b] + 1 + both
                   + (want_a & MATE_BITS[a] & ~ab).bit_count()
                   + (want_b & MATE_BITS[b] & ~ab).bit_count())
    return out


def _swap_mobilities(pos: bytes) -> dict[tuple[int, int], int]:
    """`_mobility` of every exchange at once, from each cell's count of each value among its
    row and column (a stuck square: the two cards moved make no pair together)."""
    counts = [[0] * 15 for _ in range(CELLS)]
    for i in range(CELLS):
        row = counts[i]
        for c in MATES[i]:
            row[pos[c]] += 1
    out = {}
    full = [i for i in range(CELLS) if pos[i]]
    for n, a in enumerate(full):
        va, ca = pos[a], counts[a]
        for b in full[n + 1:]:
            vb = pos[b]
            # a takes vb: its mates holding 14 - vb, b not among them (b holds va now)
            m = ca[14 - vb] + counts[b][14 - va]
            if b in MATES_SET[a]:
                m -= (vb == 7) + (va == 7)
            out[a, b] = m
    return out


def _costed(game: FourteensGame, pos: bytes) -> list[tuple[Move, int]]:
    """The moves, best first (most pairs offered after it), each with its cost in
    discrepancies: its place in that order, at most ``MAX_COST``. The last exchange that
    makes no pair leads to a lost position and is left out."""
    found = pairs(pos)
    if not found and pos[SWAPS] < MAX_SWAPS:  # `moves`' exchanges, in its order
        last = pos[SWAPS] == MAX_SWAPS - 1
        swaps = _swap_mobilities(pos)
        scored = [(-m, n, (a, b, True)) for n, ((a, b), m) in enumerate(swaps.items())
                  if m or not last]
    else:
        scored = [(-m, n, move) for n, (move, m)
                  in enumerate(zip(found, _pair_mobilities(pos, found, game), strict=True))]
    scored.sort()
    return [(move, min(rank, MAX_COST)) for rank, (_, _, move) in enumerate(scored)]


def search(game: FourteensGame, start: bytes, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `_costed` moves, each allowed one more discrepancy than the
    last; the one that refused no move searched every reachable position: then "unwinnable".
    "undecided" past ``budget`` positions generated in all, or when ``stop()`` (asked every
    1024) says so."""
    if won(game, start):
        return PlainAnswer("winnable", (), 0, 1)
    return deepening(lambda limit, left, before: _limited(game, start, limit, left, stop, before),
                     budget)


def _dominated(seen: dict[bytes, list[int]], pos: bytes, rest: int) -> bool:
    """Whether ``pos`` was searched with no more exchanges used and ``rest`` discrepancies
    left or more; else it is noted as searched now."""
    key = pos[:SWAPS]
    used = pos[SWAPS]
    best = seen.get(key)
    if best is None:
        best = seen[key] = [-1] * (MAX_SWAPS + 1)
    elif max(best[:used + 1]) >= rest:
        return True
    best[used] = rest
    return False


def _limited(game: FourteensGame, start: bytes, limit: int, budget: int,
             stop: Callable[[], bool] | None, before: int) -> tuple[PlainAnswer, bool]:
    """One depth-first search allowed ``limit`` discrepancies; whether it refused any."""
    seen: dict[bytes, list[int]] = {}
    _dominated(seen, start, limit)
    path: list[Move] = []
    stack = [(start, limit, iter(_costed(game, start)))]
    nodes = 0
    cut = False
    while stack:
        pos, left, todo = stack[-1]
        step = next(todo, None)
        if step is None:
            stack.pop()
            if path:
                path.pop()
            continue
        move, cost = step
        if cost > left:
            cut = True
            continue
        nodes += 1
        child = play(game, pos, move)
        if nodes > budget or (stop is not None and not (before + nodes) & 1023 and stop()):
            return PlainAnswer("undecided", (), nodes - 1, len(seen)), cut
        rest = left - cost
        if _dominated(seen, child, rest):
            continue
        if won(game, child):
            line = tuple(action(game, m) for m in (*path, move))
            return PlainAnswer("winnable", line, nodes, len(seen)), cut
        path.append(move)
        stack.append((child, rest, iter(_costed(game, child))))
    return PlainAnswer("unwinnable", (), nodes, len(seen)), cut
