"""Shortcuts the rules core takes for speed (the solver's generic search asks for the legal
actions at every position) change no game's actions: checked against the long way round."""

from __future__ import annotations

import random

import pytest

from bot.games.patience.engine import Board
from bot.games.patience.special import HOOKS
from tests.games.patience.helpers import legal, new


@pytest.mark.parametrize(("variant", "hook_id"), [
    ("the_empress_of_india", "empress"), ("the_fourteens", "fourteens")])
def test_hooks_offer_the_same_actions_without_working_out_card_moves(
        monkeypatch: pytest.MonkeyPatch, variant: str, hook_id: str) -> None:
    """The Empress of India and The Fourteens drop every single-card move, so they are not
    worked out for them; along random play-outs, their actions are those they give when they
    are."""
    hook = HOOKS[hook_id]
    assert not hook.card_moves
    rng = random.Random(variant)
    checked = 0
    for seed in (1, 2, 3):
        state = new(variant, seed)
        for _ in range(60):
            if state.is_over:
                break
            short = legal(state)
            monkeypatch.setattr(hook, "card_moves", True)
            long = legal(state)
            monkeypatch.setattr(hook, "card_moves", False)
            assert short == long
            checked += 1
            state, _ = state.apply(0, rng.choice([m for m in short if m != "resign"]))
    assert checked > 60


def _accepting(board: Board, card: str) -> list[str]:
    """The long way round: each foundation asked (`Found.accepts`), of interchangeable empty
    ones only the first."""
    out: list[str] = []
    seen: set[tuple[object, ...]] = set()
    for f in board.rules.founds:
        pile = board.piles[f.id]
        if not pile:
            if f.key() in seen:
                continue
            seen.add(f.key())
        if f.accepts(pile, card, board.base):
            out.append(f.id)
    return out


def test_one_pass_over_the_foundations_finds_what_each_card_would() -> None:
    """`home_targets` (every card's foundations at once, for the move generator and
    `foundation_targets`) gives each card of the pack exactly the foundations that accept it,
    in order, along random play-outs of every game of the catalogue (foundations by suit, by
    colour, in any suit, with a base the first card fixes, with explicit runs, wrapping,
    full)."""
    from bot.games.cards import deck
    from bot.games.patience import GAME
    from bot.games.patience.engine import foundation_targets, home_targets

    pack = deck("A23456789TJQK")
    rng = random.Random(11)
    boards = 0
    for variant in GAME.variants():
        state = new(variant.id, 5)
        for _ in range(80):
            board = state.board()
            homes = home_targets(board)
            for card in pack:
                want = _accepting(board, card)
                assert homes.get(card, []) == want == foundation_targets(board, card), (
                    variant.id, card)
            boards += 1
            moves = [m for m in legal(state) if m != "resign"]
            if state.is_over or not moves:
                break
            home = [m for m in moves if ">f" in m]
            state, _ = state.apply(0, rng.choice(home if home and rng.random() < 0.7 else moves))
    assert boards > 2000


STOP_DEALS: dict[str, tuple[int, dict[str, object]]] = {
    "the_chester_game": (261, {"courts": "always"}), "the_empress_of_india": (6, {}),
    "the_chatelaine": (4, {}), "the_reserve": (21, {})}
"""Deals (seed, options) searched past 1,024 positions, for fast paths that decide seed 1
sooner: seed 261 of The Chester Game with ``courts=always`` is won after some 2,200; The
Empress of India's seed 6 is not won within a few thousand; The Chatelaine's seed 4 is lost,
proved in some 230,000; The Reserve's seed 1 is `reserve_search.dead` at once, its seed 21
lost, proved in some 29,000."""


@pytest.mark.parametrize("variant", ["the_calculation", "the_clock", "the_four_seasons",
                                     "the_order_of_precedence", "the_windmill",
                                     "napoleons_favorite", "st_louis", "the_blockade",
                                     "the_shah_of_persia", "the_four_corners",
                                     "the_chameleon", "the_constitution",
                                     "the_hemispheres", "the_chester_game",
                                     "the_empress_of_india", "the_zodiac",
                                     "the_chatelaine", "the_besieged_city",
                                     "the_reserve", "the_reinforcements",
                                     "napoleon_at_st_helena"])
def test_a_budget_of_nothing_and_a_stop_leave_a_fast_path_undecided(variant: str) -> None:
    """The stock games' fast paths (one limited-discrepancy driver) honour the budget and the
    stop: no answer is a guess. (The Fourteens wins its deals before the stop is first asked,
    at 1,024 positions: none of seeds 1-199 needs 2,000; The Chester Game, The Empress of
    India and The Chatelaine decide their seed 1 so too, and are asked on a deal searched
    longer, `STOP_DEALS`.)"""
    from bot.games.patience.solver import _fast_path, solve

    seed, options = STOP_DEALS.get(variant, (1, {}))
    state = new(variant, seed, **options)
    search = _fast_path(state)
    assert search is not None
    for budget in (0, 1):
        answer = search(budget, None)
        assert answer.status == "undecided" and answer.line == ()
        assert answer.nodes <= budget
    asked = []

    def stop() -> bool:
        asked.append(1)
        return True

    answer = search(1_000_000, stop)
    assert answer.status == "undecided" and asked and answer.nodes < 1024
    assert solve(state, node_budget=1).status == "undecided"
