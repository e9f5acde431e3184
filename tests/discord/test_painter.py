"""Pictures are drawn off the event loop: in a thread, or in a worker process that may die."""

from __future__ import annotations

import asyncio
import logging
import os
import threading

import pytest

from bot.discord.painter import PAINTER_NICENESS, Painter
from bot.discord.table_messages import Picture, table_picture
from bot.games import registry
from tests.discord.conftest import table_for


def _dealt() -> object:
    game = registry.get("euchre")
    return table_for(game.new(4, game.options("hoyle1871"), 1), 4)


def _fails() -> Picture | None:
    raise ValueError("a broken drawing")


def _dies() -> Picture | None:
    os._exit(3)  # a worker killed mid-picture


@pytest.mark.parametrize("processes", [0, 1])
async def test_a_picture_drawn_off_the_loop_is_the_picture_drawn_here(processes: int) -> None:
    table = _dealt()
    painter = Painter(processes)
    try:
        drawn = await painter.paint(table_picture, table)
    finally:
        painter.close()
    assert drawn == table_picture(table)  # type: ignore[arg-type]
    assert drawn is not None and drawn.png.startswith(b"\x89PNG")


async def test_a_drawing_that_fails_leaves_the_picture_out(
    caplog: pytest.LogCaptureFixture,
) -> None:
    painter = Painter(0)
    with caplog.at_level(logging.ERROR):
        assert await painter.paint(_fails) is None
    assert "drawing a picture failed" in caplog.text
    assert await painter.paint(table_picture, _dealt()) is not None  # the thread goes on
    painter.close()
    assert await painter.paint(table_picture, _dealt()) is None  # closed: nothing drawn


async def test_a_dead_worker_is_replaced_by_the_next_picture() -> None:
    painter = Painter(1)
    try:
        assert await painter.paint(_dies) is None
        assert await painter.paint(table_picture, _dealt()) is not None
    finally:
        painter.close()


def _niceness() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


async def test_the_worker_yields_the_cpu_to_the_event_loop() -> None:
    """A click's answer waits for no picture: the worker runs below the bot's priority."""
    mine = _niceness()
    if mine >= 19:
        pytest.skip("this process already runs at the lowest priority")
    painter = Painter(1)
    try:
        assert await painter.paint(table_picture, _dealt()) is not None
        assert await painter.paint(_niceness) == min(19, mine + PAINTER_NICENESS)  # type: ignore[arg-type]
        assert painter.pids() and all(os.getpriority(os.PRIO_PROCESS, pid) == min(
            19, mine + PAINTER_NICENESS) for pid in painter.pids())
    finally:
        painter.close()


def _chatty() -> Picture | None:
    print("a library that prints while drawing")  # must not break the worker's answers
    return table_picture(_dealt())  # type: ignore[arg-type]


def _forever() -> Picture | None:
    threading.Event().wait()
    return None


async def test_a_worker_that_fails_or_prints_goes_on_drawing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    painter = Painter(1)
    try:
        with caplog.at_level(logging.ERROR):
            assert await painter.paint(_fails) is None
        assert "a broken drawing" in caplog.text  # the worker's traceback reaches the log
        pid = painter.pids()
        assert await painter.paint(_chatty) == table_picture(_dealt())  # type: ignore[arg-type]
        assert painter.pids() == pid  # the same worker
    finally:
        painter.close()


async def test_closing_drops_the_pictures_being_drawn() -> None:
    painter = Painter(1)
    drawing = asyncio.ensure_future(painter.paint(_forever))
    while not painter.pids() or not painter._workers[0].owed:  # asked, and drawing for ever
        await asyncio.sleep(0)
    painter.close()
    assert await drawing is None
    assert painter.pids() == []
    assert await painter.paint(table_picture, _dealt()) is None  # closed: nothing drawn
