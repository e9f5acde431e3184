"""What the catalogues must hold: every text marked in ``bot/`` and ``cogs/`` (Babel's
extractor with `KEYWORDS`), plus every slash command's name, description, option and choice
(collected from the command tree by `bot.discord.translator.command_texts`).

``python -m bot.i18n.extract`` writes the template ``bot/i18n/parlour.pot`` and brings each
language's ``parlour.po`` up to date with it (new texts untranslated, gone ones dropped): to add
a language, copy the template to ``bot/i18n/<lang>/LC_MESSAGES/parlour.po`` and translate it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import CATALOGUES, DOMAIN, KEYWORDS

ROOT = CATALOGUES.parent.parent
SOURCES = ("bot", "cogs")
TEMPLATE = CATALOGUES / f"{DOMAIN}.pot"
COMMAND_CONTEXTS = ("command", "option", "choice")
"""Message contexts of the names a slash command shows (descriptions have none)."""

Message = tuple[str | None, str | tuple[str, str]]
"""(context, id) where a plural's id is (singular, plural)."""


def marked_texts(root: Path = ROOT) -> dict[Message, list[str]]:
    """Every marked text in the sources: (context, id) -> where it is used (``path:line``)."""
    found: dict[Message, list[str]] = {}
    for source in SOURCES:
        method_map = [("**.py", "python")]
        for filename, lineno, message, _comments, context in extract_from_dir(
                root / source, method_map, keywords=KEYWORDS, comment_tags=()):
            if isinstance(message, tuple | list):
                if not message or not all(message):
                    continue
                key: Message = (context, (message[0], message[1]))
            elif message:
                key = (context, message)
            else:
                continue
            found.setdefault(key, []).append(f"{source}/{filename}:{lineno}")
    return found


def template(marked: dict[Message, list[str]], commands: Iterable[tuple[str | None, str]]
             ) -> Catalog:
    """The catalogue template: the marked texts and the command texts, sorted."""
    catalogue = Catalog(domain=DOMAIN, project="Parlour", fuzzy=False)
    for (context, message), where in sorted(marked.items(), key=str):
        locations = [(w.rsplit(":", 1)[0], int(w.rsplit(":", 1)[1])) for w in where]
        catalogue.add(message, context=context, locations=locations,
                      flags=("python-brace-format",) if "{" in str(message) else ())
    for context, message in sorted(set(commands), key=str):
        if (context, message) not in marked:
            catalogue.add(message, context=context, auto_comments=["slash command"])
    return catalogue


def all_texts() -> Catalog:
    """The template as the sources and the command tree are now."""
    from bot.discord.translator import command_texts

    return template(marked_texts(), asyncio.run(command_texts()))


def update(catalogue: Catalog) -> list[Path]:
    """Write the template and merge it into every language's catalogue; the files written."""
    written = [TEMPLATE]
    with TEMPLATE.open("wb") as handle:
        write_po(handle, catalogue, width=100, omit_header=False, sort_output=True)
    for path in sorted(CATALOGUES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        locale = path.parent.parent.name
        with path.open("rb") as handle:
            existing = read_po(handle, locale=locale, domain=DOMAIN)
        existing.update(catalogue, no_fuzzy_matching=True)
        existing.obsolete.clear()
        with path.open("wb") as handle:
            write_po(handle, existing, width=100, sort_output=True, include_previous=False)
        written.append(path)
    return written


def main() -> None:
    for path in update(all_texts()):
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
