"""Any patience layout as a picture: piles on a grid, fanned or squared, with their ids.

A game describes its piles as `PileDrawing`s (it does not need to know Pillow), and
`draw_layout` sizes the cards to the number of columns, compresses long fans so a two-pack
layout stays legible, and prints each pile's id (``t1``, ``f2``) small above it, since players
pick piles by id. `layout_alt` says the same in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from PIL import Image, ImageDraw

from bot.games.cards import pretty
from bot.i18n import _
from bot.render.pictures.canvas import encode, text
from bot.render.pictures.cards import Index, card_height, paste_card
from bot.render.pictures.fonts import font
from bot.render.pictures.style import (
    DEFAULT_STYLE,
    FELT,
    FELT_LIGHT,
    GOLD,
    INK,
    INK_DIM,
    check_style,
)

Fan = Literal["down", "right", "left", "none"]

MARGIN = 14
TITLE_H = 44
LABEL_H = 20
MAX_WIDTH = 940
"""Cards shrink (to `MIN_CARD`) so that the columns fit this many pixels."""
MAX_CARD, MIN_CARD = 84, 52
MAX_FAN = 5.5
"""A fan longer than this many card heights (widths) is compressed."""


@dataclass(frozen=True)
class PileDrawing:
    """One pile: ``cards`` bottom to top (``None`` = face down); ``fan`` how it spreads
    (``none``: squared, the top card with a count badge); ``row``/``col`` its place on the
    grid (fractions allowed); ``count`` how many cards a pile that shows only a number holds
    (a stock); ``highlight`` a picked source or a legal destination."""

    id: str
    label: str = ""
    cards: list[str | None] = field(default_factory=list)
    fan: Fan = "none"
    row: float = 0
    col: float = 0
    count: int | None = None
    highlight: bool = False


@dataclass
class _Placed:
    pile: PileDrawing
    x: float
    y: float = 0
    cards: list[tuple[float, float, str | None]] = field(default_factory=list)
    """(dx, dy, card) of every card drawn, relative to the pile's anchor, bottom first."""
    w: float = 0
    h: float = 0
    dx0: float = 0
    """How far left of the anchor the pile reaches (a left fan)."""
    hidden: int = 0
    """Cards of a sideways fan left out for want of room (the badge gives the count)."""


def _offsets(n_down: int, n_up: int, face_down: float, face_up: float, limit: float,
             floor_up: float) -> tuple[float, float]:
    """Steps for face-down and face-up cards so the fan's spread fits ``limit`` if it can:
    face-down steps shrink first, then face-up ones down to ``floor_up``."""
    spread = n_down * face_down + n_up * face_up
    if spread <= limit:
        return face_down, face_up
    face_down_min = face_down * 0.4
    rest = limit - n_down * face_down_min
    if n_up and rest / n_up >= floor_up:
        return face_down_min, min(face_up, rest / n_up)
    if not n_up:
        return max(face_down * 0.25, limit / max(n_down, 1)), face_up
    return face_down_min, floor_up


