"""A German-speaking player in a German server plays a whole Skat deal in German: the commands,
the lobby, the hand, the table, the buttons, the review and the result."""

from __future__ import annotations

import asyncio
import functools
import random
from typing import Any

import pytest

from bot.discord import custom_ids as ids
from bot.games import registry
from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord, component_text, message_text
from tests.e2e.harness import WAIT_S, BotRunner, lobby_button, play_out, start_table

pytestmark = pytest.mark.e2e

ENGLISH = ("Waiting for", "Your turn", "You are", "Your cards", "Trick ", "Totals", "card points",
           "Show my hand", "Player:", "won:", "lost:", "the game is over", "Join", "Add AI",
           "Lobby closes", "dealer", "Reizen: Seat", "For learners", "What each game", "Deal ")


@pytest.mark.parametrize("preset", ["classic", "isko"])
async def test_a_german_skat_deal(fake: FakeDiscord, runner: BotRunner, preset: str) -> None:
    fake.guild_locale = "de"
    anna = fake.add_user("Anna", locale="de")
    opened = await fake.slash(anna, "skat new", {"preset": preset, "deals": 1})
    await fake.wait_callback(opened, WAIT_S)
    table = await runner.service.table_in_channel(int(fake.channel_id))
    assert table is not None and opened.original_id is not None
    lobby = fake.messages[opened.original_id]
    assert "Tritt bei oder füge KI-Spieler hinzu" in message_text(lobby)
    assert {"Beitreten", "KI hinzufügen", "Start"} <= set(component_text(lobby).split("\n"))
    for seats in (2, 3):
        await fake.click(anna, lobby["id"], lobby_button(lobby, "ai"))
        await runner.wait_table(table.id, lambda t, n=seats: len(t.seats) == n)
    await fake.click(anna, lobby["id"], lobby_button(lobby, "start"))
    await runner.wait_table(table.id, lambda t: t.status is TableStatus.PLAYING)

    hand = await fake.reply(await fake.slash(anna, "skat hand"), WAIT_S)
    assert hand.ephemeral and "Du bist **" in hand.text and "Deine Karten:" in hand.text
    learners = next(e for e in hand.message["embeds"] if e.get("title") == "Für Lernende")
    assert "Was jedes Spiel mit diesen Karten wert wäre" in learners["description"]
    if preset == "classic":
        assert "Die sicheren Zählungen des Buchs" in learners["description"]

    await play_out(runner, anna, table.id, random.Random(7))
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    await asyncio.wait_for(runner.bot.get_cog("SkatCog").settle(), WAIT_S)
    final = await runner.table(table.id)
    assert final.status is TableStatus.FINISHED

    table_message = fake.messages[str(final.message_id)]
    assert "Die Serie ist vorbei" in message_text(table_message)
    assert "Tisch " in message_text(table_message) and "beendet" in message_text(table_message)
    posts = [m.get("content") or "" for m in fake.channel_messages()]
    deal = next(p for p in posts if p.startswith("**Spiel 1**"))
    assert "Rückblick" in deal or "Ramsch" in deal or "Eingeworfen" in deal, deal
    summary = next(p for p in posts if "das Spiel ist vorbei" in p)
    assert "Summen:" in summary and "Wertungen:" in summary
    dms = fake.dm_messages(anna)
    assert dms and any("Deine Karten:" in (m.get("content") or "") for m in dms)
    shown = [message_text(e.message) + "\n" + component_text(e.message) for e in fake.events]
    clicked = "\n".join(component_text(e.message) for e in fake.events)
    german_buttons = ("Passe", "sagen", "Skat aufnehmen", "Aufgeben", "Zwei Karten drücken…",
                      "Ja (", "Meine Hand zeigen")
    assert any(word in clicked for word in german_buttons), clicked
    left = sorted({word for text in shown for word in ENGLISH if word in text})
    assert left == []
    assert fake.commands["skat"]["name_localizations"]["de"] == "skat"


def _anna_bids_first(create: Any) -> Any:
    """The service's ``create`` with a seed whose first dealer sits at Anna's right (seat 3),
    so Anna (the host, seat 0) has the first word of the bidding: a random deal may give her
    no bidding at all when the AI orders up before her turn."""
    game = registry.get("euchre")
    options = game.options("modern")
    seed = next(s for s in range(1000) if game.new(4, options, s).dealer == 3)  # type: ignore[attr-defined]
    return functools.partial(create, seed=seed)


