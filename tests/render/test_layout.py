"""Patience layouts of every size draw as sane PNGs, long fans are compressed, and the alt text
names only face-up cards."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.render.pictures.layout import PileDrawing, draw_layout, layout_alt
from tests.render.positions import LAYOUTS, random_layout


def size_of(png: bytes) -> tuple[int, int]:
    assert png.startswith(b"\x89PNG") and len(png) < 200_000
    with Image.open(io.BytesIO(png)) as im:
        im.load()
        return im.size


@pytest.mark.parametrize("kind", LAYOUTS)
def test_random_layouts_of_every_size_draw_as_sane_pngs(kind: str) -> None:
    rng = random.Random(kind)
    for i in range(25):
        piles = random_layout(kind, rng)
        w, h = size_of(draw_layout(piles, title=f"{kind} {i}",
                                   style=("two_colour", "four_colour")[i % 2]))
        assert 360 <= w <= 1100 and 100 <= h <= 1600, (w, h)


def test_a_long_fan_is_compressed_to_a_bounded_height() -> None:
    cards = [None] * 6 + ["HA", "S2", "D3", "C4"] * 6
    short = size_of(draw_layout([PileDrawing("t1", cards=cards[:8], fan="down")]))[1]
    long = size_of(draw_layout([PileDrawing("t1", cards=cards, fan="down")]))[1]
    unfanned_step = 0.24 * 118  # a face-up step at full size, 84 px cards
    assert long < short + (len(cards) - 8) * unfanned_step * 0.8


def test_an_empty_layout_and_empty_piles_still_draw() -> None:
    size_of(draw_layout([]))
    size_of(draw_layout([PileDrawing("f1", "Foundation"),
                         PileDrawing("s", "Stock", count=0),
                         PileDrawing("w", "Waste", [], "right", 0, 1)], title="Empty"))


def test_sideways_fans_without_room_and_left_fans_draw() -> None:
    piles = [PileDrawing("w", "", ["HA", "H2", "H3", "H4", "H5"], "right", 0, 0),
             PileDrawing("f1", "", ["CA"], "none", 0, 1),
             PileDrawing("l1", "", ["D9", "D8", "D7"], "left", 1, 0),
             PileDrawing("r1", "", [None, "S9", "S8"], "right", 1, 1)]
    size_of(draw_layout(piles))


def test_highlight_and_style_change_the_picture() -> None:
    piles = [PileDrawing("t1", cards=["S7", "DA"], fan="down"), PileDrawing("t2", col=1)]
    lit = [PileDrawing("t1", cards=["S7", "DA"], fan="down", highlight=True),
           PileDrawing("t2", col=1)]
    plain = draw_layout(piles)
    assert draw_layout(lit) != plain
    assert draw_layout(piles, style="four_colour") != plain
    with pytest.raises(ValueError):
        draw_layout(piles, style="rainbow")


def test_the_alt_text_names_face_up_cards_and_only_counts_face_down_ones() -> None:
    alt = layout_alt([PileDrawing("t1", "Tableau", [None, None, "HA"], "down"),
                      PileDrawing("s", "Stock", [], count=12),
                      PileDrawing("f1", "Foundation", ["C2", "C3"], "none", highlight=True)],
                     title="Klondike")
    assert alt.startswith("Klondike.")
    assert "t1 (Tableau): 2 face down, then A♥." in alt
    assert "s (Stock): 12 cards face down." in alt
    assert "f1 (Foundation): 2 cards, top 3♣ (highlighted)." in alt
