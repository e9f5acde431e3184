"""The solver's fast paths (plain.py; pairs_search.py for Nestor): their moves are the
engine's moves, their positions the engine's, their verdicts survive a brute-force search."""

from __future__ import annotations

import random

import pytest

from bot.games.patience import PatienceState, magic, pairs_search, plain
from bot.games.patience.catalogue import CATALOGUE
from bot.games.patience.solver import solve
from tests.games.patience.helpers import legal, new
from tests.games.patience.helpers import play as play_actions
from tests.games.patience.test_solver import (
    brute_force_wins,
    cut_down,
    random_states,
    replays_to_a_win,
    verdict_holds,
)

PLAIN = ["the_beleaguered_castle", "the_citadel", "the_exiled_kings", "the_garden",
         "penelopes_web", "the_fortress", "the_phalanx", "la_belle_lucie", "the_shamrocks",
         "the_house_in_the_wood", "the_house_on_the_hill"]


def fast(state: PatienceState) -> tuple[plain.PlainGame | None, plain.PlainPos | None]:
    game = plain.plain_game(state.rules, state.piles, state.redeals, state.flags, state.seed)
    if game is None:
        return None, None
    return game, plain.position(game, state.piles, state.redeals, state.flags.get("merci", 0))


def test_the_fast_path_takes_the_plain_games_and_no_other() -> None:
    taken = set()
    for variant in CATALOGUE:
        state = new(variant, 1)
        if fast(state)[0]:
            taken.add(variant)
    assert set(PLAIN) <= taken
    # a stock, hidden cards, pairing need the engine
    assert not taken & {"nestor", "napoleon_at_st_helena", "the_baker_s_dozen",
                        "the_fifteen_puzzle", "the_clock"}


def random_states_from(state: PatienceState, seed: int, steps: int) -> list[PatienceState]:
    rng = random.Random(seed)
    out = [state]
    for _ in range(steps):
        moves = [m for m in legal(state) if m != "resign"]
        if not moves or state.status != "play":
            break
        state, _ = state.apply(0, rng.choice(moves))
        out.append(state)
    return out


@pytest.mark.parametrize("variant", PLAIN)
def test_fast_moves_are_the_engines_moves(variant: str) -> None:
    checked = 0
    states = [st for seed in (2, 5) for st in random_states(variant, seed, 40)[::3]]
    if CATALOGUE[variant].redeal == "lucie":  # the last deal, where the merci comes
        last = play_actions(new(variant, 4), "redeal", "redeal")
        states += random_states_from(last, 4, 12)
    for state in states:
        game, pos = fast(state)
        if state.status != "play" or game is None or pos is None:
            continue
        engine = [m for m in legal(state) if m != "resign"]
        steps = plain.moves(game, pos)
        for step in steps:
            action = plain.action(game, step)
            assert action in engine, (variant, action)
            after, _ = state.apply(0, action)
            assert plain.settled(game, plain.play(game, pos, step)) == fast(after)[1]
            checked += 1
        offered = {plain.action(game, s) for s in steps}
        safe = len(steps) == 1 and steps[0][0] == 0
        if game.dead_rule and plain.dead(game, pos):  # lost: nothing worth trying
            assert not steps
            continue
        for action in engine:
            if action in offered or safe:
                continue
            kind, _, what = action.partition(":")
            if kind == "merci" or (kind == "move" and game.loose and game.loose[
                    game.ids.index(what.split(">")[0])]):
                # left out: a draw or a loose card's move after which its mark allows nothing
                src, _, rest = what.replace(">", ".").partition(".")
                step = ((3, game.ids.index(src), int(rest) - 1) if kind == "merci" else
                        (1, game.ids.index(src), game.ids.index(rest)))
                if rest not in game.ids or state.piles[rest]:
                    assert plain.moves(game, plain.play(game, pos, step)) == [], action
                    continue
            # left out: only a move into a space another offered move reaches alike
            dst = action.split(">")[1]
            assert dst in game.ids and not state.piles[dst], (variant, action)
    assert checked


@pytest.mark.parametrize("variant", PLAIN)
def test_the_fast_key_sorts_interchangeable_piles_only(variant: str) -> None:
    state = new(variant, 3)
    game, pos = fast(state)
    assert game is not None and pos is not None
    piles, heights, counters = pos
    for ids in game.groups:
        swapped = list(piles)
        swapped[ids[0]], swapped[ids[-1]] = piles[ids[-1]], piles[ids[0]]
        same = plain.key(game, (tuple(swapped), heights, counters)) == plain.key(game, pos)
        assert same == (counters[0] >= game.redeals)  # a redeal to come gathers in order
    other = bytes(h + 1 for h in heights)
    assert plain.key(game, pos) != plain.key(game, (piles, other, counters))


