"""Domino Loo (spec 4.16 and fact 18): naming the led suit, following and trumping, the
leading laws, misses, the loo."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction, InvalidOptions
from bot.games.dominoes import GAME, DominoesState, loo
from bot.games.dominoes.engine import Table
from bot.games.dominoes.tiles import full_set


def _trick(led: str, named: int, other: str, trump: int = 3) -> int:
    t = Table(top=6, each=5, hands=[[led], [other]], stock=[], scores=[0, 0], games=[0, 0],
              out=[False] * 2, starred=[False] * 2, paid=[0, 0], trump=trump,
              tricks=[0, 0], status=["stand"] * 2, phase="play")
    loo.play(t, 0, f"{led}>{named}")
    winner = loo.play(t, 1, other)
    assert winner is not None
    return winner


def test_18_five_ace_and_ace_five() -> None:
    for five in ["5-2", "5-4", "5-5", "6-5"]:
        assert _trick("5-1", 5, five) == 1, five
    assert _trick("5-1", 5, "5-0") == 0
    assert _trick("5-1", 1, "6-1") == 1 and _trick("5-1", 1, "1-1") == 1
    assert _trick("5-1", 1, "3-0") == 1  # a trump
    assert _trick("5-1", 1, "4-1") == 0 and _trick("5-1", 1, "5-5") == 0


def test_18_game_and_loo() -> None:
    assert loo.GAME_POINTS == 15 and loo.LOOED == 5
    assert loo.misses_for(2) == [6, 6] and loo.misses_for(3) == [6, 6]
    assert loo.misses_for(4) == [7]
    for n in (2, 3, 4):
        state = GAME.new(n, GAME.options("loo"), 2)
        assert 5 * n + 1 + sum(loo.misses_for(n)) <= 28
        assert [len(m.split(",")) for m in state.t.dummy] == loo.misses_for(n)


def fixed(hands: list[list[str]], turned: str, dealer: int = 1) -> DominoesState:
    used = {x for h in hands for x in h} | {turned}
    rest = [turned] + [x for x in full_set(6) if x not in used]
    return GAME.new(len(hands), GAME.options("loo"), 1,
                    deal={"hands": hands, "stock": rest, "leader": dealer})


def test_4_16_leading_laws_follow_and_trump() -> None:
    x = ["6-6", "6-4", "5-1", "3-3", "3-2"]  # trumps are threes: X holds two
    y = ["5-5", "4-4", "4-2", "3-0", "2-0"]
    state = fixed([x, y], turned="6-3")
    assert state.t.trump == 6 and state.to_act == [0]
    state, _ = state.apply(0, "stand")
    state, _ = state.apply(1, "stand")
    legal = {str(a) for a in state.legal_actions(0)}
    assert legal == {"play:6-6", "play:6-4"}  # holding two trumps, lead one
    with pytest.raises(IllegalAction, match="two trumps"):
        state.apply(0, "play:5-1>5")
    state, _ = state.apply(0, "play:6-4")
    assert {str(a) for a in state.legal_actions(1)} == {f"play:{t}" for t in y}  # no trump
    state, _ = state.apply(1, "play:2-0")
    assert state.to_act == [0]
    state, _ = state.apply(0, "play:6-6")  # the winner leads a trump while he has one
    state, _ = state.apply(1, "play:4-2")
    legal = {str(a) for a in state.legal_actions(0)}
    assert legal == {"play:5-1>5", "play:5-1>1", "play:3-3", "play:3-2>3", "play:3-2>2"}
    with pytest.raises(IllegalAction, match="Name the suit"):
        state.apply(0, "play:5-1")
    state, _ = state.apply(0, "play:5-1>5")
    assert {str(a) for a in state.legal_actions(1)} == {"play:5-5"}  # follow suit


def test_4_16_void_must_trump() -> None:
    x = ["5-1", "4-4", "4-3", "2-1", "1-0"]
    y = ["6-6", "6-2", "3-3", "3-2", "2-2"]
    state = fixed([x, y], turned="6-5")
    state, _ = state.apply(0, "stand")
    state, _ = state.apply(1, "stand")
    state, _ = state.apply(0, "play:4-4")
    assert {str(a) for a in state.legal_actions(1)} == {"play:6-6", "play:6-2"}


def test_4_16_a_hand_without_a_trick_is_looed() -> None:
    t = Table(top=6, each=5, hands=[[], []], stock=[], scores=[3, 4], games=[0, 0],
              out=[False] * 2, starred=[False] * 2, paid=[0, 0], tricks=[5, 0])
    loo.settle(t, ["X", "Y"])
    assert t.scores == [8, -1]


# -- the pool (spec 4.16 "Pool", fact 18's cap) ---------------------------------------------

TRUMPS = ["6-6", "6-5", "6-4", "6-3", "6-2"]
NO_SIX_A = ["5-5", "5-4", "4-4", "3-3", "2-2"]
NO_SIX_B = ["5-3", "4-3", "3-2", "2-1", "1-1"]


def pool_table(hands: list[list[str]], dealer: int = 2, **flags: object) -> DominoesState:
    used = {x for h in hands for x in h} | {"6-1"}
    rest = ["6-1"] + [x for x in full_set(6) if x not in used]
    return GAME.new(len(hands), GAME.options("loo", **flags), 1,  # type: ignore[arg-type]
                    deal={"hands": hands, "stock": rest, "leader": dealer})


def play_out(state: DominoesState, hand_no: int) -> DominoesState:
    """Everyone plays his first legal tile until the hand is over."""
    while state.t.hand_no == hand_no and not state.is_over:
        seat = state.to_act[0]
        state, _ = state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_4_16_pool_is_the_default_for_three_or_four_and_points_for_two() -> None:
    assert not GAME.new(2, GAME.options("loo"), 1).t.pool_play
    assert GAME.new(3, GAME.options("loo"), 1).t.pool_play
    assert GAME.new(4, GAME.options("loo"), 1).t.pool_play
    assert GAME.new(2, GAME.options("loo", play_for="pool"), 1).t.pool_play
    assert not GAME.new(3, GAME.options("loo", play_for="points"), 1).t.pool_play
    with pytest.raises(InvalidOptions, match="divide by five"):
        GAME.options("loo", stake=7)


def test_4_16_antes_a_fifth_a_trick_and_the_loo() -> None:
    state = pool_table([TRUMPS, NO_SIX_A, NO_SIX_B])
    assert state.t.pool == 20 and state.t.scores == [-5, -5, -10]  # the dealer antes double
    view = state.view(None)
    assert view.pot == 20 and view.counters == [-5, -5, -10]
    for seat in (0, 1, 2):
        state, _ = state.apply(seat, "stand")
    state = play_out(state, 1)
    report = " ".join(state.t.last)
    assert "4 a trick" in report and "looed: 20" in report
    # seat 0 took all five tricks (20); the looed pay the whole pool into the next one, which
    # takes nothing else but the new dealer's (seat 0's) single stake
    assert state.t.pool == 20 + 20 + 5
    assert state.t.scores == [-5 + 20 - 5, -5 - 20, -10 - 20]
    assert sum(state.t.scores) + state.t.pool == 0


def test_18_loo_capped_at_four_stakes_with_three_and_five_with_four() -> None:
    for players, cap in ((3, 4), (4, 5)):
        t = Table(top=6, each=5, hands=[[] for _ in range(players)], stock=[],
                  scores=[0] * players, games=[0] * players, out=[False] * players,
                  starred=[False] * players, paid=[0] * players, pool_play=True, stake=5,
                  pool=200, owing=[0] * players, tricks=[5] + [0] * (players - 1),
                  status=["stand"] * players)
        loo.settle(t, [f"P{s}" for s in range(players)])
        assert t.owing[1:] == [cap * 5] * (players - 1)


def test_4_16_all_pass_to_the_dealer_who_takes_the_pool() -> None:
    state = pool_table([TRUMPS, NO_SIX_A, NO_SIX_B])
    state, _ = state.apply(0, "pass")
    state, events = state.apply(1, "pass")
    assert state.t.hand_no == 2
    assert any("takes the pool" in e.text for e in events)
    # hand 1: -5, -5, -10 + 20; hand 2 (no loo): a stake each, the new dealer (seat 0) two
    assert state.t.scores == [-15, -10, 5] and state.t.pool == 20


def test_4_16_one_stands_and_the_dealer_defends_the_pool() -> None:
    state = pool_table([NO_SIX_A, NO_SIX_B, TRUMPS])
    state, _ = state.apply(0, "stand")
    state, _ = state.apply(1, "pass")
    kinds = {a.kind for a in state.legal_actions(2)}
    assert "defend" in kinds and "pass" not in kinds
    with pytest.raises(IllegalAction, match="must oppose"):
        state.apply(2, "pass")
    state, _ = state.apply(2, "defend")
    state = play_out(state, 1)
    # the dealer took all five tricks for the pool: its 20 stay in; seat 0 is looed (20) and,
    # dealing next, adds his stake; the passer pays nothing
    assert state.t.pool == 20 + 20 + 5
    assert state.t.scores == [-5 - 25, -5, -10]


def test_4_16_points_play_has_no_passing() -> None:
    state = fixed([TRUMPS, NO_SIX_A], turned="6-1")
    assert "pass" not in {a.kind for a in state.legal_actions(0)}
    with pytest.raises(IllegalAction, match="everyone plays"):
        state.apply(0, "pass")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_4_16_pool_counters_are_conserved_and_the_match_ends(players: int) -> None:
    import random

    for seed in range(12):
        state = GAME.new(players, GAME.options("loo", play_for="pool"), seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert sum(state.t.scores) + state.t.pool == 0
            assert state.view(None).hand is None
        outcome = state.outcome()
        assert outcome is not None and abs(sum(outcome.points)) < 1e-9
        assert state.t.hand_no >= 2 * players
