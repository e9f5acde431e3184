"""Over whole games, no message names a card hidden from its readers at that moment: the
channel never sees a hand, the kitty or a discard; a player never sees another's hand.
(The check itself is `LeakWatch`, run on every message the bot sends; see leaks.py.)"""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.service.models import TableInfo, TableStatus
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import WAIT_S, BotRunner, play_until_over, start_table
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


# ---- the AI moving for a player: timeouts, seats handed to the AI, resignations -------------

SECRET_WORDS = {"euchre": "discarded a card face down", "skat": "laid away two cards"}


def _user_of(table: TableInfo, seat: int) -> int:
    user = next(s.user_id for s in table.seats if s.index == seat)
    assert user is not None
    return user


async def _open_to_the_secret(runner: BotRunner, table_id: int, opening: list[str],
                              *, timeout_last: bool) -> TableInfo:
    """Humans make ``opening`` (through the service) so that a human must next make a secret
    move (the Euchre dealer's discard, a Skat Guckser's two cards). With ``timeout_last``
    every deadline is "now" from the last of them on: nobody clicks again, and the AI moves
    for each late player (twice, then it takes the seat over)."""
    table = await runner.table(table_id)
    for i, action in enumerate(opening):
        assert table.state is not None
        if timeout_last and i == len(opening) - 1:
            runner.service.turn_timeout_s = 0
        seat = table.state.to_act[0]
        result = await runner.service.act(table_id, _user_of(table, seat), action,
                                          version=table.version)
        table = result.table
    return table


@pytest.mark.parametrize(("game", "preset", "players", "opening"), [
    ("euchre", "modern", 4, ["order"]),
    ("euchre", "hoyle1871", 2, ["order"]),
    ("skat", "classic", 3, ["pass", "pass", "guck:grand"]),
    ("skat", "isko", 3, ["bid:18", "hold", "pass", "pass", "skat"]),
])
async def test_an_ai_move_for_a_late_player_never_shows_the_secret(
        fake: FakeDiscord, runner: BotRunner, watch: LeakWatch, game: str, preset: str,
        players: int, opening: list[str]) -> None:
    """Every human times out from the secret move on: each move is told in the channel in
    words ("the AI discarded a card face down for carol"), seats go to the AI after two
    timeouts, and no message anywhere names a card hidden from its readers."""
    users = [fake.add_user(name) for name in ("alice", "bob", "carol", "dave")[:players]]
    table_id = await _human_table(runner, fake, users, game, preset, players)
    await _open_to_the_secret(runner, table_id, opening, timeout_last=True)
    table = await runner.wait_table(table_id, lambda t: not t.is_open, timeout=120)
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    assert table.status is TableStatus.FINISHED
    assert watch.leaks == [], "\n".join(f"{leak.where} v{leak.version}: {leak.cards}"
                                        for leak in watch.leaks)
    log = await runner.service.store.actions(table_id)
    late = [a for a in log if a.reason == "timeout"]
    assert late[0].action.startswith("discard:"), late[0]
    public = [e.text for e in fake.events if e.public and e.channel_id == fake.channel_id]
    told = [t for t in public if "ran out of time" in t]
    assert any(SECRET_WORDS[game] in t for t in told), told
    assert any("the AI plays for" in t for t in public)  # seats handed over to the AI
    assert not any("`" in t or ":" in t.partition("the AI")[2] for t in told), told


@pytest.mark.parametrize(("game", "preset", "players", "opening"), [
    ("euchre", "modern", 4, ["order"]),
    ("skat", "classic", 3, ["pass", "pass", "guck:grand"]),
])
async def test_a_player_who_resigns_before_the_secret_move_lets_the_ai_keep_it(
        fake: FakeDiscord, runner: BotRunner, watch: LeakWatch, game: str, preset: str,
        players: int, opening: list[str]) -> None:
    users = [fake.add_user(name) for name in ("alice", "bob", "carol", "dave")[:players]]
    table_id = await _human_table(runner, fake, users, game, preset, players)
    table = await _open_to_the_secret(runner, table_id, opening, timeout_last=False)
    assert table.state is not None
    quitter = str(_user_of(table, table.state.to_act[0]))
    await fake.wait_callback(await fake.slash(quitter, f"{game} resign"), WAIT_S)
    await runner.wait_table(table_id, lambda t: t.version > table.version + 1)
    rest = [u for u in users if u != quitter]
    await play_until_over(runner, rest, table_id, random.Random(game))
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    log = await runner.service.store.actions(table_id)
    assert any(a.reason == "ai" and a.action.startswith("discard:") for a in log)
    assert watch.leaks == [], "\n".join(f"{leak.where} v{leak.version}: {leak.cards}"
                                        for leak in watch.leaks)


async def _human_table(runner: BotRunner, fake: FakeDiscord, users: list[str], game: str,
                       preset: str, players: int) -> int:
    """A table of humans only, opened and started through the service (``start_table`` is
    Euchre's ``/euchre new``), one Skat deal."""
    service = runner.service
    table = await service.create(
        game_key=game, channel_id=int(fake.channel_id), guild_id=int(fake.guild_id),
        host_id=int(users[0]), host_name=fake.users[users[0]]["username"], preset=preset,
        players=players, seed=11, options={"deals": 1} if game == "skat" else None)
    for user in users[1:]:
        await service.join(table.id, int(user), fake.users[user]["username"])
    await service.start_game(table.id, int(users[0]))
    await runner.wait_table(table.id, lambda t: t.message_id is not None)
    return table.id
