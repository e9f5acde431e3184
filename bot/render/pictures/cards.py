"""Card faces and backs as small RGBA tiles, drawn once per (card, size, style, mark) and cached.

A face has the rank over the suit in the top-left corner, a large centre pip, or for a court
card its letter in a frame: fanned cards show only their left edge, so that one index is large
enough to read on a phone (a second, turned index would crowd the centre at these sizes).
Suits are glyphs of the shipped DejaVu Sans; German suits (the ``german`` style) are drawn as
shapes, acorns, leaves, hearts and bells, with U and O (Unter, Ober) for Jack and Queen. Tiles
are drawn three times larger and scaled down, for smooth edges.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from bot.games.cards import SUIT_SYMBOL
from bot.games.words import NP_
from bot.i18n import current
from bot.render.pictures.fonts import font
from bot.render.pictures.style import (
    BACK,
    BACK_LIGHT,
    CARD_EDGE,
    GERMAN_COURTS,
    GOLD,
    suit_colour,
)

Index = Literal["left", "right", "top"]
Mark = Literal["plain", "highlight", "dim"]
"""``highlight``: a gold frame (a legal card, a picked pile); ``dim``: greyed (not playable)."""

SMALL = 60
NORMAL = 84
LARGE = 104
_SS = 3  # supersampling factor
_PAPER = (252, 252, 247, 255)
_PAPER_LIT = (255, 248, 214, 255)
_COURTS = {"J": "J", "Q": "Q", "K": "K"}


def card_height(width: int) -> int:
    return round(width * 1.4)


def _centred(draw: ImageDraw.ImageDraw, x: float, y: float, text: str,
             f: ImageFont.FreeTypeFont, fill: tuple[int, ...]) -> None:
    """Draw ``text`` with its ink (not its line box) centred on (x, y)."""
    left, top, right, bottom = f.getbbox(text)
    draw.text((x - (left + right) / 2, y - (top + bottom) / 2), text, font=f, fill=fill)


INDEX_CONTEXT = "card index"
"""The message context of the letters a card's index shows (German cards: B, D, K, A)."""
_MARKED = (NP_("card index", "J"), NP_("card index", "Q"), NP_("card index", "K"),
           NP_("card index", "A"))


def index_letters() -> tuple[str, ...]:
    """The letters of Jack, Queen, King and Ace in the language in force (German players read
    Bube, Dame, König, As)."""
    words = current()
    return tuple(words.lookup(rank, INDEX_CONTEXT) or rank for rank in "JQKA")


def _label(rank: str, style: str = "two_colour", letters: tuple[str, ...] = ("J", "Q", "K", "A")
           ) -> str:
    if style == "german" and rank in GERMAN_COURTS:
        return GERMAN_COURTS[rank]
    if rank in "JQKA":
        return letters["JQKA".index(rank)]
    return "10" if rank == "T" else rank


def _suit(d: ImageDraw.ImageDraw, x: float, y: float, suit: str, size: int,
          colour: tuple[int, int, int], style: str) -> None:
    """The suit's sign centred on (x, y), as large as its glyph at font ``size``."""
    if style != "german" or suit == "H":  # German hearts are hearts
        _centred(d, x, y, SUIT_SYMBOL[suit], font(size), colour)
        return
    r = 0.36 * size
    dark = tuple(round(c * 0.55) for c in colour)
    line = max(1, round(0.06 * r))
    if suit == "D":  # Schellen: a round bell with its band, its slit and a knob on top
        d.ellipse((x - 0.14 * r, y - 1.0 * r, x + 0.14 * r, y - 0.72 * r), fill=dark)
        d.ellipse((x - 0.86 * r, y - 0.8 * r, x + 0.86 * r, y + 0.9 * r), fill=colour,
                  outline=dark, width=line)
        d.line((x - 0.84 * r, y - 0.05 * r, x + 0.84 * r, y - 0.05 * r), fill=dark, width=line)
        d.ellipse((x - 0.17 * r, y + 0.3 * r, x + 0.17 * r, y + 0.62 * r), fill=dark)
        d.line((x, y + 0.6 * r, x, y + 0.88 * r), fill=dark, width=line)
    elif suit == "S":  # Grün: a leaf pointing up, its stem and its vein
        steps = 24
        left = [(x - 0.72 * r * math.sin(math.pi * t / steps),
                 y + 0.75 * r - 1.75 * r * t / steps) for t in range(steps + 1)]
        right = [(2 * x - px, py) for px, py in reversed(left)]
        d.polygon(left + right, fill=colour, outline=dark)
        d.line((x, y + 1.0 * r, x, y - 0.7 * r), fill=dark, width=line)
    else:  # Eichel: an acorn, its nut under a hatched cap, and a stalk
        d.ellipse((x - 0.5 * r, y - 0.25 * r, x + 0.5 * r, y + 1.0 * r), fill=colour,
                  outline=dark, width=line)
        d.chord((x - 0.66 * r, y - 0.62 * r, x + 0.66 * r, y + 0.22 * r), 180, 360,
                fill=dark)
        for k in (-0.3, 0.0, 0.3):
            d.line((x + k * r - 0.15 * r, y - 0.45 * r, x + k * r + 0.15 * r, y - 0.22 * r),
                   fill=colour, width=line)
        d.line((x, y - 0.6 * r, x + 0.12 * r, y - 1.0 * r), fill=dark, width=2 * line)


