"""The fast path for The Constitution (constitution_search.py): its moves and positions are the
engine's (the rule of spaces, fills from the talon and the stock, the turn), its lines win
through the engine, and its verdicts agree with a brute-force search through the engine on
small rigged deals (a few cards left out of home). Node budgets only."""

from __future__ import annotations

import random

from bot.games.patience import PatienceState
from bot.games.patience import constitution_search as cs
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import (
    scaled_budget,
    search_path,
    solve,
)
from tests.games.patience.helpers import compact, engine_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win


def fast(state: PatienceState) -> tuple[cs.ConstGame, cs.ConstPos]:
    game = cs.constitution_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, cs.position(game, state.piles)


def same_position(game: cs.ConstGame, pos: cs.ConstPos, state: PatienceState) -> bool:
    """``pos`` is ``state``'s position: the same talon, heights, piles and stock left."""
    other, mine = fast(state)
    return mine[1:] == pos[1:] and other.stock == game.stock[pos[0]:]


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("constitution")
    moved = home = forced = blind = turned = lingered = 0
    for seed in range(1, 9):
        state = new("the_constitution", seed)
        game, pos = fast(state)
        for _ in range(300):
            engine = [a for a in legal(state) if a != "resign"]
            mine = cs.moves(game, pos)
            assert [cs.action(game, m) for m in mine] == engine
            assert set(cs.ordered(game, pos)) <= set(mine)
            if not mine or state.status != "play":
                break
            homes = [m for m in mine if m[1] < 0]
            move = rng.choice(homes if homes and rng.random() < 0.7 else mine)
            moved += 1
            home += move[1] < 0
            forced += len(mine) == 1 and move != cs.TURN
            blind += move[0] == cs.STOCK
            turned += move == cs.TURN
            lingered += any(not p for p in pos[3]) and cs.TURN in mine
            state, _ = state.apply(0, cs.action(game, move))
            pos = cs.play(game, pos, move)
            assert same_position(game, pos, state)
    assert moved > 400 and home and forced and blind and turned and lingered


def test_other_games_are_not_taken() -> None:
    for variant in ("the_clock", "the_blockade", "the_calculation", "the_garden",
                    "the_shah_of_persia", "the_salic_law", "the_empress_of_india"):
        state = new(variant, 1)
        assert cs.constitution_game(state.rules, state.piles, state.redeals, state.flags) is None
    assert search_path(new("the_constitution", 1)) == "fast"
    assert scaled_budget(new("the_constitution", 1), 1000) == 2000  # GAME_FACTORS


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new("the_constitution", 11)  # won within some fourteen thousand positions
    game, pos = fast(state)
    answer = cs.search(game, pos, 30_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=15_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, left: int, stock: int, talon: int
           ) -> tuple[Rules, dict[str, list[str]]]:
    """A late position: all but ``left`` cards home (each foundation a run up from the ace as
    far as it goes), ``stock`` and ``talon`` of them in the stock and on the talon, the rest
    on piles of the rows chosen at random (a pile may take several, in any order)."""
    rules = new("the_constitution", 1).rules
    heights = [11] * 8
    for _ in range(left):
        j = rng.choice([j for j, h in enumerate(heights) if h > 1])
        heights[j] -= 1
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    loose = []
    for f, h in zip(rules.founds, heights, strict=True):
        run = [f.suit + RANKS[k] for k in range(11)]
        piles[f.id] = run[:h]
        loose += run[h:]
    rng.shuffle(loose)
    piles["s"] = loose[:stock]
    piles["w"] = loose[stock:stock + talon]
    ids = [p.id for p in rules.piles if p.kind == "tableau"]
    few = [*rng.sample(ids[24:], 2), rng.choice(ids[:24])]  # stacked: some deals are lost
    for card in loose[stock + talon:]:
        piles[rng.choice(few)].append(card)
    return rules, piles


def small_game(rules: Rules, piles: dict[str, list[str]]) -> tuple[cs.ConstGame, cs.ConstPos]:
    game = cs.constitution_game(rules, piles, 0, {})
    assert game is not None
    return game, cs.position(game, piles)


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = []
    for left, stock, talon in [(6, 1, 1), (6, 0, 2), (5, 1, 0), (6, 2, 0)] * 4:
        rules, piles = rigged(rng, left, stock, talon)
        game, pos = small_game(rules, piles)
        answer = cs.search(game, pos, 200_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(rules, compact(piles))
        if answer.status == "winnable":
            assert line_wins(rules, compact(piles), answer.line)
        seen.append(answer.status)
    assert seen.count("winnable") > 2 and "unwinnable" in seen, seen


def test_rows_permuted_are_one_key_and_one_verdict() -> None:
    """The key sorts each row's piles: a deal with a row's piles permuted has the same key
    and the same verdict through the engine (nothing ties a pile to another row's)."""
    rng = random.Random("rows")
    for _ in range(3):
        rules, piles = rigged(rng, 4, 1, 0)
        row = rng.choice("phek")
        ids = [f"{row}{n}" for n in range(1, 9)]
        shuffled = dict(zip(ids, rng.sample([piles[i] for i in ids], 8), strict=True))
        other = {**piles, **shuffled}
        game, pos = small_game(rules, piles)
        twin, turned = small_game(rules, other)
        assert cs.key(game, pos) == cs.key(twin, turned)
        assert engine_wins(rules, compact(piles)) == engine_wins(rules, compact(other))


def test_only_fills_of_one_row_alike_are_left_out() -> None:
    """What `ordered` leaves out reaches a position of the same key as a move it keeps; and
    something is left out along random play-outs."""
    rng = random.Random("alike")
    dropped = 0
    for seed in range(1, 5):
        state = new("the_constitution", seed)
        game, pos = fast(state)
        for _ in range(150):
            mine = cs.moves(game, pos)
            if not mine:
                break
            kept = cs.ordered(game, pos)
            keys = {cs.key(game, cs.play(game, pos, m)) for m in kept}
            for m in mine:
                if m not in kept:
                    dropped += 1
                    assert cs.key(game, cs.play(game, pos, m)) in keys
            pos = cs.play(game, pos, rng.choice(mine))
    assert dropped