async def test_a_german_euchre_game(fake: FakeDiscord, runner: BotRunner,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Euchre has no German tradition: plain German, with Euchre's own names kept."""
    monkeypatch.setattr(runner.service, "create", _anna_bids_first(runner.service.create))
    fake.guild_locale = "de"
    anna = fake.add_user("Anna", locale="de")
    table_id, _lobby = await start_table(runner, anna, game="euchre", preset="modern",
                                        house_rules="target 3")
    first = (await runner.table(table_id)).state
    assert first is not None and first.dealer == 3  # Anna bids first
    hand = await fake.reply(await fake.slash(anna, "euchre hand"), WAIT_S)
    assert "**Deine Hand**" in hand.text
    await play_out(runner, anna, table_id, random.Random(3))
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    final = await runner.table(table_id)
    text = message_text(fake.messages[str(final.message_id)])
    assert "gewinn" in text and "Partie bis 3" in text and "Stand:" in text
    posts = "\n".join(m.get("content") or "" for m in fake.channel_messages())
    assert "das Spiel ist vorbei" in posts and "Gewinner:" in posts
    clicked = "\n".join(component_text(e.message) for e in fake.events)
    assert "bestellen" in clicked or "Passen" in clicked or "Ablehnen" in clicked
    shown = [message_text(e.message) + "\n" + component_text(e.message) for e in fake.events]
    english = ("Waiting for", "Your hand", "Score:", "Dealer", "Turn-up", "order up", "Pass\n")
    assert sorted({w for t in shown for w in english if w in t}) == []


async def test_each_reader_gets_their_own_language(fake: FakeDiscord, runner: BotRunner) -> None:
    """An English server, a German player: the channel reads English (the table, the deal's
    report, the summary), the player's hands and answers German, though the German's clicks
    are what move the game (a click's language must not leak into the channel's posts)."""
    anna = fake.add_user("Anna", locale="de")
    table_id, _lobby = await start_table(runner, anna, game="skat", preset="isko", deals=1)
    await play_out(runner, anna, table_id, random.Random(5))
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    await asyncio.wait_for(runner.bot.get_cog("SkatCog").settle(), WAIT_S)
    final = await runner.table(table_id)
    channel = [e.message for e in fake.events if e.public]
    table_texts = [message_text(m) for m in channel if m["id"] == str(final.message_id)]
    assert table_texts and all("Spiel " not in t and "Tisch " not in t for t in table_texts)
    assert "The series is over" in table_texts[-1]
    posts = [m.get("content") or "" for m in fake.channel_messages()]
    assert any(p.startswith("**Deal 1**") for p in posts), posts
    assert any("the game is over" in p for p in posts)
    assert not any("Spiel" in p or "Rückblick" in p for p in posts)
    dms = [m.get("content") or "" for m in fake.dm_messages(anna)]
    assert dms and all("Your cards" not in d for d in dms)
    assert any("Deine Karten:" in d for d in dms)


async def test_a_german_dice_game(fake: FakeDiscord, runner: BotRunner) -> None:
    """Draw Poker with dice in a German server: the table message, its buttons and the keep
    select, the pictures' alt text, the result and the rules page read German (Würfel, Wurf,
    Paar, Drilling, stehen bleiben)."""
    fake.guild_locale = "de"
    anna = fake.add_user("Anna", locale="de")
    opened = await fake.slash(anna, "dice new", {"game": "draw_poker", "players": 2})
    await fake.wait_callback(opened, WAIT_S)
    table = await runner.service.table_in_channel(int(fake.channel_id))
    assert table is not None and opened.original_id is not None
    table_id, lobby = table.id, fake.messages[opened.original_id]
    await fake.click(anna, lobby["id"], lobby_button(lobby, "ai"))
    await runner.wait_table(table_id, lambda t: len(t.seats) == 2)
    await fake.click(anna, lobby["id"], lobby_button(lobby, "start"))
    await runner.wait_table(table_id, lambda t: t.status is TableStatus.PLAYING)
    await play_out(runner, anna, table_id, random.Random(4))
    await asyncio.wait_for(runner.bot.table_ui.settle(), WAIT_S)
    rules = await fake.reply(await fake.slash(anna, "dice rules", {"game": "draw_poker"}),
                             WAIT_S)
    page = rules.message["embeds"][0]
    assert page["title"] == "Würfelpoker" and "Am Tisch:" in page["description"]
    assert "Drilling" in page["description"] and "Wo das Buch unklar ist" in page["description"]
    final = await runner.table(table_id)
    assert final.status is TableStatus.FINISHED
    table_text = message_text(fake.messages[str(final.message_id)])
    assert "**Würfelpoker**" in table_text and "Spiel vorbei:" in table_text
    shown = [message_text(e.message) + "\n" + component_text(e.message) for e in fake.events]
    alts = [a.get("description") or "" for e in fake.events
            for a in e.message.get("attachments") or []]
    assert any("Stand:" in a for a in alts), alts
    clicked = "\n".join(component_text(e.message) for e in fake.events)
    assert "Werfen" in clicked
    assert "Stehen bleiben" in clicked or "Würfel 1 behalten" in clicked, clicked
    assert "Stand" not in clicked.split("\n")
    english = ("Throw", "Stand on", "Keep die", "Game over", "to throw", "Scores:", "no pair",
               "one pair", "triplets", "Draw Poker", "wins", "At the table")
    left = sorted({w for t in [*shown, *alts, page["description"]] for w in english if w in t})
    assert left == []


async def test_a_german_patience(fake: FakeDiscord, runner: BotRunner) -> None:
    """Anna plays Napoleon at St. Helena in her DM in German: the layout's words (Ablagen,
    Talon, Züge), the picker, Undo, the hint, giving up, the rules page (the book's rules in
    German) and her stats; the game keeps the book's title."""
    from tests.e2e.test_patience import _answered, _component

    anna = fake.add_user("Anna", locale="de")
    dm = fake._open_dm(anna)
    message = await _answered(fake, await fake.slash(
        anna, "patience play", {"game": "Forty Thieves", "seed": 7}, channel_id=dm))
    embed = message["embeds"][0]
    assert embed["title"] == "Napoleon at St. Helena"
    assert "**Ablagen**" in embed["description"] and "Talon 64 · Züge 0" in embed["description"]
    labels = component_text(message)
    assert "Aufgeben" in labels and "Regeln" in labels and "Tipp" in labels
    table = await runner.service.table_in_channel(int(dm))
    assert table is not None and table.state is not None
    move = next(a for a in table.state.legal_actions(0) if a.kind == "move")
    pick = _component(message, "pk:")
    message = await _answered(fake, await fake.choose(anna, message["id"], pick["custom_id"],
                                                      [move.arg.split(">")[0]]))
    where = _component(message, "ps:")
    assert all(o["label"].startswith("auf ") for o in where["options"]), where["options"]
    message = await _answered(fake, await fake.choose(anna, message["id"], where["custom_id"],
                                                      [str(move)]))
    assert " von Spalte " in message["embeds"][0]["description"]
    assert "Zurück" in component_text(message)
    table = await runner.table(table.id)
    hint = await fake.click(anna, message["id"],
                            ids.ActionId(table.id, table.version, "hint").encode())
    await fake.wait_for(lambda: any(e.token == hint.token and "Tipp:" in e.text
                                    for e in fake.events), WAIT_S)
    give_up = ids.ActionId(table.id, table.version, "resign").encode()
    message = await _answered(fake, await fake.click(anna, message["id"], give_up))
    assert "Nach 1 Zügen aufgegeben" in message["embeds"][0]["description"]
    assert {"Neues Spiel", "Eine Lösung zeigen"} <= set(component_text(message).split("\n"))
    rules = await fake.reply(await fake.slash(anna, "patience rules", {"game": "Forty Thieves"},
                                              channel_id=dm), WAIT_S)
    page = rules.message["embeds"][0]["description"]
    assert "(Dick's Games of Patience, S. 23; 2 Spiele Karten)" in page
    assert "Auch bekannt als Forty Thieves, Big Forty." in page
    assert "Zwei Spiele. Vierzig Karten in vier Reihen zu zehn" in page
    assert "Begriffe: Talon: die Karten, die noch aufzudecken sind" in page
    stats = await fake.reply(await fake.slash(anna, "patience stats", channel_id=dm), WAIT_S)
    assert "1 gespielt · 0 gewonnen (0 %)" in message_text(stats.message)
    shown = [message_text(e.message) + "\n" + component_text(e.message) for e in fake.events]
    english = ("Foundations", "Undo", "Give up", "Hint", "Rules", "New deal", "Show a solution",
               "moves ", "from column", "cards home", "Gave up", "Turn the next card")
    assert sorted({w for t in shown for w in english if w in t}) == []
