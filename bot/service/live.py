"""What every part of the table service shares: the open table in memory (`_Live`) and
the wrappers that make a change run to its end (`_completes`) or a read refuse politely."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from bot.games.base import Game, Options
from bot.service.errors import CannotSave, Restarting
from bot.service.models import TableInfo, TableUpdate
from bot.store import StoreClosed, StoreUnavailable

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger("bot.service.tables")

Listener = Callable[[TableUpdate], Awaitable[None]]

STALE = "That button is from an earlier moment of the game; use the newest message."
MAX_TABLE_ID = 2**63 - 1
"""SQLite's largest integer: a larger id cannot name a table (and must not reach the database)."""

Sleep = Callable[[float], Awaitable[None]]

P = ParamSpec("P")
R = TypeVar("R")


def _completes(
    method: Callable[Concatenate[TableService, P], Awaitable[R]],
) -> Callable[Concatenate[TableService, P], Awaitable[R]]:
    """Run a changing method as its own task, shielded from the caller's cancellation.

    A click whose handler is cancelled (a shutdown, a dropped interaction) after the database
    commit must still update the table in memory and tell the listeners; so once started, a
    change runs to its end, and `close` waits for it.
    """

    @functools.wraps(method)
    async def wrapper(self: TableService, *args: P.args, **kwargs: P.kwargs) -> R:
        task = asyncio.get_running_loop().create_task(
            _refusing_faults(method(self, *args, **kwargs))
        )
        self._inflight.add(task)
        task.add_done_callback(_forget(self._inflight))
        return await asyncio.shield(task)

    return wrapper


def _reads(
    method: Callable[Concatenate[TableService, P], Awaitable[R]],
) -> Callable[Concatenate[TableService, P], Awaitable[R]]:
    """A call that only reads (or writes a setting): a closed or failing database is a polite
    refusal (`Restarting`, `CannotSave`), not a traceback in the caller."""

    @functools.wraps(method)
    async def wrapper(self: TableService, *args: P.args, **kwargs: P.kwargs) -> R:
        return await _refusing_faults(method(self, *args, **kwargs))

    return wrapper


async def _refusing_faults(work: Awaitable[R]) -> R:
    try:
        return await work
    except StoreClosed:
        raise Restarting() from None
    except StoreUnavailable as exc:
        _log_fault(exc, "a request")
        raise CannotSave(exc.fault) from None


def _log_fault(exc: StoreUnavailable, what: str) -> None:
    """Busy is weather (WARNING); a full disk, I/O errors or a lost file need the operator."""
    level = logging.WARNING if exc.fault == "busy" else logging.ERROR
    log.log(level, "the database refused %s: %s", what, exc)


def _forget(inflight: set[asyncio.Task[Any]]) -> Callable[[asyncio.Task[Any]], None]:
    def done(task: asyncio.Task[Any]) -> None:
        inflight.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a caller that went away must not cause a warning

    return done


def _log_warm_failure(future: Future[int]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("an AI worker failed to start: %r", future.exception())


@dataclass(eq=False)
class _Live:
    """An open table in memory: its info, game, options, lock and pending work."""

    info: TableInfo
    game: Game
    opts: Options
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    """The table's deadline being acted on (`Timers`), while it is; waiting is `Deadlines`'."""
    armed_version: int = 0
    """The version the table's deadline was armed at: a later change makes the timer stale."""
    ai_task: asyncio.Task[None] | None = None
