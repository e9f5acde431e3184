"""Drawing helpers every picture shares: text that fits, panels, and the PNG encoding."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.render.pictures.fonts import fit, font

PALETTE_COLOURS = 128
"""Pictures are flat colours plus anti-aliased edges: a 128-colour palette looks the same as
full colour and makes the PNG several times smaller and faster to write."""


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, size: int, *,
         bold: bool = False, fill: tuple[int, int, int] = (255, 255, 255),
         max_width: int = 10_000, anchor: str = "la") -> None:
    """Draw ``value`` safely: uncovered characters replaced, cut to ``max_width`` px."""
    draw.text(xy, fit(value, size, max_width, bold), font=font(size, bold), fill=fill,
              anchor=anchor)


def encode(im: Image.Image) -> bytes:
    """The picture as a palette PNG.

    The palette is chosen from every third pixel in each direction (a ninth of the work; the
    pictures are large flat areas, so the sample holds their colours) and then the whole
    picture is mapped onto it: three times faster than quantising every pixel, as good to
    the eye. zlib level 3: a little larger than 6, and twice as fast."""
    if im.mode != "RGB":
        im = im.convert("RGB")
    sample = im.resize((max(1, im.width // 3), max(1, im.height // 3)),
                       Image.Resampling.NEAREST)
    palette = sample.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE,
                              dither=Image.Dither.NONE)
    out = io.BytesIO()
    im.quantize(palette=palette, dither=Image.Dither.NONE).save(
        out, format="PNG", optimize=False, compress_level=3)
    return out.getvalue()
