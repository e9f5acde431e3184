"""What every part of the table service shares: the open table in memory (`_Live`) and
the wrappers that make a change run to its end (`_completes`) or a read refuse politely."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from datetime import datetime
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from bot.games.base import Game, Options
from bot.service.errors import CannotSave, Restarting
from bot.service.models import SeatInfo, TableInfo, TablePolicy, TableStatus, TableUpdate
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


HOT_TABLES = 128
"""How many open tables keep their `TableInfo` (and game state) as objects, the most recently
used; the others are parked (`_Live`)."""

_OWN_RULES = "<the table's own options>"
"""A parked table's ``rules`` when they are its `_Live.opts` (as `TableService._new_live` makes
them); any other value is kept as it is."""

_FIELDS = tuple(TableInfo.model_fields)
_SEAT_FIELDS = tuple(SeatInfo.model_fields)
_POLICY_FIELDS = tuple(TablePolicy.model_fields)
_NESTED = ("options", "seats", "policy")
_PLAIN = tuple(name for name in _FIELDS if name not in _NESTED)
_AT = {name: i for i, name in enumerate(_PLAIN)}
_AI_DUE = len(_PLAIN)
"""Where a parked table records whether an AI seat is to act (`_Live.ai_due`)."""


def ai_seat(info: TableInfo) -> SeatInfo | None:
    """The AI seat to act at this table now, if any."""
    state = info.state
    if info.status is not TableStatus.PLAYING or state is None:
        return None
    to_act = set(state.to_act)
    return next((s for s in info.seats if s.ai_level is not None and s.index in to_act), None)


class _Live:
    """An open table in memory: its info, game, options, lock and pending work.

    Its `info` is kept as objects only while the table is among the `HOT_TABLES` most recently
    used (`HotTables`); the others are parked: one tuple of numbers and strings, with the game
    state as its JSON snapshot, which the garbage collector does not track. Every open table's
    TableInfo, state, lists and seats would otherwise be walked by every full collection, and
    tables opened after the startup freeze (`bot.heap`) are not frozen (issue 15). Reading
    `info` unparks the table, an exact copy of what was parked; everything else the service
    asks of every table at once (the watchdog, a channel's table) is read parked.
    """

    __slots__ = (
        "_hot",
        "_info",
        "_parked",
        "ai_task",
        "armed_version",
        "game",
        "lock",
        "opts",
        "timer",
    )

    def __init__(self, info: TableInfo, game: Game, opts: Options, hot: HotTables) -> None:
        self._info: TableInfo | None = info
        self._parked: tuple[Any, ...] | None = None
        self.game = game
        self.opts = opts
        self.lock = asyncio.Lock()
        self.timer: asyncio.Task[None] | None = None
        """The table's deadline being acted on (`Timers`), while it is; waiting is
        `Deadlines`'."""
        self.armed_version = 0
        """The version the table's deadline was armed at: a later change makes the timer
        stale."""
        self.ai_task: asyncio.Task[None] | None = None
        self._hot = hot
        hot.touch(self)

    @property
    def info(self) -> TableInfo:
        info = self._info
        if info is None:
            assert self._parked is not None
            info = self._info = _unpark(self._parked, self.game, self.opts)
            self._parked = None
        self._hot.touch(self)
        return info

    @info.setter
    def info(self, info: TableInfo) -> None:
        self._info = info
        self._parked = None
        self._hot.touch(self)

    @property
    def parked(self) -> bool:
        return self._info is None

    def park(self) -> None:
        """Keep the table as its untracked tuple until `info` is read again."""
        info = self._info
        if info is not None:
            self._parked = _park(info, self.opts)
            self._info = None

    def _peek(self, name: str) -> Any:
        """A field of the table, read without unparking it (and as it is parked: plain)."""
        if self._info is not None:
            return getattr(self._info, name)
        assert self._parked is not None
        return self._parked[_AT[name]]

    @property
    def table_id(self) -> int:
        return int(self._peek("id"))

    @property
    def channel_id(self) -> int:
        return int(self._peek("channel_id"))

    @property
    def status(self) -> TableStatus:
        return TableStatus(self._peek("status"))

    @property
    def lobby_deadline(self) -> datetime | None:
        return self._peek("lobby_deadline")  # type: ignore[no-any-return]

    @property
    def turn_deadline(self) -> datetime | None:
        return self._peek("turn_deadline")  # type: ignore[no-any-return]

    @property
    def ai_due(self) -> bool:
        """Whether an AI seat is to act (`ai_seat`)."""
        if self._info is not None:
            return ai_seat(self._info) is not None
        assert self._parked is not None
        return bool(self._parked[_AI_DUE])


class HotTables:
    """The `_Live` tables whose info is kept as objects, the most recently read last: the
    oldest is parked once there are more than ``size``."""

    def __init__(self, size: int = HOT_TABLES) -> None:
        self.size = size
        self._order: OrderedDict[int, _Live] = OrderedDict()

    def __len__(self) -> int:
        return len(self._order)

    def touch(self, live: _Live) -> None:
        order = self._order
        key = id(live)  # held here, so no other live object has this id meanwhile
        if key in order:
            order.move_to_end(key)
            return
        order[key] = live
        while len(order) > self.size:
            _, oldest = order.popitem(last=False)
            oldest.park()

    def discard(self, live: _Live) -> None:
        """Forget a table the service no longer holds (closed or dropped)."""
        self._order.pop(id(live), None)


_POLICY_AT = _AI_DUE + 1
_OPTIONS_AT = _POLICY_AT + len(_POLICY_FIELDS)


class SharedOptions:
    """One options model for all the open tables whose options are equal: a model is frozen,
    so tables can share it, and each would otherwise add three objects (the model, its field
    set and its dict) to what every full collection walks, parked or not."""

    LIMIT = 1024
    """Distinct options kept at most (then forgotten all at once; tables keep theirs)."""

    def __init__(self) -> None:
        self._models: dict[Options, Options] = {}

    def share(self, opts: Options) -> Options:
        """The model equal to ``opts`` that open tables already share, or ``opts`` itself."""
        try:
            return self._models[opts]
        except KeyError:
            if len(self._models) >= self.LIMIT:
                self._models.clear()
            self._models[opts] = opts
            return opts
        except TypeError:  # a field holds an unhashable value (a list): not shared
            return opts


def _park(info: TableInfo, opts: Options) -> tuple[Any, ...]:
    """``info`` as one flat tuple of numbers, strings and datetimes, which the garbage
    collector stops tracking in its next pass: the `_PLAIN` fields (the state as its JSON),
    `_AI_DUE`, the policy's fields, the number of options and their keys and values, then
    each seat's fields. Flat, because the collector untracks a tuple only when it finds every
    item untracked, and may look at a tuple before its items: nested, it would take a pass
    per level (and a tuple holding any other container it keeps tracking)."""
    values: list[Any] = []
    for name in _PLAIN:
        value = getattr(info, name)
        if name == "state":
            value = None if value is None else value.model_dump_json()
        elif name == "status":
            value = value.value
        elif name == "rules" and value is opts:
            value = _OWN_RULES
        values.append(value)
    values.append(ai_seat(info) is not None)
    values.extend(getattr(info.policy, f) for f in _POLICY_FIELDS)
    values.append(len(info.options))
    for item in info.options.items():
        values.extend(item)
    for seat in info.seats:
        values.extend(getattr(seat, f) for f in _SEAT_FIELDS)
    return tuple(values)


def _unpark(parked: tuple[Any, ...], game: Game, opts: Options) -> TableInfo:
    """The `TableInfo` that `_park` made ``parked`` of (its values were validated once)."""
    values = dict(zip(_PLAIN, parked, strict=False))
    state = values["state"]
    values["state"] = None if state is None else game.load(state)
    values["status"] = TableStatus(values["status"])
    if values["rules"] == _OWN_RULES:
        values["rules"] = opts
    values["policy"] = TablePolicy.model_construct(
        **dict(zip(_POLICY_FIELDS, parked[_POLICY_AT:_OPTIONS_AT], strict=True)))
    start = _OPTIONS_AT + 1
    end = start + 2 * parked[_OPTIONS_AT]
    values["options"] = dict(zip(parked[start:end:2], parked[start + 1:end:2], strict=True))
    width = len(_SEAT_FIELDS)
    values["seats"] = [
        SeatInfo.model_construct(**dict(zip(_SEAT_FIELDS, parked[i:i + width], strict=True)))
        for i in range(end, len(parked), width)
    ]
    return TableInfo.model_construct(**values)
