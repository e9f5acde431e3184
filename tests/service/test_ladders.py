"""Seasons (calendar quarters, UTC), the season tallies a finish adds, and the service's paged
ladders: Skat by list points per season, Euchre's hands won and euchres in ladders and stats."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from bot.games.base import Outcome
from bot.service.models import SeatInfo, TableInfo, TableStatus
from bot.service.ratings import build_finish, season_of
from tests.ladders import by_list_points, fill_ladder
from tests.service.conftest import Harness

ANN, BOB = 101, 102
WHEN = datetime(2026, 11, 20, 12, tzinfo=UTC)


def test_a_season_is_a_calendar_quarter_in_utc() -> None:
    assert season_of(datetime(2026, 1, 1, tzinfo=UTC)) == "2026Q1"
    assert season_of(datetime(2026, 3, 31, 23, 59, tzinfo=UTC)) == "2026Q1"
    assert season_of(datetime(2026, 4, 1, tzinfo=UTC)) == "2026Q2"
    assert season_of(datetime(2026, 9, 30, 23, tzinfo=UTC)) == "2026Q3"
    assert season_of(datetime(2026, 12, 31, 23, 59, tzinfo=UTC)) == "2026Q4"
    # 1 April 01:00 in UTC+2 is still 31 March in UTC.
    assert season_of(datetime(2026, 4, 1, 1, tzinfo=timezone(timedelta(hours=2)))) == "2026Q1"


def test_a_finish_adds_games_wins_and_the_game_s_counters_to_its_season() -> None:
    seats = [SeatInfo(index=0, user_id=ANN, name="Ann"), SeatInfo(index=1, user_id=BOB, name="Bob"),
             SeatInfo(index=2, name="AI", ai_level="normal")]
    table = TableInfo(id=1, guild_id=5, channel_id=2, game_key="skat", preset="classic",
                      options={}, players=3, status=TableStatus.FINISHED, host_id=ANN,
                      seats=seats, version=9, seed=1, created_at=WHEN, updated_at=WHEN)
    outcome = Outcome(points=[61, -61, -61], ranks=[1, 2, 2], winners=[0], teams=[[0], [1, 2]],
                      tallies={"list_points": [120.0, -40.0, -40.0]})
    finish = build_finish(table, outcome, None, {}, WHEN)
    got = {(s, season, u, k): v for _, s, season, u, k, v in finish.season_tallies}
    assert got == {
        (scope, "2026Q4", user, key): value
        for scope in (0, 5)
        for user, values in ((ANN, (1.0, 1.0, 120.0)), (BOB, (1.0, 0.0, -40.0)))
        for key, value in zip(("games", "wins", "list_points"), values, strict=True)
    }  # no points, resigns or AI seats; the all-time tallies keep those
    assert ("skat", 5, ANN, "points", 61.0) in finish.tallies


async def test_the_service_pages_a_ladder_with_its_size(harness: Harness) -> None:
    svc, _ = await harness.open()
    expected = [u for u, _ in await fill_ladder(svc.store, "skat", 9, 25)]
    assert await svc.ladder_size("skat", 9) == await svc.ladder_size("skat", None) == 25
    pages = [await svc.leaderboard("skat", 9, 10, offset=o) for o in (0, 10, 20)]
    assert [len(p) for p in pages] == [10, 10, 5]
    assert [r.user_id for p in pages for r in p] == expected
    by_list = await svc.leaderboard("skat", None, 25, by="list_points")
    assert [r.user_id for r in by_list] == by_list_points(25)
    season = await svc.leaderboard("skat", 9, 25, season="2026Q4", by="list_points")
    assert [r.user_id for r in season] == by_list_points(25)
    assert await svc.ladder_size("skat", 9, season="2026Q1", by="list_points") == 0


async def test_euchre_hands_and_euchres_reach_the_ladder_the_season_and_stats(
        harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await svc.create(game_key="euchre", channel_id=5, guild_id=9, host_id=ANN,
                            host_name="Ann", preset="modern", options={"target": 3}, players=4,
                            seed=4)
    for _ in range(3):
        await svc.add_ai(info.id, ANN)
    await svc.start_game(info.id, ANN)
    await svc.resign(info.id, ANN)  # the AI plays Ann's seat to the end
    await svc.settle()
    table = await svc.get(info.id)
    assert table.state is not None and table.state.is_over
    outcome = table.state.outcome()
    assert outcome is not None
    hands, euchres = outcome.tallies["hands_won"][0], outcome.tallies["euchres"][0]
    (row,) = await svc.leaderboard("euchre", 9)
    assert row.tallies["hands_won"] == hands and row.tallies["euchres"] == euchres
    (this_season,) = await svc.leaderboard("euchre", 9, season=svc.season())
    assert this_season.tallies == {"games": 1.0, "wins": row.tallies["wins"],
                                   "hands_won": hands, "euchres": euchres}
    stats = await svc.stats(ANN, 9)
    assert stats.per_game["euchre"]["hands_won"] == hands
