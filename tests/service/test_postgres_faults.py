"""On PostgreSQL a database that refuses a move takes the same polite path as on SQLite: the
move is refused with `CannotSave` (its fault named), nothing changes, and it works once the
database takes writes again."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service.errors import CannotSave
from bot.service.tables import TableService
from tests.postgres import Schemas, require_server
from tests.service.conftest import FAST

ANN, BOB = 401, 402


@pytest.fixture
async def url() -> AsyncIterator[str]:
    schemas = Schemas(require_server())
    try:
        yield await schemas.new()
    finally:
        await schemas.drop_all()


async def test_a_read_only_server_refuses_a_move_politely_and_changes_nothing(url: str) -> None:
    svc = await TableService.open(url, **FAST)
    await svc.start()
    info = await svc.create(game_key="toy", channel_id=1, guild_id=5, host_id=ANN,
                            host_name="Ann", players=2, options={"pile": 9})
    info = await svc.join(info.id, BOB, "Bob")
    info = await svc.start_game(info.id, ANN)
    await svc.close()
    # The same database, as a server in read-only mode (a hot standby, a full disk's guard).
    frozen = await TableService.open(f"{url}&default_transaction_read_only=on", **FAST)
    await frozen.start()
    try:
        with pytest.raises(CannotSave) as caught:
            await frozen.act(info.id, ANN, "take:1", version=info.version)
        assert caught.value.fault == "readonly" and not caught.value.transient
        assert (await frozen.get(info.id)).version == info.version
    finally:
        await frozen.close()
    svc = await TableService.open(url, **FAST)
    await svc.start()
    try:
        moved = await svc.act(info.id, ANN, "take:1", version=info.version)
        assert moved.table.version == info.version + 1
        assert [a.reason for a in await svc.store.actions(info.id)] == ["human"]
    finally:
        await svc.close()
