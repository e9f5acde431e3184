"""The fake itself, against a tiny discord.py bot: so a failure in the project's e2e tests
points at the project, not at the fake."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.e2e.fake_discord import CANNOT_DM, EPHEMERAL, FakeDiscord, custom_ids, patch_discord

pytestmark = pytest.mark.e2e


class Knock(discord.ui.DynamicItem[discord.ui.Button], template=r"k:(?P<n>\d+)"):
    """A persistent button, as the project's game buttons are."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"knock {n}", custom_id=f"k:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: Any) -> Knock:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Knock(self.n + 1))
        await interaction.response.edit_message(content=f"knocked {self.n}", view=view)


class Pick(discord.ui.DynamicItem[discord.ui.Select], template=r"p:x"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Select(custom_id="p:x", options=[
            discord.SelectOption(label="Red", value="r"),
            discord.SelectOption(label="Blue", value="b")]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: Any) -> Pick:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(f"picked {values}", ephemeral=True)


def tiny_bot(guild_id: int) -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(),
                       guild_ready_timeout=0.05)
    group = app_commands.Group(name="demo", description="demo")

    @group.command(name="new", description="new")
    async def new(interaction: discord.Interaction, size: int, name: str = "x") -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Knock(1))
        await interaction.response.send_message(f"table {name} of {size}", view=view)
        try:
            await interaction.user.send("your hand")
        except discord.Forbidden as exc:
            await interaction.followup.send(f"dm closed {exc.code}", ephemeral=True)

    sub = app_commands.Group(name="table", description="table", parent=group)

    @sub.command(name="seat", description="seat")
    async def seat(interaction: discord.Interaction, who: discord.Member, n: int = 1) -> None:
        await interaction.response.send_message(f"{who.name} sits at {n}", ephemeral=True)

    @group.command(name="pick", description="pick")
    async def pick(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Pick())
        await interaction.response.send_message("pick", view=view)

    async def setup_hook() -> None:
        bot.add_dynamic_items(Knock, Pick)
        bot.tree.add_command(group, guild=discord.Object(guild_id))
        await bot.tree.sync(guild=discord.Object(guild_id))

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def world(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[FakeDiscord, Any]]:
    fake = await FakeDiscord().start()
    patch_discord(monkeypatch, fake)
    bot = tiny_bot(int(fake.guild_id))
    task = asyncio.create_task(bot.start(fake.token))
    await fake.wait_request("PUT", r"/applications/\d+/guilds/\d+/commands")
    await asyncio.wait_for(bot.wait_until_ready(), 10)
    yield fake, bot
    await bot.close()
    await asyncio.wait_for(task, 10)
    await fake.stop()


async def test_slash_button_dm_and_closed_dm(world: tuple[FakeDiscord, Any]) -> None:
    fake, _bot = world
    alice = fake.add_user("alice")
    inter = await fake.slash(alice, "demo new", {"size": 4, "name": "t1"})
    table = await fake.reply(inter)
    assert table.public and table.text == "table t1 of 4"
    assert custom_ids(table.message) == ["k:1"]
    dm = await fake.wait_for(lambda: fake.dm_messages(alice))
    assert dm[0]["content"] == "your hand"

    click = await fake.click(alice, table.message["id"], "k:1")
    assert (await fake.wait_callback(click))["type"] == 7
    assert fake.messages[table.message["id"]]["content"] == "knocked 1"
    assert custom_ids(fake.messages[table.message["id"]]) == ["k:2"]
    assert click.latency is not None and click.latency >= 0

    fake.close_dms(alice)
    again = await fake.slash(alice, "demo new", {"size": 3})
    await fake.reply(again)
    note = await fake.wait_for(lambda: [e for e in fake.replies(again) if e.ephemeral])
    assert note[0].text == f"dm closed {CANNOT_DM}" and note[0].user_id == alice


async def test_subcommand_group_with_a_user_option(world: tuple[FakeDiscord, Any]) -> None:
    fake, _bot = world
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    inter = await fake.slash(alice, "demo table seat", {"who": bob, "n": 3})
    group = inter.payload["data"]["options"][0]
    assert group["type"] == 2 and group["options"][0]["type"] == 1
    answer = await fake.reply(inter)
    assert answer.ephemeral and answer.user_id == alice and answer.text == "bob sits at 3"
    with pytest.raises(KeyError):
        fake.command_data("demo table nope")


async def test_select_defer_and_dm_interaction(world: tuple[FakeDiscord, Any]) -> None:
    fake, _bot = world
    bob = fake.add_user("bob")
    inter = await fake.slash(bob, "demo pick")
    msg = (await fake.reply(inter)).message
    choice = await fake.choose(bob, msg["id"], "p:x", ["b"])
    answer = await fake.reply(choice)
    assert choice.callback_type == 5
    assert answer.ephemeral and answer.text == "picked ['b']"

    # A click on a button in a DM carries `user` and no guild.
    hello = await fake.slash(bob, "demo new", {"size": 2})
    await fake.reply(hello)
    dm = (await fake.wait_for(lambda: fake.dm_messages(bob)))[0]
    fake.messages[dm["id"]]["components"] = [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "k", "custom_id": "k:7"}]}]
    click = await fake.click(bob, dm["id"], "k:7")
    assert "guild_id" not in click.payload and click.payload["user"]["id"] == bob
    await fake.wait_callback(click)
    assert fake.messages[dm["id"]]["content"] == "knocked 7"
    assert not fake.messages[dm["id"]]["flags"] & EPHEMERAL
