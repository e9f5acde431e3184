"""Garbage-collector stalls and memory per open table, before and after the startup freeze.

    python -m bench.gc_tables [--tables 1000 5000] [--moves 3] [--collections 7] [--burst N]
                              [--threshold 700 4 10]

For each N: a real `TableService` on a fresh SQLite file in a temp dir gets N open four-handed
Euchre tables, one per channel, every seat a human (played by this script), the game started and
``--moves`` moves made at each. The service is then closed and a new one opened and started on
the same file, as a restarted bot loads its open tables; that load is what the figures are about:

- memory per open table: what tracemalloc sees allocated while `start` loads them, divided by N,
  and the objects the collector tracks (what a full pass walks) per table;
- full collections: ``gc.collect(2)`` run ``--collections`` times, median and max;
- the automatic collections during a burst of ``--burst`` moves played round-robin across the
  tables (each timed per generation through ``gc.callbacks``): count, median, max, and their
  share of the burst's wall time.

Each set is printed "before" (as the bot ran until issue 15: nothing frozen, CPython's default
thresholds), "after freeze" (`bot.heap.freeze_heap`, what `ParlourBot.setup_hook` now does once
the tables are loaded: collect, `gc.freeze`, `gc.set_threshold`) and again once every table has
made a move since: each move gives its table a new state, which the collector tracks again
(the frozen old one is freed by reference counting), so that last set is the steady state of a
bot in play. All in one process, each burst carrying on the same games. No AI seats, no
Discord: only the service and its store, so the figures are the tables' own. On a shared
machine wall times swing with the load; the object counts do not.

Only the `HOT_TABLES` (128) tables the service read last keep their TableInfo and game state
as objects; every other open table is parked (`bot.service.live._Live`): one flat tuple of
numbers and strings, the state as its JSON, which the collector stops tracking. A move leaves
no tracked object behind at a parked table (until issue 15's third round it left about 9: its
new TableInfo and EuchreState, their dicts, the lists the move changed, the store's record of
the row; before its second round about 25, with the turn timer's Task and handles). What a full
pass walks per open table is then its `_Live` and lock, frozen or not, so "before" (nothing
frozen) is also what a bot sees of tables opened after its startup freeze, and the steady
state is the hot tables' objects whatever N is. Parking costs a cold table about 40 us when it
is next read (the state's JSON loaded again); a table in play stays hot.

Measured on a shared 2-core machine (load about 5), N = 5000: the steady state's full pass
walks about 5,300 objects (52,000 before the parking), 0.4 ms median, 2.1 max; nothing frozen,
50,000 (from 260,000: 3 per table, from 45), 11 ms median; 3.1 KiB per table (from 17).
Automatic passes in play stay under about 7 ms there (gen 0 walks the hot tables' objects,
about 1.5 ms unloaded). Times swing with the machine's load; the counts do not.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from bot.heap import freeze_heap
from bot.service.models import TableStatus
from bot.service.tables import TableService
from bot.store import GLOBAL_SCOPE

DEFAULT_THRESHOLD = gc.get_threshold()
SETTINGS = {"turn_timeout_s": 3600.0, "lobby_timeout_s": 3600.0, "ai_budget_ms": 20}


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


async def _move(svc: TableService, table_id: int, rng: random.Random) -> bool:
    """One legal move by whoever is to act at the table; False when its game is over."""
    info = await svc.get(table_id)
    if info.status is not TableStatus.PLAYING or info.state is None or not info.state.to_act:
        return False
    seat = info.state.to_act[0]
    user = info.seats[seat].user_id
    assert user is not None
    action = rng.choice(info.state.legal_actions(seat))
    await svc.act(table_id, user, str(action), version=info.version)
    return True


async def _create(db: Path, n: int, moves: int, rng: random.Random) -> list[int]:
    svc = await TableService.open(db, **SETTINGS)
    await svc.start()
    ids = []
    try:
        for i in range(n):
            host = 4 * i + 1
            info = await svc.create(game_key="euchre", channel_id=100_000 + i, guild_id=1,
                                    host_id=host, host_name=f"P{host}", seed=i)
            for user in range(host + 1, host + 4):
                await svc.join(info.id, user, f"P{user}")
            await svc.start_game(info.id, host)
            for _ in range(moves):
                await _move(svc, info.id, rng)
            ids.append(info.id)
    finally:
        await svc.settle()
        await svc.close()
    return ids


def _full_collections(count: int) -> list[float]:
    times = []
    for _ in range(count):
        t0 = time.perf_counter()
        gc.collect(2)
        times.append(time.perf_counter() - t0)
    return times


class GcTimer:
    """Times each automatic collection, by generation, while installed in ``gc.callbacks``."""

    def __init__(self) -> None:
        self.times: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._t0 = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._t0 = time.perf_counter()
        else:
            self.times[info["generation"]].append(time.perf_counter() - self._t0)


async def _burst(svc: TableService, ids: list[int], count: int, rng: random.Random) -> None:
    timer = GcTimer()
    playing = list(ids)
    done = 0
    gc.callbacks.append(timer)
    t0 = time.perf_counter()
    try:
        while done < count and playing:
            table_id = playing[done % len(playing)]
            if await _move(svc, table_id, rng):
                done += 1
            else:
                playing.remove(table_id)
    finally:
        wall = time.perf_counter() - t0
        gc.callbacks.remove(timer)
    total = sum(sum(t) for t in timer.times.values())
    print(f"    burst of {done} moves in {wall:.2f} s; automatic collections "
          f"{_ms(total)} in all ({total / wall:.1%} of the burst)")
    for gen, times in timer.times.items():
        if times:
            print(f"      gen {gen}: {len(times):5d} collections, "
                  f"median {_ms(statistics.median(times))}, max {_ms(max(times))}")


async def _measure(label: str, svc: TableService, ids: list[int], args: argparse.Namespace,
                   rng: random.Random) -> None:
    print(f"  {label}: {len(gc.get_objects())} tracked objects, "
          f"{gc.get_freeze_count()} frozen, thresholds {gc.get_threshold()}")
    full = _full_collections(args.collections)
    print(f"    gc.collect(2) x{len(full)}: median {_ms(statistics.median(full))}, "
          f"max {_ms(max(full))}")
    await _burst(svc, ids, args.burst or len(ids), rng)


async def run(n: int, args: argparse.Namespace) -> None:
    rng = random.Random(n)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "parlour.sqlite3"
        t0 = time.perf_counter()
        ids = await _create(db, n, args.moves, rng)
        print(f"N = {n}: created and started {len(ids)} tables, {args.moves} moves each, "
              f"in {time.perf_counter() - t0:.1f} s")
        gc.collect()
        objects0 = len(gc.get_objects())
        tracemalloc.start()
        base, _ = tracemalloc.get_traced_memory()
        svc = await TableService.open(db, **SETTINGS)
        await svc.start()
        # aiosqlite's worker thread keeps its last job's result (here every open table's row)
        # until its next job; a bot in play moves on at once, so the figures do too.
        await svc.get_setting(GLOBAL_SCOPE, 0, "none")
        loaded, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        gc.collect()
        per_table_objects = (len(gc.get_objects()) - objects0) / n
        print(f"  memory per open table (loaded by start): {(loaded - base) / n / 1024:.1f} KiB "
              f"(tracemalloc), {per_table_objects:.0f} tracked objects")
        try:
            await _measure("before", svc, ids, args, rng)
            freeze_heap()  # what ParlourBot.setup_hook does (once) after the service's start
            if args.threshold:
                gc.set_threshold(*args.threshold)
            await _measure("after freeze", svc, ids, args, rng)
            await _measure("after freeze, every table moved since", svc, ids, args, rng)
        finally:
            await svc.settle()
            await svc.close()
            gc.unfreeze()  # the next N starts from the same footing
            gc.set_threshold(*DEFAULT_THRESHOLD)
            gc.collect()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--moves", type=int, default=3, help="moves made at each table first")
    parser.add_argument("--collections", type=int, default=7, help="gc.collect(2) timed")
    parser.add_argument("--burst", type=int, default=0,
                        help="moves in each timed burst (default: one per table)")
    parser.add_argument("--threshold", type=int, nargs=3, default=None,
                        help="gc.set_threshold after the freeze (default: the bot's THRESHOLD)")
    args = parser.parse_args()
    print(f"pid {os.getpid()}, load average {os.getloadavg()[0]:.1f}")
    for n in args.tables:
        asyncio.run(run(n, args))


if __name__ == "__main__":
    main()
