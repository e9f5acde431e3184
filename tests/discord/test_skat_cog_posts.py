"""The Skat deal posts survive a failed post and a restart, never go out twice, and the review
search runs in a worker process of its own: the real bot against the fake Discord. (The round
reports' pipeline alone, with a toy game: tests/service/test_reports.py; the Discord sink:
tests/discord/test_round_posts.py.)"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import random
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.games import registry
from bot.games.skat.review import DealReview, ReviewStopped, review_deal
from bot.games.skat.rules import DealResult
from bot.render.skat_report import REPORT, TOO_LONG
from bot.service.models import TableInfo, TableStatus
from bot.service.reports import RoundReports, posts_scope
from tests.discord import review_stubs
from tests.e2e.fake_discord import FakeDiscord, patch_discord
from tests.e2e.harness import WAIT_S, BotRunner
from tests.processes import gone, until

POSTS_SCOPE = posts_scope("skat")
GAME = registry.get("skat")


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    server = await FakeDiscord().start()
    patch_discord(monkeypatch, server)
    yield server
    await server.stop()


@pytest.fixture
async def runner(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotRunner]:
    bot_runner = BotRunner(fake, tmp_path / "parlour.sqlite3", service={"ai_budget_ms": 10})
    await bot_runner.start()
    yield bot_runner
    await bot_runner.stop()


def deal_posts(fake: FakeDiscord) -> list[str]:
    posts = [m.get("content") or "" for m in fake.channel_messages()]
    return [p for p in posts if p.startswith("**Deal ")]


async def skat_table(runner: BotRunner, fake: FakeDiscord, deals: int) -> tuple[int, int]:
    """A Skat series of ``deals`` with one human (played through the service) and two AIs."""
    alice = int(fake.add_user("alice"))
    service = runner.service
    table = await service.create(game_key="skat", channel_id=int(fake.channel_id),
                                 guild_id=int(fake.guild_id), host_id=alice, host_name="alice",
                                 preset="isko", options={"deals": deals}, seed=7)
    await service.add_ai(table.id, alice)
    await service.add_ai(table.id, alice)
    await service.start_game(table.id, alice)
    return table.id, alice


async def play_until(runner: BotRunner, table_id: int, alice: int, finished: int) -> TableInfo:
    """Alice plays at random (claims included) until ``finished`` deals are over."""
    rng = random.Random(table_id)
    for _ in range(500):
        await asyncio.wait_for(runner.service.settle(table_id), WAIT_S)
        table = await runner.table(table_id)
        state = table.state
        if not table.is_open or len(state.sheet.entries) >= finished:
            return table
        seat = table.seat_of(alice)
        assert seat is not None and seat.index in state.to_act
        action = rng.choice(state.legal_actions(seat.index))
        await runner.service.act(table_id, alice, str(action), version=None)
    raise AssertionError("the deals did not end")


def refuse_posts(runner: BotRunner, sent: list[int]) -> None:
    """This process's round posts cannot post (the restart makes fresh ones)."""
    posts = runner.bot.table_ui.reports

    async def refused(table: TableInfo, number: int, text: str) -> bool:
        sent.append(number)
        return False

    posts.send = refused


async def settle(runner: BotRunner) -> None:
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    await asyncio.wait_for(runner.bot.get_cog("SkatCog").settle(), WAIT_S)


