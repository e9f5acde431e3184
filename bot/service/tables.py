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
import logging
from collections import OrderedDict, deque
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bot.games import registry
from bot.games.base import Event, Game, IllegalAction, Options, State, evolve
from bot.i18n import N_
from bot.service.ai import AIPool
from bot.service.ai_runner import AIRunner
from bot.service.clock import Clock, SystemClock
from bot.service.deadlines import Deadlines
from bot.service.errors import (
    OTHER_SHARD,
    CannotSave,
    IllegalMove,
    NoTable,
    NotAllowed,
    NotSeated,
    NotYourTurn,
    OtherShard,
    Restarting,
    SeatKept,
    StaleAction,
)
from bot.service.history import History, Replay
from bot.service.live import (
    HOT_TABLES,
    MAX_TABLE_ID,
    STALE,
    HotTables,
    Listener,
    SharedOptions,
    Sleep,
    _completes,
    _Live,
    _log_fault,
    _reads,
)
from bot.service.lobby import Lobby
from bot.service.models import (
    ActResult,
    SeatInfo,
    TableInfo,
    TablePolicy,
    TableStatus,
    TableUpdate,
)
from bot.service.outbox import Outbox
from bot.service.ratings import build_finish
from bot.service.server_defaults import ServerSettings
from bot.service.solo import SoloSessions
from bot.service.standings import Standings
from bot.service.timers import Timers
from bot.store import (
    ActionRow,
    SeatRow,
    ShardSet,
    StoreUnavailable,
    TableRow,
    TableStore,
    VersionConflict,
    open_store,
)

log = logging.getLogger(__name__)

