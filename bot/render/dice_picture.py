"""Dice as a picture: the throw on the table as real die faces (kept dice ringed in gold), this
turn's earlier throws, what the throw did, every player's score (or counters, or the sides'
lines in Centennial) and whose turn it is.

Pure functions of a `DiceView`. Dice hide nothing, so there is no private hand: the hand
picture is the seat's turn in words only. The picture is drawn on a tall canvas and cut to
the height it used; die faces come from the tile cache (`pictures.dice`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.games.base import Action, View
from bot.games.dice.game import DiceView, seat_names
from bot.i18n import _, ngettext
from bot.i18n.sentences import again
from bot.render import personalise
from bot.render.dice import hand_text, joined, table_text
from bot.render.pictures.canvas import encode, text
from bot.render.pictures.dice import paste_die
from bot.render.pictures.fonts import fit, font
from bot.render.pictures.style import (
    FELT,
    FELT_DARK,
    FELT_LIGHT,
    GOLD,
    INK,
    INK_DIM,
    PLATE,
    PLATE_TURN,
)
from bot.render.rendered import Rendered

WIDTH = 720
MARGIN = 16
MAX_HEIGHT = 1400
SMALL = 40
_DIM = (120, 150, 132)
_THROWS = re.compile(r"Seat \d+ throws [\d-]+\.\s*")
_DICE = {"poker": 5, "vingt_un": 1, "ace_pot": 2}
_SENTENCE = re.compile(r"(?<=\.) (?=\S)")

Box = tuple[int, int, int]
"""A die's top-left corner and side, in pixels."""


def _dv(view: View) -> DiceView:
    assert isinstance(view, DiceView), "the dice pictures need a DiceView"
    return view


def _name(view: DiceView, names: list[str], seat: int) -> str:
    if seat < len(names) and names[seat]:
        return names[seat]
    return again(seat_names(view.players)[seat])


def _named(view: DiceView, names: list[str], line: str) -> str:
    """A line of the rules core's English with the players' names, said again sentence by
    sentence (the core joins its events' sentences with spaces)."""
    full = [_name(view, names, s) for s in range(view.players)]
    english = personalise(line, seat_names(view.players), full)
    return " ".join(again(part, full) for part in _SENTENCE.split(english))


def _words(dice: list[int]) -> str:
    return ", ".join(map(str, dice))


# -- what the picture says (shared by the drawing and the alt text) ------------------------------


def subtitle(view: DiceView) -> str:
    parts: list[str] = []
    if view.flow == "fixed" and (view.round > 1 or view.target):
        parts.append(_("Round {n}", n=view.round))
    if view.target and view.flow in ("neighbour", "fixed"):
        parts.append(_("to {target}", target=view.target))
    if view.throw_off:
        parts.append(_("throw-off {n}", n=view.throw_off) if view.throw_off > 1
                     else _("throw-off"))
    if view.flow == "ace_pot":
        parts.append(ngettext("Pot: {n} counter", "Pot: {n} counters", view.pot)
                     + (", " + _("closed") if view.phase == "closed" else ""))
    if view.flow == "centennial":
        parts.append(_("1 up to 12 and back down"))
    return " · ".join(parts)


def caption(view: DiceView, names: list[str]) -> str:
    """What the last throw did, in the rules' words (the throws themselves are drawn)."""
    said = _named(view, names, _THROWS.sub("", view.message).strip()) if view.message else ""
    if view.flow == "vingt_un" and view.dice and view.thrower is not None:
        said = (_("Total {n}.", n=view.running) + " " + said).strip()
    return said


def dice_label(view: DiceView, names: list[str]) -> str:
    if not view.dice or view.thrower is None:
        return _("No dice thrown yet")
    who = _name(view, names, view.thrower)
    return _("{name} threw", name=who) if len(view.throws) <= 1 else _(
        "{name}'s last throw", name=who)


def score_of(view: DiceView, seat: int) -> str:
    if view.flow == "ace_pot":
        return ngettext("{n} counter", "{n} counters", view.counters[seat])
    if view.flow == "neighbour":
        return _("No. {number} · {n} points", number=seat + 1, n=view.totals[seat])
    return again(view.results[seat]) if view.results[seat] else "–"


