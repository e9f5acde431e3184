"""Over whole games, no message names a card hidden from its readers at that moment: the
channel never sees a hand, the kitty or a discard; a player never sees another's hand.
(The check itself is `LeakWatch`, run on every message the bot sends; see leaks.py.)"""

from __future__ import annotations

import random

import pytest

from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner, play_until_over, start_table
from tests.e2e.leaks import LeakWatch

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("preset", "players", "humans", "closed"), [
    ("modern", 4, 2, 1),
    ("hoyle1871", 4, 1, 0),
    ("modern", 3, 2, 0),
])
async def test_no_message_names_a_hidden_card(fake: FakeDiscord, runner: BotRunner,
                                              watch: LeakWatch, preset: str, players: int,
                                              humans: int, closed: int) -> None:
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")[:humans]]
    for user in users[:closed]:
        fake.close_dms(user)
    table_id, _ = await start_table(runner, users[0], guests=tuple(users[1:]), preset=preset,
                                    players=players)
    rng = random.Random(f"{preset}-{players}-{humans}")
    clicks = await play_until_over(runner, users, table_id, rng,
                                   show_hand=frozenset(users[:closed]))
    table = await runner.table(table_id)
    assert table.status is TableStatus.FINISHED and len(table.seats) == players
    shown = [e for e in fake.events if e.kind != "delete"]  # old hand DMs are deleted
    public = [e for e in shown if e.public and e.channel_id == fake.channel_id]
    private = [e for e in shown if not e.public]
    assert len(public) > 10 and len(private) >= len(clicks) > 0
    assert watch.checked >= len(public) + len(private) - 5
    assert watch.leaks == [], "\n".join(f"{leak.where} v{leak.version}: {leak.cards}"
                                        for leak in watch.leaks)