def _place(pile: PileDrawing, x: float, w: int, h: int, room: float | None) -> _Placed:
    placed = _Placed(pile, x)
    cards = pile.cards
    if pile.fan == "none" or len(cards) <= 1:
        top: list[tuple[float, float, str | None]] = []
        if cards:
            top = [(0, 0, cards[-1])]
        elif pile.count:
            top = [(0, 0, None)]
        placed.cards, placed.w, placed.h = top, w, h
        return placed
    shown = cards[:-1]  # every card but the top one steps
    n_down = sum(1 for c in shown if c is None)
    n_up = len(shown) - n_down
    if pile.fan == "down":
        down, up = _offsets(n_down, n_up, 0.1 * h, 0.24 * h, (MAX_FAN - 1) * h, 0.19 * h)
        y = 0.0
        for c in cards:
            placed.cards.append((0, y, c))
            y += down if c is None else up
        placed.w, placed.h = w, placed.cards[-1][1] + h
        return placed
    limit = max(0.0, (room - w) if room is not None else (MAX_FAN - 1) * w)
    if room is not None and len(shown) * 0.3 * w > limit:
        # no room even for narrow steps: show the top cards that fit, and a count
        keep = int(limit // (0.3 * w)) + 1
        placed.hidden = len(cards) - keep
        cards = cards[-keep:]
        shown = cards[:-1]
        n_down = sum(1 for c in shown if c is None)
        n_up = len(shown) - n_down
    down, up = _offsets(n_down, n_up, 0.12 * w, 0.4 * w, limit, 0.3 * w)
    step_sign = 1 if pile.fan == "right" else -1
    dx = 0.0
    for c in cards:
        placed.cards.append((dx, 0, c))
        dx += step_sign * (down if c is None else up)
    last = placed.cards[-1][0]
    placed.w, placed.h = abs(last) + w, h
    placed.dx0 = min(0.0, last)
    return placed


def _card_width(piles: Sequence[PileDrawing]) -> int:
    """The widest card that lets the columns fit, in steps of 8 px (few sizes: the tile cache
    stays small)."""
    cols = max(p.col for p in piles) - min(p.col for p in piles) + 1
    fits = int(max(MIN_CARD, min(MAX_CARD, (MAX_WIDTH - 2 * MARGIN) / (cols * 1.14))))
    return max(MIN_CARD, MAX_CARD - (MAX_CARD - fits + 7) // 8 * 8)


def _room(pile: PileDrawing, piles: Sequence[PileDrawing], pitch: float) -> float | None:
    """How far a sideways fan may spread before it reaches the next pile in its row."""
    if pile.fan not in ("left", "right"):
        return None
    sign = 1 if pile.fan == "right" else -1
    ahead = [sign * (q.col - pile.col) for q in piles
             if q is not pile and q.row == pile.row and sign * (q.col - pile.col) > 0]
    return min(ahead) * pitch - 0.14 * pitch if ahead else None


def _index_for(fan: Fan) -> Index:
    return {"down": "top", "left": "right"}.get(fan, "left")  # type: ignore[return-value]


def _badge(draw: ImageDraw.ImageDraw, x: float, y: float, n: int) -> None:
    label = str(n)
    f = font(15, True)
    tw = f.getlength(label)
    box = (x - tw - 12, y - 22, x, y)
    draw.rounded_rectangle(box, 9, fill=(20, 20, 24), outline=GOLD, width=1)
    draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, font=f, fill=INK,
              anchor="mm")


def draw_layout(piles: Sequence[PileDrawing], *, title: str = "",
                style: str = DEFAULT_STYLE) -> bytes:
    """The layout as a palette PNG."""
    check_style(style)
    if not piles:
        piles = [PileDrawing(id="", label=_("no piles"))]
    w = _card_width(piles)
    h = card_height(w)
    pitch = w * 1.14
    left = min(p.col for p in piles)
    placed = [_place(p, (p.col - left) * pitch, w, h, _room(p, piles, pitch)) for p in piles]
    y = float(TITLE_H if title else MARGIN)
    for row in sorted({p.row for p in piles}):
        in_row = [q for q in placed if q.pile.row == row]
        for q in in_row:
            q.y = y + LABEL_H
        y += LABEL_H + max(q.h for q in in_row) + 12
    shift = MARGIN - min(q.x + q.dx0 for q in placed)
    width = max(q.x + q.dx0 + q.w for q in placed) + shift + MARGIN
    width = max(width, 360.0)
    im = Image.new("RGB", (round(width), round(y + MARGIN - 12)), FELT)
    draw = ImageDraw.Draw(im)
    if title:
        text(draw, (MARGIN, 10), title, 24, bold=True, fill=INK, max_width=round(width) - 28)
    for q in placed:
        _draw_pile(im, draw, q, q.x + shift, w, h, style)
    return encode(im)


def _draw_pile(im: Image.Image, draw: ImageDraw.ImageDraw, q: _Placed, x: float, w: int,
               h: int, style: str) -> None:
    pile = q.pile
    colour = GOLD if pile.highlight else INK_DIM
    label_x = x + q.dx0
    text(draw, (label_x + 2, q.y - 3), pile.id, 15, bold=True, fill=colour, max_width=round(q.w),
         anchor="ld")
    if not q.cards:
        draw.rounded_rectangle((x, q.y, x + w, q.y + h), round(0.09 * w), fill=(18, 78, 48),
                               outline=FELT_LIGHT, width=2)
        if pile.label:
            text(draw, (x + w / 2, q.y + h / 2), pile.label, 13, fill=INK_DIM, max_width=w - 6,
                 anchor="mm")
    index = _index_for(pile.fan)
    squared = pile.fan == "none" or len(pile.cards) <= 1
    held = pile.count if pile.count is not None else len(pile.cards)
    if squared and held > 1:  # a thick pile: an edge under the top card
        draw.rounded_rectangle((x + 3, q.y + 3, x + w + 3, q.y + h + 3), round(0.09 * w),
                               fill=(10, 40, 26))
    for dx, dy, card in q.cards:
        paste_card(im, card, x + dx, q.y + dy, w, style, "plain", index)
    if pile.highlight:
        x0 = x + q.dx0
        draw.rounded_rectangle((x0 - 4, q.y - 4, x0 + q.w + 4, q.y + q.h + 4),
                               round(0.12 * w), outline=GOLD, width=4)
    if (squared and held > 1) or q.hidden:
        _badge(draw, x + q.dx0 + q.w + 4, q.y + h + 4, held)


def layout_alt(piles: Sequence[PileDrawing], *, title: str = "") -> str:
    """The layout in words: each pile's id, label, face-down count and face-up cards."""
    parts = [title + "." if title else _("Patience layout.")]
    for p in piles:
        down = sum(1 for c in p.cards if c is None)
        up = [pretty(c) for c in p.cards if c is not None]
        name = f"{p.id} ({p.label})" if p.label else p.id
        if p.count is not None and not up:
            what = _("{n} cards face down", n=p.count) if p.count else _("empty")
        elif not p.cards:
            what = _("empty")
        else:
            bits = ([_("{n} face down", n=down)] if down else []) + (
                [" ".join(up)] if up else [])
            what = _("{before}, then {after}", before=bits[0], after=bits[1]) if len(
                bits) == 2 else bits[0]
            if p.fan == "none" and len(p.cards) > 1:
                top = p.cards[-1]
                what = _("{n} cards, top {card}", n=len(p.cards),
                         card=pretty(top) if top else _("face down"))
        said = (_("{pile}: {what} (highlighted).", pile=name, what=what) if p.highlight
                else _("{pile}: {what}.", pile=name, what=what))
        parts.append(said)
    return " ".join(parts)
