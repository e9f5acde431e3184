"""Faults of the database while tables play: an AI move the database refuses is tried again
(a real write lock held past the busy timeout), a watchdog restarts what died, a full disk or
a removed file is a polite `CannotSave` that changes nothing, and a closed service refuses with
`Restarting` instead of a traceback."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from typing import Any

import pytest

from bot.service import ai as ai_module
from bot.service.errors import CannotSave, NoTable, Restarting
from bot.service.models import TableInfo, TableStatus, TableUpdate
from bot.service.tables import TableService
from bot.store import StoreUnavailable
from bot.store import sqlite as store_sqlite
from tests.service import toygame
from tests.service.conftest import Harness

ANN, BOB = 301, 302
LIMIT_S = 10.0
"""Only stops a broken test from hanging; nothing waits for it to pass."""


class Clock:
    """An injected ``sleep``: each wait is queued until the test lets it end."""

    def __init__(self) -> None:
        self.waits: asyncio.Queue[tuple[float, asyncio.Event]] = asyncio.Queue()

    async def __call__(self, delay: float) -> None:
        done = asyncio.Event()
        await self.waits.put((delay, done))
        await done.wait()

    async def next(self) -> tuple[float, asyncio.Event]:
        return await asyncio.wait_for(self.waits.get(), LIMIT_S)


async def _playing(svc: TableService, *, ai: int, humans: int = 1, **options: Any) -> TableInfo:
    info = await svc.create(game_key="toy", channel_id=1, guild_id=7, host_id=ANN,
                            host_name="Ann", players=humans + ai, options=options or None)
    if humans > 1:
        info = await svc.join(info.id, BOB, "Bob")
    return await svc.start_game(info.id, ANN, fill_with_ai=ai > 0)


async def _until(svc: TableService, table_id: int, pred: Any) -> TableInfo:
    """The table once it satisfies ``pred``, checked again after each change it publishes."""
    changed = asyncio.Event()

    async def listener(update: TableUpdate) -> None:
        if update.table.id == table_id:
            changed.set()

    svc.subscribe(listener)

    async def wait() -> TableInfo:
        while True:
            changed.clear()  # cleared before the read, so no change slips past
            if pred(info := await svc.get(table_id)):
                return info
            await changed.wait()

    return await asyncio.wait_for(wait(), LIMIT_S)


async def test_an_ai_move_refused_by_a_held_write_lock_is_saved_once_the_lock_goes(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(ai_module, "hard_limit_s", lambda budget_ms: 30.0)
    clock = Clock()
    svc, _ = await harness.open(busy_timeout_ms=20, watchdog_s=0, sleep=clock,
                                retry_first_s=0.5, retry_max_s=8)
    gate = threading.Event()
    toygame.KNOBS["gate"] = gate
    info = await _playing(svc, ai=1, pile=20)
    info = (await svc.act(info.id, ANN, "take:1", version=info.version)).table  # AI to act
    other = sqlite3.connect(harness.path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # another writer holds the lock past the busy timeout
        gate.set()  # now the AI may answer; its commit waits 20 ms, then is refused
        pauses = []
        for _ in range(3):  # refused again and again while the lock is held, pausing longer
            pause, resume = await clock.next()
            pauses.append(pause)
            assert (await svc.get(info.id)).version == info.version
            resume.set()
        assert pauses == [0.5, 1.0, 2.0]
        pause, resume = await clock.next()
        other.execute("ROLLBACK")
        resume.set()
        moved = await _until(svc, info.id, lambda t: t.version > info.version)
    finally:
        other.close()
    assert moved.version == info.version + 1
    log = await svc.store.actions(info.id)
    assert [a.reason for a in log] == ["human", "ai"]
    assert "stopped" not in caplog.text


async def test_the_watchdog_restarts_an_ai_turn_whose_runner_died(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock()
    svc, _ = await harness.open(watchdog_s=30, sleep=clock)
    first_tick, _tick = await clock.next()  # the watchdog's first wait
    assert first_tick == 30
    real = store_sqlite._update_table
    broken = {"after": -1}

    def update_table(*args: Any) -> Any:
        broken["after"] -= 1
        if broken["after"] == 0:
            raise RuntimeError("a bug nobody foresaw")
        return real(*args)

    monkeypatch.setattr(store_sqlite, "_update_table", update_table)
    info = await _playing(svc, ai=1, pile=20)
    broken["after"] = 2  # the AI's commit after this move fails with no storage fault
    info = (await svc.act(info.id, ANN, "take:1", version=info.version)).table
    await svc.settle(info.id)
    assert "AI runner of table" in caplog.text  # it died
    assert (await svc.get(info.id)).version == info.version  # and the table waits
    _tick.set()  # the watchdog looks
    moved = await _until(svc, info.id, lambda t: t.version > info.version)
    assert moved.version == info.version + 1
    assert "nothing was playing it; restarted" in caplog.text


async def test_a_timeout_the_database_refused_is_fired_again_by_the_watchdog(
    harness: Harness,
) -> None:
    clock = Clock()
    svc, rec = await harness.open(turn_timeout_s=0.001, timeouts_before_ai=5, watchdog_s=30,
                                  sleep=clock)
    _, tick = await clock.next()
    refused = asyncio.Event()
    failing = {"on": True}
    real = svc.store.record_action

    async def record_action(row: Any, action: Any, **kw: Any) -> None:
        if failing["on"] and action.reason == "timeout":
            refused.set()
            raise StoreUnavailable("full", "database or disk is full")
        await real(row, action, **kw)

    svc.store.record_action = record_action  # type: ignore[method-assign]
    info = await _playing(svc, ai=0, humans=2, pile=30)
    await asyncio.wait_for(refused.wait(), LIMIT_S)
    await svc.settle(info.id)
    assert (await svc.get(info.id)).version == info.version  # refused: nothing changed
    failing["on"] = False
    tick.set()
    await rec.wait_for(lambda u: u.reason == "timeout" and u.table.id == info.id)


async def test_a_full_disk_refuses_a_move_politely_and_changes_nothing(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    svc, _ = await harness.open()
    info = await _playing(svc, ai=0, humans=2)

    def full(*args: Any) -> Any:
        raise sqlite3.OperationalError("database or disk is full")

    with pytest.MonkeyPatch.context() as disk:
        disk.setattr(store_sqlite, "_update_table", full)
        with pytest.raises(CannotSave) as caught:
            await svc.act(info.id, ANN, "take:1", version=info.version)
    assert caught.value.fault == "full" and caught.value.transient
    assert "nothing was changed" in str(caught.value)
    assert any(r.levelno == logging.ERROR and "full" in r.getMessage() for r in caplog.records)
    assert (await svc.get(info.id)).version == info.version
    done = await svc.act(info.id, ANN, "take:1", version=info.version)  # the disk has room again
    assert done.table.version == info.version + 1


async def test_a_removed_database_refuses_moves(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await _playing(svc, ai=0, humans=2)
    harness.path.unlink()
    with pytest.raises(CannotSave) as caught:
        await svc.act(info.id, ANN, "take:1", version=info.version)
    assert caught.value.fault == "gone" and not caught.value.transient
    assert (await svc.get(info.id)).version == info.version
    with pytest.raises(CannotSave):
        await svc.set_setting("user", ANN, "k", 1)


async def test_a_closed_service_says_it_is_restarting(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await svc.create(game_key="toy", channel_id=1, guild_id=7, host_id=ANN,
                            host_name="Ann")
    await svc.abort(info.id, ANN)  # closed tables are read from the database
    await svc.close()
    for call in (
        svc.get(info.id), svc.table_in_channel(5), svc.leaderboard("toy", 7), svc.stats(ANN),
        svc.settings("user", ANN), svc.get_setting("user", ANN, "k"), svc.open_tables(),
        svc.act(info.id, ANN, "take:1", version=None),
    ):
        with pytest.raises(Restarting, match="restarting"):
            await call


async def test_table_ids_past_sqlite_integers_are_no_table(svc: TableService) -> None:
    for table_id in (2**63, 10**19 - 1, -1):
        with pytest.raises(NoTable):
            await svc.get(table_id)
        with pytest.raises(NoTable):
            await svc.act(table_id, ANN, "take:1", version=1)
    assert TableStatus.PLAYING  # the service is still fine
