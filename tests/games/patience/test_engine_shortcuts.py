"""Shortcuts the rules core takes for speed (the solver's generic search asks for the legal
actions at every position) change no game's actions: checked against the long way round."""

from __future__ import annotations

import random

import pytest

from bot.games.patience.special import HOOKS
from tests.games.patience.helpers import legal, new


def test_the_empress_offers_the_same_actions_without_working_out_card_moves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The Empress of India drops every single-card move, so they are not worked out for it;
    along random play-outs, its actions are those it gives when they are."""
    hook = HOOKS["empress"]
    assert not hook.card_moves
    rng = random.Random("empress")
    checked = 0
    for seed in (1, 2, 3):
        state = new("the_empress_of_india", seed)
        for _ in range(60):
            if state.is_over:
                break
            short = legal(state)
            monkeypatch.setattr(hook, "card_moves", True)
            long = legal(state)
            monkeypatch.setattr(hook, "card_moves", False)
            assert short == long
            checked += 1
            state, _ = state.apply(0, rng.choice([m for m in short if m != "resign"]))
    assert checked > 100
