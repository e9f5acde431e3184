"""Sharded processes on one PostgreSQL database: each service loads, times and plays only the
tables of its shards' guilds, a table of another shard is refused (and not loaded), and a
player's games in both processes add up."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service.errors import OtherShard
from bot.service.models import TableStatus
from bot.service.tables import TableService
from bot.store import ShardSet
from tests.postgres import Schemas, require_server
from tests.service.conftest import FAST

ANN, BOB, CAT = 401, 402, 403
GUILD_OF = {0: 10 << 22, 1: 11 << 22}
"""A guild on shard 0 and one on shard 1 (of 2)."""


@pytest.fixture
async def url() -> AsyncIterator[str]:
    schemas = Schemas(require_server())
    try:
        yield await schemas.new()
    finally:
        await schemas.drop_all()


async def _open(url: str, shard: int) -> TableService:
    svc = await TableService.open(url, shards=ShardSet(2, frozenset({shard})), **FAST)
    await svc.start()
    return svc


async def _game(svc: TableService, shard: int, host: int, other: int):
    info = await svc.create(game_key="toy", channel_id=100 + shard, guild_id=GUILD_OF[shard],
                            host_id=host, host_name=f"P{host}", players=2, options={"pile": 4})
    info = await svc.join(info.id, other, f"P{other}")
    return await svc.start_game(info.id, host)


async def test_each_process_runs_its_own_shards_tables(url: str) -> None:
    first, second = await _open(url, 0), await _open(url, 1)
    try:
        mine = await _game(first, 0, ANN, BOB)
        theirs = await _game(second, 1, ANN, CAT)
        await first.close()
        first = await _open(url, 0)  # a restart loads shard 0's table only
        assert set(first._live) == {mine.id}
        assert [t.id for t in await first.open_tables()] == [mine.id]  # what a restart re-offers
        with pytest.raises(OtherShard):
            await first.act(theirs.id, ANN, "take:1", version=theirs.version)
        assert set(first._live) == {mine.id}  # refused, and not loaded to run twice
        assert (await first.get(theirs.id)).version == theirs.version  # reading is fine
        # Both games end, one in each process; Ann's tallies count both.
        a = await first.act(mine.id, ANN, "take:3", version=mine.version)
        b = await second.act(theirs.id, ANN, "take:3", version=theirs.version)
        a = await first.act(mine.id, BOB, "take:1", version=a.table.version)
        b = await second.act(theirs.id, CAT, "take:1", version=b.table.version)
        assert a.table.status is b.table.status is TableStatus.FINISHED
        _, tallies = await second.store.user_ladders(ANN, 0)
        assert tallies["toy"]["games"] == 2
    finally:
        await first.close()
        await second.close()
