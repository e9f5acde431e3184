"""The kit's requests under the global budget: a restart with many waiting turns offers them
again within the budget, the earliest deadline first and before any table is redrawn; a user's
DM channel is opened once; old DMs are deleted as tidy-ups, never lost to a busy moment; and at
shutdown the finished table's last edit still goes out while open tables' redraws (a restart
redoes them) are dropped. The budget's clock is virtual: its one sleeper moves it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord.hand_dms import DM_CHANNELS
from bot.discord.painter import Painter
from bot.discord.rest_budget import Need, RestBudget
from bot.discord.table_messages import RESTARTED
from bot.discord.table_ui import TableUI
from bot.render import DEFAULT_STYLE
from bot.service.models import TableStatus
from bot.service.tables import TableService
from tests.discord.test_rest_budget import VirtualTime
from tests.discord.test_table_ui import FakeClient

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TABLES = 12


class SetClock:
    """The service's clock, set by the test; its sleeps never end (no timer fires)."""

    def __init__(self) -> None:
        self.at = START

    def now(self) -> datetime:
        return self.at

    async def sleep(self, seconds: float) -> None:
        await asyncio.Event().wait()


@pytest.fixture
async def waiting_tables(tmp_path: Path) -> AsyncIterator[tuple[Path, dict[int, datetime]]]:
    """Twelve two-player tables, each waiting for a human; their turns began at shuffled
    times, so their deadlines are not in the order of their ids. Returns the database and
    each waiting user's deadline."""
    clock = SetClock()
    db = tmp_path / "t.sqlite3"
    service = await TableService.open(db, turn_timeout_s=600, lobby_timeout_s=3600,
                                      clock=clock)
    await service.start()
    minutes = list(range(TABLES))
    random.Random(4).shuffle(minutes)
    deadlines: dict[int, datetime] = {}
    for i, minute in enumerate(minutes):
        clock.at = START + timedelta(minutes=minute)
        host, guest = 5000 + 2 * i, 5001 + 2 * i
        table = await service.create(game_key="euchre", channel_id=100 + i, guild_id=1,
                                     host_id=host, host_name=f"H{i}", preset="hoyle1871",
                                     players=2)
        await service.set_message(table.id, 900 + i)
        await service.join(table.id, guest, f"G{i}")
        table = await service.start_game(table.id, host)
        assert table.state is not None and table.turn_deadline is not None
        (seat,) = table.state.to_act
        user = table.seats[seat].user_id
        assert user is not None
        deadlines[user] = table.turn_deadline
    await service.close()
    yield db, deadlines


class HeldTime(VirtualTime):
    """Virtual time that stands still until the test lets it go (`go`)."""

    def __init__(self) -> None:
        super().__init__()
        self.go = asyncio.Event()

    async def sleep(self, seconds: float) -> None:
        await self.go.wait()
        await super().sleep(seconds)


class NoPictures(Painter):
    """Nothing drawn, at once: a request then leaves in the order the budget let it out (a
    picture drawn in a thread, a style read from the database, would reorder them by chance)."""

    async def paint(self, draw: Any, *args: Any) -> None:
        return None


async def default_style(user_id: int | None) -> str:
    return DEFAULT_STYLE


class CountingBudget(RestBudget):
    """Tells the test when ``expect`` requests have asked (all of them queued)."""

    def __init__(self, expect: int, time: VirtualTime) -> None:
        super().__init__(5.0, 1.0, clock=time.clock, sleep=time.sleep)
        self.expect = expect
        self.asked = 0
        self.all_asked = asyncio.Event()

    async def slot(self, need: Need, **kwargs: Any) -> bool:
        self.asked += 1
        if self.asked >= self.expect:
            self.all_asked.set()
        return await super().slot(need, **kwargs)


