"""Every legal-action set of random Euchre games fits Discord's component limits, and the table
embed shows nothing that the public view does not."""

from __future__ import annotations

import json

from bot import render
from bot.discord import custom_ids as ids
from bot.discord.layout import (
    MAX_BUTTON_LABEL,
    MAX_BUTTONS_PER_ROW,
    MAX_OPTION_LABEL,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    SelectSpec,
    plan,
)
from bot.discord.table_messages import hand_message, table_embed
from bot.games.base import State
from bot.games.cards import pretty
from tests.discord.conftest import random_euchre_states, table_for


def _check_components(rows: list[dict]) -> list[str]:
    assert len(rows) <= MAX_ROWS
    custom_ids: list[str] = []
    for row in rows:
        assert row["type"] == 1
        items = row["components"]
        assert 1 <= len(items) <= MAX_BUTTONS_PER_ROW
        for item in items:
            assert len(item["custom_id"]) <= ids.MAX_CUSTOM_ID
            custom_ids.append(item["custom_id"])
            if item["type"] == 2:
                assert 1 <= len(item["label"]) <= MAX_BUTTON_LABEL
            else:
                assert len(items) == 1  # a select fills its row
                assert 1 <= len(item["options"]) <= MAX_SELECT_OPTIONS
                assert all(len(o["label"]) <= MAX_OPTION_LABEL for o in item["options"])
    assert len(custom_ids) == len(set(custom_ids))
    return custom_ids


def test_hands_of_random_games_fit_and_offer_exactly_the_legal_actions() -> None:
    checked = 0
    for state in random_euchre_states(24, seed=7):
        table = table_for(state, state.players, version=checked % 1000)
        for seat in range(state.players):
            content, view = hand_message(table, seat)
            assert len(content) <= 2000
            legal = {str(a) for a in state.legal_actions(seat)}
            if view is None:
                assert not legal or table.status.value != "playing"
                continue
            offered: set[str] = set()
            for custom_id in _check_components(view.to_components()):
                parsed = ids.parse(custom_id)
                assert isinstance(parsed, ids.ActionId | ids.SelectId)
                assert parsed.table_id == table.id and parsed.version == table.version
                if isinstance(parsed, ids.ActionId):
                    offered.add(parsed.action)
            for row in view.to_components():
                for item in row["components"]:
                    offered.update(o["value"] for o in item.get("options", []))
            assert offered == legal
            checked += 1
    assert checked > 500


def test_many_actions_go_into_selects_within_limits() -> None:
    actions = [(f"move:t{i}", f"Move {i} " + "x" * 120) for i in range(130)]
    layout = plan(actions, 123456789, 99999)
    assert all(isinstance(r, SelectSpec) for r in layout.rows)
    assert len(layout.rows) == MAX_ROWS
    assert layout.dropped == 130 - MAX_ROWS * MAX_SELECT_OPTIONS
    assert len(set(layout.custom_ids())) == MAX_ROWS
    few = plan(actions[:25], 1, 1)
    assert sum(len(r) for r in few.rows if isinstance(r, list)) == 25


def test_unusable_actions_are_dropped_not_sent() -> None:
    layout = plan([("pass", "Pass"), ("bad action", "?")], 1, 1)
    assert layout.dropped == 1
    assert [b.action for row in layout.rows if isinstance(row, list) for b in row] == ["pass"]


def _hidden_from(state: State, reader: int | None) -> set[str]:
    """Cards in other seats' hands that neither the public nor ``reader`` can see."""
    visible = json.dumps(state.view(None).model_dump(mode="json"))
    if reader is not None:
        visible += json.dumps(state.view(reader).model_dump(mode="json"))
    hidden: set[str] = set()
    for seat in range(state.players):
        if seat != reader:
            hidden.update(c for c in state.view(seat).hand if c not in visible)  # type: ignore[attr-defined]
    return hidden


def test_no_message_shows_a_card_its_reader_may_not_see() -> None:
    checked = 0
    for state in random_euchre_states(10, seed=11):
        table = table_for(state, state.players)
        shown = json.dumps(table_embed(table).to_dict(), ensure_ascii=False)
        assert not {c for c in _hidden_from(state, None) if pretty(c) in shown}
        public_text = render.table_text(state.view(None), [s.name for s in table.seats])
        assert public_text[:50] in shown
        for seat in range(state.players):
            content, view = hand_message(table, seat)
            shown = content + json.dumps(view.to_components() if view else [], ensure_ascii=False)
            leaked = {c for c in _hidden_from(state, seat) if pretty(c) in shown or c in shown}
            assert not leaked, (seat, leaked, content)
            checked += 1
    assert checked > 200


def test_lobby_embed_lists_free_seats() -> None:
    table = table_for(None, 4)
    embed = table_embed(table)
    assert embed.description is not None and "Player0" in embed.description


def test_card_buttons_come_in_the_order_of_the_hand_shown_above_them() -> None:
    checked = 0
    for state in random_euchre_states(12, seed=3):
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            if len([a for a in legal if a.kind in ("play", "discard")]) < 3:
                continue
            table = table_for(state, state.players)
            content, view = hand_message(table, seat)
            assert view is not None
            hand_line = next(line for line in content.splitlines() if "Your hand" in line)
            labels = [item["label"] for row in view.to_components() for item in row["components"]
                      if item["type"] == 2]
            cards = [label.removeprefix("Discard ") for label in labels
                     if label.removeprefix("Discard ") in hand_line]
            assert len(cards) >= 3
            positions = [hand_line.index(c) for c in cards]
            assert positions == sorted(positions), (hand_line, labels)
            checked += 1
    assert checked > 50
