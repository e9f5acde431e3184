"""A card table seen from above: seats around it, the trick in the middle, a header and a footer.

Games describe what to show as a `TableScene` (names, details, cards, words); this module only
knows geometry. The seat at the bottom is the viewer's (or seat 0 for the public table) and
the others follow clockwise, as they sit; each played card lies in front of whoever played it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

from PIL import Image, ImageDraw

from bot.games.cards import SUIT_SYMBOL
from bot.render.pictures.canvas import text
from bot.render.pictures.cards import NORMAL, SMALL, Mark, card_height, paste_card
from bot.render.pictures.fonts import font
from bot.render.pictures.style import (
    FELT,
    FELT_DARK,
    FELT_LIGHT,
    GOLD,
    INK,
    INK_DIM,
    PLATE,
    PLATE_TURN,
    suit_colour,
)

WIDTH = 720
HEIGHT = 620
HEADER = 78
FOOTER = 46
PLATE_W, PLATE_H = 224, 62


@dataclass(frozen=True)
class SeatPlate:
    name: str
    detail: str = ""
    """One short line under the name: role, dealer, tricks, cards held."""
    turn: bool = False
    out: bool = False
    """Sits out this deal (greyed)."""


@dataclass(frozen=True)
class CentreCard:
    """A card lying in the middle when no trick is on (Euchre's turn-up, Skat's skat)."""

    card: str | None
    label: str
    mark: Mark = "plain"


@dataclass(frozen=True)
class TableScene:
    title: str
    lines: list[str]
    """Up to two short lines under the title (contract, score)."""
    seats: list[SeatPlate]
    bottom: int = 0
    trick: list[tuple[int, str]] = field(default_factory=list)
    trick_mark: Mark = "plain"
    """``dim`` for a finished trick still shown (the last trick)."""
    trick_label: str = ""
    """Said under the trick (whose the last trick was)."""
    centre: list[CentreCard] = field(default_factory=list)
    trump: str | None = None
    trump_label: str = "Trump"
    footer: str = ""
    open_cards: dict[int, list[str]] = field(default_factory=dict)
    """Cards a seat has laid open (Skat's Ouvert): a small fan beside or under its plate."""


def _angle(scene: TableScene, seat: int) -> float:
    """Screen angle of ``seat``: the bottom seat at 90 degrees, the others clockwise."""
    n = len(scene.seats)
    k = (seat - scene.bottom) % n
    return math.radians(90 + k * 360 / n)


@cache
def _felt() -> Image.Image:
    """The empty table (drawn once; every picture starts from a copy)."""
    im = Image.new("RGB", (WIDTH, HEIGHT), FELT_DARK)
    ImageDraw.Draw(im).rounded_rectangle((14, HEADER + 4, WIDTH - 14, HEIGHT - FOOTER - 4), 120,
                                         fill=FELT, outline=FELT_LIGHT, width=3)
    return im


def _header(draw: ImageDraw.ImageDraw, scene: TableScene, style: str) -> None:
    right = WIDTH - 16
    if scene.trump:
        r = 27
        cx, cy = WIDTH - 16 - r, HEADER / 2 - 6
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(250, 250, 245), outline=GOLD,
                     width=3)
        glyph = SUIT_SYMBOL[scene.trump]
        f = font(34)
        left, top, rgt, bot = f.getbbox(glyph)
        draw.text((cx - (left + rgt) / 2, cy - (top + bot) / 2), glyph, font=f,
                  fill=suit_colour(scene.trump, style))
        text(draw, (cx, cy + r + 1), scene.trump_label, 14, fill=INK_DIM, anchor="mt")
        right = cx - r - 12
    text(draw, (16, 8), scene.title, 25, bold=True, fill=INK, max_width=right - 16)
    for i, line in enumerate(scene.lines[:2]):
        text(draw, (16, 40 + i * 20), line, 18, fill=INK_DIM, max_width=right - 16)


def _plate(draw: ImageDraw.ImageDraw, cx: float, cy: float, seat: SeatPlate) -> None:
    x0, y0 = cx - PLATE_W / 2, cy - PLATE_H / 2
    box = (x0, y0, x0 + PLATE_W, y0 + PLATE_H)
    if seat.turn:
        draw.rounded_rectangle(box, 14, fill=PLATE_TURN, outline=GOLD, width=4)
    else:
        draw.rounded_rectangle(box, 14, fill=PLATE, outline=FELT_LIGHT, width=2)
    ink = INK_DIM if seat.out else (GOLD if seat.turn else INK)
    text(draw, (cx, y0 + 8), seat.name, 22, bold=True, fill=ink, max_width=PLATE_W - 18,
         anchor="mt")
    if seat.detail:
        text(draw, (cx, y0 + 38), seat.detail, 15, fill=INK_DIM, max_width=PLATE_W - 14,
             anchor="mt")


