"""How Skat's choices look on Discord (registered for the key ``skat``): in the auction the
next bid, *ja* or *passe* as buttons and a select to jump higher (the hand's own game values
annotated), never sixty buttons; the two cards to lay away in one two-card select; every game
to declare with what it is worth. Legality comes from the state, values from
`bot.games.skat.advice`: the planner only lays out.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot import render
from bot.discord.custom_ids import ActionId, SelectId
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
from bot.games import registry
from bot.games.base import Action, Options, View
from bot.games.cards import pretty
from bot.games.skat.advice import GameValue, contract_value, hand_values
from bot.games.skat.contracts import Contract
from bot.games.skat.options import SkatOptions
from bot.games.skat.rules import SkatView, card_key
from bot.i18n import _
from bot.i18n.sentences import again

_QUIET = frozenset({"pass", "passt_nicht", "surrender", "concede"})


def _options(view: SkatView, options: Options | None) -> SkatOptions:
    if isinstance(options, SkatOptions):
        return options
    return registry.get("skat").options(view.rules)  # type: ignore[return-value]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _button_rows(
    pairs: Sequence[tuple[str, str]], table_id: int, version: int
) -> list[list[ButtonSpec] | SelectSpec]:
    rows: list[list[ButtonSpec] | SelectSpec] = []
    for start in range(0, len(pairs), MAX_BUTTONS_PER_ROW):
        rows.append([
            ButtonSpec(
                custom_id=ActionId(table_id, version, a).encode(),
                label=_clip(label, 80),
                action=a,
                quiet=a.partition(":")[0] in _QUIET,
            )
            for a, label in pairs[start : start + MAX_BUTTONS_PER_ROW]
        ])
    return rows


def _selects(
    pairs: Sequence[tuple[str, str]],
    table_id: int,
    version: int,
    placeholder: str,
    first_part: int,
) -> list[SelectSpec]:
    out: list[SelectSpec] = []
    for n, start in enumerate(range(0, len(pairs), MAX_SELECT_OPTIONS)):
        chunk = pairs[start : start + MAX_SELECT_OPTIONS]
        out.append(SelectSpec(
            custom_id=SelectId(table_id, version, first_part + n).encode(),
            placeholder=placeholder if n == 0 else _("{placeholder} ({n})",
                                                     placeholder=placeholder, n=n + 1),
            options=tuple((a, _clip(label, MAX_OPTION_LABEL)) for a, label in chunk),
        ))
    return out


def value_label(value: GameValue) -> str:
    """``Club Solo — with 2: 36``: the game, its matadors and its value if won."""
    c = value.contract
    if not c.is_trump_game:
        return _("{game} — {value}", game=again(c.label), value=value.value)
    said = (_("{game} — with {n}: {value}") if value.with_matadors
            else _("{game} — without {n}: {value}"))
    return said.format(game=again(c.label), n=value.matadors, value=value.value)


def _declare_pairs(view: SkatView, legal: Sequence[Action], options: SkatOptions,
                   cards: Sequence[str]) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for a in legal:
        try:
            contract = Contract.parse(a.arg)
        except ValueError:
            pairs.append((str(a), render.action_label(view, a)))
            continue
        if contract.is_ramsch:
            pairs.append((str(a), _("Ramsch (everyone for himself)")))
            continue
        pairs.append((str(a), value_label(contract_value(contract, cards, options))))
    return pairs


def _bid_layout(view: SkatView, legal: Sequence[Action], options: SkatOptions,
                table_id: int, version: int) -> Layout:
    bids = sorted((a for a in legal if a.kind == "bid"), key=lambda a: int(a.arg))
    others = [a for a in legal if a.kind != "bid"]
    first: list[tuple[str, str]] = []
    if bids:
        first.append((str(bids[0]), _("Say {bid}", bid=bids[0].arg)))
    first += [(str(a), render.action_label(view, a)) for a in others]
    rows: list[list[ButtonSpec] | SelectSpec] = list(_button_rows(first, table_id, version))
    higher = bids[1:]
    if higher:
        own: dict[int, str] = {}
        for v in hand_values(view.hand, options):
            own.setdefault(v.value, value_label(v))
        wanted = [a for a in higher if int(a.arg) in own]
        rest = [a for a in higher if int(a.arg) not in own]
        room = MAX_SELECT_OPTIONS - min(len(wanted), MAX_SELECT_OPTIONS)
        shown = sorted([*wanted[:MAX_SELECT_OPTIONS], *rest[:room]], key=lambda a: int(a.arg))
        pairs = [
            (str(a), _("{bid} (your {game})", bid=a.arg, game=own[int(a.arg)])
             if int(a.arg) in own else a.arg)
            for a in shown
        ]
        rows += _selects(pairs, table_id, version, _("Or jump to a higher bid…"), 0)[:1]
    return Layout(rows=rows)


def cards_known(view: SkatView) -> list[str]:
    """The cards the Player's game is counted on now: hand, laid away, a turned card."""
    cards = list(view.hand) + list(view.laid_away or [])
    if view.turned and view.turned not in cards:
        cards.append(view.turned)
    return cards


def skat_layout(
    view: View, legal: Sequence[Action], options: Options | None, table_id: int, version: int
) -> Layout:
    """Skat's choices within Discord's limits (see the module docstring)."""
    if not isinstance(view, SkatView) or not legal:
        return plan([(str(a), render.action_label(view, a)) for a in legal], table_id, version)
    o = _options(view, options)
    if view.phase == "bid" and any(a.kind == "bid" for a in legal):
        return _bid_layout(view, legal, o, table_id, version)
    declares = [a for a in legal if a.kind == "declare"]
    discards = [a for a in legal if a.kind == "discard"]
    rest = [a for a in legal if a.kind not in ("declare", "discard")]
    rest_pairs = [(str(a), render.action_label(view, a)) for a in rest]
    rows: list[list[ButtonSpec] | SelectSpec] = []
    if discards:
        # Listed in the rules' card order, so two picks join into the legal `discard:X,Y`.
        cards = sorted({c for a in discards for c in a.arg.split(",")}, key=card_key)
        rows.append(SelectSpec(
            custom_id=SelectId(table_id, version, 0).encode(),
            placeholder=_("Lay away two cards…"),
            options=tuple((f"discard:{c}", pretty(c)) for c in cards),
            min_values=2,
            max_values=2,
        ))
        rows += _button_rows(rest_pairs, table_id, version)
        return Layout(rows=rows)
    if declares:
        pairs = _declare_pairs(view, declares, o, cards_known(view))
        if len(pairs) + len(rest_pairs) <= MAX_BUTTONS_PER_ROW:
            return Layout(rows=_button_rows([*rest_pairs, *pairs], table_id, version))
        rows += _button_rows(rest_pairs, table_id, version)
        placeholder = (_("Or play without the skat…") if view.phase == "skat"
                       else _("Declare your game…"))
        rows += _selects(pairs, table_id, version, placeholder, 0)
        return Layout(rows=rows[:MAX_ROWS], dropped=max(0, len(rows) - MAX_ROWS))
    return plan(rest_pairs, table_id, version)


register_planner("skat", skat_layout)
