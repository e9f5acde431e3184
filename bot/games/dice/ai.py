"""The dice AI: it sees the public view only. Most games leave no choice (one legal move);
Draw Poker keeps its groups, Vingt-un throws while a throw cannot burst it or while it trails."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.base import Action, View
from bot.games.dice import scoring
from bot.games.dice.game import DiceView


def choose(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    assert isinstance(view, DiceView)
    if view.flow == "poker":
        return _poker(view, legal)
    if view.flow == "vingt_un":
        return _vingt_un(view, legal)
    return legal[0]


def _others(view: DiceView) -> list[list[int]]:
    """The results already thrown in this round (or throw-off) by the other players."""
    return [k for s, k in enumerate(view.standing) if k is not None and s != view.seat]


def _poker(view: DiceView, legal: Sequence[Action]) -> Action:
    dice = view.dice
    key = scoring.poker_key(dice)
    others = _others(view)
    waiting = [s for s in view.in_round if view.standing[s] is None and s != view.seat]
    if key[0] >= 4 or (others and not waiting and key > max(others)):
        return Action(kind="stand")
    keep = scoring.poker_hold(dice)
    action = Action(kind="hold", arg=",".join(str(i + 1) for i in keep))
    return action if action in legal else Action(kind="roll")


def _vingt_un(view: DiceView, legal: Sequence[Action]) -> Action:
    total = view.running
    results = [k[0] for k in _others(view)]
    best = max(results, default=-1)
    waiting = [s for s in view.in_round if view.standing[s] is None and s != view.seat]
    roll, stand = Action(kind="roll"), Action(kind="stand")
    if view.forfeit:
        worst = min(results, default=99)
        if not waiting and total > worst:
            return stand
        return roll if total <= 15 else stand
    if total <= 15 or total < best:
        return roll
    if not waiting and total > best:
        return stand
    return stand if total >= 17 else roll
