"""The coalescing editor: first change at once, what follows coalesced into one edit per interval
(an urgent change at once while the burst budget lasts), ending on the latest state, never going
back to an older version. Time is a fake the test steps by hand."""

from __future__ import annotations

import asyncio

from bot.discord.editor import CoalescingEditor
from bot.discord.rest_budget import RestBudget


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


class ManualTime:
    """A clock and a sleep the test advances by hand (no wall-clock time involved)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sleepers.append((self.now + seconds, fut))
        await fut

    async def advance(self, seconds: float) -> None:
        self.now += seconds
        due = [(t, f) for t, f in self.sleepers if t <= self.now + 1e-9]
        self.sleepers = [(t, f) for t, f in self.sleepers if t > self.now + 1e-9]
        for _, fut in due:
            if not fut.done():  # a nap cut short was cancelled
                fut.set_result(None)
        await _settle()


async def test_bursts_are_coalesced_to_the_latest() -> None:
    time = ManualTime()
    sent: list[tuple[str, int]] = []

    async def send(key: str, item: int) -> None:
        sent.append((key, item))

    editor: CoalescingEditor[str, int] = CoalescingEditor(
        send, 1.0, order=lambda v: v, clock=time.clock, sleep=time.sleep
    )
    editor.submit("t", 1)
    await _settle()
    assert sent == [("t", 1)]  # the first change shows at once
    for v in range(2, 10):
        editor.submit("t", v)
    await _settle()
    assert sent == [("t", 1)]  # the rest waits out the interval
    await time.advance(1.0)
    assert sent == [("t", 1), ("t", 9)]  # ... and only the newest goes out
    await time.advance(1.0)
    await editor.flush()
    assert sent == [("t", 1), ("t", 9)]
    assert not editor.pending("t")


async def test_older_versions_never_overwrite_newer() -> None:
    time = ManualTime()
    sent: list[int] = []

    async def send(_key: int, item: int) -> None:
        sent.append(item)

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 1.0, order=lambda v: v, clock=time.clock, sleep=time.sleep
    )
    editor.submit(1, 5)
    await _settle()
    editor.submit(1, 4)  # late delivery of an older update
    editor.submit(1, 7)
    editor.submit(1, 6)
    await time.advance(1.0)
    await time.advance(1.0)
    await editor.flush()
    assert sent == [5, 7]


async def test_keys_are_independent_and_failures_do_not_stop_the_worker() -> None:
    time = ManualTime()
    sent: list[tuple[int, int]] = []

    async def send(key: int, item: int) -> None:
        if item == 2:
            raise RuntimeError("Discord said no")
        sent.append((key, item))

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 1.0, clock=time.clock, sleep=time.sleep
    )
    editor.submit(1, 1)
    editor.submit(2, 2)
    await _settle()
    assert sent == [(1, 1)]
    editor.submit(2, 3)
    await time.advance(1.0)
    await time.advance(1.0)
    await editor.flush()
    assert sent == [(1, 1), (2, 3)]


async def test_zero_interval_sends_everything_in_order() -> None:
    sent: list[int] = []

    async def send(_key: int, item: int) -> None:
        sent.append(item)

    editor: CoalescingEditor[int, int] = CoalescingEditor(send, 0.0, order=lambda v: v)
    editor.submit(1, 1)
    await editor.flush()
    editor.submit(1, 2)
    await editor.flush()
    assert sent == [1, 2]


async def test_a_shared_budget_paces_all_tables_and_each_still_ends_on_its_latest() -> None:
    time = ManualTime()
    budget = RestBudget(2.0, 2.0, clock=time.clock, sleep=time.sleep)
    sent: list[tuple[int, int]] = []

    async def send(key: int, item: int) -> None:
        sent.append((key, item))

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 0.0, order=lambda v: v, budget=budget
    )
    for key in range(6):
        editor.submit(key, 1)
    await _settle()
    assert len(sent) == 2  # the burst
    for key in range(6):
        editor.submit(key, 2)  # newer states arrive while the tables wait for the budget
    await time.advance(0.5)
    assert len(sent) == 3  # 2 a second: one more every half second
    for _ in range(20):
        await time.advance(0.5)
    await editor.flush()
    latest = {key: item for key, item in sent}
    assert latest == {key: 2 for key in range(6)}  # every table ends on its newest state
    # the four tables that waited sent only their newest state: 2 + 6 edits, not 12
    assert sorted(sent) == sorted([(0, 1), (1, 1)] + [(key, 2) for key in range(6)])


async def test_a_click_right_after_an_edit_is_shown_at_once_not_an_interval_later() -> None:
    """The table lagged a second: a player who clicked right after the table was redrawn saw
    the click only when the interval ran out. An urgent item (a person's click) that finds
    the window open goes out at once; the AI's quick replies coalesce behind it and leave the
    window's last place for the next click."""
    time = ManualTime()
    sent: list[int] = []

    async def send(_key: int, item: int) -> None:
        sent.append(item)

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 1.0, burst=5, window=5.0, order=lambda v: v, clock=time.clock, sleep=time.sleep
    )
    assert editor.submit(1, 1, urgent=True)  # the Start click: at once
    await _settle()
    assert editor.submit(1, 2, urgent=True)  # a click 0 s later: at once as well
    await _settle()
    assert sent == [1, 2]
    assert not editor.submit(1, 3)  # the AI's replies wait an interval, coalesced
    assert not editor.submit(1, 4)
    await _settle()
    assert sent == [1, 2]
    await time.advance(1.0)
    assert sent == [1, 2, 4]
    assert editor.submit(1, 5, urgent=True)  # a click right after that redraw: at once
    await _settle()
    assert not editor.submit(1, 6)  # four in the window: the AI waits for one to leave...
    assert editor.submit(1, 7, urgent=True)  # ... while a click takes the last place
    await _settle()
    assert sent == [1, 2, 4, 5, 7]
    assert not editor.submit(1, 8, urgent=True)  # the window is full: this one waits
    await time.advance(3.0)
    assert sent == [1, 2, 4, 5, 7]
    await time.advance(1.0)  # the first two sends leave the window
    assert sent == [1, 2, 4, 5, 7, 8]
    await editor.flush()


