"""The solver's fast path for The Besieged City: four foundations, one a suit, built A K 2 Q 3 J
4 10 5 9 6 8 7 and back again (26 cards, both copies of every card of the suit), twelve Reserve
cells in four rows of three, fourteen Ramparts round them packing in suit on a card one higher
or lower or next in the foundations' order, each Rampart ending one row or column of cells
(a cell's card goes only to the Ramparts ending its row or column, a Rampart gap is filled at
once from its line); the stock turned to a talon whose top goes only into an empty cell (or
home when just turned), the stock itself into an empty cell once the talon is out; at the end,
stuck cells change places (`moves`, `Besieged` in special/unique.py); no redeal.

The stock's order is known (perfect knowledge) and never changes, so a position is how many of
its cards are turned, the talon, whether its top was just turned, each suit's height, the
cells as ``bytes`` (0 a gap) and the Ramparts as ``bytes`` (one byte a card). `moves` offers
exactly the engine's moves in its order and `play` makes them (the tests compare both along
random play-outs). It forces and prunes nothing: a card home may still be wanted to pack on,
and an empty Rampart forces fills that a covered one would not, so no move home is provably
safe here. The depth-first searches are limited in discrepancies from an order (`ordered`),
one more each time; the search that refused none searched every reachable position: then
"unwinnable". The order reads each card's distance from home (how many cards its suit's
foundation takes first): a card packed on one nearer home blocks it. Cards home first (those
that show a card far from home after the talon's top into a cell), forced fills by how near
home their card is, cells packed in order, Rampart cards moved that show a card nearer home
than they are or empty their Rampart (not blocking first), the turn, then the moves that
block, the swaps last.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from bot.games.patience.discrepancy import ordered_search
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.plain import PlainAnswer

SUITS = "CSHD"
SIEGE = "AK2Q3J4T59687"
ORDER = SIEGE + SIEGE[::-1]
CELLS = 12
RAMPARTS = 14
TALON = 26
"""Sources in a `Move`: cells 0..11, Ramparts ``CELLS + k``, the talon, the stock."""
STOCK = 27
HOME = 30
"""Targets: cells 0..11, Ramparts ``CELLS + k``, foundation ``HOME + suit``."""
SWAP = 40
"""``(SWAP + a, b)``: cells ``a`` and ``b`` change places."""
TURN = (-1, 0)
MAX_COST = 2
"""The most discrepancies one move costs (as in blockade_search.py)."""
FAR = 99

BesiegedPos = tuple[int, bytes, bool, bytes, bytes, tuple[bytes, ...]]
"""``(turned, talon, fresh, heights, cells, ramparts)``: the stock's cards turned or dealt into
cells so far, the talon bottom -> top, whether its top was just turned, each suit's
foundation height (the ace counts), the twelve cells (0: a gap), the Ramparts bottom -> top."""

Move = tuple[int, int]


def code(card: str) -> int:
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1]) + 1


def _lines() -> tuple[list[frozenset[int]], list[tuple[int, ...]]]:
    """Rampart -> its cells, cell -> its Ramparts (in order), as `BESIEGED_LINES`: t1-t3 above
    the columns, t4-t7 right of the rows, t8-t10 below the columns, t11-t14 left of the rows."""
    line: list[frozenset[int]] = []
    line += [frozenset(r * 3 + c for r in range(4)) for c in range(3)]
    line += [frozenset(r * 3 + c for c in range(3)) for r in range(4)]
    line += [frozenset(r * 3 + c for r in range(4)) for c in range(3)]
    line += [frozenset(r * 3 + c for c in range(3)) for r in range(4)]
    ramps = [tuple(k for k in range(RAMPARTS) if c in line[k]) for c in range(CELLS)]
    return line, ramps


LINE, REACH = _lines()


def _fit_table() -> list[frozenset[int]]:
    """Card -> the cards it may be packed on (in suit, one higher or lower, or next to it in
    the foundations' order)."""
    out: list[frozenset[int]] = [frozenset()]
    for a in range(1, 53):
        s, r = divmod(a - 1, 13)
        i = SIEGE.index(RANKS[r])
        near = {RANKS.index(SIEGE[j]) for j in (i - 1, i + 1) if 0 <= j < 13}
        near |= {x for x in (r - 1, r + 1) if 0 <= x < 13}
        out.append(frozenset(s * 13 + x + 1 for x in near))
    return out


FITS = _fit_table()
PLACES = [(SIEGE.index(r), 25 - SIEGE.index(r)) for r in RANKS]
"""Rank -> the two places its cards take in a foundation's run."""


@dataclass(repr=False)
class BesiegedGame:
    """What the search knows about one deal."""

    cell_ids: list[str]
    rampart_ids: list[str]
    found_ids: list[str]
    stock: bytes  # the stock, its next card first (fixed by the seed)
    need: list[bytes]  # suit -> height -> the card its foundation takes next (0: full)
    full: int


def besieged_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                  flags: dict[str, int]) -> BesiegedGame | None:
    """The search's view of the deal, or None where the rules are not The Besieged City's or
    the position is not one it represents (foundations not runs of the order, a cell of more
    than one card, hidden cards, flags other than ``fresh``)."""
    if rules.hook != "besieged" or rules.stock != "talon" or rules.redeals or redeals:
        return None
    cells = [p.id for p in rules.piles if p.kind == "cell"]
    ramps = [p.id for p in rules.piles if p.kind == "tableau"]
    talons = [p.id for p in rules.piles if p.kind == "talon"]
    if (cells != [f"c{i + 1}" for i in range(CELLS)] or talons != ["w"]
            or ramps != [f"t{k + 1}" for k in range(RAMPARTS)]
            or len(rules.piles) != CELLS + RAMPARTS + 1 or set(flags) - {"fresh"}):
        return None
    founds = rules.founds
    if [f.suit for f in founds] != list(SUITS) or any(
            f.order != ORDER or f.length != 26 or f.build != "suit" for f in founds):
        return None
    if set(piles) - {"s", "w", *cells, *ramps, *(f.id for f in founds)}:
        return None
    if any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    if any(len(piles.get(c, ())) > 1 for c in cells):
        return None
    for f in founds:
        home = piles.get(f.id, [])
        if home != [f.suit + ORDER[k] for k in range(len(home))]:
            return None
    need = [bytes(code(s + ORDER[h]) for h in range(26)) + b"\0" for s in SUITS]
    stock = bytes(code(c) for c in reversed(piles.get("s", [])))
    return BesiegedGame(cells, ramps, [f.id for f in founds], stock, need, 104)


