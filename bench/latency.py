"""Interaction latency under load: many tables played at once through the fake Discord.

    python -m bench.latency [--tables 200] [--actions 10] [--think-ms 2000] [--ai-budget-ms 50]
                            [--no-pictures]

One process, one event loop, as the bot runs: the real bot and discord.py client, a real
SQLite file, and the fake Discord of the e2e tests on 127.0.0.1. Each table sits in its own
channel with one human (played by this script, thinking a random 0..2x``--think-ms`` before
each click) and three AI seats (AI delay 0). Every human click is a real INTERACTION_CREATE;
its latency is from the moment the fake sends it on the gateway to the moment the bot's
callback arrives at the fake (what Discord's 3-second deadline is about). Actions persisted
per second counts every committed action (human and AI) in the action log over the play phase.

The fake shares the loop (and the two cores) with the bot, so the figures include its own
work: they are an upper bound on what the bot alone would show. The machine's load average is
printed too: on a shared machine the latencies measure the contention as much as the bot; the
CPU time per persisted action depends on it much less (but does: see 2026-11-28 below). The
full (generation 2) collections during play are listed with their wall and CPU time and the
objects they walked, and how many of the heap's objects the fake holds (the bot's own share is
the rest), and what the bot's heap keeper (`bot.heap.HeapKeeper`) froze and its refresh would
cost (issue 15).

2026-11-28, issue 9 (main e5c4527 against the tree before the house, 4a8fea3; 200 tables x 8
actions, back to back, load average 5-9 from other workers: the CPU per action moved 2.0-2.8 ms
for one tree over the evening, so only counts and micro-benchmarks separate small changes):
CPU per persisted action 1.5-1.9 ms before, 2.4-2.8 main (main thread alone, from /proc: 1.5
vs 2.3). Where main's extra goes:
- Pictures, about half: --no-pictures takes 0.4 ms off (2.80 -> 2.36, 2.01 -> 1.61). Some 0.6
  requests per action carry a PNG (the click's answer, table edits, hand DMs); an edit costs
  bot + fake ~210 us of CPU as JSON, ~330 us with a 12 KB PNG attached (idle loop); and each
  picture is a pickled TableInfo to the painter (~28 us) and back.
- More requests: 0.94-1.05 per action against 0.78-0.87 (per action, before -> main: click
  answer edited 0.15-0.23 -> 0.27, as the picture follows the words; table edits 0.11-0.16 ->
  0.19-0.20, a person's click shows at once; deletes of replaced hand DMs 0 -> 0.03-0.05; DM
  channels opened 0.05-0.12 -> 0.02). discord.py builds a whole Message from each edit's
  answer (~75 us), which the bot drops.
- Parking (issue 15): 200 tables > HOT_TABLES, so ~0.4 unparks per action (a validate_json of
  the state) when a player comes back; hot_tables=1000 showed no difference in this noise.
- Text: table_embed 60 -> 37 us (before: 27), hand_message 59 -> 48 (46), seat_names 9.2 -> 2.4
  (1.6) on 400 captured tables, by translating only the words said and escaping only names
  with Markdown marks. Collections cost both trees ~0.16 ms per action.
- This bench's own additions (loop-lag watch, budget timing) run during play; the heap census
  and the keeper's refresh after it were counted as play until now.
The p50 (3-10 ms for every tree here) measured the machine's load, not the trees. Later,
at load 3-5 (one nice-15 worker beside), main 2fc52a2 against 4a8fea3, three runs each, back to
back: p50 1.7, 1.6 ms (2.1 without pictures) against 2.0, 1.4; p99 14.4, 11.2 (10.5) against
17.1, 14.3; max 39, 35 (40) against 143, 120; CPU per action 1.8, 1.8 (1.7) against 1.5, 1.2.

2026-11-28, issue 15 (1,000 tables x 4 actions, load 3-5 with a nice-15 worker beside; the runs
before were at load 7-9 and are not comparable in time, only in counts). Three changes: old
hand DMs wait to be deleted as data in a `Backlog`, not as ~2,900 suspended tasks; the wire
gate is a sliding window a little faster than the budget (its token bucket at the budget's own
pace kept a second of requests queued for minutes, and let out one request per loop turn); and
`HeapKeeper` freezes what a big full collection leaves. On 2fc52a2: p50 1.7 ms, p99 18.1, max
121; 12 full collections, CPU median 30 ms, longest 68, walking at most 120k objects; the
keeper's refresh (every 300 s, so not within this run) costs 410 ms CPU and frees 117k objects
frozen meanwhile; peak RSS 210 MiB; 2.1 ms CPU per action. The same with --no-heap-keeper: p50
2.1, p99 30.4, max 338; 13 full collections, CPU median 203 ms, longest 259, walking up to 297k;
peak RSS 195 MiB; 2.6 ms per action. The last stop's figure (e5c4527, quiet): p99 58.9, max
362, 13 full collections up to 273 ms. The budget is the limit now: turn offers wait 7-9 s
median (p99 40 s) and table redraws over a minute, as 1,000 busy tables ask about 65 requests a
second of the 45; old hand DMs are not deleted until play slows.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import deque
from pathlib import Path
from typing import Any

from tests.e2e import harness
from tests.e2e.fake_discord import FakeDiscord, Interaction, MessageEvent, point_discord_at
from tests.e2e.harness import BotRunner, Choice, my_turn, offered, start_table, take


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def peak_per_s(times: list[float], window: float = 1.0) -> int:
    """The most of ``times`` (sorted) in any ``window`` seconds: Discord's limit is per second
    at every moment, not per calendar second."""
    best, first = 0, 0
    for last, at in enumerate(times):
        while times[first] <= at - window:
            first += 1
        best = max(best, last - first + 1)
    return best


LAG_TICK_S = 0.01


STALL_S = 0.1
"""A lag this long is listed with the moment it ended (seconds into the play)."""


async def watch_loop_lag(lags: list[float], stalls: list[tuple[float, float]]) -> None:
    """How late the event loop wakes a 10 ms sleep, over and over: a click waits as long as
    the loop is held by other work (a collection, a big synchronous step)."""
    started = time.perf_counter()
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(LAG_TICK_S)
        woke = time.perf_counter()
        lags.append(woke - asked - LAG_TICK_S)
        if lags[-1] >= STALL_S:
            stalls.append((woke - started, lags[-1]))


def time_full_collections(pauses: list[tuple[float, float, int]]) -> Any:
    """Record each full (generation 2) collection from now on: (seconds, CPU seconds of the
    thread that ran it, the objects it walked: all three generations, not the frozen ones). CPU
    time leaves out the moments the machine gave the process none, so on a loaded machine it
    is the collection's own cost. Returns the callback, to remove from `gc.callbacks`."""
    began = [0.0, 0.0, 0]

    def callback(phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            walked = sum(len(gc.get_objects(g)) for g in range(3))
            began[:] = [time.perf_counter(), time.thread_time(), walked]
        else:
            pauses.append((time.perf_counter() - began[0], time.thread_time() - began[1],
                           int(began[2])))

    gc.callbacks.insert(0, callback)  # before the bot's heap keeper freezes what is left
    return callback


def kept_by_fake(fake: FakeDiscord) -> int:
    """How many objects the collector tracks that the fake Discord holds (its messages,
    interactions and logs): the bench's share of the shared heap, not the bot's."""
    kinds = (dict, list, tuple, set, deque, Interaction, MessageEvent, asyncio.Event)
    seen: set[int] = set()
    todo: list[Any] = [fake.messages, fake.message_meta, fake.interactions, fake._by_id,
                       fake.channel_log, fake.by_user, fake.events, fake.requests]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or not isinstance(obj, kinds) or not gc.is_tracked(obj):
            continue
        seen.add(id(obj))
        todo.extend(gc.get_referents(obj))
    return len(seen)


def time_in_budget(budget: Any) -> dict[str, list[float]]:
    """Record how long each request waits for its slot in the bot's `RestBudget`, by need
    (turn offers should wait least), from now on."""
    waits: dict[str, list[float]] = {}
    slot = budget.slot

    async def timed(need: Any, **kwargs: Any) -> bool:
        asked = time.perf_counter()
        granted = await slot(need, **kwargs)
        if granted:
            waits.setdefault(need.name.lower(), []).append(time.perf_counter() - asked)
        return bool(granted)

    budget.slot = timed
    return waits


def _persisted(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


async def _play_table(runner: BotRunner, user: str, channel: str, table_id: int,
                      actions: int, rng: random.Random, clicks: list[Interaction],
                      think_s: float) -> int:
    """Play ``actions`` human moves at this channel's tables (a new game when one ends),
    thinking a random 0..2x``think_s`` before each."""
    done = 0
    while done < actions:
        table, choices = await my_turn(runner, user, table_id)
        if not table.is_open:
            table_id, _ = await start_table(runner, user, channel=channel)
            continue
        if think_s > 0:
            await asyncio.sleep(rng.uniform(0, 2 * think_s))
            table = await runner.table(table_id)  # a timeout may have played meanwhile
            if not table.is_open or not (choices := offered_now(runner, user, table)):
                continue
        click = await take(runner.fake, user, rng.choice(choices))
        await runner.fake.wait_callback(click, harness.WAIT_S)
        await runner.wait_table(table_id, lambda t, v=table.version: t.version > v)
        clicks.append(click)
        done += 1
    return done


async def _open_all(runner: BotRunner, users: list[str], channels: list[str]) -> list[int]:
    """Open and start every table, a few at a time (not measured)."""
    gate = asyncio.Semaphore(8)

    async def one(user: str, channel: str) -> int:
        async with gate:
            table_id, _ = await start_table(runner, user, channel=channel)
            return table_id

    return list(await asyncio.gather(*(one(u, c) for u, c in zip(users, channels,
                                                                  strict=True))))


def offered_now(runner: BotRunner, user: str, table: Any) -> list[Choice]:
    return offered(runner.fake, user, table.id, table.version, str(table.channel_id))


async def run(tables: int, actions: int, ai_budget_ms: int, seed: int,
              edit_interval_s: float = 1.0, think_s: float = 0.0,
              ai_processes: int = 0, picture_processes: int = 1) -> dict[str, float]:
    fake = await FakeDiscord(channels=tables).start()
    point_discord_at(fake)
    users = [fake.add_user(f"player{i}") for i in range(tables)]
    channels = list(fake.channels)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        runner = BotRunner(fake, db, service={"ai_budget_ms": ai_budget_ms,
                                              "ai_processes": ai_processes},
                           settings={"table_edit_interval_s": edit_interval_s,
                                     "picture_processes": picture_processes})
        await runner.start()
        fake.record_requests = fake.keep_events = False
        clicks: list[Interaction] = []
        rng = random.Random(seed)
        table_ids = await _open_all(runner, users, channels)
        stuck = False
        before = _persisted(db)
        rest_before = fake.bot_requests
        kinds_before = fake.bot_request_kinds.copy()
        answers_before = fake.webhook_request_kinds.copy()
        waits = time_in_budget(runner.bot.table_ui.budget)
        gate = runner.bot.table_ui.gate
        if gate is not None:
            gate.log = []
        load_before = os.getloadavg()[0]
        cpu_before = time.process_time()
        workers_before = _descendants_cpu()
        started = time.perf_counter()
        lags: list[float] = []
        stalls: list[tuple[float, float]] = []
        lag_watch = asyncio.create_task(watch_loop_lag(lags, stalls))
        full_pauses: list[tuple[float, float, int]] = []
        gc_watch = time_full_collections(full_pauses)
        try:
            async with asyncio.TaskGroup() as group:  # one failure stops every table
                for user, channel, table_id in zip(users, channels, table_ids, strict=True):
                    group.create_task(_play_table(runner, user, channel, table_id, actions,
                                                  random.Random(rng.random()), clicks, think_s))
            elapsed = time.perf_counter() - started
            cpu = time.process_time() - cpu_before  # before the census and refresh below: not play
            workers_cpu = _descendants_cpu() - workers_before
            lag_watch.cancel()
            gc.callbacks.remove(gc_watch)
            heap = len(gc.get_objects())
            frozen = gc.get_freeze_count()
            fake_kept = kept_by_fake(fake)
            keeper = runner.bot.heap
            thaw_started, thaw_cpu = time.perf_counter(), time.thread_time()
            gc.unfreeze()  # what the keeper's refresh (every heap_refresh_s) would cost now
            refresh_freed = gc.collect()
            gc.freeze()
            refresh_s = time.perf_counter() - thaw_started
            refresh_cpu_s = time.thread_time() - thaw_cpu
            persisted = _persisted(db) - before
            rest = fake.bot_requests - rest_before
            ended = time.perf_counter()
            rest_times = [t for t in fake.bot_request_times if started <= t <= ended]
            gate_times = gate.log if gate is not None and gate.log is not None else []
            kinds = fake.bot_request_kinds - kinds_before
            answers = fake.webhook_request_kinds - answers_before
        finally:
            try:
                await runner.stop()
            except (TimeoutError, AssertionError) as exc:  # tests/e2e/FINDINGS.md 1
                print(f"warning: the bot did not stop cleanly: {exc!r}", file=sys.stderr)
                stuck = True
            await fake.stop()
    latencies = [c.latency * 1000 for c in clicks if c.latency is not None]
    slash = [i.latency * 1000 for i in fake.interactions.values()
             if i.latency is not None and i.type == 2]
    return {
        "tables": tables, "human_actions": len(latencies), "seconds": elapsed,
        "p50_ms": statistics.median(latencies), "p99_ms": _quantile(latencies, 0.99),
        "max_ms": max(latencies), "slash_p50_ms": statistics.median(slash) if slash else 0.0,
        "persisted": persisted, "persisted_per_s": persisted / elapsed,
        "human_actions_per_s": len(latencies) / elapsed,
        "rest_per_s": rest / elapsed, "rest_peak_per_s": peak_per_s(rest_times),
        "left_peak_per_s": peak_per_s(gate_times),
        "rest_kinds": {k: n / elapsed for k, n in kinds.most_common()},
        "answer_kinds": {k: n / elapsed for k, n in answers.most_common()},
        "budget_waits": waits,
        "lag_p99_ms": 1000 * _quantile(lags, 0.99), "lag_max_ms": 1000 * max(lags),
        "stalls": stalls, "full_pauses": full_pauses, "heap": heap, "frozen": frozen,
        "fake_kept": fake_kept,
        "freezes": keeper.freezes, "refresh_ms": 1000 * refresh_s,
        "refresh_cpu_ms": 1000 * refresh_cpu_s, "refresh_freed": refresh_freed,
        "refresh_every_s": keeper.refresh_s,
        "cpu_s": cpu, "cpu_ms_per_action": 1000 * cpu / max(1, persisted),
        "workers_cpu_s": workers_cpu,
        "workers_ms_per_action": 1000 * workers_cpu / max(1, persisted),
        "load": max(load_before, os.getloadavg()[0]), "stuck": stuck,
        "max_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def _descendants_cpu() -> float:
    """CPU seconds used so far by this process's descendants (AI and picture workers, which
    a fork server starts, so they are grandchildren); Linux /proc, 0 elsewhere."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        pid = int(stat.parent.name)
        parents[pid] = int(fields[1])
        ticks[pid] = int(fields[11]) + int(fields[12])  # utime + stime
    mine, frontier = set(), {os.getpid()}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - mine
        mine |= frontier
    return sum(ticks[pid] for pid in mine) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.latency", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (channels)")
    parser.add_argument("--actions", type=int, default=10,
                        help="human actions per table (new games start as games end)")
    parser.add_argument("--ai-budget-ms", type=int, default=50, help="AI thinking budget")
    parser.add_argument("--edit-interval", type=float, default=1.0,
                        help="table message edits coalesced per interval (s), as in production")
    parser.add_argument("--think-ms", type=float, default=2000.0,
                        help="mean human thinking time before a click (0: click at once, "
                             "which measures the bot saturated)")
    parser.add_argument("--ai-processes", type=int, default=min(2, os.cpu_count() or 1),
                        help="AI worker processes (0: threads), as the ai_processes setting")
    parser.add_argument("--picture-processes", type=int, default=1,
                        help="picture worker processes (0: a thread), as picture_processes")
    parser.add_argument("--no-pictures", action="store_true",
                        help="send every message without its picture (what the rest of the bot "
                             "costs, to compare with a version that drew none)")
    parser.add_argument("--switch-interval-ms", type=float, default=1.0,
                        help="GIL switch interval, as run_bot sets it (gil_switch_interval_ms)")
    parser.add_argument("--no-heap-keeper", action="store_true",
                        help="no HeapKeeper (only the startup freeze): what it buys")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.no_pictures:
        from bot.discord.painter import Painter

        async def no_picture(self: Painter, draw: Any, *args: Any) -> None:
            return None

        Painter.paint = no_picture  # type: ignore[method-assign]
    if args.no_heap_keeper:
        from bot.heap import HeapKeeper

        HeapKeeper.start = lambda self: None  # type: ignore[method-assign]
    sys.setswitchinterval(args.switch_interval_ms / 1000)
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("discord.client").setLevel(logging.ERROR)  # no voice warnings
    harness.WAIT_S = 120.0  # saturated, waits are long: measure them rather than fail
    r = asyncio.run(run(args.tables, args.actions, args.ai_budget_ms, args.seed,
                        args.edit_interval, args.think_ms / 1000, args.ai_processes,
                        args.picture_processes))
    print(f"tables {r['tables']:.0f}, human actions {r['human_actions']:.0f} "
          f"in {r['seconds']:.1f} s (AI budget {args.ai_budget_ms} ms in "
          f"{args.ai_processes or 'no'} worker processes, think {args.think_ms:.0f} ms)")
    print(f"interaction -> callback: p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, "
          f"max {r['max_ms']:.1f} ms (/euchre new, set-up included: p50 "
          f"{r['slash_p50_ms']:.1f} ms)")
    print(f"event loop lag (a 10 ms sleep woken late): p99 {r['lag_p99_ms']:.1f} ms, "
          f"max {r['lag_max_ms']:.1f} ms")
    if r["stalls"]:
        print(f"  stalls of {1000 * STALL_S:.0f} ms or more: " + ", ".join(
            f"{1000 * lag:.0f} ms at {at:.1f} s" for at, lag in r["stalls"][:20]))
    pauses = r["full_pauses"]
    print(f"full collections during play: {len(pauses)}"
          + (f", longest {1000 * max(p for p, _, _ in pauses):.0f} ms (CPU: longest "
             f"{1000 * max(c for _, c, _ in pauses):.0f} ms, median "
             f"{1000 * statistics.median(c for _, c, _ in pauses):.0f}), walking at most "
             f"{max(n for _, _, n in pauses):,} objects" if pauses else "")
          + f"; at the end the collector tracks {r['heap']:,} objects and {r['frozen']:,} "
          f"frozen, {r['fake_kept']:,} of them kept by the fake Discord")
    print(f"the heap keeper froze the survivors of {r['freezes']} full collections; its "
          f"refresh (a full pass of the whole heap, every {r['refresh_every_s']:.0f} s) took "
          f"{r['refresh_ms']:.0f} ms (CPU {r['refresh_cpu_ms']:.0f} ms) at the end and freed "
          f"{r['refresh_freed']:,} objects")
    print(f"actions persisted: {r['persisted']:.0f} ({r['persisted_per_s']:.0f}/s; "
          f"human clicks {r['human_actions_per_s']:.0f}/s)")
    print(f"bot REST requests outside interactions: {r['rest_per_s']:.1f}/s on average; "
          f"in the busiest second {r['left_peak_per_s']:.0f} left the bot, "
          f"{r['rest_peak_per_s']:.0f} reached the fake (Discord's global limit is 50/s; "
          "the fake does not enforce it, and shares the bot's loop: a stall delays its count)")
    print("  by route: " + ", ".join(f"{kind} {n:.1f}/s" for kind, n in r["rest_kinds"].items()))
    print("interaction responses and their edits (outside the budget): " + ", ".join(
        f"{kind} {n:.1f}/s" for kind, n in r["answer_kinds"].items()))
    print("  waits in the budget: " + ", ".join(
        f"{need} p50 {1000 * statistics.median(w):.0f} ms, p99 {1000 * _quantile(w, 0.99):.0f} ms"
        f" ({len(w)})" for need, w in sorted(r["budget_waits"].items())))
    print(f"process CPU {r['cpu_s']:.1f} s for {r['seconds']:.1f} s of play "
          f"({r['cpu_ms_per_action']:.1f} ms per persisted action: bot + fake"
          f"{'' if args.ai_processes else ' + AI threads'}); "
          f"load average {r['load']:.1f} on {os.cpu_count()} cores; peak memory (RSS) "
          f"{r['max_rss_mib']:.0f} MiB, the fake's included")
    print(f"worker processes CPU {r['workers_cpu_s']:.1f} s ({r['workers_ms_per_action']:.1f} ms "
          f"per persisted action: AI moves, {args.picture_processes} picture worker(s))")
    if r["stuck"]:  # a database thread left running would keep the process alive
        sys.stdout.flush()
        os._exit(0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
