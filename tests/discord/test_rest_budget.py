"""The global REST budget: never more than Discord allows in any second of a (fake) clock, the
most needed request first, a newer request replacing a queued one, nothing starving, and at
shutdown only what a restart redoes dropped at once. Time is virtual: the budget's one sleeper
moves it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

import pytest

from bot.discord.rest_budget import (
    BURST,
    OVERDUE_SHARE,
    REST_PER_S,
    Backlog,
    Need,
    RestBudget,
    WireGate,
    wire_limit,
)


class VirtualTime:
    """A clock that only the budget's sleep moves (it is the one sleeper in these tests)."""

    def __init__(self) -> None:
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


class TurningTime:
    """A clock that turns of the event loop move (``turn`` seconds each), for tests with more
    than one sleeper: each sleeps until the clock reaches its time, as on a real loop."""

    def __init__(self, turn: float) -> None:
        self.now = 0.0
        self.turn = turn
        self._ticking: asyncio.Task[None] | None = None

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        until = self.now + seconds
        while self.now < until - 1e-9:
            await asyncio.sleep(0)

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(0)
            self.now += self.turn

    def __enter__(self) -> TurningTime:
        self._ticking = asyncio.ensure_future(self._tick())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._ticking is not None
        self._ticking.cancel()


def _budget(time: VirtualTime, rate: float = 45.0, burst: float = 5.0) -> RestBudget:
    return RestBudget(rate, burst, clock=time.clock, sleep=time.sleep)


async def _all_done(spawned: list[asyncio.Task[None]]) -> None:
    """Wait for every task spawned so far, and those they spawn."""
    while not all(task.done() for task in spawned):
        await asyncio.gather(*spawned)


def _most_in_a_window(times: list[float], window: float = 1.0) -> int:
    ordered = sorted(times)
    best, first = 0, 0
    for last, at in enumerate(ordered):
        while ordered[first] <= at - window + 1e-9:
            first += 1
        best = max(best, last - first + 1)
    return best


async def test_a_flood_never_exceeds_the_limit_in_any_second() -> None:
    time = VirtualTime()
    budget = _budget(time)
    rng = random.Random(3)
    granted: list[float] = []
    spawned: list[asyncio.Task[None]] = []

    async def request(need: Need, more: int) -> None:
        if await budget.slot(need, urgency=rng.random()):
            granted.append(time.now)
            for _ in range(more):  # the work it caused asks for more (a reply, a DM)
                spawned.append(asyncio.ensure_future(request(rng.choice(list(Need)), 0)))

    spawned.extend(asyncio.ensure_future(request(rng.choice(list(Need)), rng.randrange(3)))
                   for _ in range(600))
    await _all_done(spawned)
    assert len(granted) > 900  # the follow-ups went out too
    assert _most_in_a_window(granted) <= 50  # Discord's global limit: 45 a second + a burst of 5
    assert _most_in_a_window(granted, 10.0) <= 45 * 10 + 5
    assert time.now == pytest.approx((len(granted) - 5) / 45, rel=0.01)  # and no slower


async def test_the_most_needed_goes_first_and_turns_by_their_deadline() -> None:
    time = VirtualTime()
    budget = _budget(time, rate=1.0, burst=1.0)
    order: list[str] = []

    async def request(name: str, need: Need, urgency: float = 0.0) -> None:
        if await budget.slot(need, urgency=urgency):
            order.append(name)

    assert await budget.slot(Need.TIDY)  # spends the only token: the rest must queue
    await asyncio.gather(
        request("tidy", Need.TIDY),
        request("table", Need.TABLE),
        request("turn at 30", Need.TURN, 30.0),
        request("turn at 10", Need.TURN, 10.0),
        request("command", Need.COMMAND),
        request("turn at 20", Need.TURN, 20.0),
    )
    assert order == ["command", "turn at 10", "turn at 20", "turn at 30", "table", "tidy"]


async def test_a_newer_request_replaces_a_queued_one_and_a_queued_delete_ends_it() -> None:
    time = VirtualTime()
    budget = _budget(time, rate=1.0, burst=1.0)
    assert await budget.slot(Need.TABLE)
    results: dict[str, bool] = {}

    async def request(name: str, key: Hashable, final: bool = False) -> None:
        results[name] = await budget.slot(Need.TABLE, key=key, final=final)

    first = asyncio.ensure_future(request("edit 1", "m1"))
    await asyncio.sleep(0)
    second = asyncio.ensure_future(request("edit 2", "m1"))  # the newer state of message 1
    await asyncio.sleep(0)
    delete = asyncio.ensure_future(request("delete", "m2", final=True))
    await asyncio.sleep(0)
    late = asyncio.ensure_future(request("edit after delete", "m2"))
    await asyncio.gather(first, second, delete, late)
    assert results == {"edit 1": False, "edit 2": True, "delete": True,
                       "edit after delete": False}
    assert budget.dropped == 2
    assert time.now == pytest.approx(2.0)  # two requests went out, not four