def position(game: BesiegedGame, piles: dict[str, list[str]], flags: dict[str, int]
             ) -> BesiegedPos:
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    cells = bytes(code(piles[c][0]) if piles.get(c) else 0 for c in game.cell_ids)
    ramps = tuple(bytes(code(c) for c in piles.get(t, ())) for t in game.rampart_ids)
    talon = bytes(code(c) for c in piles.get("w", ()))
    return 0, talon, bool(flags.get("fresh")), heights, cells, ramps


def won(game: BesiegedGame, pos: BesiegedPos) -> bool:
    return sum(pos[3]) == game.full


def key(game: BesiegedGame, pos: BesiegedPos) -> bytes:
    turned, talon, fresh, heights, cells, ramps = pos
    return (bytes((turned, fresh)) + heights + cells + b"\0".join(ramps) + b"\xff" + talon)


def _reaches(ramps: tuple[bytes, ...], cell: int, card: int) -> bool:
    """May ``card``, lying in ``cell``, go to a Rampart ending its row or column?"""
    for k in REACH[cell]:
        r = ramps[k]
        if not r or r[-1] in FITS[card]:
            return True
    return False


def moves(game: BesiegedGame, pos: BesiegedPos) -> list[Move]:
    """The engine's moves in ``pos``, in its order: a Rampart gap's fills alone where there
    are any; else by source (the stock into a cell while the talon is out, the cells, the
    Ramparts, the talon), each home, then packed, then into gaps; the turn; the swaps."""
    turned, talon, fresh, heights, cells, ramps = pos
    gaps = [k for k in range(RAMPARTS) if not ramps[k]]
    if gaps:
        fills = [(c, CELLS + k) for c in range(CELLS) if cells[c]
                 for k in gaps if c in LINE[k]]
        if fills:
            return fills
    out: list[Move] = []
    more = turned < len(game.stock)
    empty = [c for c in range(CELLS) if not cells[c]]
    if not talon and more and empty:
        out += [(STOCK, c) for c in empty]
    tops = [r[-1] if r else 0 for r in ramps]  # 0 fits nothing
    for c in range(CELLS):
        card = cells[c]
        if card:
            fits = FITS[card]
            out += [(c, CELLS + k) for k in REACH[c] if tops[k] in fits]
    need = game.need
    for k in range(RAMPARTS):
        card = tops[k]
        if not card:
            continue
        suit = (card - 1) // 13
        if need[suit][heights[suit]] == card:
            out.append((CELLS + k, HOME + suit))
        fits = FITS[card]
        out += [(CELLS + k, CELLS + m) for m in range(RAMPARTS) if m != k and tops[m] in fits]
    if talon:
        card = talon[-1]
        suit = (card - 1) // 13
        if fresh and need[suit][heights[suit]] == card:
            out.append((TALON, HOME + suit))
        out += [(TALON, c) for c in empty]
    if more:
        out.append(TURN)
    elif not talon:
        stuck = [a for a in range(CELLS) if cells[a] and not _reaches(ramps, a, cells[a])]
        if stuck:
            near = [{tops[k] for k in REACH[b]} for b in range(CELLS)]  # 0: a gap

            def reaches(cell: int, card: int) -> bool:
                return 0 in near[cell] or not FITS[card].isdisjoint(near[cell])

            for a in stuck:
                for b in range(CELLS):
                    if b == a or (cells[b] and b not in stuck):
                        continue
                    if reaches(b, cells[a]) or (cells[b] and reaches(a, cells[b])):
                        out.append((SWAP + a, b))
    return out