async def test_a_player_who_clicks_after_each_redraw_sees_every_click_at_once() -> None:
    """The issue's measurement: a player waits for the table to show the AI's replies, then
    clicks. Every click is sent the moment it is made; the AI's edits take the waiting."""
    time = ManualTime()
    sent: list[tuple[float, int]] = []

    async def send(_key: int, item: int) -> None:
        sent.append((time.now, item))

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 1.0, order=lambda v: v, clock=time.clock, sleep=time.sleep
    )
    version = 0
    for _ in range(30):
        version += 1
        clicked_at = time.now
        editor.submit(1, version, urgent=True)
        await _settle()
        assert sent[-1] == (clicked_at, version), "the click waited"
        version += 3  # three AI replies in quick succession
        for reply in range(version - 2, version + 1):
            editor.submit(1, reply)
        while sent[-1][1] != version:  # the player watches the table until they show
            await time.advance(0.25)
    # Within Discord's 5 per 5 s, the AI's redraws wait: about 2.5 s a move, not 1 s a click.
    assert len(sent) / time.now <= 1.0
    assert time.now <= 30 * 2.5


async def test_no_window_holds_more_than_the_burst_and_every_click_shows() -> None:
    time = ManualTime()
    sent: list[tuple[float, int]] = []

    async def send(_key: int, item: int) -> None:
        sent.append((time.now, item))

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 1.0, burst=5, window=5.0, order=lambda v: v, clock=time.clock, sleep=time.sleep
    )
    clicks: list[tuple[float, int]] = []
    for step in range(60):  # a click every quarter second for 15 s, AI replies in between
        clicks.append((time.now, 2 * step))
        editor.submit(1, 2 * step, urgent=True)
        editor.submit(1, 2 * step + 1)
        await time.advance(0.25)
    for _ in range(40):
        await time.advance(0.25)
    await editor.flush()
    assert sent[-1][1] == 119  # ends on the newest
    for at, item in clicks:
        assert any(at <= t <= at + 5.0 + 1e-9 and v >= item for t, v in sent), (at, item)
    for i, (start, _) in enumerate(sent):
        assert sum(1 for t, _ in sent[i:] if t < start + 5.0 - 1e-9) <= 5


async def test_a_quiet_table_edits_at_once_again() -> None:
    time = ManualTime()
    sent: list[int] = []

    async def send(_key: int, item: int) -> None:
        sent.append(item)

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 1.0, order=lambda v: v, clock=time.clock, sleep=time.sleep
    )
    assert editor.submit(1, 1)
    await _settle()
    await time.advance(1.0)
    assert editor.submit(1, 2)  # an interval after the last edit: no wait
    await _settle()
    assert sent == [1, 2]
    assert not editor.submit(1, 3)
    await time.advance(1.0)
    await editor.flush()
    assert sent == [1, 2, 3]


async def test_no_edit_is_reported_as_immediate_while_the_shared_budget_is_spent() -> None:
    """The listener waits for an edit that goes out at once (before the hands' DMs); under a
    spent shared budget it must not: the DMs would wait for the budget too."""
    time = ManualTime()
    budget = RestBudget(1.0, 1.0, clock=time.clock, sleep=time.sleep)
    sent: list[tuple[int, int]] = []

    async def send(key: int, item: int) -> None:
        sent.append((key, item))

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 1.0, order=lambda v: v, budget=budget, clock=time.clock, sleep=time.sleep
    )
    assert editor.submit(1, 1, urgent=True)
    await _settle()
    assert not editor.submit(2, 1, urgent=True)  # another table: its own budget is fine
    await time.advance(1.0)
    await editor.flush()
    assert sent == [(1, 1), (2, 1)]


async def test_at_shutdown_the_last_states_go_out_without_waiting_for_the_window() -> None:
    time = ManualTime()
    sent: list[tuple[int, int]] = []

    async def send(key: int, item: int) -> None:
        sent.append((key, item))

    editor: CoalescingEditor[int, int] = CoalescingEditor(
        send, 1.0, order=lambda v: v, clock=time.clock, sleep=time.sleep
    )
    for key in (1, 2):
        editor.submit(key, 1)
        await _settle()
        editor.submit(key, 2)  # waits out the interval
    await _settle()
    assert sorted(sent) == [(1, 1), (2, 1)]
    editor.hurry()
    await _settle()  # no time passes
    assert sorted(sent) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    await editor.flush()
