"""`cards.shuffled` deals exactly as ``random.Random.shuffle`` would (it writes the same draws
in, for speed): every seeded deal of every game depends on it."""

from __future__ import annotations

import random

from bot.games.base import rng_for
from bot.games.cards import deck, shuffled


def test_shuffled_is_random_shuffle() -> None:
    for size in (0, 1, 2, 3, 24, 32, 52, 104):
        cards = [f"c{i}" for i in range(size)]
        for seed in range(200):
            expected = list(cards)
            random.Random(seed).shuffle(expected)
            assert shuffled(cards, random.Random(seed)) == expected, (size, seed)


def test_shuffled_leaves_the_generator_where_shuffle_does() -> None:
    for seed in range(50):
        ours, theirs = rng_for(seed, "deal", 3), rng_for(seed, "deal", 3)
        theirs.shuffle(deck("ATKQJ987"))
        shuffled(deck("ATKQJ987"), ours)
        assert ours.random() == theirs.random()


class _Counting(random.Random):
    pass


def test_a_subclass_keeps_its_own_shuffle() -> None:
    cards = deck("AKQJT9")
    expected = list(cards)
    _Counting(7).shuffle(expected)
    assert shuffled(cards, _Counting(7)) == expected
