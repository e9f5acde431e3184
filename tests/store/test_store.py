"""The store on real databases (a SQLite file, a PostgreSQL schema): migrations, PRAGMAs, one
transaction per action."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.store import (
    ActionRow,
    ChannelTaken,
    Finish,
    MigrationError,
    RatingRow,
    ResultRow,
    SeatRow,
    ShardSet,
    Store,
    TableRow,
    TableStore,
    VersionConflict,
)
from bot.store.migrate import DEFAULT_MIGRATIONS_DIR
from tests.store.conftest import Backend

ALL = ["0001_init.sql", "0002_results_moves_time.sql", "0003_rematch.sql",
       "0004_table_policy.sql", "0005_ladders.sql"]


async def _table(store: TableStore, channel: int = 10) -> TableRow:
    return await store.create_table(
        guild_id=1, channel_id=channel, game_key="toy", preset="classic", options={"target": 5},
        players=2, host=SeatRow(0, 100, "Ann"), seed=42,
        lobby_deadline=datetime.now(UTC) + timedelta(minutes=5),
    )


def _bump(row: TableRow, **changes: object) -> TableRow:
    fields = {**row.__dict__, "version": row.version + 1, "updated_at": datetime.now(UTC)}
    fields.update(changes)
    return TableRow(**fields)  # type: ignore[arg-type]


def _action(row: TableRow, seq: int, text: str = "take:1") -> ActionRow:
    return ActionRow(row.id, seq, 0, 100, text, "human", datetime.now(UTC))


async def test_open_creates_parent_dir_and_sets_pragmas(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "sub" / "db.sqlite3")
    try:
        assert (tmp_path / "sub" / "db.sqlite3").exists()
        assert await store.pragma("journal_mode") == "wal"
        assert await store.pragma("foreign_keys") == 1
        assert await store.pragma("busy_timeout") == 5000
        assert store.applied == ALL
    finally:
        await store.close()


async def test_every_migration_applies(store: TableStore) -> None:
    assert store.applied == ALL


async def test_migrations_apply_in_order_once(tmp_path: Path, backend: Backend) -> None:
    mig = tmp_path / "mig"
    mig.mkdir()
    (mig / "0002_b.sql").write_text("INSERT INTO t VALUES ('second');")
    (mig / "0001_a.sql").write_text("CREATE TABLE t (v TEXT);")
    (mig / "0010_c.sql").write_text("INSERT INTO t VALUES ('third');")
    s = await backend.open("a", migrations_dir=mig)
    assert s.applied == ["0001_a.sql", "0002_b.sql", "0010_c.sql"]
    await s.close()
    s = await backend.open("a", migrations_dir=mig)
    assert s.applied == []
    await s.close()
    assert [r[0] for r in await backend.query("a", "SELECT v FROM t ORDER BY v")] == [
        "second", "third"]
    ledger = await backend.query("a", "SELECT version, name FROM schema_migrations"
                                      " ORDER BY version")
    assert ledger == [(1, "0001_a.sql"), (2, "0002_b.sql"), (10, "0010_c.sql")]


async def test_edited_applied_migration_is_refused(tmp_path: Path, backend: Backend) -> None:
    mig = tmp_path / "mig"
    shutil.copytree(DEFAULT_MIGRATIONS_DIR, mig)
    s = await backend.open("a", migrations_dir=mig)
    await s.close()
    first = mig / "0001_init.sql"
    first.write_text(first.read_text() + "\n-- a harmless looking edit\n")
    with pytest.raises(MigrationError, match=r"0001_init\.sql was edited after it was applied"):
        await backend.open("a", migrations_dir=mig)


async def test_failing_migration_rolls_back_whole_file(tmp_path: Path, backend: Backend) -> None:
    mig = tmp_path / "mig"
    mig.mkdir()
    (mig / "0001_a.sql").write_text("CREATE TABLE t (v TEXT);")
    (mig / "0002_bad.sql").write_text("CREATE TABLE u (v TEXT);\nINSERT INTO nowhere VALUES (1);")
    with pytest.raises(MigrationError, match=r"0002_bad\.sql failed and was rolled back"):
        await backend.open("a", migrations_dir=mig)
    names = await backend.table_names("a")
    assert "t" in names and "u" not in names
    assert await backend.query("a", "SELECT COUNT(*) FROM schema_migrations") == [(1,)]


async def test_bad_migration_names_and_missing_files_are_refused(
    tmp_path: Path, backend: Backend
) -> None:
    mig = tmp_path / "mig"
    mig.mkdir()
    (mig / "1_a.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="NNNN_description"):
        await backend.open("a", migrations_dir=mig)
    (mig / "1_a.sql").unlink()
    (mig / "0001_a.sql").write_text("SELECT 1;")
    (mig / "0002_b.sql").write_text("SELECT 2;")
    s = await backend.open("b", migrations_dir=mig)
    await s.close()
    (mig / "0002_b.sql").unlink()
    with pytest.raises(MigrationError, match="not in"):
        await backend.open("b", migrations_dir=mig)


async def test_table_roundtrip_and_one_open_table_per_channel(store: TableStore) -> None:
    row = await _table(store)
    got = await store.get_table(row.id)
    assert got is not None
    assert (got.channel_id, got.options, got.status) == (10, {"target": 5}, "lobby")
    assert got.seats == (SeatRow(0, 100, "Ann"),)
    assert got.lobby_deadline is not None and got.lobby_deadline.tzinfo is not None
    with pytest.raises(ChannelTaken):
        await _table(store)
    closed = _bump(row, status="aborted", end_reason="aborted")
    await store.save_table(closed, prev_version=row.version)
    assert await store.open_table_in_channel(10) is None
    again = await _table(store)
    assert again.id != row.id
    assert [t.id for t in await store.open_tables()] == [again.id]


async def test_record_action_is_one_transaction(store: TableStore, backend: Backend) -> None:
    row = await _table(store)
    playing = _bump(row, status="playing", state='{"pile": 5}', seats=(
        SeatRow(0, 100, "Ann"), SeatRow(1, None, "AI", ai_level="normal")))
    await store.save_table(playing, prev_version=row.version)
    after = _bump(playing, state='{"pile": 4}')
    await store.record_action(after, _action(after, after.version), prev_version=playing.version)
    # A stale writer (wrong prev_version) is refused as such, and writes no log row.
    stale = _bump(after, state='{"pile": 0}')
    with pytest.raises(VersionConflict):
        await store.record_action(stale, _action(stale, 99), prev_version=playing.version)
    got = await store.get_table(row.id)
    assert got is not None and got.state == '{"pile": 4}' and got.version == after.version
    assert [a.seq for a in await store.actions(row.id)] == [after.version]
    # A failing seat write (AI seat without a level breaks a CHECK) rolls back action + snapshot.
    bad_seats = (SeatRow(0, 100, "Ann"), SeatRow(1, None, "?"))
    broken = _bump(after, state='{"pile": 3}', seats=bad_seats)
    with pytest.raises(backend.integrity):
        await store.record_action(broken, _action(broken, broken.version),
                                  prev_version=after.version, seats=True)
    got = await store.get_table(row.id)
    assert got is not None and got.state == '{"pile": 4}' and len(got.seats) == 2
    assert len(await store.actions(row.id)) == 1
    # A duplicate seq fails after the snapshot update: the rollback undoes that update too.
    dup = _bump(after, state='{"pile": 2}')
    with pytest.raises(backend.integrity):
        await store.record_action(dup, _action(dup, after.version), prev_version=after.version)
    got = await store.get_table(row.id)
    assert got is not None and got.version == after.version


async def test_foreign_keys_are_enforced(store: TableStore, backend: Backend) -> None:
    row = await _table(store)
    ghost = ActionRow(row.id + 1000, 2, 0, None, "x", "ai", datetime.now(UTC))
    target = _bump(row)
    with pytest.raises(backend.integrity, match=r"(?i)foreign key"):
        await store.record_action(target, ghost, prev_version=row.version)


async def test_finish_writes_results_ratings_and_adds_tallies(store: TableStore) -> None:
    stamp = datetime.now(UTC)
    for n, (channel, won) in enumerate([(20, True), (21, False)]):
        row = await _table(store, channel)
        done = _bump(row, status="finished", end_reason="finished")
        finish = Finish(
            results=[ResultRow(row.id, 0, "toy", "classic", 1, 100, "Ann", 3.0, 1 if won else 2,
                               won, False, stamp)],
            ratings=[RatingRow("toy", 0, 100, "Ann", 26.0 + n, 8.0)],
            tallies=[("toy", 0, 100, "games", 1), ("toy", 0, 100, "wins", int(won)),
                     ("toy", 0, 100, "points", 3.0)],
        )
        await store.finish_table(done, prev_version=row.version, finish=finish)
    board = await store.leaderboard("toy", 0, 10)
    assert len(board) == 1
    rating, tallies = board[0]
    assert rating.mu == 27.0
    assert tallies == {"games": 2, "wins": 1, "points": 6.0}
    ratings, per_game = await store.user_ladders(100, 0)
    assert ratings["toy"].mu == 27.0 and per_game["toy"]["games"] == 2
    assert await store.user_ladders(100, 5) == ({}, {})


async def test_settings(store: TableStore) -> None:
    assert await store.get_setting("user", 7, "deck", "english") == "english"
    await store.set_setting("user", 7, "deck", {"style": "french", "big": True})
    await store.set_setting("user", 7, "deck", {"style": "german"})
    await store.set_setting("guild", 7, "deck", "x")
    assert await store.get_setting("user", 7, "deck") == {"style": "german"}
    assert await store.settings("user", 7) == {"deck": {"style": "german"}}
    await store.delete_setting("user", 7, "deck")
    assert await store.get_setting("user", 7, "deck") is None
    assert await store.get_setting("guild", 7, "deck") == "x"


async def test_add_setting_keeps_the_first_value(store: TableStore) -> None:
    assert await store.add_setting("daily", 0, "k", {"seed": 1}) == {"seed": 1}
    assert await store.add_setting("daily", 0, "k", {"seed": 2}) == {"seed": 1}
    assert await store.get_setting("daily", 0, "k") == {"seed": 1}


async def test_data_survives_close_and_reopen(backend: Backend) -> None:
    s = await backend.open("db")
    row = await _table(s)
    await s.set_message(row.id, 555)
    await s.close()
    s = await backend.open("db")
    got = await s.get_table(row.id)
    await s.close()
    assert got is not None and got.message_id == 555


async def test_open_tables_of_some_shards(store: TableStore) -> None:
    """Discord's rule: guild ``g`` is on shard ``(g >> 22) % count``; a DM table is shard 0's."""
    guilds = {0: 5 << 22, 1: (6 << 22) + 99, 2: 7 << 22}  # shards of 3: 2, 0, 1
    made = {}
    for n, guild in guilds.items():
        made[n] = await store.create_table(
            guild_id=guild, channel_id=100 + n, game_key="toy", preset="classic", options={},
            players=2, host=SeatRow(0, 100, "Ann"), seed=1, lobby_deadline=None)
    dm = await store.create_table(
        guild_id=None, channel_id=200, game_key="toy", preset="classic", options={},
        players=1, host=SeatRow(0, 100, "Ann"), seed=1, lobby_deadline=None)
    big = await store.create_table(  # a snowflake near the top of 64 bits
        guild_id=(1 << 62) + (4 << 22), channel_id=201, game_key="toy", preset="classic",
        options={}, players=1, host=SeatRow(0, 100, "Ann"), seed=1, lobby_deadline=None)
    assert ShardSet(3, frozenset({0})).shard_of(big.guild_id) == ((1 << 40) + 4) % 3 == 2

    async def ids(*shards: int) -> list[int]:
        return [t.id for t in await store.open_tables(ShardSet(3, frozenset(shards)))]

    assert await ids(0) == [made[1].id, dm.id]
    assert await ids(1) == [made[2].id]
    assert await ids(2) == [made[0].id, big.id]
    assert await ids(0, 1, 2) == [t.id for t in await store.open_tables()]


async def test_a_finish_rates_from_the_stored_ratings(store: TableStore) -> None:
    """`Finish.rate` gets what is stored when the finish is written (scope -> user -> row),
    not what the caller saw before."""
    seen: list[dict[int, dict[int, RatingRow]]] = []

    def rate(stored: Any) -> list[RatingRow]:
        seen.append({scope: dict(rows) for scope, rows in stored.items()})
        old = stored.get(0, {}).get(100)
        return [RatingRow("toy", 0, 100, "Ann", (old.mu if old else 25.0) + 1, 8.0)]

    for channel in (30, 31):
        row = await _table(store, channel)
        done = _bump(row, status="finished", end_reason="finished")
        await store.finish_table(done, prev_version=row.version, finish=Finish(
            results=[], ratings=[RatingRow("toy", 0, 100, "Ann", 0.0, 0.0)], rate=rate))
    assert seen[0] == {}
    assert seen[1] == {0: {100: RatingRow("toy", 0, 100, "Ann", 26.0, 8.0)}}
    assert (await store.ratings("toy", 0, [100]))[100].mu == 27.0
