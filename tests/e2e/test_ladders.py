"""Leaderboards page by buttons through the real bot: a ladder of 60 players, 10 a page, to the
end and back, every player once and in order; the buttons still work after a restart; a
malformed page button is refused politely; the "Parlour stats" user menu answers as /stats."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from bot.discord import custom_ids as ids
from tests.e2e.fake_discord import FakeDiscord, Interaction, custom_ids, iter_components
from tests.e2e.harness import WAIT_S, BotRunner
from tests.ladders import fill_ladder

pytestmark = pytest.mark.e2e

LINE = re.compile(r"^(\d+)\. \*\*(player\d\d)\*\*", re.M)


def page_of(message: dict[str, Any]) -> tuple[list[tuple[int, str]], str]:
    """The (place, name) lines of a ladder message and its footer ("page 2 of 6 · ...")."""
    (embed,) = message["embeds"]
    return ([(int(n), name) for n, name in LINE.findall(embed["description"])],
            embed["footer"]["text"])


def button(message: dict[str, Any], go: str) -> dict[str, Any]:
    return next(c for c in iter_components(message)
                if isinstance(p := ids.parse(c.get("custom_id") or ""), ids.LadderId)
                and p.go == go)


async def turn(fake: FakeDiscord, user: str, message: dict[str, Any], go: str
               ) -> dict[str, Any]:
    """Click First/Previous/Next/Last; the same message, edited to the new page."""
    comp = button(message, go)
    assert not comp.get("disabled"), f"{go} is disabled on {page_of(message)[1]}"
    inter = await fake.click(user, message["id"], comp["custom_id"])
    callback = await fake.wait_callback(inter, WAIT_S)
    assert callback["type"] == 7, "a page click must edit its own message"
    return fake.messages[message["id"]]


async def leaderboard(fake: FakeDiscord, user: str, **options: Any) -> tuple[Interaction,
                                                                             dict[str, Any]]:
    inter = await fake.slash(user, "leaderboard", {"game": "skat", **options})
    shown = await fake.reply(inter, WAIT_S)
    assert shown.public, "a leaderboard is for the channel"
    return inter, fake.messages[shown.message["id"]]


async def test_paging_a_leaderboard_of_60_players(fake: FakeDiscord, runner: BotRunner) -> None:
    alice = fake.add_user("alice")
    expected = [name for _, name in
                await fill_ladder(runner.service.store, "skat", int(fake.guild_id), 60)]
    _, message = await leaderboard(fake, alice)
    lines, footer = page_of(message)
    assert footer.startswith("page 1 of 6") and "60 players" in footer
    assert button(message, "f").get("disabled") and button(message, "p").get("disabled")
    assert all(len(c) <= ids.MAX_CUSTOM_ID for c in custom_ids(message))
    seen = list(lines)
    for page in range(2, 7):
        if page == 4:  # a redeploy between clicks: the buttons live on in their ids
            await runner.restart()
        message = await turn(fake, alice, message, "n")
        lines, footer = page_of(message)
        assert footer.startswith(f"page {page} of 6") and len(lines) == 10
        seen += lines
    assert button(message, "n").get("disabled") and button(message, "l").get("disabled")
    assert seen == list(enumerate(expected, start=1)), "every player once, in order"
    back: list[tuple[int, str]] = []
    for page in range(5, 0, -1):
        message = await turn(fake, alice, message, "p")
        lines, footer = page_of(message)
        assert footer.startswith(f"page {page} of 6")
        back = lines + back
    assert back == seen[:50]
    message = await turn(fake, alice, message, "l")
    assert page_of(message)[0] == seen[50:]
    message = await turn(fake, alice, message, "f")
    assert page_of(message)[0] == seen[:10]


async def test_skat_by_list_points_and_this_season(fake: FakeDiscord, runner: BotRunner) -> None:
    alice = fake.add_user("alice")
    season = runner.service.season()
    await fill_ladder(runner.service.store, "skat", int(fake.guild_id), 15, season=season)
    _, message = await leaderboard(fake, alice, order="list points")
    (embed,) = message["embeds"]
    assert "list" in embed["title"] and "**+140** list points" in embed["description"]
    _, message = await leaderboard(fake, alice, season="this season")
    (embed,) = message["embeds"]
    assert season[:4] in embed["title"] and "page 1 of 2" in embed["footer"]["text"]
    message = await turn(fake, alice, message, "n")
    assert [n for n, _ in page_of(message)[0]] == list(range(11, 16))
    refused = await fake.reply(await fake.slash(alice, "leaderboard", {
        "game": "euchre", "order": "list points"}), WAIT_S)
    assert refused.ephemeral and "Only Skat keeps list points" in refused.text


async def test_malformed_page_buttons_are_refused_politely(fake: FakeDiscord,
                                                           runner: BotRunner) -> None:
    alice = fake.add_user("alice")
    await fill_ladder(runner.service.store, "skat", int(fake.guild_id), 25)
    _, message = await leaderboard(fake, alice)
    before = copy.deepcopy(fake.messages[message["id"]])
    for forged in ("pb:skat:0:r:0:n", "pb:skat:0:zz:1:n", "pb:skat:0:r:1:x", "pb:",
                   f"pb:skat:{2**64}:r:1:n", "pb:nosuch:0:r:1:n", "pb:euchre:0:l:1:n",
                   "pb:patience:0:vno_such_variant:1:n"):
        inter = await fake.click(alice, message["id"], forged, forge=True)
        answer = await fake.reply(inter, WAIT_S)
        assert answer.ephemeral and "recognise that button" in answer.text, forged
        assert fake.messages[message["id"]] == before, f"{forged} changed the message"


async def test_the_parlour_stats_user_menu_answers_as_stats(fake: FakeDiscord,
                                                            runner: BotRunner) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await fill_ladder(runner.service.store, "skat", int(fake.guild_id), 1, first_user=int(bob))
    menu = await fake.reply(await fake.user_command(alice, "Parlour stats", bob), WAIT_S)
    slash = await fake.reply(await fake.slash(alice, "stats", {"user": bob}), WAIT_S)
    assert menu.ephemeral and menu.text == slash.text
    assert "bob's games" in menu.text and "won of 1" in menu.text
    nobody = await fake.reply(await fake.user_command(bob, "Parlour stats", alice), WAIT_S)
    assert nobody.ephemeral and "has not finished a game yet" in nobody.text


async def test_a_patience_ladder_pages_the_same_way(fake: FakeDiscord, runner: BotRunner) -> None:
    alice = fake.add_user("alice")
    await fill_ladder(runner.service.store, "patience", None, 12, preset="nestor")
    # Most wins first (the odd players won their one game), then by user id.
    expected = [f"player{i:02d}" for i in [*range(1, 12, 2), *range(0, 12, 2)]]
    for inter in (await fake.slash(alice, "patience leaderboard", {"game": "nestor"}),
                  await fake.slash(alice, "leaderboard", {"game": "patience",
                                                          "variant": "Nestor"})):
        shown = await fake.reply(inter, WAIT_S)
        message = fake.messages[shown.message["id"]]
        lines, footer = page_of(message)
        assert "Nestor" in message["embeds"][0]["title"] and footer.startswith("page 1 of 2")
        message = await turn(fake, alice, message, "l")
        rest, footer = page_of(message)
        assert footer.startswith("page 2 of 2")
        assert [name for _, name in lines + rest] == expected
        assert [n for n, _ in lines + rest] == list(range(1, 13))
