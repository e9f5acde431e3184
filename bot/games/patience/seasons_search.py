"""The solver's fast path for The Four Seasons and Simplicity (``hook="seasons"``): foundations
whose base the first card fixes, built up in suit round from king to ace; a few tableau cells
packed down (any suit, or alternate colours), a packed run moving as a whole, a space filled
at once; the stock turned a card at a time to one talon, no redeal.

A position is the cells as ``bytes`` (one byte a card, ``suit * 13 + rank - 1``), each suit's
foundation height, how many cards of the stock are gone and the talon; the stock's order is
the deal's (perfect knowledge). What makes it sound and quick:

- `moves` offers exactly the engine's actions (the tests compare them, and the positions they
  reach, along random play-outs), including the compulsory space: while a cell is empty only
  the moves filling it count, and the stock is not turned;
- the key sorts the cells (the engine treats them alike: same policies, refills from one
  another) and leaves out the talon: it is the cards turned so far that lie nowhere else, in
  the order they were turned, so the cells, the heights and the stock's count fix it; which
  foundation pile holds which suit is left out too (the four are alike);
- the search offers a card going into a space only the first empty cell (the others reach the
  same key);
- no move is made automatically: a card going home can empty a cell, and the space must then
  be filled at once, so no move home is safe in general;
- move ordering: cards home first, then the talon's card packed, runs packed that empty or
  uncover a cell, the turn, the rest; the depth-first searches are limited in discrepancies
  from that order, one more each time (`search`), as in choose_search.py: a deal is mostly
  lost by a few wrong moves early; a position all of whose moves were searched through to
  positions proved lost is proved lost, and no later search enters it again;
- every winning line is replayed through the engine before the solver returns it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.games.patience.discrepancy import deepening
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.plain import PlainAnswer
from bot.games.patience.special.deals import Seasons

SUITS = "CSHD"
RED = (False, False, True, True)  # by suit index: clubs, spades black; hearts, diamonds red

SeasonsPos = tuple[tuple[bytes, ...], bytes, int, bytes, bytes]
"""``(cells, heights, gone, talon, fids)``: the cells in layout order, bottom -> top; each
suit's foundation height; how many cards of the stock's order have left it; the talon,
bottom -> top; each suit's foundation pile (1-based index into the foundations, 0 none yet:
the engine gives a new suit the first empty pile)."""

Move = tuple[int, int, int]
"""``(source, target, cards)``: source a cell ``i >= 0``, `TALON` or `STOCK`; target a cell
``j >= 0``, `HOME` or `TALON` (the turn); how many cards (a run, from a cell)."""

TALON = -1
STOCK = -2
HOME = -3
TURN: Move = (STOCK, TALON, 1)
MAX_COST = 2
"""The most discrepancies one move costs (the third move of a position and those after it
cost as much as the second)."""
SEP = b"\xff"


@dataclass(repr=False)
class SeasonsGame:
    """What the search knows about one deal."""

    rules: Rules
    cell_ids: list[str]  # the tableau cells, layout order
    found_ids: list[str]  # the foundation piles, layout order
    order: bytes  # the cards in the order they leave the stock: the talon's first, then the
    #               stock's next card first
    place: bytes  # card -> the height its suit's foundation takes it at
    packers: list[frozenset[int]]  # card -> the cards that may be packed onto it
    runs: dict[bytes, int] = field(default_factory=dict)  # a cell -> its run's length (`_runs`)

    @property
    def cells(self) -> int:
        return len(self.cell_ids)


def code(card: str) -> int:
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1])


def name(c: int) -> str:
    return SUITS[c // 13] + RANKS[c % 13]


def seasons_game(rules: Rules, piles: dict[str, list[str]], base: str) -> SeasonsGame | None:
    """The search's view of ``rules`` and the deal's stock, or None where it would not play
    them exactly as the engine does: another hook or layout, foundations not alike and built
    up in suit round the thirteen from the base, hidden cards."""
    from bot.games.patience.special import HOOKS

    if rules.hook != "seasons" or type(HOOKS[rules.hook]) is not Seasons or not base:
        return None
    if (rules.stock != "talon" or rules.redeals or rules.cards or rules.packs != 1
            or rules.merci or rules.tuck or not rules.run_moves or rules.buried_kings):
        return None
    cells: list[str] = []
    talons: list[str] = []
    pack = None
    for p in rules.piles:
        if p.kind == "talon" and p.id == "w" and p.pack is None and not p.refill and not p.auto:
            talons.append(p.id)
            continue
        if (p.kind != "tableau" or p.pack is None or p.refill != ("t", "w", "s") or not p.must
                or p.auto or p.kings or p.gives or p.keep or p.king_down or p.hidden_top
                or p.pack_after_empty or p.must_pack or p.takes or p.holds or p.peek):
            return None
        if p.pack.dir != "down" or p.pack.suit not in ("any", "alt") or p.pack.cap or p.pack.also:
            return None
        if pack is not None and p.pack != pack:
            return None
        pack = p.pack
        cells.append(p.id)
    if len(talons) != 1 or not cells or pack is None or len(rules.founds) != 4:
        return None
    if any(f.base or f.suit or f.build != "suit" or f.step != 1 or f.length != 13 or f.order
           or f.preplace for f in rules.founds):
        return None
    known = {"s", "w", *cells, *(f.id for f in rules.founds)}
    if set(piles) - known or any(c.startswith("~") for cards in piles.values() for c in cards):
        return None
    first = RANKS.index(base)
    for f in rules.founds:  # the foundations must be what we count
        cards = piles.get(f.id, [])
        if any(c[0] != cards[0][0] or RANKS.index(c[1]) != (first + h) % 13
               for h, c in enumerate(cards)):
            return None
    alt = pack.suit == "alt"
    place = bytes((c % 13 - first) % 13 for c in range(52))
    packers = [frozenset(x for x in range(52) if x % 13 == t % 13 - 1
                         and (not alt or RED[x // 13] != RED[t // 13])) for t in range(52)]
    order = bytes(code(c) for c in [*piles.get("w", []), *reversed(piles.get("s", []))])
    return SeasonsGame(rules, cells, [f.id for f in rules.founds], order, place, packers)


def position(game: SeasonsGame, piles: dict[str, list[str]]) -> SeasonsPos:
    heights = bytearray(4)
    fids = bytearray(4)
    for j, fid in enumerate(game.found_ids):
        cards = piles.get(fid, [])
        if cards:
            s = SUITS.index(cards[0][0])
            heights[s] = len(cards)
            fids[s] = j + 1
    talon = bytes(code(c) for c in piles.get("w", []))
    cells = tuple(bytes(code(c) for c in piles.get(i, [])) for i in game.cell_ids)
    gone = len(game.order) - len(piles.get("s", []))
    return cells, bytes(heights), gone, talon, bytes(fids)


def won(pos: SeasonsPos) -> bool:
    return sum(pos[1]) == 52


def key(pos: SeasonsPos) -> bytes:
    """The transposition key: the cells sorted, the heights by suit, the stock's count (the
    talon follows from them, see the module)."""
    cells, heights, gone, _, _ = pos
    return heights + bytes((gone,)) + SEP.join(sorted(cells))


def _runs(game: SeasonsGame, cards: bytes) -> int:
    """How many cards from the top of ``cards`` form a packed run (1 for a lone top); kept
    per cell's cards, which recur in many positions."""
    k = game.runs.get(cards)
    if k is None:
        k = 1
        packers = game.packers
        while k < len(cards) and cards[-k] in packers[cards[-k - 1]]:
            k += 1
        if len(game.runs) < 1 << 18:
            game.runs[cards] = k
    return k


