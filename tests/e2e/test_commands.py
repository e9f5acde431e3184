"""Every slash command is answered, in every phase of a table, and none hits an unexpected
error ("Something went wrong"); `/euchre new thread:true` opens the table in a new thread."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.replies import SOMETHING_WRONG
from bot.games import registry
from bot.service.models import TableStatus
from tests.e2e.fake_discord import FakeDiscord, Interaction, custom_ids
from tests.e2e.harness import BotRunner, lobby_button, my_turn, open_table, start_table

pytestmark = pytest.mark.e2e


def leaf_commands(fake: FakeDiscord) -> list[tuple[str, dict[str, Any]]]:
    """Every synced command path with its required options filled in plausibly."""
    out: list[tuple[str, dict[str, Any]]] = []

    def walk(path: str, node: dict[str, Any]) -> None:
        subs = [o for o in node.get("options") or [] if o["type"] in (1, 2)]
        if subs:
            for sub in subs:
                walk(f"{path} {sub['name']}", sub)
            return
        options: dict[str, Any] = {}
        for opt in node.get("options") or []:
            if not opt.get("required"):
                continue
            if opt.get("choices"):
                options[opt["name"]] = opt["choices"][0]["value"]
            else:
                options[opt["name"]] = {3: "euchre", 4: 1, 5: False, 6: fake.owner_id}[opt["type"]]
        out.append((path, options))

    for name, command in fake.commands.items():
        if command.get("type", 1) == 1:  # slash commands; context menus have no options
            walk(name, command)
    return out


async def answered(fake: FakeDiscord, inter: Interaction) -> str:
    await fake.wait_callback(inter)
    reply = await fake.reply(inter)
    assert SOMETHING_WRONG not in reply.text, f"{inter.payload['data']} failed: {reply.text}"
    return reply.text


async def test_every_command_is_answered_in_every_phase(fake: FakeDiscord,
                                                        runner: BotRunner) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    commands = [(p, o) for p, o in leaf_commands(fake)
                if not p.endswith((" new", " abort", " resign"))]
    # The day's patience deal already worked out (its proof is seconds of solver CPU, tested
    # in test_patience.py), so this sweep measures answers, not the solver.
    today = runner.bot.get_cog("PatienceCog").today().isoformat()
    for variant in registry.get("patience").presets:
        await runner.service.set_setting("daily", 0, f"patience:{variant}:{today}",
                                         {"seed": 1, "proven": False})
    assert len(commands) >= 15, [p for p, _ in commands]

    async def sweep(label: str) -> None:
        for path, options in commands:
            for user in (alice, bob):
                text = await answered(fake, await fake.slash(user, path, options))
                assert text, f"{label}: /{path} answered with nothing"
        # `/parlour config ai allowed:False` ran too: the next phase's tables may seat the AI.
        await runner.service.set_ai_allowed(int(fake.guild_id), True)

    await sweep("no table")
    table_id, _ = await open_table(runner, alice)
    await sweep("lobby")  # alice's /euchre leave may close the lobby: that is fine
    if (await runner.table(table_id)).is_open:
        await runner.service.abort(table_id, int(alice), is_manager=True)
    table_id, _ = await start_table(runner, alice)
    await sweep("playing")
    resign = await fake.slash(alice, "euchre resign")
    await answered(fake, resign)
    abort = await fake.slash(alice, "euchre abort")
    await answered(fake, abort)
    await runner.service.settle(table_id)
    assert not (await runner.table(table_id)).is_open


async def test_a_table_in_a_new_thread(fake: FakeDiscord, runner: BotRunner) -> None:
    alice = fake.add_user("alice")
    before = len(fake.requests)
    inter = await fake.slash(alice, "euchre new", {"thread": True})
    await fake.wait_request("POST", r"/channels/\d+(/messages/\d+)?/threads", after=before)
    assert SOMETHING_WRONG not in (await fake.reply(inter)).text  # after the "thinking..."
    opened = [t for t in await runner.service.open_tables()
              if t.channel_id != int(fake.channel_id)]
    assert len(opened) == 1, "no table in a thread"
    table = opened[0]
    thread = fake.channels[str(table.channel_id)]
    assert thread["type"] in (11, 12) and thread["parent_id"] == fake.channel_id
    join = f"pl:{table.id}:join"
    message = await fake.wait_for(lambda: fake.find_message(
        lambda m: join in custom_ids(m), channel_id=thread["id"]))
    assert fake.message_meta[message["id"]].public
    for n in (2, 3, 4):
        await fake.click(alice, message["id"], lobby_button(message, "ai"))
        await runner.wait_table(table.id, lambda t, n=n: len(t.seats) == n)
    await fake.click(alice, message["id"], lobby_button(message, "start"))
    await runner.wait_table(table.id, lambda t: t.status is TableStatus.PLAYING)
    _, choices = await my_turn(runner, alice, table.id)
    assert choices


async def test_rules_speak_the_preset_s_book_and_the_table_s_options(
        fake: FakeDiscord, runner: BotRunner) -> None:
    alice = fake.add_user("alice")
    modern = (await fake.reply(await fake.slash(alice, "euchre rules",
                                                {"preset": "modern"}))).text
    assert "order it up" in modern and "pick it up" in modern and "go alone" in modern
    assert "assist" not in modern and "bunch" not in modern
    assert "stick the dealer off" in modern
    book = (await fake.reply(await fake.slash(alice, "euchre rules",
                                              {"preset": "hoyle1871"}))).text
    assert "I assist" in book and "bunch" in book
    # In a channel with a table, the rules are that table's, house rules included.
    await runner.service.create(game_key="euchre", channel_id=int(fake.channel_id),
                                guild_id=int(fake.guild_id), host_id=int(alice),
                                host_name="alice", preset="modern",
                                options={"stick_the_dealer": True, "target": 7})
    here = (await fake.reply(await fake.slash(alice, "euchre rules"))).text
    assert "**Stick the dealer** is on" in here and "game to 7" in here