async def test_a_tidy_up_runs_once_it_has_waited_its_patience_even_under_a_flood() -> None:
    time = VirtualTime()
    budget = RestBudget(10.0, 1.0, patience={Need.TABLE: 5.0, Need.TIDY: 20.0},
                        clock=time.clock, sleep=time.sleep)
    assert await budget.slot(Need.TURN)
    tidied: list[float] = []
    turns = 0
    spawned: list[asyncio.Task[None]] = []

    async def turn() -> None:
        nonlocal turns
        if await budget.slot(Need.TURN, urgency=time.now):
            turns += 1
            if time.now < 60:  # each turn offer brings two more: always more than the budget
                spawned.extend(asyncio.ensure_future(turn()) for _ in range(2))

    async def tidy() -> None:
        if await budget.slot(Need.TIDY):
            tidied.append(time.now)

    spawned.extend(asyncio.ensure_future(turn()) for _ in range(20))  # a queue that only grows
    spawned.append(asyncio.ensure_future(tidy()))
    await _all_done(spawned)
    assert len(tidied) == 1
    assert 20.0 <= tidied[0] <= 20.0 + OVERDUE_SHARE / 10 + 1e-6  # not before its patience,
    # and within a share's slots after
    assert turns > 500


async def test_at_shutdown_what_a_restart_redoes_is_dropped_and_the_rest_goes_out() -> None:
    time = VirtualTime()
    budget = _budget(time, rate=2.0, burst=1.0)
    assert await budget.slot(Need.TABLE)
    open_table = {"open": True}
    outcome: dict[str, bool] = {}

    async def request(name: str, need: Need, redone: object) -> None:
        outcome[name] = await budget.slot(need, redone=redone)  # type: ignore[arg-type]

    names = {
        "turn offer": (Need.TURN, True),
        "edit of an open table": (Need.TABLE, lambda: open_table["open"]),
        "edit of a table that ended": (Need.TABLE, lambda: False),
        "old DM deleted": (Need.TIDY, False),
        "notice": (Need.TABLE, False),
    }
    tasks = [asyncio.ensure_future(request(n, need, redone))
             for n, (need, redone) in names.items()]
    await asyncio.sleep(0)
    budget.close(within=1.2)
    extra = asyncio.ensure_future(request("turn offered while closing", Need.TURN, True))
    await asyncio.gather(*tasks, extra)
    # 2 a second: two of the three kept went out within the 1.2 s, the third was cut off
    assert outcome == {"turn offer": False, "edit of an open table": False,
                       "turn offered while closing": False,
                       "edit of a table that ended": True, "notice": True,
                       "old DM deleted": False}
    assert not await budget.slot(Need.COMMAND)  # after the cut-off nothing goes out


async def test_a_waiter_that_gives_up_spends_nothing() -> None:
    time = VirtualTime()
    budget = _budget(time, rate=1.0, burst=1.0)
    assert await budget.slot(Need.TABLE)
    gone = asyncio.ensure_future(budget.slot(Need.TURN))
    await asyncio.sleep(0)
    assert budget.waiting() == 1
    gone.cancel()
    await asyncio.sleep(0)
    assert budget.waiting() == 0
    assert await budget.slot(Need.TIDY)
    assert time.now == pytest.approx(1.0)  # one wait for one token, not two


async def test_hasten_moves_a_queued_request_ahead() -> None:
    time = VirtualTime()
    budget = _budget(time, rate=1.0, burst=1.0)
    assert await budget.slot(Need.TABLE)
    order: list[str] = []

    async def request(name: str, urgency: float) -> None:
        if await budget.slot(Need.TABLE, urgency=urgency, key=name):
            order.append(name)

    tasks = [asyncio.ensure_future(request(n, 1.0)) for n in ("a", "b", "c")]
    await asyncio.sleep(0)
    budget.hasten("c", 0.0)
    budget.hasten("a", 5.0)  # later is not hastening: ignored
    await asyncio.gather(*tasks)
    assert order == ["c", "a", "b"]


async def test_free_says_whether_a_request_would_go_out_at_once() -> None:
    time = VirtualTime()
    budget = _budget(time, rate=1.0, burst=2.0)
    assert budget.free()
    assert await budget.slot(Need.TABLE)
    assert budget.free()
    assert await budget.slot(Need.TABLE)
    assert not budget.free()  # the burst is spent
    time.now += 1.0
    assert budget.free()


def test_the_gate_keeps_each_process_within_its_share_of_discords_limit() -> None:
    assert wire_limit(REST_PER_S) == 48
    assert 2 * wire_limit(REST_PER_S / 2) <= 50 and 3 * wire_limit(REST_PER_S / 3) <= 50