def footer(view: DiceView, names: list[str]) -> str:
    if view.over:
        return _("Game over: {result}", result=_result(view, names))
    if view.turn is None:
        return ""
    who = _name(view, names, view.turn)
    if view.flow == "poker" and view.phase == "draw":
        return _("{name}: stand, keep some, or throw again", name=who)
    if view.flow == "vingt_un" and view.phase == "more":
        return _("{name}: throw again or stand on {n}", name=who, n=view.running)
    if view.flow == "ace_pot" and view.phase == "closed":
        return _("{name} to throw for a six (three throws)", name=who)
    return _("{name} to throw", name=who)


def _result(view: DiceView, names: list[str]) -> str:
    def who(seats: list[int]) -> str:
        return joined([_name(view, names, s) for s in seats])

    if view.losers and len(view.winners) != 1:
        return (_("{name} loses", name=who(view.losers)) if len(view.losers) == 1
                else _("{name} lose", name=who(view.losers)))
    return (_("{name} wins", name=who(view.winners)) if len(view.winners) == 1
            else _("{name} win", name=who(view.winners)))


def side_line(view: DiceView, names: list[str], side: int) -> tuple[str, str]:
    """Centennial: (the side's players, how far its line is)."""
    who = " / ".join(_name(view, names, s) for s in range(view.players) if s % 2 == side)
    step, need = view.lines[side], view.needed[side]
    state = ((_("{step} of 24, needs {n} (up)", step=step, n=need) if step < 12 else
              _("{step} of 24, needs {n} (back down)", step=step, n=need))
             if need is not None else _("line wiped out"))
    return who, state


def held_word(view: DiceView) -> str:
    return _("set aside") if view.flow == "fixed" else _("kept")


# -- drawing ----------------------------------------------------------------------------------


def _big_size(n: int) -> int:
    return {1: 110, 2: 100, 3: 96}.get(n, 84)


def _wrap(value: str, size: int, width: int, bold: bool = False, lines: int = 2) -> list[str]:
    """Greedy word wrap to at most ``lines`` lines (the last cut with an ellipsis)."""
    f = font(size, bold)
    out: list[str] = []
    current = ""
    for word in value.split():
        trial = f"{current} {word}".strip()
        if f.getlength(trial) <= width or not current:
            current = trial
        else:
            out.append(current)
            current = word
    if current:
        out.append(current)
    if len(out) > lines:
        out = [*out[: lines - 1], " ".join(out[lines - 1:])]
    return [fit(line, size, width, bold) for line in out]


def _earlier(im: Image.Image, draw: ImageDraw.ImageDraw, throws: list[list[int]], y: float,
             style: str) -> float:
    """This turn's earlier throws in small dice, the latest that fit (``…`` for the rest)."""
    before = _("Before:")
    text(draw, (MARGIN + 14, y + SMALL / 2), before, 16, fill=INK_DIM, anchor="lm")
    x0 = MARGIN + 14 + font(16).getlength(before) + 10
    room = WIDTH - MARGIN - 14 - x0
    widths = [len(t) * (SMALL + 4) - 4 for t in throws]
    shown: list[int] = []
    used = 0.0
    for i in range(len(throws) - 1, -1, -1):
        need = widths[i] + (16 if shown else 0)
        if used + need > room - 24:
            break
        shown.insert(0, i)
        used += need
    x = x0
    if shown and shown[0] > 0:
        text(draw, (x, y + SMALL / 2), "…", 18, fill=INK_DIM, anchor="lm")
        x += 22
    for k, i in enumerate(shown):
        if k:
            x += 16
        for face in throws[i]:
            paste_die(im, face, x, y, SMALL, style=style)
            x += SMALL + 4
        x -= 4
    return y + SMALL + 12


