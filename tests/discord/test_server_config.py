"""The kit of ``/parlour config``: who may use it, what its autocomplete offers, its words."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord import server_config as kit
from bot.games import registry
from bot.service.server_defaults import GameDefaults, ServerDefaults


def _inter(guild_id: int | None = 5, perms: discord.Permissions | None = None,
           **namespace: Any) -> Any:
    return SimpleNamespace(guild_id=guild_id, permissions=perms or discord.Permissions.none(),
                           namespace=SimpleNamespace(**namespace))


def test_only_managers_of_a_server_pass() -> None:
    assert kit.check_manager(_inter(perms=discord.Permissions(manage_guild=True)))
    assert kit.check_manager(_inter(perms=discord.Permissions(administrator=True)))
    with pytest.raises(app_commands.CheckFailure, match="Manage Server"):
        kit.check_manager(_inter(perms=discord.Permissions(manage_channels=True)))
    with pytest.raises(app_commands.CheckFailure, match="not in a DM"):
        kit.check_manager(_inter(guild_id=None, perms=discord.Permissions.all()))


async def test_games_are_the_table_games_and_presets_come_from_the_chosen_ones() -> None:
    games = {c.value for c in await kit.game_autocomplete(_inter(), "")}
    assert {"euchre", "skat", "dice", "dominoes"} <= games and "patience" not in games
    presets = {c.value for c in await kit.preset_autocomplete(_inter(game="euchre"), "")}
    assert presets == {"hoyle1871", "modern"}
    assert await kit.preset_autocomplete(_inter(game=None), "") == []


async def test_house_rules_complete_against_the_chosen_preset() -> None:
    modern = await kit.house_rules_autocomplete(_inter(game="euchre", preset="modern"), "targ")
    assert [c.name for c in modern] == ["target (now 10)"]
    assert [c.name for c in await kit.house_rules_autocomplete(
        _inter(game="euchre"), "targ")] == ["target (now 5)"]


def test_the_rules_note_names_what_is_in_force() -> None:
    euchre = registry.get("euchre")
    assert kit.rules_note(ServerDefaults(), euchre) is None
    defaults = ServerDefaults(games={"euchre": GameDefaults(
        preset="modern", options={"stick_the_dealer": True})}, turn_timeout_s=120,
        ai_allowed=False)
    note = kit.rules_note(defaults, euchre)
    assert note is not None
    assert "preset `modern`, house rules `stick the dealer`" in note
    assert "2 min" in note and "no AI players" in note
    skat_note = kit.rules_note(defaults, registry.get("skat"))
    assert skat_note is not None and "modern" not in skat_note and "2 min" in skat_note
