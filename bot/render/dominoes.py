"""Dominoes in words: the line of play, the hand, the picker's labels and the moves.

Tiles read as ``[5|3]``; the line is written from its left end to its right end, and a cross or
star lists its arms outward from the centre double.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action, Outcome, View
from bot.games.dominoes.game import DominoesView, show, source_of, target_of
from bot.games.dominoes.tiles import halves
from bot.i18n import N_, _, pgettext
from bot.i18n.sentences import again
from bot.render import personalise

_WORDS = {"draw": N_("Draw a tile"), "pass": N_("Go (pass)"), "stop": N_("Stop here"),
          "star": N_("Star (buy back in)"), "retire": N_("Leave the pool"), "check": N_("Check"),
          "bet": N_("Bet"), "call": N_("Call"), "raise": N_("Raise"), "fold": N_("Fold"),
          "dummy": N_("Take the dummy"), "concede": N_("Concede 5"),
          "miss": N_("Take a miss"), "order": N_("Order it up"),
          "order_alone": N_("Order it up, alone"), "defend": N_("Defend the pool"),
          "muggins": N_("Muggins!"), "let": N_("Let it stand"), "close": N_("close")}
_STATUS = {"stand": N_("stand"), "pass": N_("pass"), "dummy": N_("dummy"), "miss": N_("miss"),
           "pool": N_("pool")}
_DONE = {"draw": N_("drew a tile"), "pass": N_("said go"), "stop": N_("stopped"),
         "star": N_("starred"), "retire": N_("left the pool"), "check": N_("checked"),
         "bet": N_("bet"), "call": N_("called"), "raise": N_("raised"), "fold": N_("folded"),
         "dummy": N_("took the dummy"), "concede": N_("conceded 5"),
         "swap": N_("took up the trump"), "discard": N_("discarded a tile"),
         "miss": N_("took a miss"), "order": N_("ordered it up"),
         "order_alone": N_("ordered it up alone"), "defend": N_("defended the pool"),
         "muggins": N_("called muggins"), "let": N_("let the count stand")}


def joined(names: list[str]) -> str:
    """``A and B and C`` in the language in force."""
    out = names[0] if names else ""
    for name in names[1:]:
        out = _("{names} and {last}", names=out, last=name)
    return out


def _said(lines: list[str], names: list[str]) -> list[str]:
    """The rules core's English lines, said again (players' names kept)."""
    return [again(line, names) for line in lines]


def _line(view: DominoesView) -> str:
    """The line from left to right: the left arm reversed, the centre, the right arm."""
    left = [_flip(x) for x in reversed(view.arms[0])] if view.arms else []
    right = view.arms[1] if len(view.arms) > 1 else []
    return " ".join(show(x) for x in [*left, view.centre, *right])


def _flip(placed: str) -> str:
    a, b = halves(placed)
    return f"{b}-{a}"


def layout_lines(view: DominoesView) -> list[str]:
    if not view.centre:
        return [_("The table is empty: the leader poses the first tile.")]
    if view.layout == "line":
        ends = joined([str(v) for v in view.ends.values()])
        return [_line(view), _("Open ends: {ends}.", ends=ends)]
    lines = [_("Centre {tile}", tile=show(view.centre))]
    for aid, arm in zip(view.arm_ids, view.arms, strict=True):
        lines.append(_("Arm {arm}: {tiles}", arm=aid, tiles=" ".join(show(x) for x in arm)))
    room = "C" in view.ends
    if room:
        lines.append(_("The centre takes another {n}.", n=halves(view.centre)[0]))
    return lines


def _who(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else _("Seat {n}", n=seat + 1)


def _score_line(view: DominoesView, names: list[str]) -> str:
    if view.teams:
        parts = [" & ".join(_who(names, s) for s in side) + f" {view.scores[side[0]]}"
                 for side in view.teams]
    else:
        parts = [f"{_who(names, s)} {view.scores[s]}" + (" " + _("(out)") if view.out
                                                          and view.out[s] else "")
                 for s in range(view.players)]
    line = _(_SCORE_LINES[0] if view.penalty else _SCORE_LINES[1], scores=", ".join(parts),
             target=view.target)
    if any(view.games):
        line += " · " + _("games {games}", games=", ".join(str(g) for g in view.games))
    if view.pot:
        line += " · " + _("pool {n} counters", n=view.pot)
    return line


_SCORE_LINES = (N_("Charged: {scores} (game {target})"), N_("Score: {scores} (game {target})"))


def _poker_text(view: DominoesView, names: list[str]) -> str:
    lines = [f"**{again(view.title)}** · " + _("pot {n} counters", n=view.pot)]
    for s in range(view.players):
        state = _("folded") if view.folded[s] else _("bet {n}", n=view.bets[s])
        lines.append(_("{name}: {n} tiles, {state}", name=_who(names, s), n=view.counts[s],
                       state=state))
    if view.last:
        lines += _said(view.last, names)
    elif view.to_act:
        lines.append(_("To bet: {name}", name=_who(names, view.to_act[0])))
    return "\n".join(lines)


def _rounce_text(view: DominoesView, names: list[str]) -> str:
    trumps = (_("trumps: {n}s (turned {tile})", n=view.trump, tile=show(view.turned))
              if view.turned else _("trumps: {n}s", n=view.trump))
    lines = [f"**{again(view.title)}** · " + _("hand {n}", n=view.hand_no) + " · " + trumps
             + (" · " + _("misses left {n}", n=view.dummy) if view.variant == "loo"
                else "" if view.variant == "domino_euchre"
                else " · " + (_("dummy 7 tiles") if view.dummy else _("dummy taken")))]
    for s in range(view.players):
        doing = _(_STATUS[view.status[s]]) if view.status[s] in _STATUS else (
            view.status[s] or _("to declare"))
        lines.append(_("{name}: score {score}, {doing}, tricks {tricks}", name=_who(names, s),
                       score=view.scores[s], doing=doing, tricks=view.tricks[s]))
    if view.trick:
        lines.append(_("Trick: {tiles}", tiles=" ".join(
            f"{_who(names, int(e.split(':')[0]))} {show(e.split(':')[1])}" for e in view.trick)))
    if view.last:
        lines.append(_("Last hand: {report}", report=" ".join(_said(view.last, names))))
    if view.to_act and not view.over:
        lines.append(_("To play: {name}", name=_who(names, view.to_act[0])))
    return "\n".join(lines)


def table_text(view: View, names: list[str]) -> str:
    assert isinstance(view, DominoesView)
    if view.variant == "poker":
        return _poker_text(view, names)
    if view.variant in ("rounce", "loo", "domino_euchre"):
        return _rounce_text(view, names)
    lines = [f"**{again(view.title)}** · " + _("hand {n}", n=view.hand_no)]
    lines += layout_lines(view)
    counts = ", ".join(f"{_who(names, s)} {c}" for s, c in enumerate(view.counts)
                       if not (view.out and view.out[s]))
    stock = (_("boneyard {n}", n=view.boneyard) if view.drawable
             else _("{n} never touched", n=view.boneyard) if view.boneyard else _("no stock"))
    lines.append(_("Tiles: {counts} · {stock}", counts=counts, stock=stock))
    lines.append(_score_line(view, names))
    if view.last:
        lines.append(_("Last hand: {report}", report=" ".join(_said(view.last, names))))
    if view.to_act and not view.over:
        lines.append(_("To play: {name}", name=_who(names, view.to_act[0])))
    return "\n".join(lines)


def hand_text(view: View, names: list[str], *, ai_plays: bool = False) -> str:
    assert isinstance(view, DominoesView)
    if view.hand is None:
        return ""
    tiles = " ".join(show(x) for x in view.hand) or _("(no tiles)")
    return _("Your tiles: {tiles}", tiles=tiles)


def action_label(view: View, action: Action) -> str:
    """A button's text: ``[5|3] → 3 (L)`` for a play, the tile alone for a lead."""
    assert isinstance(view, DominoesView)
    if action.kind in ("call", "call_alone"):
        return (_("Make {n}s trumps, alone", n=action.arg) if action.kind == "call_alone"
                else _("Make {n}s trumps", n=action.arg))
    if action.kind in ("swap", "discard"):
        return (_("Swap {tile}", tile=show(action.arg)) if action.kind == "swap"
                else _("Discard {tile}", tile=show(action.arg)))
    if action.kind == "count":
        return _("No count") if action.arg in ("", "0") else _("Announce {n}", n=action.arg)
    if action.kind == "declare":
        return _("Declare, playing {tile}", tile=show(action.arg))  # Bingo: the doubles held
    if action.kind == "stand":
        return pgettext("dominoes", "Stand")  # Rounce and Loo: play the hand
    if action.kind == "pass" and view.variant == "loo":
        return _("Pass (sit this hand out)")
    if action.kind != "play":
        return _(_WORDS[action.kind]) if action.kind in _WORDS else str(action)
    piece = source_of(action) or action.arg
    end = target_of(action)
    if end is None:
        return show(piece)
    if view.variant == "loo":
        return _("{tile} led as a {suit}", tile=show(piece), suit=end)
    outer = halves(action.arg.split(">")[0])[1]
    if end == "C":
        return _("{tile} at the centre, leaves {n}", tile=show(piece), n=outer)
    return _("{tile} at {end}, leaves {n}", tile=show(piece), end=end, n=outer)


