"""A seat's cards as a held fan: real faces in the order the text lists them, legal ones raised.

Games describe the hand as a `HandScene`; cards overlap as much as the width needs, the suit
groups the text separates keep a small gap, and other cards the seat may see (the skat it
picked up, a partner's open hand) follow in smaller rows under it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from PIL import Image, ImageDraw

from bot.render.pictures.canvas import text
from bot.render.pictures.cards import LARGE, SMALL, Mark, card_height, paste_card
from bot.render.pictures.style import FELT_DARK, GOLD, INK, INK_DIM

WIDTH = 720
MARGIN = 16
LIFT = 18
LABEL_W = 150


@dataclass(frozen=True)
class HandScene:
    title: str
    cards: list[str]
    marks: list[Mark] = field(default_factory=list)
    """Per card (same length as ``cards``), or empty for all plain."""
    groups: list[int] = field(default_factory=list)
    """Per card, its group (suit as the game sorts it): a gap between groups. Empty: one group."""
    extras: list[tuple[str, list[str]]] = field(default_factory=list)
    """Further rows: (label, cards), e.g. ("Skat", [...])."""
    footer: str = ""


def _row_positions(n: int, groups: list[int], width: int, span: int) -> list[float]:
    """Left edges for ``n`` cards of ``width`` px in ``span`` px, overlapping when needed."""
    if n == 0:
        return []
    gaps = sum(1 for a, b in pairwise(groups) if a != b)
    group_gap = 12
    step = width + 8
    if n > 1:
        step = min(step, (span - width - gaps * group_gap) / (n - 1))
    xs, x = [], 0.0
    for i in range(n):
        if i and groups and groups[i] != groups[i - 1]:
            x += group_gap
        xs.append(x)
        x += step
    return xs


def draw_hand(scene: HandScene, style: str) -> Image.Image:
    """The scene as an RGB image ``WIDTH`` px wide."""
    ch, sch = card_height(LARGE), card_height(SMALL)
    extras = [(label, cards) for label, cards in scene.extras if cards]
    height = 50 + LIFT + ch + 14 + len(extras) * (sch + 12) + (34 if scene.footer else 0)
    im = Image.new("RGB", (WIDTH, height), FELT_DARK)
    draw = ImageDraw.Draw(im)
    text(draw, (MARGIN, 12), scene.title, 23, bold=True, fill=INK, max_width=WIDTH - 2 * MARGIN)
    span = WIDTH - 2 * MARGIN
    xs = _row_positions(len(scene.cards), scene.groups, LARGE, span)
    offset = MARGIN + (span - (xs[-1] + LARGE)) / 2 if xs else MARGIN
    marks = scene.marks or ["plain"] * len(scene.cards)
    top = 50 + LIFT
    if not scene.cards:
        text(draw, (WIDTH / 2, top + ch / 2), "no cards", 22, fill=INK_DIM, anchor="mm")
    for x, card, mark in zip(xs, scene.cards, marks, strict=True):
        y = top - LIFT if mark == "highlight" else top
        paste_card(im, card, offset + x, y, LARGE, style, mark)
    y = top + ch + 14
    for label, cards in extras:
        text(draw, (MARGIN, y + sch / 2), label, 19, bold=True, fill=INK_DIM, max_width=LABEL_W,
             anchor="lm")
        x0 = MARGIN + LABEL_W + 8
        for i, card in enumerate(cards):
            paste_card(im, card, x0 + i * (SMALL + 6), y, SMALL, style)
        y += sch + 12
    if scene.footer:
        text(draw, (WIDTH / 2, height - 20), scene.footer, 20, bold=True, fill=GOLD,
             max_width=WIDTH - 2 * MARGIN, anchor="mm")
    return im
