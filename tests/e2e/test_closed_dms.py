"""A player whose DMs are closed (Discord error 50007) plays from ephemeral messages."""

from __future__ import annotations

import random

import pytest

from bot.discord import custom_ids as ids
from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord, custom_ids
from tests.e2e.harness import BotRunner, offered, play_until_over, start_table, take
from tests.e2e.leaks import LeakWatch

pytestmark = pytest.mark.e2e


async def test_closed_dms_fall_back_to_an_ephemeral_hand(fake: FakeDiscord, runner: BotRunner,
                                                         watch: LeakWatch) -> None:
    alice = fake.add_user("alice")
    fake.close_dms(alice)
    table_id, _ = await start_table(runner, alice)
    await runner.service.settle(table_id)
    table = await runner.table(table_id)
    hand_id = ids.HandId(table_id).encode()

    # The bot tried the DM, was refused, and asked in the channel instead.
    refused = await fake.wait_request("POST", rf"/channels/{fake.dm_channels[alice]}/messages")
    assert refused.status == 403
    notice = await fake.wait_for(lambda: fake.find_message(
        lambda m: f"<@{alice}>" in m["content"] and hand_id in custom_ids(m),
        channel_id=fake.channel_id))
    assert fake.message_meta[notice["id"]].public
    assert not offered(fake, alice, table_id, table.version), "a hand before she asked"

    show = await fake.click(alice, notice["id"], hand_id)
    hand = await fake.reply(show)
    assert hand.ephemeral and hand.user_id == alice
    assert show.callback_type == 4
    choices = offered(fake, alice, table_id, table.version)
    assert choices and all(mid == hand.message["id"] for mid, _, _ in choices)

    rng = random.Random(3)
    click = await take(fake, alice, rng.choice(choices))
    await fake.wait_callback(click)
    await runner.wait_table(table_id, lambda t: t.version > table.version)
    assert not [e for e in fake.replies(click) if e.kind == "create" and e.ephemeral
                and "earlier" in e.text], "the ephemeral hand's button was refused"

    clicks = await play_until_over(runner, alice, table_id, rng, show_hand=frozenset({alice}))
    assert (await runner.table(table_id)).status is TableStatus.FINISHED
    assert clicks
    assert fake.dm_messages(alice) == [], "a DM got through although her DMs are closed"
    dm_posts = [r for r in fake.requests if r.method == "POST"
                and r.path == f"/channels/{fake.dm_channels[alice]}/messages"]
    assert all(r.status == 403 for r in dm_posts)
    assert watch.leaks == []
