"""Text and pictures of tables, hands and moves: pure functions of a game's `View`.

Every game has a module ``bot.render.<key>`` with the three text functions below, and may have
``bot.render.<key>_picture`` with ``table_picture`` and ``hand_picture``; callers use these
dispatchers and never need to know which game they show.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Sequence
from functools import cache
from types import ModuleType

from bot.games.base import Action, Outcome, View
from bot.render.pictures.style import DEFAULT_STYLE, STYLES, Style, check_style
from bot.render.rendered import Rendered

__all__ = [
    "DEFAULT_STYLE", "STYLES", "Rendered", "Style", "action_label", "arrange", "hand_picture",
    "hand_text", "move_text", "outcome_lines", "personalise", "table_picture", "table_text",
]


@cache
def _module(game: str) -> ModuleType:
    return importlib.import_module(f"bot.render.{game}")


def table_text(view: View, names: list[str]) -> str:
    """The public table (or a seat's table) as Markdown for a channel message or a terminal."""
    return _module(view.game).table_text(view, names)


def hand_text(view: View, names: list[str], *, ai_plays: bool = False) -> str:
    """A seat's own cards and what it must decide now, for its private message; with
    ``ai_plays`` (the seat resigned or was handed to the AI) the decision is the AI's, and the
    text never says "your turn"."""
    return _module(view.game).hand_text(view, names, ai_plays=ai_plays)


def action_label(view: View, action: Action) -> str:
    """A short label for a move (a button's text): ``Order up ♥``, ``J♣``."""
    return _module(view.game).action_label(view, action)


def move_text(view: View, action: Action) -> str:
    """A move in words for everyone at the table, past tense: "played the Queen of hearts",
    "passed". ``view`` is the public view before the move; give ``action`` as
    `State.public_action` has it, so a secret move (a discard) arrives without its secret (and
    each game's words never name a discarded card anyway). "moved" for a game without words."""
    words = getattr(_optional(view.game), "move_text", None)
    return words(view, action) if words is not None else "moved"


def arrange(view: View, actions: Sequence[Action]) -> list[Action]:
    """The seat's actions in the order they are best offered (a game may put its card moves
    in the order its hand is shown); the rules' order by default."""
    order = getattr(_optional(view.game), "arrange", None)
    return order(view, actions) if order is not None else list(actions)


def outcome_lines(view: View, outcome: Outcome, names: list[str]) -> list[str]:
    """A finished game's result lines with the players' names where the rules wrote seats."""
    lines = getattr(_optional(view.game), "outcome_lines", None)
    if lines is not None:
        return lines(view, outcome, names)  # type: ignore[no-any-return]
    seats = [f"Seat {i + 1}" for i in range(view.players)]  # the rules core's default names
    return [personalise(line, seats, names) for line in outcome.lines]


def _optional(game: str) -> ModuleType | None:
    """The game's renderer, or None for a game without one (the service's test games)."""
    try:
        return _module(game)
    except ModuleNotFoundError as exc:
        if exc.name != f"bot.render.{game}":
            raise  # the renderer exists but is broken: say so
        return None


@cache
def _pictures(game: str) -> ModuleType | None:
    name = f"bot.render.{game}_picture"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def table_picture(view: View, names: list[str], style: str = DEFAULT_STYLE) -> Rendered:
    """The table as text plus a PNG (``png`` is None for a game without pictures)."""
    check_style(style)
    module = _pictures(view.game)
    if module is None:
        return Rendered(table_text(view, names))
    return module.table_picture(view, names, style)


def hand_picture(view: View, names: list[str], style: str = DEFAULT_STYLE,
                 legal: Iterable[Action | str] | None = None) -> Rendered:
    """A seat's hand as text plus a PNG of its cards; ``legal`` (the seat's legal actions,
    which a view does not hold) raises the cards it may play."""
    check_style(style)
    module = _pictures(view.game)
    if module is None:
        return Rendered(hand_text(view, names))
    return module.hand_picture(view, names, style, legal)


def source_label(view: View, source: str) -> str:
    """How a picker names a pile a card can move from (``t3`` -> ``Q♠ from packet t3``); a
    game without the notion keeps the pile id."""
    label = getattr(_optional(view.game), "source_label", None)
    return label(view, source) if label is not None else source


def move_halves(view: View, action: Action) -> tuple[str, str] | None:
    """(source, target) of a move a player makes in two picks, or None for one click.

    Games may split their own actions (patience pairs, covers); by default ``kind:src>dst``.
    """
    split = getattr(_optional(view.game), "move_halves", None)
    if split is not None:
        return split(view, action)  # type: ignore[no-any-return]
    source, sep, target = action.arg.partition(">")
    return (source, target) if sep and source and target else None


def draws_pictures(game: str) -> bool:
    return _pictures(game) is not None

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
