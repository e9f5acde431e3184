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
    top = {c.name: c for c in bot.tree.get_commands(type=discord.AppCommandType.chat_input)}
    assert set(top) == {"euchre", "skat", "dice", "patience", "leaderboard", "stats", "help",
                        "cards", "dominoes", "parlour"}
    parlour = top["parlour"].to_dict(bot.tree)  # shown to members with Manage Server only
    assert parlour["default_member_permissions"] == discord.Permissions(manage_guild=True).value
    assert parlour["contexts"] == [0]
    config = next(o for o in parlour["options"] if o["name"] == "config")
    assert {o["name"] for o in config["options"]} == {"show", "game", "timeout", "ai", "language"}
    menus = bot.tree.get_commands(type=discord.AppCommandType.user)
    assert [m.name for m in menus] == ["Parlour stats"]
    menu = menus[0].to_dict(bot.tree)  # user-installable and usable anywhere, as /stats is
    assert menu["integration_types"] == [0, 1] and menu["contexts"] == [0, 1, 2]
    dice = top["dice"].to_dict(bot.tree)
    dice_new = next(o for o in dice["options"] if o["name"] == "new")
    game = next(o for o in dice_new["options"] if o["name"] == "game")
    assert game.get("autocomplete") and not game.get("choices")
    dice_rules = next(o for o in dice["options"] if o["name"] == "rules")
    assert [o["name"] for o in dice_rules["options"]] == ["game"]
    patience = top["patience"]
    assert isinstance(patience, discord.app_commands.Group)
    assert {c.name for c in patience.commands} == {
        "play", "daily", "show", "rules", "stats", "leaderboard"}  # no lobby, no seats
    euchre = top["euchre"]
    assert isinstance(euchre, discord.app_commands.Group)
    assert euchre.guild_only
    names = {c.name for c in euchre.commands}
    assert names == {
        *("new", "join", "leave", "bot", "start", "hand", "rules", "score", "abort"),
        *("remove", "resign", "history"),
    }
    payload = euchre.to_dict(bot.tree)
    history = next(o for o in payload["options"] if o["name"] == "history")
    assert "your hand" in history["description"]  # says what a viewer may see
    assert [(o["name"], o["type"], o.get("required", False)) for o in history["options"]] == [
        ("game", 4, False)]
    new = next(o for o in payload["options"] if o["name"] == "new")
    choices = {o["name"]: o.get("choices") for o in new["options"]}
    assert {c["value"] for c in choices["players"]} == {2, 3, 4}
    preset = next(o for o in new["options"] if o["name"] == "preset")
    assert preset.get("autocomplete") and not preset.get("choices")  # no cut at 25
    dominoes = top["dominoes"]
    assert isinstance(dominoes, discord.app_commands.Group) and dominoes.guild_only
    assert {c.name for c in dominoes.commands} == names  # the kit's commands, none missing
    payload = dominoes.to_dict(bot.tree)
    for command in ("new", "rules"):  # the booklet's games by name, searched as typed
        options = next(o for o in payload["options"] if o["name"] == command)["options"]
        game = next(o for o in options if o["name"] == "game")
        assert game.get("autocomplete") and not game.get("choices")
    new = next(o for o in payload["options"] if o["name"] == "new")
    players = next(o for o in new["options"] if o["name"] == "players")
    assert {c["value"] for c in players["choices"]} == set(range(2, 11))
    assert not top["stats"].guild_only and not top["help"].guild_only
    assert not top["cards"].guild_only
    for name in ("stats", "leaderboard", "help", "patience"):  # a user's app, anywhere
        data = top[name].to_dict(bot.tree)
        assert set(data["integration_types"]) == {0, 1}, name
        assert set(data["contexts"]) == {0, 1, 2}, name
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


def test_a_damaged_database_stops_the_bot_in_one_line_with_exit_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before Discord is contacted, the file is left as it was, and the operator reads what is
    wrong and what to do (no traceback)."""
    from bot.__main__ import EXIT_DATABASE, main

    async def no_login(self: discord.Client, token: str) -> None:
        raise AssertionError("the bot connected to Discord with a damaged database")

    monkeypatch.setattr(discord.Client, "login", no_login)
    monkeypatch.chdir(tmp_path)  # no .env here
    db = tmp_path / "data" / "parlour.sqlite3"
    db.parent.mkdir()
    damaged = b"\x00garbage, not SQLite" * 100
    db.write_bytes(damaged)
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.abc.def")
    monkeypatch.setenv("DATABASE_PATH", str(db))
    assert main([]) == EXIT_DATABASE == 3
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "damaged" in err and "restore a backup" in err
    assert "Traceback" not in err
    assert db.read_bytes() == damaged
    assert sorted(p.name for p in db.parent.iterdir()) == ["parlour.sqlite3"]


async def test_the_bot_keeps_no_message_cache(tmp_path: Path) -> None:
    """Edits go by message id; a cache of Messages would only grow the collector's walks."""
    bot = create_bot(_settings(tmp_path))
    assert bot._connection.max_messages is None
    assert list(bot.cached_messages) == []


async def test_the_solo_idle_expiry_comes_from_the_settings(tmp_path: Path) -> None:
    settings = _settings(tmp_path).model_copy(update={"solo_idle_s": 60.0})
    bot = create_bot(settings)
    await bot.open_service()
    assert bot.service is not None and bot.service.solo_idle_s == 60.0
    await bot.service.close()


async def test_help_names_the_games_by_kind(tmp_path: Path) -> None:
    from cogs.help import help_text

    bot = create_bot(_settings(tmp_path))
    for extension in client_mod.EXTENSIONS:
        await bot.load_extension(extension)
    text = help_text(bot)
    table_part, solo_part = text.split("**Alone", 1)
    assert "`euchre`" in table_part and "`skat`" in table_part
    assert "Games that hide nothing (`dice`) have no hands" in table_part
    assert "`patience`" not in table_part and "`patience`" in solo_part.split("**Anywhere")[0]
    assert "`/<game> history [game]`" in table_part
    assert "`/parlour config show`" in text  # the server managers' defaults
    assert len(text) <= 2000, "the help must fit in one message"
    await bot.close()
