"""PostgreSQL beside SQLite: actions persisted a second and each action's p99, through the same
store interface, with ``--tables`` tables played at once (each its own sequence of actions, as
the service writes them: one table's actions one after the other, tables side by side).

Part of ``python -m bench.store``; alone: ``python -m bench.store_backends [--actions 3000]
[--tables 8] [--postgres URL]``. The PostgreSQL side runs in a fresh schema on the server at
``--postgres`` (default ``PARLOUR_TEST_DATABASE_URL``, else the local server), dropped after;
with no server there it says so in one line and measures SQLite alone. PostgreSQL runs twice:
as it comes (each commit flushed to disk before it returns) and with ``synchronous_commit=off``
(a crash of the server's machine may lose the last commits, a crash of Parlour nothing: SQLite's
durability with WAL and synchronous=NORMAL), set by adding it to DATABASE_URL's query.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import statistics
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import asyncpg

from bot.games import registry
from bot.store import ActionRow, SeatRow, TableRow, TableStore, open_store

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres"


def _snapshot() -> str:
    game = registry.get("euchre")
    return game.new(4, game.options(), seed=1).model_dump_json()


async def measure(store: TableStore, actions: int, tables: int) -> tuple[float, float, float]:
    """(actions a second, median, p99 seconds) of ``actions`` actions over ``tables`` tables."""
    state = _snapshot()
    rows: list[TableRow] = []
    for channel in range(tables):
        row = await store.create_table(
            guild_id=1, channel_id=10_000 + channel, game_key="euchre", preset="hoyle1871",
            options={}, players=4, host=SeatRow(0, 1, "Ann"), seed=1, lobby_deadline=None)
        row = replace(row, version=2, status="playing", state=state)
        await store.save_table(row, prev_version=1, seats=False)
        rows.append(row)
    latencies: list[float] = []

    async def play(i: int, count: int) -> None:
        for _ in range(count):
            current = rows[i]
            stamp = datetime.now(UTC)
            new = replace(current, version=current.version + 1, updated_at=stamp)
            action = ActionRow(new.id, new.version, 0, 1, "play:CJ", "human", stamp)
            t0 = time.perf_counter()
            await store.record_action(new, action, prev_version=current.version)
            latencies.append(time.perf_counter() - t0)
            rows[i] = new

    await asyncio.gather(*(play(i, 20) for i in range(tables)))  # warm up
    latencies.clear()
    t0 = time.perf_counter()
    await asyncio.gather(*(play(i, actions // tables) for i in range(tables)))
    elapsed = time.perf_counter() - t0
    ordered = sorted(latencies)
    return (len(latencies) / elapsed, statistics.median(ordered),
            ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))])


async def _postgres_schema(url: str) -> str | None:
    """A fresh schema's name on ``url``, or None (with the reason printed) if none answers."""
    try:
        conn = await asyncpg.connect(url, timeout=5)
    except Exception as exc:
        print(f"  PostgreSQL: no server at {url.split('@')[-1]} ({type(exc).__name__}); "
              "pass --postgres URL to measure it")
        return None
    schema = f"parlour_bench_{secrets.token_hex(4)}"
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
    finally:
        await conn.close()
    return schema


async def _drop(url: str, schema: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


async def compare(actions: int, tables: int, url: str) -> None:
    print(f"actions persisted a second, {actions} actions over {tables} tables at once"
          " (record_action, ~1 KB snapshot):", flush=True)
    results: list[tuple[str, tuple[float, float, float]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(Path(tmp) / "bench.sqlite3")
        try:
            results.append(("SQLite (WAL, synchronous=NORMAL)", await measure(store, actions,
                                                                             tables)))
        finally:
            await store.close()
    sides = [("PostgreSQL (asyncpg pool)", ""),
             ("  ... synchronous_commit=off", "&synchronous_commit=off")]
    for name, extra in sides:
        schema = await _postgres_schema(url)
        if schema is None:
            break
        sep = "&" if "?" in url else "?"
        try:
            store = await open_store(f"{url}{sep}search_path={schema}{extra}")
            try:
                results.append((name, await measure(store, actions, tables)))
            finally:
                await store.close()
        finally:
            await _drop(url, schema)
    for name, (rate, median, p99) in results:
        print(f"  {name:34s} {rate:8.0f} actions/s   median {median * 1e3:6.2f} ms"
              f"   p99 {p99 * 1e3:6.2f} ms")


def default_url() -> str:
    return os.environ.get("PARLOUR_TEST_DATABASE_URL", DEFAULT_URL)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--postgres", default=default_url())
    args = parser.parse_args()
    asyncio.run(compare(args.actions, args.tables, args.postgres))