def test_a_budget_needs_a_positive_rate_and_a_burst() -> None:
    with pytest.raises(ValueError):
        RestBudget(0)
    with pytest.raises(ValueError):
        RestBudget(10, 0.5)


async def test_the_wire_gate_spreads_a_bunch_in_the_order_it_came() -> None:
    """Requests granted a second apart but held up (a picture drawn first) arrive together:
    the gate on the HTTP client lets them leave at Discord's pace, first come first."""
    turning = TurningTime(0.001)
    gate = WireGate(50, clock=turning.clock, sleep=turning.sleep)
    left: list[tuple[int, float]] = []

    class Http:
        async def request(self, route: int, **kwargs: object) -> int:
            left.append((route, turning.now))
            return route

    http = Http()
    gate.install(http)
    with turning:
        answers = await asyncio.gather(*(http.request(n) for n in range(120)))
    assert answers == list(range(120))  # every request made, its answer returned
    assert [n for n, _ in left] == list(range(120))
    assert _most_in_a_window([t for _, t in left]) <= 50
    assert gate.held == 95  # all but the first 25 (twice a quarter of 50 a second) waited
    assert _most_in_a_window([t for _, t in left], 0.25) <= 25  # never all at once
    assert left[-1][1] == pytest.approx(2.0, abs=0.01)  # and none later than need be


async def test_the_wire_gate_keeps_the_pace_when_the_event_loop_turns_slowly() -> None:
    """On a busy loop each turn takes a while (here 30 ms): the gate must let out all the
    window allows at each wake, not one request a turn, or it falls behind the budget (33 a
    second here) and the requests it holds pile up."""
    turning = TurningTime(0.03)
    gate = WireGate(48, clock=turning.clock, sleep=turning.sleep)
    left: list[float] = []

    class Http:
        async def request(self, route: int, **kwargs: object) -> int:
            left.append(turning.now)
            return route

    http = Http()
    gate.install(http)
    with turning:
        await asyncio.gather(*(http.request(n) for n in range(450)))
    assert len(left) == 450
    assert left[-1] <= 450 / 48 + 0.1  # 48 a second, give or take a few turns
    assert _most_in_a_window(left) <= 48


async def test_what_bunched_up_behind_the_gate_drains_while_the_budget_grants_its_pace() -> None:
    """Requests granted early but held up (pictures drawn) reach the gate in a bunch while the
    budget goes on granting 45 a second: the gate, a little faster, catches up, so later
    requests leave soon after their grant; and the wire never sees more than 48 a second."""
    turning = TurningTime(0.001)
    budget = RestBudget(REST_PER_S, BURST, clock=turning.clock, sleep=turning.sleep)
    gate = WireGate(wire_limit(REST_PER_S), clock=turning.clock, sleep=turning.sleep)
    lags: list[tuple[float, float]] = []
    left: list[float] = []

    async def request(n: int) -> None:
        assert await budget.slot(Need.TABLE)
        granted = turning.now
        if n < 45:
            await turning.sleep(1.0 - granted)  # the first second's grants all leave at 1 s
        await gate.wait()
        left.append(turning.now)
        lags.append((granted, turning.now - granted))

    with turning:
        await asyncio.gather(*(request(n) for n in range(45 * 20)))
    assert _most_in_a_window(left) <= 48
    late = [lag for granted, lag in lags if granted >= 15.0]
    assert late and max(late) < 0.1  # caught up within 20 s; equal paces never would


async def test_a_backlog_of_overdue_redraws_takes_one_slot_in_five_from_turn_offers() -> None:
    """Under a lasting overload every redraw and tidy-up becomes overdue: they must not then
    go before all the turn offers (those waited 17 s at 500 tables), only take their share."""
    time = VirtualTime()
    budget = RestBudget(10.0, 1.0, patience={Need.TABLE: 1.0, Need.TIDY: 2.0},
                        clock=time.clock, sleep=time.sleep)
    assert await budget.slot(Need.TURN)
    granted: list[tuple[Need, float]] = []

    async def request(need: Need, urgency: float) -> None:
        if await budget.slot(need, urgency=urgency):
            granted.append((need, time.now))

    asks = [request(Need.TIDY, 0.0) for _ in range(100)]
    asks += [request(Need.TABLE, 0.0) for _ in range(100)]
    asks += [request(Need.TURN, float(n)) for n in range(100)]
    await asyncio.gather(*asks)
    order = [need for need, _ in granted]
    assert order[:10] == [Need.TURN] * 10  # nothing overdue yet: the turns first
    window = order[10:10 + 10 * OVERDUE_SHARE]  # then one overdue in five
    assert window.count(Need.TURN) == 10 * (OVERDUE_SHARE - 1)
    assert set(window) == {Need.TURN, Need.TABLE}  # the redraws were overdue first
    last_turn = max(at for need, at in granted if need is Need.TURN)
    assert last_turn <= 1.0 + 90 / 10 * OVERDUE_SHARE / (OVERDUE_SHARE - 1) + 0.2
    assert len(granted) == 300  # and every one went out in the end