@pytest.mark.parametrize("deals", [1, 2])
async def test_a_deal_whose_post_failed_is_posted_after_a_restart_once(
        fake: FakeDiscord, runner: BotRunner, deals: int) -> None:
    """Deal 1's post fails (Discord down, or the process about to die); after the restart it
    goes out, once; the series' next deal is posted as usual; another restart posts nothing
    again, and a finished table's record is gone."""
    sent: list[int] = []
    refuse_posts(runner, sent)
    table_id, alice = await skat_table(runner, fake, deals)
    table = await play_until(runner, table_id, alice, 1)
    await settle(runner)
    assert sent == [1] and deal_posts(fake) == []
    assert await runner.service.get_setting(POSTS_SCOPE, 0, str(table_id)) == 0
    assert table.is_open == (deals == 2)

    await runner.restart()
    await settle(runner)
    posts = deal_posts(fake)
    assert len(posts) == 1 and posts[0].startswith("**Deal 1**: ")
    assert "**Review**" in posts[0] or "No review: " in posts[0]
    if deals == 2:
        await play_until(runner, table_id, alice, 2)
        await settle(runner)
        assert [p[:10] for p in deal_posts(fake)] == ["**Deal 1**", "**Deal 2**"]
    final = await runner.table(table_id)
    assert final.status is TableStatus.FINISHED
    assert await runner.service.get_setting(POSTS_SCOPE, 0, str(table_id)) is None

    await runner.restart()
    await settle(runner)
    assert len(deal_posts(fake)) == deals


async def test_only_the_last_deal_keeps_its_cards_across_a_restart(
        fake: FakeDiscord, runner: BotRunner) -> None:
    """Two deals unposted at a restart: the older one is posted from the score sheet, plainly
    saying so; the newer one with its review."""
    sent: list[int] = []
    refuse_posts(runner, sent)
    table_id, alice = await skat_table(runner, fake, 3)
    await play_until(runner, table_id, alice, 1)
    await settle(runner)
    await play_until(runner, table_id, alice, 2)
    await settle(runner)
    assert deal_posts(fake) == [] and sent == [1, 1]  # in order: deal 1 first, again
    await runner.restart()
    await settle(runner)
    first, second = deal_posts(fake)
    assert first.startswith("**Deal 1**: ") and "only its line on the score sheet" in first
    assert second.startswith("**Deal 2**: ") and "The skat was" in second


async def test_a_table_started_before_posts_were_recorded_posts_from_its_next_deal(
        fake: FakeDiscord, runner: BotRunner) -> None:
    """No record (a table from before this bot version): nothing old is posted, the next deal
    is."""
    table_id, alice = await skat_table(runner, fake, 2)
    await runner.service.delete_setting(POSTS_SCOPE, 0, str(table_id))
    await runner.restart()
    await play_until(runner, table_id, alice, 1)
    await settle(runner)
    posts = deal_posts(fake)
    assert len(posts) == 1 and posts[0].startswith("**Deal 1**")


def test_the_posts_keep_the_skat_cogs_record() -> None:
    """Databases from before the round reports keep their cursor: same scope, id and keys."""
    assert POSTS_SCOPE == "skat_posts"


def played_out_deal() -> tuple[DealResult, Any]:
    """A deal played to the last trick whose review must search (random play often overbids,
    and an overbid is settled by the bid alone)."""
    rng = random.Random(3)
    state = GAME.new(3, GAME.options("isko", deals=200), seed=3)
    while not state.is_over:
        seat = state.to_act[0]
        legal = [a for a in state.legal_actions(seat)
                 if a.kind not in ("concede", "claim_rest", "claim_win", "claim_defeat")]
        state, events = state.apply(seat, rng.choice(legal))
        last = state.last
        ended = any(e.kind == "result" for e in events)
        if ended and last and len(last.tricks) == 10 and last.declarer is not None:
            review = review_deal(last, state.options)
            if review.target == 61:
                return last, state.options
    raise AssertionError("no deal to search in 200")


def bare_reports(**service: Any) -> RoundReports:
    async def sink(report: Any) -> bool:
        return True

    return RoundReports(SimpleNamespace(closing=False, **service), sink,  # type: ignore[arg-type]
                        {"skat": REPORT})


