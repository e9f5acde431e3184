"""Round reports (a finished hand as data, `HandReport`, told by `report_text`): who went out or
how the block was decided, the pips, how the award was counted (spec 3.6, 4.1, 4.4, 4.10,
4.12, 4.16, 4.18; facts 7.1, 7.2, 7.9)."""

from __future__ import annotations

import random

import pytest

from bot.games.dominoes import GAME, engine
from bot.games.dominoes.catalogue import CATALOGUE
from bot.games.dominoes.engine import Table
from bot.games.dominoes.report import HandReport, report_text
from bot.games.dominoes.tiles import hand_pips
from tests.games.dominoes.test_loo import NO_SIX_A, NO_SIX_B, TRUMPS, pool_table
from tests.games.dominoes.test_spec_facts import fixed, play

NAMES = ["X", "Y", "Z", "W"]


def _table(hands: list[list[str]], scores: list[int] | None = None) -> Table:
    n = len(hands)
    return Table(top=6, each=7, hands=hands, stock=[], scores=scores or [0] * n,
                 games=[0] * n, out=[False] * n, starred=[False] * n, paid=[0] * n)


def _settle(variant: str, hands: list[list[str]], domino: int | None = None,
            **flags: object) -> tuple[Table, HandReport]:
    t = _table(hands)
    report = HandReport(hand=1, how="block" if domino is None else "domino", domino=domino)
    engine.settle_hand(CATALOGUE[variant], GAME.options(variant, **flags), t, domino, NAMES,
                       report)
    return t, report


def test_7_1_draw_block_equal_pips_fewer_tiles_both_hands() -> None:
    t, r = _settle("draw", [["6-6", "5-4", "3-2", "0-0"], ["6-4", "5-3", "2-1", "3-0", "1-1"]])
    assert r.winners == [0] and r.reason == "equal pips, 26 each, and fewer tiles, 4"
    assert r.counted == "both hands: 26 + 26 = 52" and t.scores == [52, 0]
    _, diff = _settle("draw", [["6-6", "5-1", "1-0"], ["6-4", "5-3", "2-1", "3-0", "1-1"]],
                      block_scoring="difference")
    assert diff.reason == "the lightest hand, 19 pips"
    assert diff.counted == "the difference: 26 - 19 = 7"


def test_7_2_muggins_bonus_counted() -> None:
    t, r = _settle("muggins", [[], ["6-6", "6-5", "3-1"]], domino=0)  # 27 pips
    assert r.counted == "the opponent's 27 pips, nearest 5s 25, over 5: 5" and t.scores == [5, 0]


def test_7_9_bergen_block_lowest_double() -> None:
    t, r = _settle("bergen", [["6-6", "0-0"], ["2-2", "1-1"]])
    assert r.winners == [0] and r.reason == "the lowest double, 0-0"
    assert r.counted == "10 for the block" and t.scores == [10, 0]


def test_4_12_whist_the_lighter_side_scores_the_other_sides_pips() -> None:
    hands = [["1-0"], ["6-6"], ["2-0"], ["5-5", "4-4"]]
    t, r = _settle("whist", hands)
    assert r.winners == [0, 2] and r.reason == "the lighter side, 3 pips to 30"
    assert r.counted == "the other side's pips: 12 + 18 = 30" and t.scores == [30, 0, 30, 0]


def test_4_10_pool_charges_everyone_their_pips() -> None:
    t, r = _settle("pool", [[], ["6-6"], ["2-0"], ["5-4"]], domino=0)
    assert r.penalty and t.scores == [0, 12, 2, 9]
    r.points = [0, 12, 2, 9]
    assert "Charged: Y 12, Z 2, W 9." in report_text(r, NAMES)


def test_3_6_a_played_hand_reports_in_the_event_and_the_view() -> None:
    """Muggins' fact-3 deal played out: the hand's report rides on its event and in the view;
    its pips are the tiles left, its points the scores' change."""
    hands = [["5-5", "5-4", "2-1", "1-0", "2-0"], ["6-5", "3-3", "3-1", "2-2", "3-0"]]
    state = play(fixed("muggins", hands, no_draw=True), "play:5-5", "play:5-6>L")
    state, events = state.apply(0, "play:5-4>R")  # ends 6 and 4: neither can play, a block
    assert state.t.hand_no == 2
    event = next(e for e in events if e.kind == "hand")
    report = HandReport.model_validate(event.data["report"])
    assert state.view(None).report == report
    assert report.during == [4, 0]  # fact 3: X scored 2 and 2 in play
    assert report.how == "block" and report.winners == [0] and report.pips == [6, 17]
    assert report.counted == "the opponent's 17 pips, nearest 5s 15, over 5: 3"
    assert [hand_pips(x) for x in report.tiles] == report.pips
    assert [report.scores[s] - report.points[s] - report.during[s] for s in range(2)] == [0, 0]
    text = report_text(report, ["Ann", "Bob"])
    assert text[0].startswith("Hand 1: ") and any(x.startswith("Pips left: ") for x in text)
    assert any(x.startswith("Scored in play: Ann +") for x in text)


def test_4_16_loo_reports_the_pool_taken_and_the_tricks() -> None:
    state = pool_table([TRUMPS, NO_SIX_A, NO_SIX_B])
    state = play(state, "pass", "pass")
    r = state.view(None).report
    assert r is not None and r.how == "taken" and r.winners == [2] and r.points == [0, 0, 20]
    assert report_text(r, NAMES)[0] == "Hand 1: everyone passed; Z (the dealer) takes the pool."
    state = pool_table([TRUMPS, NO_SIX_A, NO_SIX_B])
    state = play(state, "stand", "stand", "stand")
    while state.t.hand_no == 1:
        state, _ = state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    r = state.view(None).report
    assert r is not None and r.tricks == [5, 0, 0] and r.points == [20, 0, 0]
    assert report_text(r, NAMES)[0] == "Hand 1: tricks X 5, Y 0, Z 0."


@pytest.mark.parametrize("variant", list(CATALOGUE))
def test_every_hand_end_carries_a_report(variant: str) -> None:
    options = GAME.options(variant)
    players = GAME.default_players_for(options)
    for seed in range(3):
        state = GAME.new(players, options, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            seat = state.to_act[0]
            state, events = state.apply(seat, rng.choice(state.legal_actions(seat)))
            for e in events:
                if e.kind != "hand":
                    continue
                report = HandReport.model_validate(e.data["report"])
                assert report.lines and report_text(report, NAMES)
                if report.how in ("domino", "block"):
                    assert [hand_pips(x) for x in report.tiles] == report.pips
