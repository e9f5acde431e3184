"""Domino Poker (spec 4.14 and fact 7.16): the set, the hands' ranks, the betting round."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.dominoes import GAME
from bot.games.dominoes.poker import POKER_SET, describe, hand_key


def test_7_16_twenty_tiles_without_blanks_or_one_one() -> None:
    assert len(POKER_SET) == 20
    assert "1-1" not in POKER_SET and not any("0" in x for x in POKER_SET)


def test_7_16_pairs_and_high_tiles() -> None:
    assert hand_key(["6-6", "2-2", "5-1", "4-3", "3-1"]) > hand_key(
        ["5-5", "4-4", "6-1", "5-3", "2-1"])
    high_double = ["2-2", "6-1", "5-3", "4-1", "3-1"]
    high_six_five = ["6-5", "4-2", "5-3", "3-1", "2-1"]
    assert describe(high_double) == describe(high_six_five) == "no combination"
    assert hand_key(high_double) > hand_key(high_six_five)
    assert hand_key(high_six_five) > hand_key(["5-4", "6-1", "4-2", "3-1", "2-1"])


@pytest.mark.parametrize(("hand", "name"), [
    (["6-1", "6-3", "6-4", "6-5", "6-6"], "flush"),          # the booklet's flush example
    (["6-6", "3-3", "2-2", "4-2", "2-1"], "full hand"),      # the booklet's full hand
    (["6-6", "3-3", "2-2", "5-4", "3-1"], "triples"),
    (["4-6", "4-5", "4-3", "4-2", "4-4"], "straight four"),  # the example with 4-4 restored
    (["5-2", "5-3", "5-4", "5-5", "5-6"], "straight five"),
    (["6-2", "6-3", "6-4", "6-5", "6-6"], "straight six"),
    (["2-1", "3-1", "4-1", "5-1", "6-1"], "flush"),          # a run in the aces: a flush
    (["6-6", "5-5", "4-4", "3-3", "2-1"], "fours"),
    (["2-2", "3-3", "4-4", "5-5", "6-6"], "royal"),
])
def test_4_14_hand_names(hand: list[str], name: str) -> None:
    assert describe(hand) == name


def test_4_14_ranks_in_the_books_order() -> None:
    order = [["6-6", "2-2", "5-1", "4-3", "3-1"], ["6-1", "6-3", "6-4", "6-5", "6-6"],
             ["6-6", "3-3", "2-2", "5-4", "3-1"], ["4-6", "4-5", "4-3", "4-2", "4-4"],
             ["6-6", "3-3", "2-2", "4-2", "2-1"], ["5-2", "5-3", "5-4", "5-5", "5-6"],
             ["6-2", "6-3", "6-4", "6-5", "6-6"], ["6-6", "5-5", "4-4", "3-3", "2-1"],
             ["2-2", "3-3", "4-4", "5-5", "6-6"]]
    keys = [hand_key(h) for h in order]
    assert keys == sorted(keys)


def _deal(hands: list[list[str]]) -> object:
    used = {x for h in hands for x in h}
    rest = [x for x in POKER_SET if x not in used]
    return GAME.new(len(hands), GAME.options("poker"), 1,
                    deal={"hands": hands, "stock": rest, "leader": 0})


def test_4_14_betting_round_and_showdown() -> None:
    state = _deal([["2-2", "3-3", "4-4", "5-5", "6-6"], ["6-5", "6-4", "6-3", "6-2", "6-1"]])
    assert [str(a) for a in state.legal_actions(0)] == ["check", "bet"]
    with pytest.raises(IllegalAction, match="Nobody has bet"):
        state.apply(0, "fold")
    state, _ = state.apply(0, "bet")
    assert [str(a) for a in state.legal_actions(1)] == ["call", "raise", "fold"]
    state, _ = state.apply(1, "raise")
    state, _ = state.apply(0, "call")
    assert state.is_over
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == [0]
    assert outcome.points == [15.0, -15.0]  # ante 5 and bets of 10 each
    assert "royal" in " ".join(outcome.lines)


def test_4_14_a_fold_gives_the_pot_without_a_showdown() -> None:
    state = _deal([["2-2", "3-3", "4-4", "5-5", "6-6"], ["6-5", "6-4", "6-3", "6-2", "6-1"]])
    for move in ["bet", "fold"]:
        state, _ = state.apply(state.to_act[0], move)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == [0] and outcome.points == [5.0, -5.0]
