"""Daily deals worked out ahead of their day and once each: the first player of a day never
waits for the solver, and two asking at once share one search."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from bot.games import registry
from bot.service.tables import TableService
from tests.clocks import ManualClock
from tests.service import toydaily


@pytest.fixture
async def svc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableService]:
    # Only the toy has a daily deal of its own here (the 64 patiences would run the solver).
    monkeypatch.setattr(registry, "_MODULES", {"toydaily": "tests.service.toydaily"})
    registry.get.cache_clear()
    toydaily.CALLS.clear()
    toydaily.RELEASE.set()
    clock = ManualClock(datetime(2026, 11, 25, 12, 0, tzinfo=UTC))
    service = await TableService.open(tmp_path / "d.sqlite3", clock=clock)
    yield service
    toydaily.RELEASE.set()
    await service.close()
    registry.get.cache_clear()


async def test_todays_and_tomorrows_deals_are_worked_out_ahead_and_kept(
    svc: TableService,
) -> None:
    assert await svc.prepare_dailies() == 4  # two variants, today and tomorrow
    assert sorted(toydaily.CALLS) == [
        ("six", "2026-11-25"), ("six", "2026-11-26"), ("ten", "2026-11-25"), ("ten", "2026-11-26")]
    assert await svc.daily("toydaily", "ten", date(2026, 11, 26)) == (1026, True)
    assert await svc.prepare_dailies() == 0
    assert len(toydaily.CALLS) == 4, "a kept deal was worked out again"


async def test_two_players_asking_at_once_share_one_search(svc: TableService) -> None:
    toydaily.RELEASE.clear()
    toydaily.ENTERED.clear()
    day = date(2026, 11, 25)
    first = asyncio.ensure_future(svc.daily("toydaily", "six", day))
    assert await asyncio.to_thread(toydaily.ENTERED.wait, 10)  # the search has started
    second = asyncio.ensure_future(svc.daily("toydaily", "six", day))
    await asyncio.sleep(0)
    toydaily.RELEASE.set()
    assert await first == await second == (1025, True)
    assert toydaily.CALLS == [("six", "2026-11-25")]


async def test_the_service_works_them_out_from_its_start_and_again_after_midnight(
    tmp_path: Path, svc: TableService,
) -> None:
    clock = ManualClock(datetime(2026, 11, 25, 23, 0, tzinfo=UTC))
    service = await TableService.open(tmp_path / "e.sqlite3", clock=clock, daily_ahead=True,
                                      watchdog_s=0)
    try:
        await service.start()
        # Once today's and tomorrow's are out it sleeps until five past midnight ...
        await clock.advance(3900)
        # ... then works out the day after tomorrow and sleeps a day: the advance waits for
        # that sleep, so the deals are all out when it returns.
        await clock.advance(86400)
        days = sorted({day for _, day in toydaily.CALLS})
    finally:
        await service.close()
    assert days == ["2026-11-25", "2026-11-26", "2026-11-27"]
    assert len(toydaily.CALLS) == 6
