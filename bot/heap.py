"""Keep the garbage collector's full passes short once the bot has loaded its open tables.

CPython's full (generation 2) collection walks every container object the collector tracks,
and runs on the event loop's thread: with thousands of open tables loaded (each a pydantic
game state with its hands, tricks and seats), one pass stalled the loop for tens to hundreds of
milliseconds (issue 15; ``python -m bench.gc_tables`` measures it). What startup loads (the
modules, the cogs, the tables open at that moment) mostly lives as long as the process, so
`freeze_startup_heap` moves it to the collector's permanent generation, which no collection
walks. Objects made afterwards (new tables, new states after each move) are collected as before.

The price: a frozen object that later becomes part of unreachable cyclic garbage is never
freed (acyclic ones still go by reference counting, as most do). That is bounded by what
startup held, once per process. It is not done again later: what would be frozen then (the
Discord layer's views, tasks in flight) holds cycles that would leak at every freeze. The open
tables need no more: the service parks every table it has not read lately as one tuple the
collector does not track (`bot.service.live._Live`), opened before the freeze or after.
"""

from __future__ import annotations

import gc
import logging

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