def _dice_panel(im: Image.Image, draw: ImageDraw.ImageDraw, view: DiceView, names: list[str],
                y: float, style: str, boxes: list[Box]) -> float:
    """The throw panel; appends each big die's box to ``boxes``."""
    top = y
    y += 10
    text(draw, (MARGIN + 14, y), dice_label(view, names), 19, bold=True, fill=INK,
         max_width=WIDTH - 2 * MARGIN - 28)
    y += 32
    if len(view.throws) > 1:
        y = _earlier(im, draw, view.throws[:-1], y, style)
    dice = view.dice or [0] * _DICE.get(view.flow, 3)
    held = view.held if len(view.held) == len(dice) else [False] * len(dice)
    size = _big_size(len(dice))
    gap = 22
    total = len(dice) * size + (len(dice) - 1) * gap
    x = WIDTH / 2 - total / 2
    places = view.flow == "poker" and bool(view.dice)
    for i, (face, keep) in enumerate(zip(dice, held, strict=True)):
        paste_die(im, face, x, y, size, held=keep, style=style)
        boxes.append((round(x), round(y), size))
        under = y + size + 4
        if places:
            text(draw, (x + size / 2, under), str(i + 1), 16, bold=True, fill=INK_DIM,
                 anchor="mt")
            under += 19
        if keep:
            text(draw, (x + size / 2, under), held_word(view), 16, bold=True, fill=GOLD,
                 anchor="mt")
        x += size + gap
    y += size + 4 + (19 if places else 0) + (20 if any(held) else 0) + 6
    for line in _wrap(caption(view, names), 20, WIDTH - 2 * MARGIN - 28, bold=True):
        text(draw, (WIDTH / 2, y), line, 20, bold=True, fill=GOLD, anchor="mt")
        y += 26
    y += 8
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, y), 18, outline=FELT_LIGHT, width=2)
    return y + 12


def _plate(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
           turn: bool) -> None:
    if turn:
        draw.rounded_rectangle(box, 12, fill=PLATE_TURN, outline=GOLD, width=3)
    else:
        draw.rounded_rectangle(box, 12, fill=PLATE, outline=FELT_LIGHT, width=1)


def _score_rows(draw: ImageDraw.ImageDraw, view: DiceView, names: list[str],
                y: float) -> float:
    n = view.players
    cols = 1 if n <= 5 else 2
    per_col = -(-n // cols)
    row_h = 44 if cols == 1 else 58
    col_w = (WIDTH - 2 * MARGIN - (cols - 1) * 10) / cols
    race = view.target if view.flow in ("neighbour", "fixed") and view.target else 0
    for s in range(n):
        c, r = divmod(s, per_col)
        x0 = MARGIN + c * (col_w + 10)
        y0 = y + r * (row_h + 6)
        turn = s == view.turn and not view.over
        _plate(draw, (x0, y0, x0 + col_w, y0 + row_h), turn)
        won = view.over and s in view.winners
        out = (view.over and s in view.losers) or (
            view.throw_off > 0 and not view.over and s not in view.in_round)
        ink = GOLD if turn or won else (_DIM if out else INK)
        name = ("★ " if won else "") + _name(view, names, s)
        score = score_of(view, s)
        if cols == 1:
            sw = min(font(18).getlength(score), col_w * 0.55)
            text(draw, (x0 + 14, y0 + row_h / 2), name, 20, bold=True, fill=ink,
                 max_width=round(col_w - sw - 44), anchor="lm")
            text(draw, (x0 + col_w - 14, y0 + row_h / 2), score, 18,
                 fill=_DIM if out else INK, max_width=round(col_w * 0.55), anchor="rm")
        else:
            text(draw, (x0 + 12, y0 + 6), name, 18, bold=True, fill=ink,
                 max_width=round(col_w - 24))
            text(draw, (x0 + 12, y0 + 31), score, 16, fill=_DIM if out else INK_DIM,
                 max_width=round(col_w - 24))
        if race:
            frac = min(1.0, view.totals[s] / race)
            bx0, bx1, by = x0 + 12, x0 + col_w - 12, y0 + row_h - 7
            draw.rounded_rectangle((bx0, by, bx1, by + 4), 2, fill=FELT_DARK)
            if frac > 0:
                draw.rounded_rectangle((bx0, by, bx0 + (bx1 - bx0) * frac, by + 4), 2,
                                       fill=GOLD)
    return y + per_col * (row_h + 6) + 6


def _centennial(draw: ImageDraw.ImageDraw, view: DiceView, names: list[str],
                y: float) -> float:
    """Each side's line as two rows of twelve: 1 to 12 up, then 12 to 1 wiped back down;
    done steps gold, the next number ringed."""
    cell_gap = 4
    cell_w = (WIDTH - 2 * MARGIN - 24 - 11 * cell_gap) / 12
    cell_h = 34
    for side in range(2):
        turn = view.turn is not None and view.turn % 2 == side and not view.over
        won = view.over and any(s % 2 == side for s in view.winners)
        box_h = 36 + 2 * (cell_h + 6) + 8
        _plate(draw, (MARGIN, y, WIDTH - MARGIN, y + box_h), turn)
        who, state = side_line(view, names, side)
        ink = GOLD if turn or won else INK
        sw = font(17).getlength(state)
        text(draw, (MARGIN + 14, y + 8), ("★ " if won else "") + who, 19, bold=True, fill=ink,
             max_width=round(WIDTH - 2 * MARGIN - sw - 44))
        text(draw, (WIDTH - MARGIN - 14, y + 10), state, 17, fill=INK_DIM, anchor="ra")
        step = view.lines[side]
        for half in range(2):
            cy = y + 36 + half * (cell_h + 6)
            for i in range(12):
                k = half * 12 + i
                number = i + 1 if half == 0 else 12 - i
                cx = MARGIN + 12 + i * (cell_w + cell_gap)
                box = (cx, cy, cx + cell_w, cy + cell_h)
                if k < step:
                    draw.rounded_rectangle(box, 7, fill=GOLD)
                    colour = PLATE
                elif k == step:
                    draw.rounded_rectangle(box, 7, fill=FELT, outline=INK, width=3)
                    colour = INK
                else:
                    draw.rounded_rectangle(box, 7, fill=FELT_DARK)
                    colour = INK_DIM
                text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(number), 17,
                     bold=True, fill=colour, anchor="mm")
        y += box_h + 8
    return y + 4


