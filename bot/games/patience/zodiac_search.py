"""The solver's fast path for The Zodiac: twenty-four Zodiac packets that take cards in suit,
one up or down, from the eight Equator cells and the talon; the cells filled from the talon or
blindly from the stock; the talon gone through again as often as a pass placed a card. Only
when stock and talon are out are the foundations built, one ace up and one king down a suit,
from the packet tops and the cells.

The stock and talon keep the deal's order round and round (a redeal turns the talon over), so
they are one fixed cycle of cards, a bit mask of those still in it and a pointer: the cards
before it are the talon, the rest the stock. `moves` offers exactly the engine's moves (the
hook's: no foundation move before stock and talon are out, only foundation moves after) and
`play` plays them; the tests compare both along random play-outs.

The game comes apart by suits. Every packet holds one suit (all packing is in suit) and each
suit has its own two foundations, so the building is won when each suit's is; a suit's is
decided alone (`suit_line`: a depth-first search over its foundations' and packets' heights, a
card home taken alone where it provably loses nothing). The suits share only the eight cells,
which hold the cards no packet took when the absorbing ends. And the absorbing can lay any
layout out: with the talon gone through as often as a pass places a card, every card a packet
wants next comes round on a later pass, so each pass places one. Hence:

- `plan`: for each suit, the layout of its packets (`plan_suit`: cards laid one by one, each
  layout once, a layout that does not build home not searched on) with the fewest cards left
  free, until the four suits' free cards fit the eight cells; when every suit's search ran
  through and they do not fit, the deal is lost (any win ends the absorbing in such a layout);
- `planned_line`: the layout dealt out (each card onto its packet when it is next there, a free
  one into a cell) and built home; its moves are checked against `moves` as they are made;
- should that fail (a position met mid-pass, where a pass that placed nothing cannot be
  redealt), depth-first searches limited in discrepancies over the moves, as in the other stock
  games (`discrepancy.ordered_search`), the packets and cells sorted in the key (alike piles),
  of empty cells only the first offered, a packing that leaves its suit `dead` (not building
  home even with every other card of it free) not searched on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.games.patience.discrepancy import ordered_search
from bot.games.patience.engine import RANKS, Rules, face
from bot.games.patience.plain import PlainAnswer

SUITS = "CSHD"
ZODIAC, CELLS = 24, 8
CELL0, TALON, STOCK, FOUND0 = 24, 32, 33, 40
"""Move sources and targets: packets 0-23, cells 24-31, the talon, the stock, foundations
40-47 (the four aces' then the four kings', suits in ``SUITS`` order)."""

ZodiacPos = tuple[tuple[bytes, ...], bytes, int, int, int, int, bytes]
"""``(packets, cells, left, at, redeals, placed, heights)``: the packets (first dealt ->
top), the cells (0 an empty one), the cycle's cards still in stock or talon (a bit mask), the
cycle index where the stock starts, redeals made, whether this pass placed a card, each
foundation's card count."""

Move = tuple[int, int]
TURN: Move = (-1, 0)
REDEAL: Move = (-2, 0)
MAX_COST = 2
NEVER = 99
"""`plan_suit`'s count of free cards for a suit that cannot be built home at all."""


@dataclass(repr=False)
class ZodiacGame:
    """What the search knows about one deal."""

    packet_ids: list[str]
    cell_ids: list[str]
    found_ids: list[str]
    cycle: bytes  # talon bottom -> top, then the stock next card first
    cache: dict[object, bool] = field(default_factory=dict)  # `suit_ok` answers


def code(card: str) -> int:
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1]) + 1


