"""Keep the garbage collector's full passes short once the bot has loaded its open tables.

CPython's full (generation 2) collection walks every container object the collector tracks,
and runs on the event loop's thread: with thousands of open tables loaded (each a pydantic
game state with its hands, tricks and seats), one pass stalled the loop for tens to hundreds of
milliseconds (issue 15; ``python -m bench.gc_tables`` measures it). What startup loads (the
modules, the cogs, the tables open at that moment) mostly lives as long as the process, so
`freeze_startup_heap` moves it to the collector's permanent generation, which no collection
walks. Objects made afterwards (new tables, new states after each move) are collected as before.

The price: a frozen object that later becomes part of unreachable cyclic garbage is not freed
while it stays frozen (acyclic ones still go by reference counting, as most do). The open
tables need no more: the service parks every table it has not read lately as one tuple the
collector does not track (`bot.service.live._Live`), opened before the freeze or after.

In play the Discord layer's objects grow the heap instead (messages, views, tasks in flight,
what a thousand busy tables keep for minutes): CPython runs a full pass each time the objects
promoted since the last one reach a quarter of what that one left, and each pass walks them
all, a few hundred milliseconds at 1,000 tables. `HeapKeeper` keeps them out of the way
generationally: after a full pass that left `FREEZE_AT` objects or more it freezes them, so the
next full passes walk only what came since; and every `REFRESH_S` it thaws everything for one
full pass of the whole heap, which frees the cyclic garbage frozen meanwhile (a view, a task's
cycle), so what is held that way is bounded by what a few minutes leave.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from typing import Any, ClassVar

log = logging.getLogger(__name__)

_frozen = False

THRESHOLD = (700, 4, 10)
"""`gc.set_threshold` once the heap is frozen (CPython's default second threshold is 10): each
move leaves a new state alive, so with 10 a generation-1 pass walks the survivors of many
moves at once; with 4 it walks fewer each time, for the same total collector time, since each
survivor is walked once in generation 1 either way (``bench.gc_tables --threshold`` compares
them)."""


def freeze_heap() -> None:
    """Collect, freeze everything still alive, and set `THRESHOLD` (``bench.gc_tables``)."""
    gc.collect()  # garbage of the loading itself is freed, not frozen
    gc.freeze()
    gc.set_threshold(*THRESHOLD)


def freeze_startup_heap() -> bool:
    """`freeze_heap` once the bot has loaded its open tables: the first call in a process only.

    Returns whether this call froze (False when an earlier start in this process already
    did: the e2e tests start many bots in one process, and the real bot starts once).
    """
    global _frozen
    if _frozen:
        return False
    _frozen = True
    freeze_heap()
    log.info("froze %d objects loaded at startup out of the collector's reach",
             gc.get_freeze_count())
    return True


REFRESH_S = 300.0
"""How often `HeapKeeper` thaws the heap for one full pass of it all: the longest pause it
leaves, once in so long, and the longest any cyclic garbage stays frozen."""
FREEZE_AT = 25_000
"""`HeapKeeper` freezes after a full pass that left at least this many objects unfrozen: each
freeze also catches what is alive only for a moment then (requests in flight), which stays
until the next refresh, so it freezes no more often than the full passes' length needs."""
CHECK_S = 1.0
"""How often `HeapKeeper` looks whether a refresh is due."""


class HeapKeeper:
    """Freeze what a big full collection leaves, the moment it ends; thaw and collect all every
    ``refresh_s``. The collector is the process's: the first keeper started acts for all of a
    process's bots (the e2e tests run many in one)."""

    _active: ClassVar[list[HeapKeeper]] = []
    _installed = False

    def __init__(self, refresh_s: float = REFRESH_S, *, freeze_at: int = FREEZE_AT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.refresh_s = refresh_s
        self.freeze_at = freeze_at
        self._clock = clock
        self._refreshed = clock()
        self._refreshing = False
        self._task: asyncio.Task[None] | None = None
        self.freezes = 0
        self.refreshes = 0

    @staticmethod
    def _after_pass(phase: str, info: dict[str, Any]) -> None:
        """`gc.callbacks`: right after a full pass, everything left is alive (it may run in
        any thread that allocated; it holds the GIL, and freezing only moves lists)."""
        if phase == "stop" and info["generation"] == 2 and HeapKeeper._active:
            HeapKeeper._active[0].after_full_pass()

    def after_full_pass(self) -> None:
        if not self._refreshing and len(gc.get_objects(2)) >= self.freeze_at:
            gc.freeze()
            self.freezes += 1

    def start(self) -> None:
        if not HeapKeeper._installed:
            gc.callbacks.append(HeapKeeper._after_pass)
            HeapKeeper._installed = True
        HeapKeeper._active.append(self)
        self._task = asyncio.get_running_loop().create_task(self._run(), name="parlour-heap")

    def stop(self) -> None:
        if self in HeapKeeper._active:
            HeapKeeper._active.remove(self)
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(CHECK_S)
            self.tend()

    def tend(self) -> None:
        """Thaw, collect all and freeze again when a refresh is due."""
        if self._clock() - self._refreshed < self.refresh_s:
            return
        self._refreshed = self._clock()
        self._refreshing = True
        try:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
        finally:
            self._refreshing = False
        self.refreshes += 1
