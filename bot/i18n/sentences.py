"""A rules core's English sentence, said again in the language in force.

The rules core writes finished English sentences (`bot.games.words`: the score line of a deal,
a review, an event) and keeps them in its states, so a restart or a replay has them as plain
text. Its templates are marked, so they are in the catalogues; `again` reads a sentence back
against them, as a small parser would: an exact message, a number, a template whose fixed
words match the whole sentence (its placeholders' values read back in turn), or the sentence
split at ``; ``, ``, `` or `` · `` and read part by part. Of the readings, the one that
accounts for most of the English wins; what no reading accounts for (a player's name, cards)
stays as it is. English is returned untouched, so English output stays byte for byte what the
core wrote.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache
from string import Formatter

from bot.i18n import DEFAULT, Texts, current

SEPARATORS = ("; ", ", ", " · ")
"""Where a sentence may be split, to read its parts one by one."""
_CLAUSE_MARKS = ("; ", ", ", ": ", ". ", " · ")
_NUMBER = re.compile(r"[+\-]?\d+(?:\.\d+)?")
_formatter = Formatter()

Reading = tuple[str, int, int, bool]
"""A sentence said again; how many of its characters the catalogue accounted for; how many its
own reading fixed (a template's words, a split's separators); whether all of it is known
(words and numbers only: what a template of placeholders alone may take)."""
_NAME = "\ue000{}\ue001"
_NAMED = re.compile("\ue000(\\d+)\ue001")


def again(text: str, names: Iterable[str] = ()) -> str:
    """``text`` (one or more lines of the core's English) in the language in force; ``names``
    (the players' names in it) are kept as they are."""
    words = current()
    if words.locale == DEFAULT or not text:
        return text
    names = tuple(names)
    return "\n".join(_line(words, line, names) for line in text.split("\n"))


def _line(words: Texts, line: str, names: tuple[str, ...]) -> str:
    """One line: a message the catalogue holds is said whole; else it is read with the names
    set aside, and, when a name also occurs inside known words (an alias "Sultan" in "the
    Sultan"), read as well without: the reading that accounts for more of the line wins (a
    name set aside counts as accounted for). Texts held in English are always set aside."""
    if (exact := words.lookup(line)) is not None:
        return exact
    held = _held_in(words, line)
    named = tuple(n for n in names if n and n in line)
    said, score = _set_aside(words, line, (*named, *held))
    if named:
        other, other_score = _set_aside(words, line, held)
        if other_score > score:
            said = other
    return said


def _set_aside(words: Texts, line: str, kept_words: Iterable[str]) -> tuple[str, int]:
    """``line`` read with ``kept_words`` kept as written; the reading and how many characters
    it accounts for (the kept ones included)."""
    kept = sorted({n for n in kept_words if n in line}, key=len, reverse=True)
    aside = 0
    for i, name in enumerate(kept):
        aside += line.count(name) * len(name)
        line = line.replace(name, _NAME.format(i))
    said, accounted, _fixed, _known = _read(words, line)
    if kept:
        said = _NAMED.sub(lambda m: kept[int(m.group(1))], said)
    return said, accounted + aside


@lru_cache(maxsize=4096)
def _held_in(words: Texts, text: str) -> tuple[str, ...]:
    """The messages held without a translation that occur in ``text``."""
    return tuple(m for m in words.untranslated() if m in text)


_SENTENCE_END = re.compile(r"(?<=[.!]) (?=\S)")


def again_sentences(text: str, names: Iterable[str] = ()) -> str:
    """``text`` made of the core's sentences joined by spaces (``A moved. B turned.``), each
    said again (a text the catalogue holds whole is read whole)."""
    words = current()
    if words.locale == DEFAULT or not text:
        return text
    if words.known(text):
        return again(text, names)
    return " ".join(again(part, names) for part in _SENTENCE_END.split(text))


@lru_cache(maxsize=16384)
def _read(words: Texts, text: str) -> Reading:
    whole = len(text)
    if not text.strip() or _NUMBER.fullmatch(text):
        return text, 0, 0, True
    exact = words.lookup(text)
    if exact is not None:
        return exact, whole, whole, True
    if words.known(text):
        return text, whole, whole, True  # held without a translation: English, whole
    if text[0].isupper() and (lower := words.lookup(text[0].lower() + text[1:])) is not None:
        return lower[:1].upper() + lower[1:], whole, whole, True  # a capitalised clause
    best: Reading = (text, 0, 0, False)
    for reading in (*_templates_read(words, text), *_split_read(words, text)):
        if reading[1:3] > best[1:3]:
            best = reading
    return best


def _templates_read(words: Texts, text: str) -> list[Reading]:
    out: list[Reading] = []
    seen: set[tuple[str, ...]] = set()
    for patterns, names, translation, fixed, strict, (head, chunks, tail) in _compiled(words):
        if not (text.startswith(head) and text.endswith(tail)
                and all(chunk in text for chunk in chunks)):
            continue  # cheap test first: a fixed piece is missing
        if strict and any(mark in text for mark in _CLAUSE_MARKS):
            continue  # placeholders alone join words, never clauses
        for pattern in patterns:
            match = pattern.fullmatch(text)
            if match is None:
                continue
            groups = (translation, *match.groups())
            if groups in seen:
                continue
            seen.add(groups)
            values = {name: match.group(name) for name in names}
            if any(len(v) >= len(text) for v in values.values()):
                continue  # nothing fixed was matched: it would read itself forever
            read = {name: _read(words, value) for name, value in values.items()}
            known = all(r[3] for r in read.values())
            if strict and not known:
                continue  # placeholders alone take only what the catalogue knows wholly
            try:
                said = translation.format_map({name: r[0] for name, r in read.items()})
            except (KeyError, IndexError, ValueError):
                continue
            out.append((said, fixed + sum(r[1] for r in read.values()), fixed, known))
    return out


def _split_read(words: Texts, text: str) -> list[Reading]:
    out: list[Reading] = []
    for separator in SEPARATORS:
        if separator in text:
            parts = [_read(words, part) for part in _pieces(words, text.split(separator),
                                                            separator)]
            joins = len(separator) * (len(parts) - 1)
            out.append((separator.join(p[0] for p in parts), joins + sum(p[1] for p in parts),
                        joins, all(p[3] for p in parts)))
    return out


def _pieces(words: Texts, parts: list[str], separator: str) -> list[str]:
    """The parts of a split, neighbours joined again where together they are one message the
    catalogue holds (a listed text may itself contain the separator)."""
    out: list[str] = []
    i = 0
    while i < len(parts):
        j = next((j for j in range(len(parts), i + 1, -1)
                  if words.known(separator.join(parts[i:j]))), i + 1)
        out.append(separator.join(parts[i:j]))
        i = j
    return out


@cache
def _compiled(words: Texts) -> list[tuple[tuple[re.Pattern[str], ...], tuple[str, ...], str,
                                          int, bool, tuple[str, list[str], str]]]:
    """Each template as patterns (placeholders matched shortest and longest first), its
    placeholders, its translation, how many fixed characters it has, and whether it is made
    of placeholders and spaces alone (strict: its values must be wholly known)."""
    out = []
    for message, translation in words.templates():
        try:
            parsed = list(_formatter.parse(message))
        except ValueError:
            continue
        lazy: list[str] = []
        greedy: list[str] = []
        names: list[str] = []
        literal = ""
        for text, field, _spec, _conversion in parsed:
            lazy.append(re.escape(text))
            greedy.append(re.escape(text))
            literal += text
            if field is None:
                continue
            if not field.isidentifier():
                names = []
                break
            if field in names:
                lazy.append(f"(?P={field})")
                greedy.append(f"(?P={field})")
            else:
                names.append(field)
                lazy.append(f"(?P<{field}>.+?)")
                greedy.append(f"(?P<{field}>.+)")
        if not names or not literal:
            continue
        patterns = (re.compile("".join(lazy), re.DOTALL), re.compile("".join(greedy), re.DOTALL))
        pieces = [text for text, *_ in parsed]
        head = pieces[0] if parsed[0][1] is not None or len(pieces) > 1 else ""
        tail = pieces[-1] if parsed[-1][1] is None else ""
        chunks = [p for p in pieces if p.strip()]
        out.append((patterns, tuple(names), translation, len(literal), not literal.strip(),
                    (head, chunks, tail)))
    out.sort(key=lambda item: -item[3])
    return out
