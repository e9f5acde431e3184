"""The solver's fast path for The Constitution: four rows of eight piles (People, House, Senate,
Cabinet), a card climbing one row at a time (packed down in alternate colours on a top of the
row above, or filling a space there), only Cabinet cards going home (eight foundations up in
suit from the aces to the knaves), People spaces filled from the talon top, or the stock when
the talon is empty; the stock turned a card at a time; no redeal.

The stock's order is known (perfect knowledge) and never changes, so a position is how many of
its cards have left it, the talon, each foundation's height and the 32 piles as ``bytes`` (one
byte a card: suit and rank). What makes it sound and quick:

- `moves` offers exactly the engine's actions in its order, the rule of spaces included (a
  space must be filled at once, but only by a card that leaves no space behind: the talon, the
  stock, a pile of two or more; where no such card can, every move stays open, and the turn
  too unless every card move fills a space), and `play` makes exactly its changes (the tests
  compare both along random play-outs);
- the key sorts the piles of each row (the piles of a row are alike: nothing ties a pile to
  a pile of another row, so permuting a row maps lines onto lines) and each suit's two
  foundation heights (alike too); of several moves of one card into empty piles of one row
  only the first is tried (the positions have one key);
- no move only ever sends a card down a row or out of the layout but home, and the stock only
  shrinks, so the position graph has no cycles;
- move ordering: cards home, then the other card moves by how near home their card is (the
  upper row first on ties), the turn last; the depth-first searches are limited in
  discrepancies from that order, one more each time (discrepancy.py): the i-th move of a
  position costs ``min(i, MAX_COST)``. A search that refused none searched every reachable
  position: then "unwinnable".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from bot.games.patience.discrepancy import ordered_search
from bot.games.patience.engine import RANKS, Rules, prefix
from bot.games.patience.plain import PlainAnswer

SUITS = "CSHD"
ROWS = "phek"
"""The rows' id prefixes, bottom (People) to top (Cabinet): a card climbs from one to the
next."""

ConstPos = tuple[int, bytes, bytes, tuple[bytes, ...]]
"""``(drawn, talon, heights, piles)``: the stock's cards gone from it (turned or filled), the
talon bottom -> top, each foundation's card count, the 32 piles row by row (People first),
bottom -> top."""

Move = tuple[int, int]
"""``(source, target)``: source pile ``i`` (0..31), `TALON` or `STOCK`; target pile ``j >= 0``
or foundation ``-1 - f``. ``TURN`` turns the stock."""

BURY = 20
TALON = 32
STOCK = 33
TURN: Move = (-1, 0)
MAX_COST = 2
"""The most discrepancies one move costs (the third move of a position and those after it
cost as much as the second)."""


@dataclass(repr=False)
class ConstGame:
    """What the search knows about one deal."""

    pile_ids: list[str]  # 32 piles, row by row
    found_ids: list[str]
    talon_id: str
    stock: bytes  # the stock, its next card first (fixed by the seed)
    suits: bytes  # foundation -> its suit (0..3)
    length: int  # cards a foundation holds when full
    full: int  # cards the foundations hold when the game is won


def code(card: str) -> int:
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1]) + 1


def _rank(c: int) -> int:
    return (c - 1) % 13 + 1


def _red(c: int) -> bool:
    return (c - 1) // 13 >= 2


FITS = [tuple(c for c in range(1, 53) if _rank(c) + 1 == _rank(t) and _red(c) != _red(t))
        if t else () for t in range(53)]
"""A card code -> the codes of the cards that may be packed on it (one lower, the other
colour)."""


def constitution_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                      flags: dict[str, int]) -> ConstGame | None:
    """The search's view of the deal, or None where the rules are not The Constitution's
    shape: the four rows of eight as the catalogue has them, a talon, foundations up in suit
    from preplaced aces; no hidden cards."""
    if rules.stock != "talon" or rules.redeals or rules.hook or rules.cards or flags or redeals:
        return None
    if rules.merci or rules.tuck or rules.run_moves or rules.buried_kings:
        return None
    rows: dict[str, list[str]] = {r: [] for r in ROWS}
    talon = ""
    for p in rules.piles:
        if p.kind == "decor":
            continue
        if p.kind == "talon":
            if talon or p.gives != ("tableau",) or p.pack or p.refill or p.auto or p.keep:
                return None
            talon = p.id
            continue
        row = prefix(p.id)
        if p.kind != "tableau" or row not in rows or not p.must or p.auto or p.kings \
                or p.keep or p.king_down or p.hidden_top or p.pack_after_empty \
                or p.must_pack or p.holds:
            return None
        i = ROWS.index(row)
        below = ROWS[i - 1] if i else ""
        if i == 0:
            if p.pack is not None or p.refill != ("w", "s") or p.gives != ("tableau",):
                return None
        elif (p.pack is None or p.pack.dir != "down" or p.pack.suit != "alt" or p.pack.cap
              or p.pack.also or p.takes != below or p.refill != (f"={below}",)
              or p.gives != (("foundation",) if row == "k" else ("tableau",))):
            return None
        rows[row].append(p.id)
    pile_ids = [pid for r in ROWS for pid in rows[r]]
    if talon != "w" or any(len(ids) != 8 for ids in rows.values()) or [
            p.id for p in rules.piles if p.kind == "tableau"] != pile_ids:
        return None  # the engine's order of sources is the rows' order
    founds = rules.founds
    if len(founds) != 8 or any(
            f.base != "A" or f.suit not in SUITS or not f.suit or f.build != "suit"
            or f.step != 1 or f.order or not 1 < f.length <= 13 or f.length != founds[0].length
            for f in founds):
        return None
    known = {"s", talon, *pile_ids, *(f.id for f in founds),
             *(p.id for p in rules.piles if p.kind == "decor")}
    if set(piles) - known or any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    for f in founds:  # the foundations must be what we count: a run up from the ace
        home = piles.get(f.id, [])
        if not home or home != [f.suit + RANKS[k] for k in range(len(home))]:
            return None
    stock = bytes(code(c) for c in reversed(piles.get("s", [])))
    return ConstGame(pile_ids, [f.id for f in founds], talon, stock,
                     bytes(SUITS.index(f.suit) for f in founds), founds[0].length,
                     8 * founds[0].length)


def position(game: ConstGame, piles: dict[str, list[str]]) -> ConstPos:
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    talon = bytes(code(c) for c in piles.get(game.talon_id, ()))
    return (0, talon, heights,
            tuple(bytes(code(c) for c in piles.get(p, ())) for p in game.pile_ids))


def won(game: ConstGame, pos: ConstPos) -> bool:
    return sum(pos[2]) == game.full


def key(game: ConstGame, pos: ConstPos) -> bytes:
    """The transposition key: each row's piles sorted, each suit's two heights in either
    order (see the module)."""
    drawn, talon, heights, piles = pos
    suited = bytes(h for _, h in sorted((game.suits[j], heights[j]) for j in range(8)))
    rows = [b"\0".join(sorted(piles[8 * r:8 * r + 8])) for r in range(4)]
    return bytes((drawn, len(talon))) + talon + suited + b"\xff".join(rows)


def moves(game: ConstGame, pos: ConstPos) -> list[Move]:
    """The engine's actions in ``pos``, in its order (`engine.card_moves`, then
    `game._legal`): by source (the stock first where it fills a People space blind, then the
    piles row by row, then the talon), each to the foundations, onto the row above's tops,
    into the row above's spaces; a space's rule filters them; the turn last."""
    drawn, talon, heights, piles = pos
    stock_left = drawn < len(game.stock)
    spaces = [j for j in range(32) if not piles[j]]
    out: list[Move] = []
    if stock_left and not talon and any(j < 8 for j in spaces):
        out += [(STOCK, j) for j in spaces if j < 8]
    length = game.length
    want: list[dict[int, list[int]]] = [{}, {}, {}, {}]  # row -> card -> the tops it fits
    for j in range(8, 32):
        top = piles[j]
        if top:
            wanted = want[j >> 3]
            for c in FITS[top[-1]]:
                wanted.setdefault(c, []).append(j)
    for i in range(32):
        cards = piles[i]
        if not cards:
            continue
        card = cards[-1]
        if i >= 24:
            rank = (card - 1) % 13 + 1
            suit = (card - 1) // 13
            out += [(i, -1 - f) for f in range(8)
                    if game.suits[f] == suit and heights[f] + 1 == rank and heights[f] < length]
            continue
        above = (i >> 3) + 1
        out += [(i, j) for j in want[above].get(card, ())]
        if spaces:
            out += [(i, j) for j in spaces if above == j >> 3]
    if talon:
        out += [(TALON, j) for j in spaces if j < 8]
    if spaces:
        fills = [m for m in out if m[1] >= 0 and not piles[m[1]]
                 and (m[0] >= TALON or len(piles[m[0]]) > 1)]
        if fills:
            return fills
        if out and all(m[1] >= 0 and not piles[m[1]] for m in out):
            return out
    if stock_left:
        out.append(TURN)
    return out


def play(game: ConstGame, pos: ConstPos, move: Move) -> ConstPos:
    drawn, talon, heights, piles = pos
    if move == TURN:
        return drawn + 1, talon + game.stock[drawn:drawn + 1], heights, piles
    src, dst = move
    if src == STOCK:
        card = game.stock[drawn]
        drawn += 1
    elif src == TALON:
        card = talon[-1]
        talon = talon[:-1]
    else:
        card = piles[src][-1]
    out = list(piles)
    if src < TALON:
        out[src] = piles[src][:-1]
    if dst < 0:
        h = bytearray(heights)
        h[-1 - dst] += 1
        heights = bytes(h)
    else:
        out[dst] = piles[dst] + bytes((card,))
    return drawn, talon, heights, tuple(out)


def action(game: ConstGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == TURN:
        return "turn"
    src, dst = move
    source = "s" if src == STOCK else game.talon_id if src == TALON else game.pile_ids[src]
    target = game.found_ids[-1 - dst] if dst < 0 else game.pile_ids[dst]
    return f"move:{source}>{target}"


def _distance(game: ConstGame, heights: bytes, card: int) -> int:
    """How many cards its suit's foundations need before ``card`` can go home (0: now)."""
    suit = (card - 1) // 13
    best = max(heights[f] for f in range(8) if game.suits[f] == suit)
    return _rank(card) - 1 - best


