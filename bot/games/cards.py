"""Playing cards as two-letter codes, suit first: ``CJ`` (Jack of clubs), ``HT`` (ten of hearts).

Cards are plain strings so states serialise as readable JSON and actions read as ``play:CJ``.
Each game gives the cards their order; this module only knows suits, ranks and decks.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from bot.games.words import N_

Card = str

SUITS = "CSHD"
"""Clubs, spades, hearts, diamonds (Skat's precedence order, highest first)."""

RANKS = "AKQJT98765432"

SUIT_SYMBOL = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
SUIT_NAME = {"C": N_("clubs"), "S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds")}
RANK_NAME = {
    "A": N_("Ace"), "K": N_("King"), "Q": N_("Queen"), "J": N_("Jack"), "T": "10",
    "9": "9", "8": "8", "7": "7", "6": "6", "5": "5", "4": "4", "3": "3", "2": "2",
}
RED = frozenset("HD")

SAME_COLOUR = {"C": "S", "S": "C", "H": "D", "D": "H"}


def suit(card: Card) -> str:
    return card[0]


def rank(card: Card) -> str:
    return card[1]


def is_card(text: str) -> bool:
    return len(text) == 2 and text[0] in SUITS and text[1] in RANKS


def deck(ranks: str) -> list[Card]:
    """Every card of the given ranks in every suit, in a fixed order."""
    return [s + r for s in SUITS for r in ranks]


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """``cards`` in the order ``rng.shuffle`` leaves them (a copy)."""
    out = list(cards)
    if type(rng) is not random.Random:
        rng.shuffle(out)
        return out
    # `random.Random.shuffle` itself, its `_randbelow` written in: the same draws in the same
    # order, so the same deal, at half the cost (tests.games.test_cards checks it card for card)
    getrandbits = rng.getrandbits
    steps = _STEPS.get(len(out)) or _steps(len(out))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return out


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The swaps of a shuffle of ``size`` cards: position, choices, bits per draw."""
    steps = _STEPS[size] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return steps


def pretty(card: Card) -> str:
    """``HT`` -> ``10♥``: how a player reads a card."""
    r = card[1]
    return ("10" if r == "T" else r) + SUIT_SYMBOL[card[0]]


def long_name(card: Card) -> str:
    """``HT`` -> ``10 of hearts``."""
    return N_("{rank} of {suit}").format(rank=RANK_NAME[card[1]], suit=SUIT_NAME[card[0]])


def pretty_all(cards: Iterable[Card]) -> str:
    return " ".join(pretty(c) for c in cards)
