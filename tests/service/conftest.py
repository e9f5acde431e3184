"""Service fixtures: the toy game registered, a service on a real SQLite file, update capture."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.games import registry
from bot.service.models import TableUpdate
from bot.service.tables import TableService
from tests.service import toygame

FAST = {"turn_timeout_s": 3600, "lobby_timeout_s": 3600, "ai_budget_ms": 20}


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._MODULES, "toy", "tests.service.toygame")
    registry.get.cache_clear()
    toygame.SEEN.clear()
    toygame.KNOBS.clear()
    yield
    registry.get.cache_clear()


class Recorder:
    """Collects every TableUpdate a service publishes."""

    def __init__(self) -> None:
        self.updates: list[TableUpdate] = []
        self._arrived = asyncio.Condition()

    async def __call__(self, update: TableUpdate) -> None:
        async with self._arrived:
            self.updates.append(update)
            self._arrived.notify_all()

    def reasons(self, table_id: int | None = None) -> list[str]:
        return [u.reason for u in self.updates if table_id is None or u.table.id == table_id]

    async def wait_for(
        self, pred: Callable[[TableUpdate], bool], *, limit_s: float = 10.0
    ) -> TableUpdate:
        """Wait until an update matches (woken by each new one); the limit only stops a broken
        test from hanging."""

        def found() -> TableUpdate | None:
            return next((u for u in self.updates if pred(u)), None)

        async def arrival() -> TableUpdate:
            async with self._arrived:
                await self._arrived.wait_for(lambda: found() is not None)
            match = found()
            assert match is not None
            return match

        try:
            return await asyncio.wait_for(arrival(), limit_s)
        except TimeoutError:
            raise AssertionError(f"no such update; got {self.reasons()}") from None


class Harness:
    """Opens services on one database file, so a test can close and reopen ("restart")."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.services: list[TableService] = []

    async def open(self, **kw: Any) -> tuple[TableService, Recorder]:
        svc = await TableService.open(self.path, **{**FAST, **kw})
        rec = Recorder()
        svc.subscribe(rec)
        await svc.start()
        self.services.append(svc)
        return svc, rec

    async def close_all(self) -> None:
        for svc in self.services:
            await svc.close()


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    h = Harness(tmp_path / "data" / "parlour.sqlite3")
    yield h
    await h.close_all()


@pytest.fixture
async def svc(harness: Harness) -> TableService:
    service, _ = await harness.open()
    return service
