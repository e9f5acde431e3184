"""GameCog refuses politely, and ephemerally, when a command comes from the wrong place."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.client import create_bot
from bot.config import Settings
from bot.discord.cooldown import Cooldown, wait_words
from bot.discord.gamecog import GameCog
from bot.discord.replies import GUILD_ONLY
from bot.service.models import TablePolicy
from bot.service.server_defaults import ServerDefaults, ServerSettings
from cogs.euchre import EuchreCog
from cogs.skat import SkatCog


@dataclass
class FakeResponse:
    sent: list[tuple[str | None, dict[str, Any]]] = field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))


@dataclass
class FakeInteraction:
    guild_id: int | None
    channel_id: int | None = 5
    id: int = 1
    response: FakeResponse = field(default_factory=FakeResponse)


class DmEuchre(GameCog, game_key="euchre", in_dms=True):
    """A DM-only variant, only to test the other direction."""


class NoDefaults:
    """The service's server defaults, for a server that set none (no database)."""

    async def server_defaults(self, guild_id: int | None) -> ServerDefaults:
        return ServerDefaults()

    async def table_options(self, guild_id: int | None, game_key: str, preset: str | None,
                            options: dict[str, Any] | None) -> Any:
        return (*ServerSettings._merged(ServerDefaults(), game_key, preset, options),
                TablePolicy())


def _bot(tmp_path: Path) -> discord.Client:
    settings = Settings(_env_file=None, database_path=tmp_path / "x.db")  # type: ignore[call-arg]
    bot = create_bot(settings)
    bot.table_ui = SimpleNamespace(  # type: ignore[assignment]
        service=NoDefaults(), command_slot=AsyncMock(return_value=None))
    return bot


async def test_table_commands_in_a_dm_are_refused_politely(tmp_path: Path) -> None:
    cog = EuchreCog(_bot(tmp_path))  # type: ignore[arg-type]
    for command in (cog.join, cog.leave, cog.add_bot, cog.hand, cog.score, cog.abort):
        inter = FakeInteraction(guild_id=None)
        await command.callback(cog, inter)  # type: ignore[arg-type]
        [(content, kwargs)] = inter.response.sent
        assert content == GUILD_ONLY and kwargs["ephemeral"] is True
    inter = FakeInteraction(guild_id=None)
    await cog.new.callback(cog, inter, None, None, False)  # type: ignore[arg-type]
    assert inter.response.sent == [(GUILD_ONLY, {"ephemeral": True})]


async def test_a_dm_game_refuses_in_a_server(tmp_path: Path) -> None:
    cog = DmEuchre(_bot(tmp_path))  # type: ignore[arg-type]
    inter = FakeInteraction(guild_id=77)
    await cog.hand.callback(cog, inter)  # type: ignore[arg-type]
    [(content, kwargs)] = inter.response.sent
    assert content is not None and "DM" in content and kwargs["ephemeral"] is True


async def test_an_unknown_preset_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    cog = EuchreCog(_bot(tmp_path))  # type: ignore[arg-type]
    inter = FakeInteraction(guild_id=77)
    await cog.new.callback(cog, inter, "bogus", None, False)  # type: ignore[arg-type]
    [(content, kwargs)] = inter.response.sent
    assert content is not None and "hoyle1871" in content and kwargs["ephemeral"] is True


async def test_rules_are_shown_privately(tmp_path: Path) -> None:
    cog = EuchreCog(_bot(tmp_path))  # type: ignore[arg-type]
    inter = FakeInteraction(guild_id=None)  # rules work anywhere
    await cog.rules.callback(cog, inter, None)  # type: ignore[arg-type]
    [(_, kwargs)] = inter.response.sent
    text = kwargs["embed"].description
    assert "bower" in text.lower()
    assert kwargs["ephemeral"] is True
    game = cog.game
    assert text.startswith(game.rules_text(game.options(None)))  # whole, not clipped at 2000
    assert text.endswith("`first dealer`: first jack (or random)")  # then every house rule


