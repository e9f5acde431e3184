"""The Skat deal posts survive a failed post and a restart, never go out twice, and the review
search cannot pile up: the real bot against the fake Discord, and the cog's queue alone."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import cogs.skat as skat_cog
from bot.games import registry
from bot.games.skat.review import DealReview, ReviewStopped
from bot.games.skat.rules import DealResult
from bot.service.models import TableInfo, TableStatus
from cogs.skat import MAX_WAITING, POSTS_SCOPE, SKIPPED, TOO_LONG, SkatCog, deal_nonce
from tests.e2e.fake_discord import FakeDiscord, patch_discord
from tests.e2e.harness import WAIT_S, BotRunner

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
    """This process's cog cannot post (the restart loads a fresh one)."""
    cog = runner.bot.get_cog("SkatCog")

    async def refused(table: TableInfo, number: int, text: str) -> bool:
        sent.append(number)
        return False

    cog._send = refused


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


def test_the_nonce_names_one_deal_of_one_table() -> None:
    table = SimpleNamespace(id=5, channel_id=123456789012345678)
    other = SimpleNamespace(id=6, channel_id=123456789012345678)
    nonces = {deal_nonce(t, n) for t in (table, other) for n in (1, 2)}  # type: ignore[arg-type]
    assert len(nonces) == 4
    assert deal_nonce(table, 1) == deal_nonce(SimpleNamespace(id=5, channel_id=table.channel_id),
                                              1)  # type: ignore[arg-type]
    assert all(0 < n < 2**63 for n in nonces)


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
            review = skat_cog.review_deal(last, state.options)
            if review.target == 61:
                return last, state.options
    raise AssertionError("no deal to search in 200")


def bare_cog() -> SkatCog:
    service = SimpleNamespace(closing=False)
    bot = SimpleNamespace(table_ui=SimpleNamespace(service=service))
    return SkatCog(bot)  # type: ignore[arg-type]


async def test_reviews_search_one_at_a_time_and_a_crowd_is_skipped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    result, options = played_out_deal()
    gate = threading.Event()
    running = 0
    most = 0
    lock = threading.Lock()

    def slow_review(result: DealResult, options: Any, *, stop: Any = None) -> DealReview:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        gate.wait(WAIT_S)
        with lock:
            running -= 1
        return DealReview(False, "searched")

    monkeypatch.setattr(skat_cog, "review_deal", slow_review)
    cog = bare_cog()
    tasks = [asyncio.create_task(cog._review(result, options)) for _ in range(MAX_WAITING + 4)]
    await asyncio.sleep(0.05)
    done = [t for t in tasks if t.done()]
    assert len(done) == 3 and all(t.result() is SKIPPED for t in done)
    gate.set()
    reviews = await asyncio.wait_for(asyncio.gather(*tasks), WAIT_S)
    assert [r.reason for r in reviews].count("searched") == 1 + MAX_WAITING
    assert most == 1
    assert cog._waiting == 0 and not cog._searching.locked()


async def test_a_search_past_its_limit_gives_up_and_a_stopping_bot_posts_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    result, options = played_out_deal()

    def endless(result: DealResult, options: Any, *, stop: Any = None) -> DealReview:
        while not stop():
            pass
        raise ReviewStopped

    monkeypatch.setattr(skat_cog, "review_deal", endless)
    monkeypatch.setattr(skat_cog, "REVIEW_LIMIT_S", 0.0)
    cog = bare_cog()
    assert await cog._review(result, options) is TOO_LONG
    monkeypatch.setattr(skat_cog, "REVIEW_LIMIT_S", 1e9)
    cog._closing = True
    assert await cog._review(result, options) is None