def move_text(view: View, action: Action) -> str:
    """Past tense, for everyone: "played [5|3] at L", "drew a tile", "said go"."""
    if action.kind == "call" and action.arg:
        return _("made {n}s trumps", n=action.arg)
    if action.kind == "play":
        piece = source_of(action) or action.arg
        end = target_of(action)
        if view.variant == "loo" and end:  # type: ignore[attr-defined]
            return _("led {tile} as a {suit}", tile=show(piece), suit=end)
        return (_("played {tile} at {end}", tile=show(piece), end=end) if end
                else _("played {tile}", tile=show(piece)))
    if action.kind == "call_alone":
        return _("made {n}s trumps alone", n=action.arg)
    if action.kind == "stand":
        return pgettext("dominoes", "stood")
    if action.kind == "count":
        return (_("announced {n}", n=action.arg) if action.arg not in ("", "0")
                else _("announced no count"))
    return _(_DONE[action.kind]) if action.kind in _DONE else _("moved")


def arrange(view: View, actions: Sequence[Action]) -> list[Action]:
    """Plays in the hand's order (heaviest first), then the rest."""
    assert isinstance(view, DominoesView)
    order = {t: i for i, t in enumerate(view.hand or [])}
    plays = sorted((a for a in actions if a.kind == "play"),
                   key=lambda a: (order.get(source_of(a) or "", 99), str(a)))
    return plays + [a for a in actions if a.kind != "play"]


def outcome_lines(view: View, outcome: Outcome, names: list[str]) -> list[str]:
    """The result lines with the players' names where the rules core wrote seats, said again
    in the reader's language."""
    seats = [f"Seat {i + 1}" for i in range(view.players)]  # the rules core's names
    return [again(personalise(line, seats, names), names) for line in outcome.lines]
