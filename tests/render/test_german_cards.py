"""German-suited cards (Eichel, Grün, Rot, Schellen; Unter and Ober): a card style of its own."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.render import STYLES, hand_picture
from bot.render.pictures.cards import _label, card_tile

SKAT_DECK = [s + r for s in "CSHD" for r in "AKQJT987"]


def test_german_is_a_style_a_player_can_choose() -> None:
    assert "german" in STYLES
    from cogs.cards import STYLES as CHOICES

    assert {c.value for c in CHOICES} == set(STYLES)


@pytest.mark.parametrize("index", ["left", "right", "top"])
def test_every_card_but_the_plain_hearts_looks_german(index: str) -> None:
    """Acorns, leaves and bells are drawn as shapes; hearts stay hearts, so only the Unter
    and the Ober of hearts differ from the French cards."""
    for card in SKAT_DECK:
        german = card_tile(card, 60, "german", "plain", index).tobytes()
        french = card_tile(card, 60, "two_colour", "plain", index).tobytes()
        if card[0] == "H" and card[1] not in "JQ":
            assert german == french, card
        else:
            assert german != french, card
    tiles = {card_tile(c, 60, "german", "plain", index).tobytes() for c in SKAT_DECK}
    assert len(tiles) == len(SKAT_DECK), "two German cards look alike"


def test_the_courts_are_unter_and_ober() -> None:
    assert [_label(r, "german") for r in "AKQJT"] == ["A", "K", "O", "U", "10"]
    assert [_label(r) for r in "AKQJT"] == ["A", "K", "Q", "J", "10"]


def test_a_skat_hand_is_drawn_with_german_cards() -> None:
    game = registry.get("skat")
    state = game.new(3, game.options("classic"), 4)
    view = state.view(0)
    drawn = hand_picture(view, ["A", "B", "C"], "german", [])
    french = hand_picture(view, ["A", "B", "C"], "two_colour", [])
    assert drawn.png is not None and drawn.png != french.png
    assert drawn.alt == french.alt  # the words are the same whatever the faces look like
