"""``/parlour config`` through the fake Discord: a manager sets a server's defaults, a member's
table gets them, ``/… rules`` says so, a non-manager is refused and a bad line saves nothing."""

from __future__ import annotations

from bot.discord import custom_ids as ids
from bot.discord.server_config import MANAGERS_ONLY
from bot.service.server_defaults import SCOPE
from tests.e2e.fake_discord import FakeDiscord, Interaction, custom_ids, message_text
from tests.e2e.harness import BotRunner, lobby_button, open_table


async def as_member(fake: FakeDiscord, user: str, path: str,
                    options: dict[str, object] | None = None) -> Interaction:
    """A slash command from a member without Manage Server (or any other permission)."""
    payload = fake.interaction_payload(2, user, fake.command_data(path, options))
    payload["member"]["permissions"] = "0"
    return await fake.send_interaction(payload)


async def test_a_managers_defaults_reach_a_members_table_and_its_rules(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    owner, bob = fake.add_user("owner"), fake.add_user("bob")
    saved = await fake.reply(await fake.slash(owner, "parlour config game", {
        "game": "euchre", "preset": "modern", "house_rules": "stick the dealer, target 7"}))
    assert saved.ephemeral and "Saved" in saved.text, saved.text
    assert "preset `modern`" in saved.text and "target 7, stick the dealer" in saved.text

    # Bob opens a table naming no preset: the server's preset and house rules, his over them.
    table_id, message = await open_table(runner, bob, house_rules="target 3")
    table = await runner.table(table_id)
    assert table.preset == "modern" and table.rules is not None
    assert (table.rules.target, table.rules.stick_the_dealer, table.rules.deck) == (3, True, "24")
    assert "stick the dealer" in message_text(fake.messages[message["id"]])

    rules = (await fake.reply(await fake.slash(bob, "euchre rules"))).text
    assert "This server's defaults" in rules and "target 7, stick the dealer" in rules, rules
    assert "`target`: 3 (**house rule**; modern: 10)" in rules

    shown = (await fake.reply(await fake.slash(owner, "parlour config show"))).text
    assert "`/euchre`: preset `modern`, house rules `target 7, stick the dealer`" in shown, shown
    assert "AI players: allowed" in shown and "Language: the server's own" in shown

    cleared = await fake.reply(await fake.slash(owner, "parlour config game",
                                                {"game": "euchre", "clear": True}))
    assert "Cleared" in cleared.text
    assert await runner.service.settings(SCOPE, int(fake.guild_id)) == {}


async def test_a_member_without_manage_server_is_refused_and_nothing_changes(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    bob = fake.add_user("bob")
    for path, options in (("parlour config show", None),
                          ("parlour config game", {"game": "euchre", "preset": "modern"}),
                          ("parlour config ai", {"allowed": False}),
                          ("parlour config timeout", {"seconds": 60})):
        answer = await fake.reply(await as_member(fake, bob, path, options))
        assert answer.ephemeral and answer.text == MANAGERS_ONLY, answer.text
    assert await runner.service.settings(SCOPE, int(fake.guild_id)) == {}


async def test_house_rules_the_game_refuses_are_refused_with_the_reason(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    owner = fake.add_user("owner")
    for line, reason in (("stik the dealer", "Did you mean `stick the dealer`"),
                         ("stick the dealer, no second round", "needs a second round")):
        answer = await fake.reply(await fake.slash(owner, "parlour config game",
                                                   {"game": "euchre", "house_rules": line}))
        assert answer.ephemeral and reason in answer.text, answer.text
    assert await runner.service.settings(SCOPE, int(fake.guild_id)) == {}


async def test_a_server_without_ai_refuses_to_seat_or_fill_with_it(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    owner, bob = fake.add_user("owner"), fake.add_user("bob")
    answer = await fake.reply(await fake.slash(owner, "parlour config ai", {"allowed": False}))
    assert "without AI players" in answer.text
    table_id, message = await open_table(runner, bob)
    ops = {p.op for c in custom_ids(message) if isinstance(p := ids.parse(c), ids.LobbyId)}
    assert ops == {"join", "leave", "start"}  # no "Add AI" button
    assert "this server plays without AI players" in message_text(message)
    refused = await fake.reply(await fake.slash(bob, "euchre bot"))
    assert refused.ephemeral and "plays without AI players" in refused.text, refused.text
    click = await fake.click(bob, message["id"], lobby_button(message, "start"))
    refused = await fake.reply(click)
    assert refused.ephemeral and "still empty" in refused.text, refused.text
    table = await runner.table(table_id)
    assert len(table.seats) == 1 and table.is_open


async def test_timeout_and_language_are_kept_and_said_honestly(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    owner = fake.add_user("owner")
    timeout = await fake.reply(await fake.slash(owner, "parlour config timeout", {"seconds": 90}))
    assert "90 s" in timeout.text
    german = await fake.reply(await fake.slash(owner, "parlour config language",
                                               {"language": "de"}))
    assert "Saved: language `de` (Deutsch)" in german.text
    unknown = await fake.reply(await fake.slash(owner, "parlour config language",
                                                {"language": "xx"}))
    assert "I don't speak `xx`" in unknown.text
    await runner.restart()
    defaults = await runner.service.server_defaults(int(fake.guild_id))
    assert (defaults.turn_timeout_s, defaults.language) == (90, "de")
    shown = (await fake.reply(await fake.slash(owner, "parlour config show"))).text
    assert "Turn timeout: 90 s" in shown and "Language: `de`" in shown
