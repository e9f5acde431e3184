"""The solver's fast path for The Empress of India: four packs, eight black foundations up from
the aces and eight red ones down from the kings (queens and knaves left out), the Army (red
cards, a1-a24) and the Navy (black, n1-n24) one card a cell, two colour-split talons that fill
a side's gap at once, no stock, no redeal. Cards go up only in pairs, a red and a black at once:
two single cells (``pair``), or a couple made by laying a card of one side on a card of the
other (``lay``) that goes up together later (``up``).

The talons' order is known (perfect knowledge) and never changes, so a position is how many
cards each talon has given, each foundation's height and the cells as ``bytes`` (bottom cards,
top cards). What makes it sound and quick:

- `moves` offers exactly the engine's actions, in its order, and `play` makes the engine's fills
  (the tests compare both along random play-outs);
- the key is small: the talons' counts, the heights and the couples only. Those fix which cards
  are out (none hidden but the talons'), the singles are the rest, each on its colour's side,
  and the cells of a side are alike (a gap only lasts once its talon is out);
- moves whose cards are alike (four packs: every card four times) are tried once;
- a lay whose talon is out is not tried: it shows no card, and the two singles can do all the
  couple would (a pair where it goes up, any lay where it stays);
- move ordering: couples up, then pairs, those whose cards' successors are out first; then
  lays by what they dig for (first the talon of a colour with no playable single, the fewer
  cards before a playable one the sooner: `_depth`) and what they couple (two cards due at
  about the same time, the later the better, a playable card last: `_dists`), made a group
  at a time as the search reaches them (`Ordered`);
- the depth-first searches are limited in discrepancies from that order (`search`, as
  blockade_search.py). The search that refused none searched every reachable position: then
  "unwinnable".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from operator import itemgetter

from bot.games.patience.discrepancy import ordered_search
from bot.games.patience.engine import Rules
from bot.games.patience.plain import PlainAnswer

SUITS = "SCHD"
ORDERS = ("A23456789TJK", "A23456789TJK", "KQT98765432A", "KQT98765432A")
FULL = 12
"""A foundation's cards when done (its base, then eleven)."""

EmpressPos = tuple[int, int, bytes, bytes, bytes, bytes, bytes]
"""``(red given, black given, heights, army bottoms, army tops, navy bottoms, navy tops)``: how
many cards each talon has given, each foundation's card count, each cell's bottom card and the
card laid on it (0: none)."""

Move = tuple[int, int, int]
"""``(kind, army cell, navy cell)``: kind `PAIR`, `LAY_AN` (army card on the navy cell),
`LAY_NA` (navy card on the army cell), `UP_A`, `UP_N` (the couple on that cell; the other cell
index unused)."""

PAIR, LAY_AN, LAY_NA, UP_A, UP_N = range(5)
MAX_COST = 3
"""The most discrepancies one move costs (the fourth move of a position and those after it
cost as much as the third: more deals won within a budget than with two)."""


@dataclass(repr=False)
class EmpressGame:
    """What the search knows about one deal."""

    army_ids: list[str]
    navy_ids: list[str]
    found_ids: list[str]
    red: bytes  # the red talon, its next card first (fixed by the seed)
    black: bytes
    homes: list[list[int]]  # suit -> its foundations, in the foundations' order
    full: int  # cards the foundations hold when the game is won
    dists: dict[bytes, tuple[int, ...]] = field(default_factory=dict)  # `_dists`' rows


def code(card: str) -> int:
    """``suit * 12 + step``: the step (1..11) is the card's place in its foundations' order."""
    s = SUITS.index(card[0])
    return s * 12 + ORDERS[s].index(card[1])


