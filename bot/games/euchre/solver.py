"""Exact (double-dummy) trick-play solver for Euchre, used by the AI on sampled deals.

A Euchre hand is small (at most five tricks, at most four hands of five cards), so each sampled
deal can be solved exactly: alpha-beta on "tricks still to win for one side", with a
transposition table at trick boundaries and equivalent cards collapsed (two cards of one suit in
one hand with no live card between them play the same). Cards are mapped, for a given trump, to
bit positions so that a suit is a contiguous block ordered by power and the trump block sits on
top: following suit is one mask, and "beats" is one comparison.

This module works on card codes (``CJ``) and seat numbers only; it knows nothing of states or
views, so the AI can call it on any guessed deal and tests can check it against brute force.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from bot.games.cards import SAME_COLOUR, SUITS, Card
from bot.games.euchre.ranking import effective_suit, trick_winner

BLOCK = 10
"""Bits per effective suit: 9 trumps (32-card pack) fit, and a gap is harmless."""

TRUMP_BLOCK = 3
_MASKS = tuple(((1 << BLOCK) - 1) << (BLOCK * k) for k in range(4))

_PLAIN_ORDER = "789TJQKA"  # low to high, a suit that is not trump
_TRUMP_ORDER = "789TQKA"  # low to high below the bowers


@cache
def card_bits(trump: str) -> Mapping[Card, int]:
    """Card code -> bit index for ``trump`` (the left bower sits in the trump block)."""
    left = SAME_COLOUR[trump]
    others = [s for s in SUITS if s != trump]
    out: dict[Card, int] = {}
    for k, s in enumerate(others):
        for p, r in enumerate(_PLAIN_ORDER):
            if s == left and r == "J":
                continue
            out[s + r] = BLOCK * k + p
    base = BLOCK * TRUMP_BLOCK
    for p, r in enumerate(_TRUMP_ORDER):
        out[trump + r] = base + p
    out[left + "J"] = base + len(_TRUMP_ORDER)
    out[trump + "J"] = base + len(_TRUMP_ORDER) + 1
    return out


@cache
def bit_cards(trump: str) -> Mapping[int, Card]:
    return {b: c for c, b in card_bits(trump).items()}


class Solver:
    """Double-dummy search of one deal (one trump, fixed hands); reusable across root moves.

    ``hands[seat]`` are the cards still held (empty for a seat sitting out or absent);
    ``ours[seat]`` says which side a seat is on: the search returns how many of the remaining
    tricks the ``ours`` side takes with best play by both sides.
    """

    def __init__(self, hands: Sequence[Sequence[Card]], trump: str, ours: Sequence[bool]) -> None:
        bits = card_bits(trump)
        self.trump = trump
        self.bits = bits
        self.n = len(hands)
        self.hands = [_mask(h, bits) for h in hands]
        self.ours = list(ours)
        self.memo: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        self._orders: dict[int, list[int]] = {}

    def _active(self, leader: int) -> list[int]:
        """Seats that play to a trick, clockwise from ``leader`` (those holding cards)."""
        order = self._orders.get(leader)
        if order is None:
            seq = [(leader + i) % self.n for i in range(self.n)]
            order = [s for s in seq if self.hands[s] or s == leader]
            if all(self.hands[s] for s in order):  # between tricks: the same seats stay in
                self._orders[leader] = order
        return order

    def value(self, leader: int, trick: Sequence[tuple[int, Card]] = ()) -> int:
        """Tricks the ``ours`` side takes from now on (the current trick included)."""
        return self._root(leader, trick, None, -1, 6)

    def move_values(self, leader: int, trick: Sequence[tuple[int, Card]] = ()) -> dict[Card, int]:
        """For each card the seat to play may play: tricks its ``ours`` side then takes."""
        out: dict[Card, int] = {}
        for rep, cards in self._root_classes(leader, trick):
            value = self._root(leader, trick, rep, -1, 6)
            out.update(dict.fromkeys(cards, value))
        return out

    def move_levels(
        self, leader: int, trick: Sequence[tuple[int, Card]], thresholds: Sequence[int]
    ) -> dict[Card, int]:
        """For each card: how many of the ascending ``thresholds`` the ``ours`` side reaches.

        Scores change only at a few trick counts (three tricks, a march), so the AI needs only
        these yes/no answers; null-window searches give them much faster than exact values.
        """
        out: dict[Card, int] = {}
        for rep, cards in self._root_classes(leader, trick):
            level = 0
            for t in thresholds:
                if t > 0 and self._root(leader, trick, rep, t - 1, t) < t:
                    break
                level += 1
            out.update(dict.fromkeys(cards, level))
        return out

    def _root_classes(
        self, leader: int, trick: Sequence[tuple[int, Card]]
    ) -> list[tuple[int, list[Card]]]:
        """The legal cards of the seat to play, grouped into runs that play alike: one search
        per run (its top card) answers for all of them."""
        seat = self._to_play(leader, trick)
        cands = self._candidates(seat, trick)
        live = 0
        for h in self.hands:
            live |= h
        for _, c in trick:
            live |= 1 << self.bits[c]
        rev = bit_cards(self.trump)
        rep_of: dict[int, int] = {}
        classes: dict[int, list[Card]] = {}
        for c in reversed(_bits_of(cands)):
            low = 1 << c
            above = live & _MASKS[c // BLOCK] & ~((low << 1) - 1)
            nxt = (above & -above).bit_length() - 1 if above else -1
            rep = rep_of.get(nxt, c)
            rep_of[c] = rep
            classes.setdefault(rep, []).append(rev[c])
        return list(classes.items())

    def _to_play(self, leader: int, trick: Sequence[tuple[int, Card]]) -> int:
        if not trick:
            return leader
        order = self._active_with_trick(leader, trick)
        if len(trick) >= len(order):
            raise ValueError("The trick is already complete.")
        return order[len(trick)]

    def _candidates(self, seat: int, trick: Sequence[tuple[int, Card]]) -> int:
        h = self.hands[seat]
        if not trick:
            return h
        lead_block = self.bits[trick[0][1]] // BLOCK
        follow = h & _MASKS[lead_block]
        return follow or h

    def _root(
        self,
        leader: int,
        trick: Sequence[tuple[int, Card]],
        first: int | None,
        alpha: int,
        beta: int,
    ) -> int:
        """Search from a position inside a trick, optionally forcing the next card."""
        if not trick and first is None:
            return self._trick(leader, alpha, beta)
        order = self._active_with_trick(leader, trick)
        played = [self.bits[c] for _, c in trick]
        win_seat, win = (trick[0][0], played[0]) if trick else (leader, -1)
        for (seat, _), c in zip(trick[1:], played[1:], strict=True):
            if _beats(c, win):
                win_seat, win = seat, c
        lead_block = played[0] // BLOCK if played else -1
        in_trick = 0
        for c in played:
            in_trick |= 1 << c
        i = len(trick)
        if first is None:
            return self._play(order, i, lead_block, win, win_seat, in_trick, alpha, beta)
        seat = order[i]
        bit = 1 << first
        self.hands[seat] ^= bit
        try:
            if i == 0:
                lead_block, win, win_seat = first // BLOCK, first, seat
            elif _beats(first, win):
                win, win_seat = first, seat
            return self._play(order, i + 1, lead_block, win, win_seat, in_trick | bit, alpha, beta)
        finally:
            self.hands[seat] ^= bit

    def _active_with_trick(self, leader: int, trick: Sequence[tuple[int, Card]]) -> list[int]:
        """Playing order of the current trick: seats that played already count as active."""
        played = {s for s, _ in trick}
        order = [(leader + i) % self.n for i in range(self.n)]
        return [s for s in order if self.hands[s] or s == leader or s in played]

    def _trick(self, leader: int, alpha: int, beta: int) -> int:
        """Value at the start of a trick led by ``leader``; transposition table lives here."""
        hands = self.hands
        left = hands[leader].bit_count()
        if left == 0:
            return 0
        order = self._active(leader)
        if left == 1:
            return self._last_trick(order)
        key = (*hands, leader)
        lo, hi = self.memo.get(key, (0, left))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a, b = max(alpha, lo), min(beta, hi)
        v = self._play(order, 0, -1, -1, leader, 0, a, b)
        if v <= a:
            hi = v
        elif v >= b:
            lo = v
        else:
            lo = hi = v
        self.memo[key] = (lo, hi)
        return v

    def _last_trick(self, order: list[int]) -> int:
        self.nodes += 1
        hands = self.hands
        win_seat = order[0]
        win = hands[win_seat].bit_length() - 1
        for s in order[1:]:
            c = hands[s].bit_length() - 1
            if c // BLOCK == win // BLOCK:
                if c > win:
                    win, win_seat = c, s
            elif c // BLOCK == TRUMP_BLOCK:
                win, win_seat = c, s
        return 1 if self.ours[win_seat] else 0

    def _play(
        self,
        order: list[int],
        i: int,
        lead_block: int,
        win: int,
        win_seat: int,
        in_trick: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Seat ``order[i]`` plays to the current trick (``i`` cards are down already)."""
        self.nodes += 1
        hands = self.hands
        if i == len(order):
            won = 1 if self.ours[win_seat] else 0
            return won + self._trick(win_seat, alpha - won, beta - won)
        seat = order[i]
        h = hands[seat]
        cands = h if i == 0 else (h & _MASKS[lead_block]) or h
        live = in_trick
        for x in hands:
            live |= x
        moves = _distinct(cands, live)
        maximise = self.ours[seat]
        if i > 0:
            moves = _order_follow(moves, win, lead_block, self.ours[win_seat] == maximise)
        else:
            moves.reverse()
        best = -1 if maximise else 99
        last = i + 1
        for c in moves:
            bit = 1 << c
            hands[seat] = h ^ bit
            if i == 0:
                v = self._play(order, last, c // BLOCK, c, seat, in_trick | bit, alpha, beta)
            elif _beats(c, win):
                v = self._play(order, last, lead_block, c, seat, in_trick | bit, alpha, beta)
            else:
                v = self._play(order, last, lead_block, win, win_seat, in_trick | bit, alpha, beta)
            hands[seat] = h
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best


def _beats(c: int, win: int) -> bool:
    cb, wb = c // BLOCK, win // BLOCK
    if cb == wb:
        return c > win
    return cb == TRUMP_BLOCK


def _mask(cards: Sequence[Card], bits: Mapping[Card, int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << bits[c]
    return m


def _bits_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _distinct(cands: int, live: int) -> list[int]:
    """Candidate bits, ascending, keeping one card of each run of equivalent cards.

    A card is dropped when the next live card above it in its suit is also a candidate: the two
    are touching in what is left of the suit, so they win and lose the same tricks.
    """
    if not cands & (cands - 1):
        return [cands.bit_length() - 1]
    out = []
    m = cands
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        above = live & _MASKS[c // BLOCK] & ~((low << 1) - 1)
        if above:
            nxt = above & -above
            if cands & nxt:
                continue
        out.append(c)
    return out


def _order_follow(moves: list[int], win: int, lead_block: int, partner_winning: bool) -> list[int]:
    """Try the cheapest winning card first, then the lowest cards (moves come in ascending)."""
    if partner_winning:
        return moves
    winners = [c for c in moves if _beats(c, win)]
    if not winners:
        return moves
    cheapest = winners[0]
    return [cheapest, *[c for c in moves if c != cheapest]]


def brute_force(
    hands: Sequence[Sequence[Card]],
    trump: str,
    ours: Sequence[bool],
    leader: int,
    trick: Sequence[tuple[int, Card]] = (),
) -> int:
    """Plain minimax over every legal card, for tests of `Solver` on small positions.

    It uses the rules' own card order (`ranking`), not the solver's bit layout, so the two
    check each other."""
    n = len(hands)
    held = [list(h) for h in hands]

    def order_from(lead: int, played: set[int]) -> list[int]:
        seq = [(lead + i) % n for i in range(n)]
        return [s for s in seq if held[s] or s == lead or s in played]

    def rec(lead: int, cur: list[tuple[int, Card]]) -> int:
        order = order_from(lead, {s for s, _ in cur})
        if len(cur) == len(order):
            w = trick_winner(cur, trump)
            won = 1 if ours[w] else 0
            if not held[w]:
                return won
            return won + rec(w, [])
        seat = order[len(cur)]
        hand = held[seat]
        if cur:
            led = effective_suit(cur[0][1], trump)
            follow = [c for c in hand if effective_suit(c, trump) == led]
            cands = follow or list(hand)
        else:
            cands = list(hand)
        vals = []
        for c in cands:
            hand.remove(c)
            vals.append(rec(lead, [*cur, (seat, c)]))
            hand.append(c)
        return max(vals) if ours[seat] else min(vals)

    return rec(leader, list(trick))
