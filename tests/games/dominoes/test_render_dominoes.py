"""The dominoes texts: every variant's table, hand, labels and move words over a random game,
tiles as ``[5|3]``, never a hidden tile in the public text."""

from __future__ import annotations

import random

import pytest

from bot import render
from bot.games.dominoes import GAME, show
from bot.render import dominoes as words
from tests.games.dominoes.helpers import hidden_from

VARIANTS = [v.id for v in GAME.variants()]


@pytest.mark.parametrize("variant", VARIANTS)
def test_texts_over_a_random_game(variant: str) -> None:
    options = GAME.options(variant)
    players = GAME.default_players_for(options)
    state = GAME.new(players, options, 8)
    names = [f"P{i}" for i in range(players)]
    rng = random.Random(variant)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_act[0]
        public = render.table_text(state.view(None), names)
        assert public and not [x for x in hidden_from(state, None) if show(x) in public]
        mine = state.view(seat)
        assert all(show(x) in render.hand_text(mine, names) for x in mine.hand or [])
        legal = state.legal_actions(seat)
        for action in legal:
            assert render.action_label(mine, action)
            assert render.move_text(state.view(None), state.public_action(action))
        assert sorted(map(str, render.arrange(mine, legal))) == sorted(map(str, legal))
        state, _ = state.apply(seat, rng.choice(legal))
    text = GAME.rules_text(options)
    assert text.splitlines()[-1].startswith("This table:")


def test_labels_read_as_tiles() -> None:
    state = GAME.new(2, GAME.options("block"), 1, deal={
        "hands": [["5-3", "6-6", "6-5", "6-4", "6-3", "6-2", "6-1"],
                  ["5-5", "5-4", "5-2", "5-1", "5-0", "4-4", "3-3"]],
        "stock": [x for x in ["6-0", "4-3", "4-2", "4-1", "4-0", "3-2", "3-1", "3-0", "2-2",
                              "2-1", "2-0", "1-1", "1-0", "0-0"]], "leader": 0})
    view = state.view(0)
    assert words.action_label(view, state.legal_actions(0)[0]).startswith("[")
    state, _ = state.apply(0, "play:5-3")
    view = state.view(1)
    labels = {str(a): words.action_label(view, a) for a in state.legal_actions(1)}
    assert labels["play:5-5>L"] == "[5|5] at L, leaves 5"
    assert words.move_text(state.view(None), state.legal_actions(1)[0]).startswith("played [")
    assert "[5|3]" in words.table_text(state.view(None), ["X", "Y"])
