"""Messages that went wrong (issue 8), through the real bot and the fake Discord: one turn
reminder per player for closed DMs, hand DMs that end on the final state, a table message that
shows the start before the hands, and a table message redrawn after a crash."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.discord import custom_ids as ids
from bot.discord.table_messages import GAME_OVER, table_embed
from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord, MessageEvent, custom_ids, message_text
from tests.e2e.harness import (
    WAIT_S,
    BotRunner,
    lobby_button,
    my_turn,
    offered,
    open_table,
    play_until_over,
    start_table,
    take,
)
from tests.e2e.leaks import LeakWatch

pytestmark = pytest.mark.e2e


class Reminders:
    """Counts the public "it is your turn" mentions of one user on show, at every change."""

    def __init__(self, fake: FakeDiscord, user_id: str) -> None:
        self.mention = f"<@{user_id}>"
        self.channel_id = fake.channel_id
        self.shown: set[str] = set()
        self.posted = 0
        self.most = 0
        fake.listeners.append(self.see)

    def see(self, event: MessageEvent) -> None:
        if event.channel_id != self.channel_id or not event.public:
            return
        mid = event.message["id"]
        if event.kind == "create" and self.mention in (event.message.get("content") or ""):
            self.shown.add(mid)
            self.posted += 1
        elif event.kind == "delete":
            self.shown.discard(mid)
        self.most = max(self.most, len(self.shown))


async def test_closed_dms_keep_one_reminder_on_show_for_a_whole_modern_game(
    fake: FakeDiscord, runner: BotRunner, watch: LeakWatch
) -> None:
    """41 pings stayed in one modern game: now each turn's reminder goes when the turn does."""
    alice = fake.add_user("alice")
    fake.close_dms(alice)
    reminders = Reminders(fake, alice)
    # Her clicks' answers never wait for the AI, so each of her turns is a new reminder.
    runner.bot.table_ui.follow_ai_s = 0.0
    table_id, _ = await start_table(runner, alice, preset="modern")
    clicks = await play_until_over(runner, alice, table_id, random.Random(8),
                                   show_hand=frozenset({alice}))
    await runner.bot.table_ui.settle()
    assert (await runner.table(table_id)).status is TableStatus.FINISHED
    assert len(clicks) > 3
    assert reminders.posted > 1, "the player was reminded only once in a whole game"
    assert reminders.most == 1, f"{reminders.most} reminders on show at once"
    assert reminders.shown == set(), "a reminder stayed after the game"
    assert watch.leaks == []


