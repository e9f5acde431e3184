"""One heap of deadlines and one waiter for every table (`bot.service.deadlines`), on a clock
the test moves by hand."""

from __future__ import annotations

import asyncio
import gc

from bot.service.deadlines import Deadlines
from tests.clocks import ManualClock
from tests.service.conftest import Harness


class Fired:
    """The tables whose deadline came up, in order; waited for by count."""

    def __init__(self) -> None:
        self.tables: list[int] = []
        self._changed = asyncio.Event()

    def __call__(self, table_id: int) -> None:
        self.tables.append(table_id)
        self._changed.set()

    async def count(self, n: int) -> list[int]:
        while len(self.tables) < n:
            self._changed.clear()
            await asyncio.wait_for(self._changed.wait(), 10)
        return self.tables


def _at(clock: ManualClock, seconds: float) -> float:
    return clock.now().timestamp() + seconds


async def test_deadlines_come_up_in_their_order_and_only_when_due() -> None:
    clock, fired = ManualClock(), Fired()
    deadlines = Deadlines(clock, fired)
    try:
        deadlines.arm(1, _at(clock, 30))
        deadlines.arm(2, _at(clock, 10))
        deadlines.arm(3, _at(clock, 20))
        await clock.advance(15)
        assert await fired.count(1) == [2]
        await clock.advance(20)
        assert await fired.count(3) == [2, 3, 1]
        assert not any(deadlines.armed(t) for t in (1, 2, 3))
    finally:
        await deadlines.close()


async def test_a_rearmed_or_disarmed_deadline_no_longer_counts() -> None:
    clock, fired = ManualClock(), Fired()
    deadlines = Deadlines(clock, fired)
    try:
        deadlines.arm(1, _at(clock, 10))
        deadlines.arm(2, _at(clock, 10))
        deadlines.arm(1, _at(clock, 50))  # table 1 moved on: a new deadline
        deadlines.disarm(2)  # table 2 closed
        deadlines.arm(3, _at(clock, 20))
        await clock.advance(30)
        assert await fired.count(1) == [3]
        assert deadlines.armed(1) and not deadlines.armed(2)
        await clock.advance(30)
        assert await fired.count(2) == [3, 1]
    finally:
        await deadlines.close()


async def test_a_sooner_deadline_wakes_the_waiter_sleeping_for_a_later_one() -> None:
    clock, fired = ManualClock(), Fired()
    deadlines = Deadlines(clock, fired)
    try:
        deadlines.arm(1, _at(clock, 600))
        await asyncio.sleep(0)  # the waiter sleeps for 600 s
        deadlines.arm(2, _at(clock, 5))
        await clock.advance(5)  # waits until something sleeps for 5 s or less
        assert await fired.count(1) == [2]
    finally:
        await deadlines.close()


async def test_waiting_tables_add_nothing_for_the_garbage_collector_to_walk() -> None:
    clock, fired = ManualClock(), Fired()
    deadlines = Deadlines(clock, fired)
    try:
        deadlines.arm(0, _at(clock, 3600))
        gc.collect()
        before = len(gc.get_objects())
        for table_id in range(1, 2001):
            deadlines.arm(table_id, _at(clock, 3600 + table_id))
        for table_id in range(1, 2001, 2):
            deadlines.arm(table_id, _at(clock, 7200))  # re-armed: a stale entry stays a while
        gc.collect()
        assert len(gc.get_objects()) - before < 20  # not one object per table
    finally:
        await deadlines.close()


async def test_the_watchdog_restarts_a_stopped_waiter(harness: Harness) -> None:
    clock = ManualClock()
    svc, rec = await harness.open(turn_timeout_s=60, clock=clock)
    info = await svc.create(game_key="toy", channel_id=1, guild_id=5, host_id=301,
                            host_name="Ann", players=2, options={"pile": 200, "max_take": 1})
    info = await svc.join(info.id, 302, "Bob")
    info = await svc.start_game(info.id, 301)
    await svc._deadlines.close()  # the waiter is gone (as if it had crashed)
    assert not svc._deadlines.running()
    assert svc.check_tables() == 1
    await clock.advance(60)  # and the turn still runs out
    late = await rec.wait_for(lambda u: u.reason == "timeout")
    assert late.table.id == info.id