def card_of(c: int) -> str:
    return SUITS[(c - 1) // 13] + RANKS[(c - 1) % 13]


def zodiac_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                flags: dict[str, int]) -> ZodiacGame | None:
    """The search's view of the deal, or None where the rules are not The Zodiac's or the
    position is not one it can hold (a packet of two suits, foundations out of order)."""
    if rules.hook != "zodiac" or set(flags) - {"placed"} or rules.stock != "talon":
        return None
    packet_ids = [p.id for p in rules.piles if p.kind == "tableau"]
    cell_ids = [p.id for p in rules.piles if p.kind == "cell"]
    if len(packet_ids) != ZODIAC or len(cell_ids) != CELLS or [
            p.id for p in rules.piles if p.kind == "talon"] != ["w"]:
        return None
    founds = rules.founds
    want = [("A", s, 1) for s in SUITS] + [("K", s, -1) for s in SUITS]
    if [(f.base, f.suit, f.step) for f in founds] != want or any(
            f.build != "suit" or f.length != 13 or f.order for f in founds):
        return None
    if any(c.startswith("~") for k, cards in piles.items() if k != "s" for c in cards):
        return None
    for i, f in enumerate(founds):
        home = piles.get(f.id, [])
        ranks = RANKS if i < 4 else RANKS[::-1]
        if home != [f.suit + r for r in ranks[:len(home)]]:
            return None
    for pid in packet_ids:
        cards = piles.get(pid, [])
        if len({c[0] for c in cards}) > 1:
            return None
    cycle = bytes(code(face(c)) for c in [*piles.get("w", []), *reversed(piles.get("s", []))])
    return ZodiacGame(packet_ids, cell_ids, [f.id for f in founds], cycle)


def position(game: ZodiacGame, piles: dict[str, list[str]], redeals: int,
             flags: dict[str, int]) -> ZodiacPos:
    packets = tuple(bytes(code(c) for c in piles.get(p, ())) for p in game.packet_ids)
    cells = bytes(code(piles[c][-1]) if piles.get(c) else 0 for c in game.cell_ids)
    talon = len(piles.get("w", ()))
    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    return (packets, cells, (1 << len(game.cycle)) - 1, talon, redeals,
            int(bool(flags.get("placed"))), heights)


def piles_of(game: ZodiacGame, pos: ZodiacPos) -> dict[str, list[str]]:
    """The engine's piles for ``pos`` (the tests compare them)."""
    packets, cells, left, at, _, _, heights = pos
    out = {p: [card_of(c) for c in cards] for p, cards in zip(game.packet_ids, packets,
                                                              strict=True)}
    out |= {c: [card_of(x)] if x else [] for c, x in zip(game.cell_ids, cells, strict=True)}
    for j, f in enumerate(game.found_ids):
        ranks = RANKS if j < 4 else RANKS[::-1]
        out[f] = [SUITS[j % 4] + r for r in ranks[:heights[j]]]
    kept = [i for i in range(len(game.cycle)) if left >> i & 1]
    out["w"] = [card_of(game.cycle[i]) for i in kept if i < at]
    out["s"] = [card_of(game.cycle[i]) for i in reversed(kept) if i >= at]
    return out


def _talon(left: int, at: int) -> int:
    """The cycle index of the talon's top card, or -1."""
    return (left & ((1 << at) - 1)).bit_length() - 1


def _stock(left: int, at: int) -> int:
    """The cycle index of the stock's next card, or -1."""
    rest = left >> at
    return (rest & -rest).bit_length() - 1 + at if rest else -1


def _fits(card: int, top: int) -> bool:
    return bool(top) and (card - 1) // 13 == (top - 1) // 13 and abs(card - top) == 1


