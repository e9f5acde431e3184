"""Round reports with a toy game: each take is a round. Reports go out in order and once, the
cursor survives a failed report and a restart, the summary comes after the last round, and the
analyses run one at a time with a cap on the backlog (blocking stubs, no timing)."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest

from bot.games.base import State
from bot.render.reports import Analysis, Round, RoundReport
from bot.service.errors import NoTable
from bot.service.models import SeatInfo, TableInfo, TableStatus
from bot.service.reports import MAX_WAITING, Report, RoundReports, posts_scope
from bot.service.tables import TableService
from tests.service.conftest import Harness

WAIT_S = 30.0
"""Only stops a broken test from hanging."""
SCOPE = posts_scope("toy")
ALICE, BOB = 11, 12


def toy_rounds(state: State) -> list[Round]:
    """With ``max_take`` 1 every take is one round; the state remembers only the newest."""
    done = sum(state.taken)  # type: ignore[attr-defined]
    return [Round(n, f"take {n}" if n == done else None) for n in range(1, done + 1)]


def toy_text(options: Any, done: Round, analysis: Any, names: list[str]) -> str:
    return f"Round {done.number}: {done.record} ({analysis})"


def look(record: str, options: Any, *, stop: Any = None) -> str:
    return f"looked at {record}"


TOY = RoundReport(
    rounds=toy_rounds, text=toy_text, ended=lambda events: any(e.kind == "take" for e in events),
    analysis=Analysis(run=look, needed=lambda record: False, skipped="skipped",
                      too_long="too long", stopped=RuntimeError))


class Sink:
    """Takes the reports (or refuses them while ``refusing``)."""

    def __init__(self, *, refusing: bool = False) -> None:
        self.refusing = refusing
        self.tried: list[int] = []
        self.out: list[Report] = []

    async def __call__(self, report: Report) -> bool:
        self.tried.append(report.number)
        if self.refusing:
            return False
        self.out.append(report)
        return True

    def seen(self) -> list[tuple[int, Any, Any, bool]]:
        return [(r.number, r.record, r.analysis, r.summary) for r in self.out]


async def open_reports(harness: Harness, sink: Sink) -> tuple[TableService, RoundReports]:
    svc, _ = await harness.open()
    reports = RoundReports(svc, sink, {"toy": TOY})
    reports.start()
    return svc, reports


async def restart(harness: Harness, svc: TableService, reports: RoundReports,
                  sink: Sink) -> tuple[TableService, RoundReports]:
    await reports.close()
    await svc.close()
    return await open_reports(harness, sink)


async def toy_table(svc: TableService, pile: int = 3) -> int:
    table = await svc.create(game_key="toy", channel_id=5, guild_id=1, host_id=ALICE,
                             host_name="alice", options={"pile": pile, "max_take": 1}, seed=1)
    await svc.join(table.id, BOB, "bob")
    await svc.start_game(table.id, ALICE)
    return table.id


async def take(svc: TableService, reports: RoundReports, table_id: int) -> None:
    table = await svc.get(table_id)
    assert table.state is not None
    user = ALICE if table.state.to_act == [0] else BOB
    await svc.act(table_id, user, "take:1", version=None)
    await settle(svc, reports)


async def settle(svc: TableService, reports: RoundReports) -> None:
    await asyncio.wait_for(svc.settle(), WAIT_S)
    await asyncio.wait_for(reports.settle(), WAIT_S)


async def test_each_round_is_reported_in_order_and_the_summary_after_the_last(
        harness: Harness) -> None:
    sink = Sink()
    svc, reports = await open_reports(harness, sink)
    try:
        table_id = await toy_table(svc)
        assert await svc.get_setting(SCOPE, 0, str(table_id)) == 0
        await take(svc, reports, table_id)
        assert sink.seen() == [(1, "take 1", "looked at take 1", False)]
        assert await svc.get_setting(SCOPE, 0, str(table_id)) == 1
        await take(svc, reports, table_id)
        await take(svc, reports, table_id)
        assert sink.seen()[1:] == [(2, "take 2", "looked at take 2", False),
                                   (3, "take 3", "looked at take 3", False),
                                   (4, None, None, True)]
        assert sink.out[-1].table.status is TableStatus.FINISHED
        assert await svc.get_setting(SCOPE, 0, str(table_id)) is None  # all out: forgotten
    finally:
        await reports.close()
        await harness.close_all()


async def test_a_report_that_failed_goes_out_after_a_restart_once(harness: Harness) -> None:
    """Round 1's report fails (twice: once per round that ended); after the restart it goes
    out from the state (its record lost: None), then round 2 with its record, in order; the
    rest as usual, and a further restart reports nothing again."""
    refusing = Sink(refusing=True)
    svc, reports = await open_reports(harness, refusing)
    table_id = await toy_table(svc)
    await take(svc, reports, table_id)
    await take(svc, reports, table_id)
    assert refusing.tried == [1, 1] and refusing.out == []
    assert await svc.get_setting(SCOPE, 0, str(table_id)) == 0

    sink = Sink()
    svc, reports = await restart(harness, svc, reports, sink)
    await settle(svc, reports)
    assert sink.seen() == [(1, None, None, False), (2, "take 2", "looked at take 2", False)]
    await take(svc, reports, table_id)
    assert [r.number for r in sink.out] == [1, 2, 3, 4] and sink.out[-1].summary

    again = Sink()
    svc, reports = await restart(harness, svc, reports, again)
    await settle(svc, reports)
    assert again.tried == []
    await reports.close()
    await harness.close_all()


async def test_a_table_started_before_reports_were_recorded_reports_from_its_next_round(
        harness: Harness) -> None:
    svc, _ = await harness.open()
    table_id = await toy_table(svc, pile=5)
    await svc.act(table_id, ALICE, "take:1", version=None)
    await svc.settle()
    await svc.delete_setting(SCOPE, 0, str(table_id))
    sink = Sink()
    reports = RoundReports(svc, sink, {"toy": TOY})
    reports.start()
    await settle(svc, reports)
    assert sink.tried == []
    await take(svc, reports, table_id)
    assert [r.number for r in sink.out] == [2]
    await reports.close()
    await harness.close_all()


def stub_reports(**service: Any) -> RoundReports:
    host = SimpleNamespace(**{"closing": False, "ai_processes": 0, "runs": lambda guild: True,
                              **service})
    return RoundReports(host, Sink(), {"toy": TOY})  # type: ignore[arg-type]


async def test_analyses_run_one_at_a_time_and_a_crowd_is_skipped() -> None:
    started = threading.Event()
    gate = threading.Event()
    running = 0
    most = 0
    lock = threading.Lock()

    def slow(record: str, options: Any, *, stop: Any = None) -> str:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        started.set()
        gate.wait(WAIT_S)
        with lock:
            running -= 1
        return "searched"

    analysis = Analysis(run=slow, needed=lambda record: True, skipped="skipped",
                        too_long="too long", stopped=RuntimeError)
    reports = stub_reports()
    tasks = [asyncio.create_task(reports.analyse(analysis, "r", None))
             for _ in range(MAX_WAITING + 4)]
    # The first search is under way: every task has had its first step.
    assert await asyncio.to_thread(started.wait, WAIT_S)
    done = [t for t in tasks if t.done()]
    assert len(done) == 3 and all(t.result() == "skipped" for t in done)
    gate.set()
    results = await asyncio.wait_for(asyncio.gather(*tasks), WAIT_S)
    assert results.count("searched") == 1 + MAX_WAITING
    assert most == 1


async def test_an_analysis_past_its_limit_gives_up_and_a_stopping_service_gets_none() -> None:
    class Stopped(Exception):
        pass

    def endless(record: str, options: Any, *, stop: Any = None) -> str:
        while not stop():
            pass
        raise Stopped

    analysis = Analysis(run=endless, needed=lambda record: True, skipped="skipped",
                        too_long="too long", stopped=Stopped, limit_s=0.0)
    reports = stub_reports()
    assert await reports.analyse(analysis, "r", None) == "too long"
    reports._service.closing = True  # type: ignore[misc]
    forever = Analysis(run=endless, needed=lambda record: True, skipped="skipped",
                       too_long="too long", stopped=Stopped, limit_s=1e9)
    assert await reports.analyse(forever, "r", None) is None


def toy_info(table_id: int, status: TableStatus, updated_at: datetime) -> TableInfo:
    return TableInfo(
        id=table_id, guild_id=1, channel_id=5, game_key="toy", preset="classic", options={},
        players=2, status=status, host_id=ALICE, version=3, seed=1, created_at=updated_at,
        updated_at=updated_at, seats=[SeatInfo(index=0, user_id=ALICE, name="alice"),
                                      SeatInfo(index=1, user_id=BOB, name="bob")])


async def test_after_a_restart_old_and_vanished_tables_are_forgotten_not_reported() -> None:
    now = datetime.now(UTC)
    open_table = toy_info(7, TableStatus.PLAYING, now - timedelta(hours=5))
    recent = toy_info(8, TableStatus.FINISHED, now - timedelta(minutes=5))
    old = toy_info(5, TableStatus.FINISHED, now - timedelta(hours=2))
    tables = {t.id: t for t in (open_table, recent, old)}
    deleted: list[str] = []

    async def settings(scope: str, scope_id: int) -> dict[str, Any]:
        assert (scope, scope_id) == (SCOPE, 0)
        return {"5": 0, "6": 1, "7": 0, "8": 2}

    async def get(table_id: int) -> TableInfo:
        if table_id not in tables:
            raise NoTable("gone")
        return tables[table_id]

    async def delete_setting(scope: str, scope_id: int, key: str) -> None:
        deleted.append(key)

    reports = stub_reports(settings=settings, get=get, delete_setting=delete_setting)
    kicked: list[int] = []
    reports.kick = kicked.append  # type: ignore[method-assign]
    await reports.catch_up()
    assert sorted(deleted) == ["5", "6"]
    assert sorted(kicked) == [7, 8] and set(reports._tables) == {7, 8}


async def test_a_sharded_restart_reports_only_its_own_shards_tables() -> None:
    now = datetime.now(UTC)
    mine = toy_info(7, TableStatus.PLAYING, now)
    theirs = toy_info(8, TableStatus.PLAYING, now).model_copy(update={"guild_id": 2})
    tables = {t.id: t for t in (mine, theirs)}

    async def settings(scope: str, scope_id: int) -> dict[str, Any]:
        return {"7": 0, "8": 0}

    async def get(table_id: int) -> TableInfo:
        return tables[table_id]

    reports = stub_reports(settings=settings, get=get, runs=lambda guild: guild == 1)
    kicked: list[int] = []
    reports.kick = kicked.append  # type: ignore[method-assign]
    await reports.catch_up()
    assert kicked == [7] and set(reports._tables) == {7}


@pytest.mark.parametrize("key", ["skat", "toy"])
def test_each_game_keeps_its_record_in_a_scope_of_its_own(key: str) -> None:
    assert posts_scope(key) == f"{key}_posts"  # Skat's is the one its cog kept: "skat_posts"
