"""Ladders page: offset/limit with a count, by rating, by a tally (Skat's list points), per
season (the season's own tallies), and a solo variant's ladder."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.store import TableStore
from bot.store.rows import Finish, RatingRow, ResultRow, SeatRow
from bot.store.sqlite import Store
from tests.ladders import by_list_points, fill_ladder

GUILD = 77


async def _pages(store: TableStore, scope: int, size: int, **kw: object) -> list[int]:
    seen: list[int] = []
    offset = 0
    while page := await store.leaderboard("skat", scope, size, offset=offset, **kw):
        assert len(page) <= size
        seen += [r.user_id for r, _ in page]
        offset += size
    return seen


async def test_sixty_players_page_by_rating_each_once_in_order(store: TableStore) -> None:
    expected = [uid for uid, _ in await fill_ladder(store, "skat", GUILD, 60)]
    assert await store.ladder_size("skat", 0) == await store.ladder_size("skat", GUILD) == 60
    assert await _pages(store, GUILD, 10) == expected
    assert await _pages(store, 0, 7) == expected  # pages of any size tile the ladder
    last = await store.leaderboard("skat", GUILD, 10, offset=50)
    assert [r.user_id for r, _ in last] == expected[50:]
    assert last[0][1]["games"] == 1  # tallies come with each row
    assert await store.leaderboard("skat", GUILD, 10, offset=60) == []
    assert await store.ladder_size("skat", 5) == 0 and await store.ladder_size("euchre", 0) == 0


async def test_a_ladder_by_list_points(store: TableStore) -> None:
    await fill_ladder(store, "skat", GUILD, 60)
    assert await _pages(store, GUILD, 10, by="list_points") == by_list_points(60)
    assert await store.ladder_size("skat", GUILD, by="list_points") == 60
    (top, tallies), = await store.leaderboard("skat", 0, 1, by="list_points")
    assert tallies["list_points"] == 590.0 and top.name.startswith("player")


async def test_seasons_are_kept_apart(store: TableStore) -> None:
    await fill_ladder(store, "skat", GUILD, 12, season="2026Q3")
    await fill_ladder(store, "skat", GUILD, 5, season="2026Q4", first_user=5000, channel=80_000)
    assert await store.ladder_size("skat", GUILD, season="2026Q4", by="list_points") == 5
    assert await store.ladder_size("skat", GUILD, season="2026Q3", by="list_points") == 12
    assert await store.ladder_size("skat", GUILD, season="2025Q1", by="list_points") == 0
    q4 = await _pages(store, GUILD, 2, season="2026Q4", by="list_points")
    assert q4 == by_list_points(5, first_user=5000)
    # Without ``by`` a season goes by wins; every row carries that season's tallies only.
    page = await store.leaderboard("skat", GUILD, 20, season="2026Q3")
    assert [t["wins"] for _, t in page] == sorted((t["wins"] for _, t in page), reverse=True)
    assert all(t["games"] == 1 for _, t in page)
    assert await store.season_tallies(1000, GUILD, "2026Q3") == {
        "skat": {"games": 1.0, "wins": 0.0, "list_points": 0.0}}
    assert await store.season_tallies(1000, GUILD, "2026Q4") == {}


async def test_season_tallies_add_up_in_the_finish_transaction(store: TableStore) -> None:
    for n in range(3):
        row = await store.create_table(guild_id=None, channel_id=10 + n, game_key="skat",
                                       preset="classic", options={}, players=1,
                                       host=SeatRow(0, 9, "Nine"), seed=n, lobby_deadline=None)
        done = row.__class__(**{**row.__dict__, "version": 2, "status": "finished"})
        await store.finish_table(done, prev_version=1, finish=Finish(
            results=[ResultRow(row.id, 0, "skat", "classic", None, 9, "Nine", 1.0, 1, True,
                               False, datetime.now(UTC))],
            ratings=[RatingRow("skat", 0, 9, "Nine", 25.0, 8.0)],
            tallies=[("skat", 0, 9, "list_points", 50.0)],
            season_tallies=[("skat", 0, "2026Q4", 9, "list_points", 50.0)],
        ))
    assert await store.season_tallies(9, 0, "2026Q4") == {"skat": {"list_points": 150.0}}


async def test_ladder_queries_use_their_indexes(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")  # SQLite's plans; PostgreSQL plans its own
    plans = []
    for sql, params in [
        ("SELECT * FROM season_tallies WHERE game_key = ? AND scope = ? AND season = ?"
         " AND key = ? ORDER BY value DESC", ("skat", 0, "2026Q4", "list_points")),
        ("SELECT * FROM tallies WHERE game_key = ? AND scope = ? AND key = ?"
         " ORDER BY value DESC", ("skat", 0, "list_points")),
        ("SELECT user_id FROM ratings WHERE game_key = ? AND scope = ?"
         " ORDER BY mu - 3 * sigma DESC", ("skat", 0)),
    ]:
        plan = await store._run(lambda raw, q=sql, p=params: raw.execute(
            "EXPLAIN QUERY PLAN " + q, p).fetchall())
        plans.append(" ".join(str(r[3]) for r in plan))
    assert "season_tallies_ladder" in plans[0] and "TEMP B-TREE" not in plans[0]
    assert "tallies_ladder" in plans[1] and "TEMP B-TREE" not in plans[1]
    assert "ratings_ordinal" in plans[2] and "TEMP B-TREE" not in plans[2]
    await store.close()


async def test_a_solo_ladder_pages_with_a_count(store: TableStore) -> None:
    stamp = datetime.now(UTC)
    for i in range(23):
        row = await store.create_table(guild_id=None, channel_id=100 + i, game_key="patience",
                                       preset="klondike", options={}, players=1,
                                       host=SeatRow(0, 500 + i, f"p{i}"), seed=i % 2,
                                       lobby_deadline=None)
        done = row.__class__(**{**row.__dict__, "version": 2, "status": "finished"})
        await store.finish_table(done, prev_version=1, finish=Finish(
            results=[ResultRow(row.id, 0, "patience", "klondike", None, 500 + i, f"p{i}", 0.0,
                               1, True, False, stamp, moves=100 + i)],
            ratings=[]))
    assert await store.solo_ladder_size("patience", "klondike") == 23
    assert await store.solo_ladder_size("patience", "klondike", seed=1) == 11
    seen = []
    for offset in range(0, 30, 10):
        seen += [r[0] for r in await store.solo_ladder("patience", "klondike", limit=10,
                                                       offset=offset)]
    assert seen == [500 + i for i in range(23)]  # all won once: fewest moves first
