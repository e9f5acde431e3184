"""The kit's solo presentation: one message with its moves, a two-step picker in custom ids."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import UTC, datetime

import discord
import pytest

from bot.discord import custom_ids as ids
from bot.discord.components import ActionButton, ActionSelect, PickSelect, action_view
from bot.discord.layout import SelectSpec, plan_picker, split_move
from bot.discord.solo_ui import solo_message
from bot.games import registry
from bot.games.base import Action
from bot.service.models import SeatInfo, TableInfo, TableStatus
from tests.discord import toysolo_render

NOW = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture(autouse=True)
def toysolo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._MODULES, "toysolo", "tests.service.toysolo")
    monkeypatch.setitem(sys.modules, "bot.render.toysolo", toysolo_render)
    registry.get.cache_clear()
    from bot import render

    render._module.cache_clear()
    yield
    registry.get.cache_clear()
    render._module.cache_clear()


def _table(version: int = 1, seed: int = 3) -> TableInfo:
    game = registry.get("toysolo")
    state = game.new(1, game.options("six"), seed)
    return TableInfo(
        id=7, guild_id=None, channel_id=99, game_key="toysolo", preset="six", options={},
        players=1, status=TableStatus.PLAYING, host_id=5,
        seats=[SeatInfo(index=0, user_id=5, name="Ann")], version=version, seed=seed,
        state=state, created_at=NOW, updated_at=NOW,
    )


def test_split_move_reads_source_and_target() -> None:
    table = _table()
    assert table.state is not None
    view = table.state.view(0)

    def split(text: str) -> tuple[str, str] | None:
        return split_move(view, Action.parse(text))

    assert split("move:t3>f1") == ("t3", "f1")
    assert split("turn") is None and split("pair:t1,t5") is None
    assert split("move:>f1") is None and split("move:t1>") is None


def test_pick_ids_round_trip_and_refuse_junk() -> None:
    assert ids.parse(ids.PickId(12, 40).encode()) == ids.PickId(12, 40)
    assert ids.parse("pk:12") is None and ids.parse("pk:12:x") is None
    assert ids.valid_source("t12") and ids.valid_source("w")
    assert not ids.valid_source("") and not ids.valid_source("t1>f2") and not ids.valid_source(
        "x" * 40)


def test_the_picker_asks_for_a_source_then_its_destinations() -> None:
    table = _table()
    assert table.state is not None
    view, legal = table.state.view(0), table.state.legal_actions(0)
    first = plan_picker(view, legal, table.id, table.version, None, [("undo", "Undo")])
    pick = first.rows[0]
    assert isinstance(pick, SelectSpec) and pick.custom_id == "pk:7:1"
    sources = [value for value, _ in pick.options]
    assert sources == ["p1", "p2", "p3"]
    assert all(" on pile " in label for _, label in pick.options)
    buttons = [b for row in first.rows[1:] if isinstance(row, list) for b in row]
    assert [b.action for b in buttons] == ["resign", "undo"]
    assert [b.label for b in buttons] == ["Give up", "Undo"]

    second = plan_picker(view, legal, table.id, table.version, "p2")
    chosen, targets = second.rows[0], second.rows[1]
    assert isinstance(chosen, SelectSpec) and chosen.default == "p2"
    assert isinstance(targets, SelectSpec) and targets.custom_id == "ps:7:1"
    assert {value for value, _ in targets.options} == {
        str(a) for a in legal if str(a).startswith("move:p2>")}
    assert len(second.rows) <= 5 and second.dropped == 0
    # A source that cannot move (a stale pick) shows the first step again.
    assert len(plan_picker(view, legal, table.id, table.version, "p9").rows) == len(first.rows)


def test_components_make_the_first_step_a_pick_select() -> None:
    table = _table()
    assert table.state is not None
    layout = plan_picker(table.state.view(0), table.state.legal_actions(0), 7, 1, "p1")
    view = action_view(layout)
    assert view is not None
    items = list(view.children)
    assert isinstance(items[0], PickSelect) and isinstance(items[1], ActionSelect)
    assert isinstance(items[-1], ActionButton)
    first = items[0].item
    assert isinstance(first, discord.ui.Select)
    assert [o.value for o in first.options if o.default] == ["p1"]


def test_solo_message_shows_the_view_and_no_moves_once_over() -> None:
    table = _table(version=4)
    message = solo_message(table)
    assert message.embed.title == "Toy Patience (six)"
    assert message.embed.description is not None and "Foundation 0" in message.embed.description
    assert message.png is None  # the toy draws no picture
    assert message.view is not None
    labels = [getattr(getattr(i, "item", i), "label", None) for i in message.view.children]
    assert "Undo" in labels
    assert table.state is not None
    over, _ = table.state.apply(0, Action(kind="resign"))
    done = table.model_copy(update={"state": over, "status": TableStatus.FINISHED})
    final = solo_message(done)
    assert final.view is not None  # only a new deal is offered once it is over
    buttons = [getattr(i, "item", i) for i in final.view.children]
    assert [(b.label, b.custom_id) for b in buttons] == [("New deal", "pa:7:4:again")]
    assert final.embed.description is not None and "Gave up" in final.embed.description
