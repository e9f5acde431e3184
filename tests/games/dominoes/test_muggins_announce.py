"""Muggins' announced counts (spec 4.4 "Muggins call", with fact 3's play sequence): with
``announce`` the scorer calls his count after each play; a right count scores, a wrong one may
be cried muggins by an opponent and is then lost (the caller gains nothing), and unchallenged
it scores as announced. The AI always announces right."""

from __future__ import annotations

import random

import pytest

from bot.games.base import IllegalAction
from bot.games.dominoes import GAME, ai
from tests.games.dominoes.test_spec_facts import fixed, play

HANDS = [["5-5", "5-4", "2-1", "1-0", "2-0"], ["6-5", "3-3", "3-1", "2-2", "3-0"]]


def test_4_4_automatic_scoring_is_the_default() -> None:
    state = play(fixed("muggins", HANDS), "play:5-5")
    assert state.t.scores == [2, 0] and state.to_act == [1]


def test_4_4_fact_3_with_every_count_announced() -> None:
    state = play(fixed("muggins", HANDS, announce=True), "play:5-5")
    assert state.t.scores == [0, 0] and state.to_act == [0]  # the count is still owed
    assert [str(a) for a in state.legal_actions(0)] == [f"count:{n}" for n in range(5)]
    with pytest.raises(IllegalAction, match="Announce your count"):
        state.apply(0, "play:5-4>R")
    state = play(state, "count:2")  # 5-5 leads: 10, two points
    assert state.t.scores == [2, 0] and state.to_act == [1]
    state = play(state, "play:5-6>L", "count:0")  # 16: nothing, rightly announced
    assert state.t.scores == [2, 0] and state.to_act == [0]
    state = play(state, "play:5-4>R", "count:2")  # 6 and 4: ten, two more
    assert state.t.scores == [4, 0]


def test_4_4_a_wrong_count_cried_muggins_is_lost() -> None:
    state = play(fixed("muggins", HANDS, announce=True), "play:5-5", "count:1")
    assert state.to_act == [1] and state.view(None).claim == 1
    assert {a.kind for a in state.legal_actions(1)} == {"muggins", "let"}
    state, events = state.apply(1, "muggins")
    assert state.t.scores == [0, 0]  # X loses the count; Y gains nothing
    assert any(e.kind == "muggins" for e in events)
    assert state.to_act == [1] and {a.kind for a in state.legal_actions(1)} == {"play"}


def test_4_4_a_forgotten_count_unchallenged_scores_nothing() -> None:
    state = play(fixed("muggins", HANDS, announce=True), "play:5-5", "count:0", "let")
    assert state.t.scores == [0, 0] and state.to_act == [1]


def test_4_4_an_overstated_count_unchallenged_scores_as_announced() -> None:
    state = play(fixed("muggins", HANDS, announce=True), "play:5-5", "count:3", "let")
    assert state.t.scores == [3, 0]


def test_4_4_every_opponent_in_turn_may_cry_muggins() -> None:
    hands = [["5-5", "5-4", "2-1", "1-0"], ["6-5", "3-3", "3-1", "2-2"],
             ["6-6", "4-4", "1-1", "0-0"]]
    state = play(fixed("muggins", hands, announce=True), "play:5-5", "count:0")
    assert state.to_act == [1]
    state = play(state, "let")
    assert state.to_act == [2]
    state = play(state, "muggins")
    assert state.t.scores == [0, 0, 0] and state.to_act == [1]


def test_4_5_all_threes_counts_and_pip_mode() -> None:
    state = fixed("all_threes", HANDS, announce=True)
    assert [a.arg for a in play(state, "play:5-5").legal_actions(0)] == \
        [str(n) for n in range(7)]
    pips = fixed("muggins", HANDS, announce=True, pip_values=True)
    state = play(pips, "play:5-5")
    assert [a.arg for a in state.legal_actions(0)] == ["0", "5", "10", "15", "20"]
    assert play(state, "count:10").t.scores == [10, 0]


def test_4_4_counts_are_refused_without_announce() -> None:
    state = fixed("muggins", HANDS)
    with pytest.raises(IllegalAction, match="announce"):
        state.apply(0, "count:2")


@pytest.mark.parametrize("variant", ["muggins", "all_threes"])
def test_4_4_the_ai_always_announces_right(variant: str) -> None:
    """Whole matches of AI against AI: no wrong count ever opens the muggins window, and the
    scores equal those of the same matches scored automatically."""
    for players in (2, 3, 4):
        for seed in range(4):
            scored = []
            for announce in (True, False):
                state = GAME.new(players, GAME.options(variant, announce=announce), seed)
                rng = random.Random(seed)
                while not state.is_over:
                    seat = state.to_act[0]
                    action = ai.choose(state.view(seat), state.legal_actions(seat), rng)
                    state, _ = state.apply(seat, action)
                    assert state.t.phase != "muggins"
                scored.append(state.t.scores)
            assert scored[0] == scored[1]
