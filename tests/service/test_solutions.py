""""Show me a solution": a finished solo game's deal, its winning line searched once and kept,
stepped through position by position."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games import registry
from bot.service.errors import NotAllowed, NotSeated
from bot.service.tables import TableService
from tests.service import toydaily

ANN, BOB, DM = 301, 302, 9001


@pytest.fixture
async def svc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableService]:
    monkeypatch.setitem(registry._MODULES, "toydaily", "tests.service.toydaily")
    registry.get.cache_clear()
    toydaily.SOLVED.clear()
    service = await TableService.open(tmp_path / "s.sqlite3")
    await service.start()
    yield service
    await service.close()
    registry.get.cache_clear()


async def test_a_given_up_deal_shows_its_winning_line_step_by_step(svc: TableService) -> None:
    info = await svc.open_solo(game_key="toydaily", channel_id=DM, user_id=ANN, name="Ann",
                               seed=4)
    with pytest.raises(NotAllowed):  # not while the game goes on
        await svc.solution(info.id, ANN, 0)
    await svc.give_up(info.id, ANN)
    with pytest.raises(NotSeated):
        await svc.solution(info.id, BOB, 0)
    start = await svc.solution(info.id, ANN, 0)
    assert start is not None and start.total > 0 and start.move is None
    assert start.view.foundation == 0  # type: ignore[attr-defined]
    assert start.note == f"Won in {start.total} moves."
    second = await svc.solution(info.id, ANN, 2)
    assert second is not None and second.move is not None and second.before is not None
    assert second.before.moves == 1 and second.view.moves == 2  # type: ignore[attr-defined]
    end = await svc.solution(info.id, ANN, 10_000)  # past the end: the end
    assert end is not None and end.step == end.total
    assert end.view.foundation == 6 and end.view.over  # type: ignore[attr-defined]
    assert toydaily.SOLVED == [4], "the line was searched more than once"
    restarted = await TableService.open(svc.store.path)
    try:
        again = await restarted.solution(info.id, ANN, 1)  # kept in the database
    finally:
        await restarted.close()
    assert again is not None and again.total == start.total
    assert toydaily.SOLVED == [4]


async def test_a_game_without_solutions_shows_none(svc: TableService,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._MODULES, "toysolo", "tests.service.toysolo")
    info = await svc.open_solo(game_key="toysolo", channel_id=DM + 1, user_id=ANN, name="Ann",
                               seed=4)
    await svc.give_up(info.id, ANN)
    assert await svc.solution(info.id, ANN, 0) is None
