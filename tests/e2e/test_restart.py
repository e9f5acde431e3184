"""The bot stopped mid-hand and a new one started on the same database: the table goes on,
and the buttons sent by the old process still work."""

from __future__ import annotations

import gc
import random

import pytest

from bot import heap
from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner, action_of, my_turn, play_until_over, start_table, take
from tests.e2e.leaks import LeakWatch

pytestmark = pytest.mark.e2e


async def test_old_buttons_work_after_a_restart(fake: FakeDiscord, runner: BotRunner,
                                                watch: LeakWatch) -> None:
    alice = fake.add_user("alice")
    table_id, message = await start_table(runner, alice)
    rng = random.Random(5)
    for _ in range(3):  # a few moves into the first hand
        table, choices = await my_turn(runner, alice, table_id)
        await take(fake, alice, rng.choice(choices))
        await runner.wait_table(table_id, lambda t, v=table.version: t.version > v)
    table, choices = await my_turn(runner, alice, table_id)
    assert table.status is TableStatus.PLAYING and choices

    await runner.restart()
    assert fake.identifies == 2
    edits_before = sum(1 for e in fake.events if e.message["id"] == message["id"])

    choice = rng.choice(choices)  # a button on a message the old process sent
    click = await take(fake, alice, choice)
    assert click.message_id == choice[0]
    after = await runner.wait_table(table_id, lambda t: t.version > table.version)
    assert (await fake.wait_callback(click))["type"] in (5, 6, 7)
    assert not [e for e in fake.replies(click) if e.ephemeral and e.kind == "create"], \
        "the old button was refused after the restart"
    assert after.status is TableStatus.PLAYING or not after.is_open
    # Stopped again while the AI seats are still to play: the new process resumes them, and
    # offers the human their turn again (a DM may have died with the old process).
    await runner.restart()
    table, choices = await my_turn(runner, alice, table_id)
    if choices:
        await take(fake, alice, rng.choice(choices))
        await runner.wait_table(table_id, lambda t, v=table.version: t.version > v)
    await play_until_over(runner, alice, table_id, rng)
    final = await runner.table(table_id)
    assert final.status is TableStatus.FINISHED
    assert sum(1 for e in fake.events if e.message["id"] == message["id"]) > edits_before, \
        "the table message sent before the restart was never edited after it"
    assert action_of(choice)
    assert watch.leaks == []


async def test_a_start_freezes_the_tables_it_loaded(fake: FakeDiscord, runner: BotRunner,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: the open tables a start loads are out of the collector's full passes."""
    alice = fake.add_user("alice")
    table_id, _ = await start_table(runner, alice)
    # Once per process: this start is to count as the process's first.
    monkeypatch.setattr(heap, "_frozen", False)
    await runner.restart()
    live = runner.service._live[table_id]
    assert gc.is_tracked(live) and heap._frozen and gc.get_freeze_count() > 0
    assert not any(obj is live for obj in gc.get_objects()), "the loaded table was not frozen"
    assert gc.get_threshold() == heap.THRESHOLD
