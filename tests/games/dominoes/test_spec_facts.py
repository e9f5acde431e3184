"""The spec's facts and the booklet's worked examples (dominoes_dice.md sections 3, 4, 7, 8),
each test naming its section."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.dominoes import GAME, DominoesState, engine
from bot.games.dominoes.catalogue import CATALOGUE, CYPRUS_EACH
from bot.games.dominoes.engine import Table
from bot.games.dominoes.tiles import full_set, halves, hand_pips, is_double, matadores, pips

NAMES = ["X", "Y", "Z", "W"]


def deal_rest(hands: list[list[str]], top: int = 6) -> list[str]:
    used = {x for h in hands for x in h}
    return [x for x in full_set(top) if x not in used]


def fixed(variant: str, hands: list[list[str]], leader: int = 0, stock: list[str] | None = None,
          **options: object) -> DominoesState:
    """A match whose first hand is ``hands`` (the rest of the set goes to the stock)."""
    opts = GAME.options(variant, **options)
    top = CATALOGUE[variant].deal(len(hands), None)[0]
    rest = deal_rest(hands, top) if stock is None else stock
    return GAME.new(len(hands), opts, seed=1,
                    deal={"hands": hands, "stock": rest, "leader": leader})


def with_scores(state: DominoesState, scores: list[int]) -> DominoesState:
    t = state.t.model_copy(deep=True)
    t.scores = list(scores)
    return state.model_copy(update={"t": t})


def play(state: DominoesState, *moves: str) -> DominoesState:
    for move in moves:
        state, _ = state.apply(state.to_act[0], move)
    return state


# -- 3.1 the set -----------------------------------------------------------------------------


def test_3_1_and_7_15_set_facts() -> None:
    d6 = full_set(6)
    assert len(d6) == 28 and sum(pips(x) for x in d6) == 168
    suits = [sum(pips(x) for x in d6 if n in halves(x)) for n in (6, 5, 4, 3, 2, 1, 0)]
    assert suits == [63, 56, 49, 42, 35, 28, 21]
    assert (len(full_set(9)), sum(pips(x) for x in full_set(9))) == (55, 495)
    assert (len(full_set(12)), sum(pips(x) for x in full_set(12))) == (91, 1092)


def test_3_4_two_tiles_stay_in_the_stock() -> None:
    hands = [["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"],
             ["6-5", "6-4", "6-3", "6-2", "6-1", "6-0", "5-4"]]
    state = play(fixed("draw", hands), "play:6-6")
    t = state.t.model_copy(deep=True)
    t.stock = t.stock[:2]  # as if twelve had been drawn and laid already
    state = state.model_copy(update={"t": t})
    assert [str(a) for a in state.legal_actions(1)] == ["play:6-5>L", "play:6-4>L",
                                                         "play:6-3>L", "play:6-2>L",
                                                         "play:6-1>L", "play:6-0>L"]
    with pytest.raises(IllegalAction, match="last two tiles"):
        state.apply(1, "draw")


# -- 4.1 / 7.1 / 8: the Draw Game --------------------------------------------------------------


def test_7_1_draw_game_block_with_equal_pips_scores_both_hands() -> None:
    t = Table(top=6, each=7, hands=[["6-6", "5-4", "3-2", "0-0"],
                                    ["6-4", "5-3", "2-1", "3-0", "1-1"]],
              stock=[], scores=[0, 0], games=[0, 0], out=[False, False],
              starred=[False, False], paid=[0, 0])
    assert hand_pips(t.hands[0]) == hand_pips(t.hands[1]) == 26
    rules, opts = CATALOGUE["draw"], GAME.options("draw")
    lines = engine.settle_hand(rules, opts, t, None, NAMES)
    assert t.scores == [52, 0]
    assert "X wins the block: equal pips, 26 each, and fewer tiles, 4." in lines


def test_4_1_draw_game_method_three_highest_double_leads() -> None:
    state = GAME.new(2, GAME.options("draw"), seed=7)
    hands = state.t.hands
    doubles = [x for h in hands for x in h if is_double(x)]
    best = max(doubles, key=pips)
    assert state.to_act == [next(s for s in (0, 1) if best in hands[s])]
    assert [str(a) for a in state.legal_actions(state.to_act[0])] == [f"play:{best}"]


def test_4_1_draw_game_must_draw_when_unable_and_may_draw_voluntarily() -> None:
    hands = [["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"],
             ["5-5", "5-4", "5-3", "5-2", "5-1", "4-4", "4-3"]]
    state = play(fixed("draw", hands), "play:6-6")
    legal = {str(a) for a in state.legal_actions(1)}
    assert legal == {"draw"}
    with pytest.raises(IllegalAction, match="draw"):
        state.apply(1, "pass")
    mover = play(state, "draw")
    assert len(mover.t.hands[1]) == 8 and len(mover.t.stock) == 13
    assert mover.to_act == [1]
    # the second player may draw although he can play; a free lead may draw first too
    later = GAME.new(2, GAME.options("draw"), seed=3)
    later = later.model_copy(update={"t": later.t.model_copy(update={"hand_no": 2})})
    assert "draw" in {str(a) for a in later.legal_actions(later.to_act[0])}
    after = play(fixed("draw", hands[::-1]), "play:5-5")
    assert {"draw", "play:5-6>L"} <= {str(a) for a in after.legal_actions(1)}


# -- 4.2 / 7.6 / 8: Matadore ---------------------------------------------------------------------


def test_7_6_matadores_per_set() -> None:
    assert set(matadores(6)) == {"6-1", "5-2", "4-3", "0-0"}
    assert set(matadores(9)) == {"9-1", "8-2", "7-3", "6-4", "5-5", "0-0"}
    assert set(matadores(12)) == {"12-1", "11-2", "10-3", "9-4", "8-5", "7-6", "0-0"}


def test_8_matadore_sums_and_blank_ends() -> None:
    rules = CATALOGUE["matadore"]
    t = Table(top=6, each=7, hands=[[], []], stock=[], centre="6-6", arms=[[], []],
              scores=[0, 0], games=[0, 0], out=[False, False], starred=[False, False],
              paid=[0, 0])
    assert engine.fits(rules, t, "1-0", 6) == ["1-0"]  # 6-6 is a six: it needs an ace
    assert engine.fits(rules, t, "5-4", 6) == []
    assert engine.fits(rules, t, "3-2", 0) == []  # only matadores go on a blank
    assert set(engine.fits(rules, t, "5-2", 0)) == {"5-2", "2-5"}  # either half outward
    assert engine.fits(rules, t, "4-1", 3) == ["4-1"]  # diagram 1: a four against a trey
    t9 = t.model_copy(update={"top": 9})
    assert engine.fits(rules, t9, "8-4", 6) == ["4-8"]  # d9: a six against a four


def test_7_6_six_six_counts_twelve_and_zapatero_counts_two_games() -> None:
    assert hand_pips(["6-6"]) == 12
    rules, opts = CATALOGUE["matadore"], GAME.options("matadore")
    t = Table(top=6, each=7, hands=[[], []], stock=[], scores=[100, 0], games=[0, 0],
              out=[False, False], starred=[False, False], paid=[0, 0])
    lines = engine.finish_check(rules, opts, t, NAMES)
    assert t.games == [2, 0] and t.over and "Zapatero" in lines[0]
    t2 = t.model_copy(update={"scores": [100, 40], "games": [0, 0], "over": False})
    engine.finish_check(rules, opts, t2, NAMES)
    assert t2.games == [1, 0] and not t2.over and t2.scores == [0, 0] and t2.game_no == 2


def test_4_2_matadore_leader_must_pose_a_double() -> None:
    hands = [["6-6", "0-0", "5-4", "3-1", "2-0", "4-0", "3-0"],
             ["6-5", "6-4", "6-3", "6-2", "6-0", "5-5", "4-4"]]
    state = fixed("matadore", hands)
    assert [str(a) for a in state.legal_actions(0)] == ["play:6-6"]
    with pytest.raises(IllegalAction, match=r"must lead \[6\|6\]"):
        state.apply(0, "play:5-4")


# -- 4.3 the Block Game ------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "points"), [("both", 30), ("opponent", 20),
                                              ("difference", 10)])
def test_4_3_block_scoring_options(mode: str, points: int) -> None:
    t = Table(top=6, each=7, hands=[["6-4"], ["6-6", "5-3"]], stock=[], scores=[0, 0],
              games=[0, 0], out=[False, False], starred=[False, False], paid=[0, 0])
    engine.settle_hand(CATALOGUE["block"], GAME.options("block", block_scoring=mode), t,
                       None, NAMES)
    assert t.scores == [points, 0]


def test_4_3_block_game_has_no_drawing_and_go_only_when_unable() -> None:
    hands = [["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"],
             ["5-5", "5-4", "5-3", "5-2", "5-1", "4-4", "4-3"]]
    state = play(fixed("block", hands), "play:6-6")
    assert [str(a) for a in state.legal_actions(1)] == ["pass"]
    with pytest.raises(IllegalAction, match="no stock"):
        state.apply(1, "draw")
    state = play(state, "pass", "play:6-5>L")
    with pytest.raises(IllegalAction, match="must play"):
        state.apply(1, "pass")


# -- 4.4 / 7.2-7.4 / 8: Muggins ------------------------------------------------------------------


def test_7_2_muggins_end_bonus() -> None:
    assert engine.muggins_bonus(27, 5) == 5
    assert engine.muggins_bonus(28, 5) == 6
    assert engine.muggins_bonus(27, 5, pip_values=True) == 25


def test_7_3_and_8_muggins_play_sequence() -> None:
    hands = [["5-5", "5-4", "2-1", "1-0", "2-0"], ["6-5", "3-3", "3-1", "2-2", "3-0"]]
    state = play(fixed("muggins", hands), "play:5-5")
    assert state.t.scores == [2, 0]
    state = play(state, "play:5-6>L")
    assert engine.end_total(state.t) == 16 and state.t.scores == [2, 0]
    state = play(state, "play:5-4>R")
    assert engine.end_total(state.t) == 10 and state.t.scores == [4, 0]


def _end_states(top: int) -> list[tuple[int, str | None]]:
    """An open end: its number and the double lying crosswise there, if any."""
    return [(n, None) for n in range(top + 1)] + [(n, f"{n}-{n}") for n in range(top + 1)]


def _total(a: tuple[int, str | None], b: tuple[int, str | None]) -> int:
    return sum(n * 2 if d else n for n, d in (a, b))


def test_7_4_muggins_four_points_only_from_six_six_and_four_four() -> None:
    best = {}
    for a in _end_states(6):
        for b in _end_states(6):
            if a[1] and a[1] == b[1]:
                continue
            total = _total(a, b)
            if total % 5 == 0:
                best.setdefault(total // 5, set()).add(frozenset((a, b)))
    assert max(best) == 4
    assert best[4] == {frozenset({(6, "6-6"), (4, "4-4")})}
    threes = {tuple(sorted(x[1] or str(x[0]) for x in pair)) for pair in best[3]}
    assert threes == {("5", "5-5"), ("3", "6-6")}


def _reply_scores(lead: str, k: int) -> bool:
    rules = CATALOGUE["muggins"]
    for reply in full_set(6):
        if reply == lead:
            continue
        for end_index in (0, 1):
            t = Table(top=6, each=5, hands=[[], [reply]], stock=[], centre=lead,
                      arms=[[], []], scores=[0, 0], games=[0, 0], out=[False, False],
                      starred=[False, False], paid=[0, 0])
            for way in engine.fits(rules, t, reply, engine.end_value(rules, t, end_index)):
                t2 = t.model_copy(deep=True)
                t2.arms[end_index].append(way)
                total = engine.end_total(t2)
                if total % k == 0:
                    return True
    return False


def test_7_4_muggins_leads_and_three_two() -> None:
    rules, opts = CATALOGUE["muggins"], GAME.options("muggins")
    for lead, points in [("6-4", 2), ("5-5", 2), ("5-0", 1), ("4-1", 1), ("3-2", 1),
                         ("6-6", 0)]:
        t = Table(top=6, each=5, hands=[[lead], []], stock=[], arms=[[], []], scores=[0, 0],
                  games=[0, 0], out=[False, False], starred=[False, False], paid=[0, 0])
        engine.lay(rules, opts, t, 0, lead)
        assert t.scores[0] == points, lead
    silent = [lead for lead in full_set(6) if not _reply_scores(lead, 5)]
    assert silent == ["3-2"]


def test_4_4_muggins_four_players_draw_once_a_turn() -> None:
    hands = [["6-6", "6-5", "6-4", "6-3", "6-2"], ["5-5", "5-4", "5-3", "5-2", "5-1"],
             ["4-4", "4-3", "4-2", "4-1", "4-0"], ["3-3", "3-2", "3-1", "3-0", "2-2"]]
    state = play(fixed("muggins", hands), "play:6-6")
    top = state.t.stock[-1]
    state = play(state, "draw")
    if "6" not in top.split("-"):
        assert [str(a) for a in state.legal_actions(1)] == ["pass"]


# -- 4.5 / 7.5 All Threes --------------------------------------------------------------------


def test_7_5_all_threes_table_and_maximum() -> None:
    totals = {_total(a, b) for a in _end_states(6) for b in _end_states(6)
              if not (a[1] and a[1] == b[1])}
    assert max(x for x in totals if x % 3 == 0) == 18
    rules, opts = CATALOGUE["all_threes"], GAME.options("all_threes")
    for lead, points in [("2-1", 1), ("4-2", 2), ("6-3", 3), ("6-6", 4), ("3-0", 1)]:
        t = Table(top=6, each=5, hands=[[lead], []], stock=[], arms=[[], []], scores=[0, 0],
                  games=[0, 0], out=[False, False], starred=[False, False], paid=[0, 0])
        engine.lay(rules, opts, t, 0, lead)
        assert t.scores[0] == points, lead
    assert engine.muggins_bonus(13, 3) == 4 and engine.muggins_bonus(14, 3) == 5


# -- 4.6 / 7.8 / 8 the Four Game ---------------------------------------------------------------


def test_7_8_four_game_run_out() -> None:
    run = ["4-2", "5-2", "5-0", "0-0", "6-6", "6-5", "5-5"]
    hands = [["3-3", "1-0", "1-1", "2-1", "3-1", "4-1", "5-1"],
             ["6-3", "6-0", "2-0", "3-0", "4-0", "2-2", "6-1"],
             ["4-3", "6-2", "6-4", "3-2", "4-4", "5-4", "5-3"], run]
    state = fixed("four", hands)

    def turn(move: str) -> None:
        nonlocal state
        seat = state.to_act[0]
        state = play(state, move)
        if state.to_act == [seat]:
            state = play(state, "stop")

    turn("play:3-3")
    turn("play:3-6>L")
    turn("play:3-4>R")
    assert engine.ends(CATALOGUE["four"], state.t) == {"L": 6, "R": 4}
    for move in ["4-2>R", "2-5>R", "5-0>R", "0-0>R", "6-6>L", "6-5>L", "5-5>L"]:
        assert state.to_act == [3]
        state = play(state, f"play:{move}")
    assert state.t.hand_no == 2
    assert "Seat 4 went out" in state.t.last[0]


# -- 4.7 / 7.19 Cyprus; 4.8 Sebastopol -----------------------------------------------------------


def test_7_19_cyprus_deal_table() -> None:
    assert CYPRUS_EACH == {4: 13, 5: 11, 6: 9, 7: 7, 8: 6, 9: 6, 10: 5}
    for n, each in CYPRUS_EACH.items():
        state = GAME.new(n, GAME.options("cyprus"), seed=n)
        assert all(len(h) == each for h in state.t.hands)


def test_4_7_cyprus_first_round_plays_on_the_centre() -> None:
    state = GAME.new(4, GAME.options("cyprus"), seed=3)
    state = play(state, str(state.legal_actions(state.to_act[0])[0]))
    for _ in range(3):
        seat = state.to_act[0]
        ends = {str(a).split(">")[1] for a in state.legal_actions(seat) if ">" in str(a)}
        assert ends <= {"C"}
        state = play(state, str(state.legal_actions(seat)[0]))


def test_4_8_sebastopol_strict_cross() -> None:
    hands = [["6-6", "0-0", "1-0", "1-1", "2-0", "2-1", "3-0"],
             ["6-5", "5-5", "3-1", "3-2", "4-0", "4-1", "4-2"],
             ["6-4", "4-4", "3-3", "4-3", "5-0", "5-1", "5-2"],
             ["6-3", "6-2", "6-1", "6-0", "2-2", "5-3", "5-4"]]
    state = play(fixed("sebastopol", hands), "play:6-6", "play:6-5>C")
    assert [str(a) for a in state.legal_actions(2)] == ["play:6-4>C"]
    with pytest.raises(IllegalAction, match="cross must be complete"):
        state.apply(2, "play:4-4>1")
    state = play(state, "play:6-4>C", "play:6-3>C", "pass")
    assert [str(a) for a in state.legal_actions(1)] == ["pass"]  # arms wait for the cross
    state = play(state, "pass", "pass", "play:6-2>C")
    assert "play:1-0>4" not in {str(a) for a in state.legal_actions(0)}
    assert {"play:2-0>4", "play:2-1>4"} <= {str(a) for a in state.legal_actions(0)}


# -- 4.9 Tiddle-a-wink -------------------------------------------------------------------------


def test_4_9_tiddle_a_wink_double_plays_again() -> None:
    hands = [["6-6", "6-4", "1-0"], ["5-5", "2-1", "3-0"], ["4-4", "3-2", "2-0"],
             ["3-3", "3-1", "2-2"]]
    state = fixed("tiddle_a_wink", hands)
    assert [str(a) for a in state.legal_actions(0)] == ["play:6-6"]
    state = play(state, "play:6-6")
    assert state.to_act == [0] and "stop" in {str(a) for a in state.legal_actions(0)}


# -- 4.10 / 7.7 / 8 Domino Pool ------------------------------------------------------------------


def test_7_7_pool_settlement() -> None:
    assert engine.pool_difference([50, 100, 80, 98], payer=1) == [50, -72, 20, 2]


def test_4_10_pool_lives_and_starring() -> None:
    rules, opts = CATALOGUE["pool"], GAME.options("pool")
    t = Table(top=6, each=5, hands=[[], [], [], []], stock=[], scores=[50, 104, 80, 98],
              games=[0] * 4, out=[False] * 4, starred=[False] * 4, paid=[5] * 4)
    engine.finish_check(rules, opts, t, NAMES)
    assert t.out == [False, True, False, False] and t.pending == [1]
    assert engine.star(t, 1) == "stars and rejoins at 98"
    assert t.paid[1] == 10 and not t.out[1]
    t2 = Table(top=6, each=5, hands=[[], [], []], stock=[], scores=[60, 100, 70],
               games=[0] * 3, out=[False, False, True], starred=[False] * 3, paid=[5] * 3)
    engine.finish_check(rules, opts, t2, NAMES)
    assert t2.over and t2.winners == [0]  # the last two may not star
    assert t2.final == [10.0, -5.0, -5.0]


def test_4_11_draw_pool_draws_one_then_goes() -> None:
    hands = [["6-6", "6-5", "6-4", "6-3", "6-2"], ["5-5", "5-4", "5-3", "5-2", "5-1"],
             ["4-4", "4-3", "4-2", "4-1", "4-0"], ["3-3", "3-2", "3-1", "3-0", "2-2"]]
    state = play(fixed("draw_pool", hands), "play:6-6")
    assert [str(a) for a in state.legal_actions(1)] == ["draw"]
    state = play(state, "draw")
    if not any(a.kind == "play" for a in state.legal_actions(1)):
        assert [str(a) for a in state.legal_actions(1)] == ["pass"]


# -- 4.12 Domino Whist ---------------------------------------------------------------------------


def test_4_12_whist_lower_side_scores_the_other_sides_pips() -> None:
    rules = CATALOGUE["whist"]
    hands = [["6-6"], [], ["1-0"], ["5-5"]]
    t = Table(top=6, each=6, hands=hands, stock=[], scores=[0] * 4, games=[0] * 4,
              out=[False] * 4, starred=[False] * 4, paid=[0] * 4)
    engine.settle_hand(rules, GAME.options("whist"), t, 1, NAMES)
    assert t.scores == [0, 13, 0, 13]  # literal: the domino side holds fewer pips anyway
    t.hands, t.scores = [["1-0"], ["6-6"], ["1-0"], []], [0] * 4
    engine.settle_hand(rules, GAME.options("whist"), t, 3, NAMES)
    assert t.scores == [12, 0, 12, 0]  # the side that went out can lose the hand
    t.scores = [0] * 4
    engine.settle_hand(rules, GAME.options("whist", domino_side_wins=True), t, 3, NAMES)
    assert t.scores == [0, 2, 0, 2]


# -- 4.18 / 7.9 / 8 Bergen -----------------------------------------------------------------------


def test_7_9_bergen_block_rule() -> None:
    assert engine.bergen_block_winner([["6-6", "0-0"], ["2-2", "1-1"]], [0, 1]) == 0
    assert engine.bergen_block_winner([["6-5"], ["1-1"]], [0, 1]) == 0
    assert engine.bergen_block_winner([["6-5"], ["2-1"]], [0, 1]) == 1
    assert engine.bergen_block_winner([["6-5"], ["6-5"]], [0, 1]) is None


def _bergen_table(centre: str, arms: list[list[str]], scores: list[int]) -> Table:
    return Table(top=6, each=6, hands=[["2-1", "1-1"], ["4-2", "1-1"]], stock=[],
                 centre=centre, arms=arms, scores=scores, games=[0, 0], out=[False, False],
                 starred=[False, False], paid=[0, 0])


def test_8_bergen_double_header() -> None:
    rules, opts = CATALOGUE["bergen"], GAME.options("bergen")
    t = _bergen_table("4-1", [[], []], [0, 0])  # X has posed 1-4
    engine.lay(rules, opts, t, 1, "4-2>L")
    assert t.scores == [0, 0]
    engine.lay(rules, opts, t, 0, "1-2>R")  # both ends show deuces
    assert t.scores == [20, 0]
    assert all(len(h) == 6 for h in GAME.new(2, GAME.options("bergen"), 4).t.hands)


def test_8_bergen_double_lead_is_a_double_header() -> None:
    hands = [["6-6", "5-5", "6-5", "6-4", "6-3", "6-2"], ["2-2", "0-0", "5-4", "5-3", "4-3",
                                                           "2-0"]]
    state = play(fixed("bergen", hands, leader=1), "play:0-0")
    assert state.t.scores == [0, 20]


@pytest.mark.parametrize(("start", "gain"), [(0, 30), (70, 20), (80, 10), (90, 0)])
def test_8_bergen_triple_header_and_the_caps(start: int, gain: int) -> None:
    rules, opts = CATALOGUE["bergen"], GAME.options("bergen")
    t = _bergen_table("4-1", [["4-1"], []], [start, 0])  # both ends show aces
    engine.lay(rules, opts, t, 0, "1-1>L")
    assert t.scores == [start + gain, 0]


def test_4_18_bergen_first_lead_is_the_lowest_double() -> None:
    hands = [["6-6", "5-5", "6-5", "6-4", "6-3", "6-2"], ["2-2", "1-1", "5-4", "5-3", "4-3",
                                                           "2-0"]]
    state = fixed("bergen", hands, leader=1)
    assert [str(a) for a in state.legal_actions(1)] == ["play:1-1"]
    state = GAME.new(2, GAME.options("bergen"), seed=11)
    lows = [min((pips(x) for x in h if is_double(x)), default=99) for h in state.t.hands]
    if min(lows) < 99:
        assert state.to_act == [lows.index(min(lows))]


def test_4_18_bergen_four_players_do_not_draw() -> None:
    state = GAME.new(4, GAME.options("bergen"), seed=2)
    assert engine.stock_policy(state.rules, state.options, 4) == "none"
    assert len(state.t.stock) == 4


# -- options and players -------------------------------------------------------------------


def test_players_and_flags_are_checked_per_game() -> None:
    from bot.games.base import InvalidOptions

    with pytest.raises(InvalidOptions, match="played by 2 players"):
        GAME.check_players(3, GAME.options("block"))
    with pytest.raises(InvalidOptions, match="no `sevens` option"):
        GAME.options("block", sevens=True)
    with pytest.raises(InvalidOptions, match="at most 6"):
        GAME.check_players(4, GAME.options("muggins", hand_size=7))
    titles = {v.id: v for v in GAME.variants()}
    assert "All Fives" in titles["muggins"].aliases
    assert GAME.find_variants("All Fives")[0].id == "muggins"


def test_4_8_sebastopol_open_cross_still_has_a_first_round() -> None:
    hands = [["6-6", "0-0", "1-0", "1-1", "2-0", "2-1", "3-0"],
             ["6-5", "5-5", "3-1", "3-2", "4-0", "4-1", "4-2"],
             ["6-4", "4-4", "3-3", "4-3", "5-0", "5-1", "5-2"],
             ["6-3", "6-2", "6-1", "6-0", "2-2", "5-3", "5-4"]]
    state = play(fixed("sebastopol", hands, open_cross=True), "play:6-6", "play:6-5>C")
    assert [str(a) for a in state.legal_actions(2)] == ["play:6-4>C"]
    state = play(state, "play:6-4>C", "play:6-3>C")
    assert "play:1-0>4" not in {str(a) for a in state.legal_actions(0)}
    state = play(state, "play:3-0>3")
    assert {"play:5-5>1", "play:4-0>2"} <= {str(a) for a in state.legal_actions(1)}
