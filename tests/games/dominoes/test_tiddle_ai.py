"""The Tiddle-a-wink AI (spec 4.9: the highest double leads, a double plays again, the first
out wins, at a block the lightest hand): it plays a double first when that lets it go out, the
public voids it samples from are recorded, and its deals respect the forced lead."""

from __future__ import annotations

import random

from bot.games.dominoes import ai, rollout
from tests.games.dominoes.test_spec_facts import fixed, play

HANDS = [["5-5", "5-1"], ["4-4", "3-2", "2-0"], ["3-3", "4-0", "2-1"], ["6-6", "6-5", "1-0"]]


def test_4_9_a_double_first_to_go_out() -> None:
    state = fixed("tiddle_a_wink", HANDS, leader=3)
    state = play(state, "play:6-6", "play:6-5>L")  # the lead, played again: ends 5 and 6
    assert state.to_act == [0]
    rng = random.Random(1)
    first = ai.choose(state.view(0), state.legal_actions(0), rng)
    assert str(first) == "play:5-5>L"  # 5-1 first would leave 5-5 stranded
    state, _ = state.apply(0, first)
    second = ai.choose(state.view(0), state.legal_actions(0), rng)
    assert str(second) == "play:5-1>L"
    state, _ = state.apply(0, second)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == [0]


def test_4_9_voids_are_public_knowledge() -> None:
    state = fixed("tiddle_a_wink", HANDS, leader=3)
    state = play(state, "play:6-6", "play:6-5>L", "play:5-5>L", "stop")
    assert state.to_act == [1]
    state = play(state, "pass")  # seat 1 holds no five and no six
    assert state.view(2).voids[1] == [5, 6]
    lone = fixed("tiddle_a_wink", [["4-4", "3-2", "1-0"], ["2-2", "5-1", "6-0"]], leader=0)
    lone = play(lone, "play:4-4")  # no four to play again with: everyone now knows it
    assert lone.view(1).voids[0] == [4]


def test_4_9_the_lead_rules_out_higher_doubles() -> None:
    assert rollout._above_lead((5, 5), "4-4") and rollout._above_lead((6, 6), "4-4")
    assert not rollout._above_lead((3, 3), "4-4") and not rollout._above_lead((6, 5), "4-4")
    # no double dealt: the heaviest tile led, so no double and nothing heavier was dealt
    assert rollout._above_lead((0, 0), "6-5") and not rollout._above_lead((6, 4), "6-5")
    assert rollout._above_lead((6, 5), "5-5") is False
    state = fixed("tiddle_a_wink", HANDS, leader=3)
    state = play(state, "play:6-6", "play:6-5>L")
    dealt = rollout._sample(state.view(0), random.Random(3))
    assert dealt[0] == [(5, 5), (5, 1)] and [len(h) for h in dealt] == [2, 3, 3, 1]
