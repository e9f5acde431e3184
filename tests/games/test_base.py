"""The contract's shared pieces: compact actions, option validation, deterministic RNGs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.base import Action, IllegalAction, act, rng_for
from bot.games.cards import deck, is_card, pretty


def test_action_text_round_trip() -> None:
    for text in ["pass", "play:CJ", "bid:18", "name:H-alone", "discard:CJ,HT", "move:t3>f1"]:
        assert str(Action.parse(text)) == text
    assert act("play", "CJ") == Action.parse("play:CJ")


@given(st.text(max_size=80))
def test_action_parse_never_crashes_on_garbage(text: str) -> None:
    try:
        action = Action.parse(text)
    except IllegalAction:
        return
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize("bad", ["", " ", ":x", "play:<@1>", "a" * 65, "pl ay:CJ", "play:C J"])
def test_action_parse_refuses(bad: str) -> None:
    with pytest.raises(IllegalAction):
        Action.parse(bad)


def test_rng_for_is_the_string_seeded_generator() -> None:
    """rng_for seeds as random.Random(text) does, state for state."""
    import random

    for seed, salt in ((7, ("deal", 1)), (0, ()), (-3, ("first_dealer",)), (10**20, ("x", 2.5))):
        text = ":".join([str(seed), *map(str, salt)])
        got, expected = rng_for(seed, *salt), random.Random(text)
        assert type(got) is random.Random and got.getstate() == expected.getstate()
        assert [got.random() for _ in range(5)] == [expected.random() for _ in range(5)]


def test_rng_for_is_deterministic_and_salted() -> None:
    assert rng_for(7, "deal", 1).random() == rng_for(7, "deal", 1).random()
    assert rng_for(7, "deal", 1).random() != rng_for(7, "deal", 2).random()


def test_cards() -> None:
    assert len(deck("AKQJT987")) == 32
    assert all(is_card(c) for c in deck("AKQJT98765432"))
    assert pretty("HT") == "10♥" and pretty("CJ") == "J♣"
    assert not is_card("X1")
