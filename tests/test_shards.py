"""Sharding settings and the client's gate: which shards a process runs, the sharded client,
and another shard's interactions dropped before anything answers them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
from pydantic import ValidationError

from bot.client import ParlourBot, ShardedParlourBot, create_bot
from bot.config import Settings
from bot.store import ShardSet

PG = "postgresql://parlour@db:5432/parlour"


def _settings(tmp_path: Path, **values: Any) -> Settings:
    return Settings(_env_file=None, discord_token="a.b.c",  # type: ignore[call-arg]
                    database_path=tmp_path / "db.sqlite3", **values)


def test_discords_rule_places_guilds_and_dms() -> None:
    shards = ShardSet(4, frozenset({1, 3}))
    assert shards.shard_of(None) == 0 and not shards.owns(None)  # DMs arrive on shard 0
    assert shards.shard_of(81384788765712384) == (81384788765712384 >> 22) % 4
    assert shards.owns(5 << 22) and not shards.owns(6 << 22)
    with pytest.raises(ValueError, match="not shards of 4"):
        ShardSet(4, frozenset({4}))


def test_shard_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _settings(tmp_path).shards is None
    assert _settings(tmp_path).database == tmp_path / "db.sqlite3"
    assert _settings(tmp_path, shard_count=2).shards == ShardSet(2, frozenset({0, 1}))
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "1, 3")
    monkeypatch.setenv("DATABASE_URL", PG)
    settings = _settings(tmp_path)
    assert settings.shards == ShardSet(4, frozenset({1, 3})) and settings.database == PG


@pytest.mark.parametrize(("values", "why"), [
    ({"shard_ids": "0"}, "needs SHARD_COUNT"),
    ({"shard_count": 2, "shard_ids": "2", "database_url": PG}, "not shards of 2"),
    ({"shard_count": 2, "shard_ids": "0"}, "set DATABASE_URL"),
    ({"shard_count": 2, "shard_ids": "zero"}, "separated by commas"),
    ({"database_url": "mysql://x"}, "postgresql://"),
])
def test_shard_settings_that_cannot_work_are_refused(
    tmp_path: Path, values: dict[str, Any], why: str
) -> None:
    with pytest.raises(ValidationError, match=why):
        _settings(tmp_path, **values)


def _interaction(guild_id: int | None) -> dict[str, Any]:
    data: dict[str, Any] = {"id": "1", "type": 3, "token": "t", "application_id": "2"}
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    return data


async def test_the_sharded_client_drops_another_shards_interactions(tmp_path: Path) -> None:
    bot = create_bot(_settings(tmp_path, shard_count=2, shard_ids="1", database_url=PG))
    assert isinstance(bot, ShardedParlourBot) and isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (2, [1])
    parsed: list[dict[str, Any]] = []
    gate = bot._connection.parsers["INTERACTION_CREATE"]
    bot._parse_interaction = parsed.append  # what discord.py's parser would have been given
    gate(_interaction(2 << 22))  # shard 0's guild: dropped
    gate(_interaction(None))  # a DM: shard 0's
    gate(_interaction(3 << 22))  # shard 1's: passed on
    assert [d.get("guild_id") for d in parsed] == [str(3 << 22)]


def test_an_unsharded_client_is_the_plain_one(tmp_path: Path) -> None:
    bot = create_bot(_settings(tmp_path))
    assert type(bot) is ParlourBot and not isinstance(bot, discord.AutoShardedClient)