async def test_with_worker_processes_a_review_searches_in_its_own_process(
        tmp_path: Path) -> None:
    """The same review as in this process, searched in a worker of the reviews' own; a search
    past its limit gives a note and its worker is replaced; closing kills the worker."""
    result, options = played_out_deal()
    reports = bare_reports(ai_processes=2)
    assert REPORT.analysis is not None
    gate = review_stubs.Gate(str(tmp_path / "release"))
    workers: list[int] = []
    try:
        review = await asyncio.wait_for(reports.analyse(REPORT.analysis, result, options), 60)
        assert review == review_deal(result, options)
        pool = reports.pool
        assert pool is not None and pool.workers == 1 and len(pool.pids()) == 1
        worker = pool.pids()[0]
        where_run = dataclasses.replace(REPORT.analysis, run=review_stubs.review_where)
        where = await asyncio.wait_for(reports.analyse(where_run, result, options), 60)
        assert where.reason == f"pid {worker}" and worker != os.getpid()

        # Past its limit: the stand-in blocks until released, so no machine is fast enough
        # to beat the limit; a note instead, and the runaway worker is retired.
        blocked = dataclasses.replace(REPORT.analysis, run=review_stubs.review_until_released,
                                      limit_s=0.5)
        assert await asyncio.wait_for(reports.analyse(blocked, result, gate), 60) is TOO_LONG
        assert pool.replaced == 1

        fresh = await asyncio.wait_for(reports.analyse(where_run, result, options), 60)
        assert fresh.reason.startswith("pid ") and fresh.reason != where.reason
        workers = pool.pids()
        assert workers == [int(fresh.reason.removeprefix("pid "))]
    finally:
        Path(gate.release).touch()  # a blocked stand-in, if its worker still lives, returns
        await reports.close()
    assert reports.pool is not None and reports.pool.closed
    await until(lambda: all(gone(pid) for pid in workers))


async def test_a_restart_during_the_review_posts_the_deal_afterwards_once(
        fake: FakeDiscord, runner: BotRunner) -> None:
    """The process stops while deal 1's review is searching: nothing is posted then, the
    search gives up, and the new process posts the deal, once."""
    searching = threading.Event()

    def endless(result: DealResult, options: Any, *, stop: Any = None) -> DealReview:
        searching.set()
        while not stop():
            searching.wait(0.001)
        raise ReviewStopped

    specs = runner.bot.table_ui.reports.reports.specs  # this process's (a restart: fresh ones)
    assert specs["skat"].analysis.run is review_deal
    specs["skat"] = dataclasses.replace(REPORT, analysis=dataclasses.replace(
        REPORT.analysis, run=endless, needed=lambda result: True))
    table_id, alice = await skat_table(runner, fake, 2)
    await play_until(runner, table_id, alice, 1)
    await asyncio.wait_for(asyncio.to_thread(searching.wait, WAIT_S), WAIT_S)
    assert searching.is_set()
    assert deal_posts(fake) == []
    await runner.restart()
    # the new process searches for real
    assert runner.bot.table_ui.reports.reports.specs["skat"].analysis.run is review_deal
    await settle(runner)
    posts = deal_posts(fake)
    assert len(posts) == 1 and posts[0].startswith("**Deal 1**")


async def test_the_game_over_summary_follows_the_last_deal_s_review(
        fake: FakeDiscord, runner: BotRunner) -> None:
    """The channel reads deal 1, deal 2 (its review), then the summary: once, even after a
    restart, with the players' names and no "seat n"."""
    table_id, alice = await skat_table(runner, fake, 2)
    await play_until(runner, table_id, alice, 2)
    await settle(runner)
    assert (await runner.table(table_id)).status is TableStatus.FINISHED
    posts = [m.get("content") or "" for m in fake.channel_messages()]
    ours = [p for p in posts if p.startswith("**Deal ") or "the game is over" in p]
    assert [p[:10] for p in ours[:2]] == ["**Deal 1**", "**Deal 2**"]
    assert len(ours) == 3 and "the game is over" in ours[2]
    summary = ours[2]
    assert "alice" in summary and "seat 1" not in summary.lower()
    await runner.restart()
    await settle(runner)
    again = [m.get("content") or "" for m in fake.channel_messages()]
    assert sum("the game is over" in p for p in again) == 1