def moves(game: ZodiacGame, pos: ZodiacPos) -> list[Move]:
    """The engine's moves in ``pos``, in its order (see the module)."""
    packets, cells, left, at, redeals, placed, heights = pos
    stock = _stock(left, at)
    talon = _talon(left, at)
    out: list[Move] = []
    if stock < 0 and talon < 0:  # building: packet tops then cells, to the foundations
        for src, card in [*((i, p[-1]) for i, p in enumerate(packets) if p),
                          *((CELL0 + i, c) for i, c in enumerate(cells) if c)]:
            s, r = divmod(card - 1, 13)
            if heights[s] == r:
                out.append((src, FOUND0 + s))
            if 12 - heights[4 + s] == r:
                out.append((src, FOUND0 + 4 + s))
        return out
    tops = [p[-1] if p else 0 for p in packets]
    empty = [CELL0 + i for i, c in enumerate(cells) if not c]
    if stock >= 0:
        out += [(STOCK, e) for e in empty]
    for i, c in enumerate(cells):
        if c:
            out += [(CELL0 + i, j) for j, t in enumerate(tops) if _fits(c, t)]
    if talon >= 0:
        card = game.cycle[talon]
        out += [(TALON, j) for j, t in enumerate(tops) if _fits(card, t)]
        out += [(TALON, e) for e in empty]
    if stock >= 0:
        out.append(TURN)
    elif placed or not redeals:
        out.append(REDEAL)
    return out


def play(game: ZodiacGame, pos: ZodiacPos, move: Move) -> ZodiacPos:
    packets, cells, left, at, redeals, placed, heights = pos
    if move == TURN:
        return packets, cells, left, _stock(left, at) + 1, redeals, placed, heights
    if move == REDEAL:
        return packets, cells, left, 0, redeals + 1, 0, heights
    src, dst = move
    if src in (STOCK, TALON):
        i = _stock(left, at) if src == STOCK else _talon(left, at)
        card = game.cycle[i]
        left &= ~(1 << i)
        placed = 1
    elif src >= CELL0:
        card = cells[src - CELL0]
        cells = cells[:src - CELL0] + b"\0" + cells[src - CELL0 + 1:]
    else:
        card = packets[src][-1]
        packets = (*packets[:src], packets[src][:-1], *packets[src + 1:])
    if dst >= FOUND0:
        h = bytearray(heights)
        h[dst - FOUND0] += 1
        heights = bytes(h)
    elif dst >= CELL0:
        cells = cells[:dst - CELL0] + bytes((card,)) + cells[dst - CELL0 + 1:]
    else:
        packets = (*packets[:dst], packets[dst] + bytes((card,)), *packets[dst + 1:])
    return packets, cells, left, at, redeals, placed, heights


