"""Round reports: a durable report after each finished round of a table, for any game whose
renderer declares them (`bot.render.reports.RoundReport`; Skat's deal reviews).

How many rounds of a table were reported is kept in the settings table (scope
``<game>_posts``, id 0, key = the table id; Skat's is ``skat_posts``), written when the table
starts and after each report; the rounds finished are the game's own (its score sheet). After
a restart every table with a record (open, or closed within `RECENT_S`) gets the reports it is
missing, in order. A table started before reports were recorded reports from its next round.

Reports go to a *sink* (the Discord kit posts them; see `bot.discord.round_posts`), one table's in
order and never two at once; the sink returns False when a report could not go out yet, and it
is tried again after the restart. A finished table's last report is followed by its game-over
summary (`Report.summary`), recorded like a round, so it goes out once.

A game's analysis searches one at a time, off the event loop; when `MAX_WAITING` rounds already
wait for it, a round is reported with the game's ``skipped`` note instead, and a search past its
limit gives up (``too_long``). When the service thinks in worker processes (production), the
analyses get a worker process of their own (an `AIPool` of one): a thread holds the GIL for
seconds against the event loop. Measured on a busy 2-core machine while Skat reviews ran, the
loop's lag: in a thread p50 1-6 ms, p99 9-17 ms, worst 150-280 ms; in the process p50 0.1 ms,
p99 6 ms, worst 8 ms (as with no review).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from bot.games.registry import keys as game_keys
from bot.render.reports import Analysis, RoundReport, report_for
from bot.service.ai import AIPool
from bot.service.errors import NoTable
from bot.service.models import TableInfo, TableStatus, TableUpdate

log = logging.getLogger(__name__)

RECENT_S = 3600.0
"""A table closed longer ago than this before a restart gets no late reports."""
MAX_WAITING = 4
"""Rounds that may wait for the one analysis; beyond this a round is reported unanalysed."""


def posts_scope(game_key: str) -> str:
    """Settings scope of a game's reported-round counts (scope id 0, key: the table id)."""
    return f"{game_key}_posts"


@dataclass(frozen=True)
class Report:
    """A report ready to go out: round ``number`` of the table, or its game-over summary."""

    table: TableInfo
    number: int
    """The round (1, 2, ...); for the summary, one past the last round."""
    spec: RoundReport
    record: Any | None = None
    """The round's public record, None when only the state's own line of it is left."""
    analysis: Any | None = None
    summary: bool = False
    line: str | None = None
    """That line (`Round.line`), when the record is lost."""


Sink = Callable[[Report], Awaitable[bool]]
"""Sends a report; True once it is out (or can never go out), False to try after a restart."""


class ReportsHost(Protocol):
    """What the reports need of the table service."""

    @property
    def closing(self) -> bool: ...
    ai_processes: int

    def subscribe(self, listener: Callable[[TableUpdate], Awaitable[None]]) -> None: ...
    def runs(self, guild_id: int | None) -> bool: ...
    async def get(self, table_id: int) -> TableInfo: ...
    async def settings(self, scope: str, scope_id: int) -> dict[str, Any]: ...
    async def get_setting(self, scope: str, scope_id: int, key: str,
                          default: Any = None) -> Any: ...
    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None: ...
    async def delete_setting(self, scope: str, scope_id: int, key: str) -> None: ...


def registered_reports() -> dict[str, RoundReport]:
    """Every registered game whose renderer declares round reports."""
    found = {key: report_for(key) for key in game_keys()}
    return {key: spec for key, spec in found.items() if spec is not None}


