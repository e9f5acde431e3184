"""The lobby of a table: opening it, seats taken, left, given to the AI or freed, the start."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from bot.games import registry
from bot.games.base import GameError
from bot.i18n import N_
from bot.service.ai import AI_LEVELS
from bot.service.errors import (
    BadOptions,
    NoTable,
    NotAllowed,
    NotAPlayer,
    NotFinished,
    NotSeated,
    RematchOpen,
    TableExists,
)
from bot.service.live import _completes
from bot.service.models import SeatInfo, TableInfo, TablePolicy, TableStatus, TableUpdate
from bot.store import ChannelTaken, SeatRow

if TYPE_CHECKING:
    from bot.service.tables import TableService

NO_AI = ("This server plays without AI players (its managers set that with /parlour config); "
         "wait for people to join.")



class Lobby:
    """The lobby half of `TableService` (mixed in)."""

    # -- the lobby ---------------------------------------------------------------------------

    @_completes
    async def create(
        self: TableService,
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

        In a server, the server's defaults (`bot.service.server_defaults`) apply: its preset
        when ``preset`` is None, its house rules under ``options`` (the host's win), and its
        turn timeout and AI rule, which the table keeps. ``seed`` None draws a random 63-bit
        seed; a given one makes the deals reproducible.
        """
        self._check_running()
        if seed is not None and not 0 <= seed < 2**63:
            raise BadOptions(N_("A seed is a whole number from 0 to 2^63 - 1."))
        try:
            game = registry.get(game_key)
        except GameError as exc:
            raise BadOptions(str(exc)) from None
        preset, options, opts, policy = await self.table_options(
            guild_id, game_key, preset, options)
        try:
            count = players if players is not None else game.default_players_for(opts)
            game.check_players(count, opts)
        except GameError as exc:
            raise BadOptions(str(exc)) from None
        return await self._open_lobby(
            game, opts, policy, guild_id=guild_id, channel_id=channel_id,
            options=dict(options or {}), players=count, host=SeatRow(0, host_id, host_name),
            seed=secrets.randbits(63) if seed is None else seed)

    async def _open_lobby(self: TableService, game: Any, opts: Any, policy: TablePolicy, *,
                          guild_id: int | None, channel_id: int, options: dict[str, Any],
                          players: int, host: SeatRow, seed: int, others: list[SeatRow] | None
                          = None, rematch_of: int | None = None) -> TableInfo:
        """Write a new lobby (one per channel, under the create lock), arm its expiry and
        publish it: a new table's and a rematch's last step."""
        async with self._create_lock:
            existing = await self.table_in_channel(channel_id)
            if existing is not None:
                if rematch_of is not None and existing.rematch_of == rematch_of:
                    raise RematchOpen(rematch_of, existing.id)
                raise TableExists(self._exists_message(existing))
            try:
                row = await self.store.create_table(
                    guild_id=guild_id, channel_id=channel_id, game_key=game.key,
                    preset=opts.preset, options=options, players=players, host=host,
                    others=others or [], seed=seed,
                    lobby_deadline=self.clock.now() + timedelta(seconds=self.lobby_timeout_s),
                    rematch_of=rematch_of,
                    policy=policy.model_dump() if policy != TablePolicy() else None,
                )
            except ChannelTaken:
                raise TableExists(
                    N_("This channel already has an open table; finish or abort it first.")
                ) from None
            live = self._new_live(self._info_from_row(row, game, self._opts.share(opts)), game)
            self._live[row.id] = live
            self._arm(live)
        self._enqueue(TableUpdate(table=live.info, reason="created", actor_seat=host.seat))
        return live.info

    @_completes
    async def rematch(self: TableService, table_id: int, user_id: int, name: str) -> TableInfo:
        """Open the finished table ``table_id`` again in its channel: same game, preset,
        options and number of seats, a new random seed. The caller (one of its players) sits
        in their old seat as host, the AI seats are AI again at their levels, and every other
        player's seat is kept for them until they confirm it with `join` (the start gives a
        seat still unconfirmed to the AI). Kept seats and the link to the old table are written
        with the new table, in one transaction, so a restart keeps them."""
        self._check_running()
        row = await self._stored(table_id)
        try:
            game, opts = self._game_and_opts(row)
        except GameError as exc:
            raise BadOptions(str(exc)) from None
        if game.traits.mode != "table":
            raise NotAllowed(N_("Only a game played at a table with seats can have a rematch."))
        if row.status != TableStatus.FINISHED.value:
            raise NotFinished(table_id, row.status)
        mine = next((s for s in row.seats if s.user_id == user_id), None)
        if mine is None:
            raise NotAPlayer(table_id)
        policy = (await self.server_defaults(row.guild_id)).policy()  # the server's today
        others = [
            SeatRow(s.seat, None, s.name, s.ai_level or "normal") if s.user_id is None
            else SeatRow(s.seat, s.user_id, s.name, kept=True)
            for s in row.seats if s.seat != mine.seat
            if s.user_id is not None or policy.ai_allowed  # no AI where the server allows none
        ]
        return await self._open_lobby(
            game, opts, policy, guild_id=row.guild_id, channel_id=row.channel_id,
            options=dict(row.options), players=row.players,
            host=SeatRow(mine.seat, user_id, name), others=others, seed=secrets.randbits(63),
            rematch_of=table_id)

    @_completes
    async def join(self: TableService, table_id: int, user_id: int, name: str) -> TableInfo:
        """Take the first free seat in the lobby, confirm the seat a rematch kept for you, or
        take your own seat back from the AI."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            seat = info.seat_of(user_id)
            if info.status is TableStatus.PLAYING:
                if seat is None:
                    raise NotAllowed(N_("The game is under way; seats are frozen until it ends."))
                if seat.resigned:
                    raise NotAllowed(N_("You resigned this game; the AI plays your seat to the "
                                        "end."))
                if seat.ai_level is None:
                    raise NotAllowed(N_("You are already playing at this table."))
                back = seat.model_copy(update={"ai_level": None, "timeouts": 0, "name": name})
                return await self._commit(
                    live, self._with_seat(info, back), reason="joined", actor_seat=seat.index,
                    notice=N_("{name} takes the seat back from the AI.").format(name=name),
                    fresh_deadline=True,
                )
            if seat is not None and seat.kept:  # a rematch's player confirms their old seat
                back = seat.model_copy(update={"kept": False, "name": name})
                return await self._commit(
                    live, self._with_seat(info, back), reason="joined", actor_seat=seat.index
                )
            if seat is not None:
                raise NotAllowed(N_("You already have a seat at this table."))
            index = self._free_seat(info)
            new = SeatInfo(index=index, user_id=user_id, name=name)
            return await self._commit(
                live, self._with_seat(info, new), reason="joined", actor_seat=index
            )

    @_completes
    async def leave(self: TableService, table_id: int, user_id: int) -> TableInfo:
        """Give up a lobby seat. A leaving host hands the host role to the next human."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            if info.status is not TableStatus.LOBBY:
                raise NotAllowed(N_("Seats are frozen while the game is on; use /{game} resign to "
                                    "give up your seat to the AI.").format(game=info.game_key))
            seat = info.seat_of(user_id)
            if seat is None:
                raise NotSeated(N_("You are not seated at this table."))
            seats = [s for s in info.seats if s.index != seat.index]
            humans = [s for s in seats if s.user_id is not None and not s.kept]
            if not humans:
                closed = info.model_copy(update={
                    "seats": seats, "status": TableStatus.ABORTED, "lobby_deadline": None,
                })
                return await self._commit(
                    live, closed, reason="aborted", actor_seat=seat.index, end_reason="aborted",
                    notice=N_("{name} left and nobody is seated; the table is closed.").format(
                        name=seat.name),
                )
            update: dict[str, Any] = {"seats": seats}
            notice = None
            if info.host_id == user_id:
                heir = humans[0]
                assert heir.user_id is not None
                update["host_id"] = heir.user_id
                notice = N_("{name} left; {heir} is the host now.").format(name=seat.name,
                                                                            heir=heir.name)
            return await self._commit(
                live, info.model_copy(update=update), reason="left", actor_seat=seat.index,
                notice=notice,
            )

    @_completes
    async def add_ai(
        self: TableService, table_id: int, actor_id: int, level: str = "normal"
    ) -> TableInfo:
        """Seat the AI in the first free lobby seat (any seated player may)."""
        if level not in AI_LEVELS:
            raise BadOptions(f"The AI plays at levels {', '.join(AI_LEVELS)}; not `{level}`.")
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            if info.status is not TableStatus.LOBBY:
                raise NotAllowed(N_("Seats are frozen while the game is on."))
            if not info.policy.ai_allowed:
                raise NotAllowed(NO_AI)
            mine = info.seat_of(actor_id)
            if (mine is None or mine.kept) and actor_id != info.host_id:
                raise NotSeated(N_("Take a seat first; then you may invite the AI."))
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
            self._check_host(info, actor_id, is_manager, N_("remove a seat"))
            if info.status is not TableStatus.LOBBY:
                raise NotAllowed(N_("Seats are frozen while the game is on."))
            target = next((s for s in info.seats if s.index == seat), None)
            if target is None:
                raise NotAllowed(N_("Seat {n} is empty.").format(n=seat + 1))
            if target.user_id is not None and target.user_id == info.host_id:
                raise NotAllowed(N_("The host cannot be removed; the host may /{game} leave, or "
                                    "/{game} abort the table.").format(game=info.game_key))
            seats = [s for s in info.seats if s.index != seat]
            return await self._commit(
                live, info.model_copy(update={"seats": seats}), reason="seat_removed",
                actor_seat=seat,
                notice=N_("{name} was removed from the table.").format(name=target.name),
            )

    @_completes
    async def start_game(
        self, table_id: int, actor_id: int, *, is_manager: bool = False, fill_with_ai: bool = False
    ) -> TableInfo:
        """Deal: the host (or a manager) starts once every seat is taken (or filled by AI)."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            self._check_host(info, actor_id, is_manager, N_("start the game"))
            if info.status is not TableStatus.LOBBY:
                raise NotAllowed(N_("The game has already started."))
            # A seat kept for a rematch's player who never confirmed counts as empty.
            seats = {s.index: s for s in info.seats if not s.kept}
            empty = [i for i in range(info.players) if i not in seats]
            if empty and not info.policy.ai_allowed:
                raise NotAllowed(N_("{n} seat(s) are still empty, and this server plays without "
                                    "AI players: wait for people to join (or a manager may "
                                    "allow the AI).").format(n=len(empty)))
            if empty and not fill_with_ai:
                raise NotAllowed(N_("{n} seat(s) are still empty: wait for players, add the AI "
                                    "with /{game} bot, or start with the AI filling the empty "
                                    "seats.").format(n=len(empty), game=info.game_key))
            for i in empty:
                seats[i] = SeatInfo(index=i, name=self._ai_name(live, i), ai_level="normal")
            unconfirmed = [s.name for s in info.awaited]
            notice = ((N_("{names} did not confirm; the AI plays that seat.")
                       if len(unconfirmed) == 1 else
                       N_("{names} did not confirm; the AI plays those seats."))
                      .format(names=" and ".join(unconfirmed)) if unconfirmed else None)
            try:
                state = live.game.new(info.players, live.opts, info.seed)
            except GameError as exc:
                raise BadOptions(str(exc)) from None
            started = info.model_copy(update={
                "seats": [seats[i] for i in sorted(seats)], "status": TableStatus.PLAYING,
                "state": state, "lobby_deadline": None,
            })
            return await self._commit(
                live, started, reason="started", actor_seat=None, fresh_deadline=True,
                notice=notice,
            )

    @_completes
    async def abort(
        self: TableService, table_id: int, actor_id: int, *, is_manager: bool = False
    ) -> TableInfo:
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._current(live, table_id)
            self._check_host(info, actor_id, is_manager, N_("abort the table"))
            closed = info.model_copy(update={"status": TableStatus.ABORTED, "lobby_deadline": None})
            seat = info.seat_of(actor_id)
            return await self._commit(
                live, closed, reason="aborted", actor_seat=seat.index if seat else None,
                end_reason="aborted",
                notice=N_("The table was aborted; no result is recorded."),
            )

    @_completes
    async def set_message(self: TableService, table_id: int, message_id: int) -> None:
        """Remember which channel message shows the table (no version bump, no update)."""
        live = self._live.get(table_id)
        if live is None:
            if await self.store.get_table(table_id) is None:
                raise NoTable(N_("There is no table #{id}.").format(id=table_id))
            await self.store.set_message(table_id, message_id)
            return
        async with live.lock:
            await self.store.set_message(table_id, message_id)
            live.info = live.info.model_copy(update={"message_id": message_id})
