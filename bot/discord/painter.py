"""Pictures are drawn off the event loop.

Drawing a table or a hand is milliseconds of pure CPU, most of it holding the GIL: in a thread
it still holds up every other table's clicks. So the bot draws in a worker process of its own
(started by ``forkserver``, never ``fork``: the parent has threads); ``processes=0`` draws in
one thread instead (tests, where a process per test would cost more than it saves). A picture
that fails to draw, or a worker that died, is logged and the message goes without it; the
next picture starts a new worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.discord.table_messages import Picture
from bot.i18n import current, using

log = logging.getLogger(__name__)


def _warm() -> None:
    """Import every game's picture module (and the fonts) before the first picture is due."""
    from bot import render
    from bot.games import registry

    for key in registry.keys():  # noqa: SIM118 - the registry's function, not a dict's
        render.draws_pictures(key)


PAINTER_NICENESS = 10
"""The worker steps back for the bot's event loop (as the AI's workers do): a click's answer
goes out in words first and waits for no picture, so the picture may wait for the click."""


def _start_worker() -> None:
    """Worker initialiser: run below the bot's priority, then load what pictures need."""
    with contextlib.suppress(OSError):  # not allowed here: run at the parent's priority
        os.nice(PAINTER_NICENESS)
    _warm()


def _start_method() -> str:
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def _draw_in(language: str, draw: Callable[..., Picture | None], *args: Any) -> Picture | None:
    """``draw(*args)`` with its words in ``language`` (a worker has no caller's context)."""
    with using(language):
        return draw(*args)


class Painter:
    """Where pictures are drawn: ``processes`` worker processes, or one thread if 0."""

    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._thread: ThreadPoolExecutor | None = None
        self._pool: ProcessPoolExecutor | None = None
        self.closed = False

    def _executor(self) -> Executor:
        if self.processes <= 0:
            if self._thread is None:
                self._thread = ThreadPoolExecutor(1, thread_name_prefix="painter")
            return self._thread
        if self._pool is None:
            ctx = multiprocessing.get_context(_start_method())
            self._pool = ProcessPoolExecutor(self.processes, mp_context=ctx,
                                             initializer=_start_worker)
        return self._pool

    def start(self) -> None:
        """Start the worker now, so the first picture does not wait for it."""
        if self.processes > 0 and not self.closed:
            self._executor().submit(_warm)

    def pids(self) -> list[int]:
        """The worker processes now running (for tests and diagnostics)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    async def paint(self, draw: Callable[..., Picture | None], *args: Any) -> Picture | None:
        """``draw(*args)`` off the loop; None if it raised, the worker died, or we closed."""
        if self.closed:
            return None
        loop = asyncio.get_running_loop()
        executor = self._executor()
        # The labels in the picture speak the language of the text it goes with.
        job = functools.partial(_draw_in, current().locale, draw, *args)
        try:
            return await loop.run_in_executor(executor, job)
        except BrokenProcessPool:
            log.warning("the picture worker stopped; a new one starts with the next picture")
            if self._pool is executor:
                self._pool = None
                executor.shutdown(wait=False, cancel_futures=True)
            return None
        except Exception:
            log.exception("drawing a picture failed (%s)", getattr(draw, "__name__", draw))
            return None

    def close(self) -> None:
        """Stop the workers (pictures still being drawn are dropped). Never blocks."""
        self.closed = True
        for executor in (self._pool, self._thread):
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
        self._pool = self._thread = None


def attach(picture: Picture | None) -> list[Any]:
    """The ``attachments=`` of an edit: the picture, or none (an edit replaces them all)."""
    return [] if picture is None else [picture.file()]
