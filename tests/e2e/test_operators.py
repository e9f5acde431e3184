"""What an operator meets: slash commands synced only when they changed (or on request), and a
heartbeat that tells the health check whether the bot is connected to Discord."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

from bot import client as client_mod
from bot.client import sync_commands, sync_stamp_path
from bot.health import health_path, problem
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import WAIT_S, BotRunner


def puts(fake: FakeDiscord) -> int:
    return sum(1 for r in fake.requests if r.method == "PUT" and "/commands" in r.path)


async def test_a_start_syncs_only_a_changed_command_tree_and_sync_forces_it(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert puts(fake) == 1  # the first start: nothing recorded yet
    assert "euchre" in fake.commands
    assert sync_stamp_path(runner.bot.settings).exists()

    await runner.restart()  # the same tree: setup_hook (before ready) sends nothing
    assert puts(fake) == 1
    inter = await fake.slash(fake.add_user("alice"), "help")  # the earlier sync still serves
    assert (await fake.wait_callback(inter))["type"] == 4

    changed = tuple(e for e in client_mod.EXTENSIONS if e != "cogs.help")
    monkeypatch.setattr(client_mod, "EXTENSIONS", changed)
    await runner.restart()  # a changed tree: synced again
    assert puts(fake) == 2
    sent = [r for r in fake.requests if r.method == "PUT" and "/commands" in r.path][-1]
    assert "help" not in {c["name"] for c in sent.body}

    await runner.restart()  # and not again
    assert puts(fake) == 2

    settings = runner.bot.settings
    await runner.stop()
    sessions = fake.identifies
    assert await sync_commands(settings) == len(sent.body)  # `python -m bot sync` forces it
    assert puts(fake) == 3
    assert fake.identifies == sessions  # over HTTP only: no gateway session, no table service


async def test_a_failed_sync_is_tried_again_at_the_next_start(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = BotRunner(fake, tmp_path / "p.sqlite3", settings={"dev_guild_id": 1})  # not in it
    real_commands = fake._commands

    def refuse(m: str, seg: list[str], body: object):  # type: ignore[no-untyped-def]
        if m == "PUT":
            return fake._error(403, 50001, "Missing Access")
        return real_commands(m, seg, body)

    monkeypatch.setattr(fake, "_commands", refuse)
    await runner.start()
    try:
        assert not sync_stamp_path(runner.bot.settings).exists()
        monkeypatch.setattr(fake, "_commands", real_commands)
        await runner.restart()
        assert fake.commands and sync_stamp_path(runner.bot.settings).exists()
    finally:
        await runner.stop()


async def test_the_heartbeat_says_connected_while_up_and_closed_after(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    db = runner.db_path
    record = json.loads(health_path(db).read_text())
    assert record["gateway"] == "connected"
    assert problem(db, now=record["at"]) is None
    assert "stuck" in (problem(db, now=record["at"] + 1_000) or "")

    await runner.stop()
    record = json.loads(health_path(db).read_text())
    assert record["gateway"] == "closed"
    assert "gateway is closed" in (problem(db, now=time.time()) or "")


async def test_a_dropped_gateway_is_reported_until_it_is_back(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fake drops the gateway: the health check fails until the bot is connected again."""
    bot = runner.bot
    verdicts: list[tuple[str, str | None]] = []
    changed = asyncio.Event()
    record = bot.heartbeat.set

    def watched(state: str) -> None:
        record(state)  # type: ignore[arg-type]
        verdicts.append((state, problem(runner.db_path, now=bot.heartbeat.clock())))
        changed.set()

    monkeypatch.setattr(bot.heartbeat, "set", watched)
    assert fake._ws is not None
    await fake._ws.close(code=4000)  # "unknown error": the bot reconnects
    while not any(state == "connected" for state, _ in verdicts):
        changed.clear()
        await asyncio.wait_for(changed.wait(), WAIT_S)
    down = verdicts[0]
    assert down[0] == "disconnected" and "gateway is disconnected" in (down[1] or ""), verdicts
    assert verdicts[-1] == ("connected", None)


async def test_a_second_thread_soon_after_is_refused_politely(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """The cooldown is long enough that no machine, however slow, reaches its end here."""
    runner = BotRunner(fake, tmp_path / "p.sqlite3", settings={"thread_cooldown_s": 1e9})
    await runner.start()
    try:
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        first = await fake.slash(alice, "euchre new", {"thread": True})
        await fake.reply(first)
        threads = [c for c in fake.channels.values() if c.get("parent_id") == fake.channel_id]
        assert len(threads) == 1
        again = await fake.slash(alice, "skat new", {"thread": True})
        await fake.wait_callback(again)
        refusal = await fake.reply(again)
        assert not refusal.public and "you can open another in" in refusal.text
        other = await fake.slash(bob, "skat new", {"thread": True})
        await fake.reply(other)
        threads = [c for c in fake.channels.values() if c.get("parent_id") == fake.channel_id]
        assert len(threads) == 2  # alice's refusal made no thread; bob has his own cooldown
    finally:
        await runner.stop()