def _plate_centre(scene: TableScene, seat: int, table_cy: float) -> tuple[float, float]:
    """Where a seat's plate sits: on the table's edge in its direction; three players sit
    bottom, top-left and top-right, clear of the trick."""
    rx = WIDTH / 2 - PLATE_W / 2 - 6
    ry = (HEIGHT - FOOTER - HEADER) / 2 - PLATE_H / 2 - 12
    k = (seat - scene.bottom) % len(scene.seats)
    if len(scene.seats) == 3 and k:
        return WIDTH / 2 + (rx if k == 2 else -rx), table_cy - ry
    a = _angle(scene, seat)
    x = WIDTH / 2 + rx * math.cos(a)
    if scene.open_cards.get(seat) and _beside(scene, seat):  # room for the fan on its left
        x += (_open_width(len(scene.open_cards[seat])) + 10) / 2
    return x, table_cy + ry * math.sin(a)


def _beside(scene: TableScene, seat: int) -> bool:
    """Whether a seat's open cards lie beside its plate (bottom and top seats: the trick is
    right under or over the plate) rather than under it."""
    k = (seat - scene.bottom) % len(scene.seats)
    return k == 0 or (len(scene.seats) in (2, 4) and k == len(scene.seats) // 2)


def _open_step() -> float:
    return SMALL * 0.42


def _open_width(n: int) -> float:
    return SMALL + _open_step() * (n - 1) if n else 0.0


def _open_cards(im: Image.Image, scene: TableScene, seat: int, cards: list[str],
                table_cy: float, style: str) -> None:
    """A small fan beside the plate of a seat at the bottom or top, under it elsewhere: the
    places the trick never reaches."""
    px, py = _plate_centre(scene, seat, table_cy)
    sch = card_height(SMALL)
    step = _open_step()
    if _beside(scene, seat):
        x, y = px - PLATE_W / 2 - 10 - _open_width(len(cards)), max(HEADER + 8, py - sch / 2)
    else:
        step = min(step, (PLATE_W - SMALL) / max(1, len(cards) - 1))
        x, y = px - (SMALL + step * (len(cards) - 1)) / 2, py + PLATE_H / 2 + 6
    for i, card in enumerate(cards):
        paste_card(im, card, x + i * step, y, SMALL, style)


def draw_table(scene: TableScene, style: str) -> Image.Image:
    """The scene as an RGB image, ``WIDTH`` x ``HEIGHT`` px."""
    im = _felt().copy()
    draw = ImageDraw.Draw(im)
    cx, cy = WIDTH / 2, (HEADER + HEIGHT - FOOTER) / 2
    _header(draw, scene, style)
    for seat, plate in enumerate(scene.seats):
        _plate(draw, *_plate_centre(scene, seat, cy), plate)
    for seat, cards in sorted(scene.open_cards.items()):
        if cards and 0 <= seat < len(scene.seats):
            _open_cards(im, scene, seat, cards, cy, style)
    ch = card_height(NORMAL)
    if scene.trick:
        tx, ty = 78, 70
        for seat, card in scene.trick:
            a = _angle(scene, seat)
            x = cx + tx * math.cos(a) - NORMAL / 2
            y = cy + ty * math.sin(a) - ch / 2
            paste_card(im, card, x, y, NORMAL, style, scene.trick_mark)
        if scene.trick_label:
            text(draw, (cx, cy + ty + ch / 2 + 6), scene.trick_label, 16, fill=INK,
                 max_width=WIDTH - 2 * PLATE_W, anchor="mt")
    elif scene.centre:
        gap = 14
        total = len(scene.centre) * NORMAL + (len(scene.centre) - 1) * gap
        x = cx - total / 2
        for c in scene.centre:
            paste_card(im, c.card, x, cy - ch / 2 - 10, NORMAL, style, c.mark)
            text(draw, (x + NORMAL / 2, cy + ch / 2 - 4), c.label, 15, fill=INK,
                 max_width=NORMAL + gap, anchor="mt")
            x += NORMAL + gap
    if scene.footer:
        text(draw, (WIDTH / 2, HEIGHT - FOOTER / 2), scene.footer, 21, bold=True, fill=GOLD,
             max_width=WIDTH - 24, anchor="mm")
    return im

