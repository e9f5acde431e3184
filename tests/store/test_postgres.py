"""What only PostgreSQL has: several processes writing at once (ratings must not lose an update,
migrations run once), a connection that drops, a server that is not there."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime

import asyncpg
import pytest

from bot.store import (
    Finish,
    RatingRow,
    ResultRow,
    SeatRow,
    StoreClosed,
    StoreUnavailable,
    TableRow,
    TableStore,
    UnusableDatabase,
)
from bot.store.postgres import PostgresStore, rating_lock
from tests.processes import eventually
from tests.store.conftest import Backend

pytestmark = pytest.mark.parametrize("backend", ["postgres"], indirect=True)

START_MU = 25.0


async def _finished(store: TableStore, channel: int) -> tuple[TableRow, TableRow]:
    row = await store.create_table(
        guild_id=None, channel_id=channel, game_key="toy", preset="classic", options={},
        players=1, host=SeatRow(0, 100, "Ann"), seed=1, lobby_deadline=None)
    return row, replace(row, version=2, status="finished", end_reason="finished")


def _finish(row: TableRow, rate: object) -> Finish:
    return Finish(
        results=[ResultRow(row.id, 0, "toy", "classic", None, 100, "Ann", 1.0, 1, True, False,
                           datetime.now(UTC))],
        ratings=[RatingRow("toy", 0, 100, "Ann", START_MU, 8.0)],
        tallies=[("toy", 0, 100, "games", 1.0)],
        rate=rate,  # type: ignore[arg-type]
    )


def _plus_one(stored: Mapping[int, Mapping[int, RatingRow]]) -> float:
    row = stored.get(0, {}).get(100)
    return (row.mu if row else START_MU) + 1


async def test_two_games_ending_at_once_in_two_processes_both_count(backend: Backend) -> None:
    """Finisher A reads Ann's rating and stops there (its transaction open) until finisher B,
    a second store as another process would have, has either read the rating too (the lost
    update: both would write START_MU + 1) or is waiting for A's lock. Each adds one."""
    url = await backend.url("db")
    store_b = await backend.open()
    (row_a, done_a), (row_b, done_b) = await _finished(store_b, 1), await _finished(store_b, 2)
    a_read, release_a = threading.Event(), threading.Event()
    seen_by_b: list[float] = []

    def rate_a(stored: Mapping[int, Mapping[int, RatingRow]]) -> list[RatingRow]:
        mu = _plus_one(stored)
        a_read.set()
        release_a.wait(timeout=120)  # only a guard against a hung test, never reached
        return [RatingRow("toy", 0, 100, "Ann", mu, 8.0)]

    def rate_b(stored: Mapping[int, Mapping[int, RatingRow]]) -> list[RatingRow]:
        seen_by_b.append(_plus_one(stored) - 1)
        return [RatingRow("toy", 0, 100, "Ann", _plus_one(stored), 8.0)]

    async def finish_a() -> None:  # in a thread and event loop of its own: "process A"
        store_a = await PostgresStore.open(url)
        try:
            await store_a.finish_table(done_a, prev_version=1, finish=_finish(row_a, rate_a))
        finally:
            await store_a.close()

    thread_a = asyncio.create_task(asyncio.to_thread(asyncio.run, finish_a()))
    await asyncio.to_thread(a_read.wait)
    task_b = asyncio.create_task(
        store_b.finish_table(done_b, prev_version=1, finish=_finish(row_b, rate_b)))
    watcher = await asyncpg.connect(url)
    key = rating_lock("toy", 0, 100) & 0xFFFF_FFFF_FFFF_FFFF  # as pg_locks shows it

    async def b_waits_or_read() -> bool | None:
        """B is queued behind A's lock (or, without the lock, has read already)."""
        waiting = await watcher.fetchval(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
            " AND classid::bigint = $1 AND objid::bigint = $2 AND objsubid = 1",
            key >> 32, key & 0xFFFF_FFFF,
        )
        return True if seen_by_b or waiting else None

    try:
        await eventually(b_waits_or_read, "B waits for A's rating lock")
    finally:
        await watcher.close()
    release_a.set()
    await thread_a
    await task_b
    assert seen_by_b == [START_MU + 1]  # B read what A wrote, not what A had read
    ratings = await store_b.ratings("toy", 0, [100])
    assert ratings[100].mu == START_MU + 2
    _, tallies = await store_b.user_ladders(100, 0)
    assert tallies["toy"]["games"] == 2


