"""The coalescing editor: first change at once, then at most one edit per interval, ending on the
latest state, never going back to an older version. Time is a fake the test steps by hand."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord.editor import CoalescingEditor, RateLimiter


class FakeClock:
    """``sleep`` blocks until the test calls ``tick``; nothing depends on wall-clock time."""

    def __init__(self) -> None:
        self.sleepers: list[asyncio.Future[None]] = []

    async def sleep(self, _seconds: float) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sleepers.append(fut)
        await fut

    async def tick(self) -> None:
        sleepers, self.sleepers = self.sleepers, []
        for fut in sleepers:
            fut.set_result(None)
        for _ in range(5):
            await asyncio.sleep(0)


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_bursts_are_coalesced_to_the_latest() -> None:
    clock = FakeClock()
    sent: list[tuple[str, int]] = []

    async def send(key: str, item: int) -> None:
        sent.append((key, item))

    editor: CoalescingEditor[str, int] = CoalescingEditor(
        send, 1.0, order=lambda v: v, sleep=clock.sleep
    )
    editor.submit("t", 1)
    await _settle()
    assert sent == [("t", 1)]  # the first change shows at once
    for v in range(2, 10):
        editor.submit("t", v)
    await _settle()
    assert sent == [("t", 1)]  # the rest waits out the interval
    await clock.tick()
    assert sent == [("t", 1), ("t", 9)]  # ... and only the newest goes out
    await clock.tick()
    await editor.flush()
    assert sent == [("t", 1), ("t", 9)]
    assert not editor.pending("t")


async def test_older_versions_never_overwrite_newer() -> None:
    clock = FakeClock()
    sent: list[int] = []

    async def send(_key: int, item: int) -> None:
        sent.append(item)

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 1.0, order=lambda v: v, sleep=clock.sleep
    )
    editor.submit(1, 5)
    await _settle()
    editor.submit(1, 4)  # late delivery of an older update
    editor.submit(1, 7)
    editor.submit(1, 6)
    await clock.tick()
    await clock.tick()
    await editor.flush()
    assert sent == [5, 7]


async def test_keys_are_independent_and_failures_do_not_stop_the_worker() -> None:
    clock = FakeClock()
    sent: list[tuple[int, int]] = []

    async def send(key: int, item: int) -> None:
        if item == 2:
            raise RuntimeError("Discord said no")
        sent.append((key, item))

    editor: CoalescingEditor[int, int] = CoalescingEditor(send, 1.0, sleep=clock.sleep)
    editor.submit(1, 1)
    editor.submit(2, 2)
    await _settle()
    assert sent == [(1, 1)]
    editor.submit(2, 3)
    await clock.tick()
    await clock.tick()
    await editor.flush()
    assert sent == [(1, 1), (2, 3)]


async def test_zero_interval_sends_everything_in_order() -> None:
    sent: list[int] = []

    async def send(_key: int, item: int) -> None:
        sent.append(item)

    editor: CoalescingEditor[int, int] = CoalescingEditor(send, 0.0, order=lambda v: v)
    editor.submit(1, 1)
    await editor.flush()
    editor.submit(1, 2)
    await editor.flush()
    assert sent == [1, 2]


class ManualTime:
    """A clock and a sleep the test advances by hand (no wall-clock time involved)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sleepers.append((self.now + seconds, fut))
        await fut

    async def advance(self, seconds: float) -> None:
        self.now += seconds
        due = [(t, f) for t, f in self.sleepers if t <= self.now + 1e-9]
        self.sleepers = [(t, f) for t, f in self.sleepers if t > self.now + 1e-9]
        for _, fut in due:
            fut.set_result(None)
        await _settle()


async def test_a_shared_budget_paces_all_tables_and_each_still_ends_on_its_latest() -> None:
    time = ManualTime()
    limiter = RateLimiter(2.0, burst=2, clock=time.clock, sleep=time.sleep)
    sent: list[tuple[int, int]] = []

    async def send(key: int, item: int) -> None:
        sent.append((key, item))

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 0.0, order=lambda v: v, limiter=limiter
    )
    for key in range(6):
        editor.submit(key, 1)
    await _settle()
    assert len(sent) == 2  # the burst
    for key in range(6):
        editor.submit(key, 2)  # newer states arrive while the tables wait for the budget
    await time.advance(0.5)
    assert len(sent) == 3  # 2 a second: one more every half second
    for _ in range(20):
        await time.advance(0.5)
    await editor.flush()
    latest = {key: item for key, item in sent}
    assert latest == {key: 2 for key in range(6)}  # every table ends on its newest state
    # the four tables that waited sent only their newest state: 2 + 6 edits, not 12
    assert sorted(sent) == sorted([(0, 1), (1, 1)] + [(key, 2) for key in range(6)])


def test_a_limiter_needs_a_positive_rate() -> None:
    with pytest.raises(ValueError):
        RateLimiter(0)


async def test_try_acquire_takes_a_free_token_and_never_waits() -> None:
    """Optional requests (deleting an old DM) take a token only when one is free now."""
    now = [0.0]
    limiter = RateLimiter(2.0, burst=1, clock=lambda: now[0])
    assert limiter.try_acquire()
    assert not limiter.try_acquire()  # empty bucket: skipped, not queued
    now[0] += 0.25
    assert not limiter.try_acquire()  # half a token
    now[0] += 0.25
    assert limiter.try_acquire()
