"""Coalesced message edits: the first change at once, what follows coalesced, always ending on
the latest.

A fast table (AI seats answer at once) changes many times a second; Discord allows about five
edits per five seconds per channel. A change is shown at once while the key's budget allows;
follow-ups within the interval (and anything beyond the budget) wait, and changes that arrive
meanwhile replace each other so only the newest is sent. With many busy tables per-table
coalescing alone would exceed Discord's global limit, so each edit also waits its turn in the
bot's `RestBudget`: each table's edits then simply come less often (always the newest).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

from bot.discord.rest_budget import Need, RestBudget

log = logging.getLogger(__name__)

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")

URGENT, LATER = 0.0, 1.0
"""Urgencies of an edit in the budget: one that shows a person's click, and the others."""


class CoalescingEditor(Generic[K, T]):
    """Sends ``send(key, item)`` for the newest item per key, within a per-key budget (and, with
    a ``budget``, within the budget shared by all requests).

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

    With a ``budget`` every send waits for its slot there (an urgent item before the others);
    ``redone`` tells the budget at shutdown whether a restart would redraw the key's pending
    item anyway (then it may be dropped).
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
        budget: RestBudget | None = None,
        redone: Callable[[T], bool] | None = None,
    ) -> None:
        if burst < 1:
            raise ValueError("burst must be at least 1")
        self._send = send
        self._budget = budget
        self._redone = redone
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
        now = self._wait(key) <= 0 and (self._budget is None or self._budget.free())
        if urgent and self._budget is not None:
            self._budget.hasten(self._slot_key(key), URGENT)  # a queued edit now shows a click
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
            if self._budget is not None and not await self._budget.slot(
                Need.TABLE, urgency=URGENT if key in self._urgent else LATER,
                key=self._slot_key(key), redone=lambda: self._restart_redraws(key),
            ):  # meanwhile newer items replace the pending one
                self._pending.pop(key, None)  # shutting down: a restart redraws it
                self._urgent.discard(key)
                continue
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

    def lead(self, key: K, need: Need, urgency: float) -> None:
        """A request of ``need`` must follow the key's pending send: let that one go first."""
        if self._budget is not None and key in self._pending:
            self._budget.hasten(self._slot_key(key), urgency, need)

    def _slot_key(self, key: K) -> tuple[int, K]:
        return (id(self), key)

    def _restart_redraws(self, key: K) -> bool:
        pending = self._pending.get(key)
        return pending is not None and self._redone is not None and self._redone(pending)

    def hurry(self) -> None:
        """From now on send without the per-key pacing (shutdown: the last states go out now,
        not in a few seconds; the shared budget still applies)."""
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
