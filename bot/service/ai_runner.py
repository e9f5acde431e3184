"""AI turns: one runner per table that plays its AI seats, retrying a refused write, and the
watchdog that restarts what a fault stopped."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from bot.service.ai import AIPool, acquire_pool, choose_move, release_pool
from bot.service.errors import CannotSave
from bot.service.live import _Live, _log_warm_failure, ai_seat
from bot.service.models import SeatInfo, TableInfo, TableStatus

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)


class AIRunner:
    """The AI half of `TableService` (mixed in)."""

    # -- internals: AI turns -----------------------------------------------------------------

    def _pool(self: TableService) -> AIPool | None:
        """The shared AI process pool, joined on first use (None: think in threads)."""
        if self.ai_processes > 0 and self._ai_pool is None and not self._closing:
            self._ai_pool = acquire_pool(self.ai_processes)
        return self._ai_pool

    def _warm_ai(self: TableService) -> None:
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

    def _release_ai(self: TableService) -> None:
        pool, self._ai_pool = self._ai_pool, None
        if pool is not None:
            release_pool(pool)

    def _kick(self: TableService, live: _Live) -> None:
        """Make sure the AI runner of this table is going if an AI seat is to act."""
        if self._closing or not live.game.traits.has_ai or self._ai_seat(live.info) is None:
            return
        if live.ai_task is not None and not live.ai_task.done():
            return
        live.ai_task = asyncio.get_running_loop().create_task(
            self._run_ai(live), name=f"parlour-ai-{live.info.id}"
        )

    @staticmethod
    def _ai_seat(info: TableInfo) -> SeatInfo | None:
        return ai_seat(info)

    async def _run_ai(self: TableService, live: _Live) -> None:
        """Play AI seats one move at a time, each committed like a human's, until a human is
        to act. The AI thinks outside the lock; its move is dropped if the table moved on.
        A move the database refuses (locked, full, I/O) is tried again after a growing pause,
        for as long as the fault lasts: the table waits, but never for ever."""
        failures = 0
        planned: tuple[int, int, Any] | None = None  # (version, seat, move) not yet saved
        try:
            while not self._closing and self._live.get(live.info.id) is live:
                info = live.info
                seat = self._ai_seat(info)
                if seat is None or info.state is None:
                    return
                if planned is not None and planned[:2] == (info.version, seat.index):
                    action = planned[2]
                else:
                    if self.ai_delay_s > 0:
                        await self.clock.sleep(self.ai_delay_s)
                        if live.info.version != info.version:
                            continue
                    action, _ = await choose_move(
                        live.game, info.state, seat.index, seed=info.seed, version=info.version,
                        budget_ms=self.ai_budget_ms, pool=self._pool(),
                    )
                    planned = (info.version, seat.index, action)
                if self._closing:  # close() holds the locks; a swallowed cancel must not wait
                    return
                async with live.lock:
                    if self._closing or self._live.get(info.id) is not live:
                        return
                    if live.info.version != info.version:
                        continue
                    new_state, events = info.state.apply(seat.index, action)
                    try:
                        await self._commit(
                            live, info.model_copy(update={"state": new_state}), reason="action",
                            events=events, actor_seat=seat.index,
                            logged=(seat.index, None, str(action), "ai"),
                        )
                        failures = 0
                        continue
                    except CannotSave:
                        failures += 1
                pause = self._retry_pause(failures)
                log.warning("AI move on table %s not saved (%d time(s)); trying again in %.1f s",
                            info.id, failures, pause)
                await self._sleep(pause)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI runner of table %s stopped; the watchdog will restart it",
                          live.info.id)

    def _retry_pause(self: TableService, failures: int) -> float:
        return min(self.retry_max_s, self.retry_first_s * 2 ** min(max(failures - 1, 0), 30))

    # -- internals: the watchdog -------------------------------------------------------------

    async def _watch(self: TableService) -> None:
        """Every ``watchdog_s``: restart what should be running and is not, so that no fault
        (a runner that died, a timer whose move the database refused) leaves a table waiting."""
        while not self._closing:
            await self._sleep(self.watchdog_s)
            try:
                self.check_tables()
            except Exception:
                log.exception("the watchdog failed; it goes on")

    def check_tables(self: TableService) -> int:
        """Restart the AI turn of every open table where an AI seat is to act and no runner
        runs, and the timer of every table whose deadline nothing waits for. Returns how many
        things it restarted (each logged as a warning)."""
        restarted = 0
        for live in list(self._live.values()):  # read parked: no table is unparked to be looked at
            if self._closing:
                break
            table_id = live.table_id
            if live.ai_due and (live.ai_task is None or live.ai_task.done()):
                log.warning("table %s: an AI seat is to act and nothing was playing it; "
                            "restarted", table_id)
                self._kick(live)
                restarted += 1
            status = live.status
            waits = (
                (status is TableStatus.LOBBY and live.lobby_deadline is not None)
                or (status is TableStatus.PLAYING and live.turn_deadline is not None)
            )
            if waits and not self._deadlines.armed(table_id) and (
                live.timer is None or live.timer.done()
            ):
                log.warning("table %s: its deadline had no timer; re-armed", table_id)
                self._arm(live)
                restarted += 1
        if self._deadlines.armed_any() and not self._deadlines.running():
            log.warning("the deadlines' waiter had stopped; restarted")
            self._deadlines.restart()
            restarted += 1
        return restarted
