"""How the dice games' choices look on Discord (registered for the key ``dice``): Throw,
Stand and Throw again as buttons; Draw Poker's thirty keeps as one select of the five places,
where the player picks one to four dice (``hold:1`` + ``hold:3`` make ``hold:1,3``) instead of
scrolling thirty options. Legality comes from the state: the planner only lays out.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot import render
from bot.discord.custom_ids import SelectId
from bot.discord.layout import MAX_OPTION_LABEL, Layout, SelectSpec, plan, register_planner
from bot.games.base import Action, Options, View
from bot.games.dice.engine import MAX_DICE
from bot.i18n import _
from bot.render.dice import face


def _single_holds(view: View, legal: Sequence[Action]) -> list[tuple[str, str]]:
    """(``hold:i``, label) for each place a keep may name, when keeps are offered."""
    places = {a.arg for a in legal if a.kind == "hold" and "," not in a.arg}
    dice: list[int] = list(getattr(view, "dice", []))
    out = []
    for i in range(1, MAX_DICE + 1):
        if str(i) in places:
            label = (_("Keep die {n}: {face} ({spots})", n=i, face=face(dice[i - 1]),
                       spots=dice[i - 1]) if i <= len(dice) else _("Keep die {n}:", n=i))
            out.append((f"hold:{i}", label[:MAX_OPTION_LABEL]))
    return out


def plan_dice(view: View, legal: Sequence[Action], options: Options | None, table_id: int,
              version: int) -> Layout:
    holds = [a for a in legal if a.kind == "hold"]
    others = [a for a in legal if a.kind != "hold"]
    layout = plan([(str(a), render.action_label(view, a)) for a in others], table_id, version)
    singles = _single_holds(view, legal)
    if not holds or not singles:
        return layout
    most = max(len(a.arg.split(",")) for a in holds)
    keep = SelectSpec(
        custom_id=SelectId(table_id, version).encode(),
        placeholder=_("Or keep some dice and throw the rest once…"),
        options=tuple(singles),
        min_values=1,
        max_values=min(most, len(singles)),
    )
    return Layout(rows=[*layout.rows, keep], dropped=layout.dropped)


register_planner("dice", plan_dice)
