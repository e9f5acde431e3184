"""A placeholder Skat player: legal, sane, simple heuristics.

This stands in for the search AI of issue #4 (later session) so tables with AI seats can play
now. It only reads its own seat's `SkatView`: it bids a suit hand it can count, turns or picks
up the skat, and in play wins tricks cheaply or throws its lowest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.base import Action, View
from bot.games.cards import SUITS, Card
from bot.games.skat.contracts import (
    CLASSIC_SUIT_UNITS,
    ISKO_SUIT_UNITS,
    Contract,
    card_points,
    matadors,
)


def _best_suit(hand: list[Card]) -> str:
    counts = {s: sum(1 for c in hand if c[0] == s and c[1] != "J") for s in SUITS}
    return max(SUITS, key=lambda s: (counts[s], -SUITS.index(s)))


def _limit(view: View, hand: list[Card]) -> int:
    """The highest bid this hand is worth to a cautious player (0 = pass)."""
    jacks = sum(1 for c in hand if c[1] == "J")
    aces = sum(1 for c in hand if c[1] == "A")
    suit = _best_suit(hand)
    trumps = jacks + sum(1 for c in hand if c[0] == suit and c[1] != "J")
    if trumps < 6 and not (trumps >= 5 and aces >= 2):
        return 0
    rules = getattr(view, "rules", "classic")
    unit = ISKO_SUIT_UNITS[suit] if rules == "isko" else CLASSIC_SUIT_UNITS["tourne"][suit]
    kind = "suit" if rules == "isko" else "tourne"
    _, k = matadors(hand, Contract(kind=kind, suit=suit))
    return unit * (min(k, 4) + 1)


def _contract(view: View) -> Contract:
    code = getattr(view, "contract", None)
    return Contract.parse(code) if code else Contract(kind="grand")


def _pick(legal: Sequence[Action], *texts: str) -> Action | None:
    by_text = {str(a): a for a in legal}
    for t in texts:
        if t in by_text:
            return by_text[t]
    return None


def choose(view: View, legal: Sequence[Action], rng: random.Random, budget_ms: int) -> Action:
    hand: list[Card] = list(getattr(view, "hand", []))
    phase = getattr(view, "phase", "")
    if phase == "bid":
        limit = _limit(view, hand)
        bids = [a for a in legal if a.kind == "bid"]
        if bids:
            low = min(bids, key=lambda a: int(a.arg))
            return low if int(low.arg) <= limit else _pick(legal, "pass") or legal[0]
        bid = getattr(view, "bid", 0)
        return _pick(legal, "hold" if bid <= limit else "pass") or legal[0]
    if phase == "skat":
        return _pick(legal, "skat", "tourne:left") or legal[0]
    if phase == "tourne_first":
        peek = getattr(view, "peek", None) or ""
        fits = peek and (peek[1] == "J" or sum(1 for c in hand if c[0] == peek[0]) >= 3)
        return _pick(legal, "accept" if fits else "passt_nicht") or legal[0]
    if phase == "tourne_jack":
        jacks = sum(1 for c in hand if c[1] == "J")
        return next((a for a in legal if (a.arg == "tourne_grand") == (jacks >= 3)), legal[0])
    if phase == "discard":
        return _discard(view, hand, legal)
    if phase == "declare":
        suit = _best_suit(hand)
        jacks = sum(1 for c in hand if c[1] == "J")
        wanted = ["grand", "grand-hand"] if jacks >= 3 else []
        wanted += [f"suit-{suit}", f"suit-{suit}-hand", f"frage-{suit}"]
        return _pick(legal, *(f"declare:{w}" for w in wanted)) or next(
            (a for a in legal if "null" not in a.arg), legal[0])
    if phase == "kontra":
        return _pick(legal, "pass") or legal[0]
    plays = [a for a in legal if a.kind == "play"]
    return _play(view, plays) if plays else legal[0]


def _discard(view: View, hand: list[Card], legal: Sequence[Action]) -> Action:
    contract = _contract(view) if getattr(view, "contract", None) else None

    def keep(card: Card) -> tuple[int, int]:
        trump = contract.is_trump(card) if contract else card[1] == "J"
        if trump or card[1] == "A":
            return (2, 0)
        length = sum(1 for c in hand if c[0] == card[0] and c[1] != "J")
        return (0 if length <= 2 else 1, -card_points(card))

    ranked = sorted(hand, key=keep)
    want = ranked[:2]
    for a in legal:
        if a.kind == "discard" and set(a.arg.split(",")) == set(want):
            return a
    return next(a for a in legal if a.kind == "discard")


def _play(view: View, plays: list[Action]) -> Action:
    contract = _contract(view)
    trick: list[tuple[int, Card]] = list(getattr(view, "trick", []))
    cards = [a.arg for a in plays]
    lowest = min(cards, key=lambda c: (contract.is_trump(c), card_points(c), contract.power(c)))
    if contract.is_null or contract.is_ramsch:
        return next(a for a in plays if a.arg == lowest)
    if not trick:
        best = max(cards, key=lambda c: (contract.is_trump(c), contract.power(c)))
        return next(a for a in plays if a.arg == best)
    winners = [c for c in cards if contract.trick_winner([*trick, (-1, c)]) == -1]
    if winners:
        cheapest = min(winners, key=lambda c: (contract.is_trump(c), contract.power(c)))
        return next(a for a in plays if a.arg == cheapest)
    return next(a for a in plays if a.arg == lowest)
