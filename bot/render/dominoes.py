"""Dominoes in words: the line of play, the hand, the picker's labels and the moves.

Tiles read as ``[5|3]``; the line is written from its left end to its right end, and a cross or
star lists its arms outward from the centre double.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action, View
from bot.games.dominoes.game import DominoesView, show, source_of, target_of
from bot.games.dominoes.tiles import halves

_WORDS = {"draw": "Draw a tile", "pass": "Go (pass)", "stop": "Stop here",
          "star": "Star (buy back in)", "retire": "Leave the pool", "check": "Check",
          "bet": "Bet", "call": "Call", "raise": "Raise", "fold": "Fold", "stand": "Stand",
          "dummy": "Take the dummy", "concede": "Concede 5", "miss": "Take a miss",
          "order": "Order it up", "order_alone": "Order it up, alone",
          "defend": "Defend the pool", "muggins": "Muggins!", "let": "Let it stand"}


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
        return ["The table is empty: the leader poses the first tile."]
    if view.layout == "line":
        ends = " and ".join(str(v) for v in view.ends.values())
        return [_line(view), f"Open ends: {ends}."]
    lines = [f"Centre {show(view.centre)}"]
    for aid, arm in zip(view.arm_ids, view.arms, strict=True):
        lines.append(f"Arm {aid}: " + " ".join(show(x) for x in arm))
    room = "C" in view.ends
    if room:
        lines.append(f"The centre takes another {halves(view.centre)[0]}.")
    return lines


def _who(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def _score_line(view: DominoesView, names: list[str]) -> str:
    if view.teams:
        parts = [" & ".join(_who(names, s) for s in side) + f" {view.scores[side[0]]}"
                 for side in view.teams]
    else:
        parts = [f"{_who(names, s)} {view.scores[s]}" + (" (out)" if view.out and view.out[s]
                                                          else "")
                 for s in range(view.players)]
    word = "Charged" if view.penalty else "Score"
    line = f"{word}: " + ", ".join(parts) + f" (game {view.target})"
    if any(view.games):
        line += " · games " + ", ".join(str(g) for g in view.games)
    if view.pot:
        line += f" · pool {view.pot} counters"
    return line


def _poker_text(view: DominoesView, names: list[str]) -> str:
    lines = [f"**{view.title}** · pot {view.pot} counters"]
    for s in range(view.players):
        state = "folded" if view.folded[s] else f"bet {view.bets[s]}"
        lines.append(f"{_who(names, s)}: {view.counts[s]} tiles, {state}")
    if view.last:
        lines += view.last
    elif view.to_act:
        lines.append(f"To bet: {_who(names, view.to_act[0])}")
    return "\n".join(lines)


def _rounce_text(view: DominoesView, names: list[str]) -> str:
    turned = f" (turned {show(view.turned)})" if view.turned else ""
    lines = [f"**{view.title}** · hand {view.hand_no} · trumps: {view.trump}s{turned}"
             + (f" · misses left {view.dummy}" if view.variant == "loo"
                else "" if view.variant == "domino_euchre"
                else f" · dummy {'7 tiles' if view.dummy else 'taken'}")]
    for s in range(view.players):
        doing = view.status[s] or "to declare"
        lines.append(f"{_who(names, s)}: score {view.scores[s]}, {doing}, "
                     f"tricks {view.tricks[s]}")
    if view.trick:
        lines.append("Trick: " + " ".join(
            f"{_who(names, int(e.split(':')[0]))} {show(e.split(':')[1])}" for e in view.trick))
    if view.last:
        lines.append("Last hand: " + " ".join(view.last))
    if view.to_act and not view.over:
        lines.append(f"To play: {_who(names, view.to_act[0])}")
    return "\n".join(lines)


def table_text(view: View, names: list[str]) -> str:
    assert isinstance(view, DominoesView)
    if view.variant == "poker":
        return _poker_text(view, names)
    if view.variant in ("rounce", "loo", "domino_euchre"):
        return _rounce_text(view, names)
    lines = [f"**{view.title}** · hand {view.hand_no}"]
    lines += layout_lines(view)
    counts = ", ".join(f"{_who(names, s)} {c}" for s, c in enumerate(view.counts)
                       if not (view.out and view.out[s]))
    stock = (f"boneyard {view.boneyard}" if view.drawable
             else f"{view.boneyard} never touched" if view.boneyard else "no stock")
    lines.append(f"Tiles: {counts} · {stock}")
    lines.append(_score_line(view, names))
    if view.last:
        lines.append("Last hand: " + " ".join(view.last))
    if view.to_act and not view.over:
        lines.append(f"To play: {_who(names, view.to_act[0])}")
    return "\n".join(lines)


def hand_text(view: View, names: list[str], *, ai_plays: bool = False) -> str:
    assert isinstance(view, DominoesView)
    if view.hand is None:
        return ""
    tiles = " ".join(show(x) for x in view.hand) or "(no tiles)"
    return f"Your tiles: {tiles}"


def action_label(view: View, action: Action) -> str:
    """A button's text: ``[5|3] → 3 (L)`` for a play, the tile alone for a lead."""
    assert isinstance(view, DominoesView)
    if action.kind in ("call", "call_alone"):
        return f"Make {action.arg}s trumps" + (", alone" if action.kind == "call_alone" else "")
    if action.kind in ("swap", "discard"):
        return f"{'Swap' if action.kind == 'swap' else 'Discard'} {show(action.arg)}"
    if action.kind == "count":
        return "No count" if action.arg in ("", "0") else f"Announce {action.arg}"
    if action.kind == "pass" and view.variant == "loo":
        return "Pass (sit this hand out)"
    if action.kind != "play":
        return _WORDS.get(action.kind, str(action))
    piece = source_of(action) or action.arg
    end = target_of(action)
    if end is None:
        return show(piece)
    if view.variant == "loo":
        return f"{show(piece)} led as a {end}"
    outer = halves(action.arg.split(">")[0])[1]
    where = "the centre" if end == "C" else end
    return f"{show(piece)} at {where}, leaves {outer}"


