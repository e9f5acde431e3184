"""Persistent components: `DynamicItem`s whose custom ids carry everything they need.

discord.py rebuilds one of these from the custom id of every click, even after a restart, and
hands the click to the client's `TableUI` (``client.table_ui``). Nothing here decides anything:
the callbacks parse, then delegate.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.discord import custom_ids as ids
from bot.discord.languages import hear
from bot.discord.layout import ButtonSpec, Layout, SelectSpec, combine
from bot.i18n import N_, _

if TYPE_CHECKING:
    from discord import Interaction

log = logging.getLogger(__name__)


class ClickHandler(Protocol):
    async def on_action(
        self, interaction: Interaction, table_id: int, version: int, action: str
    ) -> None: ...
    async def on_lobby(self, interaction: Interaction, table_id: int, op: ids.LobbyOp) -> None: ...
    async def on_show_hand(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_pick(
        self, interaction: Interaction, table_id: int, version: int, source: str
    ) -> None: ...
    async def on_rematch(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_replay(self, interaction: Interaction, table_id: int, step: int) -> None: ...
    async def on_ladder(self, interaction: Interaction, ladder: ids.LadderId) -> None: ...
    async def on_bad_component(self, interaction: Interaction, why: str) -> None: ...


def handler_of(interaction: Interaction) -> ClickHandler | None:
    return getattr(interaction.client, "table_ui", None)


async def _dispatch(interaction: Interaction, custom_id: str, select_value: str | None) -> None:
    await hear(interaction)  # the answer, in the clicker's language
    handler = handler_of(interaction)
    if handler is None:  # pragma: no cover - a client without a TableUI never adds these items
        log.error("component %s clicked but the client has no table_ui", custom_id)
        return
    parsed = ids.parse(custom_id)
    if isinstance(parsed, ids.ActionId):
        await handler.on_action(interaction, parsed.table_id, parsed.version, parsed.action)
    elif isinstance(parsed, ids.SelectId):
        if select_value is None or not ids.valid_action(select_value):
            log.info("a select of %r sent a choice we did not offer: %r", custom_id, select_value)
            await handler.on_bad_component(interaction, _("That choice is not one I offered."))
        else:
            await handler.on_action(interaction, parsed.table_id, parsed.version, select_value)
    elif isinstance(parsed, ids.LobbyId):
        await handler.on_lobby(interaction, parsed.table_id, parsed.op)
    elif isinstance(parsed, ids.HandId):
        await handler.on_show_hand(interaction, parsed.table_id)
    elif isinstance(parsed, ids.RematchId):
        await handler.on_rematch(interaction, parsed.table_id)
    elif isinstance(parsed, ids.PickId):
        if select_value is None or not ids.valid_source(select_value):
            await handler.on_bad_component(interaction, _("That choice is not one I offered."))
        else:
            await handler.on_pick(interaction, parsed.table_id, parsed.version, select_value)
    elif isinstance(parsed, ids.ReplayId):
        await handler.on_replay(interaction, parsed.table_id, parsed.step)
    elif isinstance(parsed, ids.LadderId):
        await handler.on_ladder(interaction, parsed)
    else:
        # Forged or garbled by a client: worth a note, not an alarm (at most INFO).
        log.info("a click with a malformed custom id: %r", custom_id)
        await handler.on_bad_component(interaction, _("I don't recognise that button."))


class _ParlourButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """Shared behaviour: rebuilt from any matching id, answers even when the id is malformed."""

    def __init__(self, item: discord.ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> _ParlourButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item)

    async def callback(self, interaction: Interaction) -> None:
        await _dispatch(interaction, self.custom_id, None)


class ActionButton(_ParlourButton, template=ids.ACTION_TEMPLATE):
    pass


class LobbyButton(_ParlourButton, template=ids.LOBBY_TEMPLATE):
    pass


class HandButton(_ParlourButton, template=ids.HAND_TEMPLATE):
    pass


class RematchButton(_ParlourButton, template=ids.REMATCH_TEMPLATE):
    pass


class ReplayButton(_ParlourButton, template=ids.REPLAY_TEMPLATE):
    """A replay viewer's button (first, previous/next deal, trick or move, last)."""


class LadderButton(_ParlourButton, template=ids.LADDER_TEMPLATE):
    """A leaderboard's First/Previous/Next/Last (`bot.discord.ladders`)."""


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE):
    def __init__(self, item: discord.ui.Select[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: Interaction) -> None:
        values = self.item.values
        # A multi-select's picks (all of one kind) make one action: discard:CJ,HT.
        listed = [o.value for o in self.item.options]
        chosen = combine(values, listed) if values else None
        await _dispatch(interaction, self.custom_id, chosen)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.PICK_TEMPLATE):
    """The first step of a two-step move: the value is the source the player picked."""

    def __init__(self, item: discord.ui.Select[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: Interaction) -> None:
        values = self.item.values
        await _dispatch(interaction, self.custom_id, values[0] if len(values) == 1 else None)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ActionButton,
    LobbyButton,
    HandButton,
    RematchButton,
    ReplayButton,
    LadderButton,
    ActionSelect,
    PickSelect,
)
"""Register with ``client.add_dynamic_items(*DYNAMIC_ITEMS)``."""


