"""Domino Euchre (spec 4.13 and section 8): the trump orders, the maker leads, following,
the scoring."""

from __future__ import annotations

from bot.games.dominoes import GAME, DominoesState
from bot.games.dominoes import euchre as e
from bot.games.dominoes.engine import Table
from bot.games.dominoes.tiles import full_set


def test_8_trump_orders() -> None:
    assert e.trump_order(6)[:4] == ["6-6", "5-5", "6-5", "6-4"]
    assert e.trump_order(6)[-1] == "6-0"
    assert e.trump_order(1) == ["1-1", "0-0", "6-1", "5-1", "4-1", "3-1", "2-1", "1-0"]
    assert e.trump_order(0) == ["0-0", "6-6", "6-0", "5-0", "4-0", "3-0", "2-0", "1-0"]


def test_4_13_suits_and_following() -> None:
    assert e.is_trump("5-5", 6) and e.suit_led("5-5", 6) == 6  # the Left Bower is a trump
    assert e.suit_led("5-3", 6) == 5  # a plain tile led: its higher half
    assert e.power("5-5", 5, 6) > e.power("6-0", 5, 6) > e.power("5-4", 5, 6)
    assert e.power("4-4", 4, 6) > e.power("4-3", 4, 6)  # plain suits from the double down


def fixed(hands: list[list[str]], turned: str, dealer: int = 3) -> DominoesState:
    used = {x for h in hands for x in h} | {turned}
    rest = [turned] + [x for x in full_set(6) if x not in used]
    return GAME.new(4, GAME.options("domino_euchre"), 1,
                    deal={"hands": hands, "stock": rest, "leader": dealer})


HANDS = [["6-6", "5-5", "6-5", "6-4", "4-3"], ["3-3", "3-2", "3-1", "2-2", "2-1"],
         ["6-3", "6-2", "1-1", "1-0", "0-0"], ["5-4", "5-3", "4-4", "4-2", "4-1"]]


def test_4_13_the_maker_leads_after_the_dealer_discards() -> None:
    state = fixed(HANDS, turned="6-1")
    assert state.to_act == [0] and state.t.trump == 6
    state, _ = state.apply(0, "pass")
    state, _ = state.apply(1, "order")  # seat 2's left-hand opponent orders it up
    assert state.to_act == [3] and state.t.phase == "discard"
    assert "6-1" in state.t.hands[3]
    state, _ = state.apply(3, "discard:4-1")
    assert state.to_act == [1]  # the maker leads, not the eldest hand
    assert state.public_action("discard:4-1").arg == ""


def test_4_13_all_pass_twice_deals_again_and_calls_exclude_the_turned_suit() -> None:
    state = fixed(HANDS, turned="6-1")
    for seat in (0, 1, 2, 3):
        state, _ = state.apply(seat, "pass")
    assert state.t.bid_round == 2
    calls = {a.arg for a in state.legal_actions(0) if a.kind == "call"}
    assert calls == {"0", "1", "2", "3", "4", "5"}
    for seat in (0, 1, 2, 3):
        state, _ = state.apply(seat, "pass")
    assert state.t.hand_no == 2 and state.t.scores == [0, 0, 0, 0]


def _settle(tricks: list[int], alone: bool = False) -> list[int]:
    t = Table(top=6, each=5, hands=[[]] * 4, stock=[], scores=[0] * 4, games=[0] * 4,
              out=[False] * 4, starred=[False] * 4, paid=[0] * 4, tricks=tricks, maker=0,
              alone=alone)
    e.settle(t, ["N", "E", "S", "W"])
    return t.scores


def test_4_13_scoring() -> None:
    assert _settle([2, 1, 1, 1]) == [1, 0, 1, 0]
    assert _settle([3, 0, 2, 0]) == [2, 0, 2, 0]
    assert _settle([5, 0, 0, 0], alone=True) == [4, 0, 4, 0]
    assert _settle([1, 2, 1, 1]) == [0, 2, 0, 2]  # euchred