async def test_with_worker_processes_a_review_searches_in_its_own_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same review as in this process; past its limit, a note; unloading kills it."""
    result, options = played_out_deal()
    cog = bare_cog()
    cog.ui.service.ai_processes = 2
    try:
        review = await asyncio.wait_for(cog._review(result, options), 60)
        assert review == skat_cog.review_deal(result, options)
        pool = cog._pool
        assert pool is not None and pool.workers == 1 and len(pool.pids()) == 1
        monkeypatch.setattr(skat_cog, "REVIEW_LIMIT_S", 1e-4)
        assert await asyncio.wait_for(cog._review(result, options), 60) is TOO_LONG
    finally:
        await cog.cog_unload()
    assert cog._pool is not None and cog._pool.closed


async def test_after_a_restart_old_and_vanished_tables_are_forgotten_not_posted() -> None:
    from datetime import UTC, datetime, timedelta

    from bot.service.errors import NoTable
    from tests.discord.conftest import table_for

    state = GAME.new(3, GAME.options("isko"), seed=1)
    now = datetime.now(UTC)
    open_table = table_for(state, 3).model_copy(update={"id": 7, "game_key": "skat"})
    recent = open_table.model_copy(update={"id": 8, "status": TableStatus.FINISHED,
                                           "updated_at": now - timedelta(minutes=5)})
    old = open_table.model_copy(update={"id": 5, "status": TableStatus.FINISHED,
                                        "updated_at": now - timedelta(hours=2)})
    tables = {t.id: t for t in (open_table, recent, old)}
    deleted: list[str] = []

    async def settings(scope: str, scope_id: int) -> dict[str, Any]:
        assert (scope, scope_id) == (POSTS_SCOPE, 0)
        return {"5": 0, "6": 1, "7": 0, "8": 2}

    async def get(table_id: int) -> TableInfo:
        if table_id not in tables:
            raise NoTable("gone")
        return tables[table_id]

    async def delete_setting(scope: str, scope_id: int, key: str) -> None:
        deleted.append(key)

    cog = bare_cog()
    service = cog.ui.service
    service.settings, service.get, service.delete_setting = settings, get, delete_setting
    kicked: list[int] = []
    cog._kick = kicked.append  # type: ignore[method-assign]
    await cog._post_missing()
    assert sorted(deleted) == ["5", "6"]
    assert sorted(kicked) == [7, 8] and set(cog._tables) == {7, 8}


async def test_a_post_is_retried_after_a_server_error_and_given_up_when_forbidden(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import discord

    monkeypatch.setattr(skat_cog, "RETRY_S", (0.0, 0.0))
    answers: list[Exception | None] = []
    sent: list[dict[str, Any]] = []

    async def send(content: str, **kw: Any) -> None:
        answer = answers.pop(0)
        if answer is not None:
            raise answer
        sent.append({"content": content, **kw})

    cog = bare_cog()
    cog.bot.get_partial_messageable = lambda channel_id: SimpleNamespace(send=send)
    table = SimpleNamespace(id=3, channel_id=99)

    def error(cls: type[discord.HTTPException], status: int) -> discord.HTTPException:
        return cls(SimpleNamespace(status=status, reason="x"), "x")

    answers[:] = [error(discord.HTTPException, 500), OSError("reset"), None]
    assert await cog._send(table, 2, "**Deal 2**") is True  # type: ignore[arg-type]
    assert sent[0]["nonce"] == deal_nonce(table, 2)  # type: ignore[arg-type]
    answers[:] = [error(discord.HTTPException, 503)] * 3
    assert await cog._send(table, 3, "**Deal 3**") is False  # type: ignore[arg-type]
    answers[:] = [error(discord.Forbidden, 403)]
    assert await cog._send(table, 4, "**Deal 4**") is True  # type: ignore[arg-type]
    assert len(sent) == 1 and answers == []


async def test_a_restart_during_the_review_posts_the_deal_afterwards_once(
        fake: FakeDiscord, runner: BotRunner) -> None:
    """The process stops while deal 1's review is searching: nothing is posted then, the
    search gives up, and the new process posts the deal, once."""
    import sys

    searching = threading.Event()

    def endless(result: DealResult, options: Any, *, stop: Any = None) -> DealReview:
        searching.set()
        while not stop():
            searching.wait(0.001)
        raise ReviewStopped

    loaded = sys.modules["cogs.skat"]  # the bot's copy (load_extension imports it afresh)
    live = loaded.review_deal
    loaded.review_deal = endless
    loaded.needs_search = lambda result: True
    table_id, alice = await skat_table(runner, fake, 2)
    await play_until(runner, table_id, alice, 1)
    await asyncio.wait_for(asyncio.to_thread(searching.wait, WAIT_S), WAIT_S)
    assert searching.is_set()
    assert deal_posts(fake) == []
    await runner.restart()
    assert sys.modules["cogs.skat"].review_deal is live  # the new process searches for real
    await settle(runner)
    posts = deal_posts(fake)
    assert len(posts) == 1 and posts[0].startswith("**Deal 1**")
