"""Pictures are drawn off the event loop.

Drawing a table or a hand is milliseconds of pure CPU, most of it holding the GIL: in a thread
it still holds up every other table's clicks. So the bot draws in worker processes of its own
(`bot.discord.paint_worker`), spoken to over their stdin and stdout by the event loop itself:
no executor threads to wake and no GIL handed back and forth for each picture, which cost the
loop more than the picture's bytes. ``processes=0`` draws in one thread instead (tests, where a
process per test would cost more than it saves). A picture that fails to draw, or a worker that
died, is logged and the message goes without it; the next picture starts a new worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import pickle
import subprocess
import sys
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from bot.discord import paint_worker
from bot.discord.table_messages import Picture
from bot.i18n import current, using

log = logging.getLogger(__name__)

PAINTER_NICENESS = paint_worker.NICENESS
_STOPPED = (False, None)
"""The answer of every picture a worker owed when it stopped."""


class _Worker:
    """One worker process and the answers it owes, in the order they were asked for."""

    def __init__(self, process: subprocess.Popen[bytes], requests: asyncio.WriteTransport,
                 answers: asyncio.StreamReader, reading: asyncio.ReadTransport) -> None:
        self.process = process
        self.owed: deque[asyncio.Future[tuple[bool, Any]]] = deque()
        self.alive = True
        self._requests, self._answers, self._reading = requests, answers, reading
        self._task = asyncio.ensure_future(self._read())

    @classmethod
    async def start(cls) -> _Worker:
        process = subprocess.Popen([sys.executable, "-m", paint_worker.__name__],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert process.stdin is not None and process.stdout is not None
        loop = asyncio.get_running_loop()
        answers = asyncio.StreamReader()
        reading, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(answers), process.stdout)
        requests, _ = await loop.connect_write_pipe(asyncio.Protocol, process.stdin)
        return cls(process, requests, answers, reading)

    def ask(self, request: bytes) -> asyncio.Future[tuple[bool, Any]]:
        answer: asyncio.Future[tuple[bool, Any]] = asyncio.get_running_loop().create_future()
        self._requests.write(request)
        self.owed.append(answer)
        return answer

    async def _read(self) -> None:
        try:
            while True:
                head = await self._answers.readexactly(paint_worker.HEADER.size)
                body = await self._answers.readexactly(paint_worker.HEADER.unpack(head)[0])
                answer = self.owed.popleft()
                if not answer.done():  # a cancelled wait leaves its answer unread
                    answer.set_result(pickle.loads(body))
        except (asyncio.IncompleteReadError, ConnectionError, IndexError):
            pass
        finally:
            self.stop()

    def stop(self) -> None:
        """Stop the process; every picture it owed comes back as none."""
        self.alive = False
        while self.owed:
            if not (answer := self.owed.popleft()).done():
                answer.set_result(_STOPPED)
        self._requests.close()
        self._reading.close()
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        self.process.poll()  # reaped now if it is gone already, else by the next Popen


def _draw_in(language: str, draw: Callable[..., Picture | None], *args: Any) -> Picture | None:
    """``draw(*args)`` with its words in ``language`` (a worker has no caller's context)."""
    with using(language):
        return draw(*args)


class Painter:
    """Where pictures are drawn: ``processes`` worker processes, or one thread if 0."""

    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._thread: ThreadPoolExecutor | None = None
        self._workers: list[_Worker] = []
        self._starting: asyncio.Task[_Worker] | None = None
        self.closed = False

    def start(self) -> None:
        """Start the workers now (from the running loop), so the first picture waits for none."""
        if self.processes > 0 and not self.closed:
            with contextlib.suppress(RuntimeError):  # no loop running: the first picture will
                asyncio.get_running_loop().create_task(self._worker())

    def pids(self) -> list[int]:
        """The worker processes now running (for tests and diagnostics)."""
        return [w.process.pid for w in self._workers if w.alive]

    async def _worker(self) -> _Worker:
        """The least busy worker, starting one while there are fewer than ``processes``."""
        self._workers = [w for w in self._workers if w.alive]
        idle = min(self._workers, key=lambda w: len(w.owed), default=None)
        if idle is not None and (not idle.owed or len(self._workers) >= self.processes):
            return idle
        if self._starting is None:  # one start at a time, shared by whoever asks meanwhile
            self._starting = asyncio.ensure_future(_Worker.start())
        starting = self._starting
        try:
            worker = await asyncio.shield(starting)
        finally:
            if self._starting is starting and starting.done():
                self._starting = None
        if worker not in self._workers:
            self._workers.append(worker)
            if self.closed:
                worker.stop()
        return worker

    async def paint(self, draw: Callable[..., Picture | None], *args: Any) -> Picture | None:
        """``draw(*args)`` off the loop; None if it raised, the worker died, or we closed."""
        if self.closed:
            return None
        # The labels in the picture speak the language of the text it goes with.
        language = current().locale
        if self.processes <= 0:
            return await self._paint_in_thread(_draw_in, language, draw, *args)
        try:
            request = paint_worker.frame((_draw_in, (language, draw, *args)))
            worker = await self._worker()
            drawn, value = await worker.ask(request)
        except Exception:
            log.exception("drawing a picture failed (%s)", getattr(draw, "__name__", draw))
            return None
        if drawn:
            return value  # type: ignore[no-any-return]
        if value is None:
            if not self.closed:
                log.warning("the picture worker stopped; a new one starts with the next picture")
        else:
            log.error("drawing a picture failed (%s):\n%s", getattr(draw, "__name__", draw), value)
        return None

    async def _paint_in_thread(self, draw: Callable[..., Picture | None],
                               *args: Any) -> Picture | None:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="painter")
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._thread, functools.partial(draw, *args))
        except Exception:
            log.exception("drawing a picture failed (%s)", getattr(draw, "__name__", draw))
            return None

    def close(self) -> None:
        """Stop the workers (pictures still being drawn are dropped). Never blocks."""
        self.closed = True
        for worker in self._workers:
            worker.stop()
        self._workers = []
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
            self._thread = None


def attach(picture: Picture | None) -> list[Any]:
    """The ``attachments=`` of an edit: the picture, or none (an edit replaces them all)."""
    return [] if picture is None else [picture.file()]