def name(c: int) -> str:
    return SUITS[c // 12] + ORDERS[c // 12][c % 12]


def empress_game(rules: Rules, piles: dict[str, list[str]], redeals: int,
                 flags: dict[str, int]) -> EmpressGame | None:
    """The search's view of the deal, or None for any other game or a position it cannot read:
    The Empress of India's hook and piles, settled (no gap while its talon lasts), each
    foundation its base and a run in its order."""
    if rules.hook != "empress" or flags or redeals or rules.redeals:
        return None
    army = [p.id for p in rules.piles if p.id[0] == "a" and p.id[1:].isdigit()]
    navy = [p.id for p in rules.piles if p.id[0] == "n" and p.id[1:].isdigit()]
    if not army or not navy or len(rules.founds) != 16:
        return None
    homes: list[list[int]] = [[], [], [], []]
    for j, f in enumerate(rules.founds):
        if f.suit not in SUITS or not f.suit or f.length != FULL:
            return None
        s = SUITS.index(f.suit)
        if f.order != ORDERS[s] or f.base != ORDERS[s][0]:
            return None
        home = piles.get(f.id, [])
        if not home or home != [f.suit + r for r in ORDERS[s][:len(home)]]:
            return None
        homes[s].append(j)
    if piles.get("s"):
        return None
    for side, talon, colour in ((army, "wr", "HD"), (navy, "wb", "SC")):
        other = "SC" if colour == "HD" else "HD"
        for p in side:
            cards = piles.get(p, [])
            if len(cards) > 2 or (cards and cards[0][0] not in colour) or (
                    len(cards) == 2 and cards[1][0] not in other):
                return None
            if not cards and piles.get(talon):
                return None  # not settled
        if any(c[0] not in colour for c in piles.get(talon, [])):
            return None
    counts = [0] * 48
    for p in (*army, *navy, "wr", "wb"):
        for c in piles.get(p, ()):
            if c[0] not in SUITS or c[1] not in ORDERS[SUITS.index(c[0])][1:]:
                return None
            counts[code(c)] += 1
    for f in rules.founds:
        for c in piles[f.id][1:]:
            counts[code(c)] += 1
    if any(counts[s * 12 + step] != len(homes[s]) for s in range(4) for step in range(1, FULL)):
        return None  # each card once for each foundation of its suit (`_dists` counts so)
    red = bytes(code(c) for c in reversed(piles.get("wr", [])))
    black = bytes(code(c) for c in reversed(piles.get("wb", [])))
    return EmpressGame(army, navy, [f.id for f in rules.founds], red, black, homes,
                       FULL * len(rules.founds))


def position(game: EmpressGame, piles: dict[str, list[str]]) -> EmpressPos:
    def cells(ids: list[str], at: int) -> bytes:
        return bytes(code(piles[p][at]) if len(piles.get(p, ())) > at else 0 for p in ids)

    heights = bytes(len(piles.get(f, ())) for f in game.found_ids)
    return (0, 0, heights, cells(game.army_ids, 0), cells(game.army_ids, 1),
            cells(game.navy_ids, 0), cells(game.navy_ids, 1))


def won(game: EmpressGame, pos: EmpressPos) -> bool:
    return sum(pos[2]) == game.full


def key(game: EmpressGame, pos: EmpressPos) -> bytes:
    """The transposition key: the talons' counts, the heights and the couples (see the
    module), army couples as (red, black), navy ones as (black, red)."""
    tr, tb, heights, ab, at, nb, nt = pos
    out = bytearray((tr, tb))
    out += heights
    if any(at):
        out += b"a" + b"".join(sorted(bytes((ab[i], at[i])) for i in range(len(ab)) if at[i]))
    if any(nt):
        out += b"n" + b"".join(sorted(bytes((nb[i], nt[i])) for i in range(len(nb)) if nt[i]))
    return bytes(out)


def playable(game: EmpressGame, heights: bytes) -> set[int]:
    """The cards a foundation takes now."""
    return {s * 12 + heights[j] for s in range(4) for j in game.homes[s] if heights[j] < FULL}


def moves(game: EmpressGame, pos: EmpressPos) -> list[Move]:
    """The engine's actions in ``pos``, in its order: pairs (army cell by navy cell), lays of
    the Army on the Navy, of the Navy on the Army, then couples up (Army cells, Navy cells)."""
    _, _, heights, ab, at, nb, nt = pos
    ok = playable(game, heights)
    army = [i for i in range(len(ab)) if ab[i] and not at[i]]
    navy = [j for j in range(len(nb)) if nb[j] and not nt[j]]
    good = [j for j in navy if nb[j] in ok]
    out: list[Move] = [(PAIR, i, j) for i in army if ab[i] in ok for j in good]
    out += [(LAY_AN, i, j) for i in army for j in navy]
    out += [(LAY_NA, i, j) for j in navy for i in army]
    out += [(UP_A, i, 0) for i in range(len(ab)) if at[i] and ab[i] in ok and at[i] in ok]
    out += [(UP_N, 0, j) for j in range(len(nb)) if nt[j] and nb[j] in ok and nt[j] in ok]
    return out


def _raise(game: EmpressGame, h: bytearray, c: int) -> None:
    """``c`` home on the first foundation of its suit that takes it (the engine's)."""
    step = c % 12
    for j in game.homes[c // 12]:
        if h[j] == step:
            h[j] += 1
            return
    raise ValueError(name(c))


def play(game: EmpressGame, pos: EmpressPos, move: Move) -> EmpressPos:
    """``move`` and the fills of the gaps it leaves."""
    tr, tb, heights, ab0, at0, nb0, nt0 = pos
    kind, i, j = move
    ab, at, nb, nt = bytearray(ab0), bytearray(at0), bytearray(nb0), bytearray(nt0)
    h = heights
    army_gap = navy_gap = -1
    if kind == PAIR:
        h = bytearray(heights)
        _raise(game, h, ab[i])
        _raise(game, h, nb[j])
        ab[i] = nb[j] = 0
        army_gap, navy_gap = i, j
    elif kind == LAY_AN:
        nt[j] = ab[i]
        ab[i] = 0
        army_gap = i
    elif kind == LAY_NA:
        at[i] = nb[j]
        nb[j] = 0
        navy_gap = j
    elif kind == UP_A:
        h = bytearray(heights)
        _raise(game, h, ab[i])
        _raise(game, h, at[i])
        ab[i] = at[i] = 0
        army_gap = i
    else:
        h = bytearray(heights)
        _raise(game, h, nb[j])
        _raise(game, h, nt[j])
        nb[j] = nt[j] = 0
        navy_gap = j
    if army_gap >= 0 and tr < len(game.red):
        ab[army_gap] = game.red[tr]
        tr += 1
    if navy_gap >= 0 and tb < len(game.black):
        nb[navy_gap] = game.black[tb]
        tb += 1
    return tr, tb, bytes(h), bytes(ab), bytes(at), bytes(nb), bytes(nt)


def action(game: EmpressGame, move: Move) -> str:
    """The engine's action string for ``move``."""
    kind, i, j = move
    a, n = game.army_ids[i], game.navy_ids[j]
    if kind == PAIR:
        return f"pair:{a},{n}"
    if kind == LAY_AN:
        return f"lay:{a},{n}"
    if kind == LAY_NA:
        return f"lay:{n},{a}"
    return f"up:{a}" if kind == UP_A else f"up:{n}"


def _dists(game: EmpressGame, heights: bytes) -> list[int]:
    """Card code -> how many cards its suit must take before it goes up (0: now; from the
    nearest foundation below it). Kept by each suit's heights (few of them recur)."""
    out: list[int] = []
    known = game.dists
    for s in range(4):
        hs = bytes(heights[j] for j in game.homes[s])
        row = known.get(hs)
        if row is None:
            row = tuple(min((step - h for h in hs if h <= step), default=99) if step else 99
                        for step in range(12))
            known[hs] = row
        out += row
    return out


def _depth(talon: bytes, given: int, dist: list[int]) -> int:
    """How many more cards the talon gives before a playable one (its length if none; -1 when
    it is out)."""
    if given >= len(talon):
        return -1
    for k in range(given, len(talon)):
        if not dist[talon[k]]:
            return k - given
    return len(talon) - given


class Ordered(Sequence[Move]):
    """`ordered`'s moves: the ups made at once, the lays worked out and made a group at a time
    as the search reaches them (a search mostly takes one of the first moves: the lays of a
    position are hundreds)."""

    __slots__ = ("groups", "lays", "made", "next", "size")

    def __init__(self, made: list[Move], lays: Callable[[], list[Group]], size: int) -> None:
        self.made = made
        self.lays = lays
        self.groups: list[Group] | None = None
        self.size = size
        self.next = 0

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, k: int) -> Move:  # type: ignore[override]
        made = self.made
        while k >= len(made):
            if self.groups is None:
                self.groups = self.lays()
            if self.next >= len(self.groups):
                raise IndexError(k)
            _, kind, _, reds, blacks = self.groups[self.next]
            self.next += 1
            if kind == LAY_AN:
                made += [(LAY_AN, i, j) for i in reds for j in blacks]
            else:
                made += [(LAY_NA, i, j) for j in blacks for i in reds]
        return made[k]


Group = tuple[int, int, int, list[int], list[int]]
"""``(cost, kind, dists, army cells, navy cells)``: lays of one kind, each army cell's card
with each navy cell's, all of one cost."""


def _couple(dr: int, db: int) -> int:
    """The cost of coupling cards due in ``dr`` and ``db`` cards of their suits: due at about
    the same time, the later the better, a playable card last."""
    return (3 * abs(dr - db) - min(dr, db, 8) + (20 if not dr else 0) + (20 if not db else 0))


COUPLE = [_couple(dr, db) for dr in range(12) for db in range(12)]


def ordered(game: EmpressGame, pos: EmpressPos) -> Ordered:
    """`moves` in the order the search tries them (see the module), alike ones once, lays that
    show no card (their talon out) left out: two singles do all a couple of them does."""
    tr, tb, heights, ab, at, nb, nt = pos
    dist = _dists(game, heights)
    ups: list[tuple[int, Move]] = []
    out = ab + at + nb + nt  # every card out of the talons
    if any(at) or any(nt):
        seen: set[tuple[int, int, int]] = set()
        for i, (r, b) in enumerate(zip(ab, at, strict=True)):
            if b and not dist[r] and not dist[b] and (UP_A, r, b) not in seen:
                seen.add((UP_A, r, b))
                ups.append((-2 - out.count(r + 1) - out.count(b + 1), (UP_A, i, 0)))
        for j, (b, r) in enumerate(zip(nb, nt, strict=True)):
            if r and not dist[r] and not dist[b] and (UP_N, r, b) not in seen:
                seen.add((UP_N, r, b))
                ups.append((-2 - out.count(r + 1) - out.count(b + 1), (UP_N, 0, j)))
    army: dict[int, int] = {}  # a single's code -> its first cell
    navy: dict[int, int] = {}
    for i, (r, b) in enumerate(zip(ab, at, strict=True)):
        if r and not b and r not in army:
            army[r] = i
    for j, (b, r) in enumerate(zip(nb, nt, strict=True)):
        if b and not r and b not in navy:
            navy[b] = j
    good = [(b, j) for b, j in navy.items() if not dist[b]]
    if good:
        for r, i in army.items():
            if not dist[r]:
                after = out.count(r + 1)
                for b, j in good:
                    ups.append((-after - out.count(b + 1), (PAIR, i, j)))
    ups.sort(key=itemgetter(0))
    made = [m for _, m in ups]
    red_out, black_out = tr >= len(game.red), tb >= len(game.black)
    size = len(made) + len(army) * len(navy) * ((not red_out) + (not black_out))

    def lays() -> list[Group]:
        reds: dict[int, list[int]] = {}  # dist -> army cells, one a code
        blacks: dict[int, list[int]] = {}
        for r, i in army.items():
            reds.setdefault(dist[r], []).append(i)
        for b, j in navy.items():
            blacks.setdefault(dist[b], []).append(j)
        groups: list[Group] = []
        for kind, dig, free in ((LAY_AN, _depth(game.red, tr, dist), 0 in reds),
                                (LAY_NA, _depth(game.black, tb, dist), 0 in blacks)):
            if dig < 0:
                continue
            show = dig + (50 if free else 0)  # a playable card wanted from this talon first
            for dr, cells in reds.items():
                for db, others in blacks.items():
                    both = dr * 12 + db
                    groups.append((COUPLE[both] + show, kind, both, cells, others))
        groups.sort(key=itemgetter(0, 1, 2))
        return groups

    return Ordered(made, lays, size)


def search(game: EmpressGame, start: EmpressPos, budget: int,
           stop: Callable[[], bool] | None) -> PlainAnswer:
    """Depth-first searches over `ordered` moves, each allowed one more discrepancy than the
    last, every position kept once by its `key`. The search that refused no move searched
    every reachable position: then "unwinnable". "undecided" past ``budget`` positions
    generated in all, or when ``stop()`` (asked every 1024) says so."""
    return ordered_search(start, budget, stop, ordered=partial(ordered, game),
                          play=partial(play, game), key=partial(key, game),
                          won=partial(won, game), action=partial(action, game),
                          max_cost=MAX_COST)
