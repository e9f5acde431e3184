"""A card's index speaks the reader's language: German players read B and D (Bube, Dame) where
English players read J and Q; the German-suited style keeps its Unter and Ober."""

from __future__ import annotations

from bot.i18n import using
from bot.render.pictures.cards import card_tile, index_letters


def test_index_letters_follow_the_language() -> None:
    assert index_letters() == ("J", "Q", "K", "A")
    with using("de"):
        assert index_letters() == ("B", "D", "K", "A")


def test_a_court_card_is_drawn_with_the_readers_letter() -> None:
    english = card_tile("CJ", 84).tobytes()
    with using("de"):
        german = card_tile("CJ", 84).tobytes()
        assert card_tile("CT", 84).tobytes() == _english("CT")  # a ten is a ten
        assert card_tile("CJ", 84, "german").tobytes() == _english("CJ", "german")  # Unter
    assert german != english
    assert card_tile("CJ", 84).tobytes() == english  # English comes back as it was


def _english(card: str, style: str = "two_colour") -> bytes:
    return card_tile(card, 84, style).tobytes()
