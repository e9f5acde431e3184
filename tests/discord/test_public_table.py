"""Which games play on their table message (by traits), and the actions that message offers:
the legal actions of the person to act, never an AI seat's, none in the lobby or at the end."""

from __future__ import annotations

from bot.discord import dice_planner  # noqa: F401  (registers the dice planner)
from bot.discord.custom_ids import ActionId, SelectId, parse
from bot.discord.layout import SelectSpec, combine
from bot.discord.public_table import on_the_table, turn_layout
from bot.games import registry
from bot.games.base import State
from bot.service.models import TableInfo
from tests.discord.conftest import table_for


def dice_table(state: State | None, players: int, *, ai: int = 0) -> TableInfo:
    game = registry.get("dice")
    options = game.options("draw_poker")
    return table_for(state, players, ai=ai).model_copy(
        update={"game_key": "dice", "preset": "draw_poker", "rules": options})


def test_public_table_games_play_on_the_table_and_hidden_card_games_do_not() -> None:
    assert on_the_table("dice")
    for key in ("euchre", "skat", "dominoes", "patience", "no such game"):
        assert not on_the_table(key)


def test_the_person_to_act_gets_exactly_their_legal_actions_with_this_version() -> None:
    game = registry.get("dice")
    state = game.new(3, game.options("draw_poker"), 4)
    state, _ = state.apply(0, "roll")  # seat 0 now chooses: stand, throw again, or keep
    table = dice_table(state, 3)
    layout = turn_layout(table)
    assert layout is not None
    offered: set[str] = set()
    for row in layout.rows:
        if isinstance(row, SelectSpec):
            parsed = parse(row.custom_id)
            assert isinstance(parsed, SelectId) and parsed.version == table.version
            values = [v for v, _ in row.options]
            offered |= set(values)
            offered.add(combine(["hold:1", "hold:5"], values) or "")
        else:
            for button in row:
                parsed = parse(button.custom_id)
                assert isinstance(parsed, ActionId) and parsed.version == table.version
                assert parsed.table_id == table.id
                offered.add(button.action)
    legal = {str(a) for a in state.legal_actions(0)}
    assert offered <= legal and {"stand", "roll", "hold:1,5"} <= offered


def test_no_actions_for_an_ai_seat_the_lobby_or_a_finished_game() -> None:
    game = registry.get("dice")
    state = game.new(2, game.options("draw_poker"), 4)
    assert turn_layout(dice_table(state, 2)) is not None
    state, _ = state.apply(0, "roll")
    state, _ = state.apply(0, "stand")  # seat 1 (the AI) is to act
    assert turn_layout(dice_table(state, 2, ai=1)) is None
    assert turn_layout(dice_table(None, 2)) is None
    while not state.is_over:
        seat = state.to_act[0]
        state, _ = state.apply(seat, state.legal_actions(seat)[0])
    assert turn_layout(dice_table(state, 2)) is None


def test_the_table_message_carries_the_turn_for_dice_and_show_my_hand_for_euchre() -> None:
    from bot.discord.table_messages import table_view

    game = registry.get("dice")
    state = game.new(2, game.options("draw_poker"), 4)
    view = table_view(dice_table(state, 2))
    assert view is not None
    assert [getattr(i, "custom_id", "") for i in view.children] == [
        ActionId(42, 3, "roll").encode()]
    assert table_view(dice_table(state, 2, ai=2)) is None  # the AI is to throw: no buttons
    euchre = registry.get("euchre")
    deal = euchre.new(4, euchre.options(None), 1)
    shown = table_view(table_for(deal, 4))
    assert shown is not None and [getattr(i, "custom_id", "") for i in shown.children] == [
        "ph:42"]