def _button(spec: ButtonSpec, row: int) -> ActionButton:
    style = discord.ButtonStyle.secondary if spec.quiet else discord.ButtonStyle.primary
    return ActionButton(
        discord.ui.Button(label=spec.label, style=style, custom_id=spec.custom_id, row=row)
    )


def _select(spec: SelectSpec, row: int) -> ActionSelect | PickSelect:
    options = [
        discord.SelectOption(label=label, value=value, default=value == spec.default)
        for value, label in spec.options
    ]
    kind = PickSelect if spec.custom_id.startswith("pk:") else ActionSelect
    return kind(
        discord.ui.Select(
            custom_id=spec.custom_id,
            placeholder=spec.placeholder[:150],
            options=options,
            row=row,
            min_values=spec.min_values,
            max_values=spec.max_values,
        )
    )


def action_view(layout: Layout) -> discord.ui.View | None:
    """The view for a hand's legal actions, or None when there is nothing to choose."""
    if not layout.rows:
        return None
    view = discord.ui.View(timeout=None)
    for row, entry in enumerate(layout.rows):
        if isinstance(entry, SelectSpec):
            view.add_item(_select(entry, row))
        else:
            for spec in entry:
                view.add_item(_button(spec, row))
    return view


_LOBBY_BUTTONS: tuple[tuple[ids.LobbyOp, str, discord.ButtonStyle], ...] = (
    ("join", N_("Join"), discord.ButtonStyle.success),
    ("leave", N_("Leave"), discord.ButtonStyle.secondary),
    ("ai", N_("Add AI"), discord.ButtonStyle.secondary),
    ("start", N_("Start"), discord.ButtonStyle.primary),
)


def lobby_view(table_id: int, *, ai: bool = True) -> discord.ui.View:
    """The lobby's buttons; without "Add AI" at a table whose server allows no AI players."""
    view = discord.ui.View(timeout=None)
    for op, label, style in _LOBBY_BUTTONS:
        if op == "ai" and not ai:
            continue
        custom_id = ids.LobbyId(table_id, op).encode()
        view.add_item(LobbyButton(discord.ui.Button(label=_(label), style=style,
                                                    custom_id=custom_id)))
    return view


def show_hand_view(table_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    custom_id = ids.HandId(table_id).encode()
    view.add_item(
        HandButton(
            discord.ui.Button(
                label=_("Show my hand"), style=discord.ButtonStyle.primary, custom_id=custom_id
            )
        )
    )
    return view


def rematch_view(table_id: int) -> discord.ui.View:
    """The finished table's "Rematch" button (`ids.RematchId`)."""
    view = discord.ui.View(timeout=None)
    custom_id = ids.RematchId(table_id).encode()
    view.add_item(
        RematchButton(
            discord.ui.Button(label=_("Rematch"), style=discord.ButtonStyle.success,
                              custom_id=custom_id)
        )
    )
    return view


REPLAY_BUTTONS: tuple[tuple[ids.ReplayOp, str], ...] = (
    ("f", N_("⏮ First")),
    ("pt", N_("◀ Trick")),
    ("pm", N_("◀ Move")),
    ("nm", N_("Move ▶")),
    ("nt", N_("Trick ▶")),
    ("pd", N_("◀◀ Deal")),
    ("nd", N_("Deal ▶▶")),
    ("l", N_("Last ⏭")),
)
"""The replay viewer's buttons in the order shown; targets None leave a button out."""


def replay_view(table_id: int, current: int,
                targets: dict[ids.ReplayOp, int | None]) -> discord.ui.View:
    """The replay viewer's buttons: each carries the step it shows; one that would not move
    (already there) is disabled; an op whose target is None (no tricks, no deals) is left out."""
    view = discord.ui.View(timeout=None)
    shown = [(op, label, targets[op]) for op, label in REPLAY_BUTTONS
             if targets.get(op) is not None]
    moves = [t for t in shown if t[0] in ("f", "pt", "pm", "nm", "nt")]
    rest = [t for t in shown if t not in moves]
    for row, group in enumerate((moves, rest)):
        for op, label, step in group:
            assert step is not None
            custom_id = ids.ReplayId(table_id, step, op).encode()
            view.add_item(ReplayButton(discord.ui.Button(
                label=_(label), style=discord.ButtonStyle.secondary, custom_id=custom_id,
                disabled=step == current, row=row)))
    return view
