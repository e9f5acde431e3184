"""Rating groups and finish rows, as pure functions (no database)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.games.base import Outcome
from bot.service.models import SeatInfo, TableInfo, TableStatus
from bot.service.ratings import (
    DEFAULT_MU,
    build_finish,
    display_rating,
    final_ranks,
    rating_groups,
)
from bot.store import GLOBAL_SCOPE, RatingRow

NOW = datetime.now(UTC)


def _table(seats: list[SeatInfo], guild: int | None = 5) -> TableInfo:
    return TableInfo(
        id=1, guild_id=guild, channel_id=2, game_key="skat", preset="classic", options={},
        players=len(seats), status=TableStatus.FINISHED, host_id=10, seats=seats, version=9,
        seed=1, created_at=NOW, updated_at=NOW,
    )


def test_resigned_seats_leave_their_team_and_rank_last() -> None:
    seats = [SeatInfo(index=i, user_id=10 + i, name=f"P{i}") for i in range(4)]
    seats[2] = seats[2].model_copy(update={"resigned": True, "ai_level": "normal"})
    outcome = Outcome(points=[1, 0, 1, 0], ranks=[1, 2, 1, 2], winners=[0, 2])
    ranks = final_ranks(outcome, seats)
    assert ranks == [1, 2, 3, 2]
    groups, group_ranks = rating_groups(4, [[0, 2], [1, 3]], seats, ranks)
    assert groups == [[0], [1, 3], [2]] and group_ranks == [1, 2, 3]


def test_outcome_teams_win_over_fixed_ones_and_ai_is_not_rated() -> None:
    # Skat-like: declarer (seat 0, human) against two defenders (seat 1 human, seat 2 AI).
    seats = [SeatInfo(index=0, user_id=10, name="Ann"), SeatInfo(index=1, user_id=11, name="Bob"),
             SeatInfo(index=2, name="AI", ai_level="normal")]
    outcome = Outcome(points=[61, -61, -61], ranks=[1, 2, 2], winners=[0], teams=[[0], [1, 2]])
    current = {GLOBAL_SCOPE: {11: RatingRow("skat", 0, 11, "Bob", 30.0, 4.0)}}
    finish = build_finish(_table(seats), outcome, None, current, NOW)
    assert [(r.user_id, r.won, r.rank) for r in finish.results] == [
        (10, True, 1), (11, False, 2), (None, False, 2)
    ]
    rated = {(r.scope, r.user_id): r for r in finish.ratings}
    assert set(rated) == {(0, 10), (0, 11), (5, 10), (5, 11)}  # global + server; no AI
    assert rated[(0, 10)].mu > DEFAULT_MU and rated[(0, 11)].mu < 30.0
    assert rated[(5, 11)].mu < DEFAULT_MU  # the server ladder starts Bob from scratch
    assert ("skat", 5, 10, "wins", 1.0) in finish.tallies
    assert ("skat", 0, 11, "points", -61.0) in finish.tallies


def test_dm_tables_rate_globally_only_and_solo_games_keep_the_rating() -> None:
    seats = [SeatInfo(index=0, user_id=10, name="Ann")]
    outcome = Outcome(points=[1], ranks=[1], winners=[0])
    finish = build_finish(_table(seats, guild=None), outcome, None, {}, NOW)
    assert [(r.scope, r.mu) for r in finish.ratings] == [(GLOBAL_SCOPE, DEFAULT_MU)]
    assert display_rating(DEFAULT_MU, DEFAULT_MU / 3) == 1000.0
