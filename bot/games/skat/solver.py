"""Perfect-information search over the cards still in play, to decide claims ([A-18]).

A claim is correct iff the claiming side can force the result whatever the other side plays.
The engine knows every hand, so an exhaustive search settles it; claims are only offered late in
a deal (`rules.CLAIM_CARDS`), which keeps the search to a few thousand positions.

`_claimc.c` is the same search compiled (setup.py builds it where a C compiler is): the three
questions below use it when it imported, and the Python search here otherwise (``NATIVE``; the
tests compare the two). The Python one is the reference.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache

from bot.games.cards import SUITS, Card, deck
from bot.games.skat.contracts import CARD_POINTS, SKAT_RANKS, Contract, card_order, points_of

try:  # the compiled core (setup.py builds it when a C compiler is there); else Python alone
    from bot.games.skat import _claimc
except ImportError:  # pragma: no cover - depends on the build
    _claimc = None  # type: ignore[assignment]

NATIVE = _claimc is not None
"""Whether the questions go to the compiled core (tests set it False to run the Python one)."""

Seat = int
Play = tuple[Seat, Card]


class _Table:
    """The cards still in play as bits (in sorted order: bit ``i`` is ``cards[i]``), with their
    effective suit, power and points looked up once per search from the contract. Hands are a
    tuple of bitmasks in table order: cheap to copy, to key the memo and to filter by suit,
    and their bits run in the order the search used to sort the cards in."""

    def __init__(self, order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]],
                 trick: Sequence[Play], contract: Contract) -> None:
        self.cards = sorted({c for s in order for c in hands[s]} | {c for _, c in trick})
        bit = {c: i for i, c in enumerate(self.cards)}
        self.order = tuple(order)
        self.index = {s: i for i, s in enumerate(order)}
        self.eff = [contract.follow_suit(c) for c in self.cards]
        self.power = [contract.power(c) for c in self.cards]
        self.points = [points_of([c]) for c in self.cards]
        self.suit_mask: dict[str, int] = {}
        for i, e in enumerate(self.eff):
            self.suit_mask[e] = self.suit_mask.get(e, 0) | (1 << i)
        self.start = tuple(_mask(bit[c] for c in hands[s]) for s in order)
        # per effective suit, its card numbers from the highest power down
        self.by_power = {e: sorted((i for i in range(len(self.cards)) if self.eff[i] == e),
                                   key=lambda i: -self.power[i]) for e in self.suit_mask}
        self.trick = tuple((s, bit[c]) for s, c in trick)

    def legal(self, hand: int, tr: tuple[tuple[Seat, int], ...]) -> list[int]:
        """`Contract.legal_cards` over the sorted hand, as card numbers."""
        if tr:
            hand = (hand & self.suit_mask[self.eff[tr[0][1]]]) or hand
        out = []
        while hand:
            low = hand & -hand
            out.append(low.bit_length() - 1)
            hand ^= low
        return out

    def distinct(self, hand: int, cards: list[int], live: int) -> list[int]:
        """``cards`` (legal, from ``hand``) less those that win and lose exactly the same
        tricks as another: a card whose next higher live card of its suit is in the same hand
        (``live``: the cards in the hands and on the table). Such twins lead to the same trick
        winners whatever follows, so a search over who wins tricks needs only one of them."""
        if len(cards) < 2:
            return cards
        out = []
        eff, by_power = self.eff, self.by_power
        for c in cards:
            above = -1
            for j in by_power[eff[c]]:
                if j == c:
                    break
                if live >> j & 1:
                    above = j
            if above < 0 or not hand >> above & 1:
                out.append(c)
        return out

    def winner(self, plays: tuple[tuple[Seat, int], ...]) -> Seat:
        """`Contract.trick_winner`, from the tables."""
        eff, power = self.eff, self.power
        best_seat, best = plays[0]
        best_eff = eff[best]
        for seat, card in plays[1:]:
            e = eff[card]
            if (e == best_eff and power[card] > power[best]) or (e == "T" and best_eff != "T"):
                best_seat, best, best_eff = seat, card, e
        return best_seat


def _mask(bits: Iterable[int]) -> int:
    out = 0
    for b in bits:
        out |= 1 << b
    return out


def _force(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]], trick: Sequence[Play],
           turn: Seat, contract: Contract, chooser: set[Seat],
           trick_ok: Callable[[Seat], bool]) -> bool:
    """Can the seats in ``chooser`` make every remaining trick satisfy ``trick_ok(winner)``?"""
    memo: dict[tuple[object, ...], bool] = {}
    table = _Table(order, hands, trick, contract)
    seats, index, n = table.order, table.index, len(table.order)

    def rec(hs: tuple[int, ...], tr: tuple[tuple[Seat, int], ...], me: Seat) -> bool:
        if not tr and not any(hs):
            return True
        key = (hs, tr, me)
        if key in memo:
            return memo[key]
        mine = me in chooser
        result = not mine
        i = index[me]
        live = 0
        for h in hs:
            live |= h
        for _, c in tr:
            live |= 1 << c
        for card in table.distinct(hs[i], table.legal(hs[i], tr), live):
            nh = (*hs[:i], hs[i] ^ (1 << card), *hs[i + 1:])
            nt = (*tr, (me, card))
            if len(nt) == 3:
                winner = table.winner(nt)
                ok = trick_ok(winner) and rec(nh, (), winner)
            else:
                ok = rec(nh, nt, seats[(i + 1) % n])
            if ok == mine:
                result = ok
                break
        memo[key] = result
        return result

    return rec(table.start, table.trick, turn)


def can_take_all(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]],
                 trick: Sequence[Play], turn: Seat, contract: Contract, side: set[Seat]) -> bool:
    """Can ``side`` win every remaining trick (the current one included)?"""
    if NATIVE:
        got = _native(order, hands, trick, turn, contract, side, side, 0)
        if got is not None:
            return got
    return _force(order, hands, trick, turn, contract, side, lambda w: w in side)


def can_avoid_tricks(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]],
                     trick: Sequence[Play], turn: Seat, contract: Contract,
                     declarer: Seat) -> bool:
    """Null: can the Player lose every remaining trick whatever the opponents do?"""
    if NATIVE:
        got = _native(order, hands, trick, turn, contract, {declarer},
                      {s for s in order if s != declarer}, 0)
        if got is not None:
            return got
    return _force(order, hands, trick, turn, contract, {declarer}, lambda w: w != declarer)


def can_reach(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]],
              trick: Sequence[Play], turn: Seat, contract: Contract, declarer: Seat,
              target: int) -> bool:
    """Can the Player take at least ``target`` more card points whatever the opponents do?"""
    if target <= 0:
        return True
    if NATIVE:
        got = _native(order, hands, trick, turn, contract, {declarer}, {declarer}, target)
        if got is not None:
            return got
    return _reach(order, hands, trick, turn, contract, declarer, target)


DECK = deck(SKAT_RANKS)
_INDEX = {c: i for i, c in enumerate(DECK)}


@cache
def _tables(kind: str, suit: str | None) -> tuple[bytes, bytes, bytes]:
    """Per card of the deck (the engine's order): effective suit (0-3 as ``SUITS``, 4 trump),
    power inside it and card points, as the compiled core reads them."""
    order = card_order(kind, suit)
    eff = bytes(4 if order.eff[c] == "T" else SUITS.index(order.eff[c]) for c in DECK)
    return eff, bytes(order.power[c] for c in DECK), bytes(CARD_POINTS[c[1]] for c in DECK)


def _native(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]], trick: Sequence[Play],
            turn: Seat, contract: Contract, chooser: set[Seat], ok: set[Seat],
            need: int) -> bool | None:
    """`_claimc.search` on this position; None when it cannot take it (a card outside the
    Skat deck, a seat outside ``order``, more than 120 points to find): the Python search
    answers those."""
    index = _INDEX
    try:
        pos = {s: i for i, s in enumerate(order)}
        masks = [0, 0, 0]
        for i, s in enumerate(order):
            m = 0
            for c in hands[s]:
                m |= 1 << index[c]
            masks[i] = m
        tr = tuple((pos[s], index[c]) for s, c in trick)
        me = pos[turn]
    except (KeyError, IndexError):
        return None
    if len(order) != 3 or need > 120:
        return None
    eff, power, points = _tables(contract.kind, contract.suit)
    choose = sum(1 << i for i, s in enumerate(order) if s in chooser)
    good = sum(1 << i for i, s in enumerate(order) if s in ok)
    return bool(_claimc.search(eff, power, points, masks[0], masks[1], masks[2], tr, me,
                               choose, good, need))


def _reach(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]],
           trick: Sequence[Play], turn: Seat, contract: Contract, declarer: Seat,
           target: int) -> bool:
    """`can_reach` in Python: the reference for the compiled core."""
    memo: dict[tuple[object, ...], bool] = {}
    table = _Table(order, hands, trick, contract)
    seats, index, n = table.order, table.index, len(table.order)

    def rec(hs: tuple[int, ...], tr: tuple[tuple[Seat, int], ...], me: Seat, need: int,
            left: int) -> bool:
        # ``left``: the card points still in the hands and the trick on the table
        if need <= 0:
            return True
        if left < need:
            return False
        key = (hs, tr, me, need)
        if key in memo:
            return memo[key]
        mine = me == declarer
        result = not mine
        i = index[me]
        for card in table.legal(hs[i], tr):
            nh = (*hs[:i], hs[i] ^ (1 << card), *hs[i + 1:])
            nt = (*tr, (me, card))
            if len(nt) == 3:
                winner = table.winner(nt)
                points = sum(table.points[c] for _, c in nt)
                got = points if winner == declarer else 0
                ok = rec(nh, (), winner, need - got, left - points)
            else:
                ok = rec(nh, nt, seats[(i + 1) % n], need, left)
            if ok == mine:
                result = ok
                break
        memo[key] = result
        return result

    left = points_of([c for s in order for c in hands[s]]) + points_of([c for _, c in trick])
    return rec(table.start, table.trick, turn, target, left)
