"""Perfect-information search over the cards still in play, to decide claims ([A-18]).

A claim is correct iff the claiming side can force the result whatever the other side plays.
The engine knows every hand, so an exhaustive search settles it; claims are only offered late in
a deal (`rules.CLAIM_CARDS`), which keeps the search to a few thousand positions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from bot.games.cards import Card
from bot.games.skat.contracts import Contract, points_of

Seat = int
Play = tuple[Seat, Card]


class _Table:
    """The cards still in play with their effective suit, power and points, looked up once per
    search from the contract (so a node compares dict entries instead of asking the contract),
    and hands as a tuple of frozensets in table order (cheap to copy and to key the memo)."""

    def __init__(self, order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]],
                 trick: Sequence[Play], contract: Contract) -> None:
        cards = [c for s in order for c in hands[s]] + [c for _, c in trick]
        self.order = tuple(order)
        self.index = {s: i for i, s in enumerate(order)}
        self.eff = {c: contract.follow_suit(c) for c in cards}
        self.power = {c: contract.power(c) for c in cards}
        self.start = tuple(frozenset(hands[s]) for s in order)

    def legal(self, hand: frozenset[Card], tr: tuple[Play, ...]) -> list[Card]:
        """`Contract.legal_cards` over the sorted hand, from the tables."""
        cards = sorted(hand)
        if not tr:
            return cards
        eff = self.eff
        led = eff[tr[0][1]]
        return [c for c in cards if eff[c] == led] or cards

    def winner(self, plays: tuple[Play, ...]) -> Seat:
        """`Contract.trick_winner`, from the tables."""
        eff, power = self.eff, self.power
        best_seat, best_card = plays[0]
        best_eff = eff[best_card]
        for seat, card in plays[1:]:
            e = eff[card]
            if (e == best_eff and power[card] > power[best_card]) or (
                e == "T" and best_eff != "T"
            ):
                best_seat, best_card, best_eff = seat, card, e
        return best_seat


def _force(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]], trick: Sequence[Play],
           turn: Seat, contract: Contract, chooser: set[Seat],
           trick_ok: Callable[[Seat], bool]) -> bool:
    """Can the seats in ``chooser`` make every remaining trick satisfy ``trick_ok(winner)``?"""
    memo: dict[tuple[object, ...], bool] = {}
    table = _Table(order, hands, trick, contract)
    seats, index, n = table.order, table.index, len(table.order)

    def rec(hs: tuple[frozenset[Card], ...], tr: tuple[Play, ...], me: Seat) -> bool:
        if not tr and not any(hs):
            return True
        key = (hs, tr, me)
        if key in memo:
            return memo[key]
        mine = me in chooser
        result = not mine
        i = index[me]
        for card in table.legal(hs[i], tr):
            nh = (*hs[:i], hs[i] - {card}, *hs[i + 1:])
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

    return rec(table.start, tuple(trick), turn)


def can_take_all(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]],
                 trick: Sequence[Play], turn: Seat, contract: Contract, side: set[Seat]) -> bool:
    """Can ``side`` win every remaining trick (the current one included)?"""
    return _force(order, hands, trick, turn, contract, side, lambda w: w in side)


def can_avoid_tricks(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]],
                     trick: Sequence[Play], turn: Seat, contract: Contract,
                     declarer: Seat) -> bool:
    """Null: can the Player lose every remaining trick whatever the opponents do?"""
    return _force(order, hands, trick, turn, contract, {declarer}, lambda w: w != declarer)


def can_reach(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]],
              trick: Sequence[Play], turn: Seat, contract: Contract, declarer: Seat,
              target: int) -> bool:
    """Can the Player take at least ``target`` more card points whatever the opponents do?"""
    memo: dict[tuple[object, ...], bool] = {}
    table = _Table(order, hands, trick, contract)
    seats, index, n = table.order, table.index, len(table.order)

    def rec(hs: tuple[frozenset[Card], ...], tr: tuple[Play, ...], me: Seat, need: int,
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
            nh = (*hs[:i], hs[i] - {card}, *hs[i + 1:])
            nt = (*tr, (me, card))
            if len(nt) == 3:
                winner = table.winner(nt)
                points = points_of([c for _, c in nt])
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
    return rec(table.start, tuple(trick), turn, target, left)
