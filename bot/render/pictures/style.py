"""Card styles: classic two-colour suits, the four colours of Skat tournaments, or German
suits (Eichel, Grün, Rot, Schellen: acorns, leaves, hearts and bells, with Unter and Ober for
Jack and Queen), as many Skat players grew up with them."""

from __future__ import annotations

from typing import Literal, get_args

Style = Literal["two_colour", "four_colour", "german"]
STYLES: tuple[str, ...] = get_args(Style)
DEFAULT_STYLE: Style = "two_colour"

RGB = tuple[int, int, int]

BLACK: RGB = (24, 24, 28)
RED: RGB = (200, 20, 40)
GREEN: RGB = (18, 128, 56)
ORANGE: RGB = (232, 124, 0)
ACORN: RGB = (122, 72, 28)
BELL: RGB = (206, 146, 0)

_SUIT_COLOURS: dict[str, dict[str, RGB]] = {
    "two_colour": {"C": BLACK, "S": BLACK, "H": RED, "D": RED},
    "four_colour": {"C": BLACK, "S": GREEN, "H": RED, "D": ORANGE},
    "german": {"C": ACORN, "S": GREEN, "H": RED, "D": BELL},
}
GERMAN_COURTS = {"J": "U", "Q": "O"}
"""German cards' court letters: Unter (the Jack, Skat's Bube) and Ober (the Queen)."""

FELT: RGB = (22, 92, 58)
FELT_LIGHT: RGB = (32, 112, 72)
FELT_DARK: RGB = (14, 64, 40)
INK: RGB = (240, 240, 232)
INK_DIM: RGB = (176, 200, 184)
GOLD: RGB = (250, 196, 40)
PLATE: RGB = (16, 48, 32)
PLATE_TURN: RGB = (92, 72, 12)
BACK: RGB = (34, 64, 140)
BACK_LIGHT: RGB = (86, 120, 196)
CARD_EDGE: RGB = (90, 90, 90)


def check_style(style: str) -> Style:
    """The style, or a clear error naming the known ones."""
    if style not in STYLES:
        raise ValueError(f"unknown card style {style!r}; choose one of {', '.join(STYLES)}")
    return style  # type: ignore[return-value]


def suit_colour(suit: str, style: str) -> RGB:
    return _SUIT_COLOURS[check_style(style)][suit]
