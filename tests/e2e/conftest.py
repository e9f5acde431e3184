"""Fixtures: a fake Discord on 127.0.0.1, discord.py pointed at it, the real bot logged in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord, patch_discord
from tests.e2e.harness import BotRunner
from tests.e2e.leaks import LeakWatch


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    server = await FakeDiscord().start()
    patch_discord(monkeypatch, server)
    yield server
    await server.stop()


@pytest.fixture
def watch(fake: FakeDiscord) -> LeakWatch:
    """Checks every message the bot sends for cards hidden from its readers at that moment."""
    leak_watch = LeakWatch()
    fake.listeners.append(leak_watch.check)
    return leak_watch


@pytest.fixture
async def runner(fake: FakeDiscord, watch: LeakWatch, tmp_path: Path
                 ) -> AsyncIterator[BotRunner]:
    """The bot, started, with its own table service (AI delay 0) on a temp SQLite file."""
    bot_runner = BotRunner(fake, tmp_path / "parlour.sqlite3", watch=watch,
                           service={"ai_budget_ms": 20})
    await bot_runner.start()
    yield bot_runner
    await bot_runner.stop()
