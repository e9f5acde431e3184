"""Hand-strength estimates for Euchre bidding: roughly "tricks this hand takes with that trump".

Weights were set from the solver: on random deals, the double-dummy tricks of a maker's side
grow with these features at about these rates (``bench/euchre_ai.py --calibrate`` reprints the
table). A few integer-ish numbers are easier to reason about and to tune than a fitted model.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import SAME_COLOUR, SUITS, Card
from bot.games.euchre.ranking import effective_suit

_TRUMP_VALUE = {"A": 0.65, "K": 0.5, "Q": 0.42, "T": 0.34, "9": 0.32, "8": 0.3, "7": 0.3}


def card_value(card: Card, trump: str, *, long_suits: bool = True) -> float:
    """What one card is worth in tricks to whoever holds it, with ``trump`` made."""
    if card == trump + "J":
        return 1.0
    if card == SAME_COLOUR[trump] + "J":
        return 0.85
    if card[0] == trump:
        return _TRUMP_VALUE[card[1]]
    if card[1] == "A":
        return 0.7 if long_suits else 0.6
    if card[1] == "K":
        return 0.2
    return 0.0


def strength(hand: Sequence[Card], trump: str, *, long_suits: bool = True) -> float:
    """Estimated tricks ``hand`` takes by itself when ``trump`` is trump.

    ``long_suits`` is True with the 32-card pack: plain suits are longer, so a plain ace is less
    often trumped. Besides card values: both bowers together, length in trumps, and short side
    suits (a void lets small trumps take tricks).
    """
    trumps = [c for c in hand if effective_suit(c, trump) == trump]
    total = sum(card_value(c, trump, long_suits=long_suits) for c in hand)
    if trump + "J" in hand and SAME_COLOUR[trump] + "J" in hand:
        total += 0.15
    n = len(trumps)
    if n >= 3:
        total += 0.15 * (n - 2)
    if n >= 2:
        side = {effective_suit(c, trump) for c in hand} - {trump}
        voids = 3 - len(side)
        total += 0.2 * voids
        # a plain king behind its own ace is nearly as good as an ace once the ace has drawn
        for s in side:
            if s + "A" in hand and s + "K" in hand:
                total += 0.2
    return total


def best_discard(hand: Sequence[Card], trump: str) -> Card:
    """The dealer's discard after taking up: keep trumps and aces, void a side suit if one can.

    Among side cards that are not aces, drop a singleton (it makes a void) and the lowest one
    first; with nothing else to drop, the lowest trump goes (or a lone plain ace, never a bower).
    """
    side = [c for c in hand if effective_suit(c, trump) != trump]
    if not side:
        return min(hand, key=lambda c: card_value(c, trump))
    by_suit: dict[str, list[Card]] = {}
    for c in side:
        by_suit.setdefault(c[0], []).append(c)

    def cost(card: Card) -> tuple[int, int, int, int]:
        ace = 1 if card[1] == "A" else 0
        singleton = 0 if len(by_suit[card[0]]) == 1 else 1
        guarded_king = 1 if card[1] == "K" and card[0] + "A" in hand else 0
        return (ace, guarded_king, singleton, "789TJQKA".index(card[1]))

    return min(side, key=cost)


def best_suit(
    hand: Sequence[Card], barred: str | None, *, long_suits: bool = True
) -> tuple[str, float]:
    """The strongest suit to name (not ``barred``) and its strength."""
    options = [s for s in SUITS if s != barred]
    scored = [(strength(hand, s, long_suits=long_suits), s) for s in options]
    value, s = max(scored)
    return s, value


def with_turn_up(hand: Sequence[Card], turn_up: Card) -> list[Card]:
    """The dealer's five cards after taking ``turn_up`` and discarding the best discard."""
    six = [*hand, turn_up]
    drop = best_discard(six, turn_up[0])
    six.remove(drop)
    return six
