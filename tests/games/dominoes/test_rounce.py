"""Domino Rounce (spec 4.17): trump from the turned tile, declarations, the dummy, tricks,
and the count down from fifteen with the bounce."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.dominoes import GAME, DominoesState, rounce
from bot.games.dominoes.tiles import full_set

X = ["6-6", "6-5", "6-4", "5-5", "4-4"]
Y = ["3-3", "3-2", "3-1", "2-2", "2-1"]
DUMMY = ["1-1", "1-0", "2-0", "3-0", "4-0", "5-0", "0-0"]
TURNED = "6-3"


def fixed(holder: int = 0) -> DominoesState:
    used = set(X) | set(Y) | set(DUMMY) | {TURNED}
    rest = DUMMY + [TURNED] + [x for x in full_set(6) if x not in used]
    return GAME.new(2, GAME.options("rounce"), 1,
                    deal={"hands": [X, Y], "stock": rest, "leader": holder})


def test_4_17_trump_is_the_turned_tiles_higher_half() -> None:
    state = fixed()
    assert state.t.trump == 6 and rounce.trump_of("1-0") == 1 and rounce.trump_of("2-2") == 2
    assert state.t.scores == [15, 15]
    assert state.to_act == [1]  # declarations start on the holder's left


def test_4_17_last_player_may_concede_five() -> None:
    state = fixed()
    assert [str(a) for a in state.legal_actions(1)] == ["stand", "dummy", "concede"]
    with pytest.raises(IllegalAction, match="concede 5"):
        state.apply(1, "pass")
    state, _ = state.apply(1, "concede")
    assert state.t.scores == [10, 15] and state.t.hand_no == 2


def test_4_17_dummy_and_discard_down_to_five() -> None:
    state, _ = fixed().apply(1, "dummy")
    assert len(state.t.hands[1]) == 7 and state.t.phase == "discard"
    state, _ = state.apply(1, "discard:0-0")
    state, _ = state.apply(1, "discard:2-0")
    assert len(state.t.hands[1]) == 5 and state.to_act == [0]
    assert "dummy" not in {str(a) for a in state.legal_actions(0)}
    public = state.view(0).model_dump_json()
    assert '"0-0"' not in public and '"2-0"' not in public
    assert state.public_action("discard:0-0").arg == ""


def test_4_17_tricks_follow_suit_trump_lead_and_bounce() -> None:
    state = fixed()
    state, _ = state.apply(1, "stand")
    state, _ = state.apply(0, "swap:4-4")  # the holder takes up 6-3 for his 4-4
    assert "6-3" in state.t.hands[0] and state.t.turned == ""
    assert state.to_act == [1]  # the eldest hand leads
    state, _ = state.apply(1, "play:3-3")
    # a three was led: X has 6-3, but it is a trump, so he need not follow; anything goes
    assert len(state.legal_actions(0)) == 5
    state, _ = state.apply(0, "play:6-6")
    assert state.t.tricks == [1, 0] and state.to_act == [0]
    legal = {str(a) for a in state.legal_actions(0)}
    assert legal == {"play:6-5", "play:6-4", "play:6-3"}  # the winner leads a trump
    with pytest.raises(IllegalAction, match="leads a trump"):
        state.apply(0, "play:5-5")
    for _ in range(4):
        state, _ = state.apply(state.to_act[0], str(state.legal_actions(state.to_act[0])[0]))
        state, _ = state.apply(state.to_act[0], str(state.legal_actions(state.to_act[0])[0]))
    assert state.t.hand_no == 2
    assert state.t.scores == [10, 20]  # five tricks off; Y stood, took none: bounced


def test_4_17_follow_suit_when_able() -> None:
    state = fixed()
    state, _ = state.apply(1, "stand")
    state, _ = state.apply(0, "stand")
    state, _ = state.apply(1, "play:2-1")  # a plain deuce led
    assert {str(a) for a in state.legal_actions(0)} == {f"play:{x}" for x in X}
    state2 = fixed(holder=1)
    state2, _ = state2.apply(0, "stand")
    state2, _ = state2.apply(1, "stand")
    state2, _ = state2.apply(0, "play:5-5")  # fives led: Y has none, anything goes
    assert len(state2.legal_actions(1)) == 5
