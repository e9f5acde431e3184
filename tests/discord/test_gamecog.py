"""GameCog refuses politely, and ephemerally, when a command comes from the wrong place."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.client import create_bot
from bot.config import Settings
from bot.discord.gamecog import GameCog
from bot.discord.replies import GUILD_ONLY
from cogs.euchre import EuchreCog


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


def _bot(tmp_path: Path) -> discord.Client:
    settings = Settings(_env_file=None, database_path=tmp_path / "x.db")  # type: ignore[call-arg]
    return create_bot(settings)


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
    assert text == game.rules_text(game.options(None))  # whole, not clipped at 2000


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
