"""Skat and Euchre pictures over many random views: every picture is a sane PNG, the alt text
names only cards the view holds, hands follow the text's order, and the styles differ."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

from bot.games.base import State, View
from bot.games.cards import pretty
from bot.render import STYLES, hand_picture, hand_text, table_picture
from bot.render.pictures import marks
from bot.render.pictures.cards import NORMAL, card_tile
from bot.render.pictures.style import GREEN, ORANGE, check_style
from tests.render.positions import random_states

CARD_TOKEN = re.compile(r"(?:10|[2-9AKQJ])[♣♠♥♦]")
NAMES = ["Anna", "Bert", "Cleo", "Dora", "Emil"]


def png_size(data: bytes | None) -> tuple[int, int]:
    assert data is not None and data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) < 200_000
    with Image.open(io.BytesIO(data)) as im:
        im.verify()
    with Image.open(io.BytesIO(data)) as im:
        im.load()
        assert 300 <= im.width <= 1200 and 150 <= im.height <= 1600, im.size
        return im.size


def cards_in(value: Any) -> set[str]:
    """Every card string anywhere in a view's data: what the view may show."""
    if isinstance(value, str):
        return {value} if len(value) == 2 and value[0] in "CSHD" else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def named_cards(alt: str) -> set[str]:
    return set(CARD_TOKEN.findall(alt))


def hidden_from(state: State, view: View) -> set[str]:
    """Cards the state holds that the view does not (other hands, the skat, buried cards)."""
    return cards_in(state.model_dump()) - cards_in(view.model_dump())


@pytest.mark.parametrize("key", ["skat", "euchre"])
def test_every_picture_of_many_random_views_is_a_sane_png_that_names_no_hidden_card(
    key: str,
) -> None:
    checked_hidden = 0
    for i, state in enumerate(random_states(key, 40, seed=7)):
        style = STYLES[i % len(STYLES)]
        players = state.view(None).players
        for seat in [None, *range(players)]:
            view = state.view(seat)
            shown = {pretty(c) for c in cards_in(view.model_dump())}
            hidden = {pretty(c) for c in hidden_from(state, view)}
            checked_hidden += bool(hidden)
            table = table_picture(view, NAMES[:players], style)
            png_size(table.png)
            assert table.alt and table.filename.endswith(".png")
            assert named_cards(table.alt) <= shown
            assert not named_cards(table.alt) & hidden
            legal = state.legal_actions(seat) if seat is not None and seat in state.to_act else []
            hand = hand_picture(view, NAMES[:players], style, legal)
            assert hand.text == hand_text(view, NAMES[:players])
            if hand.png is not None:
                png_size(hand.png)
                assert named_cards(hand.alt) <= shown
                assert not named_cards(hand.alt) & hidden
    assert checked_hidden > 40  # the views did hide cards, so the check had work to do


@pytest.mark.parametrize("key", ["skat", "euchre"])
def test_the_hand_picture_shows_the_cards_in_the_order_the_text_lists_them(key: str) -> None:
    for state in random_states(key, 15, seed=3):
        for seat in range(state.view(None).players):
            view = state.view(seat)
            pic = hand_picture(view, NAMES, "two_colour")
            if pic.png is None:
                continue
            text_cards = CARD_TOKEN.findall(pic.text.splitlines()[0])
            alt_cards = CARD_TOKEN.findall(pic.alt.split(".")[0])
            assert alt_cards == text_cards


def test_legal_cards_are_raised_and_the_rest_dimmed_only_when_there_is_a_choice() -> None:
    hand = ["CJ", "HT", "S7"]
    assert marks.play_marks(hand, ["play:HT", "pass"]) == ["dim", "highlight", "dim"]
    assert marks.play_marks(hand, [f"play:{c}" for c in hand]) == ["plain"] * 3
    assert marks.play_marks(hand, ["bid:18", "pass"]) == ["plain"] * 3
    assert marks.play_marks(hand, None) == ["plain"] * 3


def test_the_hand_picture_changes_with_the_legal_cards() -> None:
    for state in random_states("euchre", 40, seed=11):
        seat = state.to_act[0] if state.to_act else None
        if seat is None or state.view(seat).phase != "play":
            continue
        legal = state.legal_actions(seat)
        if len(legal) == len(state.view(seat).hand):
            continue
        view = state.view(seat)
        with_legal = hand_picture(view, NAMES, "two_colour", legal)
        without = hand_picture(view, NAMES, "two_colour")
        assert with_legal.png != without.png
        assert "Playable:" in with_legal.alt and "Playable:" not in without.alt
        return
    pytest.fail("no position with a choice of cards")


def _colours(im: Image.Image) -> set[tuple[int, int, int]]:
    return {c for _, c in im.convert("RGB").getcolors(1 << 16) or []}


def test_four_colours_draw_spades_green_and_diamonds_orange_where_two_colours_do_not() -> None:
    for card, colour in (("S7", GREEN), ("DA", ORANGE)):
        four = _colours(card_tile(card, NORMAL, "four_colour"))
        two = _colours(card_tile(card, NORMAL, "two_colour"))
        assert colour in four and colour not in two
    assert card_tile("HK", NORMAL, "four_colour").tobytes() == card_tile(
        "HK", NORMAL, "two_colour").tobytes()  # hearts are red in both
    for state in random_states("skat", 5, seed=2):
        view = state.view(0)
        if any(c[0] in "SD" for c in view.hand):
            assert hand_picture(view, NAMES, "four_colour").png != hand_picture(
                view, NAMES, "two_colour").png
            return
    pytest.fail("no hand with a spade or a diamond")


def test_an_unknown_style_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="two_colour"):
        check_style("rainbow")
    state = next(random_states("euchre", 1, seed=1))
    with pytest.raises(ValueError):
        table_picture(state.view(None), NAMES, "rainbow")


@pytest.mark.parametrize("key", ["skat", "euchre"])
def test_names_in_any_script_or_none_at_all_draw_without_error(key: str) -> None:
    names = [
        "👩‍👩‍👧‍👦 Família 🎲🎲",
        "山田太郎",
        "שלום עולם 42",
        "مرحبا Ahmed",
        "Z̷̢a̶l̴g̵o\u200b\u202e" + "W" * 80,
    ]
    for state in random_states(key, 6, seed=5):
        players = state.view(None).players
        for seat in (None, 0):
            view = state.view(seat)
            png_size(table_picture(view, names[:players], "four_colour").png)
            hand = hand_picture(view, names[:players], "four_colour")
            if hand.png is not None:
                png_size(hand.png)
            png_size(table_picture(view, [], "two_colour").png)
