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
Hands = dict[Seat, frozenset[Card]]
Play = tuple[Seat, Card]


def _next(order: Sequence[Seat], seat: Seat) -> Seat:
    return order[(order.index(seat) + 1) % len(order)]


def _force(order: Sequence[Seat], hands: Mapping[Seat, Sequence[Card]], trick: Sequence[Play],
           turn: Seat, contract: Contract, chooser: set[Seat],
           trick_ok: Callable[[Seat], bool]) -> bool:
    """Can the seats in ``chooser`` make every remaining trick satisfy ``trick_ok(winner)``?"""
    memo: dict[tuple[object, ...], bool] = {}

    def rec(hs: Hands, tr: tuple[Play, ...], me: Seat) -> bool:
        if not tr and not any(hs.values()):
            return True
        key = (tuple(hs[s] for s in order), tr, me)
        if key in memo:
            return memo[key]
        mine = me in chooser
        result = not mine
        for card in contract.legal_cards(sorted(hs[me]), [c for _, c in tr]):
            nh = dict(hs)
            nh[me] = hs[me] - {card}
            nt = (*tr, (me, card))
            if len(nt) == 3:
                winner = contract.trick_winner(list(nt))
                ok = trick_ok(winner) and rec(nh, (), winner)
            else:
                ok = rec(nh, nt, _next(order, me))
            if ok == mine:
                result = ok
                break
        memo[key] = result
        return result

    start = {s: frozenset(hands[s]) for s in order}
    return rec(start, tuple(trick), turn)


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

    def rec(hs: Hands, tr: tuple[Play, ...], me: Seat, need: int) -> bool:
        if need <= 0:
            return True
        left = points_of([c for h in hs.values() for c in h]) + points_of([c for _, c in tr])
        if left < need:
            return False
        key = (tuple(hs[s] for s in order), tr, me, need)
        if key in memo:
            return memo[key]
        mine = me == declarer
        result = not mine
        for card in contract.legal_cards(sorted(hs[me]), [c for _, c in tr]):
            nh = dict(hs)
            nh[me] = hs[me] - {card}
            nt = (*tr, (me, card))
            if len(nt) == 3:
                winner = contract.trick_winner(list(nt))
                got = points_of([c for _, c in nt]) if winner == declarer else 0
                ok = rec(nh, (), winner, need - got)
            else:
                ok = rec(nh, nt, _next(order, me), need)
            if ok == mine:
                result = ok
                break
        memo[key] = result
        return result

    start = {s: frozenset(hands[s]) for s in order}
    return rec(start, tuple(trick), turn, target)