async def test_dms_opened_later_are_used_at_the_next_game(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = fake.add_user("alice")
    fake.close_dms(alice)
    first, _ = await start_table(runner, alice)
    await runner.service.settle(first)
    assert fake.dm_messages(alice) == []
    await fake.wait_callback(await fake.slash(alice, "euchre abort"))
    await runner.wait_table(first, lambda t: not t.is_open)
    fake.close_dms(alice, closed=False)  # she opens her DMs; the bot has no way to know
    second_channel = fake.add_channel("second")
    second, _ = await start_table(runner, alice, channel=second_channel)
    table, _ = await my_turn(runner, alice, second)
    assert table.is_open
    await fake.wait_for(lambda: fake.dm_messages(alice), WAIT_S)


def _dm_states(fake: FakeDiscord, user_id: str, table_id: int) -> list[dict[str, Any]]:
    """The user's DMs about this table, as they are now."""
    return [m for m in fake.dm_messages(user_id) if f"table {table_id}" in m["content"]]


async def test_every_hand_dm_ends_on_the_final_state(
    fake: FakeDiscord, runner: BotRunner, watch: LeakWatch
) -> None:
    """The player who did not make the last move kept "Waiting for ... · playing"."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table_id, _ = await start_table(runner, alice, guests=(bob,))
    await play_until_over(runner, [alice, bob], table_id, random.Random(4))
    await runner.bot.table_ui.settle()
    assert (await runner.table(table_id)).status is TableStatus.FINISHED
    for user in (alice, bob):
        states = _dm_states(fake, user, table_id)
        assert states, f"{user} got no DM"
        for message in states:
            assert not custom_ids(message), "buttons left in a DM after the game"
            assert GAME_OVER in message["content"], message["content"]
            footer = message["embeds"][0]["footer"]["text"]
            assert footer.endswith("finished"), footer
    assert watch.leaks == []


async def test_resigning_on_ones_turn_takes_the_turn_out_of_the_dm(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table_id, _ = await start_table(runner, alice, guests=(bob,))
    rng = random.Random(6)
    for _ in range(40):
        await runner.service.settle(table_id)
        table = await runner.table(table_id)
        assert table.state is not None and table.state.to_act
        user = str(table.seats[table.state.to_act[0]].user_id)
        if user == bob:
            break
        assert user == alice
        table, choices = await my_turn(runner, alice, table_id)
        await take(fake, alice, rng.choice(choices))
        await runner.wait_table(table_id, lambda t, v=table.version: t.version > v)
    else:
        raise AssertionError("bob never had a turn")
    table, _ = await my_turn(runner, bob, table_id)
    assert offered(fake, bob, table_id, table.version), "bob was not offered his turn"
    await fake.wait_callback(await fake.slash(bob, "euchre resign"))
    await runner.wait_table(table_id, lambda t: t.version > table.version)
    await runner.service.settle(table_id)
    await runner.bot.table_ui.settle()
    for message in _dm_states(fake, bob, table_id):
        assert not custom_ids(message), "the DM still offers the turn after /resign"
        assert "Your turn" not in message["content"]


async def test_the_table_shows_the_start_before_the_hands_arrive(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """With production pacing (one edit a second per table), a Start right after a Join waited
    out the second while the hands were already in the DMs."""
    runner = BotRunner(fake, tmp_path / "paced.sqlite3", service={"ai_budget_ms": 20},
                       settings={"table_edit_interval_s": 1.0})
    await runner.start()
    try:
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        table_id, message = await open_table(runner, alice)
        await fake.click(bob, message["id"], lobby_button(message, "join"))
        await runner.wait_table(table_id, lambda t: len(t.seats) == 2)
        await fake.wait_for(lambda: any(  # the join shows at once
            e.kind == "edit" and e.message["id"] == message["id"] and "bob" in e.text
            for e in fake.events), WAIT_S)
        await fake.click(alice, message["id"], lobby_button(message, "start"))
        await runner.wait_table(table_id, lambda t: t.status is TableStatus.PLAYING)
        await fake.wait_for(lambda: any(e.user_id in (alice, bob) for e in fake.events), WAIT_S)
        first_dm = next(i for i, e in enumerate(fake.events) if e.user_id in (alice, bob)
                        and e.kind == "create")
        started = [e for e in fake.events[:first_dm] if e.kind == "edit"
                   and e.message["id"] == message["id"]
                   and e.message["embeds"][0]["footer"]["text"].endswith("playing")]
        assert started, "the hands went out while the table still showed the lobby"
        assert not [c for c in custom_ids(started[0].message)
                    if isinstance(ids.parse(c), ids.LobbyId)], "Join/Start stayed on show"
    finally:
        await runner.stop()


async def test_a_crash_after_a_saved_move_is_redrawn_at_the_next_start(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """kill -9 right after a move was saved: the table message kept the previous turn."""
    alice = fake.add_user("alice")
    table_id, message = await start_table(runner, alice)
    table, choices = await my_turn(runner, alice, table_id)
    assert choices
    await runner.bot.table_ui.settle()
    # The process dies after the commit and before any message about it: nobody listens.
    runner.service._listeners.remove(runner.bot.table_ui.on_update)
    seat = table.seat_of(int(alice))
    assert seat is not None and table.state is not None
    move = str(table.state.legal_actions(seat.index)[0])
    await runner.service.act(table_id, int(alice), move, version=table.version)
    await runner.service.settle(table_id)
    saved = await runner.table(table_id)
    shown = fake.messages[message["id"]]["embeds"][0]
    assert shown != table_embed(saved).to_dict(), "the message showed the move anyway"

    await runner.restart()
    await runner.service.settle(table_id)
    latest = await runner.table(table_id)
    want = table_embed(latest).to_dict()

    def redrawn() -> bool:
        embed = fake.messages[message["id"]]["embeds"][0]
        return bool(embed.get("description") == want.get("description")
                    and embed.get("fields") == want.get("fields"))

    await fake.wait_for(redrawn, WAIT_S)
    assert message_text(fake.messages[message["id"]])


async def test_a_restart_leaves_one_reminder_on_show(fake: FakeDiscord, runner: BotRunner
                                                     ) -> None:
    """The old process's reminder is deleted by the new one, which reminds her again."""
    alice = fake.add_user("alice")
    fake.close_dms(alice)
    reminders = Reminders(fake, alice)
    table_id, _ = await start_table(runner, alice)
    await runner.service.settle(table_id)
    await fake.wait_for(lambda: reminders.posted == 1, WAIT_S)
    await runner.restart()
    await fake.wait_for(lambda: reminders.posted == 2 and len(reminders.shown) == 1, WAIT_S)
    assert reminders.most == 1
    table = await runner.table(table_id)
    assert table.is_open and table.state is not None
    assert table.seats[table.state.to_act[0]].user_id == int(alice)


async def test_the_table_and_the_hands_come_with_pictures(
    fake: FakeDiscord, runner: BotRunner, watch: LeakWatch
) -> None:
    """Skat and Euchre draw: the channel's table message shows the table picture, each hand DM
    the seat's cards; their alt text is read by the hidden-card watch like any other text."""
    for game in ("euchre", "skat"):
        alice = fake.add_user(f"alice-{game}")
        channel = fake.add_channel(game)
        table_id, _ = await start_table(runner, alice, game=game, channel=channel)
        table, _ = await my_turn(runner, alice, table_id)
        await runner.bot.table_ui.settle()
        assert table.message_id is not None
        message = fake.messages[str(table.message_id)]
        assert [a["filename"] for a in message["attachments"]] == ["table.png"]
        assert message["embeds"][0]["image"]["url"] == "attachment://table.png"
        assert message["attachments"][0].get("description"), "a picture without alt text"
        dms = [m for m in fake.dm_messages(alice) if custom_ids(m)]
        assert dms, "no hand DM"
        assert [a["filename"] for a in dms[-1]["attachments"]] == ["hand.png"]
        assert dms[-1]["embeds"][0]["image"]["url"] == "attachment://hand.png"
    assert watch.leaks == []
