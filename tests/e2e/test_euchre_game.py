"""A whole game of Euchre through Discord: one human, three AI seats, slash commands and
clicks; and no public message ever names a hidden card."""

from __future__ import annotations

import random

import discord
import pytest

from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import (
    BotRunner,
    lobby_button,
    my_turn,
    open_table,
    play_until_over,
    start_table,
    take,
)
from tests.e2e.leaks import LeakWatch

pytestmark = pytest.mark.e2e


async def test_a_whole_game_with_three_ai_seats(fake: FakeDiscord, runner: BotRunner,
                                                watch: LeakWatch) -> None:
    alice = fake.add_user("alice")
    table_id, lobby = await open_table(runner, alice, preset="hoyle1871")
    await fake.slash(alice, "euchre bot")
    await runner.wait_table(table_id, lambda t: len(t.seats) == 2)
    for seats in (3, 4):
        await fake.click(alice, lobby["id"], lobby_button(lobby, "ai"))
        table = await runner.wait_table(table_id, lambda t, n=seats: len(t.seats) == n)
    assert [s.is_ai for s in table.seats] == [False, True, True, True]

    await fake.click(alice, lobby["id"], lobby_button(lobby, "start"))
    await runner.wait_table(table_id, lambda t: t.status is TableStatus.PLAYING)
    clicks = await play_until_over(runner, alice, table_id, random.Random(1))

    table = await runner.table(table_id)
    assert table.status is TableStatus.FINISHED and table.state is not None
    assert table.state.outcome() is not None
    assert clicks, "the human never had a turn"
    assert all(c.callbacks == 1 for c in clicks), "a click was acknowledged twice"
    assert watch.checked > len(clicks), "the leak watch saw too few messages"
    assert watch.leaks == []


async def test_hand_dms_are_kept_by_channel_and_id_alone(fake: FakeDiscord,
                                                         runner: BotRunner) -> None:
    """The bot keeps each hand DM it may edit or delete later as a partial message, not as the
    whole Message discord.py parsed (its components, embeds and users)."""
    alice = fake.add_user("alice")
    table_id, _ = await start_table(runner, alice)
    for _ in range(3):
        table, choices = await my_turn(runner, alice, table_id)
        click = await take(fake, alice, choices[0])
        await fake.wait_callback(click)
        await runner.wait_table(table_id, lambda t, v=table.version: t.version > v)
    await runner.service.settle(table_id)
    hands = runner.bot.table_ui.hands
    kept = [m for m, _ in [*hands._hand_dms.values(), *hands._live_dms.values()]]
    assert kept, "no hand DM was kept"
    assert all(type(m) is discord.PartialMessage for m in kept), {type(m) for m in kept}
