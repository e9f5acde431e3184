"""Whole Skat series through Discord with the hidden-card watch on every message: three deals
with one human and two AI seats, and a round at four where the dealer sits out. The human bids
on to be the Player and then plays the games that show cards: Revolution or an open game (his
hand on the table, the opponents' to each other), Tourne (a skat card turned up), Guckser; each
deal brings new hands, and its review post names the finished deal's cards."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.discord import hand_dms, table_messages, table_ui
from bot.discord.table_messages import GAME_OVER
from bot.games.cards import pretty_all
from bot.games.skat.rules import SkatState
from bot.service.models import TableInfo, TableStatus
from tests.e2e.fake_discord import FakeDiscord, custom_ids, iter_components
from tests.e2e.harness import WAIT_S, BotRunner, Choice, action_of, lobby_button, my_turn, take
from tests.e2e.leaks import LeakWatch

pytestmark = pytest.mark.e2e

GAMES = (
    ("declare:revolution", "declare:open_nullo", "declare:open_grand", "hand",
     "declare:grand-ouvert-hand"),
    ("tourne:left", "skat"),
    ("declare:open_grand", "hand", "declare:null-ouvert-hand"),
    ("guck:grand", "skat"),
)
"""What the human plays the first, second... time he is the Player (the first offered; the
classic games, or isko's Hand and ouvert)."""


def _select(fake: FakeDiscord, mid: str, custom_id: str) -> dict[str, Any]:
    return next(c for c in iter_components(fake.messages[mid])
                if c.get("custom_id") == custom_id)


def _pick(choices: list[Choice], nth: int, rng: random.Random) -> Choice | None:
    """The human's move: bid on and hold, the game for his ``nth`` time as the Player, else a
    random one (None: the two-card discard select, which takes two values)."""
    by_action = {action_of(c): c for c in choices}
    for wanted in GAMES[nth % len(GAMES)]:
        if wanted in by_action:
            return by_action[wanted]
    bids = sorted((a for a in by_action if a.startswith("bid:")), key=lambda a: int(a[4:]))
    for eager in ("hold", *bids[:1], "accept"):
        if eager in by_action:
            return by_action[eager]
    if any(a.startswith("discard:") for a in by_action):
        return None
    return rng.choice(sorted(choices))


async def _play_series(fake: FakeDiscord, runner: BotRunner, players: int, deals: int | None,
                       seed: int, preset: str = "classic", restart_in: int | None = None
                       ) -> tuple[int, set[str]]:
    """Open a table by slash command, fill it with AI by button, start it, and play Alice's
    seat by clicks (and ``/skat hand``, ``/skat score`` in each deal) to the end. Returns the
    table id and the contracts Alice played. ``restart_in``: restart the bot at Alice's first
    turn in that deal (0-based)."""
    alice = fake.add_user("alice")
    options: dict[str, Any] = {"preset": preset, "players": players}
    if deals:
        options["deals"] = deals
    inter = await fake.slash(alice, "skat new", options)
    await fake.wait_callback(inter, WAIT_S)
    table = await runner.service.table_in_channel(int(fake.channel_id))
    assert table is not None and table.status is TableStatus.LOBBY
    assert inter.original_id is not None
    lobby = fake.messages[inter.original_id]
    for seated in range(2, players + 1):
        await fake.click(alice, lobby["id"], lobby_button(lobby, "ai"))
        await runner.wait_table(table.id, lambda t, n=seated: len(t.seats) == n)
    await fake.click(alice, lobby["id"], lobby_button(lobby, "start"))
    await runner.wait_table(table.id, lambda t: t.status is TableStatus.PLAYING)

    rng = random.Random(seed)
    played: set[str] = set()
    asked_hand: set[int] = set()
    player_in: list[int] = []  # the deals where Alice was the Player
    for _ in range(300):
        current, choices = await my_turn(runner, alice, table.id)
        if not current.is_open:
            return table.id, played
        state: Any = current.state
        seat = current.seat_of(int(alice))
        assert state is not None and seat is not None
        if state.deal_no == restart_in:
            restart_in = None
            await runner.restart()  # she is offered her turn again, the old buttons still work
            continue
        if state.deal_no not in asked_hand:  # the hand with the learners' aids; the table
            asked_hand.add(state.deal_no)
            for command in ("skat hand", "skat score"):
                answer = await fake.reply(await fake.slash(alice, command), WAIT_S)
                assert answer.ephemeral
        legal = {str(a) for a in state.legal_actions(seat.index)}
        single = {action_of(c) for c in choices
                  if c[2] is None or _select(fake, c[0], c[1]).get("max_values", 1) == 1}
        assert single <= legal, "offered an illegal action"
        if state.phase == "skat" and state.deal_no not in player_in:
            player_in.append(state.deal_no)
        choice = _pick(choices, max(0, len(player_in) - 1), rng)
        if choice is None:
            mid, cid, _ = next(c for c in choices if action_of(c).startswith("discard:"))
            values = [o["value"] for o in _select(fake, mid, cid)["options"]]
            click = await fake.choose(alice, mid, cid, rng.sample(values, 2))
        else:
            action = action_of(choice)
            if action.startswith(("declare:", "tourne:", "guck:", "hand")):
                played.add(action)
            click = await take(fake, alice, choice)
        await fake.wait_callback(click, WAIT_S)
        await runner.wait_table(table.id, lambda t, v=current.version: t.version > v)
    raise AssertionError("the series did not end")


@pytest.mark.parametrize(("players", "deals", "seed"), [(3, 3, 11), (4, None, 12)])
async def test_a_whole_skat_series_names_no_hidden_card(
        fake: FakeDiscord, runner: BotRunner, watch: LeakWatch, monkeypatch: pytest.MonkeyPatch,
        players: int, deals: int | None, seed: int) -> None:
    monkeypatch.setattr("bot.service.lobby.secrets.randbits", lambda bits: seed)  # the deals
    table_id, played = await _play_series(fake, runner, players, deals, seed)
    final = await runner.table(table_id)
    assert final.status is TableStatus.FINISHED
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    await asyncio.wait_for(runner.bot.get_cog("SkatCog").settle(), WAIT_S)

    total = deals or players  # default: one round, every person deals once
    assert {s.deal for s in watch.history[table_id]} == set(range(total))
    posts = [m.get("content") or "" for m in fake.channel_messages()]
    assert len([p for p in posts if p.startswith("**Deal ")]) == total
    # The human was the Player and showed cards: an open hand or Revolution, a turned card.
    assert played & {"declare:revolution", "declare:open_nullo", "declare:open_grand"}
    assert "tourne:left" in played
    tables = [e.text for e in fake.events if e.public and e.kind != "delete"]
    assert any("Open cards of" in t for t in tables) and any("Turned: " in t for t in tables)
    if players == 4:
        assert any("sitting out" in t for t in tables)

    # Every hand DM ends on the final state (they kept "Waiting for ... · playing").
    dms = [m for user in fake.dm_channels for m in fake.dm_messages(user)
           if f"table {table_id}" in m["content"]]
    assert dms and all(not custom_ids(m) and GAME_OVER in m["content"] for m in dms)
    shown = [e for e in fake.events if e.kind != "delete"]
    assert watch.checked >= len(shown) - 5, "the watch skipped messages"
    assert watch.parts["finished deal"] >= 2 * total  # each review post and summary line
    assert watch.parts["last deal"] > 0 and watch.parts["now"] > 50
    assert watch.leaks == [], "\n".join(f"{leak.where} v{leak.version}: {leak.cards}\n"
                                        f"{leak.text}" for leak in watch.leaks)


async def test_an_isko_series_across_a_restart_names_no_hidden_card(
        fake: FakeDiscord, runner: BotRunner, watch: LeakWatch,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """isko: Hand and ouvert games; the bot restarted in the second deal (the watch keeps the
    deals apart across it: the new process re-sends Alice her hand of that deal)."""
    monkeypatch.setattr("bot.service.lobby.secrets.randbits", lambda bits: 14)
    table_id, played = await _play_series(fake, runner, 3, 3, 14, "isko", restart_in=1)
    assert runner.starts == 2
    assert (await runner.table(table_id)).status is TableStatus.FINISHED
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    await asyncio.wait_for(runner.bot.get_cog("SkatCog").settle(), WAIT_S)
    assert "declare:grand-ouvert-hand" in played
    assert {s.deal for s in watch.history[table_id]} == {0, 1, 2}
    assert watch.parts["finished deal"] >= 3 and watch.parts["last deal"] > 0
    assert watch.leaks == [], "\n".join(f"{leak.where} v{leak.version}: {leak.cards}"
                                        for leak in watch.leaks)


async def test_a_bot_that_shows_the_skat_is_caught_in_every_deal(
        fake: FakeDiscord, runner: BotRunner, watch: LeakWatch,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The watch can fail, after the first deal too: a table message that names the skat."""
    honest = table_messages.table_embed

    def leaky(table: TableInfo, picture: Any = None) -> Any:
        embed = honest(table, picture)
        state = table.state
        if isinstance(state, SkatState) and state.phase == "bid":
            embed.description = f"{embed.description}\n(skat: {pretty_all(state.skat)})"
        return embed

    for module in (table_ui, hand_dms):  # the channel message and the DMs' copy of it
        monkeypatch.setattr(module, "table_embed", leaky)
    monkeypatch.setattr("bot.service.lobby.secrets.randbits", lambda bits: 13)
    table_id, _ = await _play_series(fake, runner, 3, 3, 13)
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    deal_of = {s.version: s.deal for s in watch.history[table_id]}
    skats = {deal_of[leak.version]: leak.cards for leak in watch.leaks if "channel" in leak.where}
    assert set(skats) == {0, 1, 2}, "a leak in some deal went unseen"
    assert all(len(cards) == 2 for cards in skats.values())
    # Alice, who never holds the skat while bidding, is shown it in her DMs' table too.
    assert any("user" in leak.where for leak in watch.leaks)
