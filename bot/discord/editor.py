"""Coalesced message edits: the first change at once, what follows coalesced, always ending on
the latest.

A fast table (AI seats answer at once) changes many times a second; Discord allows about five
edits per five seconds per channel. A change is shown at once while the key's budget allows;
follow-ups within the interval (and anything beyond the budget) wait, and changes that arrive
meanwhile replace each other so only the newest is sent.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
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

    def ready(self) -> bool:
        """Whether ``acquire`` would return at once now (nobody waiting, a token free)."""
        if self._lock.locked():
            return False
        self._refill()
        return self._tokens >= 1

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
    """Sends ``send(key, item)`` for the newest item per key, within a per-key budget (and, with
    a ``limiter``, within a budget shared by all keys).

    Leading edge, trailing coalesce, within Discord's own terms: at most ``burst`` sends per
    key in any ``window`` (5 per 5 s, Discord's limit for a channel's message edits). An
    ``urgent`` item (a person's click in a game, its start or end) is sent as soon as the
    window has a place, at once as a rule: a player who clicks right after the table was
    redrawn sees the click at once instead of an interval later. Everything else (the AI's
    quick replies, lobby changes) waits until ``interval`` after the key's previous send and
    leaves ``reserve`` places of the window to clicks; items arriving meanwhile replace each
    other, so only the newest goes out.

    ``order`` gives each item a rank (a table version); an item older than one already sent or
    pending is dropped, so out-of-order updates can never roll a message back.
    """

    def __init__(
        self,
        send: Callable[[K, T], Awaitable[None]],
        interval: float,
        *,
        burst: int = 5,
        window: float | None = None,
        reserve: int = 2,
        order: Callable[[T], int] | None = None,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        limiter: RateLimiter | None = None,
    ) -> None:
        if burst < 1:
            raise ValueError("burst must be at least 1")
        self._send = send
        self._limiter = limiter
        self._interval = interval
        self._burst = burst
        self._window = 5 * interval if window is None else window
        self._reserve = reserve
        self._order = order
        self._clock = clock
        self._sleep = sleep
        self._pending: dict[K, T] = {}
        self._urgent: set[K] = set()
        self._last_rank: dict[K, int] = {}
        self._sent_at: dict[K, deque[float]] = {}
        """key -> the times of its last ``burst`` sends."""
        self._workers: dict[K, asyncio.Task[None]] = {}
        self._naps: dict[K, asyncio.Task[None]] = {}
        self._hurry = False

    def _now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    def _wait(self, key: K, *, urgent: bool | None = None) -> float:
        """Seconds until the pending item of ``key`` may go out (0: now)."""
        sent = self._sent_at.get(key)
        if self._interval <= 0 or not sent or self._hurry:
            return 0.0
        now = self._now()
        if urgent is None:
            urgent = key in self._urgent
        recent = [t for t in sent if t > now - self._window]
        places = self._burst if urgent else max(1, self._burst - self._reserve)
        wait = 0.0
        if len(recent) >= places:  # wait until enough of them leave the window
            wait = recent[len(recent) - places] + self._window - now
        if not urgent:
            wait = max(wait, sent[-1] + self._interval - now)
        return wait if wait > 1e-6 else 0.0  # float dust after a sleep of exactly the wait

    def submit(self, key: K, item: T, *, urgent: bool = False) -> bool:
        """Queue ``item`` as the newest state for ``key``; returns at once. True when it goes
        out without waiting for the budget (the caller may await ``flush(key)`` to know it
        was sent)."""
        if self._order is not None:
            rank = self._order(item)
            pending = self._pending.get(key)
            newest = max(
                self._last_rank.get(key, -1),
                self._order(pending) if pending is not None else -1,
            )
            if rank < newest:
                return False
        self._pending[key] = item
        if urgent:
            self._urgent.add(key)
        elif key in self._urgent and self._wait(key, urgent=True) > 0:
            # A click that waits is joined by the AI's replies: one trailing edit for both,
            # which leaves the places kept for clicks to the next one.
            self._urgent.discard(key)
        now = self._wait(key) <= 0 and (self._limiter is None or self._limiter.ready())
        worker = self._workers.get(key)
        if worker is None or worker.done():
            self._workers[key] = asyncio.create_task(self._run(key), name=f"edit-{key}")
        elif now and (nap := self._naps.get(key)) is not None:
            nap.cancel()  # the worker waits for a non-urgent gap this item need not keep
        return now

    async def _run(self, key: K) -> None:
        while key in self._pending:
            wait = self._wait(key)
            if wait > 0:
                nap = asyncio.ensure_future(self._sleep(wait))
                self._naps[key] = nap
                try:
                    await asyncio.wait({nap})  # an urgent submit may cut the nap short
                finally:
                    self._naps.pop(key, None)
                    nap.cancel()
                continue
            if self._limiter is not None:
                await self._limiter.acquire()  # meanwhile newer items replace the pending one
            item = self._pending.pop(key)
            self._urgent.discard(key)
            if self._order is not None:
                self._last_rank[key] = self._order(item)
            if self._interval > 0:
                self._sent_at.setdefault(key, deque(maxlen=self._burst)).append(self._now())
            try:
                await self._send(key, item)
            except Exception:
                log.exception("editing the message for %r failed", key)
        self._workers.pop(key, None)

    def hurry(self) -> None:
        """From now on send without the per-key pacing (shutdown: the last states go out now,
        not in a few seconds; the shared limiter still applies)."""
        self._hurry = True
        for nap in list(self._naps.values()):
            nap.cancel()

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
