"""A rules core's English sentence, said again in the language in force.

The rules core writes finished English sentences (`bot.games.words`: the score line of a deal,
a review, an event) and keeps them in its states, so a restart or a replay has them as plain
text. Its templates are marked, so they are in the catalogues; `again` reads a sentence back
against them: an exact message first, else the template whose fixed words match the whole
sentence (the one with the most fixed words wins), each placeholder's value said again in turn
(a role, a contract, a nested sentence; names and numbers match nothing and stay as they are).
English is returned untouched, so English output stays byte for byte what the core wrote.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from string import Formatter

from bot.i18n import DEFAULT, Texts, current

MAX_DEPTH = 6
_formatter = Formatter()


def again(text: str) -> str:
    """``text`` (one or more lines of the core's English) in the language in force."""
    words = current()
    if words.locale == DEFAULT or not text:
        return text
    return "\n".join(_line(words, line) for line in text.split("\n"))


@lru_cache(maxsize=8192)
def _line(words: Texts, text: str) -> str:
    return _said(words, text, 0)


SEPARATORS = ("; ", ", ", " · ")
"""Where a sentence no template matches is split, to say its parts again one by one."""


def _said(words: Texts, text: str, depth: int) -> str:
    if not text.strip() or depth > MAX_DEPTH:
        return text
    exact = words.lookup(text)
    if exact is not None:
        return exact
    if text[0].isupper() and (lower := words.lookup(text[0].lower() + text[1:])) is not None:
        return lower[:1].upper() + lower[1:]  # the core capitalised a clause to start with it
    matched = _matched(words, text, depth)
    if matched is not None:
        return matched
    for separator in SEPARATORS:
        if separator in text:
            return separator.join(_said(words, part, depth + 1)
                                  for part in text.split(separator))
    return text


def _plain(words: Texts, text: str, depth: int) -> bool:
    """Whether a value may stand in a template made of placeholders alone: a number, a known
    word, or itself a sentence of the templates."""
    if _NUMBER.fullmatch(text) or words.lookup(text) is not None:
        return True
    return depth < MAX_DEPTH and _matched(words, text, depth + 1) is not None


_NUMBER = re.compile(r"[+\-]?\d+(?:\.\d+)?")


def _matched(words: Texts, text: str, depth: int) -> str | None:
    for pattern, names, translation, strict in _patterns(words):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        if strict and not all(_plain(words, match.group(name), depth) for name in names):
            continue
        values = {name: _said(words, match.group(name), depth + 1) for name in names}
        try:
            return translation.format_map(values)
        except (KeyError, IndexError, ValueError):
            continue
    return None


@cache
def _compiled(words: Texts) -> list[tuple[re.Pattern[str], tuple[str, ...], str, bool]]:
    """Each template as a pattern, the most fixed words first; a template of placeholders
    alone (``{suit} {kind}``) is strict: it takes only known words and numbers."""
    out: list[tuple[int, re.Pattern[str], tuple[str, ...], str]] = []
    for message, translation in words.templates():
        parts: list[str] = []
        names: list[str] = []
        fixed = 0
        try:
            parsed = list(_formatter.parse(message))
        except ValueError:
            continue
        for literal, field, _spec, _conversion in parsed:
            parts.append(re.escape(literal))
            fixed += len(literal.strip())
            if field is None:
                continue
            if not field.isidentifier():
                break
            if field in names:
                parts.append(f"(?P={field})")
            else:
                names.append(field)
                parts.append(f"(?P<{field}>.+?)")
        else:
            out.append((fixed, re.compile("".join(parts), re.DOTALL), tuple(names), translation))
    out.sort(key=lambda item: -item[0])
    return [(pattern, names, translation, fixed == 0)
            for fixed, pattern, names, translation in out]


def _patterns(words: Texts) -> list[tuple[re.Pattern[str], tuple[str, ...], str, bool]]:
    return _compiled(words)