def moves(game: SeasonsGame, pos: SeasonsPos, first_space: bool = False) -> list[Move]:
    """The engine's legal actions in ``pos``: while a cell is empty and some move fills it,
    those moves alone (a lone card moving from cell to cell does not count); else every
    card move and the turn. ``first_space``: of the empty cells, only the first is offered
    (the others reach the same key)."""
    cells, heights, gone, talon, _ = pos
    spaces = [j for j, cards in enumerate(cells) if not cards]
    targets = spaces[:1] if first_space else spaces
    if spaces:
        fills: list[Move] = []
        for i, cards in enumerate(cells):
            n = len(cards)
            if n > 1:
                fills += [(i, j, 1) for j in targets]
                for k in range(2, min(_runs(game, cards), n - 1) + 1):
                    fills += [(i, j, k) for j in targets]
        if talon:
            fills += [(TALON, j, 1) for j in targets]
        elif gone < len(game.order):
            fills += [(STOCK, j, 1) for j in targets]
        if fills:
            return fills
        # nothing can fill a space: the talon and the stock are out, no cell holds two cards
    place, packers = game.place, game.packers
    want: dict[int, list[int]] = {}  # a card -> the cells whose top takes it
    for j, cards in enumerate(cells):
        if cards:
            for x in packers[cards[-1]]:
                want.setdefault(x, []).append(j)
    out: list[Move] = []
    for i, cards in enumerate(cells):
        if not cards:
            continue
        card = cards[-1]
        if heights[card // 13] == place[card]:
            out.append((i, HOME, 1))
        takers = want.get(card)
        if takers:  # never its own cell: the ranks differ
            out += [(i, j, 1) for j in takers]
        if targets:  # a lone card shifted, where nothing fills
            out += [(i, j, 1) for j in targets]
        if len(cards) > 1:
            for k in range(2, _runs(game, cards) + 1):
                takers = want.get(cards[-k])
                if takers:
                    out += [(i, j, k) for j in takers]
    if talon:
        card = talon[-1]
        if heights[card // 13] == place[card]:
            out.append((TALON, HOME, 1))
        takers = want.get(card)
        if takers:
            out += [(TALON, j, 1) for j in takers]
    if gone < len(game.order):
        out.append(TURN)
    return out


def play(game: SeasonsGame, pos: SeasonsPos, move: Move) -> SeasonsPos:
    cells, heights, gone, talon, fids = pos
    src, dst, n = move
    if src == STOCK:
        run = game.order[gone:gone + 1]
        gone += 1
    elif src == TALON:
        run, talon = talon[-1:], talon[:-1]
    else:
        run = cells[src][-n:]
        cells = (*cells[:src], cells[src][:-n], *cells[src + 1:])
    if dst == TALON:
        talon += run
    elif dst == HOME:
        s = run[0] // 13
        h = bytearray(heights)
        h[s] += 1
        heights = bytes(h)
        if not fids[s]:
            f = bytearray(fids)
            f[s] = next(j for j in range(1, 5) if j not in fids)
            fids = bytes(f)
    else:
        cells = (*cells[:dst], cells[dst] + run, *cells[dst + 1:])
    return cells, heights, gone, talon, fids


def action(game: SeasonsGame, pos: SeasonsPos, move: Move) -> str:
    """The engine's action string for ``move`` in ``pos`` (a suit's foundation pile depends on
    when it was started)."""
    if move == TURN:
        return "turn"
    src, dst, n = move
    source = "s" if src == STOCK else "w" if src == TALON else game.cell_ids[src]
    if n > 1:
        source += f".{n}"
    if dst == HOME:
        cells, _, _, talon, fids = pos
        card = talon[-1] if src == TALON else cells[src][-1]
        fid = fids[card // 13] or next(j for j in range(1, 5) if j not in fids)
        return f"move:{source}>{game.found_ids[fid - 1]}"
    return f"move:{source}>{game.cell_ids[dst]}"


def ordered(game: SeasonsGame, pos: SeasonsPos) -> list[tuple[Move, int]]:
    """The search's moves (`moves`, one empty cell offered) in the order tried, each with its
    discrepancies: none for a card home or the first other move, one for the second, then
    `MAX_COST`. The order: cards home; the talon's card packed or filling a space; a card or
    run packed off a cell it empties or whose next card can then go home; a card or run into
    a space uncovering such a card; the turn; other packing and filling; the stock's card into
    a space; a lone card into a space."""
    cells, heights, _, _, _ = pos
    place = game.place
    ranked: list[tuple[int, int, Move]] = []
    for n, move in enumerate(moves(game, pos, first_space=True)):
        src, dst, k = move
        if dst == HOME:
            rank = 0
        elif src == TALON:
            rank = 1
        elif move == TURN:
            rank = 4
        elif src == STOCK:
            rank = 6
        else:
            rest = cells[src][:-k]
            if not cells[dst]:  # into a space: a lone card only shifts
                rank = 7 if not rest else 3 if heights[rest[-1] // 13] == place[rest[-1]] else 5
            elif not rest or heights[rest[-1] // 13] == place[rest[-1]]:
                rank = 2
            else:
                rank = 5
        ranked.append((rank, n, move))
    ranked.sort()
    out: list[tuple[Move, int]] = []
    cost = 0
    for rank, _, move in ranked:
        out.append((move, 0 if rank == 0 else min(cost, MAX_COST)))
        if rank:
            cost += 1
    return out


def search(game: SeasonsGame, start: SeasonsPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`; the positions a search proved lost (`lost`)
    are never searched again by the later ones. "unwinnable" once the start is proved lost,
    or after a search that refused no move for its discrepancies (it searched every reachable
    position). "undecided" past ``budget`` positions generated in all, or when ``stop()``
    (asked every 1024) says so. (A last search without a limit, to prove lost deals, proved
    none of The Four Seasons' first twelve deals within 1.5M positions: the budget goes to
    finding wins.)"""
    if won(start):
        return PlainAnswer("winnable", (), 0, 1)
    lost: set[bytes] = set()
    return deepening(
        lambda limit, left, before: _limited(game, start, limit, left, stop, before, lost),
        budget, lambda: key(start) in lost)


def _limited(game: SeasonsGame, start: SeasonsPos, limit: int, budget: int,
             stop: Callable[[], bool] | None, before: int, lost: set[bytes]
             ) -> tuple[PlainAnswer, bool]:
    """One depth-first search allowed ``limit`` discrepancies; whether it refused any. A
    position whose every move it tried (none refused) led to a position proved lost, or to
    one it then proved lost, is proved lost and added to ``lost``: a move that led back to a
    position still being searched, or to one searched with discrepancies refused, proves
    nothing. A position proved lost has no win (by induction on the order they were proved:
    each one's moves all reach positions proved before it), so every search skips it."""
    root = key(start)
    seen = {root: limit}
    path: list[tuple[SeasonsPos, Move]] = []
    # per position searched: the position, its key, discrepancies left, the moves to try,
    # whether every move so far led to a position proved lost
    stack: list[list[object]] = [[start, root, limit, iter(ordered(game, start)), True]]
    nodes = 0
    cut = False
    while stack:
        frame = stack[-1]
        pos: SeasonsPos = frame[0]  # type: ignore[assignment]
        left: int = frame[2]  # type: ignore[assignment]
        step = next(frame[3], None)  # type: ignore[call-overload]
        if step is None:
            stack.pop()
            if path:
                path.pop()
            if frame[4]:
                lost.add(frame[1])  # type: ignore[arg-type]
            elif stack:
                stack[-1][4] = False
            continue
        move, cost = step
        if cost > left:
            cut = True
            frame[4] = False
            continue
        nodes += 1
        if nodes > budget or (stop is not None and not (before + nodes) & 1023 and stop()):
            return PlainAnswer("undecided", (), nodes - 1, len(seen)), cut
        child = play(game, pos, move)
        k = key(child)
        if k in lost:
            continue
        rest = left - cost
        if seen.get(k, -1) >= rest:
            frame[4] = False
            continue
        seen[k] = rest
        if won(child):
            line = tuple(action(game, p, m) for p, m in (*path, (pos, move)))
            return PlainAnswer("winnable", line, nodes, len(seen)), cut
        path.append((pos, move))
        stack.append([child, k, rest, iter(ordered(game, child)), True])
    return PlainAnswer("unwinnable", (), nodes, len(lost | seen.keys())), cut
