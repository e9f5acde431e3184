"""The dice are fair and nobody chooses them: chi-squared tests over many throws (fixed seeds,
so the tests are deterministic), and every face a game shows is the table generator's face for
that throw and die, whatever moves were sent."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bot.games.base import IllegalAction
from bot.games.dice import GAME, DiceState, faces
from tests.games.dice.helpers import new

CHI2_5DF_P001 = 20.515
CHI2_35DF_P001 = 66.619


def chi2(counts: Counter[object], cells: list[object]) -> float:
    total = sum(counts.values())
    expected = total / len(cells)
    return sum((counts[c] - expected) ** 2 / expected for c in cells)


def test_faces_are_uniform_over_many_throws() -> None:
    counts: Counter[object] = Counter()
    for seed in range(200):
        for k in range(30):
            counts.update(faces(seed, k))
    assert sum(counts.values()) == 30_000
    assert chi2(counts, list(range(1, 7))) < CHI2_5DF_P001


def test_each_die_position_is_uniform_and_consecutive_throws_are_independent() -> None:
    pairs: Counter[object] = Counter()
    for position in range(5):
        counts: Counter[object] = Counter(faces(seed, k)[position]
                                          for seed in range(100) for k in range(40))
        assert chi2(counts, list(range(1, 7))) < CHI2_5DF_P001, position
    for seed in range(300):
        row = [faces(seed, k)[0] for k in range(21)]
        pairs.update(itertools.pairwise(row))
    cells: list[object] = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    assert chi2(pairs, cells) < CHI2_35DF_P001


def test_the_dice_thrown_in_played_games_are_uniform() -> None:
    counts: Counter[object] = Counter()
    for seed in range(150):
        state = new("throwing_dice", players=4, seed=seed)
        while not state.is_over:
            state, events = state.apply(state.to_act[0], "roll")
            counts.update(f for e in events if e.kind == "throw" for f in e.data["dice"])
    assert sum(counts.values()) >= 150 * 36
    assert chi2(counts, list(range(1, 7))) < CHI2_5DF_P001


def check_faces(state: DiceState, events: list[object]) -> None:
    """Every throw in ``events`` shows the generator's faces for its number and positions."""
    for event in events:
        if event.kind != "throw":  # type: ignore[attr-defined]
            continue
        data = event.data  # type: ignore[attr-defined]
        drawn = faces(state.seed, data["roll"])
        assert data["dice"] == [drawn[i] for i in data["positions"]], data


@pytest.mark.parametrize("variant", [v.id for v in GAME.variants()])
def test_no_move_changes_the_faces_rolled(variant: str) -> None:
    """From every position of random games, every legal move throws the same faces for the
    same throw: moves choose which dice are thrown, never what they show."""
    options = GAME.options(variant)
    players = GAME.default_players_for(options)
    for seed in range(4):
        state = GAME.new(players, options, seed)
        rng = random.Random(seed)
        for _ in range(60):
            if state.is_over:
                break
            seat = state.to_act[0]
            firsts = set()
            for action in state.legal_actions(seat):
                after, events = state.apply(seat, action)
                check_faces(state, events)
                throws = [e for e in events if e.kind == "throw"]
                if throws:
                    firsts.add((throws[0].data["roll"], tuple(faces(state.seed,
                                                                    throws[0].data["roll"]))))
                assert after.table.rolls >= state.table.rolls
            assert len(firsts) <= 1  # every move's first throw is the same throw
            state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_move_cannot_carry_a_face() -> None:
    state = new("draw_poker", seed=5)
    for move in ("roll:6", "roll:6,6,6,6,6", "stand:21", "hold:6=6", "set:6", "dice:66666"):
        with pytest.raises(IllegalAction):
            state.apply(0, move)
    before = state.model_dump()
    after, _ = state.apply(0, "roll")
    assert state.model_dump() == before
    assert after.table.dice == faces(5, 0)
