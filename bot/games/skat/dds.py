"""Double-dummy search for Skat card play: the AI solves each sampled deal with it.

`solver.py` answers the engine's yes/no claim questions on small endgames; this module is the
fast one, for whole deals. For one contract every card is mapped to a bit so that an effective
suit is a contiguous block ordered by power and the trump block sits on top: following suit is
one mask, and the winner of a trick is simply the highest bit among the cards of the led block
and the trump block. Hands are ints.

The search is alpha-beta on the card points the *counted* seats take from here on (the Player's
side in trump games; one seat in Ramsch, paranoid), with a transposition table at trick starts
(bounds plus the best lead), move ordering, and equivalent cards collapsed: two cards of one
block with no live card between them and the same point value play the same. Null games count
1 if the Player takes a trick, and stop there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache

from bot.games.cards import SUITS, Card
from bot.games.skat.contracts import CARD_POINTS, Contract

Seat = int
Play = tuple[Seat, Card]
Rec = Callable[[int, int, tuple[int, ...], int, int], int]
"""The search from (position to play, leader's position, cards in the trick, alpha, beta)."""

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
    maximize). The table is kept between calls, so searching every move of one position (or
    the next position of the same deal) reuses it.
    """

    def __init__(self, contract: Contract, order: Sequence[Seat], *, counted: Iterable[Seat],
                 maximizers: Iterable[Seat], declarer: Seat | None = None) -> None:
        self.key = order_key(contract)
        self.bits, self.cards, self.points, self.blocks = layout(self.key)
        self.null = self.key == "N"
        self.order = list(order)
        counted_set = set(counted)
        maxers = set(maximizers)
        self.count = tuple(s in counted_set for s in self.order)
        self.maxer = tuple(s in maxers for s in self.order)
        self.decl_pos = self.order.index(declarer) if declarer in self.order else -1
        self.selfish = sum(self.count) == 1 and not any(
            c and m for c, m in zip(self.count, self.maxer, strict=True))
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self._cached: tuple[list[int], Rec] | None = None

    # -- public ---------------------------------------------------------------------------
    def value(self, hands: Mapping[Seat, Iterable[Card]], trick: Sequence[Play], turn: Seat,
              alpha: int = -1, beta: int = 121) -> int:
        """The value of the position (fail-soft inside ``(alpha, beta)``)."""
        hs, tb, leader = self._setup(hands, trick)
        return self._rec(hs, self.order.index(turn), leader, tb, alpha, beta)

    def exact(self, hands: Mapping[Seat, Iterable[Card]], trick: Sequence[Play],
              turn: Seat) -> int:
        """The exact value by bisection on null-window searches that share the table: much
        faster than one full-window search here."""
        lo, hi = 0, 1 if self.null else 120
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.value(hands, trick, turn, mid - 1, mid) >= mid:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def move_values(self, hands: Mapping[Seat, Iterable[Card]], trick: Sequence[Play],
                    turn: Seat, window: tuple[int, int] | None = None) -> dict[Card, int]:
        """The value after each card ``turn`` may play (equivalent cards share one search).

        With ``window=(lo, hi)`` values are exact inside it and clamped outside: enough to tell
        which moves reach a target, and much faster than full windows.
        """
        hs, tb, leader = self._setup(hands, trick)
        pos = self.order.index(turn)
        lo, hi = window if window is not None else (-1, 121)
        out: dict[Card, int] = {}
        h = hs[pos]
        cand = self._legal(h, tb)
        live = hs[0] | hs[1] | hs[2]
        for b in tb:
            live |= 1 << b
        reps = self._reps(cand, live)
        for b, same in reps:
            v = self._play(hs, pos, leader, tb, b, lo, hi)
            v = max(lo, min(hi, v))
            for c in same:
                out[self.cards[c]] = v
        return out

    # -- internals ------------------------------------------------------------------------
    def _setup(self, hands: Mapping[Seat, Iterable[Card]],
               trick: Sequence[Play]) -> tuple[list[int], list[int], int]:
        hs = [to_mask(hands[s], self.bits) for s in self.order]
        tb = [self.bits[c] for _, c in trick]
        leader = self.order.index(trick[0][0]) if trick else -1
        return hs, tb, leader

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

    def _play(self, hs: list[int], pos: int, leader: int, tb: list[int], b: int,
              alpha: int, beta: int) -> int:
        """Value after ``pos`` plays bit ``b`` (hands restored afterwards)."""
        rec = self._core(hs)
        h = hs[pos]
        hs[pos] = h ^ (1 << b)
        try:
            if len(tb) < 2:
                lead = pos if not tb else leader
                return rec((pos + 1) % 3, lead, (*tb, b), alpha, beta)
            c0, c1 = tb
            win = self._trick_winner(c0, c1, b, leader)
            if self.null:
                return 1 if win == self.decl_pos else rec(win, win, (), alpha, beta)
            pts = self.points
            got = pts[c0] + pts[c1] + pts[b] if self.count[win] else 0
            return got + rec(win, win, (), alpha - got, beta - got)
        finally:
            hs[pos] = h

    def _trick_winner(self, c0: int, c1: int, c2: int, leader: int) -> int:
        blocks = self.blocks
        led = blocks[c0]
        trump = -1 if self.null else TRUMP
        w, wi = c0, 0
        if c1 > w and (blocks[c1] == led or blocks[c1] == trump):
            w, wi = c1, 1
        if c2 > w and (blocks[c2] == led or blocks[c2] == trump):
            wi = 2
        return (leader + wi) % 3

    def _rec(self, hs: list[int], pos: int, leader: int, tb: list[int], alpha: int,
             beta: int) -> int:
        lead = leader if tb else pos
        return self._core(hs)(pos, lead, tuple(tb), alpha, beta)

    def _core(self, hs: list[int]) -> Rec:
        """The alpha-beta search as one closure over ``hs`` (attribute look-ups cost)."""
        if self._cached is not None and self._cached[0] is hs:
            return self._cached[1]
        blocks, pts, maxer, count = self.blocks, self.points, self.maxer, self.count
        null, decl, tt, selfish = self.null, self.decl_pos, self.tt, self.selfish
        trump = -1 if null else TRUMP
        bmask = _BLOCK_MASK
        ptab = _point_tables(self.key)
        stats = self

        def mask_points(m: int) -> int:
            return (ptab[0][m & 4095] + ptab[1][(m >> 12) & 4095] + ptab[2][(m >> 24) & 4095]
                    + ptab[3][(m >> 36) & 4095] + ptab[4][m >> 48])

        def rec(pos: int, leader: int, tr: tuple[int, ...], alpha: int, beta: int) -> int:
            stats.nodes += 1
            h0, h1, h2 = hs
            n = len(tr)
            key = 0
            lo_b = 0
            if n == 0:
                rest = h0 | h1 | h2
                if not rest:
                    return 0
                if null:
                    hi_b = 1
                else:
                    hi_b = mask_points(rest)
                    if not (h0 & (h0 - 1)):  # the last trick: no choice left
                        a = hs[pos]
                        b1 = hs[(pos + 1) % 3]
                        c = hs[(pos + 2) % 3]
                        a, b1, c = a.bit_length() - 1, b1.bit_length() - 1, c.bit_length() - 1
                        led = blocks[a]
                        w, wi = a, 0
                        if b1 > w and (blocks[b1] == led or blocks[b1] == trump):
                            w, wi = b1, 1
                        if c > w and (blocks[c] == led or blocks[c] == trump):
                            wi = 2
                        return hi_b if count[(pos + wi) % 3] else 0
                if hi_b <= alpha:
                    return hi_b
                if beta <= 0:
                    return 0
                key = (((h0 << 60) | h1) << 60 | h2) << 2 | pos
                entry = tt.get(key)
                first = -1
                if entry is not None:
                    lo_b, e_hi, first = entry
                    if lo_b >= beta:
                        return lo_b
                    if e_hi <= alpha:
                        return e_hi
                    if lo_b == e_hi:
                        return lo_b
                    hi_b = min(hi_b, e_hi)
                    if lo_b > alpha:
                        alpha = lo_b
                    if hi_b < beta:
                        beta = hi_b
                a0, b0 = alpha, beta
            h = hs[pos]
            if n:
                led = blocks[tr[0]]
                cand = (h & bmask[led]) or h
                live = h0 | h1 | h2
                for x in tr:
                    live |= 1 << x
            else:
                cand = h
                live = h0 | h1 | h2
            # equivalent cards: one representative per run
            moves: list[int] = []
            prev = -2
            while cand:
                low = cand & -cand
                b = low.bit_length() - 1
                cand ^= low
                if (prev >= 0 and blocks[b] == blocks[prev] and pts[b] == pts[prev]
                        and not (live >> (prev + 1)) & ((1 << (b - prev - 1)) - 1)):
                    prev = b
                    continue
                moves.append(b)
                prev = b
            maxing = maxer[pos]
            if len(moves) > 1:
                if n == 0:
                    # The table's best lead, then sure winners (the top live card of their
                    # suit) richest first, then the cheapest cards.
                    dec = []
                    for b in moves:
                        if b == first:
                            k = -100_000
                        elif (live & bmask[blocks[b]]).bit_length() - 1 == b:
                            k = -1000 - pts[b] * 64 - b
                        else:
                            k = -b
                        dec.append((k, b))
                    dec.sort()
                    moves = [b for _, b in dec]
                else:
                    w, wi = tr[0], 0
                    if n == 2:
                        c1 = tr[1]
                        if c1 > w and (blocks[c1] == led or blocks[c1] == trump):
                            w, wi = c1, 1
                    wpos = (leader + wi) % 3
                    ally = maxer[wpos] == maxing and not selfish
                    dec = []
                    for b in moves:
                        beats = b > w and (blocks[b] == led or blocks[b] == trump)
                        if ally and (n == 2 or not beats):
                            k = -pts[b] * 64
                        elif beats:
                            k = -pts[b] * 64 if n == 2 else b - 4096
                        else:
                            k = 8192 + pts[b] * 64 + b
                        dec.append((k, b))
                    dec.sort()
                    moves = [b for _, b in dec]
            best = -1 if maxing else 10_000
            best_move = moves[0]
            nxt = (pos + 1) % 3
            for b in moves:
                hs[pos] = h ^ (1 << b)
                if n < 2:
                    v = rec(nxt, leader if n else pos, (*tr, b), alpha, beta)
                else:
                    c0, c1 = tr
                    w, wi = c0, 0
                    if c1 > w and (blocks[c1] == led or blocks[c1] == trump):
                        w, wi = c1, 1
                    if b > w and (blocks[b] == led or blocks[b] == trump):
                        wi = 2
                    win = (leader + wi) % 3
                    if null:
                        v = 1 if win == decl else rec(win, win, (), alpha, beta)
                    elif count[win]:
                        got = pts[c0] + pts[c1] + pts[b]
                        v = got + rec(win, win, (), alpha - got, beta - got)
                    else:
                        v = rec(win, win, (), alpha, beta)
                hs[pos] = h
                if maxing:
                    if v > best:
                        best, best_move = v, b
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best, best_move = v, b
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            if n == 0:
                if best <= a0:
                    entry = tt.get(key)
                    e_lo = entry[0] if entry else 0
                    tt[key] = (e_lo, min(best, hi_b), best_move)
                elif best >= b0:
                    entry = tt.get(key)
                    e_hi = entry[1] if entry else hi_b
                    tt[key] = (max(best, lo_b), e_hi, best_move)
                else:
                    tt[key] = (best, best, best_move)
            return best

        self._cached = (hs, rec)
        return rec

    # -- cheap play-outs for the early tricks ---------------------------------------------
    def rollout_values(self, hands: Mapping[Seat, Iterable[Card]], trick: Sequence[Play],
                       turn: Seat) -> dict[Card, int]:
        """The value after each legal card when everyone then plays by `_greedy` (all hands
        open): a cheap stand-in for the exact search while many tricks remain."""
        hs, tb, leader = self._setup(hands, trick)
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
