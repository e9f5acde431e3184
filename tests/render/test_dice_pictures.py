"""Dice pictures over random positions of every game of the booklet: sane PNGs within the size
limits, kept dice ringed in gold exactly where the view keeps them, and alt text that says the
dice, the scores and whose turn it is."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from PIL import Image

from bot.games import registry
from bot.games.dice.catalogue import CATALOGUE
from bot.games.dice.game import DiceState, DiceView
from bot.render import STYLES, hand_picture, hand_text, table_picture, table_text
from bot.render.dice_picture import DiceDrawing, draw_table
from bot.render.pictures.dice import die_tile, ring_width
from bot.render.pictures.style import GOLD, RED
from tests.render.test_pictures import png_size

NAMES = ["Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hans", "Ida", "Jakob"]


def positions(variant: str, count: int, seed: int) -> Iterator[DiceState]:
    """``count`` games of ``variant``: a random player count, then a few (0..7) or many
    (0..59) random legal moves (a finished game is kept as it ended)."""
    game = registry.get("dice")
    rng = random.Random(f"{variant}-{seed}")
    row = CATALOGUE[variant]
    for _ in range(count):
        state = game.new(rng.choice(row.players), game.options(variant), rng.randrange(2**32))
        for _ in range(rng.randrange(0, rng.choice((8, 60)))):
            if state.is_over:
                break
            seat = state.to_act[0]
            state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert isinstance(state, DiceState)
        yield state


def _view(state: DiceState) -> DiceView:
    view = state.view(None)
    assert isinstance(view, DiceView)
    return view


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 40) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel[:3], colour, strict=True)) <= tolerance


def _ring_pixels(drawing: DiceDrawing, index: int) -> list[tuple[int, ...]]:
    """Pixels in the middle of each side of die ``index``'s border, where a ring would be."""
    x, y, size = drawing.dice[index]
    inset = ring_width(size) // 2 + 1
    im = drawing.image
    return [im.getpixel((x + inset, y + size // 2)), im.getpixel((x + size - 1 - inset,
            y + size // 2)), im.getpixel((x + size // 2, y + inset)),
            im.getpixel((x + size // 2, y + size - 1 - inset))]


@pytest.mark.parametrize("variant", sorted(CATALOGUE))
def test_every_game_draws_at_many_random_positions_within_the_limits(variant: str) -> None:
    phases = set()
    for i, state in enumerate(positions(variant, 25, seed=1)):
        view = _view(state)
        names = NAMES[: view.players]
        pic = table_picture(view, names, STYLES[i % len(STYLES)])
        png_size(pic.png)  # a PNG, under 200 KB, of a sane size
        assert pic.filename == "dice-table.png"
        assert pic.text == table_text(view, names)
        assert pic.alt.startswith(view.title)
        phases.add((view.over, bool(view.dice)))
    assert (False, True) in phases  # some positions were in play, with dice on the table


@pytest.mark.parametrize("variant", sorted(CATALOGUE))
def test_the_alt_text_says_the_dice_the_scores_and_whose_turn_it_is(variant: str) -> None:
    for state in positions(variant, 10, seed=2):
        view = _view(state)
        names = NAMES[: view.players]
        alt = table_picture(view, names).alt
        if view.dice:
            assert ", ".join(map(str, view.dice)) in alt
        else:
            assert "No dice thrown yet" in alt
        if view.flow != "centennial":
            for seat in range(view.players):
                assert names[seat] in alt
        if view.over:
            assert "Game over" in alt
        else:
            assert view.turn is not None and names[view.turn] in alt.rsplit(".", 2)[-2]


def test_held_dice_are_ringed_exactly_where_the_view_holds_them() -> None:
    """Multiplication and Going to Boston set dice aside; Draw Poker keeps the dice named."""
    checked = {"held": 0, "free": 0}
    for variant in ("multiplication", "going_to_boston", "draw_poker"):
        for state in positions(variant, 30, seed=3):
            view = _view(state)
            if not view.dice:
                continue
            drawing = draw_table(view, NAMES[: view.players], "two_colour")
            assert len(drawing.dice) == len(view.dice)
            for i, held in enumerate(view.held):
                ring = [_near(p, GOLD) for p in _ring_pixels(drawing, i)]
                assert all(ring) if held else not any(ring), (variant, view.dice, view.held, i)
                checked["held" if held else "free"] += 1
    assert checked["held"] > 20 and checked["free"] > 20


def test_a_poker_hold_rings_the_kept_places_and_says_them_in_words() -> None:
    game = registry.get("dice")
    state = game.new(2, game.options("draw_poker"), 7, deal=[[2, 6, 3, 6, 1], [4, 5, 1]])
    state, _ = state.apply(0, "roll")
    state, _ = state.apply(0, "hold:2,4")
    view = _view(state)
    assert view.held == [False, True, False, True, False]
    drawing = draw_table(view, NAMES[:2], "two_colour")
    for i in range(5):
        assert all(_near(p, GOLD) for p in _ring_pixels(drawing, i)) == (i in (1, 3))
    alt = table_picture(view, NAMES[:2]).alt
    assert "Anna's last throw 4, 6, 5, 6, 1, kept: 6, 6." in alt
    assert "Earlier this turn: 2, 6, 3, 6, 1." in alt
    assert "Bert to throw." in alt


def test_the_picture_changes_with_the_dice_and_the_turn() -> None:
    game = registry.get("dice")
    state = game.new(2, game.options("throwing_dice"), 3)
    before = table_picture(_view(state), NAMES[:2]).png
    after_state, _ = state.apply(0, "roll")
    after = table_picture(_view(after_state), NAMES[:2]).png
    assert before != after
    with Image.open(io.BytesIO(before or b"")) as a, Image.open(io.BytesIO(after or b"")) as b:
        assert a.width == b.width == 720


def test_dice_have_no_hand_picture_only_the_turn_in_words() -> None:
    for state in positions("vingt_un", 10, seed=4):
        for seat in range(state.players):
            view = state.view(seat)
            pic = hand_picture(view, NAMES, "two_colour", state.legal_actions(seat))
            assert pic.png is None and pic.text == hand_text(view, NAMES)


def test_die_faces_are_cached_and_held_and_four_colour_faces_differ() -> None:
    assert die_tile(5, 84, False, "two_colour") is die_tile(5, 84, False, "two_colour")
    assert die_tile(5, 84, True).tobytes() != die_tile(5, 84, False).tobytes()
    colours = {c for _, c in die_tile(1, 84, False, "four_colour").getcolors(1 << 16) or []}
    assert any(_near(c, RED, 10) for c in colours)
    plain = {c for _, c in die_tile(1, 84, False, "two_colour").getcolors(1 << 16) or []}
    assert not any(_near(c, RED, 10) for c in plain)
    with pytest.raises(ValueError):
        die_tile(1, 84, False, "rainbow")


def test_names_in_any_script_or_none_draw_without_error() -> None:
    names = ["👩‍👩‍👧‍👦 Família 🎲", "山田太郎", "שלום עולם 42", "مرحبا Ahmed",
             "Z̷a̶l̴g̵o\u200b\u202e" + "W" * 80, "", "x", "y", "z", "w"]
    for variant in ("centennial", "help_your_neighbor", "raffles"):
        for state in positions(variant, 4, seed=5):
            view = _view(state)
            png_size(table_picture(view, names[: view.players], "four_colour").png)
            png_size(table_picture(view, [], "two_colour").png)
