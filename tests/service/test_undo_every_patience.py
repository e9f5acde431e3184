"""Undo restores the previous state exactly, in every patience (the log with ``undo`` entries
rebuilds what the player saw before the move taken back)."""

from __future__ import annotations

import random

import pytest

from bot.games import registry
from bot.service.solo import UNDO, replay

GAME = registry.get("patience")


@pytest.mark.parametrize("variant", [v.id for v in GAME.variants()])
def test_undo_restores_the_state_before_the_move(variant: str) -> None:
    options = GAME.options(variant)
    rng = random.Random(variant)
    state = GAME.new(1, options, 11)
    log: list[str] = []
    states = [state]
    for _ in range(25):
        legal = [a for a in state.legal_actions(0) if a.kind != "resign"]
        if not legal:
            break
        move = str(rng.choice(legal))
        state, _ = state.apply(0, move)
        log.append(move)
        states.append(state)
        if rng.random() < 0.3:  # take one back now and then, as players do
            log.append(UNDO)
            states.pop()
            state = states[-1]
            assert replay(GAME, 1, options, 11, log) == state
    assert replay(GAME, 1, options, 11, log) == state
    if len(states) > 1:
        assert replay(GAME, 1, options, 11, [*log, UNDO]) == states[-2]