@pytest.mark.parametrize(("variant", "low"), [
    ("the_citadel", "Q"), ("the_exiled_kings", "Q"), ("penelopes_web", "Q"),
    ("the_fortress", "J"), ("the_beleaguered_castle", "J"), ("the_shamrocks", "J"),
    ("la_belle_lucie", "Q")])
def test_fast_verdicts_agree_with_a_brute_force_search(variant: str, low: str) -> None:
    rng = random.Random(variant + low)
    for _ in range(6):
        state = cut_down(variant, rng, low)
        assert fast(state)[0]
        verdict = solve(state, node_budget=200_000)
        assert verdict_holds(state, verdict)


def cut_down_narrow(variant: str, rng: random.Random, low: str, width: int) -> PatienceState:
    """Like `cut_down`, the cards left all dealt onto the first ``width`` tableau piles: deep
    piles, often lost (so the brute force checks "unwinnable" answers too)."""
    state = cut_down(variant, rng, low)
    tableau = [p.id for p in state.rules.piles if p.kind == "tableau"]
    left = [c for pid in tableau for c in state.piles[pid]]
    rng.shuffle(left)
    piles = {**state.piles, **{pid: [] for pid in tableau}}
    for card in left:
        piles[rng.choice(tableau[:width])].append(card)
    return state.model_copy(update={"piles": piles})


@pytest.mark.parametrize("variant", ["the_shamrocks", "penelopes_web"])
def test_narrow_cut_down_deals_agree_with_a_brute_force_search(variant: str) -> None:
    rng = random.Random(variant)
    seen = set()
    for _ in range(8):
        state = cut_down_narrow(variant, rng, "J", 2)
        verdict = solve(state, node_budget=200_000)
        seen.add(verdict.status)
        assert verdict_holds(state, verdict)
    assert "unwinnable" in seen


@pytest.mark.parametrize("variant", PLAIN)
def test_fast_lines_replay_to_a_win(variant: str) -> None:
    decided = 0
    for seed in range(1, 5):
        state = new(variant, seed)
        verdict = solve(state, node_budget=60_000)
        decided += verdict.status != "undecided"
        if verdict.status == "winnable":
            assert replays_to_a_win(state, verdict.line), (variant, seed)
    assert decided


@pytest.mark.parametrize(("variant", "seed"), [
    ("the_beleaguered_castle", 2), ("the_beleaguered_castle", 6), ("the_citadel", 1),
    ("the_exiled_kings", 1), ("the_exiled_kings", 6), ("penelopes_web", 2),
    ("penelopes_web", 3), ("the_fortress", 2), ("the_fortress", 4), ("the_phalanx", 12)])
def test_fast_unwinnable_deals_have_no_win_in_a_brute_force_search(variant: str,
                                                                   seed: int) -> None:
    state = new(variant, seed)
    verdict = solve(state, node_budget=20_000)
    assert verdict.status == "unwinnable"
    assert not brute_force_wins(state, limit=20_000)


def test_nestor_pairs_are_the_engines_moves() -> None:
    checked = 0
    for seed in range(1, 6):
        for state in random_states("nestor", seed, 30):
            if state.status != "play":
                continue
            game = pairs_search.pairs_game(state.rules, state.piles)
            assert game is not None
            counts = bytes(len(state.piles[i]) for i in game.ids)
            fast = [f"pair:{game.ids[a]},{game.ids[b]}"
                    for a, b in pairs_search.moves(game, counts)]
            assert fast == [m for m in legal(state) if m != "resign"]
            checked += 1
    assert checked > 20


def test_nestor_verdicts_agree_with_a_brute_force_search() -> None:
    seen = set()
    for seed in range(1, 9):
        state = new("nestor", seed)
        verdict = solve(state, node_budget=100_000)
        assert verdict.status != "undecided"
        seen.add(verdict.status)
        if verdict.status == "winnable":
            assert replays_to_a_win(state, verdict.line)
        else:
            assert not brute_force_wins(state, limit=100_000), seed
    assert seen == {"winnable", "unwinnable"}


def test_the_fifteen_puzzle_is_solved_by_construction_from_any_position() -> None:
    assert len(magic.SQUARES) == 8
    for state in random_states("the_fifteen_puzzle", 3, 30)[::3]:
        if state.status != "play":
            continue
        verdict = solve(state, node_budget=10)
        assert verdict.status == "winnable" and not verdict.perfect_knowledge
        assert replays_to_a_win(state, verdict.line)
        assert len(verdict.line) <= 18
