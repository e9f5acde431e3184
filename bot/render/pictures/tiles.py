"""Domino tiles as small RGBA images, drawn once per (halves, size, orientation, style, mark).

A tile is two squares of ``unit`` px side by side (or stacked), pips not digits, up to nine pips
a half for the double-nine set. ``two_colour`` draws black pips; ``four_colour`` gives every
number its own colour, so matching halves can be spotted at a glance. Drawn three times larger
and scaled down, for round pips; a vertical tile is the horizontal one turned, as a real tile
would be.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.pictures.cards import Mark
from bot.render.pictures.style import GOLD, RGB, check_style

_SS = 3
_FACE = (250, 247, 236, 255)
_FACE_LIT = (255, 244, 200, 255)
_EDGE = (70, 66, 60)
_BLACK: RGB = (28, 28, 32)
_NUMBER_COLOURS: dict[int, RGB] = {
    0: _BLACK, 1: (30, 90, 200), 2: (18, 128, 56), 3: (200, 20, 40), 4: (150, 80, 20),
    5: (30, 30, 130), 6: (130, 30, 150), 7: (200, 120, 0), 8: (0, 130, 140), 9: (110, 20, 30),
}
_A, _M, _Z = 0.24, 0.5, 0.76
_PIPS: dict[int, list[tuple[float, float]]] = {
    0: [],
    1: [(_M, _M)],
    2: [(_A, _A), (_Z, _Z)],
    3: [(_A, _A), (_M, _M), (_Z, _Z)],
    4: [(_A, _A), (_Z, _A), (_A, _Z), (_Z, _Z)],
    5: [(_A, _A), (_Z, _A), (_M, _M), (_A, _Z), (_Z, _Z)],
    6: [(_A, _A), (_A, _M), (_A, _Z), (_Z, _A), (_Z, _M), (_Z, _Z)],
    7: [(_A, _A), (_A, _M), (_A, _Z), (_M, _M), (_Z, _A), (_Z, _M), (_Z, _Z)],
    8: [(x, y) for x in (_A, _M, _Z) for y in (_A, _M, _Z) if (x, y) != (_M, _M)],
    9: [(x, y) for x in (_A, _M, _Z) for y in (_A, _M, _Z)],
}


def pip_colour(number: int, style: str) -> RGB:
    return _NUMBER_COLOURS[number] if check_style(style) == "four_colour" else _BLACK


def _half(d: ImageDraw.ImageDraw, x0: float, y0: float, side: float, number: int,
          style: str) -> None:
    radius = side * (0.095 if number <= 6 else 0.082)
    colour = pip_colour(number, style)
    for fx, fy in _PIPS[number]:
        cx, cy = x0 + fx * side, y0 + fy * side
        d.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)


@lru_cache(maxsize=4096)  # a double-nine set is 55 tiles; a few sizes, two ways, three marks
def tile_image(first: int, second: int, unit: int, vertical: bool = False,
               style: str = "two_colour", mark: Mark = "plain") -> Image.Image:
    """The tile showing ``first`` on the left (top when ``vertical``) and ``second`` on the
    right (bottom): ``2 * unit`` by ``unit`` px, or ``unit`` by ``2 * unit``."""
    if vertical:
        return tile_image(first, second, unit, False, style, mark).transpose(
            Image.Transpose.ROTATE_270)
    if mark == "dim":
        tile = tile_image(first, second, unit, False, style, "plain")
        alpha = tile.getchannel("A")
        tile = Image.blend(tile, Image.new("RGBA", tile.size, (90, 90, 90, 255)), 0.35)
        tile.putalpha(alpha)
        return tile
    side = unit * _SS
    w, h = 2 * side, side
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = round(0.14 * side)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius,
                        fill=_FACE_LIT if mark == "highlight" else _FACE, outline=_EDGE,
                        width=max(_SS, round(0.035 * side)))
    inset = round(0.16 * side)
    d.line((side, inset, side, h - 1 - inset), fill=_EDGE, width=max(_SS, round(0.03 * side)))
    _half(d, 0, 0, side, first, style)
    _half(d, side, 0, side, second, style)
    if mark == "highlight":
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius, outline=GOLD,
                            width=max(2 * _SS, round(0.09 * side)))
    return im.resize((2 * unit, unit), Image.Resampling.LANCZOS)


def paste_tile(canvas: Image.Image, first: int, second: int, x: float, y: float, unit: int,
               vertical: bool = False, style: str = "two_colour", mark: Mark = "plain") -> None:
    """Put a tile on ``canvas`` with its top-left corner at (x, y)."""
    tile = tile_image(first, second, unit, vertical, style, mark)
    canvas.paste(tile, (round(x), round(y)), tile)
