"""Cost of persisting one action (Store.record_action) against a bare aiosqlite INSERT + commit.

Run: ``python -m bench.store [--rounds 60] [--per-round 50] [--postgres URL]``; it ends with
PostgreSQL beside SQLite (`bench.store_backends`: actions persisted a second, p99). Both sides
use the same PRAGMAs (WAL, synchronous=NORMAL) on a fresh file in a temp dir, and write the same
action row; the store also checks and bumps the table's version and writes its ~800-byte
snapshot in the same transaction, as the service does. Target: the median per-action cost under
2x the bare commit.

The machine this runs on is usually shared, so the sides take turns action by action (who goes
first rotates each round), and each round of ``--per-round`` actions per side gives its own ratio
of medians: the figure is the median of those ratios, with its p10..p90 spread, and the ratio of
the quietest rounds (each side's smallest round median), the steadiest figure on a busy box. Two
further views: the CPU time spent on the database thread per action (the SQL and the commit
without the thread hops; the bare side makes two hops, execute and commit, the store one), and
the WAL frames (pages) each action appends (the bare side's 1.25: its WITHOUT ROWID b-tree
rewrites 4-6 pages at each page split; the store's log pays the same). A third side also sets a
new turn deadline with each action, as the service does whenever a human is to act next.

Measured on the 2-core dev box loaded by other work (load average 4-7), 21 Nov 2026, three runs
each, quietest-round ratios, the store before this work (95e865c: every column of the ~1 KB
tables row set on each action, so both partial indexes on status rewritten too) and after
(only changed columns, seats only when changed):
  before: wall 1.13x / 1.13x / 1.13x, CPU 1.81x / 2.44x / 2.54x, 4.25 frames per action
          (with a new deadline: wall 1.13-1.17x, CPU 2.41-2.51x, 4.25 frames);
  after:  wall 0.89x / 0.90x / 0.87x, CPU 1.44x / 1.47x / 1.21x, 2.25 frames
          (with a new deadline: wall 0.96-1.00x, CPU 1.47-2.04x, 2.25 frames).
Median-of-rounds ratios agree but swing more (after: wall 0.58-0.89x, CPU 1.07-1.42x). Absolute
medians swing with the load (bare 87-190 us wall, 19-33 us CPU); compare ratios. The wall target
is met with room because the store makes one thread hop to the bare side's two; on the database
thread alone the store does about 1.5x the bare work: a second page, and a second statement.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

from bench.store_backends import compare, default_url
from bot.games import registry
from bot.store import ActionRow, SeatRow, Store


def snapshot() -> str:
    """A real snapshot: a fresh four-handed Euchre state, as the service would write it."""
    game = registry.get("euchre")
    return game.new(4, game.options(), seed=1).model_dump_json()


class ThreadClock:
    """CPU time spent inside jobs on an aiosqlite connection's worker thread, while installed.

    Wraps the connection's job queue (the one its ``execute`` and ``commit`` and the store's
    jobs all go through), so each side is measured the same way; removed again for the wall
    time rounds, so it costs neither side a thing there.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.total = 0.0

    def install(self) -> None:
        queue = self.conn._execute

        async def timed_execute(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            def job() -> Any:
                t0 = time.thread_time()
                try:
                    return fn(*args, **kwargs)
                finally:
                    self.total += time.thread_time() - t0

            return await queue(job)

        self.conn._execute = timed_execute  # type: ignore[method-assign]

    def remove(self) -> None:
        del self.conn._execute  # the class's own method shows through again


@dataclass
class Side:
    """One way of persisting an action: ``one()`` writes the next one."""

    name: str
    path: Path
    one: Callable[[], Awaitable[None]]
    clock: ThreadClock
    pragma: Callable[[str], Awaitable[Any]]
    close: Callable[[], Awaitable[None]]
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    async def timed(self) -> float:
        t0 = time.perf_counter()
        await self.one()
        return time.perf_counter() - t0

    async def frames_per_action(self, n: int = 200) -> float:
        """WAL frames appended per action, with automatic checkpoints off meanwhile."""
        page = int(await self.pragma("page_size"))
        await self.pragma("wal_checkpoint(TRUNCATE)")
        await self.pragma("wal_autocheckpoint = 0")
        for _ in range(n):
            await self.one()
        size = os.path.getsize(f"{self.path}-wal")
        await self.pragma("wal_autocheckpoint = 1000")
        return (size - 32) / (24 + page) / n


async def store_side(path: Path, name: str, *, new_deadline: bool) -> Side:
    """`Store.record_action` (log row + snapshot + version), optionally with a new deadline."""
    store = await Store.open(path)
    row = await store.create_table(
        guild_id=1, channel_id=1, game_key="euchre", preset="hoyle1871", options={}, players=4,
        host=SeatRow(0, 1, "Ann"), seed=1, lobby_deadline=None,
    )
    row = replace(row, status="playing", state=snapshot())
    await store.save_table(replace(row, version=2), prev_version=1, seats=False)
    version = 2

    async def one() -> None:
        nonlocal version
        stamp = datetime.now(UTC)
        deadline = stamp + timedelta(minutes=5) if new_deadline else None
        new = replace(row, version=version + 1, updated_at=stamp, turn_deadline=deadline)
        action = ActionRow(row.id, version + 1, 0, 1, "play:CJ", "human", stamp)
        await store.record_action(new, action, prev_version=version)
        version += 1

    return Side(name, path, one, ThreadClock(store._conn), store.pragma, store.close)


async def bare_side(path: Path) -> Side:
    """The same action row with a bare aiosqlite INSERT + commit."""
    conn = await aiosqlite.connect(path)
    await conn.execute("PRAGMA journal_mode = WAL")
    await conn.execute("PRAGMA synchronous = NORMAL")
    await conn.execute(
        "CREATE TABLE actions (table_id INTEGER, seq INTEGER, seat INTEGER, user_id INTEGER,"
        " action TEXT, reason TEXT, created_at TEXT, PRIMARY KEY (table_id, seq)) WITHOUT ROWID"
    )
    await conn.commit()
    seq = 0

    async def one() -> None:
        nonlocal seq
        seq += 1
        await conn.execute(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?)",
            (1, seq, 0, 1, "play:CJ", "human", datetime.now(UTC).isoformat()),
        )
        await conn.commit()

    async def pragma(name: str) -> Any:
        async with conn.execute(f"PRAGMA {name}") as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    return Side("bare INSERT + commit", path, one, ThreadClock(conn), pragma, conn.close)


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