@dataclass(frozen=True)
class DiceDrawing:
    image: Image.Image
    dice: list[Box]
    """Where the throw's dice lie, in the view's order (tests check the held marks there)."""


def draw_table(view: DiceView, names: list[str], style: str) -> DiceDrawing:
    im = Image.new("RGB", (WIDTH, MAX_HEIGHT), FELT)
    boxes: list[Box] = []
    draw = ImageDraw.Draw(im)
    text(draw, (MARGIN, 12), again(view.title), 26, bold=True, fill=INK,
         max_width=WIDTH - 2 * MARGIN)
    y = 48.0
    sub = subtitle(view)
    if sub:
        text(draw, (MARGIN, y), sub, 18, fill=INK_DIM, max_width=WIDTH - 2 * MARGIN)
        y += 26
    y += 6
    y = _dice_panel(im, draw, view, names, y, style, boxes)
    if view.flow == "centennial":
        y = _centennial(draw, view, names, y)
    else:
        y = _score_rows(draw, view, names, y)
    foot = footer(view, names)
    if foot:
        draw.rectangle((0, y, WIDTH, y + 48), fill=FELT_DARK)
        text(draw, (WIDTH / 2, y + 24), foot, 22, bold=True, fill=GOLD,
             max_width=WIDTH - 2 * MARGIN, anchor="mm")
        y += 48
    return DiceDrawing(im.crop((0, 0, WIDTH, min(MAX_HEIGHT, round(y)))), boxes)


def alt_text(view: DiceView, names: list[str]) -> str:
    parts = [f"{again(view.title)}."]
    sub = subtitle(view)
    if sub:
        parts.append(sub + ".")
    if view.dice and view.thrower is not None:
        sentence = f"{dice_label(view, names)} {_words(view.dice)}"
        kept = [d for d, h in zip(view.dice, view.held, strict=False) if h]
        if kept and len(kept) < len(view.dice):
            sentence += f", {held_word(view)}: {_words(kept)}"
        elif kept:
            sentence += ", " + _("all kept")
        parts.append(sentence + ".")
        if len(view.throws) > 1:
            parts.append(_("Earlier this turn: {throws}.",
                           throws="; ".join(_words(t) for t in view.throws[:-1])))
    else:
        parts.append(_("No dice thrown yet") + ".")
    said = caption(view, names)
    if said:
        parts.append(said)
    if view.flow == "centennial":
        parts += [f"{who}: {state}." for who, state in
                  (side_line(view, names, side) for side in range(2))]
    else:
        parts.append(_("Scores: {scores}.", scores="; ".join(
            f"{_name(view, names, s)} {score_of(view, s)}" for s in range(view.players))))
    foot = footer(view, names)
    if foot:
        parts.append(foot + ".")
    return " ".join(parts)


def table_picture(view: View, names: list[str], style: str = "two_colour") -> Rendered:
    v = _dv(view)
    png = encode(draw_table(v, names, style).image)
    return Rendered(table_text(v, names), png, alt_text(v, names), "dice-table.png")


def hand_picture(view: View, names: list[str], style: str = "two_colour",
                 legal: Iterable[Action | str] | None = None) -> Rendered:
    """Dice hide nothing: the seat's turn in words, no picture (the table shows the dice)."""
    return Rendered(hand_text(_dv(view), names))

