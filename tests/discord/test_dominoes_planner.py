"""Dominoes turns on Discord: within the component limits for every game of the booklet, every
legal action offered exactly once, and a tile that fits two ends asks which end."""

from __future__ import annotations

import pytest

import bot.discord.dominoes_planner  # noqa: F401  (registers the planner)
from bot import render
from bot.discord import custom_ids as ids
from bot.discord.dominoes_planner import tile_groups
from bot.discord.layout import SelectSpec, plan_for
from bot.discord.table_messages import hand_message
from bot.games import registry
from bot.games.dominoes import DominoesView, show
from tests.discord.conftest import table_for
from tests.discord.test_layout import _check_components
from tests.render.positions import random_states

VARIANTS = sorted(registry.get("dominoes").presets)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_turn_fits_and_offers_exactly_the_legal_actions(variant: str) -> None:
    checked = 0
    for state in random_states("dominoes", 12, seed=2, preset=variant):
        table = table_for(state, state.players, version=7).model_copy(
            update={"game_key": "dominoes", "preset": variant})
        for seat in state.to_act:
            content, view = hand_message(table, seat)
            assert len(content) <= 2000 and view is not None
            offered: set[str] = set()
            for custom_id in _check_components(view.to_components()):
                parsed = ids.parse(custom_id)
                assert isinstance(parsed, ids.ActionId | ids.SelectId)
                if isinstance(parsed, ids.ActionId):
                    offered.add(parsed.action)
            for row in view.to_components():
                for item in row["components"]:
                    offered.update(o["value"] for o in item.get("options", []))
            assert offered == {str(a) for a in state.legal_actions(seat)}
            checked += 1
    assert checked


def test_a_tile_that_fits_two_ends_is_a_select_of_its_ends_and_one_way_tiles_are_buttons() -> None:
    found = 0
    for variant in ("draw", "muggins", "sebastopol", "cyprus", "block"):
        for state in random_states("dominoes", 30, seed=4, preset=variant):
            for seat in state.to_act:
                view = state.view(seat)
                assert isinstance(view, DominoesView)
                legal = render.arrange(view, state.legal_actions(seat))  # as plan_for has it
                groups, _ = tile_groups(legal)
                twice = {tile: acts for tile, acts in groups if len(acts) > 1}
                if not twice:
                    continue
                layout = plan_for("dominoes", view, legal, None, 42, 3)
                if layout.rows and all(isinstance(r, SelectSpec) for r in layout.rows) and \
                        layout.rows[0].placeholder == "Choose…":
                    continue  # too many for rows of their own: the generic selects
                selects = {r.placeholder: r for r in layout.rows if isinstance(r, SelectSpec)}
                for tile, acts in twice.items():
                    select = selects[f"{show(tile)}: which end?"]
                    assert [v for v, _ in select.options] == [str(a) for a in acts]
                buttons = [b.action for r in layout.rows if isinstance(r, list) for b in r]
                singles = [str(acts[0]) for _, acts in groups if len(acts) == 1]
                assert buttons[:len(singles)] == singles
                found += 1
    assert found > 10
