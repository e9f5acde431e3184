"""A typed discard is judged by the two cards it names, in either order."""

from __future__ import annotations

import random

from bot.games.base import Action
from bot.games.skat import GAME


def _at_discard(seed: int):
    for attempt in range(200):
        state = GAME.new(3, GAME.options("isko"), seed=seed + attempt)
        rng = random.Random(attempt)
        while not state.is_over and state.phase != "discard":
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            skat = [a for a in legal if a.kind in ("skat", "bid", "hold")]
            state, _ = state.apply(seat, rng.choice(skat or legal))
            if state.phase in ("play", "over"):
                break
        if state.phase == "discard":
            return state
    raise AssertionError("no random deal reached the discard")


def test_discard_in_either_order_is_the_same_move() -> None:
    state = _at_discard(11)
    seat = state.to_act[0]
    first = state.legal_actions(seat)[0]
    a, b = first.arg.split(",")
    reversed_move = Action(kind="discard", arg=f"{b},{a}")
    assert state.check_legal(seat, reversed_move) == first
    assert state.apply(seat, reversed_move)[0] == state.apply(seat, first)[0]