async def test_guard_turns_errors_into_private_answers() -> None:
    from types import SimpleNamespace

    from bot.discord.replies import MISSING_PERMISSION, SOMETHING_WRONG, guard
    from bot.service.errors import NotYourTurn

    forbidden = discord.Forbidden(
        SimpleNamespace(status=403, reason="Forbidden"),  # type: ignore[arg-type]
        {"code": 50013, "message": "Missing Permissions"},
    )
    cases = [
        (NotYourTurn("It is not your turn."), "It is not your turn."),
        (forbidden, MISSING_PERMISSION),
        (KeyError("bug"), SOMETHING_WRONG),
    ]
    for error, expected in cases:
        inter = FakeInteraction(guild_id=1)
        async with guard(inter):  # type: ignore[arg-type]
            raise error
        assert inter.response.sent == [(expected, {"ephemeral": True})]


class SteppedClock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class ThreadInteraction:
    """``/euchre new thread:true`` from a text channel whose threads the test counts."""

    channel: Any
    user: Any
    guild_id: int = 77
    channel_id: int = 5
    id: int = 1
    response: FakeResponse = field(default_factory=FakeResponse)


async def test_new_threads_have_a_per_user_cooldown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = _bot(tmp_path)
    clock = SteppedClock()
    bot.thread_cooldown = Cooldown(120.0, clock=clock)  # type: ignore[attr-defined]
    cog = EuchreCog(bot)  # type: ignore[arg-type]
    skat = SkatCog(bot)  # type: ignore[arg-type]
    threads: list[str] = []
    opened: list[int] = []

    async def create_thread(**kwargs: Any) -> Any:
        threads.append(kwargs["name"])
        return SimpleNamespace(id=900 + len(threads))

    async def open_table(interaction: Any, channel_id: int, *args: Any) -> None:
        opened.append(channel_id)

    monkeypatch.setattr(cog, "_open", open_table)
    monkeypatch.setattr(skat, "_open", open_table)
    channel = MagicMock(spec=discord.TextChannel)
    channel.create_thread = create_thread

    async def new(game: GameCog, user_id: int) -> ThreadInteraction:
        inter = ThreadInteraction(channel=channel, user=SimpleNamespace(id=user_id))
        inter.response.defer = AsyncMock()  # type: ignore[attr-defined]
        await game._new(inter, None, None, True)  # type: ignore[arg-type]
        return inter

    await new(cog, 1)
    assert threads == ["Euchre table"] and opened == [901]
    clock.now += 119
    again = await new(skat, 1)  # one cooldown for every game
    [(content, kwargs)] = again.response.sent
    assert kwargs["ephemeral"] is True
    assert content == (
        "You opened a table thread a moment ago; you can open another in 1 s, or open this "
        "table right here without a thread."
    )
    await new(cog, 2)  # someone else may
    clock.now += 1
    await new(skat, 1)  # and the first user again once the time is up
    assert len(threads) == 3 and opened == [901, 902, 903]


async def test_a_thread_discord_refused_does_not_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = _bot(tmp_path)
    cog = EuchreCog(bot)  # type: ignore[arg-type]
    calls: list[int] = []

    async def create_thread(**kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise discord.Forbidden(MagicMock(status=403), "Missing Permissions")
        return SimpleNamespace(id=901)

    async def open_table(*args: Any) -> None:
        pass

    monkeypatch.setattr(cog, "_open", open_table)
    channel = MagicMock(spec=discord.TextChannel)
    channel.create_thread = create_thread
    for _ in range(2):
        inter = ThreadInteraction(channel=channel, user=SimpleNamespace(id=1))
        inter.response.defer = AsyncMock()  # type: ignore[attr-defined]
        await cog._new(inter, None, None, True)  # type: ignore[arg-type]
    assert len(calls) == 2  # the refused first thread did not start the cooldown


def test_waits_are_said_in_minutes_and_seconds() -> None:
    assert [wait_words(s) for s in (0.2, 20, 59.5, 60, 95.2, 120)] == [
        "1 s", "20 s", "1 min", "1 min", "1 min 36 s", "2 min",
    ]