def move_text(view: View, action: Action) -> str:
    """Past tense, for everyone: "played [5|3] at L", "drew a tile", "said go"."""
    if action.kind == "call" and action.arg:
        return f"made {action.arg}s trumps"
    if action.kind == "play":
        piece = source_of(action) or action.arg
        end = target_of(action)
        if view.variant == "loo" and end:  # type: ignore[attr-defined]
            return f"led {show(piece)} as a {end}"
        return f"played {show(piece)}" + (f" at {end}" if end else "")
    return {"draw": "drew a tile", "pass": "said go", "stop": "stopped",
            "star": "starred", "retire": "left the pool", "check": "checked", "bet": "bet",
            "call": "called", "raise": "raised", "fold": "folded", "stand": "stood",
            "dummy": "took the dummy", "concede": "conceded 5", "swap": "took up the trump",
            "discard": "discarded a tile", "miss": "took a miss", "order": "ordered it up",
            "order_alone": "ordered it up alone",
            "call_alone": f"made {action.arg}s trumps alone", "defend": "defended the pool",
            "muggins": "called muggins", "let": "let the count stand",
            "count": f"announced {action.arg}" if action.arg not in ("", "0") else
            "announced no count"}.get(action.kind, "moved")


def arrange(view: View, actions: Sequence[Action]) -> list[Action]:
    """Plays in the hand's order (heaviest first), then the rest."""
    assert isinstance(view, DominoesView)
    order = {t: i for i, t in enumerate(view.hand or [])}
    plays = sorted((a for a in actions if a.kind == "play"),
                   key=lambda a: (order.get(source_of(a) or "", 99), str(a)))
    return plays + [a for a in actions if a.kind != "play"]