class RoundReports:
    """The reports of every table of the games in ``reports`` (default: all that have them)."""

    def __init__(self, service: ReportsHost, sink: Sink,
                 reports: Mapping[str, RoundReport] | None = None) -> None:
        self._service = service
        self._sink = sink
        self.specs = dict(registered_reports() if reports is None else reports)
        """The games reported, and how."""
        self._listening = False
        self._closing = False
        self._tables: dict[int, TableInfo] = {}
        """The newest info of each table with rounds to report."""
        self._records: dict[int, dict[int, Any]] = {}
        """Finished rounds not yet reported: table id -> round number -> record."""
        self._posted: dict[int, int] = {}
        self._posters: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._catch_up: asyncio.Task[None] | None = None
        self._searching = asyncio.Semaphore(1)
        """One analysis at a time: each is up to seconds of CPU."""
        self._waiting = 0
        self._pool: AIPool | None = None
        """The analyses' own worker process, when the service thinks in processes."""

    def covers(self, game_key: str) -> bool:
        """Whether the game's tables are reported (and their summary comes after the last)."""
        return game_key in self.specs

    def start(self) -> None:
        """Listen to the service and post what the tables recorded are missing."""
        if not self._listening:
            self._service.subscribe(self.on_update)
            self._listening = True
            self._catch_up = asyncio.create_task(self.catch_up(), name="round-reports-catch-up")

    async def close(self) -> None:
        """Stop reporting: what is not out yet is reported after the restart."""
        self._closing = True
        if self._catch_up is not None:
            self._catch_up.cancel()
        if self._pool is not None:
            self._pool.close()  # an analysis in flight is abandoned: reported after the restart
        posters = list(self._posters.values())
        if posters:
            _, pending = await asyncio.wait(posters, timeout=3)
            for task in pending:
                task.cancel()

    async def settle(self) -> None:
        """Wait until the rounds finished so far are reported (tests, shutdown)."""
        while True:
            tasks = [t for t in (self._catch_up, *self._posters.values())
                     if t is not None and not t.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    def stopping(self) -> bool:
        return self._closing or self._service.closing

    @property
    def pool(self) -> AIPool | None:
        """The analyses' worker process, once one was started."""
        return self._pool

    async def on_update(self, update: TableUpdate) -> None:
        """Record a table's start (nothing reported yet) and report each round as it ends."""
        table = update.table
        spec = self.specs.get(table.game_key)
        if spec is None or self._closing:
            return
        if update.reason == "started":
            self._posted[table.id] = 0
            await self._record(table, 0)
            return
        ended = False
        if table.state is not None and spec.ended(update.events):
            for done in spec.rounds(table.state):
                if done.record is not None:
                    self._records.setdefault(table.id, {})[done.number] = done.record
                    ended = True
        if ended or (not table.is_open and (table.id in self._tables or table.id in self._posted)):
            self._tables[table.id] = table
            self.kick(table.id)

    async def catch_up(self) -> None:
        """After a restart: report what each recorded table is missing."""
        for game_key in self.specs:
            await self._catch_up_game(game_key)

    async def _catch_up_game(self, game_key: str) -> None:
        scope = posts_scope(game_key)
        try:
            records = await self._service.settings(scope, 0)
        except Exception:
            log.exception("could not read which rounds of %s tables were reported", game_key)
            return
        now = datetime.now(UTC)
        for key in records:
            try:
                table_id = int(key)
                table = await self._service.get(table_id)
            except NoTable:
                await self._delete(scope, key)
                continue
            except Exception:
                log.exception("could not load %s table %s to report its rounds", game_key, key)
                continue
            if not self._service.runs(table.guild_id):
                continue  # another shard's table: its process reports it
            when = table.updated_at
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
            if not table.is_open and (now - when).total_seconds() > RECENT_S:
                await self._forget(table)  # too late to be news
                continue
            self._tables.setdefault(table_id, table)
            self.kick(table_id)

    def kick(self, table_id: int) -> None:
        """Report the table's missing rounds, one table's in order, never two at once."""
        if table_id in self._posters:
            self._again.add(table_id)
            return
        task = asyncio.create_task(self._poster(table_id), name=f"round-reports-{table_id}")
        self._posters[table_id] = task
        task.add_done_callback(lambda _t: self._posters.pop(table_id, None))

    async def _poster(self, table_id: int) -> None:
        try:
            while True:
                self._again.discard(table_id)
                await self._report_pending(table_id)
                if table_id not in self._again or self.stopping():
                    return
        except Exception:
            log.exception("reporting the rounds of table %s failed", table_id)

    def _finished(self, table: TableInfo) -> int:
        if table.state is None:
            return 0
        return len(self.specs[table.game_key].rounds(table.state))

    async def _report_pending(self, table_id: int) -> None:
        if table_id not in self._tables:  # forgotten meanwhile: everything went out
            return
        posted = await self._load_posted(table_id)
        while not self.stopping():
            table = self._tables[table_id]
            if posted >= self._finished(table):
                break
            number = posted + 1
            report = await self._compose(table, number)
            if report is None or self.stopping() or not await self._sink(report):
                return
            posted = self._posted[table_id] = number
            self._records.get(table_id, {}).pop(number, None)
            await self._record(table, number)
        table = self._tables[table_id]
        if not table.is_open and posted >= self._finished(table):
            if table.status is TableStatus.FINISHED and not await self._sink(Report(
                    table, posted + 1, self.specs[table.game_key], summary=True)):
                return  # stopping, or the sink kept failing: tried again after a restart
            await self._forget(table)

    async def _load_posted(self, table_id: int) -> int:
        if table_id in self._posted:
            return self._posted[table_id]
        table = self._tables[table_id]
        stored = await self._service.get_setting(posts_scope(table.game_key), 0, str(table_id))
        if stored is None:
            # A table started before reports were recorded: assume what came before went out.
            pending = self._records.get(table_id)
            stored = min(pending) - 1 if pending else self._finished(table)
        self._posted[table_id] = int(stored)
        return int(stored)

    async def _record(self, table: TableInfo, posted: int) -> None:
        try:
            await self._service.set_setting(posts_scope(table.game_key), 0, str(table.id), posted)
        except Exception:
            log.exception("could not record the reports of table %s", table.id)

    async def _forget(self, table: TableInfo) -> None:
        self._tables.pop(table.id, None)
        self._records.pop(table.id, None)
        self._posted.pop(table.id, None)
        await self._delete(posts_scope(table.game_key), str(table.id))

    async def _delete(self, scope: str, key: str) -> None:
        with contextlib.suppress(Exception):
            await self._service.delete_setting(scope, 0, key)

    async def _compose(self, table: TableInfo, number: int) -> Report | None:
        """The report of round ``number``; None if the service is stopping meanwhile."""
        spec = self.specs[table.game_key]
        record = self._records.get(table.id, {}).get(number)
        line = None
        if record is None and table.state is not None:
            rounds = spec.rounds(table.state)
            if number <= len(rounds):
                record, line = rounds[number - 1].record, rounds[number - 1].line
        if record is None or spec.analysis is None:
            return Report(table, number, spec, record, line=line)
        options = table.rules
        analysis = await self.analyse(spec.analysis, record, options)
        if analysis is None:
            return None
        return Report(table, number, spec, record, analysis)

    async def analyse(self, analysis: Analysis, record: Any, options: Any) -> Any | None:
        """The round's analysis: at once when there is nothing to search; else one search at a
        time off the loop, skipped when too many wait. None if the service is stopping."""
        if not analysis.needed(record):
            return analysis.run(record, options)
        if self._waiting >= MAX_WAITING:
            return analysis.skipped
        self._waiting += 1
        try:
            await self._searching.acquire()
        finally:
            self._waiting -= 1
        try:
            pool = self._analysis_pool()
            if pool is not None:
                try:
                    return await pool.call(analysis.run, record, options, limit_s=analysis.limit_s)
                except TimeoutError:
                    return analysis.too_long
                except BrokenProcessPool:
                    if self.stopping():
                        return None
                    log.warning("the analysis worker failed; analysing in a thread instead")
            deadline = time.monotonic() + analysis.limit_s

            def stop() -> bool:  # asked in the worker thread between searches
                return self.stopping() or time.monotonic() > deadline

            try:
                return await asyncio.to_thread(analysis.run, record, options, stop=stop)
            except analysis.stopped:
                return None if self.stopping() else analysis.too_long
        finally:
            self._searching.release()

    def _analysis_pool(self) -> AIPool | None:
        """A worker process of the analyses' own (never the AI's: an analysis is seconds of
        search) when the service thinks in processes; else None, and analyses use a thread."""
        if self._pool is None and not self._closing and getattr(
                self._service, "ai_processes", 0) > 0:
            self._pool = AIPool(1)
        return self._pool
