"""TableService: game sessions per channel, seats, turns, timers, AI turns, results, ratings.

The in-memory `TableInfo` of an open table is the truth the service acts on; every change is
written to the store first (one transaction) and only then replaces the in-memory copy, so a
failed write changes nothing and a kill -9 loses nothing that was acknowledged. One asyncio lock
per table serialises everything that changes it; the version it carries makes a stale or
duplicate click fail politely instead of being applied twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot.games import registry
from bot.games.base import Event, Game, GameError, IllegalAction, Options
from bot.service.ai import AI_LEVELS, AIPool, acquire_pool, choose_move, release_pool
from bot.service.errors import (
    BadOptions,
    IllegalMove,
    NoTable,
    NotAllowed,
    NotSeated,
    NotYourTurn,
    StaleAction,
    TableExists,
)
from bot.service.models import (
    ActResult,
    LeaderboardRow,
    SeatInfo,
    TableInfo,
    TableStatus,
    TableUpdate,
    UserStats,
)
from bot.service.ratings import build_finish, display_rating, scopes
from bot.store import (
    GLOBAL_SCOPE,
    ActionRow,
    ChannelTaken,
    RatingRow,
    SeatRow,
    Store,
    TableRow,
    VersionConflict,
)

log = logging.getLogger(__name__)

Listener = Callable[[TableUpdate], Awaitable[None]]

STALE = "That button is from an earlier moment of the game; use the newest message."

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
        task = asyncio.get_running_loop().create_task(method(self, *args, **kwargs))
        self._inflight.add(task)
        task.add_done_callback(_forget(self._inflight))
        return await asyncio.shield(task)

    return wrapper


def _forget(inflight: set[asyncio.Task[Any]]) -> Callable[[asyncio.Task[Any]], None]:
    def done(task: asyncio.Task[Any]) -> None:
        inflight.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a caller that went away must not cause a warning

    return done


def _log_warm_failure(future: Future[int]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("an AI worker failed to start: %r", future.exception())


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(eq=False)
class _Live:
    """An open table in memory: its info, game, options, lock and pending work."""

    info: TableInfo
    game: Game
    opts: Options
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    ai_task: asyncio.Task[None] | None = None


class TableService:
    """Everything the Discord layer (or the terminal runner) may do to a table."""

    def __init__(
        self,
        store: Store,
        *,
        turn_timeout_s: float = 300,
        lobby_timeout_s: float = 1800,
        timeouts_before_ai: int = 2,
        ai_budget_ms: int = 200,
        ai_delay_s: float = 0.0,
        ai_processes: int = 0,
    ) -> None:
        self.store = store
        self.turn_timeout_s = turn_timeout_s
        self.lobby_timeout_s = lobby_timeout_s
        self.timeouts_before_ai = timeouts_before_ai
        self.ai_budget_ms = ai_budget_ms
        self.ai_delay_s = ai_delay_s
        self.ai_processes = ai_processes
        """Worker processes for AI moves (the process's shared pool); 0 thinks in threads."""
        self._ai_pool: AIPool | None = None
        self._live: dict[int, _Live] = {}
        self._listeners: list[Listener] = []
        self._outbox: dict[int, deque[TableUpdate]] = {}
        self._senders: dict[int, asyncio.Task[None]] = {}
        self._create_lock = asyncio.Lock()
        self._rating_lock = asyncio.Lock()
        self._closing = False
        self._close_task: asyncio.Task[None] | None = None
        self._inflight: set[asyncio.Task[Any]] = set()

    @classmethod
    async def open(cls, db_path: str | Path, **kw: Any) -> TableService:
        """Open (and migrate) the database; call `start` to resume the open tables."""
        return cls(await Store.open(db_path), **kw)

    # -- life cycle --------------------------------------------------------------------------

    async def start(self) -> None:
        """Load every open table, re-arm its timers and resume pending AI turns."""
        self._warm_ai()
        for row in await self.store.open_tables():
            if row.id in self._live:
                continue
            try:
                live = self._make_live(row)
            except Exception:
                log.exception("table %s (%s) cannot be loaded; left as it is", row.id, row.game_key)
                continue
            self._live[row.id] = live
            self._arm(live)
            self._kick(live)
        log.info("resumed %d open table(s)", len(self._live))

    async def close(self) -> None:
        """Let the actions in flight finish, stop timers and AI turns, close the database.

        Safe to call twice (a signal handler and a finally: block): both wait for one close.
        """
        if self._close_task is None:
            self._close_task = asyncio.get_running_loop().create_task(self._close())
        await asyncio.shield(self._close_task)

    async def _close(self) -> None:
        self._closing = True  # from here every change is refused
        await asyncio.gather(*self._inflight, return_exceptions=True)
        lives = list(self._live.values())
        for live in lives:  # wait for the change in flight on each table
            await live.lock.acquire()
        pending: list[asyncio.Task[Any]] = []
        for live in lives:
            for task in (live.timer, live.ai_task):
                if task is not None and not task.done():
                    task.cancel()
                    pending.append(task)
        await asyncio.gather(*pending, return_exceptions=True)
        self._release_ai()
        for live in lives:  # listeners still being served may call set_message
            live.lock.release()
        senders = [t for t in self._senders.values() if not t.done()]
        if senders:
            _, late = await asyncio.wait(senders, timeout=5)
            for task in late:
                task.cancel()
        await self.store.close()

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def settle(self, table_id: int | None = None) -> None:
        """Wait until no change or AI turn is running and every update has reached the
        listeners (for one table, or all). For tests and shutdown; not from a listener."""
        while True:
            tasks = list(self._inflight)  # not keyed by table: a change of any table is brief
            if table_id is None:
                tasks += [lv.ai_task for lv in self._live.values() if lv.ai_task is not None]
                tasks += list(self._senders.values())
            else:
                live = self._live.get(table_id)
                tasks += [live.ai_task] if live is not None and live.ai_task is not None else []
                sender = self._senders.get(table_id)
                tasks += [sender] if sender is not None else []
            tasks = [t for t in tasks if not t.done() and t is not asyncio.current_task()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    # -- reading -----------------------------------------------------------------------------

    async def get(self, table_id: int) -> TableInfo:
        live = self._live.get(table_id)
        if live is not None:
            return live.info
        row = await self.store.get_table(table_id)
        if row is None:
            raise NoTable(f"There is no table #{table_id}.")
        return self._info_from_row(row, *self._game_and_opts(row))

    async def table_in_channel(self, channel_id: int) -> TableInfo | None:
        for live in self._live.values():
            if live.info.channel_id == channel_id and live.info.is_open:
                return live.info
        row = await self.store.open_table_in_channel(channel_id)
        if row is None:
            return None
        return (await self._live_for(row.id)).info

    async def open_tables(self) -> list[TableInfo]:
        ids = [row.id for row in await self.store.open_tables()]
        out = []
        for table_id in ids:
            with contextlib.suppress(NoTable, NotAllowed):
                out.append((await self._live_for(table_id)).info)
        return out

    async def leaderboard(
        self, game_key: str, guild_id: int | None, limit: int = 10
    ) -> list[LeaderboardRow]:
        """Best conservative rating first; per server when ``guild_id`` is given, else global."""
        rows = await self.store.leaderboard(game_key, guild_id or GLOBAL_SCOPE, limit)
        return [
            LeaderboardRow(
                user_id=r.user_id, name=r.name, rating=display_rating(r.mu, r.sigma),
                games=int(t.get("games", 0)), wins=int(t.get("wins", 0)), tallies=dict(t),
            )
            for r, t in rows
        ]

    async def stats(self, user_id: int, guild_id: int | None = None) -> UserStats:
        ratings, tallies = await self.store.user_ladders(user_id, guild_id or GLOBAL_SCOPE)
        per_game: dict[str, dict[str, float]] = {}
        for key in sorted(set(ratings) | set(tallies)):
            entry = {"games": 0.0, "wins": 0.0, "points": 0.0, **tallies.get(key, {})}
            if key in ratings:
                entry["rating"] = display_rating(ratings[key].mu, ratings[key].sigma)
            per_game[key] = entry
        return UserStats(user_id=user_id, per_game=per_game)

    # -- small records of the layers above (the store's settings) -----------------------------

    @property
    def closing(self) -> bool:
        """True once `close` has begun: work that must be recorded should not start now."""
        return self._closing

    async def get_setting(self, scope: str, scope_id: int, key: str, default: Any = None) -> Any:
        return await self.store.get_setting(scope, scope_id, key, default)

    async def settings(self, scope: str, scope_id: int) -> dict[str, Any]:
        return await self.store.settings(scope, scope_id)

    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        await self.store.set_setting(scope, scope_id, key, value)

    async def delete_setting(self, scope: str, scope_id: int, key: str) -> None:
        await self.store.delete_setting(scope, scope_id, key)

    # -- the lobby ---------------------------------------------------------------------------

    @_completes
    async def create(
        self,
        *,
        game_key: str,
        channel_id: int,
        guild_id: int | None,
        host_id: int,
        host_name: str,
        preset: str | None = None,
        options: dict[str, Any] | None = None,
        players: int | None = None,
        seed: int | None = None,
    ) -> TableInfo:
        """Open a lobby in ``channel_id`` with the host in seat 0.

        ``seed`` None draws a random 63-bit seed; a given one makes the deals reproducible.
        """
        self._check_running()
        if seed is not None and not 0 <= seed < 2**63:
            raise BadOptions("A seed is a whole number from 0 to 2^63 - 1.")
        try:
            game = registry.get(game_key)
            opts = game.options(preset, **(options or {}))
            count = players if players is not None else game.default_players
            game.check_players(count, opts)
        except GameError as exc:
            raise BadOptions(str(exc)) from None
        async with self._create_lock:
            existing = await self.table_in_channel(channel_id)
            if existing is not None:
                raise TableExists(self._exists_message(existing))
            try:
                row = await self.store.create_table(
                    guild_id=guild_id, channel_id=channel_id, game_key=game_key,
                    preset=opts.preset, options=dict(options or {}), players=count,
                    host=SeatRow(0, host_id, host_name),
                    seed=secrets.randbits(63) if seed is None else seed,
                    lobby_deadline=_now() + timedelta(seconds=self.lobby_timeout_s),
                )
            except ChannelTaken:
                raise TableExists(
                    "This channel already has an open table; finish or abort it first."
                ) from None
            live = _Live(self._info_from_row(row, game, opts), game, opts)
            self._live[row.id] = live
            self._arm(live)
        self._enqueue(TableUpdate(table=live.info, reason="created", actor_seat=0))
        return live.info

    @_completes
    async def join(self, table_id: int, user_id: int, name: str) -> TableInfo:
        """Take the first free seat in the lobby, or take your own seat back from the AI."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            seat = info.seat_of(user_id)
            if info.status is TableStatus.PLAYING:
                if seat is None:
                    raise NotAllowed("The game is under way; seats are frozen until it ends.")
                if seat.resigned:
                    raise NotAllowed("You resigned this game; the AI plays your seat to the end.")
                if seat.ai_level is None:
                    raise NotAllowed("You are already playing at this table.")
                back = seat.model_copy(update={"ai_level": None, "timeouts": 0, "name": name})
                return await self._commit(
                    live, self._with_seat(info, back), reason="joined", actor_seat=seat.index,
                    notice=f"{name} takes the seat back from the AI.", fresh_deadline=True,
                )
            if seat is not None:
                raise NotAllowed("You already have a seat at this table.")
            index = self._free_seat(info)
            new = SeatInfo(index=index, user_id=user_id, name=name)
            return await self._commit(
                live, self._with_seat(info, new), reason="joined", actor_seat=index
            )

    @_completes
    async def leave(self, table_id: int, user_id: int) -> TableInfo:
        """Give up a lobby seat. A leaving host hands the host role to the next human."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            if info.status is not TableStatus.LOBBY:
                raise NotAllowed(
                    f"Seats are frozen while the game is on; use /{info.game_key} resign to "
                    "give up your seat to the AI."
                )
            seat = info.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not seated at this table.")
            seats = [s for s in info.seats if s.index != seat.index]
            humans = [s for s in seats if s.user_id is not None]
            if not humans:
                closed = info.model_copy(update={
                    "seats": seats, "status": TableStatus.ABORTED, "lobby_deadline": None,
                })
                return await self._commit(
                    live, closed, reason="aborted", actor_seat=seat.index, end_reason="aborted",
                    notice=f"{seat.name} left and nobody is seated; the table is closed.",
                )
            update: dict[str, Any] = {"seats": seats}
            notice = None
            if info.host_id == user_id:
                heir = humans[0]
                assert heir.user_id is not None
                update["host_id"] = heir.user_id
                notice = f"{seat.name} left; {heir.name} is the host now."
            return await self._commit(
                live, info.model_copy(update=update), reason="left", actor_seat=seat.index,
                notice=notice,
            )

    @_completes
    async def add_ai(self, table_id: int, actor_id: int, level: str = "normal") -> TableInfo:
        """Seat the AI in the first free lobby seat (any seated player may)."""
        if level not in AI_LEVELS:
            raise BadOptions(f"The AI plays at levels {', '.join(AI_LEVELS)}; not `{level}`.")
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            if info.status is not TableStatus.LOBBY:
                raise NotAllowed("Seats are frozen while the game is on.")
            if info.seat_of(actor_id) is None and actor_id != info.host_id:
                raise NotSeated("Take a seat first; then you may invite the AI.")
            index = self._free_seat(info)
            seat = SeatInfo(index=index, name=self._ai_name(live, index), ai_level=level)
            return await self._commit(
                live, self._with_seat(info, seat), reason="ai_added", actor_seat=index
            )

    @_completes
    async def remove_seat(
        self, table_id: int, actor_id: int, seat: int, *, is_manager: bool = False
    ) -> TableInfo:
        """Kick a player or an AI from the lobby (host or manager only)."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            self._check_host(info, actor_id, is_manager, "remove a seat")
            if info.status is not TableStatus.LOBBY:
                raise NotAllowed("Seats are frozen while the game is on.")
            target = next((s for s in info.seats if s.index == seat), None)
            if target is None:
                raise NotAllowed(f"Seat {seat + 1} is empty.")
            if target.user_id is not None and target.user_id == info.host_id:
                raise NotAllowed(
                    f"The host cannot be removed; the host may /{info.game_key} leave, or "
                    f"/{info.game_key} abort the table."
                )
            seats = [s for s in info.seats if s.index != seat]
            return await self._commit(
                live, info.model_copy(update={"seats": seats}), reason="seat_removed",
                actor_seat=seat, notice=f"{target.name} was removed from the table.",
            )

    @_completes
    async def start_game(
        self, table_id: int, actor_id: int, *, is_manager: bool = False, fill_with_ai: bool = False
    ) -> TableInfo:
        """Deal: the host (or a manager) starts once every seat is taken (or filled by AI)."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            self._check_host(info, actor_id, is_manager, "start the game")
            if info.status is not TableStatus.LOBBY:
                raise NotAllowed("The game has already started.")
            seats = {s.index: s for s in info.seats}
            empty = [i for i in range(info.players) if i not in seats]
            if empty and not fill_with_ai:
                raise NotAllowed(
                    f"{len(empty)} seat(s) are still empty: wait for players, add the AI with "
                    f"/{info.game_key} bot, or start with the AI filling the empty seats."
                )
            for i in empty:
                seats[i] = SeatInfo(index=i, name=self._ai_name(live, i), ai_level="normal")
            try:
                state = live.game.new(info.players, live.opts, info.seed)
            except GameError as exc:
                raise BadOptions(str(exc)) from None
            started = info.model_copy(update={
                "seats": [seats[i] for i in sorted(seats)], "status": TableStatus.PLAYING,
                "state": state, "lobby_deadline": None,
            })
            return await self._commit(
                live, started, reason="started", actor_seat=None, fresh_deadline=True
            )

    @_completes
    async def abort(self, table_id: int, actor_id: int, *, is_manager: bool = False) -> TableInfo:
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            self._check_host(info, actor_id, is_manager, "abort the table")
            closed = info.model_copy(update={"status": TableStatus.ABORTED, "lobby_deadline": None})
            seat = info.seat_of(actor_id)
            return await self._commit(
                live, closed, reason="aborted", actor_seat=seat.index if seat else None,
                end_reason="aborted", notice="The table was aborted; no result is recorded.",
            )

    @_completes
    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember which channel message shows the table (no version bump, no update)."""
        live = self._live.get(table_id)
        if live is None:
            if await self.store.get_table(table_id) is None:
                raise NoTable(f"There is no table #{table_id}.")
            await self.store.set_message(table_id, message_id)
            return
        async with live.lock:
            await self.store.set_message(table_id, message_id)
            live.info = live.info.model_copy(update={"message_id": message_id})

    # -- play --------------------------------------------------------------------------------

    @_completes
    async def act(
        self, table_id: int, user_id: int, action: str, *, version: int | None
    ) -> ActResult:
        """A human's move. ``version`` (from the button) must be the table's current one."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            if info.status is not TableStatus.PLAYING or info.state is None:
                raise NotAllowed("The game has not started yet.")
            if version is not None and version != info.version:
                raise StaleAction(STALE)
            seat = info.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not seated at this table.")
            if seat.resigned:
                raise NotAllowed("You resigned this game; the AI plays your seat to the end.")
            if seat.ai_level is not None:
                raise NotAllowed(
                    f"The AI is playing your seat; /{info.game_key} join takes it back."
                )
            state = info.state
            if seat.index not in state.to_act:
                raise NotYourTurn(f"It is not your turn; waiting for {self._waiting_for(info)}.")
            try:
                parsed = state.check_legal(seat.index, action)
                new_state, events = state.apply(seat.index, parsed)
            except IllegalAction as exc:
                raise IllegalMove(str(exc)) from None
            new = info.model_copy(update={"state": new_state})
            if seat.timeouts:
                new = self._with_seat(new, seat.model_copy(update={"timeouts": 0}))
            done = await self._commit(
                live, new, reason="action", events=events, actor_seat=seat.index,
                logged=(seat.index, user_id, str(parsed), "human"),
                seats_changed=bool(seat.timeouts), fresh_deadline=True,
            )
        return ActResult(table=done, events=events)

    @_completes
    async def resign(self, table_id: int, user_id: int) -> TableInfo:
        """Give up: the AI plays the seat on, and the result counts as a loss for the user."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            if info.status is not TableStatus.PLAYING:
                raise NotAllowed(
                    f"There is nothing to resign before the start; use /{info.game_key} leave."
                )
            seat = info.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not seated at this table.")
            if seat.resigned:
                raise NotAllowed("You have already resigned.")
            gone = seat.model_copy(update={"ai_level": seat.ai_level or "normal", "resigned": True})
            return await self._commit(
                live, self._with_seat(info, gone), reason="resigned", actor_seat=seat.index,
                notice=f"{seat.name} resigned; the AI plays the seat to the end.",
            )

    # -- internals: loading ------------------------------------------------------------------

    def _game_and_opts(self, row: TableRow) -> tuple[Game, Options]:
        game = registry.get(row.game_key)
        return game, game.options(row.preset, **row.options)

    def _make_live(self, row: TableRow) -> _Live:
        game, opts = self._game_and_opts(row)
        return _Live(self._info_from_row(row, game, opts), game, opts)

    def _info_from_row(self, row: TableRow, game: Game, opts: Options) -> TableInfo:
        return TableInfo(
            id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, game_key=row.game_key,
            preset=row.preset, options=row.options, players=row.players,
            status=TableStatus(row.status), host_id=row.host_id,
            seats=[
                SeatInfo(index=s.seat, user_id=s.user_id, name=s.name, ai_level=s.ai_level,
                         timeouts=s.timeouts, resigned=s.resigned)
                for s in row.seats
            ],
            version=row.version, seed=row.seed,
            state=game.load(row.state) if row.state else None,
            turn_deadline=row.turn_deadline, lobby_deadline=row.lobby_deadline,
            message_id=row.message_id, created_at=row.created_at, updated_at=row.updated_at,
        )

    @staticmethod
    def _row(info: TableInfo, end_reason: str | None) -> TableRow:
        return TableRow(
            id=info.id, guild_id=info.guild_id, channel_id=info.channel_id,
            game_key=info.game_key, preset=info.preset, options=info.options,
            players=info.players, status=info.status.value, host_id=info.host_id, seed=info.seed,
            version=info.version, created_at=info.created_at, updated_at=info.updated_at,
            seats=tuple(
                SeatRow(s.index, s.user_id, s.name, s.ai_level, s.timeouts, s.resigned)
                for s in info.seats
            ),
            state=info.state.model_dump_json() if info.state is not None else None,
            message_id=info.message_id, turn_deadline=info.turn_deadline,
            lobby_deadline=info.lobby_deadline, end_reason=end_reason,
        )

    async def _live_for(self, table_id: int) -> _Live:
        """The open table ``table_id`` (loaded on demand), or a refusal saying why not."""
        self._check_running()
        live = self._live.get(table_id)
        if live is not None:
            return live
        row = await self.store.get_table(table_id)
        if row is None:
            raise NoTable(f"There is no table #{table_id}.")
        if row.status not in ("lobby", "playing"):
            raise NotAllowed(self._closed_message(row.status))
        live = self._live.get(table_id)  # another coroutine may have loaded it meanwhile
        if live is None:
            live = self._live[table_id] = self._make_live(row)
            self._arm(live)
            self._kick(live)
        return live

    def _current(self, live: _Live, table_id: int) -> TableInfo:
        """Called under the lock: the table may have closed while we waited for it."""
        self._check_running()
        if not live.info.is_open:
            raise NotAllowed(self._closed_message(live.info.status.value))
        if self._live.get(table_id) is not live:  # reloaded after a conflict: try again
            raise StaleAction(STALE)
        return live.info

    def _check_running(self) -> None:
        if self._closing:
            raise NotAllowed("Parlour is restarting; try again in a moment.")

    @staticmethod
    def _closed_message(status: str) -> str:
        return "This game is over." if status == "finished" else "This table has been closed."

    @staticmethod
    def _exists_message(info: TableInfo) -> str:
        return (
            f"There is already an open {info.game_key} table (#{info.id}) in this channel; "
            "finish or abort it first, or open the new one in a thread."
        )

    @staticmethod
    def _check_host(info: TableInfo, actor_id: int, is_manager: bool, what: str) -> None:
        if actor_id != info.host_id and not is_manager:
            raise NotAllowed(
                f"Only the host (<@{info.host_id}>) or someone with Manage Channels may {what}."
            )

    @staticmethod
    def _free_seat(info: TableInfo) -> int:
        taken = {s.index for s in info.seats}
        free = [i for i in range(info.players) if i not in taken]
        if not free:
            raise NotAllowed("The table is full.")
        return free[0]

    @staticmethod
    def _with_seat(info: TableInfo, seat: SeatInfo) -> TableInfo:
        seats = [s for s in info.seats if s.index != seat.index] + [seat]
        return info.model_copy(update={"seats": sorted(seats, key=lambda s: s.index)})

    @staticmethod
    def _ai_name(live: _Live, index: int) -> str:
        names = live.game.seat_names(live.info.players, live.opts)
        where = names[index] if index < len(names) else f"Seat {index + 1}"
        return f"AI ({where})"

    @staticmethod
    def _waiting_for(info: TableInfo) -> str:
        state = info.state
        names = {s.index: s.name for s in info.seats}
        waiting = [names.get(i, f"seat {i + 1}") for i in (state.to_act if state else [])]
        return ", ".join(waiting) or "nobody"

    # -- internals: committing ---------------------------------------------------------------

    def _turn_deadline(self, old: TableInfo, new: TableInfo, fresh: bool) -> datetime | None:
        """A deadline whenever a human seat must act; a new one after a move, else kept."""
        state = new.state
        if new.status is not TableStatus.PLAYING or state is None or state.is_over:
            return None
        human_seats = {s.index for s in new.seats if s.ai_level is None}
        if not human_seats & set(state.to_act):
            return None
        if not fresh and old.turn_deadline is not None:
            return old.turn_deadline
        return _now() + timedelta(seconds=self.turn_timeout_s)

    async def _commit(
        self,
        live: _Live,
        new: TableInfo,
        *,
        reason: str,
        events: Sequence[Event] = (),
        actor_seat: int | None = None,
        notice: str | None = None,
        logged: tuple[int, int | None, str, str] | None = None,
        seats_changed: bool = True,
        fresh_deadline: bool = False,
        end_reason: str | None = None,
    ) -> TableInfo:
        """Write one change (under the table lock), then publish it and schedule what follows.

        ``logged`` is (seat, user id, action text, 'human'|'ai'|'timeout') for a game action.
        A state that is over finishes the game in the same transaction.
        """
        old = live.info
        stamp = _now()
        new = new.model_copy(update={"version": old.version + 1, "updated_at": stamp})
        new = new.model_copy(update={"turn_deadline": self._turn_deadline(old, new,
                                                                          fresh_deadline)})
        action_row = None
        if logged is not None:
            seat, user_id, text, how = logged
            action_row = ActionRow(new.id, new.version, seat, user_id, text, how, stamp)
        state = new.state
        try:
            if new.status is TableStatus.PLAYING and state is not None and state.is_over:
                outcome = state.outcome()
                if outcome is None:
                    raise RuntimeError(f"{new.game_key}: a finished state without an outcome")
                new = new.model_copy(update={"status": TableStatus.FINISHED})
                reason, end_reason = "finished", "finished"
                notice = notice or self._finish_notice(new, outcome.winners)
                async with self._rating_lock:
                    finish = build_finish(
                        new, outcome, live.game.teams(new.players, live.opts),
                        await self._current_ratings(new), stamp,
                    )
                    row = self._row(new, end_reason)
                    if action_row is not None:
                        await self.store.record_action(row, action_row, prev_version=old.version,
                                                       seats=True, finish=finish)
                    else:
                        await self.store.finish_table(row, prev_version=old.version,
                                                      finish=finish)
            else:
                row = self._row(new, end_reason or (reason if not new.is_open else None))
                if action_row is not None:
                    await self.store.record_action(row, action_row, prev_version=old.version,
                                                   seats=seats_changed)
                else:
                    await self.store.save_table(row, prev_version=old.version,
                                                seats=seats_changed)
        except VersionConflict:
            log.error("table %s changed in the database behind our back; reloading", new.id)
            self._live.pop(new.id, None)
            raise StaleAction(STALE) from None
        live.info = new
        if new.is_open:
            self._arm(live)
        else:
            self._live.pop(new.id, None)
            self._disarm(live)
        self._enqueue(TableUpdate(table=new, reason=reason, events=list(events),
                                  actor_seat=actor_seat, notice=notice))
        self._kick(live)
        return new

    async def _current_ratings(self, info: TableInfo) -> dict[int, dict[int, RatingRow]]:
        users = [s.user_id for s in info.seats if s.user_id is not None]
        return {
            scope: await self.store.ratings(info.game_key, scope, users)
            for scope in scopes(info.guild_id)
        }

    @staticmethod
    def _finish_notice(info: TableInfo, winners: Sequence[int]) -> str:
        names = [s.name for s in info.seats if s.index in winners]
        if not names:
            return "Game over."
        return f"Game over: {' and '.join(names)} {'wins' if len(names) == 1 else 'win'}."

    # -- internals: listeners ----------------------------------------------------------------

    def _enqueue(self, update: TableUpdate) -> None:
        """Queue an update for the listeners; one sender per table keeps them in order."""
        if not self._listeners:
            return
        table_id = update.table.id
        self._outbox.setdefault(table_id, deque()).append(update)
        sender = self._senders.get(table_id)
        if sender is None or sender.done():
            self._senders[table_id] = asyncio.get_running_loop().create_task(
                self._send(table_id), name=f"parlour-updates-{table_id}"
            )

    async def _send(self, table_id: int) -> None:
        queue = self._outbox[table_id]
        while queue:
            update = queue.popleft()
            for listener in list(self._listeners):
                try:
                    await listener(update)
                except Exception:
                    log.exception("a table listener failed on %s of table %s",
                                  update.reason, table_id)
        self._outbox.pop(table_id, None)
        self._senders.pop(table_id, None)

    # -- internals: timers -------------------------------------------------------------------

    def _disarm(self, live: _Live) -> None:
        timer, live.timer = live.timer, None
        if timer is not None and timer is not asyncio.current_task() and not timer.done():
            timer.cancel()

    def _arm(self, live: _Live) -> None:
        """(Re)start the one timer of a table from the deadlines stored on it."""
        self._disarm(live)
        info = live.info
        if self._closing:
            return
        if info.status is TableStatus.LOBBY and info.lobby_deadline is not None:
            deadline, fire = info.lobby_deadline, self._lobby_expired
        elif info.status is TableStatus.PLAYING and info.turn_deadline is not None:
            deadline, fire = info.turn_deadline, self._turn_expired
        else:
            return
        delay = max(0.0, (deadline - _now()).total_seconds())
        live.timer = asyncio.get_running_loop().create_task(
            self._after(delay, fire, live, info.version), name=f"parlour-timer-{info.id}"
        )

    async def _after(
        self, delay: float, fire: Callable[[_Live, int], Awaitable[None]], live: _Live,
        version: int,
    ) -> None:
        await asyncio.sleep(delay)
        try:
            await fire(live, version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("timer of table %s failed", live.info.id)

    async def _lobby_expired(self, live: _Live, version: int) -> None:
        async with live.lock:
            info = live.info
            if self._closing or self._live.get(info.id) is not live:
                return
            if info.status is not TableStatus.LOBBY or info.lobby_deadline is None:
                return
            if info.lobby_deadline > _now():  # moved on meanwhile; wait for the new one
                self._arm(live)
                return
            closed = info.model_copy(update={"status": TableStatus.ABORTED,
                                             "lobby_deadline": None})
            await self._commit(
                live, closed, reason="expired", end_reason="expired",
                notice="Nobody started the game in time; the table is closed.",
            )

    async def _turn_expired(self, live: _Live, version: int) -> None:
        """Play every human seat that is out of time with the AI; hand it over if it repeats."""
        async with live.lock:
            info = live.info
            if self._closing or self._live.get(info.id) is not live:
                return
            if info.version != version or info.status is not TableStatus.PLAYING:
                return
            if info.state is None or info.turn_deadline is None:
                return
            late = [s for s in info.seats if s.ai_level is None and s.index in info.state.to_act]
            for seat in late:
                info = live.info
                state = info.state
                if (
                    not live.info.is_open or state is None or seat.index not in state.to_act
                    or self._live.get(info.id) is not live
                ):
                    break
                action, _ = await choose_move(
                    live.game, state, seat.index, seed=info.seed, version=info.version,
                    budget_ms=self.ai_budget_ms, pool=self._pool(),
                )
                new_state, events = state.apply(seat.index, action)
                count = seat.timeouts + 1
                if count >= self.timeouts_before_ai:
                    changed = seat.model_copy(update={"timeouts": count, "ai_level": "normal"})
                    reason = "seat_to_ai"
                    notice = (
                        f"{seat.name} timed out {self._times(count)}; the AI plays for "
                        f"{seat.name} now. /{info.game_key} join to take the seat back."
                    )
                else:
                    changed = seat.model_copy(update={"timeouts": count})
                    reason = "timeout"
                    notice = f"{seat.name} ran out of time; the AI played `{action}` for them."
                new = self._with_seat(info, changed).model_copy(update={"state": new_state})
                await self._commit(
                    live, new, reason=reason, events=events, actor_seat=seat.index,
                    notice=notice, logged=(seat.index, None, str(action), "timeout"),
                    fresh_deadline=True,
                )

    @staticmethod
    def _times(count: int) -> str:
        return {1: "once", 2: "twice"}.get(count, f"{count} times")

    # -- internals: AI turns -----------------------------------------------------------------

    def _pool(self) -> AIPool | None:
        """The shared AI process pool, joined on first use (None: think in threads)."""
        if self.ai_processes > 0 and self._ai_pool is None and not self._closing:
            self._ai_pool = acquire_pool(self.ai_processes)
        return self._ai_pool

    def _warm_ai(self) -> None:
        """Start the AI workers now, so the first AI move does not wait for them."""
        pool = self._pool()
        if pool is None:
            return
        try:
            futures = pool.warm()
        except Exception:
            log.exception("AI worker processes could not be started; moves will retry")
            return
        for future in futures:
            future.add_done_callback(_log_warm_failure)

    def _release_ai(self) -> None:
        pool, self._ai_pool = self._ai_pool, None
        if pool is not None:
            release_pool(pool)

    def _kick(self, live: _Live) -> None:
        """Make sure the AI runner of this table is going if an AI seat is to act."""
        if self._closing or self._ai_seat(live.info) is None:
            return
        if live.ai_task is not None and not live.ai_task.done():
            return
        live.ai_task = asyncio.get_running_loop().create_task(
            self._run_ai(live), name=f"parlour-ai-{live.info.id}"
        )

    @staticmethod
    def _ai_seat(info: TableInfo) -> SeatInfo | None:
        state = info.state
        if info.status is not TableStatus.PLAYING or state is None:
            return None
        to_act = set(state.to_act)
        return next((s for s in info.seats if s.ai_level is not None and s.index in to_act), None)

    async def _run_ai(self, live: _Live) -> None:
        """Play AI seats one move at a time, each committed like a human's, until a human is
        to act. The AI thinks outside the lock; its move is dropped if the table moved on."""
        try:
            while not self._closing and self._live.get(live.info.id) is live:
                info = live.info
                seat = self._ai_seat(info)
                if seat is None or info.state is None:
                    return
                if self.ai_delay_s > 0:
                    await asyncio.sleep(self.ai_delay_s)
                    if live.info.version != info.version:
                        continue
                action, _ = await choose_move(
                    live.game, info.state, seat.index, seed=info.seed, version=info.version,
                    budget_ms=self.ai_budget_ms, pool=self._pool(),
                )
                if self._closing:  # close() holds the locks; a swallowed cancel must not wait
                    return
                async with live.lock:
                    if self._closing or self._live.get(info.id) is not live:
                        return
                    if live.info.version != info.version:
                        continue
                    new_state, events = info.state.apply(seat.index, action)
                    await self._commit(
                        live, info.model_copy(update={"state": new_state}), reason="action",
                        events=events, actor_seat=seat.index,
                        logged=(seat.index, None, str(action), "ai"),
                    )
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI runner of table %s stopped", live.info.id)
