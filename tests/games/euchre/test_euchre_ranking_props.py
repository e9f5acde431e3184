"""Trick-taking against an independent statement of the book's card order (L1584)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import SAME_COLOUR, deck
from bot.games.euchre.ranking import effective_suit, legal_plays, trick_winner

PACK = deck("AKQJT987")


def book_order(suit: str, trump: str) -> list[str]:
    """The cards of ``suit`` high to low as the book lists them, when ``trump`` is trumps."""
    if suit == trump:
        return [trump + "J", SAME_COLOUR[trump] + "J"] + [trump + r for r in "AKQT987"]
    ranks = "AKQT987" if suit == SAME_COLOUR[trump] else "AKQJT987"
    return [suit + r for r in ranks]


def follows(card: str, suit: str, trump: str) -> bool:
    return card in book_order(suit, trump)


@settings(max_examples=300, deadline=None)
@given(
    trump=st.sampled_from("CSHD"),
    cards=st.lists(st.sampled_from(PACK), min_size=2, max_size=4, unique=True),
)
def test_trick_winner_matches_the_book(trump: str, cards: list[str]) -> None:
    plays = list(enumerate(cards))
    trumps = [c for c in cards if follows(c, trump, trump)]
    if trumps:
        expected = min(trumps, key=book_order(trump, trump).index)
    else:
        led = next(s for s in "CSHD" if follows(cards[0], s, trump))
        expected = min(
            (c for c in cards if follows(c, led, trump)), key=book_order(led, trump).index
        )
    assert cards[trick_winner(plays, trump)] == expected


@settings(max_examples=300, deadline=None)
@given(
    trump=st.sampled_from("CSHD"),
    cards=st.lists(st.sampled_from(PACK), min_size=2, max_size=6, unique=True),
)
def test_must_follow_the_led_suit_with_the_left_bower_as_trump(
    trump: str, cards: list[str]
) -> None:
    led_card, hand = cards[0], cards[1:]
    led = next(s for s in "CSHD" if follows(led_card, s, trump))
    assert effective_suit(led_card, trump) == led
    can_follow = [c for c in hand if follows(c, led, trump)]
    assert sorted(legal_plays(hand, [(0, led_card)], trump)) == sorted(can_follow or hand)
