"""Text (and later images) of tables, hands and moves: pure functions of a game's `View`.

Every game has a module ``bot.render.<key>`` with the three functions below; callers use these
dispatchers and never need to know which game they show.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from types import ModuleType

from bot.games.base import Action, View


@cache
def _module(game: str) -> ModuleType:
    return importlib.import_module(f"bot.render.{game}")


def table_text(view: View, names: list[str]) -> str:
    """The public table (or a seat's table) as Markdown for a channel message or a terminal."""
    return _module(view.game).table_text(view, names)


def hand_text(view: View, names: list[str]) -> str:
    """A seat's own cards and what it must decide now, for its private message."""
    return _module(view.game).hand_text(view, names)


def action_label(view: View, action: Action) -> str:
    """A short label for a move (a button's text): ``Order up ♥``, ``J♣``."""
    return _module(view.game).action_label(view, action)


def personalise(text: str, seat_names: list[str], names: list[str]) -> str:
    """Put the players' names where the rules core wrote seat names ("North" -> "Alice").

    The rules core only knows seats; one pass of whole-word substitution, so a name that itself
    contains a seat name ("AI (South)") is not substituted again.
    """
    pairs = {s: n for s, n in zip(seat_names, names, strict=False) if s and s != n}
    if not pairs:
        return text
    words = "|".join(map(re.escape, sorted(pairs, key=len, reverse=True)))
    pattern = re.compile(rf"\b({words})\b")
    return pattern.sub(lambda m: pairs[m.group(1)], text)
