"""The catalogues hold every text: each marked text of bot/ and cogs/ and each slash command's
words has a translation, with the same placeholders, in every language but English; a new
language is a folder, no code."""

from __future__ import annotations

import asyncio
import re
import shutil
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import bot.i18n as i18n
from bot.discord.translator import valid_name
from bot.i18n import CATALOGUES, DEFAULT, DOMAIN, languages, texts
from bot.i18n.extract import all_texts

FIELD = re.compile(r"\{(\w*)[^{}]*\}")


@cache
def template() -> Catalog:
    return all_texts()


def catalogue(language: str) -> Catalog:
    path = CATALOGUES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def untranslated(wanted: Catalog, have: Catalog) -> list[str]:
    """Each text of ``wanted`` that ``have`` lacks, leaves empty or fuzzy, or translates with
    other placeholders."""
    found = []
    for message in wanted:
        if not message.id:
            continue
        entry = have.get(message.id, context=message.context)
        strings = (entry.string if isinstance(entry.string, tuple | list) else [entry.string]
                   ) if entry is not None else []
        if entry is None or entry.fuzzy or not all(strings):
            found.append(f"{message.context or ''}|{message.id}: no translation")
            continue
        ids = message.id if isinstance(message.id, tuple | list) else [message.id]
        want = sorted(set(FIELD.findall(ids[0])))
        if any(sorted(set(FIELD.findall(s))) != want for s in strings):
            found.append(f"{message.id}: placeholders differ in {strings}")
    return found


def test_there_is_a_language_besides_english() -> None:
    assert languages()[0] == DEFAULT and "de" in languages()


@pytest.mark.parametrize("language", [lang for lang in languages() if lang != DEFAULT])
def test_every_marked_text_and_command_is_translated(language: str) -> None:
    assert len(template()) > 500, "the extraction found too little: are the keywords right?"
    assert untranslated(template(), catalogue(language)) == []


def test_the_check_finds_a_text_without_translation() -> None:
    have = Catalog(locale="de")
    have.add("Waiting for {name}.", "Warte auf {name}.")
    have.add("Seat {n}", "Platz")
    wanted = Catalog()
    for text in ("Waiting for {name}.", "Seat {n}", "Newly marked"):
        wanted.add(text)
    assert untranslated(wanted, have) == [
        "Seat {n}: placeholders differ in ['Platz']", "|Newly marked: no translation"]


def test_the_shipped_template_is_up_to_date() -> None:
    """``python -m bot.i18n.extract`` was run after the last marked text changed."""
    with (CATALOGUES / f"{DOMAIN}.pot").open("rb") as handle:
        shipped = read_po(handle)
    keys = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id))
            for m in template() if m.id}
    assert keys == {(m.context, m.id if isinstance(m.id, str) else tuple(m.id))
                    for m in shipped if m.id}


@pytest.mark.parametrize("language", [lang for lang in languages() if lang != DEFAULT])
def test_command_names_keep_discords_rules(language: str) -> None:
    """Lowercase, no spaces, at most 32 characters; and no two options of one command (or two
    commands of one group) may end up with one name."""
    from bot.discord.translator import tree_texts  # noqa: F401 - the same walk the sync uses

    words = texts(language)
    names = [m.id for m in template() if m.context in ("command", "option")]
    bad = [(n, words.lookup(n, "option") or words.lookup(n, "command")) for n in names
           if not valid_name(words.lookup(n, "option") or words.lookup(n, "command") or n)]
    assert [b for b in bad if b[0] != "Parlour stats"] == []  # a context menu may have spaces
    clashes = asyncio.run(_clashes(language))
    assert clashes == []


async def _clashes(language: str) -> list[str]:
    from discord import app_commands

    from bot.client import EXTENSIONS, ParlourBot
    from bot.config import Settings

    words = texts(language)
    bot = ParlourBot(Settings(_env_file=None, discord_token="-"),  # type: ignore[call-arg]
                     sync_only=True)
    found: list[str] = []

    def check(where: str, names: list[str], context: str) -> None:
        said = Counter(words.lookup(n, context) or n for n in names)
        found.extend(f"{where}: {n}" for n, k in said.items() if k > 1)

    def walk(command: object, path: str) -> None:
        if isinstance(command, app_commands.Group):
            check(path, [c.name for c in command.commands], "command")
            for child in command.commands:
                walk(child, f"{path} {child.name}")
        elif isinstance(command, app_commands.Command):
            check(path, [p.name for p in command.parameters], "option")

    try:
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        top = bot.tree.get_commands()
        check("/", [c.name for c in top], "command")
        for command in top:
            walk(command, command.name)
    finally:
        await bot.close()
    return found


def test_a_new_folder_adds_a_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Copy the template to ``<lang>/LC_MESSAGES/parlour.po``, translate: that is all."""
    shutil.copytree(CATALOGUES, tmp_path, dirs_exist_ok=True)
    french = Catalog(locale="fr", domain=DOMAIN)
    french.add("Waiting for {name} ({doing}).", "On attend {name} ({doing}).")
    french.add("bidding", "enchères")
    french.add("new", "nouveau", context="command")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{DOMAIN}.po").open("wb") as handle:
        write_po(handle, french)
    monkeypatch.setattr(i18n, "CATALOGUES", tmp_path)
    i18n._read.cache_clear()
    try:
        assert "fr" in languages()
        assert i18n.locale_of("fr") == "fr"
        with i18n.using("fr"):
            assert i18n._("Waiting for {name} ({doing}).", name="Zoé",
                          doing=i18n._("bidding")) == "On attend Zoé (enchères)."
        assert texts("fr").lookup("new", "command") == "nouveau"
    finally:
        i18n._read.cache_clear()


@pytest.mark.parametrize("language", languages())
def test_the_help_fits_in_one_message(language: str) -> None:
    """Discord takes 2000 characters a message; a longer translation would be cut."""
    text = asyncio.run(_help(language))
    assert "/" in text and len(text) <= 2000, len(text)


async def _help(language: str) -> str:
    from bot.client import EXTENSIONS, ParlourBot
    from bot.config import Settings
    from cogs.help import help_text

    bot = ParlourBot(Settings(_env_file=None, discord_token="-"),  # type: ignore[call-arg]
                     sync_only=True)
    try:
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        with i18n.using(language):
            return help_text(bot)
    finally:
        await bot.close()


def test_a_text_left_in_english_is_said_whole() -> None:
    """An entry a catalogue holds without a translation (a language being translated) falls
    back to English as it is, even inside a sentence: it is never half read against the
    templates; the words around it are read as usual."""
    from bot.i18n.sentences import again

    held = "The picture is lost: the adders stand over the foundations, the book says."
    words = i18n.Texts("xx", {(None, held): "", (None, "Where the book is unclear: {choices}"):
                              "Wo das Buch unklar ist: {choices}",
                              (None, "the foundations"): "die Ablagen"})
    assert words.known(held) and words.lookup(held) is None
    with i18n.using(words):
        assert again(held) == held
        assert again(f"Where the book is unclear: {held}") == f"Wo das Buch unklar ist: {held}"
