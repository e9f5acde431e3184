"""A restarting shard clears the turn reminders its previous process left, and only those:
another shard's reminders are still on show for tables that process runs."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.discord.hand_dms import REMINDERS, HandDMs
from bot.service.tables import TableService
from bot.store import ShardSet

GUILDS = {0: 10 << 22, 1: 11 << 22}


class Channels:
    """A client that records which messages were deleted."""

    def __init__(self) -> None:
        self.deleted: list[int] = []

    def get_partial_messageable(self, channel_id: int) -> Any:
        async def delete(message_id: int) -> None:
            self.deleted.append(message_id)

        return SimpleNamespace(get_partial_message=lambda message_id: SimpleNamespace(
            delete=lambda: delete(message_id)))


async def test_a_restart_clears_only_its_own_shards_reminders(tmp_path: Path) -> None:
    db = tmp_path / "parlour.sqlite3"
    setup = await TableService.open(db)
    tables = {}
    for shard, guild in GUILDS.items():
        tables[shard] = await setup.create(game_key="euchre", channel_id=100 + shard,
                                           guild_id=guild, host_id=7, host_name="Ann")
        await setup.set_setting(REMINDERS, 0, f"{tables[shard].id}:7", [100 + shard, 900 + shard])
    await setup.set_setting(REMINDERS, 0, "99999:7", [105, 905])  # of a table long gone
    await setup.close()

    service = await TableService.open(db, shards=ShardSet(2, frozenset({0})))
    try:
        channels = Channels()
        dms = HandDMs(channels, service, budget=None, dm_retry_s=1.0,  # type: ignore[arg-type]
                      clock=time.monotonic)
        await dms.clear_old_reminders()
        assert sorted(channels.deleted) == [900, 905]
        assert await service.settings(REMINDERS, 0) == {f"{tables[1].id}:7": [101, 901]}
    finally:
        await service.close()
