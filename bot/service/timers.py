"""A table's one timer: the lobby's expiry and a turn's deadline (the AI plays a late turn)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot import render
from bot.i18n import N_
from bot.service.ai import choose_move
from bot.service.errors import CannotSave
from bot.service.live import _Live
from bot.service.models import SeatInfo, TableStatus

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)


class Timers:
    """The timer half of `TableService` (mixed in)."""

    # -- internals: timers -------------------------------------------------------------------

    def _disarm(self: TableService, live: _Live) -> None:
        self._deadlines.disarm(live.table_id)
        timer, live.timer = live.timer, None
        if timer is not None and timer is not asyncio.current_task() and not timer.done():
            timer.cancel()

    def _arm(self: TableService, live: _Live) -> None:
        """(Re)start the one timer of a table from the deadlines stored on it."""
        self._disarm(live)
        info = live.info
        if self._closing:
            return
        if info.status is TableStatus.LOBBY and info.lobby_deadline is not None:
            deadline = info.lobby_deadline
        elif info.status is TableStatus.PLAYING and info.turn_deadline is not None:
            deadline = info.turn_deadline
        else:
            return
        live.armed_version = info.version
        self._deadlines.arm(info.id, deadline.timestamp())

    def _deadline_passed(self: TableService, table_id: int) -> None:
        """A table's deadline came up (`Deadlines`): act on it in a task of its own."""
        live = self._live.get(table_id)
        if live is None or self._closing:
            return
        info = live.info
        fire: Callable[[_Live, int], Awaitable[None]]
        if info.status is TableStatus.LOBBY:
            fire = self._lobby_expired
        elif live.game.traits.mode == "solo":
            fire = self._solo_idle  # nobody plays a solo game for its player
        else:
            fire = self._turn_expired
        live.timer = asyncio.get_running_loop().create_task(
            self._fire(fire, live, live.armed_version), name=f"parlour-timer-{table_id}"
        )

    async def _fire(
        self, fire: Callable[[_Live, int], Awaitable[None]], live: _Live, version: int,
    ) -> None:
        try:
            await fire(live, version)
        except asyncio.CancelledError:
            raise
        except CannotSave:  # logged by _commit; the watchdog fires the timer again later
            pass
        except Exception:
            log.exception("timer of table %s failed", live.info.id)

    async def _lobby_expired(self: TableService, live: _Live, version: int) -> None:
        async with live.lock:
            info = live.info
            if self._closing or self._live.get(info.id) is not live:
                return
            if info.status is not TableStatus.LOBBY or info.lobby_deadline is None:
                return
            if info.lobby_deadline > self.clock.now():  # moved on meanwhile; wait for the new one
                self._arm(live)
                return
            closed = info.model_copy(update={"status": TableStatus.ABORTED,
                                             "lobby_deadline": None})
            await self._commit(
                live, closed, reason="expired", end_reason="expired",
                notice=N_("Nobody started the game in time; the table is closed."),
            )

    async def _turn_expired(self: TableService, live: _Live, version: int) -> None:
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
            if not info.policy.ai_allowed:
                await self._wait_for_late(live, late)
                return
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
                    notice = N_("{name} timed out {times}; the AI plays for {name} now. /{game} "
                                "join to take the seat back.").format(
                        name=seat.name, times=self._times(count), game=info.game_key)
                else:
                    changed = seat.model_copy(update={"timeouts": count})
                    reason = "timeout"
                    # Told in the game's words from what the table may know: a discard face
                    # down is "discarded", never its card.
                    words = render.move_text(state.view(None), state.public_action(action))
                    notice = N_("{name} ran out of time; the AI {move} for them.").format(
                        name=seat.name, move=words)
                new = self._with_seat(info, changed).model_copy(update={"state": new_state})
                await self._commit(
                    live, new, reason=reason, events=events, actor_seat=seat.index,
                    notice=notice, logged=(seat.index, None, str(action), "timeout"),
                    fresh_deadline=True,
                )

    async def _wait_for_late(self: TableService, live: _Live, late: list[SeatInfo]) -> None:
        """A server without AI: nobody plays a late turn. The late players get a new deadline,
        until one of them has missed ``timeouts_before_ai`` in a row: then the game ends
        without a result, as a server owner who wants people only would expect (a table that
        waits for ever keeps its channel from any other game)."""
        info = live.info
        counted = [s.model_copy(update={"timeouts": s.timeouts + 1}) for s in late]
        names = " and ".join(s.name for s in late)
        if any(s.timeouts >= self.timeouts_before_ai for s in counted):
            worst = max(s.timeouts for s in counted)
            closed = info.model_copy(update={"status": TableStatus.ABORTED})
            await self._commit(
                live, closed, reason="aborted", end_reason="abandoned",
                notice=N_("{names} missed {times} in a row the time to play, and this server "
                          "plays without AI players: the game ends without a result.").format(
                    names=names, times=self._times(worst)),
            )
            return
        new = info
        for seat in counted:
            new = self._with_seat(new, seat)
        await self._commit(
            live, new, reason="timeout", fresh_deadline=True,
            notice=N_("{names} ran out of time. This server plays without AI players, so the "
                      "turn waits for them; if the time runs out {times} more, the game ends "
                      "without a result.").format(names=names, times=self._times(
                          self.timeouts_before_ai - max(s.timeouts for s in counted))),
        )

    @staticmethod
    def _times(count: int) -> str:
        return {1: N_("once"), 2: N_("twice")}.get(count, N_("{n} times").format(n=count))
