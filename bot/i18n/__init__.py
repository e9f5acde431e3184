"""Parlour's languages: gettext message catalogues, and the language of the text being made.

The English texts in the code are the message ids, so English needs no catalogue. Every other
language is a folder ``bot/i18n/<lang>/LC_MESSAGES/parlour.po`` (read at runtime with Babel, no
compile step): a new folder adds a language, no code changes (`languages()` finds it).

Which language a text is made in is a context variable: the kit sets it where it knows the
reader (`using`: a click's locale, a player's for a hand DM, a server's for a table message),
and the renderers below it ask `_` for their words, so they stay functions of what they show
plus the language in force. A placeholder is named (``_("Waiting for {name}.", name=n)``):
a translation may put the words in its own order.
"""

from __future__ import annotations

import contextlib
import gettext as _stdlib_gettext
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

DEFAULT = "en"
DOMAIN = "parlour"
CATALOGUES = Path(__file__).resolve().parent
"""Where the ``<lang>/LC_MESSAGES/parlour.po`` folders are (shipped as package data)."""

Key = tuple[str | None, str]
"""(message context or None, message id)."""


class Texts:
    """One language's words: ``gettext``/``ngettext``/``pgettext`` with named placeholders.

    A message without a translation falls back to the English id (as gettext does); the
    coverage tests make sure none is missing.
    """

    def __init__(self, locale: str, messages: Mapping[Key, str | tuple[str, ...]] | None = None,
                 plural: Callable[[int], int] | None = None) -> None:
        self.locale = locale
        self._messages = dict(messages or {})
        self._plural = plural or (lambda n: int(n != 1))
        self._untranslated: tuple[str, ...] | None = None

    def lookup(self, message: str, context: str | None = None) -> str | None:
        """The translation of a singular message, or None if the catalogue has none."""
        found = self._messages.get((context, message))
        if isinstance(found, tuple):
            found = found[0]
        return found or None

    def untranslated(self) -> tuple[str, ...]:
        """The messages held with an empty translation (said in English, whole)."""
        if self._untranslated is None:
            self._untranslated = tuple(m for (c, m), found in self._messages.items()
                                       if c is None and not found)
        return self._untranslated

    def known(self, message: str, context: str | None = None) -> bool:
        """Whether the catalogue holds ``message`` (translated or not: an entry left empty
        falls back to English, whole)."""
        return (context, message) in self._messages

    def templates(self) -> list[tuple[str, str]]:
        """(message, translation) of every translated message with placeholders."""
        return [(message, found) for (context, message), found in self._messages.items()
                if context is None and "{" in message and isinstance(found, str) and found]

    def gettext(self, message: str, /, **values: Any) -> str:
        messages = self._messages
        if messages:  # English holds none: its ids are its words
            found = messages.get((None, message))
            if isinstance(found, tuple):
                found = found[0]
            message = found or message
        return message.format_map(values) if values else message

    def pgettext(self, context: str, message: str, /, **values: Any) -> str:
        return _fill(self.lookup(message, context) or message, values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        """The form for ``n`` (which is also the placeholder ``{n}``)."""
        found = self._messages.get((None, singular))
        forms = found if isinstance(found, tuple) else ()
        index = self._plural(n)
        chosen = forms[index] if index < len(forms) and forms[index] else None
        text = chosen or (singular if n == 1 else plural)
        return _fill(text, {"n": n, **values})

    def __repr__(self) -> str:
        return f"Texts({self.locale!r}, {len(self._messages)} messages)"


def _fill(text: str, values: Mapping[str, Any]) -> str:
    """Named placeholders filled; a text without values is returned as written (braces too)."""
    return text.format_map(values) if values else text


ENGLISH = Texts(DEFAULT)
_registered: dict[str, Texts] = {}


def languages() -> tuple[str, ...]:
    """English, then every language that has a catalogue (or was `register`ed), sorted.
    The folders are looked at once per process: a new language comes with a restart."""
    global _known
    if _known is None or _known[0] != CATALOGUES:
        found = set(_folders(CATALOGUES))
        _known = (CATALOGUES, (DEFAULT, *sorted((found | set(_registered)) - {DEFAULT})))
    return _known[1]


_known: tuple[Path, tuple[str, ...]] | None = None
"""`languages()` as last worked out, and for which folder (every hand DM and table message
asks): `register` and `unregister` forget it."""


@cache
def _folders(root: Path) -> tuple[str, ...]:
    return tuple(p.parent.parent.name for p in root.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


@cache
def _read(locale: str) -> Texts:
    from babel.messages.pofile import read_po

    path = CATALOGUES / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=locale, domain=DOMAIN)
    messages: dict[Key, str | tuple[str, ...]] = {}
    for entry in catalogue:
        if not entry.id or entry.fuzzy:
            continue
        singular = entry.id[0] if isinstance(entry.id, tuple | list) else entry.id
        value = entry.string
        messages[(entry.context, singular)] = (
            tuple(value) if isinstance(value, tuple | list) else value)
    plural = _stdlib_gettext.c2py(catalogue.plural_expr)
    return Texts(locale, messages, plural)


def texts(locale: str | None) -> Texts:
    """The words of ``locale`` (a name from `languages()`); English for None or an unknown one."""
    if locale is None or locale == DEFAULT:
        return ENGLISH
    if locale in _registered:
        return _registered[locale]
    if locale not in languages():
        return ENGLISH
    return _read(locale)


def register(words: Texts) -> None:
    """Make a language known without a folder (tests: a pseudo-language built from the
    extracted messages). `unregister` takes it back."""
    global _known
    _registered[words.locale] = words
    _known = None


def unregister(locale: str) -> None:
    global _known
    _registered.pop(locale, None)
    _known = None


def locale_of(discord_locale: object) -> str | None:
    """The catalogue for a Discord locale (``"de"``, ``"en-US"``, ``"pt-BR"`` or a
    `discord.Locale`): the exact one (``pt_BR``), else its language (``pt``); None if Parlour
    does not speak it."""
    if discord_locale is None:
        return None
    said = str(getattr(discord_locale, "value", discord_locale))
    known = languages()
    if _matched[0] is not known:  # the languages changed: match again
        _matched[:] = [known, {}]
    matches: dict[str, str | None] = _matched[1]
    if said not in matches:
        if len(matches) >= 256:  # Discord has a few dozen: anything else is not kept long
            matches.clear()
        matches[said] = _match(said.replace("-", "_"), known)
    return matches[said]


_matched: list[Any] = [None, {}]
"""The `languages()` the matches below were made against, and Discord locale -> catalogue
(`locale_of` is asked for every hand DM and table message, of a few dozen locales)."""


def _match(raw: str, known: tuple[str, ...]) -> str | None:
    if not raw:
        return None
    for name in (raw, raw.split("_")[0]):
        for candidate in (name, name.lower()):
            if candidate in known:
                return candidate
    return None


_current: ContextVar[Texts] = ContextVar("parlour_texts", default=ENGLISH)


def current() -> Texts:
    """The words in force here (English unless a caller chose otherwise)."""
    return _current.get()


@contextlib.contextmanager
def using(language: str | Texts | None) -> Iterator[Texts]:
    """Make texts in ``language`` inside the block (a name, a `Texts`, or None: English)."""
    words = language if isinstance(language, Texts) else texts(language)
    token = _current.set(words)
    try:
        yield words
    finally:
        _current.reset(token)


def speak(language: str | Texts | None) -> Texts:
    """Set the language for the rest of this task (a handler that answers one reader)."""
    words = language if isinstance(language, Texts) else texts(language)
    _current.set(words)
    return words


def _(message: str, /, **values: Any) -> str:
    """``message`` in the language in force, placeholders filled."""
    return _current.get().gettext(message, **values)


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    return _current.get().ngettext(singular, plural, n, **values)


def pgettext(context: str, message: str, /, **values: Any) -> str:
    return _current.get().pgettext(context, message, **values)


def N_(message: str, /) -> str:
    """Marks a text for the catalogue where it is defined; `_` translates it where it is used."""
    return message


KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "NP_": ((1, "c"), 2)}
"""The marking functions, as Babel's extractor wants them."""

__all__ = [
    "CATALOGUES", "DEFAULT", "DOMAIN", "ENGLISH", "KEYWORDS", "N_", "Texts", "_", "current",
    "languages", "locale_of", "ngettext", "pgettext", "register", "speak", "texts",
    "unregister", "using",
]
