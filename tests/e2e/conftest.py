"""Fixtures: a fake Discord on 127.0.0.1, discord.py pointed at it, the real bot logged in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.euchre import ai as euchre_ai
from bot.games.skat import ai as skat_ai
from bot.service import ai as service_ai
from tests.e2e.fake_discord import FakeDiscord, patch_discord
from tests.e2e.harness import BotRunner
from tests.e2e.leaks import LeakWatch

AI_SAMPLES = 4
"""Deals the Euchre and Skat AIs sample per card (about what a 20 ms budget allows)."""


@pytest.fixture(autouse=True)
def ai_moves_independent_of_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI seats (threads of this process) sample a fixed number of deals and always get to
    answer, so a seeded game takes the same path on a fast and on a loaded machine; a
    time-bound AI would sample less, or fall back to a random move, when the machine is slow."""
    monkeypatch.setattr(euchre_ai, "SAMPLES", AI_SAMPLES)
    monkeypatch.setattr(skat_ai, "SAMPLES", AI_SAMPLES)
    monkeypatch.setattr(service_ai, "hard_limit_s", lambda budget_ms: 60.0)


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
