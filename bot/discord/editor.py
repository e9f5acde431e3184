"""Coalesced message edits: at most one edit per key per interval, always ending on the latest.

A fast table (AI seats answer at once) changes many times a second; Discord allows about five
edits per five seconds per channel. The first change is shown at once, later ones wait out the
interval, and changes that arrive meanwhile replace each other so only the newest is sent.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


class RateLimiter:
    """A token bucket shared by every table: on average at most ``rate`` sends a second, in
    bursts of up to ``burst``. Waiters are served in arrival order (asyncio.Lock is FIFO).

    Discord allows a bot about 50 requests a second outside interaction callbacks; with many
    busy tables, per-table coalescing alone would exceed it, so table-message edits draw from
    a budget below it and each table's edits simply come less often (always the newest)."""

    def __init__(
        self,
        rate: float,
        burst: float = 1.0,
        *,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("rate must be positive and burst at least 1")
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._clock = clock
        self._sleep = sleep
        self._updated: float | None = None
        self._lock = asyncio.Lock()

    def _now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    def try_acquire(self) -> bool:
        """Take a token if one is free now, without waiting: for optional requests (tidying up
        old DMs) that are better skipped than queued behind the table edits."""
        if self._lock.locked():
            return False  # someone is already waiting: they come first
        self._refill()
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def _refill(self) -> None:
        now = self._now()
        if self._updated is not None:
            elapsed = max(0.0, now - self._updated)
            self._tokens = min(self.burst, self._tokens + elapsed * self.rate)
        self._updated = now

    async def acquire(self) -> None:
        async with self._lock:
            while True:
                self._refill()
                if self._tokens >= 1:
                    self._tokens -= 1
                    return
                await self._sleep((1 - self._tokens) / self.rate)


class CoalescingEditor(Generic[K, T]):
    """Sends ``send(key, item)`` for the newest item per key, spaced by ``interval`` seconds
    (and, with a ``limiter``, within a budget shared by all keys).

    ``order`` gives each item a rank (a table version); an item older than one already sent or
    pending is dropped, so out-of-order updates can never roll a message back.
    """

    def __init__(
        self,
        send: Callable[[K, T], Awaitable[None]],
        interval: float,
        *,
        order: Callable[[T], int] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        limiter: RateLimiter | None = None,
    ) -> None:
        self._send = send
        self._limiter = limiter
        self._interval = interval
        self._order = order
        self._sleep = sleep
        self._pending: dict[K, T] = {}
        self._last_rank: dict[K, int] = {}
        self._workers: dict[K, asyncio.Task[None]] = {}

    def submit(self, key: K, item: T) -> None:
        """Queue ``item`` as the newest state for ``key``; returns at once."""
        if self._order is not None:
            rank = self._order(item)
            pending = self._pending.get(key)
            newest = max(
                self._last_rank.get(key, -1),
                self._order(pending) if pending is not None else -1,
            )
            if rank < newest:
                return
        self._pending[key] = item
        worker = self._workers.get(key)
        if worker is None or worker.done():
            self._workers[key] = asyncio.create_task(self._run(key), name=f"edit-{key}")

    async def _run(self, key: K) -> None:
        while key in self._pending:
            if self._limiter is not None:
                await self._limiter.acquire()  # meanwhile newer items replace the pending one
            item = self._pending.pop(key)
            if self._order is not None:
                self._last_rank[key] = self._order(item)
            try:
                await self._send(key, item)
            except Exception:
                log.exception("editing the message for %r failed", key)
            if key in self._pending or self._interval > 0:
                await self._sleep(self._interval)
        self._workers.pop(key, None)

    async def flush(self, key: K | None = None) -> None:
        """Wait until everything submitted (for ``key``, or for all keys) has been sent."""
        while True:
            tasks = [
                t for k, t in self._workers.items() if (key is None or k == key) and not t.done()
            ]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    def pending(self, key: K) -> bool:
        return key in self._pending or key in self._workers
