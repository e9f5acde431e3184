"""Dice as text: the table (dice as ⚀-⚅, kept dice in brackets, scores, whose turn, the pot
and the lines), what the seat to throw may do, button labels and moves in words.

Pure functions of a `DiceView`; ``names`` are the players' names per seat (the seat's own name,
``Seat 2``, when one is missing). Dice games hide nothing, so the hand text is only the turn.
"""

from __future__ import annotations

from bot.games.base import Action, Outcome, View
from bot.games.dice.game import DiceView, seat_names
from bot.i18n import _, ngettext
from bot.i18n.sentences import again
from bot.render import personalise

FACES = "⚀⚁⚂⚃⚄⚅"


def face(n: int) -> str:
    return FACES[n - 1] if 1 <= n <= 6 else "?"


def dice_text(dice: list[int], held: list[bool] | None = None) -> str:
    """The dice in a row, a kept (set-aside) die in brackets: ``[⚅] ⚄ ⚂``."""
    held = held or [False] * len(dice)
    return " ".join(f"[{face(d)}]" if h else face(d)
                    for d, h in zip(dice, held, strict=False))


def _name(view: DiceView, names: list[str], seat: int) -> str:
    if seat < len(names) and names[seat]:
        return names[seat]
    return again(seat_names(view.players)[seat])


def joined(names: list[str]) -> str:
    """``A and B and C`` in the language in force."""
    out = names[0] if names else ""
    for name in names[1:]:
        out = _("{names} and {last}", names=out, last=name)
    return out


def result_of(view: DiceView, seat: int, names: list[str]) -> str:
    """A seat's result as the rules core wrote it, said again."""
    return again(view.results[seat], names) if view.results[seat] else "-"


def _score_lines(view: DiceView, names: list[str]) -> list[str]:
    out = []
    for s in range(view.players):
        mark = "▶ " if s == view.turn else ""
        who = _name(view, names, s)
        if view.flow == "centennial":
            continue
        if view.flow == "ace_pot":
            out.append(mark + ngettext("{name}: {n} counter", "{name}: {n} counters",
                                       view.counters[s], name=who))
        elif view.flow == "neighbour":
            out.append(mark + _("{name} (No. {number}): {total}", name=who, number=s + 1,
                                total=view.totals[s]))
        else:
            out.append(f"{mark}{who}: {result_of(view, s, names)}")
    return out


def _lines_text(view: DiceView, names: list[str]) -> list[str]:
    out = []
    for side, step in enumerate(view.lines):
        who = "/".join(_name(view, names, s) for s in range(view.players) if s % 2 == side)
        need = view.needed[side]
        left = ((_("needs {n} (up)", n=need) if step < 12 else
                 _("needs {n} (back down)", n=need)) if need is not None
                else _("line wiped out"))
        mark = "▶ " if view.turn is not None and view.turn % 2 == side else ""
        out.append(mark + _("{side}: {step} of 24, {left}", side=who, step=step, left=left))
    return out


def table_text(view: View, names: list[str]) -> str:
    assert isinstance(view, DiceView)
    head = f"**{again(view.title)}**"
    if view.flow in ("fixed",) and (view.round > 1 or view.target):
        head += " · " + _("round {n}", n=view.round)
    if view.target and view.flow in ("neighbour", "fixed"):
        head += " · " + _("to {target}", target=view.target)
    if view.throw_off:
        head += " · " + (_("throw-off {n}", n=view.throw_off) if view.throw_off > 1
                         else _("throw-off"))
    lines = [head]
    if view.dice and view.thrower is not None:
        throws = view.throws[-3:] if view.flow in ("fixed", "raffle") else []
        shown = " · ".join(dice_text(t) for t in throws[:-1])
        now = dice_text(view.dice, view.held)
        who = _name(view, names, view.thrower)
        extra = " " + _("(total {n})", n=view.running) if view.flow == "vingt_un" else ""
        lines.append(f"{who}: {shown + ' · ' if shown else ''}{now}{extra}")
    if view.flow == "ace_pot":
        lines.append(_("Pot: {n}", n=view.pot)
                     + (" · " + _("closed") if view.phase == "closed" else ""))
    lines += _lines_text(view, names) if view.flow == "centennial" else []
    lines += _score_lines(view, names)
    if view.over:
        lines.append(_("Game over: {result}", result=_result(view, names)))
    elif view.turn is not None:
        lines.append(_("{name} to throw.", name=_name(view, names, view.turn)))
    return "\n".join(lines)


def _result(view: DiceView, names: list[str]) -> str:
    def who(seats: list[int]) -> str:
        return joined([_name(view, names, s) for s in seats])

    if view.losers and len(view.winners) != 1:
        said = "{name} loses." if len(view.losers) == 1 else "{name} lose."
        return _(said, name=who(view.losers))
    said = "{name} wins." if len(view.winners) == 1 else "{name} win."
    return _(said, name=who(view.winners))


def hand_text(view: View, names: list[str], *, ai_plays: bool = False) -> str:
    """The seat's decision, if it is its turn (there is nothing hidden to show)."""
    assert isinstance(view, DiceView)
    if ai_plays or view.over or view.seat is None or view.turn != view.seat:
        return ""
    if view.flow == "poker" and view.phase == "draw":
        return _("Your dice: {dice}. Stand, throw all five again, or keep some and throw the "
                 "rest.", dice=dice_text(view.dice))
    if view.flow == "vingt_un" and view.phase == "more":
        return _("You have {n}. Throw again or stand.", n=view.running)
    return _("Your throw.")


def action_label(view: View, action: Action) -> str:
    assert isinstance(view, DiceView)
    if action.kind == "stand":
        return _("Stand") if view.flow == "poker" else _("Stand on {n}", n=view.running)
    if action.kind == "hold":
        keep = [int(p) - 1 for p in action.arg.split(",")]
        kept = " ".join(face(view.dice[i]) for i in keep if i < len(view.dice))
        return _("Keep {places} ({dice}), throw {n}", places=action.arg, dice=kept,
                 n=5 - len(keep))
    if action.kind == "roll":
        if view.flow == "poker" and view.phase == "draw":
            return _("Throw all five again")
        if view.flow == "vingt_un" and view.phase == "more":
            return _("Throw again")
        return _("Throw three times") if view.flow == "fixed" and view.variant in (
            "throwing_dice", "round_the_spot") else _("Throw")
    return str(action)


def move_text(view: View, action: Action) -> str:
    """A move in words, past tense, from the view before it."""
    assert isinstance(view, DiceView)
    if action.kind == "stand":
        return _("stood") if view.flow == "poker" else _("stood on {n}", n=view.running)
    if action.kind == "hold":
        keep = [int(p) - 1 for p in action.arg.split(",")]
        kept = " ".join(face(view.dice[i]) for i in keep if i < len(view.dice))
        return _("kept {dice} and threw the rest", dice=kept)
    return _("threw")


def outcome_lines(view: View, outcome: Outcome, names: list[str]) -> list[str]:
    """The result lines with the players' names where the rules core wrote seats."""
    assert isinstance(view, DiceView)
    seats = seat_names(view.players)
    named = [_name(view, names, s) for s in range(view.players)]
    return [again(personalise(line, seats, named), named) for line in outcome.lines]
