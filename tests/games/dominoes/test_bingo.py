"""Bingo (spec 4.15 and fact 17): counting values, declarations, the 70 and the game."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.dominoes import GAME, DominoesState, bingo
from bot.games.dominoes.engine import Table
from bot.games.dominoes.tiles import full_set


def test_17_counting_values() -> None:
    assert bingo.count_value("6-6", 6) == 28  # the double of trumps
    assert bingo.count_value("0-0", 6) == 14
    assert bingo.count_value("6-4", 2) == bingo.count_value("3-0", 3) == 10  # trump or not
    assert bingo.count_value("6-0", 6) == 13  # a trump: pips, the blank as 7
    assert bingo.count_value("5-5", 6) == 10 and bingo.count_value("5-0", 6) == 7
    assert bingo.count_value("5-3", 6) == 0
    assert sum(bingo.count_value(x, 6) for x in full_set(6)) == 168


def test_4_15_declarations() -> None:
    assert bingo.DECLARE == {2: 20, 3: 40, 4: 50, 5: 60, 6: 70}  # 20, not the OCR's 21


def _table(counted: list[int], tricks: list[int]) -> Table:
    return Table(top=6, each=7, hands=[["6-5"], ["5-4"]], stock=[], scores=[0, 0],
                 games=[0, 0], out=[False] * 2, starred=[False] * 2, paid=[0, 0],
                 counted=counted, tricks=tricks, owed=[0, 0], declared=[False, False])


def test_17_game_points_for_seventy() -> None:
    assert bingo.hand_result(_table([70, 40], [3, 2]), 0) == (0, 1)
    assert bingo.hand_result(_table([72, 29], [3, 2]), 0) == (0, 2)
    assert bingo.hand_result(_table([75, 0], [4, 0]), 0) == (0, 3)
    assert bingo.hand_result(_table([60, 40], [3, 2]), 0) is None
    assert bingo.GAME_POINTS == 7


def test_4_15_bingo_beats_everything() -> None:
    assert bingo.power("0-0", 6, 6) > bingo.power("6-6", 6, 6) > bingo.power("6-0", 5, 6)
    assert bingo.power("5-5", 5, 6) > bingo.power("5-4", 5, 6)


def fixed(hands: list[list[str]], turned: str) -> DominoesState:
    used = {x for h in hands for x in h} | {turned}
    rest = [turned] + [x for x in full_set(6) if x not in used]
    return GAME.new(2, GAME.options("bingo"), 1,
                    deal={"hands": hands, "stock": rest, "leader": 0})


X = ["0-0", "5-5", "4-4", "6-3", "5-2", "4-1", "2-1"]
Y = ["6-6", "6-5", "6-4", "5-4", "3-2", "3-1", "2-0"]


def test_4_15_declaring_counts_after_a_trick_and_bingo_takes_the_trump_double() -> None:
    state = fixed([X, Y], turned="6-2")
    assert state.t.trump == 6
    legal = {str(a) for a in state.legal_actions(0)}
    assert {"declare:0-0", "declare:5-5", "declare:4-4", "close"} <= legal
    state, _ = state.apply(0, "declare:0-0")  # three doubles with Bingo: 40 + 10
    assert state.t.owed == [50, 0]
    state, events = state.apply(1, "play:6-6")
    assert any(e.kind == "bingo" for e in events)  # Bingo took the trump double: 1 point
    # 14 + 28 + the 50 declared = 92: past 70 with the other side trickless: 3 more
    assert state.t.scores == [4, 0] and state.t.hand_no == 2


def test_4_15_the_winner_draws_first() -> None:
    state = fixed([X, Y], turned="6-2")
    top = state.t.stock[0]
    state, _ = state.apply(0, "play:2-1")
    state, _ = state.apply(1, "play:3-1")  # plain twos led: 3-1 does not follow; X wins
    assert state.t.counted == [0, 0] and state.to_act == [0]
    assert top in state.t.hands[0] and len(state.t.hands[1]) == 7


def test_4_15_after_closing_follow_and_head_the_trick() -> None:
    state = fixed([X, Y], turned="6-2")
    state, _ = state.apply(0, "close")
    state, _ = state.apply(0, "play:5-2")
    assert {str(a) for a in state.legal_actions(1)} == {"play:5-4"}
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply(1, "play:3-2")
