"""Rematch through Discord: a Euchre game of alice, bob and two AI seats ends; alice presses
Rematch on its table message; bob's seat is kept for him (carol is refused), survives a
restart, and bob's Join takes it back; the rematch plays to the end with the same rules."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.discord import custom_ids as ids
from bot.service.models import TableInfo, TableStatus
from tests.e2e.fake_discord import FakeDiscord, Interaction, custom_ids
from tests.e2e.harness import WAIT_S, BotRunner, lobby_button, play_until_over, start_table
from tests.e2e.leaks import LeakWatch

pytestmark = pytest.mark.e2e


async def _refusal(fake: FakeDiscord, inter: Interaction) -> str:
    """The ephemeral text a click was answered with."""
    answer = await fake.reply(inter, WAIT_S)
    assert answer.ephemeral, f"expected a refusal, got a public {answer.text!r}"
    return answer.text


def _field(message: dict[str, Any], name: str) -> str | None:
    for embed in message.get("embeds", []):
        for field in embed.get("fields", []):
            if field.get("name") == name:
                return str(field.get("value"))
    return None


def _seats(table: TableInfo) -> list[tuple[int, int | None, str | None, bool]]:
    return [(s.index, s.user_id, s.ai_level, s.kept) for s in table.seats]


async def test_a_euchre_rematch_keeps_bobs_seat_through_a_restart(
    fake: FakeDiscord, runner: BotRunner, watch: LeakWatch
) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    channel = int(fake.channel_id)
    table_id, message = await start_table(runner, alice, guests=(bob,), preset="modern")
    old = await runner.table(table_id)
    assert _seats(old) == [(0, int(alice), None, False), (1, int(bob), None, False),
                           (2, None, "normal", False), (3, None, "normal", False)]
    await play_until_over(runner, [alice, bob], table_id, random.Random(5))
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    old = await runner.table(table_id)
    assert old.status is TableStatus.FINISHED
    rematch = ids.RematchId(table_id).encode()
    assert custom_ids(fake.messages[message["id"]]) == [rematch]

    # carol had no seat: a polite no, and nothing opens
    text = await _refusal(fake, await fake.click(carol, message["id"], rematch))
    assert f"Only the players of table {table_id}" in text
    assert await runner.service.table_in_channel(channel) is None

    # alice's click opens the new lobby, posted as the answer to her click
    click = await fake.click(alice, message["id"], rematch)
    await fake.wait_callback(click, WAIT_S)
    opened = await runner.service.table_in_channel(channel)
    assert opened is not None and opened.rematch_of == table_id and opened.id != table_id
    new_id = opened.id
    new = await runner.table(new_id)
    assert (new.game_key, new.preset, new.options, new.players) == (
        old.game_key, old.preset, old.options, old.players)
    assert new.seed != old.seed and new.host_id == int(alice)
    assert _seats(new) == [(0, int(alice), None, False), (1, int(bob), None, True),
                           (2, None, "normal", False), (3, None, "normal", False)]
    assert click.callback_type == 4 and click.original_id is not None
    lobby = fake.messages[click.original_id]  # the answer to the click is the lobby message
    assert fake.message_meta[lobby["id"]].public
    assert _field(lobby, "Rematch") == (
        f"Rematch of table {table_id}: waiting for **bob** to press Join (Start gives a seat "
        "still kept to the AI).")

    # a second click on the old button: the rematch is already open here
    text = await _refusal(fake, await fake.click(bob, message["id"], rematch))
    assert f"rematch of table {table_id} is already open here" in text

    # carol's Join would take bob's seat: refused, naming bob
    text = await _refusal(fake, await fake.click(carol, lobby["id"], lobby_button(lobby, "join")))
    assert "seat 2 is kept for bob" in text
    assert (await runner.table(new_id)).version == new.version  # nothing changed

    await runner.restart()  # before bob confirms: the reservation is in the database

    again = await runner.table(new_id)
    assert _seats(again) == _seats(new) and again.message_id == int(lobby["id"])
    text = await _refusal(fake, await fake.click(carol, lobby["id"], lobby_button(lobby, "join")))
    assert "seat 2 is kept for bob" in text
    await fake.click(bob, lobby["id"], lobby_button(lobby, "join"))
    back = await runner.wait_table(new_id, lambda t: t.awaited == [])
    assert _seats(back)[1] == (1, int(bob), None, False)
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    assert _field(fake.messages[lobby["id"]], "Rematch") == (
        f"Rematch of table {table_id}: every player is back.")

    await fake.click(alice, lobby["id"], lobby_button(lobby, "start"))
    playing = await runner.wait_table(new_id, lambda t: t.status is not TableStatus.LOBBY)
    assert [s.user_id for s in playing.seats] == [int(alice), int(bob), None, None]
    await play_until_over(runner, [alice, bob], new_id, random.Random(6))
    done = await runner.table(new_id)
    assert done.status is TableStatus.FINISHED and done.state is not None
    assert done.rules == old.rules and done.options == old.options
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    assert custom_ids(fake.messages[lobby["id"]]) == [ids.RematchId(new_id).encode()]
    assert watch.leaks == []


async def test_an_aborted_table_offers_no_rematch_and_a_forged_click_is_refused(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = fake.add_user("alice")
    table_id, message = await start_table(runner, alice)
    await fake.wait_callback(await fake.slash(alice, "euchre abort"), WAIT_S)
    await runner.wait_table(table_id, lambda t: t.status is TableStatus.ABORTED)
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    assert custom_ids(fake.messages[message["id"]]) == []
    forged = ids.RematchId(table_id).encode()
    text = await _refusal(fake, await fake.click(alice, message["id"], forged, forge=True))
    assert "closed without a result" in text
    text = await _refusal(fake, await fake.click(alice, message["id"], "pr:x1", forge=True))
    assert "don't recognise" in text
    assert await runner.service.table_in_channel(int(fake.channel_id)) is None
