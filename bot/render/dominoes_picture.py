"""Dominoes as pictures: the table (the line of play as built, or the trick; every seat's tile
count, never its tiles; the boneyard; the score) and a seat's hand with its legal tiles lit.

Pure functions of a `DominoesView`. The table picture reads only public fields (it never looks
at ``view.hand``), so the same public view always draws the same bytes, and its alt text says
the layout and the counts in words.
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image, ImageDraw

from bot.games.base import Action, View
from bot.games.dominoes.catalogue import CATALOGUE
from bot.games.dominoes.game import DominoesView, show, source_of, target_of
from bot.games.dominoes.tiles import halves
from bot.i18n import N_, _, ngettext, pgettext
from bot.i18n.sentences import again
from bot.render import personalise
from bot.render.dominoes import action_label, hand_text, layout_lines, table_text
from bot.render.pictures.canvas import encode, text
from bot.render.pictures.cards import Mark
from bot.render.pictures.line_of_play import draw_plan, plan
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
from bot.render.pictures.tiles import paste_tile
from bot.render.rendered import Rendered

WIDTH = 720
MARGIN = 16
UNIT = 40
"""Half a tile on the table, px: a tile is 80 x 40."""
HAND_UNIT = 50
TRICK_UNIT = 42
PLATE_H = 58
HEADER_H = 74
FOOTER_H = 44
TRICK_GAMES = ("rounce", "loo", "domino_euchre", "bingo")
_NUMBERS = (N_("blanks"), N_("aces"), N_("deuces"), N_("treys"), N_("fours"), N_("fives"),
            N_("sixes"), N_("sevens"), N_("eights"), N_("nines"))


def _dv(view: View) -> DominoesView:
    assert isinstance(view, DominoesView), "the dominoes pictures need a DominoesView"
    return view


def _who(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else _("Seat {n}", n=seat + 1)


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _stock(view: DominoesView) -> str:
    if view.variant == "poker" or view.variant in TRICK_GAMES:
        return _("stock {n}", n=view.boneyard) if view.variant == "bingo" else ""
    if view.drawable:
        return _("boneyard {n}", n=view.boneyard)
    return _("{n} never touched", n=view.boneyard) if view.boneyard else _("no stock")


def _score(view: DominoesView, names: list[str]) -> str:
    if view.teams:
        parts = [" & ".join(_who(names, s) for s in side) + f" {view.scores[side[0]]}"
                 for side in view.teams]
    else:
        parts = [f"{_who(names, s)} {view.scores[s]}" for s in range(view.players)]
    if view.variant == "poker":
        return _("Pot {n} counters", n=view.pot)
    if view.variant == "rounce":
        return _("Counting down to 0: {scores}", scores=", ".join(parts))
    line = (_("Charged: {scores} (game {target})", scores=", ".join(parts), target=view.target)
            if view.penalty else
            _("Score: {scores} (game {target})", scores=", ".join(parts), target=view.target))
    if view.pot:
        line += " · " + _("pool {n}", n=view.pot)
    return line


def _header(view: DominoesView, names: list[str]) -> str:
    """The line under the title: trumps, then what the seat plates do not say."""
    if view.variant == "poker":
        said = _("One round of betting, then the showdown")
    elif view.teams:
        said = " · ".join(" & ".join(_who(names, s) for s in side) + f" {view.scores[side[0]]}"
                          for side in view.teams) + " " + _("(game {target})", target=view.target)
    elif view.variant == "rounce":
        said = _("Scores count down to 0")
    elif view.penalty:
        said = _("Out at {target}", target=view.target) + (
            " · " + _("pool {n} counters", n=view.pot) if view.pot else "")
    elif CATALOGUE[view.variant].finish == "hand":
        said = _("One hand is the game")
    elif CATALOGUE[view.variant].finish == "rubber":
        said = _("Game to {target}, three games a rubber", target=view.target)
    else:
        said = _("Game to {target}", target=view.target)
    return " · ".join(x for x in (_trump(view), said) if x)


def _trump(view: DominoesView) -> str:
    if view.variant not in TRICK_GAMES or not 0 <= view.trump < len(_NUMBERS):
        return ""
    if view.turned:
        return _("Trumps: {numbers}, turned {tile}", numbers=_(_NUMBERS[view.trump]),
                 tile=show(view.turned))
    return _("Trumps: {numbers}", numbers=_(_NUMBERS[view.trump]))


def _detail(view: DominoesView, seat: int) -> str:
    """One short line under a seat's name: its tile count and what the game counts."""
    bits: list[str] = []
    if view.out and seat < len(view.out) and view.out[seat]:
        return _("out of the pool")
    tiles = ngettext("{n} tile", "{n} tiles", view.counts[seat])
    if view.variant == "poker":
        bits.append(tiles)
        bits.append(_("folded") if view.folded[seat] else _("bet {n}", n=view.bets[seat]))
        return " · ".join(bits)
    bits.append(tiles)
    if view.variant in TRICK_GAMES:
        if seat < len(view.tricks):
            bits.append(ngettext("{n} trick", "{n} tricks", view.tricks[seat]))
        if view.variant == "bingo" and seat < len(view.counted):
            bits.append(_("counted {n}", n=view.counted[seat]))
        if seat < len(view.status) and view.status[seat]:
            bits.append(_(view.status[seat]))
        if view.maker == seat:
            bits.append(_("made trumps alone") if view.alone else _("made trumps"))
    if not view.teams:
        bits.append(pgettext("score", "{n} pts", n=view.scores[seat]))
    if view.games and seat < len(view.games) and view.games[seat]:
        bits.append(ngettext("{n} game", "{n} games", view.games[seat]))
    if view.starred and seat < len(view.starred) and view.starred[seat]:
        bits.append(_("starred"))
    return " · ".join(bits)