def action(game: ZodiacGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    if move == TURN:
        return "turn"
    if move == REDEAL:
        return "redeal"
    src, dst = move
    return f"move:{_pid(game, src)}>{_pid(game, dst)}"


def _pid(game: ZodiacGame, at: int) -> str:
    if at == STOCK:
        return "s"
    if at == TALON:
        return "w"
    if at >= FOUND0:
        return game.found_ids[at - FOUND0]
    return game.cell_ids[at - CELL0] if at >= CELL0 else game.packet_ids[at]


def key(game: ZodiacGame, pos: ZodiacPos) -> object:
    """The transposition key: packets and cells sorted (alike piles), only whether a redeal
    was made (the hook asks no more)."""
    packets, cells, left, at, redeals, placed, heights = pos
    return (tuple(sorted(packets)), bytes(sorted(cells)), left, at, redeals > 0, placed,
            heights)


def won(game: ZodiacGame, pos: ZodiacPos) -> bool:
    return sum(pos[6]) == 104


# -- the building, suit by suit ------------------------------------------------------------------


def _suit_of(game: ZodiacGame, pos: ZodiacPos, s: int) -> tuple[tuple[bytes, ...], int, int]:
    """Suit ``s``'s packets as ranks (sorted), its aces' and kings' foundation heights."""
    heights = pos[6]
    piles = tuple(sorted(bytes(c - 13 * s for c in p) for p in pos[0]
                         if p and (p[0] - 1) // 13 == s))
    return piles, heights[s], heights[4 + s]


def suit_line(piles: tuple[bytes, ...], up: int, down: int, limit: int = 1 << 62,
              stop: Callable[[], bool] | None = None
              ) -> tuple[list[tuple[int, int]] | None, int, bool]:
    """How one suit's cards all go home: ``piles`` its packets (ranks 1-13, first -> top),
    every other card of the suit not home lying free; ``up`` cards on its aces' foundation,
    ``down`` on its kings'. A line of ``(foundation 0 up / 1 down, packet index or -1 for a
    free card)``, or None if there is none; the states searched; and False if it stopped at
    ``limit`` states or when ``stop()`` (asked every 256) said so, undecided (no line then,
    but none proved missing). A card goes home alone
    (no other move tried) when it is the last copy not home, or when the other copy lies free
    and it lies on a packet: a line sending the free copy there instead is matched by one
    sending this one, which only uncovers sooner."""
    count = [0] * 15
    for p in piles:
        for r in p:
            count[r] += 1
    failed: set[tuple[int, int, tuple[int, ...]]] = set()
    heights = [len(p) for p in piles]
    line: list[tuple[int, int]] = []
    states = 0
    halted = False

    def free(r: int, u: int, d: int) -> int:
        return 2 - (r <= u) - (r > d) - count[r]

    def go(u: int, d: int) -> bool:  # d: the rank the kings' foundation takes next
        nonlocal states, halted
        if u == 13 and d == 0:
            return True
        k = (u, d, tuple(heights))
        if k in failed or halted:
            return False
        if states >= limit or (stop is not None and not states & 255 and states and stop()):
            halted = True
            return False
        states += 1
        options: list[tuple[int, int]] = []
        for f, r in ((0, u + 1), (1, d)):
            if not 1 <= r <= 13:
                continue
            loose = free(r, u, d)
            other_home = r > d if f == 0 else r <= u
            tops = [i for i, p in enumerate(piles) if heights[i] and p[heights[i] - 1] == r]
            if tops and (loose or other_home):
                options = [(f, tops[0])]
                break
            if loose and (other_home or loose == 2):
                options = [(f, -1)]
                break
            options += [(f, i) for i in tops]
            if loose:
                options.append((f, -1))
        for f, i in options:
            r = u + 1 if f == 0 else d
            if i >= 0:
                heights[i] -= 1
                count[r] -= 1
            line.append((f, i))
            if go(u + 1 if f == 0 else u, d - 1 if f == 1 else d):
                return True
            line.pop()
            if i >= 0:
                heights[i] += 1
                count[r] += 1
        failed.add(k)
        return False

    ok = go(up, 13 - down)
    return (line if ok else None), states, ok or not halted


def suit_ok(game: ZodiacGame, pos: ZodiacPos, s: int) -> bool:
    """Can suit ``s`` still be built home, its packets as they lie and its other cards free
    (see `dead`)? Kept per suit layout."""
    k = (s, *_suit_of(game, pos, s))
    found = game.cache.get(k)
    if found is None:
        found = game.cache[k] = suit_line(k[1], k[2], k[3])[0] is not None
    return found


def dead(game: ZodiacGame, pos: ZodiacPos, suits: range | tuple[int, ...] = range(4)) -> bool:
    """Lost for good: one of ``suits`` cannot be built home even were every card of it not on
    a packet free (packing only lays cards above those there; see the module)."""
    return any(not suit_ok(game, pos, s) for s in suits)


def building_line(game: ZodiacGame, pos: ZodiacPos) -> list[Move] | None:
    """The foundation moves that win from ``pos`` (stock and talon out), or None if none do."""
    packets, cells = pos[0], pos[1]
    out: list[Move] = []
    for s in range(4):
        idx = [i for i, p in enumerate(packets) if p and (p[0] - 1) // 13 == s]
        idx.sort(key=lambda i: bytes(c - 13 * s for c in packets[i]))  # as `_suit_of` sorts
        piles, up, down = _suit_of(game, pos, s)
        line, _, _ = suit_line(piles, up, down)
        if line is None:
            return None
        loose = [CELL0 + i for i, c in enumerate(cells) if c and (c - 1) // 13 == s]
        u, d = up, 13 - down
        for f, i in line:
            r = u + 1 if f == 0 else d
            if i >= 0:
                src = idx[i]
            else:
                src = next(x for x in loose if cells[x - CELL0] - 13 * s == r)
                loose.remove(src)
            out.append((src, FOUND0 + s + 4 * f))
            u, d = (u + 1, d) if f == 0 else (u, d - 1)
    return out


# -- the search -----------------------------------------------------------------------------------


def _runs_on(card: int, packet: bytes) -> bool:
    """``card`` on ``packet`` keeps its top going the same way (or starts a way)."""
    return len(packet) < 2 or (card - packet[-1]) == (packet[-1] - packet[-2])


def ordered(game: ZodiacGame, pos: ZodiacPos) -> list[Move]:
    """`moves` in the order the search tries them (see the module); of empty cells only the
    first (the key sorts them)."""
    offered = moves(game, pos)
    packets, cells = pos[0], pos[1]
    first_empty = next((CELL0 + i for i, c in enumerate(cells) if not c), -1)
    packs: list[tuple[int, Move]] = []
    rest: list[tuple[int, Move]] = []
    for m in offered:
        src, dst = m
        if src < 0:
            rest.append((4 if m == TURN else 5, m))
        elif dst >= FOUND0:
            rest.append((0, m))
        elif dst >= CELL0:
            if dst == first_empty:
                rest.append((6 if src == TALON else 7, m))
        else:
            card = game.cycle[_talon(pos[2], pos[3])] if src == TALON else cells[src - CELL0]
            straight = _runs_on(card, packets[dst])
            packs.append(((0 if straight else 2) + (src != TALON), m))
    both = packs + rest
    both.sort(key=lambda x: x[0])
    return [m for _, m in both]


# -- the plan: each suit's packets chosen first, then dealt out -----------------------------------


def plan_suit(piles: tuple[bytes, ...], up: int, down: int, budget: int,
              stop: Callable[[], bool] | None = None
              ) -> tuple[tuple[bytes, ...], int, int, bool]:
    """The packets a suit's cards could end in with the fewest left free (in the cells) while
    the suit can still be built home (`suit_line`): a depth-first search laying its cards on
    ``piles`` one by one, each layout once; a layout the suit cannot be built from is not
    searched on (more cards on it cannot help). The best packets found, their free cards'
    count (``NEVER`` if it cannot be built home), the work done (layouts and `suit_line`'s
    states: at most ``budget``; ``stop`` asked every 256 layouts) and whether any layout was
    left unsearched for want of budget (if not, that count is the suit's least)."""
    count = [0] * 15
    for p in piles:
        for r in p:
            count[r] += 1
    left = [0] + [2 - (r <= up) - (r > 13 - down) - count[r] for r in range(1, 14)] + [0]
    best = (piles, sum(left))
    seen: set[tuple[bytes, ...]] = set()
    work = list(piles)
    cut = False

    def go(free: int, line: list[tuple[int, int]]) -> bool:
        nonlocal best, nodes, cut
        if free < best[1]:
            best = (tuple(work), free)
            if free == 0:
                return True
        ranks = _ranks(line, up, down)
        for i, p in enumerate(work):
            if not p:
                continue
            top = p[-1]
            ahead = p[-1] - p[-2] if len(p) > 1 else 0
            for r in sorted((top - 1, top + 1), key=lambda r: r - top != ahead):
                if not left[r]:
                    continue
                work[i] = p + bytes((r,))
                k = tuple(sorted(work))
                if k not in seen:
                    if nodes >= budget or (stop is not None and not nodes & 255 and stop()):
                        cut = True
                        work[i] = p
                        return True
                    seen.add(k)
                    nodes += 1
                    after = _laid(line, ranks, i, r)
                    if after is None:
                        after, states, whole = suit_line(tuple(work), up, down, budget - nodes,
                                                         stop)
                        nodes += states
                        if not whole:
                            cut = True
                            work[i] = p
                            return True
                    if after is not None:
                        left[r] -= 1
                        if go(free - 1, after):
                            return True
                        left[r] += 1
                work[i] = p
        return False

    first, nodes, whole = suit_line(piles, up, down, budget, stop)
    if first is None:  # lost whatever is laid on it, or not known within the budget
        return piles, NEVER, nodes, not whole
    go(best[1], first)
    return best[0], best[1], nodes, cut


def _ranks(line: list[tuple[int, int]], up: int, down: int) -> list[int]:
    """The rank each move of a `suit_line` line sends home."""
    out = []
    u, d = up, 13 - down
    for f, _ in line:
        if f == 0:
            u += 1
            out.append(u)
        else:
            out.append(d)
            d -= 1
    return out


def _laid(line: list[tuple[int, int]], ranks: list[int], i: int, r: int
          ) -> list[tuple[int, int]] | None:
    """``line`` still wins once a free ``r`` lies on packet ``i``, if the line sends a free
    ``r`` home before packet ``i``'s top (that card then goes from the packet, nothing above
    it): the line so changed; else None (not known)."""
    top = next(n for n, (_, src) in enumerate(line) if src == i)
    for n in range(top):
        if line[n][1] < 0 and ranks[n] == r:
            return [*line[:n], (line[n][0], i), *line[n + 1:]]
    return None


def plan(game: ZodiacGame, pos: ZodiacPos, budget: int, stop: Callable[[], bool] | None = None
         ) -> tuple[dict[int, bytes] | None, int, bool]:
    """Each packet's cards at the end of the absorbing (first -> top) for a layout that can be
    built home with at most eight cards left free, or None; the layouts searched; and whether
    there is none (every suit's least free cards found, more than eight in all: any win ends
    the absorbing in such a layout, so the position is lost). The suits share only the eight
    cells: in rounds, each suit whose least is not known yet gets a search (the most free
    first), four times the budget each round, until they fit."""
    packets = pos[0]
    found: list[tuple[tuple[bytes, ...], int, bool]] = []
    for s in range(4):
        piles, up, down = _suit_of(game, pos, s)
        found.append((piles, NEVER, False))
    give = 300
    used = 0
    while sum(f for _, f, _ in found) > CELLS:
        open_ = sorted((s for s in range(4) if found[s][1] and not found[s][2]),
                       key=lambda x: -found[x][1])
        if not open_:
            return None, used, True
        for s in open_:
            if used >= budget or (stop is not None and stop()):
                return None, used, False
            piles, up, down = _suit_of(game, pos, s)
            best, free, nodes, cut = plan_suit(piles, up, down, min(give, budget - used), stop)
            used += nodes
            if free <= found[s][1]:
                found[s] = (best, free, not cut)
            if sum(f for _, f, _ in found) <= CELLS:
                break
        give *= 4
    out: dict[int, bytes] = {}
    for s, (best, _, _) in enumerate(found):
        idx = [i for i, p in enumerate(packets) if p and (p[0] - 1) // 13 == s]
        idx.sort(key=lambda i: bytes(c - 13 * s for c in packets[i]))  # as `_suit_of` sorts
        for i, ranks in zip(idx, best, strict=True):
            out[i] = bytes(r + 13 * s for r in ranks)
    return out, used, False


def planned_line(game: ZodiacGame, start: ZodiacPos, target: dict[int, bytes]
                 ) -> list[Move] | None:
    """The moves that lay every packet's ``target`` cards on it and put the rest in the cells,
    then build the suits home; None should the engine's rules refuse one on the way. Each card
    goes on its packet when it is next there (from a cell, else from the talon's top), a card
    no packet wants into a cell while the cells hold fewer of it than stay free; else turn or
    go through the talon again. Every pass places a card: some packet's next card lies in the
    stock or talon, or in a cell and goes on at once."""
    free: dict[int, int] = {}
    laid = {c for p in target.values() for c in p}
    for c in range(1, 53):
        if c in laid or any(c in p for p in start[0]) or c in start[1] or c in game.cycle:
            n = (sum(p.count(c) for p in target.values()) + sum(
                p.count(c) for i, p in enumerate(start[0]) if i not in target))
            home = 0
            s, r = divmod(c - 1, 13)
            home += start[6][s] > r
            home += 12 - start[6][4 + s] < r
            free[c] = 2 - n - home
    pos = start
    line: list[Move] = []
    for _ in range(20_000):
        packets, cells, left, at = pos[:4]
        if not left:
            rest = building_line(game, pos)
            return None if rest is None else line + rest
        want: dict[int, int] = {}
        for j, t in target.items():
            n = len(packets[j])
            if n < len(t) and t[n] not in want:
                want[t[n]] = j
        move: Move | None = next(((CELL0 + i, want[c]) for i, c in enumerate(cells)
                                  if c in want), None)
        talon = _talon(left, at)
        if move is None and talon >= 0:
            c = game.cycle[talon]
            if c in want:
                move = (TALON, want[c])
            elif free.get(c, 0) > cells.count(c) and 0 in cells:
                move = (TALON, CELL0 + cells.index(0))
        if move is None:
            move = TURN if _stock(left, at) >= 0 else REDEAL
        if move not in moves(game, pos):
            return None
        line.append(move)
        pos = play(game, pos, move)
    return None


def search(game: ZodiacGame, start: ZodiacPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Once stock and talon are out, the building decided at once (`building_line`). Before,
    the layout the absorbing should end in (`plan`), then its moves (`planned_line`): "winnable"
    with them, "unwinnable" when no layout can be built home. Should the plan's moves fail (a
    position met mid-pass, where a pass that placed nothing cannot be redealt), depth-first
    searches in discrepancies over the moves (`ordered_search`) take the rest of the budget, a
    packing that makes its suit `dead` not searched on; the building line added to the absorbing
    line they find. "undecided" past ``budget`` layouts and positions in all."""
    if not start[2]:
        line = building_line(game, start)
        if line is None:
            return PlainAnswer("unwinnable", (), 1, 1)
        return PlainAnswer("winnable", tuple(action(game, m) for m in line), 1, 1)
    target, used, lost = plan(game, start, budget, stop)
    if lost:
        return PlainAnswer("unwinnable", (), used, used)
    if target is not None:
        moved = planned_line(game, start, target)
        if moved is not None:
            return PlainAnswer("winnable", tuple(action(game, m) for m in moved), used, used)
    if target is None or dead(game, start):
        return PlainAnswer("undecided", (), used, used)
    end: list[ZodiacPos] = []

    def done(pos: ZodiacPos) -> bool:
        if pos[2]:
            return False
        end.append(pos)
        return True

    def dropped(pos: ZodiacPos, move: Move, child: ZodiacPos) -> bool:
        dst = move[1]
        return move[0] >= 0 and dst < CELL0 and not suit_ok(
            game, child, (child[0][dst][0] - 1) // 13)

    answer = ordered_search(start, budget - used, stop, ordered=lambda p: ordered(game, p),
                            play=lambda p, m: play(game, p, m), key=lambda p: key(game, p),
                            won=done, action=lambda m: action(game, m), max_cost=MAX_COST,
                            dropped=dropped)
    nodes = answer.nodes + used
    if answer.status != "winnable":
        return PlainAnswer(answer.status, (), nodes, answer.positions)
    rest = building_line(game, end[-1])
    assert rest is not None  # every suit was kept buildable on the way
    return PlainAnswer("winnable", answer.line + tuple(action(game, m) for m in rest), nodes,
                       answer.positions)
