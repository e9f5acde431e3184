"""Cost of persisting one action (Store.record_action) against a bare aiosqlite INSERT + commit.

Run: ``python -m bench.store [--actions 2000]``. Both sides use the same PRAGMAs (WAL,
synchronous=NORMAL) on a fresh file in a temp dir, and write the same action row; the store also
updates the table's snapshot and version in the same transaction, as the service does.
Target: the median per-action cost under 2x the bare commit.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

from bot.games import registry
from bot.store import ActionRow, SeatRow, Store


def snapshot() -> str:
    """A real snapshot: a fresh four-handed Euchre state, as the service would write it."""
    game = registry.get("euchre")
    return game.new(4, game.options(), seed=1).model_dump_json()


async def store_path(path: Path) -> Callable[[], Awaitable[float]]:
    """One `Store.record_action` per call (log row + snapshot + version), timed."""
    store = await Store.open(path)
    row = await store.create_table(
        guild_id=1, channel_id=1, game_key="euchre", preset="hoyle1871", options={}, players=4,
        host=SeatRow(0, 1, "Ann"), seed=1, lobby_deadline=None,
    )
    row = replace(row, status="playing", state=snapshot())
    await store.save_table(replace(row, version=2), prev_version=1, seats=False)
    version = 2
    CLOSERS.append(store.close)

    async def one() -> float:
        nonlocal version
        new = replace(row, version=version + 1, updated_at=datetime.now(UTC))
        action = ActionRow(row.id, version + 1, 0, 1, "play:CJ", "human", datetime.now(UTC))
        t0 = time.perf_counter()
        await store.record_action(new, action, prev_version=version)
        elapsed = time.perf_counter() - t0
        version += 1
        return elapsed

    return one


async def bare_path(path: Path) -> Callable[[], Awaitable[float]]:
    """The same action row with a bare aiosqlite INSERT + commit, timed."""
    conn = await aiosqlite.connect(path)
    await conn.execute("PRAGMA journal_mode = WAL")
    await conn.execute("PRAGMA synchronous = NORMAL")
    await conn.execute(
        "CREATE TABLE actions (table_id INTEGER, seq INTEGER, seat INTEGER, user_id INTEGER,"
        " action TEXT, reason TEXT, created_at TEXT, PRIMARY KEY (table_id, seq)) WITHOUT ROWID"
    )
    await conn.commit()
    seq = 0
    CLOSERS.append(conn.close)

    async def one() -> float:
        nonlocal seq
        seq += 1
        t0 = time.perf_counter()
        await conn.execute(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?)",
            (1, seq, 0, 1, "play:CJ", "human", datetime.now(UTC).isoformat()),
        )
        await conn.commit()
        return time.perf_counter() - t0

    return one


CLOSERS: list[Callable[[], Awaitable[None]]] = []


async def service_acts(path: Path, n: int) -> list[float]:
    """For context: a whole `TableService.act` (lock, rules, snapshot JSON, store, listener
    queue) on four-handed Euchre tables with four humans, each playing its first legal move."""
    from bot.service.tables import TableService

    svc = await TableService.open(path, turn_timeout_s=3600, lobby_timeout_s=3600)
    await svc.start()
    times: list[float] = []
    channel = 0
    while len(times) < n:
        channel += 1
        table = await svc.create(game_key="euchre", channel_id=channel, guild_id=1, host_id=1,
                                 host_name="P1", seed=channel)
        for user in (2, 3, 4):
            table = await svc.join(table.id, user, f"P{user}")
        table = await svc.start_game(table.id, 1)
        while table.is_open and table.state is not None and len(times) < n:
            seat = table.state.to_act[0]
            move = str(table.state.legal_actions(seat)[0])
            user = table.seats[seat].user_id
            assert user is not None
            t0 = time.perf_counter()
            table = (await svc.act(table.id, user, move, version=table.version)).table
            times.append(time.perf_counter() - t0)
        if table.is_open:
            await svc.abort(table.id, 1)
    await svc.close()
    return times


async def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bare_one = await bare_path(Path(tmp) / "bare.db")
        store_one = await store_path(Path(tmp) / "store.db")
        for _ in range(100):  # warm up: threads, page cache
            await bare_one()
            await store_one()
        bare: list[float] = []
        store: list[float] = []
        # Alternate in small rounds so a noisy neighbour slows both sides alike.
        for _ in range(n // 50):
            bare += [await bare_one() for _ in range(50)]
            store += [await store_one() for _ in range(50)]
        for close in CLOSERS:
            await close()
        acts = await service_acts(Path(tmp) / "service.db", n)
    b, s = statistics.median(bare), statistics.median(store)
    print(f"actions:                 {len(store)} each   (snapshot {len(snapshot())} bytes)")
    print(f"bare INSERT + commit:    {b * 1e6:8.1f} us median  (p90 "
          f"{statistics.quantiles(bare, n=10)[-1] * 1e6:.1f} us)")
    print(f"Store.record_action:     {s * 1e6:8.1f} us median  (p90 "
          f"{statistics.quantiles(store, n=10)[-1] * 1e6:.1f} us)")
    print(f"ratio:                   {s / b:8.2f}x  (target < 2x)")
    print(f"TableService.act:        {statistics.median(acts) * 1e6:8.1f} us median  (p90 "
          f"{statistics.quantiles(acts, n=10)[-1] * 1e6:.1f} us; Euchre rules included)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    asyncio.run(main(parser.parse_args().actions))
