"""Slash commands in the user's language, the sync hash that sees a new translation, and who is
answered in which language."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

import bot.i18n as i18n
from bot.client import EXTENSIONS, ParlourBot
from bot.config import Settings
from bot.discord.languages import Languages
from bot.discord.translator import CatalogueTranslator, valid_name
from bot.i18n import Texts


def _bot(tmp_path: Path) -> ParlourBot:
    settings = Settings(_env_file=None, discord_token="-",  # type: ignore[call-arg]
                        database_path=tmp_path / "p.sqlite3")
    return ParlourBot(settings, sync_only=True)


async def _loaded(tmp_path: Path) -> ParlourBot:
    bot = _bot(tmp_path)
    await bot.tree.set_translator(CatalogueTranslator())
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    return bot


async def test_commands_sync_with_german_names_and_descriptions(tmp_path: Path) -> None:
    bot = await _loaded(tmp_path)
    try:
        skat = next(c for c in bot.tree.get_commands() if c.name == "skat")
        payload = await skat.get_translated_payload(bot.tree, bot.tree.translator)
        assert payload["name_localizations"]["de"] == "skat"
        new = next(o for o in payload["options"] if o["name"] == "new")
        assert new["name_localizations"]["de"] == "neu"
        assert new["description_localizations"]["de"].startswith("Einen Skattisch")
        deals = next(o for o in new["options"] if o["name"] == "deals")
        assert deals["name_localizations"]["de"] == "spiele"
        assert "en-US" not in payload["name_localizations"]  # English is the default itself
    finally:
        await bot.close()


async def test_a_new_translation_changes_the_sync_hash(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    bot = await _loaded(tmp_path)
    try:
        before = await bot.tree_digest(None)
        assert await bot.tree_digest(None) == before  # stable
        german = i18n.texts("de")
        changed = Texts("de", {**german._messages, (None, "Seat an AI player."): "KI rein."},
                        german._plural)
        monkeypatch.setattr(i18n, "_registered", {"de": changed})
        assert await bot.tree_digest(None) != before
    finally:
        await bot.close()


async def test_a_name_against_discords_rules_is_not_sent() -> None:
    words = Texts("de", {("command", "new"): "Neu Tisch", (None, "Deal!"): "Geben!"})
    translator = CatalogueTranslator()
    i18n.register(words)
    try:
        name = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name,
                                               None)
        text = app_commands.TranslationContext(
            app_commands.TranslationContextLocation.command_description, None)
        assert await translator.translate(app_commands.locale_str("new"), discord.Locale.german,
                                          name) is None
        assert await translator.translate(app_commands.locale_str("Deal!"),
                                          discord.Locale.german, text) == "Geben!"
        assert await translator.translate(app_commands.locale_str("Deal!"),
                                          discord.Locale.french, text) is None
    finally:
        i18n.unregister("de")
    assert valid_name("spieler_anzahl") and valid_name("größe")
    assert not valid_name("Neu") and not valid_name("zwei worte") and not valid_name("x" * 33)


class _Service:
    def __init__(self, language: str | None = None) -> None:
        self.stored: dict[tuple[str, int], dict[str, Any]] = {}
        self.language = language
        self.reads = 0

    async def settings(self, scope: str, scope_id: int) -> dict[str, Any]:
        return dict(self.stored.get((scope, scope_id), {}))

    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        self.stored.setdefault((scope, scope_id), {})[key] = value

    async def server_defaults(self, guild_id: int) -> Any:
        self.reads += 1
        return SimpleNamespace(language=self.language)


def _interaction(user: int, locale: str, guild: int | None = 5,
                 guild_locale: str = "en-US") -> Any:
    return SimpleNamespace(user=SimpleNamespace(id=user), locale=discord.Locale(locale),
                           guild_id=guild, guild_locale=discord.Locale(guild_locale))


async def test_hands_follow_the_players_last_locale_then_the_server() -> None:
    service = _Service()
    client = SimpleNamespace(get_guild=lambda _id: None)
    languages = Languages(client, service)  # type: ignore[arg-type]
    assert await languages.of_user(1, 5) == "en"  # nobody said anything yet
    await languages.note(_interaction(1, "de"))
    assert await languages.of_user(1, 5) == "de"
    assert service.stored[("locale", 1)] == {"locale": "de"}
    # A new process reads the stored locale back.
    again = Languages(client, service)  # type: ignore[arg-type]
    assert await again.of_user(1, None) == "de"
    # A French client (no catalogue) gets the server's language.
    await languages.note(_interaction(2, "fr", guild_locale="de"))
    assert await languages.of_user(2, 5) == "de"


async def test_table_messages_speak_the_servers_language_else_its_locale() -> None:
    service = _Service()
    client = SimpleNamespace(get_guild=lambda _id: SimpleNamespace(
        preferred_locale=discord.Locale.german))
    languages = Languages(client, service)  # type: ignore[arg-type]
    assert await languages.of_server(5) == "de"  # the community language
    assert await languages.of_server(None) == "en"  # a DM
    service.language = "en"
    assert await languages.of_server(5) == "de"  # read once and kept ...
    languages.server_changed(5)
    assert await languages.of_server(5) == "en"  # ... until a manager changes it
    assert service.reads == 2