async def test_many_finishes_at_once_from_two_stores_all_count(backend: Backend) -> None:
    stores = [await backend.open(), await backend.open()]
    rows = [await _finished(stores[0], channel) for channel in range(20)]

    def rate(stored: Mapping[int, Mapping[int, RatingRow]]) -> list[RatingRow]:
        return [RatingRow("toy", 0, 100, "Ann", _plus_one(stored), 8.0)]

    await asyncio.gather(*(
        stores[i % 2].finish_table(done, prev_version=1, finish=_finish(row, rate))
        for i, (row, done) in enumerate(rows)))
    assert (await stores[1].ratings("toy", 0, [100]))[100].mu == START_MU + 20


async def test_two_stores_opening_at_once_migrate_once(backend: Backend) -> None:
    await backend.url("fresh")  # the empty schema
    first, second = await asyncio.gather(backend.open("fresh"), backend.open("fresh"))
    assert sorted([len(first.applied), len(second.applied)]) == [0, 5]
    assert await backend.query("fresh", "SELECT count(*) FROM schema_migrations") == [(5,)]


async def _terminate(admin_url: str, pid: int) -> None:
    """End backend ``pid`` and wait until it has ended (PostgreSQL 14+)."""
    killer = await asyncpg.connect(admin_url)
    try:
        assert await killer.fetchval("SELECT pg_terminate_backend($1, 10000)", pid)
    finally:
        await killer.close()


async def test_a_connection_lost_mid_write_is_a_fault_then_the_store_goes_on(
    backend: Backend
) -> None:
    store = await PostgresStore.open(await backend.url("db"), max_size=1)
    try:
        pid = await store._read(lambda conn: conn.fetchval("SELECT pg_backend_pid()"))
        await _terminate(backend.schemas.url, pid)  # while idle: the pool reconnects unseen
        assert await store.get_setting("user", 1, "k") is None
        pid = await store._read(lambda conn: conn.fetchval("SELECT pg_backend_pid()"))
        row, done = await _finished(store, 1)

        def rate_and_lose_the_connection(
            stored: Mapping[int, Mapping[int, RatingRow]]
        ) -> list[RatingRow]:
            # Inside the finish's transaction: the server ends this connection now.
            killer = threading.Thread(target=asyncio.run,
                                      args=(_terminate(backend.schemas.url, pid),))
            killer.start()
            killer.join()
            return [RatingRow("toy", 0, 100, "Ann", _plus_one(stored), 8.0)]

        with pytest.raises(StoreUnavailable) as caught:
            await store.finish_table(done, prev_version=1,
                                     finish=_finish(row, rate_and_lose_the_connection))
        assert caught.value.fault == "io"
        got = await store.get_table(row.id)  # nothing of it was written
        assert got is not None and got.status == "lobby" and await store.results(row.id) == []
        await store.finish_table(done, prev_version=1, finish=_finish(row, None))
        assert [r.user_id for r in await store.results(row.id)] == [100]
    finally:
        await store.close()
    with pytest.raises(StoreClosed):
        await store.get_setting("user", 1, "k")


async def test_a_server_that_is_not_there_is_one_line_for_the_operator(backend: Backend) -> None:
    with pytest.raises(UnusableDatabase) as caught:
        await PostgresStore.open("postgresql://parlour:secret@127.0.0.1:9/parlour")
    message = str(caught.value)
    assert "127.0.0.1:9/parlour" in message and "DATABASE_URL" in message
    assert "secret" not in message and "\n" not in message


async def test_a_write_whose_caller_is_cancelled_still_lands(backend: Backend) -> None:
    """As on SQLite, where a queued job runs regardless: a cancelled caller never leaves the
    database guessing whether its write happened."""
    store = await backend.open()
    caller = asyncio.create_task(store.set_setting("user", 1, "k", "kept"))
    await asyncio.sleep(0)  # the caller runs up to its first wait: the write is under way
    caller.cancel()
    with pytest.raises(asyncio.CancelledError):
        await caller
    await store.close()  # waits for the writes in flight
    again = await backend.open()
    assert await again.get_setting("user", 1, "k") == "kept"


async def test_a_database_it_may_not_write_is_one_line_for_the_operator(
    backend: Backend
) -> None:
    url = await backend.url("empty")
    with pytest.raises(UnusableDatabase) as caught:
        await PostgresStore.open(f"{url}&default_transaction_read_only=on")
    assert "may create tables" in str(caught.value) and "\n" not in str(caught.value)
    await backend.open("empty")  # migrated by a store that may write
    store = await PostgresStore.open(f"{url}&default_transaction_read_only=on")
    try:
        assert store.applied == [] and await store.open_tables() == []  # reads work
    finally:
        await store.close()
