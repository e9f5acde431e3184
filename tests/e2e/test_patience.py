"""A patience played alone in a DM, end to end: deal, the two-step picker, a restart halfway
through a move, old buttons, Undo, Give up, and the result in /stats."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from bot.discord import custom_ids as ids
from bot.games.base import Action
from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord, Interaction, iter_components
from tests.e2e.harness import WAIT_S, BotRunner

pytestmark = pytest.mark.e2e


def _component(message: dict[str, Any], prefix: str) -> dict[str, Any]:
    return next(c for c in iter_components(message) if c.get("custom_id", "").startswith(prefix))


def _has(message: dict[str, Any], prefix: str) -> bool:
    return any(c.get("custom_id", "").startswith(prefix) for c in iter_components(message))


async def _answered(fake: FakeDiscord, inter: Interaction) -> dict[str, Any]:
    """The callback's message as it is now (an edit of the clicked message, or a reply)."""
    callback = await fake.wait_callback(inter)
    assert callback["type"] in (4, 5, 7), callback
    if callback["type"] == 5:  # deferred ("thinking..."): the answer comes as a follow-up
        event = await fake.reply(inter)
        return fake.messages[event.message["id"]]
    return fake.messages[inter.original_id or ""]


async def test_a_patience_is_played_alone_in_a_dm(fake: FakeDiscord, runner: BotRunner) -> None:
    ann = fake.add_user("ann")
    dm = fake._open_dm(ann)
    deal = await fake.slash(ann, "patience play", {"game": "Forty Thieves", "seed": 7},
                            channel_id=dm)
    message = await _answered(fake, deal)
    assert message["embeds"][0]["title"] == "Napoleon at St. Helena"
    assert message["embeds"][0]["image"]["url"] == "attachment://table.png"
    assert [a["filename"] for a in message["attachments"]] == ["table.png"]
    assert not _has(message, "pl:")  # no lobby: dealt at once
    table = await runner.service.table_in_channel(int(dm))
    assert table is not None and table.status is TableStatus.PLAYING and table.version == 1
    first_version = table.version
    state = table.state
    assert state is not None
    move = next(a for a in state.legal_actions(0) if a.kind == "move")
    source = move.arg.split(">")[0]

    assert _has(message, f"pa:{table.id}:1:auto")  # A♦ could go home safely
    # First step: pick the card; the answer lists where it may go (no move made yet).
    pick = _component(message, "pk:")
    assert source in [o["value"] for o in pick["options"]]
    picked = await fake.choose(ann, message["id"], pick["custom_id"], [source])
    message = await _answered(fake, picked)
    targets = _component(message, "ps:")
    assert {o["value"] for o in targets["options"]} == {
        str(a) for a in state.legal_actions(0) if a.arg.startswith(f"{source}>")}
    assert (await runner.table(table.id)).version == first_version

    # A restart between the two picks: the half-chosen move lives in the message.
    await runner.restart()
    done = await fake.choose(ann, message["id"], targets["custom_id"], [str(move)])
    message = await _answered(fake, done)
    moved = await runner.table(table.id)
    assert moved.version == first_version + 1
    assert moved.state == state.apply(0, move)[0]
    assert _has(message, f"pk:{table.id}:{moved.version}")

    # An old button (the pick of the first deal's version) is refused, changes nothing, and
    # the message shows the game as it stands (a crash may have left it behind).
    stale = await fake.choose(ann, message["id"], pick["custom_id"], [source], forge=True)
    message = await _answered(fake, stale)
    assert "earlier moment" in message["content"]
    assert (await runner.table(table.id)).version == moved.version
    assert _has(message, f"pk:{table.id}:{moved.version}")

    # Somebody else cannot play Ann's game.
    bob = fake.add_user("bob")
    intruder = await fake.click(bob, message["id"], _component(message, "pa:")["custom_id"])
    refusal = await fake.reply(intruder)
    assert refusal.ephemeral and "not seated" in refusal.text
    assert (await runner.table(table.id)).version == moved.version

    # Undo takes the move back.
    undo = ids.ActionId(table.id, moved.version, "undo").encode()
    message = await _answered(fake, await fake.click(ann, message["id"], undo))
    back = await runner.table(table.id)
    assert back.state == state and back.version == moved.version + 1

    # Give up: the game ends, the message keeps the final layout and has no moves left.
    give_up = ids.ActionId(table.id, back.version, str(Action(kind="resign"))).encode()
    message = await _answered(fake, await fake.click(ann, message["id"], give_up))
    over = await runner.table(table.id)
    assert over.status is TableStatus.FINISHED
    again = [c["custom_id"] for c in iter_components(message)]
    assert again == [ids.ActionId(table.id, over.version, "again").encode(),  # no moves left
                     ids.ActionId(table.id, over.version, "solution:0").encode()]
    assert "Gave up" in message["embeds"][0]["description"]

    stats = await fake.reply(await fake.slash(ann, "stats", channel_id=dm))
    assert "Patience" in stats.text and "0 won of 1" in stats.text
    assert "rating" not in stats.text.split("Patience", 1)[1]

    # New deal: the same game again, as a new message that is the game's from now on.
    fresh = await _answered(fake, await fake.click(ann, message["id"], again[0]))
    new_table = await runner.service.table_in_channel(int(dm))
    assert new_table is not None and new_table.id != table.id
    assert new_table.preset == "napoleon_at_st_helena"
    assert fresh["id"] != message["id"]
    # Its buttons work (a random deal: Give up is the one move every deal has).
    give_up = ids.ActionId(new_table.id, new_table.version, "resign").encode()
    assert _has(fresh, give_up)
    ended = await _answered(fake, await fake.click(ann, fresh["id"], give_up))
    assert ended["id"] == fresh["id"] and "Gave up" in ended["embeds"][0]["description"]


