"""The global REST budget: never more than Discord allows in any second of a (fake) clock, the
most needed request first, a newer request replacing a queued one, nothing starving, and at
shutdown only what a restart redoes dropped at once. Time is virtual: the budget's one sleeper
moves it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Hashable

import pytest

from bot.discord.rest_budget import OVERDUE_SHARE, Need, RestBudget, WireGate


class VirtualTime:
    """A clock that only the budget's sleep moves (it is the one sleeper in these tests)."""

    def __init__(self) -> None:
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


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


def test_a_budget_needs_a_positive_rate_and_a_burst() -> None:
    with pytest.raises(ValueError):
        RestBudget(0)
    with pytest.raises(ValueError):
        RestBudget(10, 0.5)


async def test_the_wire_gate_spreads_a_bunch_in_the_order_it_came() -> None:
    """Requests granted a second apart but held up (a picture drawn first) arrive together:
    the gate on the HTTP client lets them leave at the budget's pace, first come first."""
    time = VirtualTime()
    gate = WireGate(45.0, 5.0, clock=time.clock, sleep=time.sleep)
    left: list[tuple[int, float]] = []

    class Http:
        async def request(self, route: int, **kwargs: object) -> int:
            left.append((route, time.now))
            return route

    http = Http()
    gate.install(http)
    answers = await asyncio.gather(*(http.request(n) for n in range(120)))
    assert answers == list(range(120))  # every request made, its answer returned
    assert [n for n, _ in left] == list(range(120))
    assert _most_in_a_window([t for _, t in left]) <= 50
    assert gate.held == 115  # all but the burst waited


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