def _turn_words(view: DominoesView, names: list[str]) -> str:
    if view.over:
        if not view.last:
            return _("The match is over")
        seats = [f"Seat {i + 1}" for i in range(view.players)]  # the rules core's names
        return again(personalise(view.last[-1], seats, names), names).rstrip(".")
    if not view.to_act:
        return ""
    who = _who(names, view.to_act[0])
    if view.variant == "poker":
        return _("{name} to bet", name=who)
    if view.variant in TRICK_GAMES:
        if view.phase in ("declare", "bid"):
            return _("{name} to declare", name=who)
        if view.phase == "discard":
            return _("{name} to discard", name=who)
    elif not view.centre:
        return _("{name} to pose the first tile", name=who)
    return _("{name} to play", name=who)


def _plates(draw: ImageDraw.ImageDraw, view: DominoesView, names: list[str], top: float,
            width: int) -> float:
    """Seat plates two to a row; returns the y under them."""
    cols = 2
    w = (width - 2 * MARGIN - (cols - 1) * 10) / cols
    turn = view.to_act[0] if view.to_act and not view.over else -1
    for seat in range(view.players):
        x = MARGIN + (seat % cols) * (w + 10)
        y = top + (seat // cols) * (PLATE_H + 8)
        box = (x, y, x + w, y + PLATE_H)
        if seat == turn:
            draw.rounded_rectangle(box, 12, fill=PLATE_TURN, outline=GOLD, width=3)
        else:
            draw.rounded_rectangle(box, 12, fill=PLATE, outline=FELT_LIGHT, width=2)
        ink = GOLD if seat == turn else INK
        text(draw, (x + 12, y + 7), _who(names, seat), 19, bold=True, fill=ink,
             max_width=round(w - 24))
        text(draw, (x + 12, y + 33), _detail(view, seat), 15, fill=INK_DIM,
             max_width=round(w - 24))
    rows = (view.players + cols - 1) // cols
    return top + rows * (PLATE_H + 8)


def _trick_height(view: DominoesView) -> float:
    return 2 * TRICK_UNIT + 60 if view.trick or view.turned else 60


def _draw_trick(im: Image.Image, draw: ImageDraw.ImageDraw, view: DominoesView,
                names: list[str], top: float, style: str) -> None:
    """The trick in the order laid, each tile over its player's name; the turned tile apart."""
    shown: list[tuple[str, str]] = []
    turned = _("turned up")
    if view.turned:
        shown.append((view.turned, turned))
    for entry in view.trick:
        seat, _colon, piece = entry.partition(":")
        shown.append((piece, _who(names, int(seat))))
    if not shown:
        text(draw, (WIDTH / 2, top + 30), _("No trick on the table"), 18, fill=INK_DIM,
             anchor="mm")
        return
    slot = 120
    x = WIDTH / 2 - slot * len(shown) / 2
    for piece, label in shown:
        a, b = halves(piece)
        tx = x + (slot - TRICK_UNIT) / 2
        paste_tile(im, a, b, tx, top + 10, TRICK_UNIT, True, style)
        text(draw, (x + slot / 2, top + 16 + 2 * TRICK_UNIT), label, 15,
             fill=INK_DIM if label == turned else INK, max_width=slot - 6, anchor="mt")
        x += slot


def _table_image(view: DominoesView, names: list[str], style: str) -> Image.Image:
    tricks = view.variant in TRICK_GAMES or view.variant == "poker"
    drawn = None if tricks else plan(view.centre, view.arms, view.arm_ids, view.ends,
                                     view.layout, UNIT, WIDTH / 2 - MARGIN - 30)
    if drawn is not None and drawn.tiles:
        x0, y0, x1, y1 = drawn.bbox()
        width = max(WIDTH, round(x1 - x0 + 2 * MARGIN))
        body = y1 - y0 + 24
    else:
        width = WIDTH
        body = _trick_height(view) if view.variant in TRICK_GAMES else 56
    rows = (view.players + 1) // 2
    height = round(HEADER_H + body + 10 + rows * (PLATE_H + 8) + FOOTER_H)
    im = Image.new("RGB", (width, height), FELT_DARK)
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle((8, HEADER_H - 4, width - 8, HEADER_H + body + 2), 24, fill=FELT,
                           outline=FELT_LIGHT, width=2)
    title = again(view.title) + ("" if view.variant == "poker"
                                 else " · " + _("hand {n}", n=view.hand_no))
    text(draw, (MARGIN, 8), title, 25, bold=True, fill=INK, max_width=width - 2 * MARGIN)
    sub = _header(view, names)
    text(draw, (MARGIN, 42), sub, 17, fill=INK_DIM, max_width=width - 2 * MARGIN)
    if drawn is not None and drawn.tiles:
        x0, y0, _x1, _y1 = drawn.bbox()
        shifted = drawn.shifted((width - (x1 - x0)) / 2 - x0, HEADER_H + 12 - y0)
        draw_plan(im, shifted, UNIT, style)
    elif view.variant in TRICK_GAMES:
        _draw_trick(im, draw, view, names, HEADER_H, style)
    elif view.variant == "poker":
        text(draw, (width / 2, HEADER_H + body / 2), _("Pot {n} counters", n=view.pot), 22,
             bold=True, fill=INK, anchor="mm")
    else:
        text(draw, (width / 2, HEADER_H + body / 2), _("The table is empty"), 20, fill=INK_DIM,
             anchor="mm")
    _plates(draw, view, names, HEADER_H + body + 12, width)
    footer = [w for w in (_upper(_stock(view)), _turn_words(view, names)) if w]
    text(draw, (width / 2, height - FOOTER_H / 2), " · ".join(footer), 18, bold=True, fill=GOLD,
         max_width=width - 2 * MARGIN, anchor="mm")
    return im


def _alt(view: DominoesView, names: list[str]) -> str:
    """The table in words: what the picture shows, no more."""
    head = again(view.title) if view.variant == "poker" else _(
        "{game}, hand {n}", game=again(view.title), n=view.hand_no)
    parts = [head + "."]
    if view.variant in TRICK_GAMES:
        if _trump(view):
            parts.append(_trump(view) + ".")
        if view.trick:
            parts.append(_("On the table: {tiles}.", tiles=", ".join(
                f"{_who(names, int(e.split(':')[0]))} {show(e.split(':')[1])}"
                for e in view.trick)))
    elif view.variant != "poker":
        if view.centre and view.layout == "line":
            parts.append(_("Line from the left end: {line}.", line=layout_lines(view)[0]))
            parts += layout_lines(view)[1:]
        else:
            parts += [line if line.endswith(".") else line + "." for line in layout_lines(view)]
    seats = "; ".join(f"{_who(names, s)}: {_detail(view, s)}" for s in range(view.players))
    parts.append(_("Seats: {seats}.", seats=seats))
    for line in (_score(view, names), _upper(_stock(view)), _turn_words(view, names)):
        if line:
            parts.append(line + ".")
    return " ".join(parts)


def table_picture(view: View, names: list[str], style: str = "two_colour") -> Rendered:
    v = _dv(view)
    public = v.model_copy(update={"hand": None, "seat": None})
    png = encode(_table_image(public, names, style))
    return Rendered(table_text(v, names), png, _alt(public, names), "dominoes-table.png")


def tile_choices(view: DominoesView, legal: Iterable[Action | str] | None) -> dict[str, list[str]]:
    """Per tile of the hand a legal action names, the short words under it: the ends it fits
    (``L``, ``R``, ``3``, ``C``), ``lead``, ``as 5`` (Domino Loo's named suit), ``discard``."""
    out: dict[str, list[str]] = {}
    for action in (Action.parse(x) for x in legal or ()):
        piece = source_of(action) if action.kind == "play" else (
            action.arg if action.kind in ("discard", "swap", "declare") and "-" in action.arg
            else None)
        if piece is None or piece not in (view.hand or []):
            continue
        words = out.setdefault(piece, [])
        if action.kind != "play":
            word = _kind_word(action.kind)
        elif (end := target_of(action)) is None:
            word = _("play") if view.variant in TRICK_GAMES else _("lead")
        elif view.variant == "loo":
            word = _("as {suit}", suit=end)
        else:
            word = end
        if word not in words:
            words.append(word)
    return out


def hand_marks(view: DominoesView, choices: dict[str, list[str]]) -> list[Mark]:
    """Every tile a legal action names is lit; the others are dimmed while some are lit."""
    hand = view.hand or []
    if not choices:
        return ["plain"] * len(hand)
    return ["highlight" if t in choices else "dim" for t in hand]


def _hand_footer(view: DominoesView, names: list[str], legal: list[Action]) -> str:
    if view.over:
        return _("The match is over")
    if view.seat is None or view.seat not in view.to_act:
        return _("Waiting for {name}", name=_who(names, view.to_act[0])) if view.to_act else ""
    picks = {a.kind for a in legal if a.kind in _TILE_KINDS}
    others = [_lower(action_label(view, a)) for a in legal if a.kind not in _TILE_KINDS]
    words = ([_(_PICK.get(picks.pop(), _PICK_ANY)) if len(picks) == 1
              else _(_PICK_ANY)] if picks else []) + others
    if not words:
        return _("Your turn")
    if len(words) <= 2:
        return _("Your turn: {choices}", choices=_("{some}, or {last}", some=words[0],
                                                          last=words[1])
                 if len(words) == 2 else words[0])
    return _("Your turn: {choices}", choices=_("{some}, or {last}", some=", ".join(words[:-1]),
                                                      last=words[-1]))


_TILE_KINDS = ("play", "discard", "swap", "declare")
_PICK = {"play": N_("play a lit tile"), "discard": N_("discard a lit tile"),
         "swap": N_("swap a lit tile for the turned trump"),
         "declare": N_("declare a lit double")}
_PICK_ANY = N_("pick a lit tile")


def _kind_word(kind: str) -> str:
    """The word under a tile for a move that is not a play."""
    if kind == "discard":
        return pgettext("tile", "discard")
    if kind == "swap":
        return pgettext("tile", "swap")
    if kind == "declare":
        return pgettext("tile", "declare")
    return kind


def _lower(label: str) -> str:
    return label[:1].lower() + label[1:] if label[:1].isalpha() else label


def _hand_context(view: DominoesView, names: list[str]) -> str:
    """What the hand is played against, on one line: the open ends, or trumps and the trick."""
    if view.variant in TRICK_GAMES:
        trick = ", ".join(f"{_who(names, int(e.split(':')[0]))} {show(e.split(':')[1])}"
                          for e in view.trick)
        return " · ".join(x for x in (_trump(view), _("trick: {tiles}", tiles=trick) if trick
                                      else "") if x)
    if view.variant == "poker" or not view.ends:
        return ""
    return _("Open ends: {ends}", ends=" · ".join(
        _("{end} shows {n}", end=end, n=value) for end, value in view.ends.items()))


def hand_picture(view: View, names: list[str], style: str = "two_colour",
                 legal: Iterable[Action | str] | None = None) -> Rendered:
    v = _dv(view)
    body = hand_text(v, names)
    if v.hand is None or v.seat is None:
        return Rendered(body)
    actions = [Action.parse(x) for x in legal or ()]
    choices = tile_choices(v, actions)
    marks = hand_marks(v, choices)
    hand = list(v.hand)
    rows = max(1, -(-len(hand) // 12))
    per_row = max(1, -(-len(hand) // rows))
    lift = 14
    row_h = 2 * HAND_UNIT + lift + 26
    trump = _hand_context(v, names)
    head = 48 + (24 if trump else 0)
    footer = _hand_footer(v, names, actions)
    height = round(head + rows * row_h + (40 if footer else 12))
    im = Image.new("RGB", (WIDTH, height), FELT_DARK)
    draw = ImageDraw.Draw(im)
    me = _who(names, v.seat)
    text(draw, (MARGIN, 12), _("Your tiles · {name}", name=me), 23, bold=True, fill=INK,
         max_width=WIDTH - 2 * MARGIN)
    if trump:
        text(draw, (MARGIN, 44), trump, 17, fill=INK_DIM, max_width=WIDTH - 2 * MARGIN)
    if not hand:
        text(draw, (WIDTH / 2, head + row_h / 2), _("no tiles"), 22, fill=INK_DIM,
             anchor="mm")
    step = HAND_UNIT + 8
    for i, (piece, mark) in enumerate(zip(hand, marks, strict=True)):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(hand) - row * per_row)
        x = WIDTH / 2 - (in_row * step - 8) / 2 + col * step
        y = head + row * row_h + (0 if mark == "highlight" else lift)
        a, b = halves(piece)
        paste_tile(im, a, b, x, y, HAND_UNIT, True, style, mark)
        if choices.get(piece, ["play"]) != ["play"]:  # a trick game's plain play needs no word
            text(draw, (x + HAND_UNIT / 2, y + 2 * HAND_UNIT + 4), " ".join(choices[piece]), 15,
                 bold=True, fill=GOLD, max_width=step + 4, anchor="mt")
    if footer:
        text(draw, (WIDTH / 2, height - 20), footer, 19, bold=True, fill=GOLD,
             max_width=WIDTH - 2 * MARGIN, anchor="mm")
    alt = [_("{name}'s tiles: {tiles}.", name=me,
             tiles=" ".join(show(t) for t in hand) or _("none"))]
    if trump:
        alt.append(trump + ".")
    lit = [f"{show(t)} ({', '.join(choices[t])})" for t in hand if t in choices]
    if lit:
        alt.append(_("Playable: {tiles}.", tiles="; ".join(lit)))
    if footer:
        alt.append(footer + ".")
    return Rendered(body, encode(im), " ".join(alt), "dominoes-hand.png")
