"""Every open table's one deadline in one heap, waited on by one task.

A task sleeping per table cost each move a new Task with its coroutines, contexts, futures and
timer handles: about 15 objects the garbage collector walks in every full pass, for as long as
the turn lasts. Here a table's deadline is one tuple of numbers (which the collector stops
tracking) and the table's id in a dict of numbers (which it never tracks), so thousands of
waiting tables add nothing to a full pass. A stale entry (re-armed or disarmed) stays in the
heap until it comes up and is dropped then.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
from collections.abc import Callable

from bot.service.clock import Clock

log = logging.getLogger(__name__)


class Deadlines:
    """Calls ``due(table_id)`` once a table's deadline has passed on ``clock``."""

    def __init__(self, clock: Clock, due: Callable[[int], None]) -> None:
        self.clock = clock
        self._due = due
        self._heap: list[tuple[float, int, int]] = []
        """(deadline as a POSIX timestamp, arming number, table id), soonest first."""
        self._armed: dict[int, int] = {}
        """table id -> the arming number of its live entry."""
        self._count = 0
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def arm(self, table_id: int, deadline: float) -> None:
        """The table's deadline is now ``deadline`` (its earlier one no longer counts)."""
        self._count += 1
        self._armed[table_id] = self._count
        if not self._heap or deadline < self._heap[0][0]:
            self._changed.set()  # sooner than what the waiter sleeps for
        heapq.heappush(self._heap, (deadline, self._count, table_id))
        self._ensure_running()

    def disarm(self, table_id: int) -> None:
        self._armed.pop(table_id, None)

    def armed(self, table_id: int) -> bool:
        return table_id in self._armed

    def armed_any(self) -> bool:
        return bool(self._armed)

    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def restart(self) -> None:
        """Start the waiter again (the watchdog, should it ever have stopped)."""
        self._ensure_running()

    def _ensure_running(self) -> None:
        if not self.running():
            self._task = asyncio.get_running_loop().create_task(
                self._run(), name="parlour-deadlines")

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def _drop_stale(self) -> None:
        heap = self._heap
        while heap and self._armed.get(heap[0][2]) != heap[0][1]:
            heapq.heappop(heap)

    async def _run(self) -> None:
        while True:
            self._drop_stale()
            self._changed.clear()
            if not self._heap:
                await self._changed.wait()
                continue
            delay = self._heap[0][0] - self.clock.now().timestamp()
            if delay > 0:
                await self._sleep_unless_changed(delay)
                continue
            _, _, table_id = heapq.heappop(self._heap)
            del self._armed[table_id]
            try:
                self._due(table_id)
            except Exception:
                log.exception("the deadline of table %s could not be acted on", table_id)

    async def _sleep_unless_changed(self, delay: float) -> None:
        """Sleep ``delay`` on the clock, or less if a sooner deadline comes meanwhile."""
        sleeping = asyncio.ensure_future(self.clock.sleep(delay))
        changed = asyncio.ensure_future(self._changed.wait())
        try:
            await asyncio.wait({sleeping, changed}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in (sleeping, changed):
                waiter.cancel()
