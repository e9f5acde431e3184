"""Die faces as small RGBA tiles, drawn once per (face, size, held, style) and cached.

A face is an ivory rounded square with its pips in the usual places; a held (kept, set aside)
die has a cream face and a thick gold ring, so it stands out at a glance even on a phone.
``four_colour`` draws the ace and the four with red pips, as Chinese dice do; ``two_colour``
all black. Tiles are drawn three times larger and scaled down, for smooth edges.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.pictures.style import BLACK, GOLD, RED, check_style

_SS = 3  # supersampling factor
_FACE = (250, 248, 240, 255)
_FACE_HELD = (255, 240, 196, 255)
_EDGE = (70, 70, 70, 255)
_BLANK = (230, 230, 222, 255)

# pip centres as fractions of the side, per face
_L, _M, _R = 0.26, 0.5, 0.74
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_M, _M),),
    2: ((_R, _L), (_L, _R)),
    3: ((_R, _L), (_M, _M), (_L, _R)),
    4: ((_L, _L), (_R, _L), (_L, _R), (_R, _R)),
    5: ((_L, _L), (_R, _L), (_M, _M), (_L, _R), (_R, _R)),
    6: ((_L, _L), (_R, _L), (_L, _M), (_R, _M), (_L, _R), (_R, _R)),
}


def ring_width(size: int) -> int:
    """The gold ring's width round a held die (part of the tile: the tile is the die)."""
    return max(3, round(0.07 * size))


@lru_cache(maxsize=256)  # 6 faces x 2 marks x a few sizes x 2 styles
def die_tile(value: int, size: int, held: bool = False,
             style: str = "two_colour") -> Image.Image:
    """The face ``value`` (1..6; anything else: a blank die) ``size`` px square, as RGBA."""
    check_style(style)
    s = size * _SS
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = round(0.18 * s)
    fill = _FACE_HELD if held else (_FACE if value in PIPS else _BLANK)
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius, fill=fill, outline=_EDGE,
                        width=max(_SS, round(0.025 * s)))
    red = style == "four_colour" and value in (1, 4)
    ink = RED if red else BLACK
    r = (0.13 if value == 1 else 0.085) * s
    for fx, fy in PIPS.get(value, ()):
        cx, cy = fx * s, fy * s
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
    if held:
        ring = ring_width(size) * _SS
        d.rounded_rectangle((0, 0, s - 1, s - 1), radius, outline=GOLD, width=ring)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def paste_die(canvas: Image.Image, value: int, x: float, y: float, size: int, *,
              held: bool = False, style: str = "two_colour") -> None:
    """Put a die's tile on ``canvas`` with its top-left corner at (x, y)."""
    tile = die_tile(value, size, held, style)
    canvas.paste(tile, (round(x), round(y)), tile)
