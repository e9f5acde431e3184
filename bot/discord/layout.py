"""How a set of legal actions is laid out as components, within Discord's limits.

Pure data (no discord import) so it can be tested on every legal-action set of random games:
at most 5 rows, 5 buttons a row, 25 options a select, 80-character button labels, 100-character
option labels and custom ids.

A game whose choices read better another way (Skat: the next bid as a button instead of 60
bids, a two-card multi-select for the discard) registers a `Planner` for its key with
`register_planner`; `plan_for` uses it, and every other game keeps the generic `plan`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot import render
from bot.discord.custom_ids import ActionId, PickId, SelectId, fits, valid_action, valid_source
from bot.games.base import Action, Options, View
from bot.i18n import _

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_OPTION_LABEL = 100

# Declining moves are drawn grey so the eye finds the real choices first (cosmetic only).
_QUIET_KINDS = frozenset({"pass", "turn_down", "bunch", "decline", "fold"})


@dataclass(frozen=True)
class ButtonSpec:
    custom_id: str
    label: str
    action: str
    quiet: bool = False


@dataclass(frozen=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[tuple[str, str], ...]
    """(value = action, label) pairs."""
    min_values: int = 1
    max_values: int = 1
    """Above 1 the player picks several options, all of one kind, which make one action:
    ``discard:CJ`` and ``discard:HT`` are sent as ``discard:CJ,HT``, joined in the order the
    options are listed (see `combine`)."""
    default: str | None = None
    """The option shown as chosen (a picker's source once picked)."""


@dataclass(frozen=True)
class Layout:
    rows: list[list[ButtonSpec] | SelectSpec] = field(default_factory=list)
    dropped: int = 0
    """Actions that could not be shown (only if there are more than 5 x 25)."""

    def custom_ids(self) -> list[str]:
        ids: list[str] = []
        for row in self.rows:
            if isinstance(row, SelectSpec):
                ids.append(row.custom_id)
            else:
                ids.extend(b.custom_id for b in row)
        return ids


def _clip(text: str, limit: int) -> str:
    text = text.strip() or "?"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plan(
    actions: Sequence[tuple[str, str]], table_id: int, version: int, placeholder: str = ""
) -> Layout:
    """Buttons when all actions fit as buttons (≤ 25), else selects of 25 options each."""
    placeholder = placeholder or _("Choose…")
    usable = [(a, label) for a, label in actions if valid_action(a)]
    dropped = len(actions) - len(usable)
    if not usable:
        return Layout(dropped=dropped)
    if len(usable) <= MAX_ROWS * MAX_BUTTONS_PER_ROW and all(
        fits(a, table_id, version) for a, _label in usable
    ):
        rows: list[list[ButtonSpec] | SelectSpec] = []
        for start in range(0, len(usable), MAX_BUTTONS_PER_ROW):
            rows.append(
                [
                    ButtonSpec(
                        custom_id=ActionId(table_id, version, a).encode(),
                        label=_clip(label, MAX_BUTTON_LABEL),
                        action=a,
                        quiet=a.partition(":")[0] in _QUIET_KINDS,
                    )
                    for a, label in usable[start : start + MAX_BUTTONS_PER_ROW]
                ]
            )
        return Layout(rows=rows, dropped=dropped)
    selects: list[list[ButtonSpec] | SelectSpec] = []
    for part, start in enumerate(range(0, len(usable), MAX_SELECT_OPTIONS)):
        if part >= MAX_ROWS:
            dropped += len(usable) - start
            break
        chunk = usable[start : start + MAX_SELECT_OPTIONS]
        selects.append(
            SelectSpec(
                custom_id=SelectId(table_id, version, part).encode(),
                placeholder=placeholder if part == 0 else _("{placeholder} ({n})",
                                                            placeholder=placeholder, n=part + 1),
                options=tuple((a, _clip(label, MAX_OPTION_LABEL)) for a, label in chunk),
            )
        )
    return Layout(rows=selects, dropped=dropped)


def combine(values: Sequence[str], order: Sequence[str] = ()) -> str | None:
    """One action from the values picked in a multi-select: ``kind:a`` + ``kind:b`` ->
    ``kind:a,b``, in the order of ``order`` (the select's options; clients may send the picks
    in any order), else as given. None when they are not all ``kind:arg`` of one kind."""
    if len(values) == 1:
        return values[0]
    rank = {v: i for i, v in enumerate(order)}
    values = sorted(values, key=lambda v: rank.get(v, len(rank)))
    kinds = {v.partition(":")[0] for v in values}
    args = [v.partition(":")[2] for v in values]
    if len(kinds) != 1 or not all(args):
        return None
    joined = f"{kinds.pop()}:{','.join(args)}"
    return joined if valid_action(joined) else None


def split_move(view: View, action: Action) -> tuple[str, str] | None:
    """The two halves a picker asks for (``move:t3>f1`` -> ``t3``, ``f1``), as the game's
    renderer splits its actions; None for an action that is one click."""
    halves = render.move_halves(view, action)
    return halves if halves is not None and valid_source(halves[0]) else None


def plan_picker(
    view: View,
    legal: Sequence[Action],
    table_id: int,
    version: int,
    picked: str | None = None,
    extra: Sequence[tuple[str, str]] = (),
) -> Layout:
    """A two-step picker (source, then destination) above buttons for every other action.

    Row 0 is a ``pk`` select of the sources that can move; once one is ``picked``, row 1 is
    a ``ps`` select of that source's whole moves, so the half-chosen move is carried by the
    message itself and survives a restart. Labels come from the game's renderer; ``extra``
    are the kit's own buttons (Undo), as (action, label), after the game's.
    """
    moves: dict[str, list[Action]] = {}
    others: list[Action] = []
    for action in legal:
        halves = split_move(view, action)
        if halves is None:
            others.append(action)
        else:
            moves.setdefault(halves[0], []).append(action)
    if picked not in moves:
        picked = None
    rows: list[list[ButtonSpec] | SelectSpec] = []
    dropped = 0
    if moves:
        sources = list(moves)[:MAX_SELECT_OPTIONS]
        dropped += sum(len(moves[s]) for s in list(moves)[MAX_SELECT_OPTIONS:])
        rows.append(SelectSpec(
            custom_id=PickId(table_id, version).encode(),
            placeholder=_("Pick a card to move…"),
            options=tuple(
                (s, _clip(render.source_label(view, s), MAX_OPTION_LABEL)) for s in sources
            ),
            default=picked,
        ))
    if picked is not None:
        targets = moves[picked][:MAX_SELECT_OPTIONS]
        rows.append(SelectSpec(
            custom_id=SelectId(table_id, version).encode(),
            placeholder=_clip(_("Move {source} to…", source=render.source_label(view, picked)),
                              150),
            options=tuple(
                (str(a), _clip(render.action_label(view, a), MAX_OPTION_LABEL)) for a in targets
            ),
        ))
    buttons = plan(
        [*((str(a), render.action_label(view, a)) for a in others), *extra], table_id, version
    )
    room = MAX_ROWS - len(rows)
    rows.extend(buttons.rows[:room])
    dropped += buttons.dropped + sum(
        len(r.options) if isinstance(r, SelectSpec) else len(r) for r in buttons.rows[room:]
    )
    return Layout(rows=rows, dropped=dropped)


Planner = Callable[[View, Sequence[Action], Options | None, int, int], Layout]
"""(seat's view, its legal actions, the table's options, table id, version) -> layout."""

_PLANNERS: dict[str, Planner] = {}


def register_planner(game_key: str, planner: Planner) -> None:
    """Let a game lay out its own choices (called when its cog module is imported)."""
    _PLANNERS[game_key] = planner


def plan_for(
    game_key: str,
    view: View,
    legal: Sequence[Action],
    options: Options | None,
    table_id: int,
    version: int,
) -> Layout:
    """The game's own planner if it registered one, else `plan` with the renderer's labels;
    either way the actions come in the renderer's order (a hand's cards as the hand shows
    them)."""
    legal = render.arrange(view, legal)
    planner = _PLANNERS.get(game_key)
    if planner is not None:
        return planner(view, legal, options, table_id, version)
    return plan([(str(a), render.action_label(view, a)) for a in legal], table_id, version)