def _q(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run_rounds(sides: list[Side], rounds: int, per_round: int, *, cpu: bool) -> list[
    list[float]
]:
    """Alternate the sides action by action (who goes first rotates each round); per round,
    each side's median (wall or CPU)."""
    medians: list[list[float]] = [[] for _ in sides]
    if cpu:
        for side in sides:
            side.clock.install()
    for n in range(rounds):
        samples: list[list[float]] = [[] for _ in sides]
        order = [(n + k) % len(sides) for k in range(len(sides))]
        for _ in range(per_round):
            for i in order:
                side = sides[i]
                if cpu:
                    before = side.clock.total
                    await side.one()
                    samples[i].append(side.clock.total - before)
                else:
                    samples[i].append(await side.timed())
        for i, side in enumerate(sides):
            (side.cpu if cpu else side.wall).extend(samples[i])
            medians[i].append(statistics.median(samples[i]))
    if cpu:
        for side in sides:
            side.clock.remove()
    return medians


def report(title: str, sides: list[Side], medians: list[list[float]], pooled: list[list[float]]
           ) -> None:
    """Per side: pooled median and p90, and the quietest round's median; per store side: the
    median of the per-round ratios with their p10..p90, and the quietest rounds' ratio."""
    print(title)
    base = medians[0]
    for i, side in enumerate(sides):
        line = (f"  {side.name:34s} {statistics.median(pooled[i]) * 1e6:6.1f} us"
                f" (p90 {_q(pooled[i], 0.9) * 1e6:6.1f}, quietest round"
                f" {min(medians[i]) * 1e6:5.1f})")
        if i > 0:
            ratios = [s / b for s, b in zip(medians[i], base, strict=True)]
            line += (f"  ratio {statistics.median(ratios):.2f}x"
                     f" [p10 {_q(ratios, 0.1):.2f} .. p90 {_q(ratios, 0.9):.2f}],"
                     f" quietest {min(medians[i]) / min(base):.2f}x")
        print(line)


async def main(rounds: int, per_round: int, service_n: int, backends: tuple[int, int, str]
               ) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        sides = [
            await bare_side(Path(tmp) / "bare.db"),
            await store_side(Path(tmp) / "store.db", "Store.record_action", new_deadline=False),
            await store_side(Path(tmp) / "deadline.db", "  ... with a new turn deadline",
                             new_deadline=True),
        ]
        for _ in range(200):  # warm up: threads, page cache, statement caches
            for side in sides:
                await side.one()
        wall = await run_rounds(sides, rounds, per_round, cpu=False)
        cpu = await run_rounds(sides, max(1, rounds // 2), per_round, cpu=True)
        frames = [await side.frames_per_action() for side in sides]
        for side in sides:
            await side.close()
        acts = await service_acts(Path(tmp) / "service.db", service_n)
    print(f"{rounds} rounds of {per_round} actions per side, taking turns action by action;"
          f" snapshot {len(snapshot())} bytes. Target: Store.record_action < 2x bare.")
    report("wall time per action (ratio: median of the rounds' ratios of medians):", sides,
           wall, [s.wall for s in sides])
    report("CPU time on the database thread per action (no thread hops):", sides, cpu,
           [s.cpu for s in sides])
    print("WAL frames (pages) written per action:")
    for side, f in zip(sides, frames, strict=True):
        print(f"  {side.name:34s} {f:6.2f}")
    print(f"TableService.act:  {statistics.median(acts) * 1e6:7.1f} us median  (p90 "
          f"{_q(acts, 0.9) * 1e6:.1f} us; Euchre rules included; {len(acts)} actions)")
    await compare(*backends)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--per-round", type=int, default=50)
    parser.add_argument("--service-actions", type=int, default=2000)
    parser.add_argument("--backend-actions", type=int, default=3000)
    parser.add_argument("--backend-tables", type=int, default=8)
    parser.add_argument("--postgres", default=default_url(),
                        help="PostgreSQL server for the backends' comparison")
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.per_round, args.service_actions,
                     (args.backend_actions, args.backend_tables, args.postgres)))
