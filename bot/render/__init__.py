"""Text (and later images) of tables, hands and moves: pure functions of a game's `View`.

Every game has a module ``bot.render.<key>`` with the three functions below; callers use these
dispatchers and never need to know which game they show.
"""

from __future__ import annotations

import importlib
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
