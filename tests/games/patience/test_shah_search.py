"""The fast path for The Shah of Persia (shah_search.py): its moves and positions are the
engine's (turns completing the rays, graces), its lines win through the engine, and its
verdicts agree with a brute-force search through the engine on small rigged deals. It prunes
nothing but alike foundation moves. Node budgets only."""

from __future__ import annotations

import random

from bot.games.patience import PatienceState
from bot.games.patience import shah_search as sh
from bot.games.patience.engine import RANKS
from bot.games.patience.solver import (
    position_of,
    scaled_budget,
    search_path,
    solve,
)
from tests.games.patience.helpers import engine_wins, legal, new
from tests.games.patience.test_solver import replays_to_a_win


def fast(state: PatienceState) -> tuple[sh.ShahGame, sh.ShahPos]:
    game = sh.shah_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, sh.position(game, state.piles, state.flags)


def same_moves(game: sh.ShahGame, pos: sh.ShahPos, engine: list[str]) -> bool:
    """`moves` are the engine's, in its order."""
    return [sh.action(game, m) for m in sh.moves(game, pos)] == engine


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("shah")
    moved = packed = graced = turned = out = 0
    for seed in range(1, 13):
        state = new("the_shah_of_persia", seed)
        game, pos = fast(state)
        for _ in range(200):
            engine = [a for a in legal(state) if a != "resign"]
            offered = sh.moves(game, pos)
            assert same_moves(game, pos, engine)
            assert set(sh.ordered(game, pos)) <= set(offered)
            if not offered or state.status != "play":
                break
            graces = [m for m in offered if m[1] < 0 and not pos[3][-1 - m[1]]]
            home = [m for m in offered if m[1] >= 0]
            short = [m for m in home if m[0] != sh.TALON and len(pos[3][m[0]]) < sh.OUTER]
            move = rng.choice(graces or short or (home if home and rng.random() < 0.7
                                                  else offered))
            moved += 1
            packed += move[1] < 0 and bool(pos[3][-1 - move[1]])
            graced += move in graces
            turned += move == sh.TURN
            state, _ = state.apply(0, sh.action(game, move))
            pos = sh.play(game, pos, move)
            other, mine = fast(state)
            assert mine[1:] == pos[1:] and other.stock == game.stock[pos[0]:]
        out += pos[0] == len(game.stock)
    assert moved > 300 and packed and turned and out


def test_a_cleared_ray_takes_its_grace_once() -> None:
    """A rigged position: t2 cleared right out; the engine's graces (from each outer card)
    are `moves`' and the flag it leaves is `play`'s."""
    state = new("the_shah_of_persia", 3)
    piles = {k: list(v) for k, v in state.piles.items()}
    piles["t1"] += piles["t2"]
    piles["t2"] = []
    state = state.model_copy(update={"piles": piles})
    game, pos = fast(state)
    engine = [a for a in legal(state) if a != "resign"]
    offered = sh.moves(game, pos)
    graces = [m for m in offered if m[1] == -2]
    assert len(graces) == 7  # from each other ray (all of three cards or more)
    assert same_moves(game, pos, engine)
    after, _ = state.apply(0, sh.action(game, graces[0]))
    child = sh.play(game, pos, graces[0])
    assert fast(after)[1][1:] == child[1:] and child[4] == 2
    assert not [m for m in sh.moves(game, (*child[:3], (*child[3][:1], b"", *child[3][2:]),
                                           child[4])) if m[1] == -2]


def test_other_games_are_not_taken() -> None:
    for variant in ("the_clock", "the_blockade", "the_calculation", "napoleon_at_st_helena"):
        state = new(variant, 1)
        assert sh.shah_game(state.rules, state.piles, state.redeals, state.flags) is None
    state = new("the_shah_of_persia", 1)
    assert search_path(state) == "fast"
    assert scaled_budget(state, 1000) == 6000  # about a sixth of the engine's a position


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new("the_shah_of_persia", 6)  # won within some fifty thousand positions
    game, pos = fast(state)
    answer = sh.search(game, pos, 80_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=80_000)
    assert verdict.status == "winnable" and verdict.line == answer.line


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, left: int, stock: int, talon: int
           ) -> tuple[PatienceState, dict[str, list[str]]]:
    """A late position: all but ``left`` cards home (each foundation a run up from the ace),
    ``stock`` of them in the stock, ``talon`` on the talon, the rest on two rays (the others
    cleared and graced already)."""
    state = new("the_shah_of_persia", 1)
    heights = [12] * 8
    for _ in range(left):
        j = rng.choice([j for j, h in enumerate(heights) if h > 1])
        heights[j] -= 1
    piles: dict[str, list[str]] = {k: [] for k in state.piles}
    piles["x"] = list(state.piles["x"])
    loose = []
    for f, h in zip(state.rules.founds, heights, strict=True):
        run = [f.suit + RANKS[k] for k in range(12)]
        piles[f.id] = run[:h]
        loose += run[h:]
    rng.shuffle(loose)
    piles["s"] = loose[:stock]
    piles["w"] = loose[stock:stock + talon]
    rest = loose[stock + talon:]
    piles["t1"], piles["t2"] = rest[:len(rest) // 2], rest[len(rest) // 2:]
    flags = {f"graced:t{i}": 1 for i in range(3, 9)}
    return state.model_copy(update={"piles": piles, "flags": flags}), piles


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = set()
    for left, stock, talon in [(9, 2, 1), (8, 0, 2), (10, 3, 0), (9, 1, 1)] * 4:
        state, _ = rigged(rng, left, stock, talon)
        game, pos = fast(state)
        answer = sh.search(game, pos, 300_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(state.rules, position_of(state))
        if answer.status == "winnable":
            assert replays_to_a_win(state, answer.line)
        seen.add(answer.status)
    assert seen == {"winnable", "unwinnable"}


def test_the_key_tells_a_ray_graced_from_one_not() -> None:
    """A deal (found by a random search of rigged ones) won by t2's grace, lost once t2 has
    had it: the key keeps the graced rays, and the search tells the two apart."""
    start = new("the_shah_of_persia", 1)
    heights = {"f2": 11, "f3": 10, "f4": 11, "f8": 9}
    piles: dict[str, list[str]] = {k: [] for k in start.piles}
    piles["x"] = list(start.piles["x"])
    for f in start.rules.founds:
        piles[f.id] = [f.suit + RANKS[k] for k in range(heights.get(f.id, 12))]
    piles["t1"] = ["DT", "SQ", "HJ", "HQ"]
    piles["w"] = ["DJ", "DQ"]
    piles["s"] = ["DQ"]
    flags = {f"graced:t{i}": 1 for i in range(3, 9)}
    free = start.model_copy(update={"piles": piles, "flags": flags})
    spent = start.model_copy(update={"piles": piles, "flags": {**flags, "graced:t2": 1}})
    assert engine_wins(free.rules, position_of(free))
    assert not engine_wins(spent.rules, position_of(spent))
    game, pos = fast(free)
    other, used = fast(spent)
    assert sh.key(game, pos) != sh.key(other, used)
    assert sh.search(game, pos, 10_000, None).status == "winnable"
    assert sh.search(other, used, 10_000, None).status == "unwinnable"
