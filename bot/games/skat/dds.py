"""Double-dummy search for Skat card play: the AI solves each sampled deal with it.

`solver.py` answers the engine's yes/no claim questions on small endgames; this module is the
fast one, for whole deals. For one contract every card is mapped to a bit so that an effective
suit is a contiguous block ordered by power and the trump block sits on top: following suit is
one mask, and the winner of a trick is simply the highest bit among the cards of the led block
and the trump block. Hands are ints.

The search is alpha-beta on the card points the *counted* seats take from here on (the Player's
side in trump games; one seat in Ramsch, paranoid), or on their tricks (``unit="tricks"``, for
schwarz). Null games count 1 if the Player takes a trick, and stop there. What makes it fast
enough in Python:

- one Python frame per trick: the three cards of a trick are three nested loops, so a call
  costs per trick start, not per card; the last two tricks are solved exactly in a table of
  their own (no window, so every later question reuses them);
- a transposition table at trick starts keyed by the hands alone, holding bounds on the points
  still to come (which no earlier trick changes) and the best lead; it lives as long as the
  `Search`, across null windows, targets, moves and later positions of the deal;
- null windows: "at least t?" is one search, an exact value is a bisection of them whose
  fail-soft answers narrow the bracket (`exact`, or `value` with a wide window);
- cheap bounds before searching: the points still out, and sure trumps (a trump above every
  trump of the other side wins whatever trick it falls in);
- move ordering: the table's best lead, sure winners, partner's suits, trumps last for the
  minimizing side; the second hand's last refutation of a lead (killer), then its highest
  beating card; the third hand smears on a partner, wins richest, else discards cheapest;
- equivalent cards collapsed: two cards of one block with no live card between them and the
  same point value play the same.

`bench.skat_dds` measures it on whole deals. `_ddsc.c` is the same search compiled (setup.py
builds it where a C compiler is; it is some 30-50 times faster); `Search` uses it for its
questions when it imported, and this Python search otherwise. The rollouts stay in Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any, Literal

from bot.games.cards import SUITS, Card
from bot.games.skat.contracts import CARD_POINTS, Contract

try:  # the compiled core (setup.py builds it when a C compiler is there); else Python alone
    from bot.games.skat import _ddsc
except ImportError:  # pragma: no cover - depends on the build
    _ddsc = None  # type: ignore[assignment]

Seat = int
Play = tuple[Seat, Card]

BLOCK = 12
"""Bits per effective suit (11 trumps fit; the gap keeps blocks apart)."""
TRUMP = 4
_BLOCK_MASK = tuple(((1 << BLOCK) - 1) << (BLOCK * k) for k in range(5))
_PLAIN_UP = "789QKTA"  # a plain suit, low to high
_NULL_UP = "789TJQKA"
_JACKS_UP = ("DJ", "HJ", "SJ", "CJ")


def order_key(contract: Contract) -> str:
    """One letter naming the card order: ``N`` Null, ``G`` Grand/Ramsch, else the trump suit."""
    if contract.is_null:
        return "N"
    if contract.is_suit and contract.suit:
        return contract.suit
    return "G"


@cache
def layout(key: str) -> tuple[dict[Card, int], tuple[Card, ...], tuple[int, ...], tuple[int, ...]]:
    """(card -> bit, bit -> card, bit -> points, bit -> block) for an order key."""
    bits: dict[Card, int] = {}
    for k, s in enumerate(SUITS):
        if key == "N":
            for p, r in enumerate(_NULL_UP):
                bits[s + r] = BLOCK * k + p
        elif s != key:
            for p, r in enumerate(_PLAIN_UP):
                bits[s + r] = BLOCK * k + p
    if key != "N":
        trumps = [key + r for r in _PLAIN_UP] if key in SUITS else []
        for p, c in enumerate([*trumps, *_JACKS_UP]):
            bits[c] = BLOCK * TRUMP + p
    size = BLOCK * 5
    cards = [""] * size
    points = [0] * size
    blocks = [b // BLOCK for b in range(size)]
    for c, b in bits.items():
        cards[b] = c
        points[b] = 0 if key == "N" else CARD_POINTS[c[1]]
    return bits, tuple(cards), tuple(points), tuple(blocks)


@cache
def _point_tables(key: str) -> tuple[tuple[int, ...], ...]:
    """Card points of any 12-bit pattern of each block, so a hand's points are five look-ups."""
    _, _, points, _ = layout(key)
    out = []
    for k in range(5):
        row = [0] * 4096
        for m in range(1, 4096):
            low = m & -m
            row[m] = row[m ^ low] + points[BLOCK * k + low.bit_length() - 1]
        out.append(tuple(row))
    return tuple(out)


