"""Whole games of dominoes through Discord: a human and AI seats, slash commands and clicks
(buttons, and the "which end?" selects), pictures on the table message and the hand DMs; no
message ever names a tile hidden from its readers (the leak watch reads text, components and
the pictures' alt texts)."""

from __future__ import annotations

import random

import pytest

from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner, lobby_button, play_until_over, start_table
from tests.e2e.leaks import LeakWatch

pytestmark = pytest.mark.e2e


async def test_a_whole_draw_game_against_the_ai(fake: FakeDiscord, runner: BotRunner,
                                                watch: LeakWatch) -> None:
    alice = fake.add_user("alice")
    table_id, _ = await start_table(runner, alice, game="dominoes")
    table = await runner.table(table_id)
    assert table.preset == "draw" and [s.is_ai for s in table.seats] == [False, True]
    clicks = await play_until_over(runner, alice, table_id, random.Random(3), max_turns=600)

    table = await runner.table(table_id)
    assert table.status is TableStatus.FINISHED and table.state is not None
    assert table.state.outcome() is not None
    assert clicks and all(c.callbacks == 1 for c in clicks)
    assert watch.checked > len(clicks) and watch.leaks == []
    await runner.bot.table_ui.settle()  # the last click's answer gets its picture after it
    pictures = [a.get("description") or "" for m in fake.messages.values()
                for a in m.get("attachments") or []]
    assert any(alt.startswith("The Draw Game, hand") for alt in pictures)  # the table's
    assert any(alt.startswith("alice's tiles") for alt in pictures)  # the hand DM's
    assert runner.bot.table_ui.reports is not None
    await runner.bot.table_ui.reports.settle()
    posts = [m.get("content") or "" for m in fake.messages.values()
             if m.get("channel_id") == fake.channel_id]
    reports = [p for p in posts if p.startswith(("**Hand ", "**Game "))]
    assert reports and reports[0].startswith("**Hand 1**"), posts  # a report after each hand
    assert sum("the game is over" in p for p in posts) == 1  # the summary, once, after them


GAMES = {"cyprus": 5, "sebastopol": 4, "muggins": 3, "matadore": 4, "pool": 4, "bergen": 2,
         "tiddle_a_wink": 6, "whist": 4, "domino_euchre": 4, "rounce": 3, "loo": 3, "bingo": 2,
         "poker": 3, "draw_pool": 3, "four": 4, "block": 2, "all_threes": 2}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_game_plays_to_the_end_with_ai_seats_and_hides_every_tile(
    fake: FakeDiscord, runner: BotRunner, watch: LeakWatch, game: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One deal per game, the same every run (a random deal may end before Alice's turn).
    monkeypatch.setattr("bot.service.lobby.secrets.randbits", lambda bits: 11)
    asked: list[str] = []
    fake.listeners.append(lambda event: asked.extend(
        str(c.get("placeholder")) for row in event.message.get("components") or []
        for c in row.get("components") or [] if c.get("placeholder")))
    alice = fake.add_user("alice")
    inter = await fake.slash(alice, "dominoes new", {"game": game, "players": GAMES[game]})
    await fake.wait_callback(inter, 10)
    table = await runner.service.table_in_channel(int(fake.channel_id))
    assert table is not None and table.preset == game
    assert inter.callback_type == 4 and inter.original_id is not None
    message = fake.messages[inter.original_id]  # the answer is the table message
    for seated in range(2, GAMES[game] + 1):
        await fake.click(alice, message["id"], lobby_button(message, "ai"))
        await runner.wait_table(table.id, lambda t, n=seated: len(t.seats) == n)
    await fake.click(alice, message["id"], lobby_button(message, "start"))
    await runner.wait_table(table.id, lambda t: t.status is not TableStatus.LOBBY)
    clicks = await play_until_over(runner, alice, table.id, random.Random(5), max_turns=900)

    assert (await runner.table(table.id)).status is TableStatus.FINISHED
    assert clicks and watch.checked > len(clicks) and watch.leaks == []
    if game == "cyprus":  # a tile fitting two arms is asked for
        assert any(p.endswith(": which end?") for p in asked), asked


async def test_rules_tell_each_game_in_plain_words(fake: FakeDiscord, runner: BotRunner) -> None:
    alice = fake.add_user("alice")
    inter = await fake.slash(alice, "dominoes rules", {"game": "sebastopol"})
    await fake.wait_callback(inter, 10)
    said = " ".join(e.text for e in fake.replies(inter))
    assert "Sebastopol" in said and "cross" in said
    inter = await fake.slash(alice, "dominoes rules", {"game": "no such game"})
    await fake.wait_callback(inter, 10)
    said = " ".join(e.text for e in fake.replies(inter))
    assert "Unknown preset" in said or "choose one of" in said


async def test_a_table_opens_with_the_booklets_variations_and_refuses_what_does_not_fit(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = fake.add_user("alice")
    opened = await fake.slash(alice, "dominoes new", {"game": "muggins", "target": 100,
                                                      "pip_values": True})
    await fake.wait_callback(opened)
    table = await runner.service.table_in_channel(int(fake.channel_id))
    assert table is not None and table.preset == "muggins"
    assert table.rules.target == 100 and table.rules.pip_values  # type: ignore[attr-defined]
    other = fake.add_channel("other")
    refused = await fake.slash(alice, "dominoes new", {"game": "draw", "sevens": True},
                               channel_id=other)
    reply = await fake.reply(refused)
    assert reply.ephemeral and "has no `sevens` option" in reply.text
    assert await runner.service.table_in_channel(int(other)) is None
