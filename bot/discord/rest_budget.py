"""One budget for every REST request outside interaction responses: Discord's global limit.

Discord allows a bot 50 requests a second across all its routes (interaction callbacks and
their webhooks aside) and answers a flood with 429s that stall every table. So every sender of
the kit asks `RestBudget.slot` before its request. A token bucket paces the requests (``rate`` a
second, bursts of ``burst``); while they queue, the most needed goes first: a person waiting on
their command, then turn offers (the earliest turn deadline first), then what the tables show,
then tidy-ups. A request that waited past its need's patience goes before fresh ones, so
nothing starves. A newer request for the same thing (``key``) replaces a queued one. At
shutdown what a restart redoes is dropped at once, the rest still goes out for a while.

Requests that may wait for minutes under load (tidy-ups) queue as data in a `Backlog`, one ask
at a time, instead of each as a suspended task: a thousand busy tables left thousands of those
waiting, and every full collection of the garbage collector walked them (issue 15).

A request may leave some time after its slot (a picture is drawn first), so requests granted
a second apart could reach Discord together: `WireGate`, on the HTTP client itself, keeps the
same pace where they leave, in the order they come.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import math
from collections import deque
from collections.abc import Awaitable, Callable, Hashable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

log = logging.getLogger(__name__)

REST_PER_S = 45.0
"""Sustained requests a second: below Discord's 50, leaving room for what discord.py sends by
itself (command sync, a retried request)."""
BURST = 5.0
"""Requests that may go out at once after a quiet moment: with ``REST_PER_S`` at most 50 in
any second."""

WIRE_HEADROOM = 16 / 15
"""How much faster than the budget `WireGate` lets requests leave (48 in any second for 45; a
process given its share of Discord's 50 keeps its share of 48): two limits of one pace in a row
never drain what bunched up between them while the budget grants its full pace (the gate kept
a second's requests or more for minutes)."""


def wire_limit(rate: float) -> int:
    """`WireGate`'s limit a second for a budget of ``rate`` a second."""
    return max(1, math.floor(rate * WIRE_HEADROOM + 1e-9))

_WHOLE = 1 - 1e-9
"""A token, give or take float dust (a sleep of exactly the wait may refill 0.99999...)."""
NO_DEADLINE = math.inf
"""The urgency of a turn offer without a deadline: after those with one."""


class Need(IntEnum):
    """Why a request is made, most needed first."""

    COMMAND = 0
    """A person waits on it now: a thread or DM their command opens, the message it posts."""
    TURN = 1
    """A turn offered: the hand DM with its buttons, or the channel reminder of closed DMs."""
    TABLE = 2
    """What a table shows: its message, notices, round posts, hand DMs redrawn."""
    TIDY = 3
    """Deleting what is no longer needed: old hand DMs, reminders whose turn passed."""


PATIENCE_S: Mapping[Need, float] = {Need.TABLE: 10.0, Need.TIDY: 30.0}
"""How long a request of these needs waits behind more needed ones before it is overdue."""
OVERDUE_SHARE = 5
"""While more needed requests wait, one slot in this many goes to the longest overdue request:
nothing starves, and a backlog of overdue redraws never holds up the turn offers for long."""

Redone = bool | Callable[[], bool]
"""Whether a restart would send the request again (then shutdown may drop it): a flag, or a
question asked at shutdown (a table edit is redone while its table is open)."""


@dataclass(frozen=True)
class Ask:
    """What a sender tells the budget about its request (see `RestBudget.slot`)."""

    need: Need
    urgency: float = 0.0
    key: Hashable | None = None
    final: bool = False
    redone: bool = False
    rank: float = 0.0


@dataclass(eq=False)
class _Ask:
    """One queued request."""

    need: Need
    urgency: float
    seq: int
    at: float
    key: Hashable | None
    final: bool
    rank: float
    redone: Redone
    future: asyncio.Future[bool] = field(repr=False)

    def restart_redoes(self) -> bool:
        return self.redone() if callable(self.redone) else self.redone


class RestBudget:
    """The token bucket and the queue of requests waiting for it (one per bot process). A
    ``rate`` of None paces nothing (tests that turn all pacing off); shutdown still applies."""

    def __init__(
        self,
        rate: float | None = REST_PER_S,
        burst: float = BURST,
        *,
        patience: Mapping[Need, float] = PATIENCE_S,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if (rate is not None and rate <= 0) or burst < 1:
            raise ValueError("rate must be positive and burst at least 1")
        self.rate = rate
        self.burst = burst
        self._patience = dict(patience)
        self._clock = clock
        self._sleep = sleep
        self._tokens = burst
        self._updated: float | None = None
        self._seq = 0
        self._heaps: dict[Need, list[tuple[float, int, _Ask]]] = {n: [] for n in Need}
        """need -> (urgency, seq, ask): the most urgent first (entries of settled or hastened
        asks are skipped when they come up)."""
        self._arrivals: dict[Need, deque[_Ask]] = {n: deque() for n in self._patience}
        """need -> asks in arrival order, to find the one that waited past its patience."""
        self._keyed: dict[Hashable, _Ask] = {}
        self._waiting = 0
        self._pump: asyncio.Task[None] | None = None
        self._closing = False
        self._cutoff: float | None = None
        self._passed_over = 0
        """Slots given to more needed requests since an overdue one last had one."""
        self.granted: dict[Need, int] = dict.fromkeys(Need, 0)
        """Requests let through so far, by need (diagnostics)."""
        self.dropped = 0
        """Requests replaced by newer ones or dropped at shutdown."""

    # ------------------------------------------------------------------ asking
    def free(self) -> bool:
        """Whether a request asked now goes out at once (nobody queued, a token free)."""
        if self._waiting or self._cut():
            return False
        if self.rate is None:
            return True
        self._refill()
        return self._tokens >= _WHOLE

    async def slot(
        self,
        need: Need,
        *,
        urgency: float = 0.0,
        key: Hashable | None = None,
        final: bool = False,
        redone: Redone = False,
        rank: float = 0.0,
        since: float | None = None,
    ) -> bool:
        """Wait until the request may go out: True, send it now; False, do not send it (a
        newer request with the same ``key`` replaced it, or the bot is shutting down).

        ``urgency``: lower goes first within a need (a turn offer's deadline as a timestamp).
        ``final``: the request ends what ``key`` names (a delete): a later request with that
        key is refused while it waits, instead of replacing it. ``rank``: a request replaces a
        queued one of the same key unless that one ranks higher (a turn offer of a newer table
        version is never replaced by an older one that comes late); then it is refused.
        ``since``: when the need arose, if before now (a `Backlog`'s oldest item): its
        patience counts from then.
        """
        if self._cut() or (self._closing and _redoes(redone)):
            self.dropped += 1
            return False
        if key is not None and (queued := self._keyed.get(key)) is not None:
            if queued.final or queued.rank > rank:
                self.dropped += 1
                return False  # a delete, or a newer request, is queued
            self._settle(queued, False)
        if self.rate is None:
            self.granted[need] += 1
            return True
        if not self._waiting:
            self._refill()
            if self._tokens >= _WHOLE:
                self._tokens -= 1
                self.granted[need] += 1
                return True
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._seq += 1
        at = self._now() if since is None else since
        ask = _Ask(need, urgency, self._seq, at, key, final, rank, redone, future)
        self._waiting += 1
        future.add_done_callback(lambda _: self._forget(ask))
        heapq.heappush(self._heaps[need], (urgency, ask.seq, ask))
        if need in self._arrivals:
            _arrive(self._arrivals[need], ask)
        if key is not None:
            self._keyed[key] = ask
        if self._pump is None or self._pump.done():
            self._pump = asyncio.get_running_loop().create_task(self._run(), name="rest-budget")
        return await future  # cancelled with its waiter: then it is simply not sent

    async def take(self, ask: Ask) -> bool:
        """`slot` for a request described by ``ask``."""
        return await self.slot(ask.need, urgency=ask.urgency, key=ask.key, final=ask.final,
                               redone=ask.redone, rank=ask.rank)

    def hasten(self, key: Hashable, urgency: float, need: Need | None = None) -> None:
        """The queued request for ``key`` became more urgent (a click joined a queued edit),
        or more needed (a table's edit that a turn's reminder in the same channel follows)."""
        ask = self._keyed.get(key)
        need = ask.need if ask is not None and need is None else need
        if ask is None or ask.future.done() or need is None or (need, urgency) >= (
            ask.need, ask.urgency
        ):
            return
        ask.need, ask.urgency = need, urgency
        heapq.heappush(self._heaps[need], (urgency, ask.seq, ask))

    def withdraw(self, key: Hashable) -> None:
        """The queued request for ``key`` is not to go out (what it would do is moot)."""
        ask = self._keyed.get(key)
        if ask is not None:
            self._settle(ask, False)

    def waiting(self) -> int:
        """Requests queued now."""
        return self._waiting

    def now(self) -> float:
        """The budget's clock (for ``since``)."""
        return self._now()

    def closing(self) -> bool:
        """Whether shutdown began."""
        return self._closing

    # ------------------------------------------------------------------ shutdown
    def close(self, within: float) -> None:
        """Shutdown: drop what a restart redoes now, let the rest go out at the budget's pace
        for ``within`` seconds, then drop what is still left."""
        self._closing = True
        self._cutoff = self._now() + within
        for heap in self._heaps.values():
            for _, _, ask in list(heap):
                if not ask.future.done() and ask.restart_redoes():
                    self._settle(ask, False)

    async def settle(self) -> None:
        """Wait until nothing is queued (tests, shutdown)."""
        while self._pump is not None and not self._pump.done():
            await asyncio.wait({self._pump})

    # ------------------------------------------------------------------ inside
    def _now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    def _cut(self) -> bool:
        return self._cutoff is not None and self._now() >= self._cutoff

    def _refill(self) -> None:
        assert self.rate is not None
        now = self._now()
        if self._updated is not None:
            self._tokens = min(self.burst, self._tokens + max(0.0, now - self._updated) * self.rate)
        self._updated = now

    def _settle(self, ask: _Ask, granted: bool) -> None:
        if ask.future.done():
            return
        if granted:
            self.granted[ask.need] += 1
        else:
            self.dropped += 1
        ask.future.set_result(granted)

    def _forget(self, ask: _Ask) -> None:
        self._waiting -= 1
        if ask.key is not None and self._keyed.get(ask.key) is ask:
            del self._keyed[ask.key]

    def _next(self) -> _Ask | None:
        """The request to let through next: the most needed one, but every `OVERDUE_SHARE`th
        slot the longest overdue one (always, if nothing more needed waits)."""
        overdue, needed = self._overdue(), self._most_needed()
        if overdue is None:
            return needed
        if needed is not None and needed.need < overdue.need and (
            self._passed_over < OVERDUE_SHARE - 1
        ):
            return needed
        return overdue

    def _overdue(self) -> _Ask | None:
        """The request that waited longest past its need's patience, if any."""
        now = self._now()
        overdue: _Ask | None = None
        since = now
        for need, patience in self._patience.items():
            queue = self._arrivals[need]
            while queue and (queue[0].future.done() or queue[0].need is not need):
                queue.popleft()  # settled, or hastened to a more needed class
            if queue and queue[0].at + patience <= since:
                overdue, since = queue[0], queue[0].at + patience
        return overdue

    def _most_needed(self) -> _Ask | None:
        for need, heap in self._heaps.items():  # in the order of Need
            while heap and (heap[0][2].future.done() or heap[0][0] != heap[0][2].urgency
                            or heap[0][2].need is not need):
                heapq.heappop(heap)  # settled, or hastened: its newer entry counts
            if heap:
                return heap[0][2]
        return None

    async def _run(self) -> None:
        while (ask := self._next()) is not None:
            if self._cut():
                left = {a for heap in self._heaps.values() for _, _, a in heap
                        if not a.future.done()}
                for each in left:
                    self._settle(each, False)
                for heap in self._heaps.values():
                    heap.clear()
                log.warning("shut down with %d requests to Discord not sent", len(left))
                return
            self._refill()
            if self._tokens < _WHOLE:
                assert self.rate is not None
                await self._sleep((1 - self._tokens) / self.rate)
                continue
            self._tokens -= 1
            overdue = self._overdue()
            if overdue is ask:
                self._passed_over = 0
            elif overdue is not None:
                self._passed_over += 1
            self._settle(ask, True)


class WireGate:
    """The last check before a request leaves: at most ``limit`` in any ``window`` seconds
    (Discord's own terms), and at most twice a ``spread``-th of them in any ``spread``-th of
    it, first come first served. The budget's grants keep that pace already; this only spreads
    those that were held up after their grant and would otherwise leave in a bunch.

    Sliding windows, not a second token bucket: a bucket with a small burst loses what it
    could have sent while the event loop was held (a collection, a long step), so on a busy
    loop it let out fewer than the budget granted and its queue grew for minutes; the windows
    let the lost moments' requests go as long as no second holds more than ``limit``, and the
    short one keeps them from leaving all at once (a bunch that meets a stall on its way out
    would reach Discord in the next second). One pump lets out all the windows allow each time
    it wakes: a lock handed from waiter to waiter let one out per turn of the loop, and a busy
    loop turns fewer than 45 times a second.
    """

    def __init__(
        self,
        limit: int,
        window: float = 1.0,
        *,
        spread: int = 4,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if limit < 1 or window <= 0 or spread < 1:
            raise ValueError("limit and spread must be at least 1, window positive")
        self.limit = limit
        self.window = window
        self._short = window / spread
        self._short_limit = math.ceil(2 * limit / spread)  # twice the pace: room to catch up
        self._clock = clock
        self._sleep = sleep
        self._left: deque[float] = deque()
        """When each of the last requests left (at most ``limit``), oldest first."""
        self._queue: deque[asyncio.Future[None]] = deque()
        self._pump: asyncio.Task[None] | None = None
        self.held = 0
        """Requests that had to wait here (diagnostics: grants that bunched up)."""
        self.log: list[float] | None = None
        """When each request left, if given a list (benchmarks: what Discord would count)."""

    def _now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    def _leave(self, now: float) -> None:
        self._left.append(now)
        if self.log is not None:
            self.log.append(now)

    def _free_at(self, now: float) -> float:
        """When one more may leave (``now`` or later)."""
        left = self._left
        while left and left[0] <= now - self.window:
            left.popleft()
        at = now
        if len(left) >= self.limit:
            at = left[-self.limit] + self.window
        if len(left) >= self._short_limit:
            at = max(at, left[-self._short_limit] + self._short)
        return at

    async def wait(self) -> None:
        if not self._queue:
            now = self._now()
            if self._free_at(now) <= now:
                self._leave(now)
                return
        loop = asyncio.get_running_loop()
        turn: asyncio.Future[None] = loop.create_future()
        self._queue.append(turn)
        self.held += 1
        if self._pump is None or self._pump.done():
            self._pump = loop.create_task(self._run(), name="rest-wire-gate")
        await turn  # cancelled with its request: the pump skips it

    async def _run(self) -> None:
        while self._queue:
            now = self._now()
            while self._queue and (free_at := self._free_at(now)) <= now:
                turn = self._queue.popleft()
                if not turn.done():
                    self._leave(now)
                    turn.set_result(None)
            if self._queue:
                await self._sleep(max(free_at - now, 1e-3))

    def install(self, http: Any) -> None:
        """Put the gate in front of ``http.request`` (discord.py's `HTTPClient`): every request
        made with the bot's token, none of the interaction responses (those go by webhook)."""
        request = http.request

        async def gated(route: Any, **kwargs: Any) -> Any:
            await self.wait()
            return await request(route, **kwargs)

        http.request = gated


def _redoes(redone: Redone) -> bool:
    return redone() if callable(redone) else redone


def _arrive(queue: deque[_Ask], ask: _Ask) -> None:
    """Keep a need's arrivals in the order of their ``at`` (one asked with an early ``since``
    goes before those asked since)."""
    if not queue or queue[-1].at <= ask.at:
        queue.append(ask)
        return
    index = len(queue)
    while index and queue[index - 1].at > ask.at:
        index -= 1
    queue.insert(index, ask)


class Backlog:
    """Requests of one need kept as plain data until the budget lets each out, oldest first.

    Only the oldest waits in the budget (asked with ``since``, so its patience counts from when
    it was added, and it gets its share of slots as if all waited there); each one granted is
    sent in a task of its own while the next is asked for. A key's item can be taken back while
    it waits. ``send`` does the request and reports its own failures. Without a budget every
    item is sent at once. At shutdown the budget's cut-off ends it: what is left is dropped.
    """

    def __init__(
        self,
        budget: RestBudget | None,
        need: Need,
        send: Callable[[Any], Awaitable[None]],
        *,
        final: bool = False,
    ) -> None:
        self._budget = budget
        self._need = need
        self._send = send
        self._final = final
        self._items: dict[Hashable, tuple[Any, float]] = {}
        """key -> (item, when it was added), oldest first."""
        self._worker: asyncio.Task[None] | None = None
        self._sending: set[asyncio.Task[None]] = set()
        self.dropped = 0
        """Items dropped at shutdown (diagnostics)."""

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def add(self, key: Hashable, item: Any) -> None:
        """Queue ``item`` (a new one for a waiting key replaces it, keeping its place)."""
        if self._budget is None:
            self._spawn(item)
            return
        since = self._items[key][1] if key in self._items else self._budget.now()
        self._items[key] = (item, since)
        self._budget.withdraw(key)  # a request of this key waiting in the budget is moot now
        if self._worker is None or self._worker.done():
            self._worker = asyncio.get_running_loop().create_task(self._run(),
                                                                  name="rest-backlog")

    def discard(self, key: Hashable) -> None:
        self._items.pop(key, None)

    def busy(self) -> bool:
        """Whether items wait or are being sent."""
        return bool(self._items) or any(
            not t.done() for t in (self._worker, *self._sending) if t is not None)

    async def settle(self) -> None:
        """Wait until every item went out or was dropped."""
        while self.busy():
            await asyncio.wait({t for t in (self._worker, *self._sending)
                                if t is not None and not t.done()})

    async def _run(self) -> None:
        budget = self._budget
        assert budget is not None
        while self._items:
            key, (item, since) = next(iter(self._items.items()))
            granted = await budget.slot(self._need, key=key, final=self._final, since=since)
            if self._items.get(key, (None, 0.0))[0] is not item:
                continue  # taken back or replaced while it waited: ask again for the oldest
            del self._items[key]
            if granted:
                self._spawn(item)
            else:
                self.dropped += 1
                if budget.closing():
                    self.dropped += len(self._items)
                    self._items.clear()

    def _spawn(self, item: Any) -> None:
        task = asyncio.get_running_loop().create_task(self._send(item))
        self._sending.add(task)
        task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task[None]) -> None:
        self._sending.discard(task)
        if not task.cancelled() and (failed := task.exception()) is not None:
            log.warning("a queued request to Discord failed: %r", failed)

