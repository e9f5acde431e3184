"""Faults of the database itself: locked past the busy timeout, disk full, the file removed
while open, a missing database where one was, a damaged file, a closed store."""

from __future__ import annotations

import logging
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import (
    CorruptDatabase,
    DatabaseGone,
    SeatRow,
    Store,
    StoreClosed,
    StoreUnavailable,
    TableRow,
)


async def _table(store: Store, channel: int = 10) -> TableRow:
    return await store.create_table(
        guild_id=1, channel_id=channel, game_key="toy", preset="classic", options={},
        players=2, host=SeatRow(0, 100, "Ann"), seed=42,
        lobby_deadline=datetime.now(UTC) + timedelta(minutes=5),
    )


async def test_a_write_lock_held_past_the_busy_timeout_is_a_busy_fault(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await Store.open(path, busy_timeout_ms=20)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreUnavailable) as caught:
            await store.set_setting("user", 1, "k", 1)
        assert caught.value.fault == "busy"
        other.execute("ROLLBACK")
        await store.set_setting("user", 1, "k", 2)  # the same write, once the lock is gone
        assert await store.get_setting("user", 1, "k") == 2
    finally:
        other.close()
        await store.close()


async def test_a_full_disk_is_a_full_fault_and_writes_nothing(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    try:
        pages = await store.pragma("page_count")
        await store.pragma(f"max_page_count = {pages}")
        with pytest.raises(StoreUnavailable) as caught:
            await store.set_setting("user", 1, "big", "x" * 200_000)
        assert caught.value.fault == "full"
        assert await store.get_setting("user", 1, "big") is None
    finally:
        await store.close()


async def test_a_removed_database_file_refuses_every_write(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "db.sqlite3"
    store = await Store.open(path)
    try:
        row = await _table(store)
        path.unlink()
        with caplog.at_level(logging.ERROR, logger="bot.store"):
            for _ in range(2):
                with pytest.raises(DatabaseGone):
                    await store.set_setting("user", 1, "k", 1)
            with pytest.raises(DatabaseGone):
                await _table(store, channel=11)
        assert store.gone
        gone = [r for r in caplog.records if "removed or replaced" in r.getMessage()]
        assert len(gone) == 1 and gone[0].levelno == logging.ERROR  # said once, loudly
        assert (await store.get_table(row.id)) is not None  # reading still works
    finally:
        await store.close()


async def test_a_replaced_database_file_counts_as_gone(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await Store.open(path)
    try:
        path.rename(tmp_path / "moved.sqlite3")
        path.write_bytes(b"")
        with pytest.raises(DatabaseGone):
            await store.set_setting("user", 1, "k", 1)
    finally:
        await store.close()


async def test_a_new_database_where_one_was_is_said_loudly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "data" / "db.sqlite3"
    with caplog.at_level(logging.WARNING, logger="bot.store"):
        store = await Store.open(path)  # a first start: nothing to warn about
        await store.close()
    assert not caplog.records
    assert path.with_name("db.sqlite3.marker").exists()
    path.unlink()
    with caplog.at_level(logging.WARNING, logger="bot.store"):
        store = await Store.open(path)
        await store.close()
    [record] = caplog.records
    assert record.levelno == logging.ERROR
    assert "NEW, EMPTY" in record.getMessage() and "db.sqlite3.marker" in record.getMessage()


async def test_leftover_wal_files_or_backups_also_count(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "db.sqlite3"
    (tmp_path / "db.sqlite3.bak-2026-01-01").write_bytes(b"")
    with caplog.at_level(logging.ERROR, logger="bot.store"):
        store = await Store.open(path)
        await store.close()
    assert "db.sqlite3.bak-2026-01-01" in caplog.text


def _sidecars(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name != path.name)


async def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    garbage = b"this is not a database\n" * 300
    path.write_bytes(garbage)
    with pytest.raises(CorruptDatabase) as caught:
        await Store.open(path)
    message = str(caught.value)
    assert "\n" not in message and "not a SQLite database" in message
    assert "restore a backup" in message
    assert path.read_bytes() == garbage
    assert _sidecars(path) == []


async def test_a_damaged_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await Store.open(path)
    for channel in range(40):  # a few pages of tables and seats
        await _table(store, channel=channel)
    await store.close()
    with closing(sqlite3.connect(path)) as raw:
        page_size = raw.execute("PRAGMA page_size").fetchone()[0]
        root = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = 'tables'").fetchone()[0]
    data = bytearray(path.read_bytes())
    start = (root - 1) * page_size
    data[start:start + page_size] = b"\xa5" * page_size  # the tables' root page is garbage
    path.write_bytes(bytes(data))
    before = _sidecars(path)
    with pytest.raises(CorruptDatabase) as caught:
        await Store.open(path)
    assert "damaged" in str(caught.value) and "\n" not in str(caught.value)
    assert path.read_bytes() == bytes(data)
    assert [n for n in _sidecars(path) if n.endswith(("-wal", "-journal"))] == [
        n for n in before if n.endswith(("-wal", "-journal"))]


async def test_a_closed_store_says_so(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    await store.close()
    with pytest.raises(StoreClosed):
        await store.get_table(1)
    with pytest.raises(StoreClosed):
        await store.set_setting("user", 1, "k", 1)