async def test_a_backlog_waits_as_data_with_one_ask_in_the_budget_and_keeps_its_share() -> None:
    """A flood of tidy-ups queued in a `Backlog` behind a flood of turn offers: one ask of the
    backlog waits in the budget at a time, yet the tidy-ups get the share of slots they would
    get waiting there one by one, counted from when each was added; oldest first."""
    time = VirtualTime()
    budget = RestBudget(10.0, 1.0, patience={Need.TABLE: 1.0, Need.TIDY: 2.0},
                        clock=time.clock, sleep=time.sleep)
    assert await budget.slot(Need.TURN)
    sent: list[tuple[str, float]] = []
    most_waiting = 0

    async def delete(item: str) -> None:
        sent.append((item, time.now))

    backlog = Backlog(budget, Need.TIDY, delete, final=True)
    granted: list[tuple[Need, float]] = []

    async def turn(urgency: float) -> None:
        nonlocal most_waiting
        most_waiting = max(most_waiting, budget.waiting())
        if await budget.slot(Need.TURN, urgency=urgency):
            granted.append((Need.TURN, time.now))

    for n in range(100):
        backlog.add(("message", n), f"dm {n}")
    turns = [asyncio.ensure_future(turn(float(n))) for n in range(100)]
    await asyncio.sleep(0)
    assert budget.waiting() == 101  # the turns, and one ask of the backlog
    await asyncio.gather(*turns)
    await backlog.settle()
    assert [item for item, _ in sent] == [f"dm {n}" for n in range(100)]  # oldest first
    slots = sorted(granted + [(Need.TIDY, at) for _, at in sent], key=lambda g: g[1])
    order = [need for need, _ in slots]
    assert order[:20] == [Need.TURN] * 20  # nothing overdue in the first 2 s: the turns first
    window = order[20:20 + 10 * OVERDUE_SHARE]  # then one tidy-up in five
    assert window.count(Need.TIDY) == 10
    assert len(backlog) == 0 and not backlog.busy()


def _recorder(sent: list[Any]) -> Callable[[Any], Awaitable[None]]:
    async def delete(item: Any) -> None:
        sent.append(item)

    return delete


async def _busy_budget_and_backlog(
    time: VirtualTime, *, final: bool = False
) -> tuple[RestBudget, Backlog, list[Any]]:
    """A budget of one request a second with its token just spent, and a backlog of tidy-ups
    that records what it sends."""
    budget = _budget(time, rate=1.0, burst=1.0)
    assert await budget.slot(Need.TABLE)
    sent: list[Any] = []
    return budget, Backlog(budget, Need.TIDY, _recorder(sent), final=final), sent


async def test_a_backlog_item_can_be_replaced_or_taken_back_and_moots_a_queued_request() -> None:
    time = VirtualTime()
    budget, backlog, sent = await _busy_budget_and_backlog(time, final=True)
    redraw = asyncio.ensure_future(budget.slot(Need.TABLE, key=("message", 1)))
    await asyncio.sleep(0)
    backlog.add(("message", 1), "delete 1")  # a delete makes the queued redraw moot
    backlog.add(("message", 2), "delete 2")
    backlog.add(("message", 3), "delete 3")
    backlog.add(("message", 1), "delete 1 again")  # replaces, keeping its place
    backlog.discard(("message", 2))
    assert ("message", 3) in backlog and ("message", 2) not in backlog
    assert not await redraw
    late = await budget.slot(Need.TABLE, key=("message", 1))  # the delete waits: refused
    assert not late
    await backlog.settle()
    assert sent == ["delete 1 again", "delete 3"]
    assert time.now == pytest.approx(2.0)  # two requests, each a second apart


async def test_a_backlog_is_dropped_at_the_cut_off_and_without_a_budget_sends_at_once() -> None:
    time = VirtualTime()
    budget, backlog, sent = await _busy_budget_and_backlog(time)
    for n in range(10):
        backlog.add(n, n)
    await asyncio.sleep(0)
    budget.close(within=3.5)
    await backlog.settle()
    assert sent == [0, 1, 2]  # one a second until the cut-off, then the rest dropped
    assert backlog.dropped == 7 and len(backlog) == 0

    unpaced = Backlog(None, Need.TIDY, _recorder(sent))
    unpaced.add("x", 99)
    await unpaced.settle()
    assert sent[-1] == 99
