"""``python -m bot copy-to-postgres``: an existing SQLite Parlour moved into an empty PostgreSQL
database, everything readable the same way, new tables numbered after the old ones; refused
(and nothing written) into a database that has data, or from a SQLite file not migrated."""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot import __main__ as cli
from bot.store import ActionRow, SeatRow, TableStore
from bot.store.migrate import DEFAULT_MIGRATIONS_DIR
from bot.store.postgres import PostgresStore
from bot.store.sqlite import Store
from tests.ladders import fill_ladder
from tests.store.conftest import Backend

pytestmark = pytest.mark.parametrize("backend", ["postgres"], indirect=True)


async def _copy() -> int:
    """``python -m bot copy-to-postgres`` (it runs its own event loop: on a thread)."""
    return await asyncio.to_thread(cli.main, ["copy-to-postgres"])


async def _fill(store: Store) -> list[int]:
    await fill_ladder(store, "skat", 77, 12)
    row = await store.create_table(
        guild_id=77, channel_id=5, game_key="toy", preset="classic", options={"pile": 3},
        players=2, host=SeatRow(0, 100, "Ann"), seed=9, lobby_deadline=None,
        others=(SeatRow(1, None, "AI", ai_level="normal"),), policy={"ai_allowed": True})
    playing = replace(row, version=2, status="playing", state='{"pile": 3}')
    await store.save_table(playing, prev_version=1)
    moved = replace(playing, version=3, state='{"pile": 2}')
    await store.record_action(moved, ActionRow(row.id, 3, 0, 100, "take:1", "human",
                                               datetime.now(UTC)), prev_version=2)
    await store.set_message(row.id, 555)
    await store.set_setting("guild", 77, "turn_timeout_s", 60)
    return [row.id, *range(1, row.id)]


async def _everything(store: TableStore, ids: list[int]) -> list[object]:
    tables = [await store.get_table(i) for i in sorted(ids)]
    return [
        tables, await store.open_tables(), [await store.actions(i) for i in sorted(ids)],
        [await store.results(i) for i in sorted(ids)],
        await store.leaderboard("skat", 77, 50), await store.leaderboard("skat", 0, 50),
        await store.leaderboard("skat", 77, 50, by="list_points", season="2026Q4"),
        await store.settings("guild", 77), await store.user_ladders(1003, 77),
    ]


async def test_a_sqlite_parlour_moves_to_postgres_whole(
    tmp_path: Path, backend: Backend, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "parlour.sqlite3"
    sqlite = await Store.open(path)
    ids = await _fill(sqlite)
    expected = await _everything(sqlite, ids)
    await sqlite.close()
    url = await backend.url("target")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    monkeypatch.setenv("DATABASE_URL", url)
    assert await _copy() == 0
    assert "copied" in capsys.readouterr().out
    pg = await PostgresStore.open(url)
    try:
        assert await _everything(pg, ids) == expected
        new = await pg.create_table(
            guild_id=None, channel_id=6, game_key="toy", preset="classic", options={},
            players=1, host=SeatRow(0, 100, "Ann"), seed=1, lobby_deadline=None)
        assert new.id == max(ids) + 1
    finally:
        await pg.close()
    # Again: the database has data now, so nothing is copied.
    assert await _copy() == cli.EXIT_DATABASE
    assert "already has data" in capsys.readouterr().err
    assert await backend.query("target", "SELECT count(*) FROM tables") == [(len(ids) + 1,)]


async def test_an_unmigrated_sqlite_file_is_refused(
    tmp_path: Path, backend: Backend, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    older = tmp_path / "mig"
    shutil.copytree(DEFAULT_MIGRATIONS_DIR, older)
    (older / "0005_ladders.sql").unlink()
    store = await Store.open(tmp_path / "old.sqlite3", migrations_dir=older)
    await store.close()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "old.sqlite3"))
    monkeypatch.setenv("DATABASE_URL", await backend.url("target"))
    assert await _copy() == cli.EXIT_DATABASE
    assert "start Parlour on it once" in capsys.readouterr().err
    assert "tables" not in await backend.table_names("target")  # not even migrated
