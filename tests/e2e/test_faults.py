"""Storage faults as a player meets them through Discord: an AI seat whose move the database
refused (a write lock held past the busy timeout) plays on once the lock goes; a full disk or a
removed database file is a polite refusal that changes nothing; a command during shutdown hears
that Parlour is restarting."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import ai_runner as runner_mod
from bot.service.models import TableInfo
from bot.store import sqlite as store_sqlite
from tests.e2e.fake_discord import FakeDiscord, Interaction, MessageEvent
from tests.e2e.harness import WAIT_S, BotRunner, my_turn, start_table, take, wait_offered
from tests.e2e.leaks import LeakWatch

pytestmark = pytest.mark.e2e


class Clock:
    """The service's injected ``sleep``: each pause waits until the test lets it end."""

    def __init__(self) -> None:
        self.waits: asyncio.Queue[tuple[float, asyncio.Event]] = asyncio.Queue()

    async def __call__(self, delay: float) -> None:
        done = asyncio.Event()
        await self.waits.put((delay, done))
        await done.wait()

    async def next(self) -> tuple[float, asyncio.Event]:
        return await asyncio.wait_for(self.waits.get(), WAIT_S)


async def answer(fake: FakeDiscord, inter: Interaction) -> MessageEvent:
    """The ephemeral answer to ``inter``."""
    await fake.wait_callback(inter, WAIT_S)
    return await fake.wait_for(lambda: next(
        (e for e in fake.replies(inter) if e.ephemeral and e.text), None))


async def unchanged(runner: BotRunner, table: TableInfo) -> None:
    await runner.service.settle(table.id)
    now = await runner.table(table.id)
    assert now.version == table.version and now.state == table.state


@pytest.fixture
async def slow_runner(fake: FakeDiscord, watch: LeakWatch, tmp_path: Path
                      ) -> AsyncIterator[tuple[BotRunner, Clock]]:
    """A bot whose database gives up on a lock after 20 ms and whose pauses the test drives."""
    clock = Clock()
    bot_runner = BotRunner(fake, tmp_path / "parlour.sqlite3", watch=watch, service={
        "ai_budget_ms": 20, "busy_timeout_ms": 20, "watchdog_s": 0, "sleep": clock})
    await bot_runner.start()
    yield bot_runner, clock
    await bot_runner.stop()


async def test_an_ai_seat_plays_on_after_its_move_met_a_held_write_lock(
    fake: FakeDiscord, slow_runner: tuple[BotRunner, Clock], monkeypatch: pytest.MonkeyPatch
) -> None:
    runner, clock = slow_runner
    entered, gate = asyncio.Event(), asyncio.Event()
    real_choose = runner_mod.choose_move

    async def gated(*args: Any, **kwargs: Any) -> Any:
        entered.set()
        await gate.wait()
        return await real_choose(*args, **kwargs)

    monkeypatch.setattr(runner_mod, "choose_move", gated)
    alice = fake.add_user("alice")
    table_id, _ = await start_table(runner, alice)
    for _ in range(20):  # alice plays until an AI seat is to move (and waits at the gate)
        if entered.is_set():
            break
        table = await runner.table(table_id)
        assert table.state is not None
        if any(str(s.user_id) == alice and s.index in table.state.to_act for s in table.seats):
            choices = await wait_offered(fake, alice, table_id, table.version,
                                         str(table.channel_id))
            click = await take(fake, alice, choices[0])
            await fake.wait_callback(click, WAIT_S)
            await runner.wait_table(table_id, lambda t, v=table.version: t.version > v)
        else:
            await asyncio.wait_for(entered.wait(), WAIT_S)
    before = await runner.table(table_id)
    other = sqlite3.connect(runner.db_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # another writer holds the database
        gate.set()
        _, resume = await clock.next()  # the AI's move was refused; the runner pauses
        assert (await runner.table(table_id)).version == before.version
        other.execute("ROLLBACK")
        resume.set()
        await runner.wait_table(table_id, lambda t: t.version > before.version)
    finally:
        other.close()
    table, choices = await my_turn(runner, alice, table_id)  # and the game goes on to alice
    assert choices or not table.is_open


@pytest.fixture
async def playing(fake: FakeDiscord, runner: BotRunner) -> dict[str, Any]:
    alice = fake.add_user("alice")
    table_id, _ = await start_table(runner, alice)
    table, choices = await my_turn(runner, alice, table_id)
    return {"alice": alice, "table": table, "choices": choices}


async def test_a_full_disk_tells_the_player_nothing_is_lost(
    fake: FakeDiscord, runner: BotRunner, playing: dict[str, Any]
) -> None:
    def full(*args: Any) -> Any:
        raise sqlite3.OperationalError("database or disk is full")

    with pytest.MonkeyPatch.context() as disk:
        disk.setattr(store_sqlite, "_update_table", full)
        said = (await answer(fake, await take(fake, playing["alice"],
                                              playing["choices"][0]))).text
        assert "cannot save moves right now" in said and "Nothing already played is lost" in said
        assert "Something went wrong" not in said
        await unchanged(runner, playing["table"])
    # room on the disk again: the same button works
    click = await take(fake, playing["alice"], playing["choices"][0])
    await fake.wait_callback(click, WAIT_S)
    await runner.wait_table(playing["table"].id, lambda t: t.version > playing["table"].version)


async def test_a_removed_database_refuses_moves_and_says_so(
    fake: FakeDiscord, runner: BotRunner, playing: dict[str, Any],
    caplog: pytest.LogCaptureFixture
) -> None:
    runner.db_path.unlink()
    with caplog.at_level(logging.ERROR, logger="bot.store"):
        click = await take(fake, playing["alice"], playing["choices"][0])
        said = (await answer(fake, click)).text
    assert "cannot save moves" in said and "operator" in said
    assert "removed or replaced" in caplog.text
    await unchanged(runner, playing["table"])


async def test_a_command_during_shutdown_hears_parlour_is_restarting(
    fake: FakeDiscord, runner: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    """SIGTERM closes the service first; commands still arriving used to meet a closed
    database ("Cannot operate on a closed database") and read "Something went wrong"."""
    alice = fake.add_user("alice")
    await runner.service.close()  # what ParlourBot.close does first on SIGTERM
    with caplog.at_level(logging.WARNING):
        said = (await answer(fake, await fake.slash(alice, "leaderboard",
                                                    {"game": "euchre"}))).text
    assert "restarting" in said.lower()
    assert "closed database" not in caplog.text and "failed" not in caplog.text
