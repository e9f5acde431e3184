"""Every worked example and fact of the spec's dice sections (5-9), each test naming its
section. Throws are fixed through ``new(..., deal=...)``, as a test may; players cannot."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction, InvalidOptions
from bot.games.dice import GAME, scoring
from tests.games.dice.helpers import new, play, thrown

# -- §5 common rules -------------------------------------------------------------------------


def test_s5_the_highest_throw_wins_six_high_ace_low() -> None:
    state, _ = play(new("throwing_dice", throws=[[6, 6, 6]] * 3 + [[1, 1, 1]] * 3), "roll",
                    "roll")
    assert state.outcome().winners == [0]  # type: ignore[union-attr]
    assert state.outcome().ranks == [1, 2]  # type: ignore[union-attr]


def test_s5_ties_throw_again_among_the_tied_only() -> None:
    tie = [[1, 4, 6], [5, 2, 3], [5, 5, 4]]
    state = new("throwing_dice", players=3, throws=[*tie, *tie, [1, 1, 1]] + [[1, 1, 1]] * 2
                + [[2, 2, 2]] * 3 + [[3, 3, 3]] * 3)
    state, events = play(state, "roll", "roll", "roll")
    assert state.table.totals == [35, 35, 9]
    assert not state.is_over and state.table.order == [0, 1] and state.to_act == [0]
    assert any(e.kind == "tie" for e in events)
    state, _ = play(state, "roll", "roll")
    assert state.outcome().winners == [1]  # type: ignore[union-attr]
    assert state.outcome().ranks == [2, 1, 3]  # type: ignore[union-attr]


def test_s5_three_dice_usual_vingt_un_one_poker_five() -> None:
    sizes = {r.id: r.dice for r in __import__("bot.games.dice.catalogue",
                                                 fromlist=["ROWS"]).ROWS}
    assert sizes["vingt_un"] == 1 and sizes["draw_poker"] == 5 and sizes["ace_in_the_pot"] == 2
    assert {sizes[k] for k in sizes if k not in ("vingt_un", "draw_poker", "ace_in_the_pot")} \
        == {3}


# -- §6.1 Throwing Dice ----------------------------------------------------------------------


def test_s6_1_s8_throwing_dice_11_10_14_make_35() -> None:
    state, events = play(new("throwing_dice", throws=[[1, 4, 6], [5, 2, 3], [5, 5, 4]]),
                         "roll")
    assert thrown(events) == [[1, 4, 6], [5, 2, 3], [5, 5, 4]]
    assert state.table.totals[0] == 35 and state.table.results[0] == "35"
    assert state.to_act == [1]  # one click throws the three throws


# -- §6.2 Raffles ----------------------------------------------------------------------------


def test_s6_2_a_pair_of_fours_counts_eight_and_the_player_throws_until_a_pair() -> None:
    state, events = play(new("raffles", throws=[[1, 2, 3], [6, 5, 2], [4, 4, 2]]), "roll")
    assert thrown(events) == [[1, 2, 3], [6, 5, 2], [4, 4, 2]]
    assert state.table.totals[0] == 8
    assert scoring.raffle_score([4, 4, 2]) == 8


def test_s6_2_three_aces_beat_two_sixes_and_a_five() -> None:
    assert scoring.raffle_key([1, 1, 1]) > scoring.raffle_key([6, 6, 5])  # type: ignore[operator]
    assert scoring.raffle_key([2, 2, 2]) > scoring.raffle_key([1, 1, 1])  # type: ignore[operator]
    state, _ = play(new("raffles", throws=[[6, 6, 5], [1, 1, 1]]), "roll", "roll")
    assert state.outcome().winners == [1]  # type: ignore[union-attr]


def test_s6_2_variant_whole_throw_three_fives_15_lose_to_two_fives_and_a_six() -> None:
    assert scoring.raffle_key([5, 5, 5], True) == [15]
    assert scoring.raffle_key([5, 5, 6], True) == [16]
    state, _ = play(new("raffles", whole_throw=True, throws=[[5, 5, 5], [5, 6, 5]]), "roll",
                    "roll")
    assert state.table.totals == [15, 16]
    assert state.outcome().winners == [1]  # type: ignore[union-attr]


def test_s6_2_no_pair_is_no_result() -> None:
    assert scoring.raffle_key([1, 2, 3]) is None


# -- §6.3 Round the Spot ---------------------------------------------------------------------


def test_s6_3_only_three_and_five_count_two_and_four() -> None:
    assert [scoring.spot_value(f) for f in range(1, 7)] == [0, 0, 2, 0, 4, 0]
    state, _ = play(new("round_the_spot", throws=[[3, 5, 1], [2, 4, 6], [5, 5, 3]]), "roll")
    assert state.table.totals[0] == 16


def test_s6_3_a_whole_turn_can_score_nothing() -> None:
    state, _ = play(new("round_the_spot", throws=[[1, 2, 4], [6, 6, 2], [4, 1, 1]]), "roll")
    assert state.table.totals[0] == 0


def test_s6_3_an_agreed_target_makes_a_race_of_rounds() -> None:
    state = new("round_the_spot", target=20, throws=[[5, 1, 1]] * 3 + [[1, 1, 1]] * 3
                + [[5, 1, 1]] * 3 + [[1, 1, 1]] * 3)
    state, _ = play(state, "roll", "roll")
    assert state.table.totals == [12, 0] and not state.is_over and state.table.round == 2
    state, _ = play(state, "roll", "roll")
    assert state.table.totals == [24, 0]
    assert state.outcome().winners == [0]  # type: ignore[union-attr]


# -- §6.4 Centennial ---------------------------------------------------------------------------


def test_s6_4_the_spec_names_the_game_centennial() -> None:
    assert GAME.find_variants("Centennial")[0].id == "centennial"
    assert GAME.find_variants("1 up to 12 and back")[0].id == "centennial"


def test_s6_4_s7_11_s8_the_books_sequence_example() -> None:
    # X misses the ace; Y throws 1, 2, 4 (1..7), then misses 8; X throws 1, 3, 5 (1), then
    # cannot make 2.
    state = new("centennial", throws=[[2, 3, 4], [1, 2, 4], [1, 1, 5], [1, 3, 5], [6, 6, 6]])
    state, events = play(state, "roll")
    assert state.table.lines == [0, 0] and state.to_act == [1]
    state, events = play(state, "roll")
    marks = [e.data["marked"] for e in events if e.kind == "mark"]
    assert marks == [[1, 2, 3, 4, 5, 6, 7]] and state.table.lines == [0, 7]
    assert state.to_act == [0]
    state, events = play(state, "roll")
    assert state.table.lines == [1, 7]
    assert [e.data["marked"] for e in events if e.kind == "mark"] == [[1]]
    assert len(thrown(events)) == 2  # he threw again after marking, and missed


def test_s6_4_one_throw_may_mark_twelve_twice_and_turn_back() -> None:
    assert scoring.mark(11, [6, 6, 5]) == 14  # 12, 12 again, 11 (6+5); not 10
    assert [scoring.needed(s) for s in (0, 11, 12, 23)] == [1, 12, 12, 1]


def test_s6_4_the_first_side_to_wipe_out_its_line_wins_and_partners_share_a_line() -> None:
    state = new("centennial", players=4, throws=[[1, 2, 4]])
    state = state.model_copy(update={"table": state.table.model_copy(update={"lines": [23, 5]})})
    state, _ = play(state, "roll")
    assert state.is_over and state.outcome().winners == [0, 2]  # type: ignore[union-attr]
    assert state.outcome().teams == [[0, 2], [1, 3]]  # type: ignore[union-attr]
    assert GAME.teams(4, GAME.options("centennial")) == [[0, 2], [1, 3]]
    with pytest.raises(InvalidOptions):
        GAME.new(3, GAME.options("centennial"), 1)


# -- §6.5 Multiplication, §6.6 Going to Boston -----------------------------------------------


@pytest.mark.parametrize(("variant", "score"), [("multiplication", 33),
                                                 ("going_to_boston", 14)])
def test_s6_5_s6_6_s7_10_six_and_five_set_aside_then_three(variant: str, score: int) -> None:
    state, events = play(new(variant, throws=[[2, 6, 1], [5, 4], [3]]), "roll")
    assert thrown(events) == [[2, 6, 1], [5, 4], [3]]
    assert state.table.totals[0] == score
    assert state.table.dice == [2, 6, 3] or sorted(state.table.dice) == [3, 5, 6]
    assert state.table.held.count(True) == 2  # the two set aside stay marked


# -- §6.7 Draw Poker ---------------------------------------------------------------------------


def test_s6_7_s7_13_keep_the_fives_and_throw_two_two_five_a_full_hand_of_fives() -> None:
    state, _ = play(new("draw_poker", throws=[[5, 3, 6, 2, 5], [2, 2, 5]]), "roll")
    assert state.table.dice == [5, 3, 6, 2, 5] and state.to_act == [0]
    state, events = play(state, "hold:1,5")
    assert thrown(events) == [[2, 2, 5]]
    assert sorted(state.table.dice) == [2, 2, 5, 5, 5]
    assert state.table.held == [True, False, False, False, True]
    assert state.table.results[0] == "a full hand of fives"
    assert state.to_act == [1]


def test_s6_7_ranks_lowest_first_and_five_sixes_invincible() -> None:
    hands = [[1, 2, 3, 5, 6], [2, 2, 1, 3, 4], [3, 3, 2, 2, 1], [4, 4, 4, 1, 2],
             [5, 5, 5, 2, 2], [6, 6, 6, 6, 1], [1, 1, 1, 1, 1], [5, 5, 5, 5, 5], [6, 6, 6, 6, 6]]
    keys = [scoring.poker_key(h) for h in hands]
    assert keys == sorted(keys)
    assert [k[0] for k in keys[:7]] == [0, 1, 2, 3, 4, 5, 6]
    assert scoring.poker_name([6] * 5) == "five sixes, the invincible hand"


def test_s6_7_no_straights_and_ties_compare_groups_then_odd_dice() -> None:
    assert scoring.poker_key([1, 2, 3, 4, 5])[0] == 0
    assert scoring.poker_key([2, 3, 4, 5, 6]) < scoring.poker_key([1, 1, 2, 3, 4])
    assert scoring.poker_key([3, 3, 3, 1, 1]) > scoring.poker_key([2, 2, 2, 6, 6])
    assert scoring.poker_key([6, 6, 2, 2, 1]) > scoring.poker_key([6, 6, 1, 1, 5])
    assert scoring.poker_key([4, 4, 6, 3, 2]) > scoring.poker_key([4, 4, 5, 3, 2])


def test_s6_7_standing_keeps_all_five_and_only_one_second_throw() -> None:
    state, _ = play(new("draw_poker", throws=[[6, 6, 6, 2, 2]]), "roll", "stand")
    assert state.table.results[0] == "a full hand of sixes" and state.to_act == [1]
    assert [str(a) for a in state.legal_actions(1)] == ["roll"]


# -- §6.8 Vingt-un -----------------------------------------------------------------------------


def test_s6_8_s7_12_six_four_ace_five_is_16_a_five_makes_21() -> None:
    state, _ = play(new("vingt_un", throws=[[6], [4], [1], [5], [5]]), *["roll"] * 5)
    assert state.table.totals[0] == 21 and state.table.results[0] == "21"
    assert state.to_act == [1]  # 21 stands by itself


def test_s6_8_s9_a_six_instead_makes_22_and_bursts_21_does_not() -> None:
    state, events = play(new("vingt_un", throws=[[6], [4], [1], [5], [6]]), *["roll"] * 5)
    assert any(e.kind == "burst" for e in events)
    assert state.table.results[0] == "burst (22)" and state.table.stage_keys[0] == [-1]
    assert scoring.vingt_un_key(21) > scoring.vingt_un_key(20) > scoring.vingt_un_key(22)


def test_s6_8_nearest_under_21_wins_and_forfeit_makes_the_farthest_lose() -> None:
    throws = [[6], [6], [6], [6], [5], [5], [4], [6], [6], [6], [6]]
    moves = ["roll"] * 3 + ["stand"] + ["roll"] * 4 + ["stand"] + ["roll"] * 4
    state, _ = play(new("vingt_un", players=3, throws=throws), *moves)
    assert state.table.results == ["18", "20", "burst (24)"]
    assert state.outcome().winners == [1]  # type: ignore[union-attr]
    forfeit, _ = play(new("vingt_un", players=3, throws=throws, forfeit=True), *moves)
    assert forfeit.outcome().winners == [0, 1]  # type: ignore[union-attr]
    assert forfeit.table.losers == [2]


# -- §6.9 Ace in the Pot -----------------------------------------------------------------------


def test_s6_9_aces_to_the_pot_sixes_to_the_left_and_three_counters_each() -> None:
    state = new("ace_in_the_pot", players=3, throws=[[1, 6], [3, 4]])
    assert state.table.counters == [3, 3, 3]
    state, _ = play(state, "roll")
    assert state.table.counters == [1, 4, 3] and state.table.pot == 1
    state, _ = play(state, "roll")
    assert state.table.counters == [1, 4, 3] and state.to_act == [2]


def test_s6_9_the_pot_comes_first_one_counter_and_six_ace_goes_to_the_pot() -> None:
    state, _ = play(new("ace_in_the_pot", players=3, counters=1, throws=[[6, 1]]), "roll")
    assert state.table.counters == [0, 1, 1] and state.table.pot == 1
    assert state.to_act == [1]


def test_s6_9_a_player_without_counters_is_passed_over() -> None:
    state, _ = play(new("ace_in_the_pot", players=3, counters=2, throws=[[1, 1], [2, 3]]),
                    "roll", "roll")
    assert state.table.counters == [0, 2, 2] and state.to_act == [2]


def test_s6_9_closed_pot_three_throws_a_six_passes_it_on_the_last_holder_wins() -> None:
    state = new("ace_in_the_pot", players=3, counters=1,
                throws=[[1, 2], [1, 3], [2, 3], [6, 2], [2, 3], [4, 4], [5, 5]])
    state, events = play(state, "roll", "roll")
    assert state.table.counters == [0, 0, 1] and state.table.phase == "closed"
    assert any(e.kind == "closed" for e in events) and state.to_act == [2]
    state, events = play(state, "roll")
    assert len(thrown(events)) == 2 and state.table.counters == [1, 0, 0]
    assert state.to_act == [0]  # his left-hand neighbour
    state, events = play(state, "roll")
    assert len(thrown(events)) == 3
    assert state.outcome().winners == [0]  # type: ignore[union-attr]
    loses, _ = play(new("ace_in_the_pot", players=3, counters=1, last_holder="loses",
                        throws=[[1, 2], [1, 3], [2, 3], [6, 2], [2, 3], [4, 4], [5, 5]]),
                    "roll", "roll", "roll", "roll")
    assert loses.outcome().winners == [1, 2] and loses.table.losers == [0]  # type: ignore


# -- §6.10 Help Your Neighbor ------------------------------------------------------------------


def test_s6_10_s7_14_s8_the_books_six_throws() -> None:
    throws = [[2, 4, 6], [2, 3, 5], [4, 4, 4], [1, 3, 3], [5, 5, 5], [1, 1, 1]]
    state, _ = play(new("help_your_neighbor", players=6, throws=throws), *["roll"] * 6)
    assert state.table.totals == [1, 2, 3, 4, 10, 6]
    assert scoring.neighbour_points(2, [4, 4, 4]) == {3: 4}  # a raffle counts four, not 12
    assert scoring.neighbour_points(0, [1, 3, 6]) == {5: 6, 0: 1}
    assert scoring.neighbour_points(0, [1, 1, 6]) == {5: 6, 0: 1}


def test_s6_10_exactly_six_play_and_the_pool_goes_to_the_first_there() -> None:
    with pytest.raises(InvalidOptions):
        GAME.new(5, GAME.options("help_your_neighbor"), 1)
    state, _ = play(new("help_your_neighbor", players=6, target=6, throws=[[2, 4, 6]]), "roll")
    assert state.outcome().winners == [5]  # type: ignore[union-attr]


def test_s6_10_for_refreshments_the_last_there_loses() -> None:
    state = new("help_your_neighbor", players=6, target=6, play_for="refreshments",
                throws=[[6, 6, 6], [5, 5, 5], [4, 4, 4], [3, 3, 3], [2, 2, 2], [6, 6, 6],
                        [5, 5, 5], [4, 4, 4], [3, 3, 3], [2, 2, 2], [2, 2, 2]])
    state, _ = play(state, *["roll"] * 10)
    assert not state.is_over and state.table.totals == [0, 4, 6, 8, 10, 12]
    state, _ = play(state, "roll")
    assert state.is_over and state.table.losers == [0]
    assert state.outcome().winners == [1, 2, 3, 4, 5]  # type: ignore[union-attr]


# -- §9 errata and the catalogue ---------------------------------------------------------------


def test_s9_ten_games_in_book_order_with_their_sections() -> None:
    rows = GAME.variants()
    assert [v.id for v in rows] == [
        "throwing_dice", "raffles", "round_the_spot", "centennial", "multiplication",
        "going_to_boston", "draw_poker", "vingt_un", "ace_in_the_pot", "help_your_neighbor"]
    for variant in rows:
        text = GAME.rules_text(GAME.options(variant.id))
        assert variant.title in text and "1895" in text


def test_s9_options_belong_to_their_game() -> None:
    with pytest.raises(InvalidOptions, match="no `forfeit`"):
        GAME.options("draw_poker", forfeit=True)
    with pytest.raises(InvalidOptions):
        GAME.options("help_your_neighbor", target=0)
    assert GAME.options("vingt_un", forfeit=True).forfeit


def test_s5_no_move_names_a_face() -> None:
    state = new("vingt_un")
    for move in ("roll:6", "roll:21", "hold:1", "stand"):
        with pytest.raises(IllegalAction):
            state.apply(0, move)