async def test_from_a_server_the_game_is_dealt_into_the_dm(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    ann = fake.add_user("ann")
    inter = await fake.slash(ann, "patience play", {"game": "the_idle_year"})
    reply = await fake.reply(inter)
    assert reply.ephemeral and "Dealt in our DM" in reply.text
    dm_messages = fake.dm_messages(ann)
    assert dm_messages and dm_messages[-1]["embeds"][0]["title"] == "The Idle Year"
    assert not fake.channel_messages()  # nothing of the game in the server's channel


async def test_the_daily_deal_is_the_same_for_everyone_with_its_own_ladder(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    # A day whose deal the solver proves on its first seed within a fraction of a second: the
    # first player's reply waits for that search (2026-11-25 took five seeds and seconds of
    # CPU, past the fake's patience on a loaded machine).
    day = date(2026, 11, 30)
    cog = runner.bot.get_cog("PatienceCog")
    cog.today = lambda: day
    seeds = []
    for name in ("ann", "bob"):
        user = fake.add_user(name)
        dm = fake._open_dm(user)
        daily = await fake.slash(user, "patience daily", {"game": "Fortress"}, channel_id=dm)
        message = await _answered(fake, daily)
        assert message["embeds"][0]["title"] == "The Fortress"
        await fake.wait_for(lambda d=daily: any(  # the player is told it can be won
            "The solver won today's deal, so it can be won" in e.text
            for e in fake.replies(d)), WAIT_S)
        rules = await fake.reply(await fake.click(
            user, message["id"], next(c["custom_id"] for c in iter_components(message)
                                      if c.get("custom_id", "").endswith(":rules"))))
        assert rules.ephemeral and "Fortress" in rules.text
        table = await runner.service.table_in_channel(int(dm))
        seeds.append(table.seed)
        give_up = ids.ActionId(table.id, table.version, "resign").encode()
        await _answered(fake, await fake.click(user, message["id"], give_up))
        stats = await fake.reply(await fake.slash(user, "patience stats", channel_id=dm))
        assert "The Fortress" in stats.text and "1 played · 0 won (0%)" in stats.text
    assert seeds[0] == seeds[1]
    # Worked out once, by the solver: a deal it proved winnable.
    assert await runner.service.daily("patience", "the_fortress", day) == (
        seeds[0], True)
    board = await fake.reply(await fake.slash(
        fake.add_user("cat"), "patience leaderboard", {"game": "the_fortress", "today": True}))
    assert f"today's deal #{seeds[0]}" in board.text
    assert "ann" in board.text and "bob" in board.text and "0 won of 1" in board.text


async def test_a_daily_deal_not_proved_winnable_is_said_to_be_so(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """Asked in a server: the deal goes to the DM, and the player hears, privately, that the
    solver could not win it in time (a day whose search ran out, kept as such)."""
    day = date(2026, 12, 3)
    runner.bot.get_cog("PatienceCog").today = lambda: day
    await runner.service.store.set_setting("daily", 0, f"patience:the_chameleon:{day}",
                                           {"seed": 11, "proven": False})
    ann = fake.add_user("ann")
    daily = await fake.slash(ann, "patience daily", {"game": "The Chameleon"})
    said = await fake.wait_for(lambda: [e for e in fake.replies(daily)
                                        if "could not win today's deal" in e.text], WAIT_S)
    assert said[0].ephemeral and not said[0].public
    assert any("Dealt in our DM" in e.text for e in fake.replies(daily))
    table = await runner.service.table_in_channel(int(fake.dm_channels[ann]))
    assert table is not None and table.seed == 11


async def test_a_hint_is_told_privately_and_changes_nothing(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    ann = fake.add_user("ann")
    dm = fake._open_dm(ann)
    message = await _answered(fake, await fake.slash(
        ann, "patience play", {"game": "the_fortress", "seed": 1}, channel_id=dm))
    table = await runner.service.table_in_channel(int(dm))
    assert table is not None
    hint_id = ids.ActionId(table.id, table.version, "hint").encode()
    assert hint_id in [c.get("custom_id") for c in iter_components(message)]
    inter = await fake.click(ann, message["id"], hint_id)
    await fake.wait_for(lambda: any(
        e.token == inter.token and "Hint:" in e.text for e in fake.events))
    hint = next(e for e in fake.events if e.token == inter.token and "Hint:" in e.text)
    assert hint.ephemeral and ("winnable" in hint.text or "looks best" in hint.text)
    assert (await runner.table(table.id)).version == table.version


async def test_the_leaderboard_of_one_patience(fake: FakeDiscord, runner: BotRunner) -> None:
    ann = fake.add_user("ann")
    dm = fake._open_dm(ann)
    message = await _answered(fake, await fake.slash(
        ann, "patience play", {"game": "nestor", "seed": 3}, channel_id=dm))
    table = await runner.service.table_in_channel(int(dm))
    assert table is not None
    give_up = ids.ActionId(table.id, table.version, "resign").encode()
    await _answered(fake, await fake.click(ann, message["id"], give_up))
    board = await fake.reply(await fake.slash(
        ann, "leaderboard", {"game": "patience", "variant": "Nestor"}))
    assert "Nestor leaderboard" in board.text and "ann" in board.text and "0 won of 1" in board.text


async def test_after_giving_up_a_solution_is_shown_step_by_step(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """The Four Kings, deal 1: given up at once, the deal's winning line (133 moves) is shown
    in the game's message, its picture and the move in words, with buttons to step through."""
    ann = fake.add_user("ann")
    dm = fake._open_dm(ann)
    message = await _answered(fake, await fake.slash(
        ann, "patience play", {"game": "The Four Kings", "seed": 1}, channel_id=dm))
    table = await runner.service.table_in_channel(int(dm))
    assert table is not None
    give_up = ids.ActionId(table.id, table.version, "resign").encode()
    message = await _answered(fake, await fake.click(ann, message["id"], give_up))
    over = await runner.table(table.id)
    show = ids.ActionId(table.id, over.version, "solution:0").encode()
    assert _has(message, show)
    shown = await fake.click(ann, message["id"], show)
    assert (await fake.wait_callback(shown))["type"] == 6  # acknowledged: it may think
    mid = message["id"]
    await fake.wait_for(lambda: "a solution" in fake.messages[mid]["embeds"][0]["title"], WAIT_S)
    message = fake.messages[mid]
    embed = message["embeds"][0]
    assert embed["title"] == "The Four Kings · a solution"
    assert "could be won in 133 moves" in embed["description"]
    assert "perfect knowledge" in embed["description"]  # it saw the stock: it says so
    assert embed["image"]["url"] == "attachment://table.png"
    assert _has(message, ids.ActionId(table.id, over.version, "solution:1").encode())
    assert not _has(message, ids.ActionId(table.id, over.version, "solution:0").encode())
    step = await fake.click(ann, message["id"],
                            ids.ActionId(table.id, over.version, "solution:1").encode())
    await fake.wait_callback(step)
    await fake.wait_for(lambda: "Move 1 of" in fake.messages[mid]["embeds"][0]["description"],
                        WAIT_S)
    message = fake.messages[mid]
    assert "**Move 1 of 133:**" in message["embeds"][0]["description"]
    assert _has(message, ids.ActionId(table.id, over.version, "solution:0").encode())
    assert _has(message, ids.ActionId(table.id, over.version, "solution:133").encode())
    assert (await runner.table(table.id)).version == over.version  # nothing was played
    intruder = fake.add_user("bob")
    refused = await fake.click(intruder, message["id"],
                               ids.ActionId(table.id, over.version, "solution:2").encode())
    assert "someone else's game" in (await fake.reply(refused)).text
