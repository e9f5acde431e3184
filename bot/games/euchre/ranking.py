"""Card order in Euchre: the bowers, the same-colour suit losing its Jack, following suit.

Plain functions of (card, trump, led suit) so the rules, the renderer and the AI share one
definition. ``trump`` is a suit letter (``"H"``) or None before trump is made.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import SAME_COLOUR, SUITS, Card, rank, suit

_PLAIN_ORDER = "AKQJT98765432"  # high to low, as at whist


def is_right_bower(card: Card, trump: str | None) -> bool:
    return trump is not None and card == trump + "J"


def is_left_bower(card: Card, trump: str | None) -> bool:
    return trump is not None and card == SAME_COLOUR[trump] + "J"


def effective_suit(card: Card, trump: str | None) -> str:
    """The suit a card belongs to for following suit: the left bower is a trump."""
    eff = _suit_table(trump).get(card)
    return eff if eff is not None else _effective_suit(card, trump)


def _effective_suit(card: Card, trump: str | None) -> str:
    if is_left_bower(card, trump):
        assert trump is not None
        return trump
    return suit(card)


def is_trump(card: Card, trump: str | None) -> bool:
    return trump is not None and effective_suit(card, trump) == trump


def power(card: Card, trump: str | None, led: str | None) -> int:
    """How strongly ``card`` plays in a trick led with suit ``led``; higher wins, 0 cannot win.

    Trumps: right bower 200, left bower 199, then A K Q 10 9 8 7 from 113 down. Cards of the
    led suit: 13 (A) down. Off-suit cards that are not trump: 0.
    """
    p = _power_table(trump, led).get(card)
    return p if p is not None else _power(card, trump, led)


def _power(card: Card, trump: str | None, led: str | None) -> int:
    if is_right_bower(card, trump):
        return 200
    if is_left_bower(card, trump):
        return 199
    strength = len(_PLAIN_ORDER) - _PLAIN_ORDER.index(rank(card))
    if trump is not None and suit(card) == trump:
        return 100 + strength
    if led is not None and suit(card) == led:
        return strength
    return 0


_CARDS = [s + r for s in SUITS for r in _PLAIN_ORDER]


def _suit_table(trump: str | None) -> dict[Card, str]:
    """`effective_suit` of every card for one trump, computed once from its definition (the
    rules, the solver and the AI ask it for every card of every move; the hottest look it up
    in `_SUIT_TABLES` first)."""
    table = _SUIT_TABLES.get(trump)
    if table is None:
        table = {c: _effective_suit(c, trump) for c in _CARDS}
        if trump is None or trump in SUITS:  # kept: five tables at most
            _SUIT_TABLES[trump] = table
    return table


_SUIT_TABLES: dict[str | None, dict[Card, str]] = {}


def _power_table(trump: str | None, led: str | None) -> dict[Card, int]:
    """`power` of every card for one trump and led suit, computed once from its definition
    (kept in `_POWER_TABLES`, where the hottest callers look first)."""
    table = _POWER_TABLES.get((trump, led))
    if table is None:
        table = {c: _power(c, trump, led) for c in _CARDS}
        if (trump is None or trump in SUITS) and (led is None or led in SUITS):
            _POWER_TABLES[trump, led] = table  # 25 tables at most
    return table


_POWER_TABLES: dict[tuple[str | None, str | None], dict[Card, int]] = {}


def trick_winner(plays: Sequence[tuple[int, Card]], trump: str | None) -> int:
    """The seat whose card wins a trick (``plays`` in playing order, the first led)."""
    first = plays[0][1]
    led = (_SUIT_TABLES.get(trump) or _suit_table(trump)).get(first)
    if led is None:
        led = _effective_suit(first, trump)
    table = _POWER_TABLES.get((trump, led)) or _power_table(trump, led)
    best_seat, best = plays[0][0], -1
    for seat, card in plays:
        p = table.get(card)
        if p is None:
            p = _power(card, trump, led)
        if p > best:
            best_seat, best = seat, p
    return best_seat


def legal_plays(
    hand: Sequence[Card], trick: Sequence[tuple[int, Card]], trump: str | None
) -> list[Card]:
    """The cards of ``hand`` one may play to ``trick``: follow the led suit if able."""
    if not trick:
        return list(hand)
    led = effective_suit(trick[0][1], trump)
    table = _suit_table(trump)
    follow = [c for c in hand if (table.get(c) or _effective_suit(c, trump)) == led]
    return follow or list(hand)


def sort_hand(hand: Sequence[Card], trump: str | None) -> list[Card]:
    """Trumps first (right, left, A...), then the other suits, each high to low."""
    suit_order = "SHCD"  # alternate colours so the same-colour suits never sit together

    def key(card: Card) -> tuple[int, int]:
        eff = effective_suit(card, trump)
        group = -1 if eff == trump else suit_order.index(eff)
        return (group, -power(card, trump, eff))

    return sorted(hand, key=key)