async def test_a_restart_offers_every_waiting_turn_again_earliest_deadline_first(
    waiting_tables: tuple[Path, dict[int, datetime]],
) -> None:
    db, deadlines = waiting_tables
    service = await TableService.open(db, turn_timeout_s=600, clock=SetClock())
    await service.start()
    time = HeldTime()
    # The burst spent, then one DM channel per waiting user and one redraw per table: all
    # asked before the budget's time moves, as a flood at start-up would be.
    budget = CountingBudget(1 + len(deadlines) + TABLES, time)
    client = FakeClient()
    ui = TableUI(client, service, budget=budget, painter=NoPictures())  # type: ignore[arg-type]
    ui.styles.of = default_style  # type: ignore[method-assign]
    try:
        assert await budget.slot(Need.TIDY)
        reoffer = asyncio.ensure_future(ui.reoffer_turns())
        await budget.all_asked.wait()
        time.go.set()
        await reoffer
        await ui.settle()
        await budget.settle()
    finally:
        await ui.close()
        await service.close()
    offered = [int(entry.split(":")[1]) for entry in client.order if entry.startswith("dm:")]
    assert sorted(offered) == sorted(deadlines)  # each waiting human, once
    assert offered == sorted(offered, key=deadlines.__getitem__)  # most urgent first
    assert all(RESTARTED in (s.content or "") for s in client.sent if s.where.startswith("dm:"))
    first_edit = next(i for i, entry in enumerate(client.order) if entry.startswith("edit:"))
    assert first_edit == len(offered)  # every table redrawn, but after the turn offers
    assert len(client.edits) == TABLES
    # One DM channel opened and one DM sent per user, one edit per table, at 5 a second.
    requests = 2 * len(offered) + TABLES
    assert budget.granted[Need.TURN] == 2 * len(offered)
    assert time.now == pytest.approx(requests / 5.0)


async def test_a_dm_channel_is_opened_once_per_user_even_across_a_restart(
    waiting_tables: tuple[Path, dict[int, datetime]],
) -> None:
    db, deadlines = waiting_tables
    service = await TableService.open(db, turn_timeout_s=600, clock=SetClock())
    await service.start()
    opened: list[int] = []
    known: list[int] = []

    class CountingClient(FakeClient):
        async def create_dm(self, user: Any) -> Any:
            opened.append(user.id)
            channel = await super().create_dm(user)
            channel.id = 7000 + user.id
            return channel

        def get_partial_messageable(self, channel_id: int, **kwargs: Any) -> Any:
            if kwargs.get("type") is not discord.ChannelType.private:
                return super().get_partial_messageable(channel_id)
            known.append(channel_id)
            client = self

            async def send(*args: Any, **kw: Any) -> Any:  # as the DM channel would
                dm = await FakeClient.create_dm(client, discord.Object(channel_id - 7000))
                return await dm.send(*args, **kw)

            return SimpleNamespace(id=channel_id, send=send)

    user = next(iter(deadlines))
    table = next(t for t in await service.open_tables() if t.seat_of(user) is not None)
    seat = table.seat_of(user)
    assert seat is not None
    clients = []
    try:
        for version in (table.version, table.version + 1):  # the second in a new process
            client = CountingClient()
            clients.append(client)
            ui = TableUI(client, service, edit_interval_s=0.0)  # type: ignore[arg-type]
            later = table.model_copy(update={"version": version})
            await ui.hands.offer_turn(later, seat.index, user)
            await ui.hands.offer_turn(later.model_copy(update={"version": version + 10}),
                                      seat.index, user)
            await ui.settle()
            await ui.close()
    finally:
        await service.close()
    assert opened == [user]  # once, by the first process
    channel = await known_channel(db, user)
    assert channel == 7000 + user
    assert len(known) == 1 and known[0] == channel  # the second process sent to it at once
    assert [[s.where for s in c.sent] for c in clients] == [[f"dm:{user}"] * 2] * 2


async def known_channel(db: Path, user: int) -> Any:
    service = await TableService.open(db)
    try:
        return await service.get_setting(DM_CHANNELS, user, "id")
    finally:
        await service.close()


async def test_at_shutdown_a_finished_tables_last_edit_goes_out_and_open_ones_wait(
    waiting_tables: tuple[Path, dict[int, datetime]],
) -> None:
    db, _ = waiting_tables
    service = await TableService.open(db, turn_timeout_s=600, clock=SetClock())
    await service.start()
    time = VirtualTime()
    budget = RestBudget(5.0, 1.0, clock=time.clock, sleep=time.sleep)
    client = FakeClient()
    ui = TableUI(client, service, budget=budget)  # type: ignore[arg-type]
    tables = await service.open_tables()
    try:
        assert await budget.slot(Need.TIDY)
        for table in tables[1:]:
            ui.editor.submit(table.id, table)  # redraws a restart would redo
        ended = tables[0].model_copy(update={"status": TableStatus.FINISHED,
                                             "version": tables[0].version + 1})
        ui.editor.submit(ended.id, ended)
        await asyncio.sleep(0)
        await ui.close()
    finally:
        await service.close()
    assert [message for message, _ in client.edits] == [ended.message_id]
    assert client.edits[0][1]["embed"].footer.text.endswith("finished")
