"""A whole dice game through Discord, played on the channel's table message: two people and an
AI, every move a click on that message's buttons, no hand by DM; a click out of turn (or by
someone not seated) is refused privately and changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.discord import custom_ids as ids
from bot.games.dice.catalogue import CATALOGUE
from bot.service.models import TableInfo, TableStatus
from tests.e2e.fake_discord import FakeDiscord, Interaction, iter_components
from tests.e2e.harness import WAIT_S, BotRunner, Choice, action_of, lobby_button, take

pytestmark = pytest.mark.e2e


def table_choices(fake: FakeDiscord, table: TableInfo) -> list[Choice]:
    """The actions the table message offers now, for this table version."""
    message = fake.messages[str(table.message_id)]
    out: list[Choice] = []
    for comp in iter_components(message):
        parsed = ids.parse(comp.get("custom_id") or "")
        if getattr(parsed, "version", None) != table.version:
            continue
        if isinstance(parsed, ids.ActionId):
            out.append((message["id"], comp["custom_id"], None))
        elif isinstance(parsed, ids.SelectId):
            out.extend((message["id"], comp["custom_id"], o["value"])
                       for o in comp.get("options", []))
    return out


async def offered_on_table(fake: FakeDiscord, table: TableInfo) -> list[Choice]:
    return await fake.wait_for(lambda: table_choices(fake, table), WAIT_S)  # type: ignore[no-any-return]


async def refused(fake: FakeDiscord, inter: Interaction) -> str:
    """The private answer to ``inter`` (shown to its user only)."""
    await fake.wait_callback(inter, WAIT_S)
    answer = await fake.wait_for(lambda: next(
        (e for e in fake.replies(inter) if e.ephemeral and e.text), None), WAIT_S)
    assert answer.user_id == inter.user_id
    return answer.text


@pytest.mark.parametrize("game", ["draw_poker", "vingt_un"])
async def test_two_people_and_an_ai_play_on_the_table_message(
        fake: FakeDiscord, runner: BotRunner, game: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw Poker: a throw, then a choice (buttons and the keep select); Vingt-un: the same
    player throws again and again, every time from the table message."""
    monkeypatch.setattr("bot.service.lobby.secrets.randbits", lambda bits: 5)  # fixed dice
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    inter = await fake.slash(alice, "dice new", {"game": game, "players": 3})
    await fake.wait_callback(inter, WAIT_S)
    table = await runner.service.table_in_channel(int(fake.channel_id))
    assert table is not None and table.game_key == "dice"
    assert inter.callback_type == 4 and inter.original_id is not None
    lobby = fake.messages[inter.original_id]  # the answer to /dice new is the table message
    await fake.click(bob, lobby["id"], lobby_button(lobby, "join"))
    await runner.wait_table(table.id, lambda t: len(t.seats) == 2)
    await fake.click(alice, lobby["id"], lobby_button(lobby, "ai"))
    await runner.wait_table(table.id, lambda t: len(t.seats) == 3)
    await fake.click(alice, lobby["id"], lobby_button(lobby, "start"))
    await runner.wait_table(table.id, lambda t: t.status is not TableStatus.LOBBY)

    rng = random.Random(3)
    users = {s.index: str(s.user_id) for s in (await runner.table(table.id)).seats
             if not s.is_ai}
    assert sorted(users.values()) == sorted([alice, bob])
    clicks, refusals = 0, 0
    for _ in range(200):
        await runner.service.settle(table.id)
        table = await runner.table(table.id)
        if not table.is_open:
            break
        assert table.state is not None
        seat = table.state.to_act[0]
        user = users[seat]
        choices = await offered_on_table(fake, table)
        legal = {str(a) for a in table.state.legal_actions(seat)}
        assert {action_of(c) for c in choices} <= legal
        if refusals < 2:  # the other person, then someone not seated, try this very button
            intruder = (bob if user == alice else alice) if refusals == 0 else carol
            text = await refused(fake, await take(fake, intruder, choices[0]))
            assert ("not your turn" if intruder != carol else "not seated") in text
            await runner.service.settle(table.id)
            now = await runner.table(table.id)
            assert now.version == table.version and now.state == table.state
            refusals += 1
        click = await take(fake, user, rng.choice(choices))
        await fake.wait_callback(click, WAIT_S)
        assert not [e for e in fake.replies(click) if e.ephemeral and e.text], \
            "a legal click was answered with a refusal"
        await runner.wait_table(table.id, lambda t, v=table.version: t.version > v)
        clicks += 1
    table = await runner.table(table.id)
    assert table.status is TableStatus.FINISHED and table.state is not None
    assert clicks >= 2 and refusals == 2
    assert fake.dm_messages(alice) == [] and fake.dm_messages(bob) == []
    board = await runner.service.leaderboard("dice", int(fake.guild_id))
    assert {(str(r.user_id), r.games) for r in board} >= {(alice, 1), (bob, 1)}
    summary = fake.find_message(lambda m: "the game is over" in (m.get("content") or ""),
                                channel_id=fake.channel_id)
    assert summary is not None and "wins" in summary["content"]
    await runner.bot.table_ui.settle()
    final: dict[str, Any] = fake.messages[str(table.message_id)]
    assert not table_choices(fake, table)  # the game's buttons are gone; a rematch is offered
    assert [c.get("custom_id") for c in iter_components(final)] == [
        ids.RematchId(table.id).encode()]
    [picture] = final["attachments"]  # the dice drawn, as the game ended
    assert picture["description"].startswith(CATALOGUE[game].title)
    assert picture["description"].endswith(" wins.") or picture["description"].endswith(" win.")


async def test_after_a_restart_the_table_message_still_carries_the_turn(
        fake: FakeDiscord, runner: BotRunner) -> None:
    """The new process redraws the table message with the turn's buttons and sends no DM;
    a button of the old process's message still plays."""
    alice = fake.add_user("alice")
    inter = await fake.slash(alice, "dice new", {"game": "vingt_un", "players": 2})
    await fake.wait_callback(inter, WAIT_S)
    assert inter.original_id is not None
    lobby = fake.messages[inter.original_id]
    opened = await runner.service.table_in_channel(int(fake.channel_id))
    assert opened is not None
    await fake.click(alice, lobby["id"], lobby_button(lobby, "start"))  # the AI fills seat 2
    table = await runner.wait_table(opened.id, lambda t: t.status is TableStatus.PLAYING)
    assert table.state is not None and table.state.to_act == [0]
    await runner.bot.table_ui.settle()
    [before] = await offered_on_table(fake, table)  # Throw

    await runner.restart()
    await runner.bot.table_ui.settle()
    assert await offered_on_table(fake, table) == [before]
    click = await take(fake, alice, before)
    await fake.wait_callback(click, WAIT_S)
    await runner.wait_table(table.id, lambda t: t.version > table.version)
    assert fake.dm_messages(alice) == []
