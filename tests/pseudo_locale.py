"""A pseudo-language for finding texts that are not marked for translation.

Built from the extracted template: every translation is the English text wrapped in ``⟦…⟧``
(a command's or option's name gets ``ǝ`` appended instead, since Discord's name rules forbid
brackets). Registered under a Discord locale no catalogue uses, a game played by users and a
server in that locale must show nothing but marked pieces, names, numbers, cards and
punctuation: whatever else is left (`unmarked`) was written without `_`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from bot.i18n import Texts
from bot.i18n.extract import all_texts

PSEUDO = "da"
"""The Discord locale that speaks the pseudo-language in tests (Danish: no catalogue)."""
OPEN, CLOSE = "⟦", "⟧"
NAME_MARK = "ǝ"
_NAME_CONTEXTS = ("command", "option")

_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_ALLOWED = re.compile(
    r"<t:\d+:[a-zA-Z]>"            # Discord timestamps
    r"|<@!?\d+>"                   # mentions
    r"|attachment://\S+"           # the picture an embed shows
    r"|(?:10|[2-9AKQJT])[♣♠♥♦]"   # cards
    r"|[♣♠♥♦]"
    r"|[+\-−]?\d+(?:[.,]\d+)?%?"   # numbers, scores
    r"|\\"                         # Markdown escapes of names
)
_MARKUP = re.compile(r"<t:\d+:[a-zA-Z]>|<@!?\d+>|<#\d+>|attachment://\S+")
_PUNCTUATION = re.compile(r"[\s\W_]", re.UNICODE)


@cache
def pseudo_texts() -> Texts:
    """The pseudo-language: every message of the template, marked."""
    messages: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
    for message in all_texts():
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            messages[(message.context, message.id[0])] = tuple(
                f"{OPEN}{form}{CLOSE}" for form in message.id)
        elif message.context in _NAME_CONTEXTS:
            messages[(message.context, message.id)] = message.id + NAME_MARK
        else:
            messages[(message.context, message.id)] = f"{OPEN}{message.id}{CLOSE}"
    return Texts(PSEUDO, messages)


def unmarked(text: str, names: Iterable[str] = ()) -> str:
    """What is left of ``text`` once marked pieces, the given names, numbers, cards, Discord
    markup and punctuation are taken out ('' when everything was marked)."""
    rest = text
    while True:
        stripped = _MARKED.sub(" ", rest)
        if stripped == rest:
            break
        rest = stripped
    rest = _MARKUP.sub(" ", rest)  # before names: a name may look like part of a timestamp
    for name in sorted(set(names), key=len, reverse=True):
        if name:
            rest = rest.replace(name, " ")
    rest = _ALLOWED.sub(" ", rest)
    return "" if not _PUNCTUATION.sub("", rest) else " ".join(rest.split())


def message_texts(message: dict[str, Any]) -> list[tuple[str, str]]:
    """(where, text) of everything a reader sees of a message: content, embeds, the
    pictures' alt text, buttons, selects and their options."""
    out = [("content", message.get("content") or "")]
    for embed in message.get("embeds") or []:
        out += [("embed title", embed.get("title") or ""),
                ("embed description", embed.get("description") or ""),
                ("embed author", (embed.get("author") or {}).get("name") or ""),
                ("embed footer", (embed.get("footer") or {}).get("text") or "")]
        for field in embed.get("fields") or []:
            out += [("field name", field.get("name") or ""),
                    ("field value", field.get("value") or "")]
    out += [("alt text", a.get("description") or "") for a in message.get("attachments") or []]
    stack = list(message.get("components") or [])
    while stack:
        comp = stack.pop()
        stack.extend(comp.get("components") or [])
        out += [("button", comp.get("label") or ""),
                ("placeholder", comp.get("placeholder") or ""),
                ("modal title", comp.get("title") or "")]
        for option in comp.get("options") or []:
            out += [("option", option.get("label") or ""),
                    ("option description", option.get("description") or "")]
    return [(where, text) for where, text in out if text]


def unmarked_in(messages: Iterable[dict[str, Any]], names: Iterable[str] = ()
                ) -> list[tuple[str, str, str]]:
    """(where, text, what is unmarked) for every text of ``messages`` not wholly marked."""
    names = list(names)
    found = []
    seen: set[str] = set()
    for message in messages:
        for where, text in message_texts(message):
            if text in seen:
                continue
            seen.add(text)
            if rest := unmarked(text, names):
                found.append((where, text, rest))
    return found


def unmarked_commands(commands: Iterable[dict[str, Any]]) -> list[str]:
    """The synced commands' names and descriptions that have no pseudo translation."""
    missing = []

    def walk(node: dict[str, Any], path: str) -> None:
        here = f"{path} {node['name']}".strip()
        if PSEUDO not in (node.get("name_localizations") or {}):
            missing.append(f"name of {here}")
        if node.get("description") and PSEUDO not in (
                node.get("description_localizations") or {}):
            missing.append(f"description of {here}")
        for choice in node.get("choices") or []:
            if str(choice["name"]).isdigit():
                continue  # a number reads the same in every language
            if PSEUDO not in (choice.get("name_localizations") or {}):
                missing.append(f"choice {choice['name']} of {here}")
        for option in node.get("options") or []:
            walk(option, here)

    for command in commands:
        walk(command, "")
    return missing