def play(game: BesiegedGame, pos: BesiegedPos, move: Move) -> BesiegedPos:
    turned, talon, _, heights, cells, ramps = pos
    if move == TURN:
        return turned + 1, talon + game.stock[turned:turned + 1], True, heights, cells, ramps
    src, dst = move
    if src >= SWAP:
        a = src - SWAP
        cs = bytearray(cells)
        cs[a], cs[dst] = cs[dst], cs[a]
        return turned, talon, False, heights, bytes(cs), ramps
    rs = ramps
    if src == STOCK:
        card = game.stock[turned]
        turned += 1
    elif src == TALON:
        card, talon = talon[-1], talon[:-1]
    elif src < CELLS:
        card = cells[src]
        cs = bytearray(cells)
        cs[src] = 0
        cells = bytes(cs)
    else:
        rl = list(ramps)
        card = rl[src - CELLS][-1]
        rl[src - CELLS] = rl[src - CELLS][:-1]
        rs = tuple(rl)
    if dst >= HOME:
        h = bytearray(heights)
        h[dst - HOME] += 1
        heights = bytes(h)
    elif dst >= CELLS:
        rl = list(rs)
        rl[dst - CELLS] = rl[dst - CELLS] + bytes((card,))
        rs = tuple(rl)
    else:
        cs = bytearray(cells)
        cs[dst] = card
        cells = bytes(cs)
    return turned, talon, False, heights, cells, rs


def action(game: BesiegedGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == TURN:
        return "turn"
    src, dst = move
    if src >= SWAP:
        return f"swap:{game.cell_ids[src - SWAP]},{game.cell_ids[dst]}"
    source = ("s" if src == STOCK else "w" if src == TALON else game.cell_ids[src]
              if src < CELLS else game.rampart_ids[src - CELLS])
    target = (game.found_ids[dst - HOME] if dst >= HOME else game.rampart_ids[dst - CELLS]
              if dst >= CELLS else game.cell_ids[dst])
    return f"move:{source}>{target}"


def distance(heights: bytes, card: int) -> int:
    """How many cards its suit's foundation needs before ``card`` can go home (0: now)."""
    if not card:
        return FAR
    suit, rank = divmod(card - 1, 13)
    h = heights[suit]
    first, second = PLACES[rank]
    if h <= first:
        return first - h
    if h <= second:
        return second - h
    return FAR


def ordered(game: BesiegedGame, pos: BesiegedPos) -> list[Move]:
    """`moves` in the order the search tries them (see the module): a card lying on one its
    suit needs home later is in order, on one needed sooner it blocks it."""
    heights, cells, ramps = pos[3:]
    ranked: list[tuple[int, int, Move]] = []
    for i, m in enumerate(moves(game, pos)):
        if m == TURN:
            ranked.append((60, i, m))
            continue
        src, dst = m
        if src >= SWAP:
            rank = 80
        elif dst >= HOME:
            below = ramps[src - CELLS][-2:-1] if src < TALON else b""
            rank = min(distance(heights, below[0]), 9) if below else 0
        elif src < CELLS:  # a fill or a cell packed: it frees the cell, covers the Rampart
            r = ramps[dst - CELLS]
            near = distance(heights, cells[src])
            if not r:
                rank = 10 + min(near, 9)
            elif near < distance(heights, r[-1]):
                rank = 20 + min(near, 9)
            else:  # it blocks the top: after the turn (covering far tops first did worse)
                rank = 72
        elif src < TALON:  # a Rampart's card moved: what it shows, what it blocks
            r = ramps[src - CELLS]
            card = r[-1]
            near = distance(heights, card)
            shown = distance(heights, r[-2]) if len(r) > 1 else -1
            blocked = near > distance(heights, ramps[dst - CELLS][-1])
            freed = len(r) > 1 and near > shown
            if freed and not blocked:
                rank = 30 + min(shown, 9)
            elif shown < 0 and not blocked:
                rank = 40
            elif freed or shown < 0:
                rank = 50 + min(shown, 9)
            else:
                rank = 70 + blocked
        elif src == TALON:
            rank = 5
        else:  # the stock into a cell
            rank = 6
        ranked.append((rank, i, m))
    ranked.sort()
    return [m for _, _, m in ranked]


def search(game: BesiegedGame, start: BesiegedPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """As blockade_search.search: limited-discrepancy depth-first searches, every position
    kept once by its `key`."""
    return ordered_search(start, budget, stop, ordered=partial(ordered, game),
                          play=partial(play, game), key=partial(key, game),
                          won=partial(won, game), action=partial(action, game),
                          max_cost=MAX_COST)
