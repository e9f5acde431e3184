"""How a dominoes turn looks on Discord (registered for the key ``dominoes``): a tile that
goes only one way is one button; a tile that fits two ends (or Loo's lead, two suits) is a
select of its own, "[5|3]: which end?", whose options are the ends; drawing, going and the
trick games' declarations are buttons after them. When that does not fit Discord's five rows,
the generic layout (selects of 25) takes over. The planner only lays out: legality comes from
the state.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot import render
from bot.discord.custom_ids import ActionId, SelectId, fits
from bot.discord.layout import (
    MAX_BUTTONS_PER_ROW,
    MAX_OPTION_LABEL,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    ButtonSpec,
    Layout,
    SelectSpec,
    plan,
    register_planner,
)
from bot.games.base import Action, Options, View
from bot.games.dominoes import DominoesView, show, source_of
from bot.i18n import _

_QUIET = frozenset({"pass", "fold", "retire", "stop"})


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def tile_groups(legal: Sequence[Action]) -> tuple[list[tuple[str, list[Action]]], list[Action]]:
    """The plays grouped by tile, in the order given, and the other actions."""
    groups: dict[str, list[Action]] = {}
    others: list[Action] = []
    for action in legal:
        tile = source_of(action) if action.kind == "play" else None
        if tile is None:
            others.append(action)
        else:
            groups.setdefault(tile, []).append(action)
    return list(groups.items()), others


def plan_dominoes(view: View, legal: Sequence[Action], options: Options | None,
                  table_id: int, version: int) -> Layout:
    labels = [(str(a), render.action_label(view, a)) for a in legal]
    if not isinstance(view, DominoesView):
        return plan(labels, table_id, version)
    groups, others = tile_groups(legal)
    singles = [acts[0] for _, acts in groups if len(acts) == 1]
    choices = [(tile, acts) for tile, acts in groups if len(acts) > 1]
    buttons = [*singles, *others]
    button_rows = -(-len(buttons) // MAX_BUTTONS_PER_ROW)
    if (not choices or button_rows + len(choices) > MAX_ROWS
            or any(len(acts) > MAX_SELECT_OPTIONS for _, acts in choices)
            or not all(fits(str(a), table_id, version) for a in buttons)):
        return plan(labels, table_id, version)
    rows: list[list[ButtonSpec] | SelectSpec] = []
    for start in range(0, len(buttons), MAX_BUTTONS_PER_ROW):
        rows.append([
            ButtonSpec(custom_id=ActionId(table_id, version, str(a)).encode(),
                       label=_clip(render.action_label(view, a), 80), action=str(a),
                       quiet=a.kind in _QUIET)
            for a in buttons[start:start + MAX_BUTTONS_PER_ROW]
        ])

    for part, (tile, acts) in enumerate(choices):
        rows.append(SelectSpec(
            custom_id=SelectId(table_id, version, part).encode(),
            placeholder=(_("{tile}: as which suit?", tile=show(tile)) if view.variant == "loo"
                         else _("{tile}: which end?", tile=show(tile))),
            options=tuple((str(a), _clip(render.action_label(view, a), MAX_OPTION_LABEL))
                          for a in acts),
        ))
    return Layout(rows=rows)


register_planner("dominoes", plan_dominoes)