def _index(rank: str, suit: str, w: int, colour: tuple[int, int, int],
           where: Index, style: str, letters: tuple[str, ...]) -> Image.Image:
    """The corner index at supersampled size: rank over suit, or side by side for ``top``."""
    label = _label(rank, style, letters)
    suit_size = round(0.3 * w)
    if where == "top":
        rank_f = font(round((0.28 if len(label) > 1 else 0.32) * w), True)
        rank_w = rank_f.getbbox(label)[2]
        im = Image.new("RGBA", (round(rank_w + 0.36 * w), round(0.34 * w)), (0, 0, 0, 0))
        d = ImageDraw.Draw(im)
        d.text((0, 0.17 * w), label, font=rank_f, fill=colour, anchor="lm")
        _suit(d, rank_w + 0.2 * w, 0.17 * w, suit, suit_size, colour, style)
        return im
    rank_size = round((0.27 if len(label) > 1 else 0.32) * w)
    cw, ch = round(0.36 * w), round(0.62 * w)
    im = Image.new("RGBA", (cw, ch), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    if label == "10":  # the two digits set tight, so "10" is no wider than a suit
        f = font(rank_size, True)
        one, zero = f.getbbox("1"), f.getbbox("0")
        kern = 0.035 * w
        total = (one[2] - one[0]) + (zero[2] - zero[0]) - kern
        x = cw / 2 - total / 2
        _centred(d, x + (one[2] - one[0]) / 2, 0.19 * w, "1", f, colour)
        _centred(d, x + (one[2] - one[0]) - kern + (zero[2] - zero[0]) / 2, 0.19 * w, "0", f,
                 colour)
    else:
        _centred(d, cw / 2, 0.19 * w, label, font(rank_size, True), colour)
    _suit(d, cw / 2, 0.47 * w, suit, suit_size, colour, style)
    return im


# per index position: the centre pip's (x, y) and the court frame, as fractions of (w, h)
_CENTRE = {"left": (0.6, 0.56), "right": (0.4, 0.56), "top": (0.5, 0.6)}
_FRAME = {
    "left": (0.38, 0.08, 0.92, 0.92),
    "right": (0.08, 0.08, 0.62, 0.92),
    "top": (0.14, 0.27, 0.86, 0.94),
}


def card_tile(card: str | None, width: int, style: str = "two_colour",
              mark: Mark = "plain", index: Index = "left") -> Image.Image:
    """The tile of ``card`` (``None`` = face down), ``width`` px wide, as RGBA, its letters in
    the language in force. ``index`` puts the rank and suit where a fan leaves them visible:
    ``left`` (a hand or a pile fanned to the right), ``right`` (fanned to the left), ``top``
    (fanned downwards)."""
    return _tile(card, width, style, mark, index, index_letters())


@lru_cache(maxsize=1024)  # at most ~50 MB of tiles; a running bot uses a few hundred
def _tile(card: str | None, width: int, style: str, mark: Mark, index: Index,
          letters: tuple[str, ...]) -> Image.Image:
    if mark == "dim":  # the plain tile, greyed: no second drawing
        tile = _tile(card, width, style, "plain", index, letters)
        alpha = tile.getchannel("A")
        tile = Image.blend(tile, Image.new("RGBA", tile.size, (96, 96, 96, 255)), 0.3)
        tile.putalpha(alpha)
        return tile
    w, h = width * _SS, card_height(width) * _SS
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = round(0.09 * w)
    edge = max(_SS, round(0.012 * w))
    if card is None:
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=BACK, outline=CARD_EDGE,
                            width=edge)
        inset = round(0.08 * w)
        d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius // 2,
                            outline=BACK_LIGHT, width=max(_SS, round(0.025 * w)))
        cx, cy, r = w / 2, h / 2, 0.2 * w
        d.polygon([(cx, cy - r * 1.3), (cx + r, cy), (cx, cy + r * 1.3), (cx - r, cy)],
                  fill=BACK_LIGHT)
    else:
        suit, rank = card[0], card[1]
        colour = suit_colour(suit, style)
        paper = _PAPER_LIT if mark == "highlight" else _PAPER
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=paper, outline=CARD_EDGE,
                            width=edge)
        corner = _index(rank, suit, w, colour, index, style, letters)
        pad = round(0.03 * w) if index != "top" else round(0.06 * w)
        x = w - corner.width - pad if index == "right" else pad
        im.alpha_composite(corner, (x, round(0.03 * w)))
        cx, cy = _CENTRE[index][0] * w, _CENTRE[index][1] * h
        if rank in _COURTS:
            fx0, fy0, fx1, fy1 = (a * b for a, b in zip(_FRAME[index], (w, h, w, h),
                                                         strict=True))
            tint = tuple(round(255 - (255 - c) * 0.1) for c in colour)
            d.rounded_rectangle((fx0, fy0, fx1, fy1), round(0.05 * w), fill=tint,
                                outline=colour, width=max(_SS, round(0.015 * w)))
            cx, fh = (fx0 + fx1) / 2, fy1 - fy0
            _centred(d, cx, fy0 + 0.36 * fh, _label(rank, style, letters),
                     font(round(0.42 * w), True), colour)
            _suit(d, cx, fy0 + 0.72 * fh, suit, round(0.26 * w), colour, style)
        else:
            size = 0.7 if rank == "A" else 0.54
            _suit(d, cx, cy, suit, round(size * w), colour, style)
    if mark == "highlight":
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius, outline=GOLD,
                            width=max(2 * _SS, round(0.06 * w)))
    return im.resize((width, card_height(width)), Image.Resampling.LANCZOS)


def paste_card(canvas: Image.Image, card: str | None, x: float, y: float, width: int,
               style: str = "two_colour", mark: Mark = "plain", index: Index = "left") -> None:
    """Put a card's tile on ``canvas`` with its top-left corner at (x, y)."""
    tile = card_tile(card, width, style, mark, index)
    canvas.paste(tile, (round(x), round(y)), tile)