def to_mask(cards: Iterable[Card], bits: Mapping[Card, int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << bits[c]
    return m


class Search:
    """One contract and one seating, solved from any position of that deal.

    ``order`` is the three active seats in playing order. In trump games ``counted`` and
    ``maximizers`` are both the Player; in Ramsch a seat minimizing its own points counts and
    the others maximize. In Null the value is 1 if ``declarer`` takes a trick (the defenders
    maximize). ``unit="tricks"`` counts the tricks the counted seats take instead of their card
    points (schwarz questions). The table is kept between calls, so searching every move of one
    position, several targets of it, or the next position of the same deal reuses it: its
    entries are bounds on what is still to come, which no earlier trick changes.
    """

    def __init__(self, contract: Contract, order: Sequence[Seat], *, counted: Iterable[Seat],
                 maximizers: Iterable[Seat], declarer: Seat | None = None,
                 unit: Literal["points", "tricks"] = "points") -> None:
        self.contract = contract
        self.key = order_key(contract)
        self.bits, self.cards, self.points, self.blocks = layout(self.key)
        self.null = self.key == "N"
        self.tricks = unit == "tricks" and not self.null
        self.order = list(order)
        counted_set = set(counted)
        maxers = set(maximizers)
        self.count = tuple(s in counted_set for s in self.order)
        self.maxer = tuple(s in maxers for s in self.order)
        self.decl_pos = self.order.index(declarer) if declarer in self.order else -1
        self.declarer = declarer
        self.selfish = sum(self.count) == 1 and not any(
            c and m for c, m in zip(self.count, self.maxer, strict=True))
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self._hs = [0, 0, 0]
        self._solve = self._make_solver()
        self._sibling: Search | None = None
        # The compiled core runs `value`/`exact`/`reaches`/`move_values` when it built (the
        # same search, the same answers); ``native = False`` forces the Python one (the tests
        # compare the two).
        self.native = _ddsc is not None
        self._core: Any = None

    # -- public ---------------------------------------------------------------------------
    def value(self, hands: Mapping[Seat, Iterable[Card]], trick: Sequence[Play], turn: Seat,
              alpha: int = -1, beta: int = 121) -> int:
        """The value of the position (fail-soft inside ``(alpha, beta)``). A null window
        (``beta == alpha + 1``) answers "at least ``beta``?" fastest; a wider one is settled
        by null windows too (bisection), which shares the table and beats one wide search."""
        tb, leader = self._setup(hands, trick)
        pos = self.order.index(turn)
        root = self._native_node if self.native else self._node
        if beta - alpha <= 1:
            return root(pos, leader, tb, alpha, beta)
        return self._bisect(lambda a, b: root(pos, leader, tb, a, b), alpha, beta,
                            self._ceiling(tb))

    def exact(self, hands: Mapping[Seat, Iterable[Card]], trick: Sequence[Play],
              turn: Seat) -> int:
        """The exact value (null-window bisection sharing the table)."""
        tb, leader = self._setup(hands, trick)
        pos = self.order.index(turn)
        root = self._native_node if self.native else self._node
        return self._bisect(lambda a, b: root(pos, leader, tb, a, b), -1,
                            self._ceiling(tb) + 1, self._ceiling(tb))

    def move_values(self, hands: Mapping[Seat, Iterable[Card]], trick: Sequence[Play],
                    turn: Seat, window: tuple[int, int] | None = None) -> dict[Card, int]:
        """The value after each card ``turn`` may play (equivalent cards share one search).

        With ``window=(lo, hi)`` values are exact inside it and clamped outside: enough to tell
        which moves reach a target, and much faster than full windows.
        """
        tb, leader = self._setup(hands, trick)
        pos = self.order.index(turn)
        hs = self._hs
        lo, hi = window if window is not None else (-1, self._ceiling(tb) + 1)
        out: dict[Card, int] = {}
        live = hs[0] | hs[1] | hs[2]
        for b in tb:
            live |= 1 << b
        top = self._ceiling(tb)
        child = self._native_child if self.native else self._child
        for b, same in self._reps(self._legal(hs[pos], tb), live):
            def probe(a: int, c: int, b: int = b) -> int:
                return child(pos, leader, tb, b, a, c)
            v = probe(lo, hi) if hi - lo <= 1 else self._bisect(probe, lo, hi, top)
            v = max(lo, min(hi, v))
            for c in same:
                out[self.cards[c]] = v
        return out

    def reaches(self, hands: Mapping[Seat, Iterable[Card]], trick: Sequence[Play],
                turn: Seat, need: int) -> bool:
        """Do the counted seats take at least ``need`` more (points, or tricks) from here?"""
        if need <= 0:
            return True
        return self.value(hands, trick, turn, need - 1, need) >= need

    def outcome(self, hands: Mapping[Seat, Iterable[Card]], trick: Sequence[Play],
                turn: Seat, *, points: int = 0, won_trick: bool = False,
                lost_trick: bool = False, schneider: int = 90) -> str:
        """The score-relevant result of a trump game with best play from here, settled by
        the fewest null-window searches: ``"schwarz"``, ``"schneider"``, ``"won"``,
        ``"lost"``, ``"lost schneider"`` or ``"lost schwarz"`` (the Player's side).

        The search must count the Player's card points; ``points`` are those he already has
        (tricks taken and the skat), ``won_trick``/``lost_trick`` whether he (his side) has
        already taken a trick or let one go. ``schneider`` is the preset's threshold.
        """
        if self.null or self.tricks or self.declarer is None:
            raise ValueError("outcome() is for a trump game's points search")
        tricks_left = len(self._hand_list(hands, turn, trick))
        if self.reaches(hands, trick, turn, 61 - points):
            if not self.reaches(hands, trick, turn, schneider - points):
                return "won"
            if lost_trick:
                return "schneider"
            return "schwarz" if self._trick_search().reaches(
                hands, trick, turn, tricks_left) else "schneider"
        if self.reaches(hands, trick, turn, 31 - points):
            return "lost"
        if won_trick:
            return "lost schneider"
        return "lost schneider" if self._trick_search().reaches(
            hands, trick, turn, 1) else "lost schwarz"

    # -- the compiled core (bot/games/skat/_ddsc.c) ---------------------------------------
    def _native(self) -> Any:
        """The compiled core of this search; its tables and killers live as long as it."""
        if self._core is None:
            self._core = _ddsc.Core(
                self.blocks, self.points, [int(m) for m in self.maxer],
                [int(c) for c in self.count], self.null, self.tricks, self.selfish,
                self.decl_pos)
        return self._core

    def _native_node(self, pos: int, leader: int, tb: list[int], alpha: int, beta: int) -> int:
        """`_node` run by the compiled core, on the hands `_setup` just set."""
        core = self._native()
        before = core.nodes
        hs = self._hs
        v: int = core.node(hs[0], hs[1], hs[2], pos, leader, tb, alpha, beta)
        self.nodes += core.nodes - before
        return v

    def _native_child(self, pos: int, leader: int, tb: list[int], b: int, alpha: int,
                      beta: int) -> int:
        """`_child` run by the compiled core, on the hands `_setup` just set."""
        core = self._native()
        before = core.nodes
        hs = self._hs
        v: int = core.child(hs[0], hs[1], hs[2], pos, leader, tb, b, alpha, beta)
        self.nodes += core.nodes - before
        return v

    # -- internals ------------------------------------------------------------------------
    def _hand_list(self, hands: Mapping[Seat, Iterable[Card]], turn: Seat,
                   trick: Sequence[Play]) -> list[Card]:
        """The tricks still to finish, as the leader's cards (the current trick included)."""
        lead = trick[0][0] if trick else turn
        return [*([trick[0][1]] if trick else []), *hands[lead]]

    def _trick_search(self) -> Search:
        if self._sibling is None:
            self._sibling = Search(self.contract, self.order,
                                   counted=[s for s, c in zip(self.order, self.count,
                                                              strict=True) if c],
                                   maximizers=[s for s, m in zip(self.order, self.maxer,
                                                                 strict=True) if m],
                                   declarer=self.declarer, unit="tricks")
        return self._sibling

    def _ceiling(self, tb: list[int]) -> int:
        """The most the counted seats can still take (an upper bound on any value)."""
        if self.null:
            return 1
        hs = self._hs
        if self.tricks:
            return max(h.bit_count() for h in hs) + (1 if tb else 0)
        pts = self.points
        live = hs[0] | hs[1] | hs[2]
        total = sum(pts[b] for b in tb)
        while live:
            low = live & -live
            total += pts[low.bit_length() - 1]
            live ^= low
        return total

    @staticmethod
    def _bisect(probe: Callable[[int, int], int], alpha: int, beta: int, top: int) -> int:
        """The value clamped to ``[alpha, beta]`` from null-window probes. A probe's fail-soft
        answer is a bound beyond its own target, so it can move the bracket further."""
        lo, hi = max(0, alpha), min(top, beta)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            v = probe(mid - 1, mid)
            if v >= mid:
                lo = max(lo, min(v, hi))
            else:
                hi = min(hi, max(v, lo))
        return lo

    def _setup(self, hands: Mapping[Seat, Iterable[Card]],
               trick: Sequence[Play]) -> tuple[list[int], int]:
        hs = self._hs
        for i, s in enumerate(self.order):
            hs[i] = to_mask(hands[s], self.bits)
        tb = [self.bits[c] for _, c in trick]
        leader = self.order.index(trick[0][0]) if trick else -1
        return tb, leader

    def _legal(self, h: int, tb: list[int]) -> int:
        if not tb:
            return h
        f = h & _BLOCK_MASK[self.blocks[tb[0]]]
        return f or h

    def _reps(self, cand: int, live: int) -> list[tuple[int, list[int]]]:
        """Representatives of equivalent-card runs, each with the cards it stands for."""
        out: list[tuple[int, list[int]]] = []
        prev = -2
        blocks, points = self.blocks, self.points
        while cand:
            low = cand & -cand
            b = low.bit_length() - 1
            cand ^= low
            if (out and blocks[b] == blocks[prev] and points[b] == points[prev]
                    and not (live >> (prev + 1)) & ((1 << (b - prev - 1)) - 1)):
                out[-1][1].append(b)
            else:
                out.append((b, [b]))
            prev = b
        return out

    def _winner(self, tb: list[int], leader: int) -> tuple[int, int]:
        """(position of the winner, index in the trick) of a complete or partial trick."""
        led = self.blocks[tb[0]]
        best_i = 0
        best = tb[0]
        for i in range(1, len(tb)):
            b = tb[i]
            blk = self.blocks[b]
            if (blk == led or (blk == TRUMP and not self.null)) and b > best:
                best, best_i = b, i
        return (leader + best_i) % 3, best_i

    def _gain(self, tb: list[int], win: int) -> int | None:
        """What a complete trick adds for the counted seats, ``None`` when it ends a Null."""
        if not self.count[win] and not (self.null and win == self.decl_pos):
            return 0
        if self.null:
            return None
        if self.tricks:
            return 1
        return sum(self.points[b] for b in tb)

    def _child(self, pos: int, leader: int, tb: list[int], b: int, alpha: int,
               beta: int) -> int:
        """The value after ``pos`` plays bit ``b`` (hands restored afterwards)."""
        hs = self._hs
        h = hs[pos]
        hs[pos] = h ^ (1 << b)
        try:
            nt = [*tb, b]
            if len(nt) < 3:
                return self._node((pos + 1) % 3, leader if tb else pos, nt, alpha, beta)
            win, _ = self._winner(nt, leader)
            got = self._gain(nt, win)
            if got is None:
                return 1
            return got + self._solve(win, alpha - got, beta - got)
        finally:
            hs[pos] = h

    def _node(self, pos: int, leader: int, tb: list[int], alpha: int, beta: int) -> int:
        """Alpha-beta over the rest of a started trick (the root only; `_solve` takes over
        at the next trick start)."""
        if not tb:
            return self._solve(pos, alpha, beta)
        self.nodes += 1
        maxing = self.maxer[pos]
        best = -1 if maxing else 10_000
        hs = self._hs
        live = hs[0] | hs[1] | hs[2]
        for x in tb:
            live |= 1 << x
        for b, _ in self._reps(self._legal(hs[pos], tb), live):
            v = self._child(pos, leader, tb, b, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def _make_solver(self) -> Callable[[int, int, int], int]:
        """The search from a trick start: ``solve(leader, alpha, beta)``, the three cards of a
        trick as three nested loops in one frame (a Python call per trick, not per card)."""
        hs = self._hs
        blocks, pts, maxer, count = self.blocks, self.points, self.maxer, self.count
        null, tricks, tt, selfish = self.null, self.tricks, self.tt, self.selfish
        decl = self.decl_pos
        trump = -1 if null else TRUMP
        tmask = 0 if null else _BLOCK_MASK[TRUMP]
        bonus = 1 if tricks else 0
        if tricks:
            pts = (0,) * len(pts)
        bmask = _BLOCK_MASK
        ptab = _point_tables(self.key)
        p0, p1, p2, p3, p4 = ptab
        stats = self
        # Who is hit when a trick goes to a seat (Null: the declarer ends the search).
        stop = tuple(null and i == decl for i in range(3))
        c0, c1, c2 = count
        # Killer replies: the second hand's card that last refuted each lead.
        kill2 = [-1] * (BLOCK * 5)
        solo = sum(count) == 1

        rmemo: dict[int, list[int]] = {}

        def reps(cand: int, live: int) -> list[int]:
            """One card per run of equivalent cards (same block and points, no live card
            between them); remembered, as the same hand meets the same live cards often."""
            rk = live << 64 | cand
            moves = rmemo.get(rk)
            if moves is not None:
                return moves
            if len(rmemo) > 400_000:
                rmemo.clear()
            moves = rmemo[rk] = []
            live0 = live
            prev = -2
            while cand:
                low = cand & -cand
                b = low.bit_length() - 1
                cand ^= low
                if (prev >= 0 and blocks[b] == blocks[prev] and pts[b] == pts[prev]
                        and not (live0 >> (prev + 1)) & ((1 << (b - prev - 1)) - 1)):
                    prev = b
                    continue
                moves.append(b)
                prev = b
            return moves

        # The last two tricks are solved exactly (no window) and kept in their own table:
        # most of the tree is down here, and exact values serve every later window.
        small: dict[int, int] = {}
        cnt2 = tuple(i == decl for i in range(3)) if null else count
        pts2 = (0,) * len(pts) if null else pts
        bonus2 = 1 if null else bonus

        def two(p: int, total: int) -> int:
            h0, h1, h2 = hs
            key = (((h0 << 60) | h1) << 60 | h2) << 2 | p
            v = small.get(key)
            if v is not None:
                return v
            q = (p + 1) % 3
            r = (p + 2) % 3
            ha, hb, hc = hs[p], hs[q], hs[r]
            ma, mb, mc = maxer[p], maxer[q], maxer[r]
            best1 = -1 if ma else 10_000
            x = ha
            while x:
                a = (x & -x).bit_length() - 1
                x &= x - 1
                led = blocks[a]
                lm = bmask[led]
                a2 = (ha ^ (1 << a)).bit_length() - 1
                best2 = -1 if mb else 10_000
                y = hb & lm or hb
                while y:
                    b = (y & -y).bit_length() - 1
                    y &= y - 1
                    b2 = (hb ^ (1 << b)).bit_length() - 1
                    if b > a and (blocks[b] == led or blocks[b] == trump):
                        w, wpos = b, q
                    else:
                        w, wpos = a, p
                    beat = (lm | tmask) & -(2 << w)
                    s2 = pts2[a] + pts2[b] + bonus2
                    best3 = -1 if mc else 10_000
                    z = hc & lm or hc
                    while z:
                        c = (z & -z).bit_length() - 1
                        z &= z - 1
                        c2 = (hc ^ (1 << c)).bit_length() - 1
                        win = r if (beat >> c) & 1 else wpos
                        got = s2 + pts2[c]
                        v = got if cnt2[win] else 0
                        # the last trick, led by the winner
                        if win == p:
                            f0, f1, f2 = a2, b2, c2
                        elif win == q:
                            f0, f1, f2 = b2, c2, a2
                        else:
                            f0, f1, f2 = c2, a2, b2
                        led2 = blocks[f0]
                        w2, wi = f0, 0
                        if f1 > w2 and (blocks[f1] == led2 or blocks[f1] == trump):
                            w2, wi = f1, 1
                        if f2 > w2 and (blocks[f2] == led2 or blocks[f2] == trump):
                            wi = 2
                        if cnt2[(win + wi) % 3]:
                            v += total - got if not null else 1
                        if mc:
                            if v > best3:
                                best3 = v
                        elif v < best3:
                            best3 = v
                    if mb:
                        if best3 > best2:
                            best2 = best3
                    elif best3 < best2:
                        best2 = best3
                if ma:
                    if best2 > best1:
                        best1 = best2
                elif best2 < best1:
                    best1 = best2
            stats.nodes += 1
            if null and best1 > 1:
                best1 = 1
            small[key] = best1
            return best1

        def start(p: int, alpha: int, beta: int) -> int:
            """Any trick start: the last two tricks directly, the rest by `solve`."""
            h0, h1, h2 = hs
            rest = h0 | h1 | h2
            if not rest:
                return 0
            if null:
                total = 1
            elif tricks:
                total = h0.bit_count()
            else:
                total = (p0[rest & 4095] + p1[(rest >> 12) & 4095] + p2[(rest >> 24) & 4095]
                         + p3[(rest >> 36) & 4095] + p4[rest >> 48])
            if h0 & (h0 - 1) == 0:  # the last trick: no choice left
                stats.nodes += 3
                a = hs[p].bit_length() - 1
                b1 = hs[(p + 1) % 3].bit_length() - 1
                c = hs[(p + 2) % 3].bit_length() - 1
                led = blocks[a]
                w, wi = a, 0
                if b1 > w and (blocks[b1] == led or blocks[b1] == trump):
                    w, wi = b1, 1
                if c > w and (blocks[c] == led or blocks[c] == trump):
                    wi = 2
                win = (p + wi) % 3
                return (1 if stop[win] else 0) if null else (total if count[win] else 0)
            if h0.bit_count() == 2:
                return two(p, total)
            return solve(p, alpha, beta)

        def solve(p: int, alpha: int, beta: int) -> int:
            """Three or more tricks to go, ``p`` to lead (fail-soft alpha-beta)."""
            h0, h1, h2 = hs
            rest = h0 | h1 | h2
            last = h0.bit_count() == 3  # the next trick start is a two-trick end
            if null:
                hi_b = 1
            elif tricks:
                hi_b = h0.bit_count()
            else:
                hi_b = (p0[rest & 4095] + p1[(rest >> 12) & 4095] + p2[(rest >> 24) & 4095]
                        + p3[(rest >> 36) & 4095] + p4[rest >> 48])
            total = hi_b
            lo_b = 0
            if not null:
                # Sure trumps: a trump above every trump of the other side wins whatever trick
                # it falls in, so its points (or its trick) are as good as taken.
                mine = ((h0 if c0 else 0) | (h1 if c1 else 0) | (h2 if c2 else 0)) & tmask
                theirs = rest & tmask & ~mine
                if mine or theirs:
                    sure_m = mine & -(2 << (theirs.bit_length() - 1)) if theirs else mine
                    sure_t = theirs & -(2 << (mine.bit_length() - 1)) if mine else theirs
                    if tricks:
                        if sure_m:
                            lo_b = sure_m.bit_count() if solo else 1
                        if sure_t:
                            hi_b -= 1 if solo else sure_t.bit_count()
                    else:
                        lo_b = p4[sure_m >> 48]
                        hi_b -= p4[sure_t >> 48]
            if hi_b <= alpha:
                return hi_b
            if lo_b >= beta:
                return lo_b
            key = (((h0 << 60) | h1) << 60 | h2) << 2 | p
            entry = tt.get(key)
            first = -1
            if entry is not None:
                e_lo, e_hi, first = entry
                if e_lo >= beta:
                    return e_lo
                if e_hi <= alpha:
                    return e_hi
                if e_lo == e_hi:
                    return e_lo
                if e_hi < hi_b:
                    hi_b = e_hi
                if e_lo > lo_b:
                    lo_b = e_lo
            if lo_b >= hi_b:
                return lo_b
            if lo_b > alpha:
                alpha = lo_b
            if hi_b < beta:
                beta = hi_b
            a0, b0 = alpha, beta
            q = (p + 1) % 3
            r = (p + 2) % 3
            ha, hb, hc = hs[p], hs[q], hs[r]
            ma, mb, mc = maxer[p], maxer[q], maxer[r]
            # Leads: the table's best, then sure winners (the top live card of their block)
            # richest first, then the rest from the top; the minimizing side keeps its trumps
            # for last (measured: a third fewer nodes than trumps first) and leads first to
            # its partner's top cards.
            moves = reps(ha, rest)
            if len(moves) > 1:
                partner = (0 if mb else hb) | (0 if mc else hc)
                dec = []
                for b in moves:
                    if b == first:
                        k = -100_000
                    elif (rest & bmask[blocks[b]]).bit_length() - 1 == b:
                        k = -1000 - pts[b] * 64 - b
                    elif ma:
                        k = -b
                    elif blocks[b] != TRUMP:
                        # a suit whose top live card the partner holds first
                        top = (rest & bmask[blocks[b]]).bit_length() - 1
                        k = -b - (2000 if (partner >> top) & 1 else 0)
                    else:
                        k = 1000 - b
                    dec.append((k, b))
                dec.sort()
                moves = [b for _, b in dec]
            n = 0
            best1 = -1 if ma else 10_000
            best_move = moves[0]
            ally_b = ma == mb and not selfish
            for a in moves:
                hs[p] = ha ^ (1 << a)
                led = blocks[a]
                lm = bmask[led]
                pa = pts[a]
                # second hand: the last refutation of this lead, then cards that beat the lead
                # (highest first), smears on a partner's lead, cheap discards
                cb = hb & lm
                mv2 = reps(cb, rest & lm) if cb else reps(hb, rest)
                if len(mv2) > 1:
                    dec = []
                    kb = kill2[a]
                    for b in mv2:
                        beats = b > a and (blocks[b] == led or blocks[b] == trump)
                        if b == kb:
                            k = -100_000
                        elif beats:
                            k = -b - 4096
                        elif ally_b:
                            k = -pts[b] * 64
                        else:
                            k = 8192 + pts[b] * 64 + b
                        dec.append((k, b))
                    dec.sort()
                    mv2 = [b for _, b in dec]
                al2, be2 = alpha, beta
                best2 = -1 if mb else 10_000
                cc = hc & lm
                mv3a = reps(cc, rest & lm) if cc else reps(hc, rest)
                mv3 = mv3a
                w_seen = -1
                for b in mv2:
                    hs[q] = hb ^ (1 << b)
                    if b > a and (blocks[b] == led or blocks[b] == trump):
                        w, wpos = b, q
                    else:
                        w, wpos = a, p
                    # cards that beat the trick so far: higher in the led block or trumps
                    beat = (lm | tmask) & -(2 << w)
                    s2 = pa + pts[b] + bonus
                    if w != w_seen and len(mv3a) > 1:
                        # third hand (the order depends only on the card winning so far):
                        # smear on a partner, else win richest, else discard cheapest
                        w_seen = w
                        ally = maxer[wpos] == mc and not selfish
                        dec = []
                        for c in mv3a:
                            if ally or (beat >> c) & 1:
                                k = -pts[c] * 64 - c
                            else:
                                k = 8192 + pts[c] * 64 + c
                            dec.append((k, c))
                        dec.sort()
                        mv3 = [c for _, c in dec]
                    al3, be3 = al2, be2
                    best3 = -1 if mc else 10_000
                    for c in mv3:
                        n += 1
                        win = r if (beat >> c) & 1 else wpos
                        if null:
                            if stop[win]:
                                v = 1
                            else:
                                hs[r] = hc ^ (1 << c)
                                v = two(win, 1) if last else solve(win, al3, be3)
                        else:
                            # the next trick start's own first bounds, without the call
                            got = s2 + pts[c]
                            left = total - got
                            if count[win]:
                                if got + left <= al3:
                                    v = got + left
                                elif got >= be3:
                                    v = got
                                else:
                                    hs[r] = hc ^ (1 << c)
                                    v = got + (two(win, left) if last
                                               else solve(win, al3 - got, be3 - got))
                            elif left <= al3:
                                v = left
                            elif be3 <= 0:
                                v = 0
                            else:
                                hs[r] = hc ^ (1 << c)
                                v = two(win, left) if last else solve(win, al3, be3)
                        if mc:
                            if v > best3:
                                best3 = v
                                if v > al3:
                                    al3 = v
                                    if v >= be3:
                                        break
                        elif v < best3:
                            best3 = v
                            if v < be3:
                                be3 = v
                                if v <= al3:
                                    break
                    hs[r] = hc
                    n += 1
                    v = best3
                    if mb:
                        if v > best2:
                            best2 = v
                            if v > al2:
                                al2 = v
                                if v >= be2:
                                    kill2[a] = b
                                    break
                    elif v < best2:
                        best2 = v
                        if v < be2:
                            be2 = v
                            if v <= al2:
                                kill2[a] = b
                                break
                hs[q] = hb
                n += 1
                v = best2
                if ma:
                    if v > best1:
                        best1, best_move = v, a
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                break
                elif v < best1:
                    best1, best_move = v, a
                    if v < beta:
                        beta = v
                        if v <= alpha:
                            break
            hs[p] = ha
            stats.nodes += n
            best = best1
            if best <= a0:
                tt[key] = (lo_b, min(best, hi_b), best_move)
            elif best >= b0:
                tt[key] = (max(best, lo_b), hi_b, best_move)
            else:
                tt[key] = (best, best, best_move)
            return best

        return start

    # -- cheap play-outs for the early tricks ---------------------------------------------
    def rollout_values(self, hands: Mapping[Seat, Iterable[Card]], trick: Sequence[Play],
                       turn: Seat) -> dict[Card, int]:
        """The value after each legal card when everyone then plays by `_greedy` (all hands
        open): a cheap stand-in for the exact search while many tricks remain."""
        tb, leader = self._setup(hands, trick)
        hs = self._hs
        pos = self.order.index(turn)
        live = hs[0] | hs[1] | hs[2]
        for b in tb:
            live |= 1 << b
        out: dict[Card, int] = {}
        for b, same in self._reps(self._legal(hs[pos], tb), live):
            v = self._rollout(list(hs), pos, leader, list(tb), b)
            for c in same:
                out[self.cards[c]] = v
        return out

    def _rollout(self, hs: list[int], pos: int, leader: int, tb: list[int], first: int) -> int:
        total = 0
        b = first
        while True:
            if not tb:
                leader = pos
            hs[pos] ^= 1 << b
            tb.append(b)
            if len(tb) == 3:
                win, _ = self._winner(tb, leader)
                if self.null:
                    if win == self.decl_pos:
                        return 1
                elif self.count[win]:
                    total += self.points[tb[0]] + self.points[tb[1]] + self.points[tb[2]]
                tb = []
                pos = win
                if not hs[pos]:
                    return total
            else:
                pos = (pos + 1) % 3
            b = self._greedy(hs, pos, leader, tb)

    def _top(self, live: int, block: int) -> int:
        m = live & _BLOCK_MASK[block]
        return m.bit_length() - 1 if m else -1

    def _greedy(self, hs: list[int], pos: int, leader: int, tb: list[int]) -> int:
        """A plain, sighted card player: take what can be taken, smear on a partner, else duck
        with the cheapest card."""
        h = hs[pos]
        cand = self._legal(h, tb)
        cards = []
        x = cand
        while x:
            low = x & -x
            cards.append(low.bit_length() - 1)
            x ^= low
        pts, blocks = self.points, self.blocks
        live = hs[0] | hs[1] | hs[2]
        me_max = self.maxer[pos]
        if self.null:
            return self._greedy_null(hs, pos, leader, tb, cards)
        if not tb:
            others = [hs[(pos + 1) % 3], hs[(pos + 2) % 3]]
            trumps = h & _BLOCK_MASK[TRUMP]
            if trumps and self.count[pos] and any(o & _BLOCK_MASK[TRUMP] for o in others):
                top = self._top(live, TRUMP)
                if trumps >> top & 1:
                    return top
            for b in sorted(cards, key=lambda c: -pts[c]):
                if blocks[b] != TRUMP and self._top(live, blocks[b]) == b:
                    return b
            return min(cards, key=lambda c: (pts[c], blocks[c] == TRUMP, c))
        win_pos, wi = self._winner(tb, leader)
        cur = tb[wi]
        # In Ramsch (one seat counted, minimizing) nobody has a partner.
        ally = self.maxer[win_pos] == me_max and win_pos != pos and not self.selfish
        last = len(tb) == 2
        nxt = hs[(pos + 1) % 3]

        def beats(b: int, c: int) -> bool:
            if blocks[b] == blocks[c]:
                return b > c
            return blocks[b] == TRUMP and blocks[c] != TRUMP

        def safe(b: int) -> bool:
            """Nobody after me can beat ``b`` (sighted)."""
            if last:
                return True
            follow = self._legal(nxt, [*tb, b])
            y = follow
            while y:
                low = y & -y
                if beats(low.bit_length() - 1, b):
                    return False
                y ^= low
            return True

        if ally and safe(cur):
            return max(cards, key=lambda c: (pts[c], -(blocks[c] == TRUMP), -c))
        winners = [b for b in cards if beats(b, cur) and safe(b)]
        if winners:
            return max(winners, key=lambda c: (pts[c], -c)) if last else min(
                winners, key=lambda c: (blocks[c] == TRUMP, c))
        return min(cards, key=lambda c: (pts[c], blocks[c] == TRUMP, c))

    def _greedy_null(self, hs: list[int], pos: int, leader: int, tb: list[int],
                     cards: list[int]) -> int:
        is_decl = pos == self.decl_pos
        if not tb:
            if is_decl:
                return min(cards)
            dh = hs[self.decl_pos]
            for b in sorted(cards):
                if dh & _BLOCK_MASK[self.blocks[b]]:
                    return b
            return min(cards)
        win_pos, wi = self._winner(tb, leader)
        cur = tb[wi]
        same = [b for b in cards if self.blocks[b] == self.blocks[tb[0]]]
        if is_decl:
            under = [b for b in same if b < cur]
            if under:
                return max(under)
            return max(cards) if not same else min(same)
        if win_pos == self.decl_pos:
            under = [b for b in same if b < cur]
            return max(under) if under else min(cards)
        return max(cards) if not same else min(same)
