"""Game key -> `Game`. The one place that lists which games Parlour hosts."""

from __future__ import annotations

import importlib
from functools import cache

from bot.games.base import Game, GameError

# key -> module that defines ``GAME`` (imported on first use, so a broken game cannot stop the bot)
_MODULES: dict[str, str] = {
    "dice": "bot.games.dice",
    "dominoes": "bot.games.dominoes",
    "euchre": "bot.games.euchre",
    "patience": "bot.games.patience",
    "skat": "bot.games.skat",
}


class UnknownGame(GameError):
    pass


def keys() -> list[str]:
    return sorted(_MODULES)


def module_name(key: str) -> str:
    """The module that defines ``key``'s game (AI worker processes import them ahead of time)."""
    if key not in _MODULES:
        raise UnknownGame(f"I don't know a game called `{key}`.")
    return _MODULES[key]


@cache
def get(key: str) -> Game:
    """The game for ``key``, or `UnknownGame` with the list of known keys."""
    module = _MODULES.get(key)
    if module is None:
        raise UnknownGame(f"I don't know a game called `{key}`. Try one of: {', '.join(keys())}.")
    return importlib.import_module(module).GAME
