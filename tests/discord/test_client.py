"""The client without a network: the command tree's shape, BadToken on a 401, SIGTERM closes."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import client as client_mod
from bot.client import BadToken, ParlourBot, create_bot, run_bot
from bot.config import Settings


def _settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token="MTIz.abc.def",
        database_path=tmp_path / "db.sqlite3",
    )


async def test_cogs_register_the_documented_commands(tmp_path: Path) -> None:
    bot = create_bot(_settings(tmp_path))
    for extension in client_mod.EXTENSIONS:
        await bot.load_extension(extension)
    top = {c.name: c for c in bot.tree.get_commands()}
    assert set(top) == {"euchre", "skat", "leaderboard", "stats", "help"}
    euchre = top["euchre"]
    assert isinstance(euchre, discord.app_commands.Group)
    assert euchre.guild_only
    names = {c.name for c in euchre.commands}
    assert names == {
        *("new", "join", "leave", "bot", "start", "hand", "rules", "score", "abort"),
        *("remove", "resign"),
    }
    payload = euchre.to_dict(bot.tree)
    new = next(o for o in payload["options"] if o["name"] == "new")
    choices = {o["name"]: o.get("choices") for o in new["options"]}
    assert {c["value"] for c in choices["preset"]} >= {"hoyle1871"}
    assert {c["value"] for c in choices["players"]} == {2, 3, 4}
    assert not top["stats"].guild_only and not top["help"].guild_only
    await bot.close()


async def test_a_401_at_login_is_bad_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def refuse_login(self: discord.Client, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.Client, "login", refuse_login)
    with pytest.raises(BadToken) as caught:
        await run_bot(_settings(tmp_path))
    assert "\n" not in str(caught.value) and "DISCORD_TOKEN" in str(caught.value)


async def test_sigterm_closes_gracefully(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    closed: list[str] = []
    started = asyncio.Event()
    disconnected = asyncio.Event()

    async def fake_start(self: ParlourBot, token: str, **_: Any) -> None:
        started.set()
        await disconnected.wait()  # "connected" until closed, as the real client is

    async def fake_close(self: ParlourBot) -> None:
        closed.append("closed")
        disconnected.set()

    monkeypatch.setattr(ParlourBot, "start", fake_start)
    monkeypatch.setattr(ParlourBot, "close", fake_close)
    runner = asyncio.create_task(run_bot(_settings(tmp_path)))
    await asyncio.wait_for(started.wait(), 5)
    os.kill(os.getpid(), signal.SIGTERM)
    done, _ = await asyncio.wait({runner}, timeout=5)
    assert runner in done and runner.exception() is None
    assert closed  # close() ran (it lets the service finish what is in flight)


async def test_close_does_not_hang_on_a_stuck_service(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class StuckService:
        closed = False

        async def close(self) -> None:
            await asyncio.Event().wait()

    monkeypatch.setattr(client_mod, "SERVICE_CLOSE_TIMEOUT_S", 0.05)
    bot = create_bot(_settings(tmp_path), service=StuckService())  # type: ignore[arg-type]
    bot._owns_service = True  # as if the bot had opened it itself
    done, _ = await asyncio.wait({asyncio.create_task(bot.close())}, timeout=10)
    assert done