def ordered(game: ConstGame, pos: ConstPos) -> list[Move]:
    """`moves` in the order the search tries them (see the module), one of several moves of a
    card into empty piles of one row."""
    _, talon, heights, piles = pos
    out: list[tuple[tuple[int, int], Move]] = []
    filled: set[tuple[int, int]] = set()
    drawn = pos[0]
    for m in moves(game, pos):
        if m == TURN:
            out.append(((99, 0), m))
            continue
        src, dst = m
        if dst < 0:
            out.append(((-1, 0), m))
            continue
        if not piles[dst]:
            if (src, dst >> 3) in filled:
                continue
            filled.add((src, dst >> 3))
        card = (game.stock[drawn] if src == STOCK else talon[-1] if src == TALON
                else piles[src][-1])
        near = _distance(game, heights, card)
        under = piles[dst]
        if under and _distance(game, heights, under[-1]) < near:
            near += BURY  # it covers a card wanted sooner
        out.append(((near, -(dst >> 3)), m))
    out.sort(key=lambda x: x[0])
    return [m for _, m in out]


def search(game: ConstGame, start: ConstPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`. The search that refused no move searched
    every reachable position: then "unwinnable". "undecided" past ``budget`` positions
    generated in all, or when ``stop()`` (asked every 1024) says so."""
    return ordered_search(start, budget, stop, ordered=partial(ordered, game),
                          play=partial(play, game), key=partial(key, game),
                          won=partial(won, game), action=partial(action, game),
                          max_cost=MAX_COST)
