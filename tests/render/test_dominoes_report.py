"""Dominoes' round reports: one per finished hand, numbered through the match, told with the
players' names; a hand whose report a restart lost is told by its number."""

from __future__ import annotations

import random

import pytest

from bot.games import registry
from bot.games.dominoes.report import HandReport
from bot.render.dominoes_report import REPORT, ends_hand, hand_text, hands
from bot.render.reports import Round, report_for

NAMES = ["Ann", "Bob", "Cy", "Di"]


@pytest.mark.parametrize("variant,players", [("draw", 2), ("muggins", 3), ("pool", 4),
                                             ("whist", 4), ("loo", 3), ("poker", 3),
                                             ("bergen", 2)])
def test_every_hand_is_one_report_in_order(variant: str, players: int) -> None:
    game = registry.get("dominoes")
    state = game.new(players, game.options(variant), 7)
    rng = random.Random(7)
    told: list[int] = []
    for _ in range(5000):
        if state.is_over:
            break
        seat = state.to_act[0]
        state, events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        if ends_hand(events):
            rounds = hands(state)
            assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
            assert len(rounds) == len(told) + 1, "one hand, one report"
            newest = rounds[-1]
            assert isinstance(newest.record, HandReport) and newest.record.number == newest.number
            assert all(r.record is None for r in rounds[:-1])  # only the newest is kept
            text = hand_text(state.options, newest, None, NAMES[:players])
            assert text.startswith(("**Hand ", "**Game ")) and "Seat 1" not in text
            told.append(newest.number)
    assert state.is_over and told, "the match ended with its hands reported"


def test_a_hand_the_state_no_longer_holds_is_told_by_its_number() -> None:
    game = registry.get("dominoes")
    state = game.new(2, game.options("draw"), 1)
    text = hand_text(state.options, Round(3, None), None, NAMES[:2])
    assert text.startswith("**Hand 3** of the match ended")
    assert report_for("dominoes") is REPORT
