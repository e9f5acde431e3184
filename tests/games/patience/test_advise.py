"""The patience Hint (`PatienceGame.advise`): always a legal move, and says how sure it is."""

from __future__ import annotations

import pytest

from bot.games import registry

GAME = registry.get("patience")


@pytest.mark.parametrize("variant", ["napoleon_at_st_helena", "the_beleaguered_castle",
                                     "nestor", "the_calculation", "the_idle_year"])
def test_a_hint_is_a_legal_move_with_a_note(variant: str) -> None:
    state = GAME.new(1, GAME.options(variant), 3)
    advice = GAME.advise(state)
    assert advice is not None and advice.note
    assert advice.action is not None
    assert advice.action in {str(a) for a in state.legal_actions(0)}
    if not advice.certain:
        assert "looks best" in advice.note


def test_a_proved_hint_says_it_keeps_the_deal_winnable() -> None:
    """Some of the first Fortress deals are decided at the hint's budget (seeded, so always
    the same ones): their hint is certain and says so, without "perfect knowledge"."""
    for seed in range(12):
        state = GAME.new(1, GAME.options("the_fortress"), seed)
        advice = GAME.advise(state)
        assert advice is not None
        if advice.certain:
            assert "keeps the deal winnable" in advice.note
            assert "perfect knowledge" not in advice.note  # full information: no hidden card
            return
    raise AssertionError("no Fortress deal of the first 12 was decided at the hint's budget")


@pytest.mark.parametrize("variant", ["napoleon_at_st_helena", "the_beleaguered_castle",
                                     "the_garden", "the_calculation", "la_belle_lucie"])
def test_auto_moves_are_legal_moves_home(variant: str) -> None:
    import random

    for seed in range(8):
        state = GAME.new(1, GAME.options(variant), seed)
        rng = random.Random(seed)
        for _ in range(80):
            move = GAME.auto_move(state)
            if move is not None:
                assert move in state.legal_actions(0)
                assert move.kind == "move" and move.arg.split(">")[1].startswith("f")
                state, _ = state.apply(0, move)
                continue
            legal = [a for a in state.legal_actions(0) if a.kind != "resign"]
            if not legal:
                break
            state, _ = state.apply(0, rng.choice(legal))
