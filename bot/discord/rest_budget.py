"""One budget for every REST request outside interaction responses: Discord's global limit.

Discord allows a bot 50 requests a second across all its routes (interaction callbacks and
their webhooks aside) and answers a flood with 429s that stall every table. So every sender of
the kit asks `RestBudget.slot` before its request. A token bucket paces the requests (``rate`` a
second, bursts of ``burst``); while they queue, the most needed goes first: a person waiting on
their command, then turn offers (the earliest turn deadline first), then what the tables show,
then tidy-ups. A request that waited past its need's patience goes before fresh ones, so
nothing starves. A newer request for the same thing (``key``) replaces a queued one. At
shutdown what a restart redoes is dropped at once, the rest still goes out for a while.

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
    ) -> bool:
        """Wait until the request may go out: True, send it now; False, do not send it (a
        newer request with the same ``key`` replaced it, or the bot is shutting down).

        ``urgency``: lower goes first within a need (a turn offer's deadline as a timestamp).
        ``final``: the request ends what ``key`` names (a delete): a later request with that
        key is refused while it waits, instead of replacing it. ``rank``: a request replaces a
        queued one of the same key unless that one ranks higher (a turn offer of a newer table
        version is never replaced by an older one that comes late); then it is refused.
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
        ask = _Ask(need, urgency, self._seq, self._now(), key, final, rank, redone, future)
        self._waiting += 1
        future.add_done_callback(lambda _: self._forget(ask))
        heapq.heappush(self._heaps[need], (urgency, ask.seq, ask))
        if need in self._arrivals:
            self._arrivals[need].append(ask)
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

    def waiting(self) -> int:
        """Requests queued now."""
        return self._waiting

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
    """The last check before a request leaves: at most ``burst + rate * t`` in any ``t``
    seconds, first come first served. The budget's grants keep that pace already; this only
    spreads those that were held up after their grant and would otherwise leave in a bunch."""

    def __init__(
        self,
        rate: float,
        burst: float,
        *,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("rate must be positive and burst at least 1")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._sleep = sleep
        self._tokens = burst
        self._updated: float | None = None
        self._lock = asyncio.Lock()  # FIFO: waiters leave in the order they came
        self.held = 0
        """Requests that had to wait here (diagnostics: grants that bunched up)."""

    def _now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    async def wait(self) -> None:
        async with self._lock:
            waited = False
            while True:
                now = self._now()
                if self._updated is not None:
                    self._tokens = min(self.burst,
                                       self._tokens + max(0.0, now - self._updated) * self.rate)
                self._updated = now
                if self._tokens >= _WHOLE:
                    self._tokens -= 1
                    self.held += waited
                    return
                waited = True
                await self._sleep((1 - self._tokens) / self.rate)

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