_OPEN = (TableStatus.LOBBY, TableStatus.PLAYING)
class TableService(Lobby, Timers, AIRunner, Outbox, SoloSessions, History, ServerSettings,
                   Standings):
    """Everything the Discord layer (or the terminal runner) may do to a table."""

    def __init__(
        self,
        store: TableStore,
        *,
        turn_timeout_s: float = 300,
        lobby_timeout_s: float = 1800,
        timeouts_before_ai: int = 2,
        ai_budget_ms: int = 200,
        ai_delay_s: float = 0.0,
        ai_processes: int = 0,
        daily_ahead: bool = False,
        watchdog_s: float = 30.0,
        retry_first_s: float = 0.5,
        retry_max_s: float = 30.0,
        sleep: Sleep = asyncio.sleep,
        clock: Clock | None = None,
        shards: ShardSet | None = None,
        hot_tables: int = HOT_TABLES,
    ) -> None:
        self.store = store
        self.shards = shards
        """The shards this process runs (None: all): it loads, times and plays only the tables
        of their guilds; another process on the same database runs the rest."""
        self.clock: Clock = clock or SystemClock()
        """Deadlines, time stamps and the waits of timers and AI pacing (tests move it by hand)."""
        self.turn_timeout_s = turn_timeout_s
        self.lobby_timeout_s = lobby_timeout_s
        self.timeouts_before_ai = timeouts_before_ai
        self.ai_budget_ms = ai_budget_ms
        self.ai_delay_s = ai_delay_s
        self.ai_processes = ai_processes
        """Worker processes for AI moves (the process's shared pool); 0 thinks in threads."""
        self.daily_ahead = daily_ahead
        """Work out the daily deals ahead (today's and tomorrow's, then each day's), in the
        background from `start`; off in tests, where nobody asks for them."""
        self._daily_jobs: dict[str, asyncio.Future[tuple[int, bool]]] = {}
        self._solution_jobs: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._solution_states: dict[int, list[State]] = {}
        """table -> its solution line replayed (the newest `SOLUTIONS_KEPT`, oldest first)."""
        self._dailies: asyncio.Task[None] | None = None
        self.watchdog_s = watchdog_s
        """How often the watchdog looks for AI turns and timers that should run and do not."""
        self.retry_first_s = retry_first_s
        self.retry_max_s = retry_max_s
        """An AI move the database refused is retried after retry_first_s, doubling up to
        retry_max_s, for as long as the fault lasts."""
        self._sleep = sleep
        """Every wait of the runner and the watchdog (tests inject one that waits on events)."""
        self._watchdog: asyncio.Task[None] | None = None
        self._ai_pool: AIPool | None = None
        self._live: dict[int, _Live] = {}
        self._hot = HotTables(hot_tables)
        self._opts = SharedOptions()
        """Which of them keep their info as objects; the rest are parked (`_Live`)."""
        self._deadlines = Deadlines(self.clock, self._deadline_passed)
        self._listeners: list[Listener] = []
        self._outbox: dict[int, deque[TableUpdate]] = {}
        self._senders: dict[int, asyncio.Task[None]] = {}
        self._create_lock = asyncio.Lock()
        self._closing = False
        self._close_task: asyncio.Task[None] | None = None
        self._inflight: set[asyncio.Task[Any]] = set()
        self._replays: OrderedDict[int, Replay] = OrderedDict()
        """Finished games rebuilt for replays, the most recently viewed last."""

    @classmethod
    async def open(
        cls, db_path: str | Path, *, busy_timeout_ms: int = 5000, **kw: Any
    ) -> TableService:
        """Open (and migrate) the database, a SQLite file's path or a ``postgresql://`` URL;
        call `start` to resume the open tables.

        Raises `bot.store.UnusableDatabase` (one line for the operator) for a damaged file or
        a server that cannot be used.
        """
        return cls(await open_store(db_path, busy_timeout_ms=busy_timeout_ms), **kw)

    # -- life cycle --------------------------------------------------------------------------

    async def start(self) -> None:
        """Load every open table, re-arm its timers and resume pending AI turns."""
        self._warm_ai()
        for row in await self.store.open_tables(self.shards):
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
        if self._watchdog is None and self.watchdog_s > 0:
            self._watchdog = asyncio.get_running_loop().create_task(
                self._watch(), name="parlour-watchdog"
            )
        if self._dailies is None and self.daily_ahead:
            self._dailies = asyncio.get_running_loop().create_task(
                self._dailies_ahead(), name="parlour-dailies"
            )
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
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self._dailies is not None:
            self._dailies.cancel()
        for job in [*self._daily_jobs.values(), *self._solution_jobs.values()]:
            job.cancel()  # a deal not worked out is worked out again when next asked for
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
        await self._deadlines.close()
        self._release_ai()
        for live in lives:  # listeners still being served may call set_message
            live.lock.release()
        senders = [t for t in self._senders.values() if not t.done()]
        if senders:
            _, late = await asyncio.wait(senders, timeout=5)
            for task in late:
                task.cancel()
        await self.store.close()

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

    @_reads
    async def get(self, table_id: int) -> TableInfo:
        live = self._live.get(table_id)
        if live is not None:
            return live.info
        row = await self._stored(table_id)
        return self._info_from_row(row, *self._game_and_opts(row))

    def runs(self, guild_id: int | None) -> bool:
        """Whether this process runs the tables of ``guild_id`` (None: a DM's); see `shards`."""
        return self.shards is None or self.shards.owns(guild_id)

    async def _stored(self, table_id: int) -> TableRow:
        """Table ``table_id`` as the store has it, or `NoTable` (also for an id no table can
        have, so it never reaches the database)."""
        if not 0 <= table_id <= MAX_TABLE_ID:
            raise NoTable(N_("There is no table #{id}.").format(id=table_id))
        row = await self.store.get_table(table_id)
        if row is None:
            raise NoTable(N_("There is no table #{id}.").format(id=table_id))
        return row

    @_reads
    async def table_in_channel(self, channel_id: int) -> TableInfo | None:
        for live in self._live.values():  # read parked: no table is unparked to be looked at
            if live.channel_id == channel_id and live.status in _OPEN:
                return live.info
        row = await self.store.open_table_in_channel(channel_id)
        if row is None:
            return None
        return (await self._live_for(row.id)).info

    @_reads
    async def open_tables(self) -> list[TableInfo]:
        """The open tables this process runs (of its shards, when sharded)."""
        ids = [row.id for row in await self.store.open_tables(self.shards)]
        out = []
        for table_id in ids:
            with contextlib.suppress(NoTable, NotAllowed):
                out.append((await self._live_for(table_id)).info)
        return out

    # -- small records of the layers above (the store's settings) -----------------------------

    @property
    def closing(self) -> bool:
        """True once `close` has begun: work that must be recorded should not start now."""
        return self._closing

    @_reads
    async def get_setting(self, scope: str, scope_id: int, key: str, default: Any = None) -> Any:
        return await self.store.get_setting(scope, scope_id, key, default)

    @_reads
    async def settings(self, scope: str, scope_id: int) -> dict[str, Any]:
        return await self.store.settings(scope, scope_id)

    @_reads
    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        await self.store.set_setting(scope, scope_id, key, value)

    @_reads
    async def delete_setting(self, scope: str, scope_id: int, key: str) -> None:
        await self.store.delete_setting(scope, scope_id, key)

    # -- solo games (bot.service.solo) ---------------------------------------------------------

    open_solo = _completes(SoloSessions.open_solo)
    undo = _completes(SoloSessions.undo)
    give_up = _completes(SoloSessions.give_up)

    # -- history (bot.service.history) ---------------------------------------------------------

    recent_games = _reads(History.recent_games)
    replay = _reads(History.replay)

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
                raise NotAllowed(N_("The game has not started yet."))
            if version is not None and version != info.version:
                raise StaleAction(STALE)
            seat = info.seat_of(user_id)
            if seat is None:
                raise NotSeated(N_("You are not seated at this table."))
            if seat.resigned:
                raise NotAllowed(N_("You resigned this game; the AI plays your seat to the end."))
            if seat.ai_level is not None:
                raise NotAllowed(N_("The AI is playing your seat; /{game} join takes it back.")
                                 .format(game=info.game_key))
            state = info.state
            if seat.index not in state.to_act:
                raise NotYourTurn(N_("It is not your turn; waiting for {names}.").format(
                    names=self._waiting_for(info)))
            try:
                parsed = state.check_legal(seat.index, action)
                new_state, events = state.apply(seat.index, parsed)
            except IllegalAction as exc:
                raise IllegalMove(str(exc)) from None
            new = evolve(info, {"state": new_state})
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
                raise NotAllowed(N_("There is nothing to resign before the start; use /{game} "
                                    "leave.").format(game=info.game_key))
            seat = info.seat_of(user_id)
            if seat is None:
                raise NotSeated(N_("You are not seated at this table."))
            if not live.game.traits.has_ai:
                raise NotAllowed(N_("Nobody can play this seat for you; give the game up instead."))
            if not info.policy.ai_allowed:
                raise NotAllowed(N_(
                    "This server plays without AI players, so nobody can take your seat; the "
                    "host or a manager may /{game} abort the table.").format(game=info.game_key))
            if seat.resigned:
                raise NotAllowed(N_("You have already resigned."))
            gone = seat.model_copy(update={"ai_level": seat.ai_level or "normal", "resigned": True})
            return await self._commit(
                live, self._with_seat(info, gone), reason="resigned", actor_seat=seat.index,
                notice=N_("{name} resigned; the AI plays the seat to the end.").format(
                    name=seat.name),
            )

    # -- internals: loading ------------------------------------------------------------------

    def _game_and_opts(self, row: TableRow) -> tuple[Game, Options]:
        game = registry.get(row.game_key)
        return game, game.options(row.preset, **row.options)

    def _make_live(self, row: TableRow) -> _Live:
        game, opts = self._game_and_opts(row)
        return self._new_live(self._info_from_row(row, game, self._opts.share(opts)), game)

    def _new_live(self, info: TableInfo, game: Game) -> _Live:
        assert info.rules is not None
        return _Live(info, game, info.rules, self._hot)

    def _info_from_row(self, row: TableRow, game: Game, opts: Options) -> TableInfo:
        return TableInfo(
            id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, game_key=row.game_key,
            preset=row.preset, options=row.options, players=row.players,
            status=TableStatus(row.status), host_id=row.host_id,
            seats=[
                SeatInfo(index=s.seat, user_id=s.user_id, name=s.name, ai_level=s.ai_level,
                         timeouts=s.timeouts, resigned=s.resigned, kept=s.kept)
                for s in row.seats
            ],
            version=row.version, seed=row.seed,
            state=game.load(row.state) if row.state else None,
            turn_deadline=row.turn_deadline, lobby_deadline=row.lobby_deadline,
            message_id=row.message_id, rules=opts, rematch_of=row.rematch_of,
            policy=TablePolicy.model_validate(row.policy or {}),
            created_at=row.created_at,
            updated_at=row.updated_at,
        )

    @staticmethod
    def _row(info: TableInfo, end_reason: str | None) -> TableRow:
        return TableRow(
            id=info.id, guild_id=info.guild_id, channel_id=info.channel_id,
            game_key=info.game_key, preset=info.preset, options=info.options,
            players=info.players, status=info.status.value, host_id=info.host_id, seed=info.seed,
            version=info.version, created_at=info.created_at, updated_at=info.updated_at,
            seats=tuple(
                SeatRow(s.index, s.user_id, s.name, s.ai_level, s.timeouts, s.resigned, s.kept)
                for s in info.seats
            ),
            state=info.state.model_dump_json() if info.state is not None else None,
            message_id=info.message_id, turn_deadline=info.turn_deadline,
            lobby_deadline=info.lobby_deadline, end_reason=end_reason,
            rematch_of=info.rematch_of,
            policy=info.policy.model_dump() if info.policy != TablePolicy() else None,
        )

    async def _live_for(self, table_id: int) -> _Live:
        """The open table ``table_id`` (loaded on demand), or a refusal saying why not."""
        self._check_running()
        live = self._live.get(table_id)
        if live is not None:
            return live
        row = await self._stored(table_id)
        if row.status not in ("lobby", "playing"):
            raise NotAllowed(self._closed_message(row.status))
        if not self.runs(row.guild_id):
            # Its shard's process runs it (timers, AI turns): loading it here would run it twice.
            raise OtherShard(OTHER_SHARD)
        live = self._live.get(table_id)  # another coroutine may have loaded it meanwhile
        if live is None:
            live = self._live[table_id] = self._make_live(row)
            self._arm(live)
            self._kick(live)
        return live

    def _drop(self, table_id: int) -> None:
        """Let go of a table (closed, or to be reloaded after a conflict)."""
        live = self._live.pop(table_id, None)
        if live is not None:
            self._hot.discard(live)

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
            raise Restarting()

    @staticmethod
    def _closed_message(status: str) -> str:
        return N_("This game is over.") if status == "finished" else N_(
            "This table has been closed.")

    @staticmethod
    def _exists_message(info: TableInfo) -> str:
        return N_("There is already an open {game} table (#{id}) in this channel; finish or "
                  "abort it first, or open the new one in a thread.").format(game=info.game_key,
                                                                             id=info.id)

    @staticmethod
    def _check_host(info: TableInfo, actor_id: int, is_manager: bool, what: str) -> None:
        if actor_id != info.host_id and not is_manager:
            raise NotAllowed(N_("Only the host (<@{host}>) or someone with Manage Channels may "
                                "{what}.").format(host=info.host_id, what=what))

    @staticmethod
    def _free_seat(info: TableInfo) -> int:
        """The first seat nobody holds; a seat kept for a rematch's player is not free."""
        taken = {s.index for s in info.seats}
        free = [i for i in range(info.players) if i not in taken]
        if not free:
            if kept := info.awaited:
                raise SeatKept([(s.index, s.name) for s in kept])
            raise NotAllowed(N_("The table is full."))
        return free[0]

    @staticmethod
    def _with_seat(info: TableInfo, seat: SeatInfo) -> TableInfo:
        seats = [s for s in info.seats if s.index != seat.index] + [seat]
        return info.model_copy(update={"seats": sorted(seats, key=lambda s: s.index)})

    @staticmethod
    def _ai_name(live: _Live, index: int) -> str:
        names = live.game.seat_names(live.info.players, live.opts)
        where = names[index] if index < len(names) else N_("Seat {n}").format(n=index + 1)
        return N_("AI ({seat})").format(seat=where)

    @staticmethod
    def _waiting_for(info: TableInfo) -> str:
        state = info.state
        names = {s.index: s.name for s in info.seats}
        waiting = [names.get(i, N_("seat {n}").format(n=i + 1))
                   for i in (state.to_act if state else [])]
        return ", ".join(waiting) or N_("nobody")

    # -- internals: committing ---------------------------------------------------------------

    def _turn_deadline(self, old: TableInfo, new: TableInfo, fresh: bool) -> datetime | None:
        """A deadline whenever a human seat must act; a new one after a move, else kept."""
        state = new.state
        if new.status is not TableStatus.PLAYING or state is None or state.is_over:
            return None
        if registry.get(new.game_key).traits.mode == "solo":
            return self._idle_deadline() if fresh or old.turn_deadline is None else (
                old.turn_deadline)
        human_seats = {s.index for s in new.seats if s.ai_level is None}
        if not human_seats & set(state.to_act):
            return None
        if not fresh and old.turn_deadline is not None:
            return old.turn_deadline
        timeout = new.policy.turn_timeout_s or self.turn_timeout_s  # the server's, if it set one
        return self.clock.now() + timedelta(seconds=timeout)

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
        stamp = self.clock.now()
        new = evolve(new, {"version": old.version + 1, "updated_at": stamp})
        new = evolve(new, {"turn_deadline": self._turn_deadline(old, new, fresh_deadline)})
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
                # The ratings are redone from the stored ones inside the store's transaction
                # (Finish.rate), so games ending at once, here or in another process, all count.
                finish = build_finish(new, outcome, live.game.teams(new.players, live.opts), {},
                                      stamp, traits=live.game.traits)
                row = self._row(new, end_reason)
                if action_row is not None:
                    await self.store.record_action(row, action_row, prev_version=old.version,
                                                   seats=True, finish=finish)
                else:
                    await self.store.finish_table(row, prev_version=old.version, finish=finish)
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
            self._drop(new.id)
            raise StaleAction(STALE) from None
        except StoreUnavailable as exc:  # nothing was written: the table stays as it was
            _log_fault(exc, f"{reason} on table {new.id}")
            raise CannotSave(exc.fault) from None
        live.info = new
        if new.is_open:
            self._arm(live)
        else:
            self._drop(new.id)
            self._disarm(live)
        self._enqueue(TableUpdate(table=new, reason=reason, events=list(events),
                                  actor_seat=actor_seat, notice=notice))
        self._kick(live)
        return new

    @staticmethod
    def _finish_notice(info: TableInfo, winners: Sequence[int]) -> str:
        names = [s.name for s in info.seats if s.index in winners]
        if not names:
            return N_("Game over.")
        said = N_("Game over: {names} wins.") if len(names) == 1 else N_("Game over: {names} win.")
        return said.format(names=" and ".join(names))
