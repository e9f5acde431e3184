"""The shipped fonts, and text made safe to draw with them.

Pictures use DejaVu Sans from ``bot/render/fonts/`` only (package data, copied into the Docker
image): a system font would make the pictures depend on the machine, so a missing file is an
error, never a silent fallback. Names may hold any Unicode: what DejaVu lacks (CJK, emoji) is
drawn as a placeholder box, right-to-left runs are put in visual order, and nothing raises.
"""

from __future__ import annotations

import io
import unicodedata
from functools import cache, lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
PLACEHOLDER = "\u25a1"  # WHITE SQUARE, which DejaVu Sans has
_NOT_A_CHAR = "\U0010fffd"  # private use: no font has it, so it draws the font's .notdef box
_RTL = frozenset(("R", "AL"))
_LTR = frozenset(("L", "EN", "AN"))


class MissingFont(RuntimeError):
    """The package's font files are not installed (a broken install, not a user error)."""


@cache
def font_bytes(bold: bool = False) -> bytes:
    """The font file's bytes, read once from the package (works for any kind of install)."""
    name = FONT_FILES[bold]
    try:
        return (resources.files("bot.render") / "fonts" / name).read_bytes()
    except (FileNotFoundError, OSError) as exc:
        raise MissingFont(f"bot/render/fonts/{name} is missing from this install") from exc


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` px. Basic layout: the same result with or without libraqm."""
    return ImageFont.truetype(
        io.BytesIO(font_bytes(bold)), size, layout_engine=ImageFont.Layout.BASIC
    )


def _ink(ch: str, bold: bool) -> bytes:
    im = Image.new("L", (40, 40))
    ImageDraw.Draw(im).text((4, 4), ch, font=font(24, bold), fill=255)
    return im.tobytes()


@lru_cache(maxsize=8192)
def covers(ch: str, bold: bool = False) -> bool:
    """Whether the shipped font has a glyph for ``ch`` (it draws something other than .notdef)."""
    if ch == " ":
        return True
    return _ink(ch, bold) != _ink(_NOT_A_CHAR, bold)


def _droppable(ch: str) -> bool:
    """Invisible joiners and modifiers: emoji sequences leave one placeholder, not five."""
    code = ord(ch)
    return (
        unicodedata.category(ch) in ("Cf", "Cc")
        or 0xFE00 <= code <= 0xFE0F  # variation selectors
        or 0x1F3FB <= code <= 0x1F3FF  # skin tones
        or 0xE0020 <= code <= 0xE007F  # tag characters (flags)
    )


def _visual(text: str) -> str:
    """Right-to-left runs reversed into display order (the basic layout draws logical order).

    A small stand-in for the bidi algorithm, enough for a name: strong runs keep their
    direction, neutrals between two runs of the same direction join them, and the whole line
    takes the direction of its first strong character."""
    if not any(unicodedata.bidirectional(c) in _RTL for c in text):
        return text
    runs: list[tuple[str, str]] = []  # (direction "R"/"L"/"N", text)
    for ch in text:
        b = unicodedata.bidirectional(ch)
        d = "R" if b in _RTL else "L" if b in _LTR else "N"
        if runs and runs[-1][0] == d:
            runs[-1] = (d, runs[-1][1] + ch)
        else:
            runs.append((d, ch))
    merged: list[tuple[str, str]] = []
    for i, (d, t) in enumerate(runs):
        if d == "N" and 0 < i < len(runs) - 1 and runs[i - 1][0] == runs[i + 1][0]:
            d = runs[i - 1][0]
        if merged and merged[-1][0] == d:
            merged[-1] = (d, merged[-1][1] + t)
        else:
            merged.append((d, t))
    base = next(d for d, _ in merged if d != "N")
    if base == "L":
        return "".join(t[::-1] if d == "R" else t for d, t in merged)
    return "".join(t if d == "L" else t[::-1] for d, t in reversed(merged))


def safe_text(text: str, bold: bool = False) -> str:
    """``text`` as the shipped font can draw it: uncovered characters become a placeholder."""
    out = []
    for ch in unicodedata.normalize("NFC", text):
        if _droppable(ch):
            continue
        if ch.isspace():
            out.append(" ")
        elif covers(ch, bold):
            out.append(ch)
        elif not out or out[-1] != PLACEHOLDER or not _is_symbol(ch):
            out.append(PLACEHOLDER)
    return _visual("".join(out))


def _is_symbol(ch: str) -> bool:
    return unicodedata.category(ch).startswith("S")


@lru_cache(maxsize=4096)
def fit(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """Safe text, cut with an ellipsis so it is at most ``max_width`` px wide."""
    text = safe_text(text, bold)
    f = font(size, bold)
    if f.getlength(text) <= max_width:
        return text
    while text and f.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"
