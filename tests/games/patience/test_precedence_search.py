"""The fast path for The Order of Precedence (precedence_search.py): its moves and positions are
the engine's, its lines win through the engine, and its verdicts and its safe move agree with a
brute-force search through the engine on small rigged deals (the game's own rules, most cards
home, a few left in the stock and on the talon). Node budgets only."""

from __future__ import annotations

import random
from functools import partial

from bot.games.patience import PatienceState
from bot.games.patience import precedence_search as ps
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import _won, moves_of, play, search_path, solve
from tests.games.patience.helpers import compact, engine_wins, fast_path_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win

GAME = "the_order_of_precedence"


def fast(state: PatienceState) -> tuple[ps.PrecGame, ps.PrecPos]:
    game = ps.precedence_game(state.rules, state.piles, state.flags)
    assert game is not None
    return game, ps.position(game, state.piles, state.redeals)


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("precedence")
    moved = started = redealt = 0
    for seed in range(1, 6):
        state = new(GAME, seed)
        game, pos = fast(state)
        for _ in range(700):
            engine = [a for a in legal(state) if a != "resign"]
            mine = ps.moves(game, pos)
            assert [ps.action(game, m) for m in mine] == engine
            assert set(ps.ordered(game, pos)) <= set(mine)
            if not mine or state.status != "play":
                break
            home = [m for m in mine if m >= 0]
            move = rng.choice(home if home and rng.random() < 0.8 else mine)
            moved += 1
            started += move >= 0 and pos[2][move] == 0
            redealt += move == ps.REDEAL
            state, _ = state.apply(0, ps.action(game, move))
            pos = ps.play(game, pos, move)
            assert fast(state)[1] == pos
    assert moved > 1000 and started and redealt  # new piles and redeals were met


def test_other_games_are_not_taken() -> None:
    for variant in ("the_quadrille", "the_clock", "the_four_seasons", "the_windmill",
                    "the_calculation", "napoleon_at_st_helena"):
        state = new(variant, 1)
        assert ps.precedence_game(state.rules, state.piles, state.flags) is None
    assert search_path(new(GAME, 1)) == "fast"


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new(GAME, 3)  # won within a few hundred positions
    game, pos = fast(state)
    answer = ps.search(game, pos, 20_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=20_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line
    for action in answer.line[:len(answer.line) // 2]:  # and from the middle of the game
        state, _ = state.apply(0, action)
    assert search_path(state) == "fast"
    verdict = solve(state, node_budget=20_000)
    assert verdict.status == "winnable" and replays_to_a_win(state, verdict.line)


def test_forced_moves_are_the_only_moves() -> None:
    state = new(GAME, 2)
    game, pos = fast(state)
    for _ in range(200):
        after, made = ps.forced(game, pos)
        at = pos
        for move in made:
            assert ps.moves(game, at) == [move]
            at = ps.play(game, at, move)
        assert at == after
        assert ps.won(game, after) or len(ps.moves(game, after)) != 1
        todo = ps.moves(game, after)
        if not todo:
            break
        pos = ps.play(game, after, todo[-1])


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, left: int, talon: int, redeals: int
           ) -> tuple[Rules, dict[str, list[str]], int]:
    """A late position of the game's own rules: all but ``left`` cards home (the last
    foundations maybe not started), ``talon`` of them on the talon, the rest in the stock,
    ``redeals`` made."""
    rules = new(GAME, 1).rules
    heights = [f.length for f in rules.founds]
    for _ in range(left):
        j = rng.choice([j for j, h in enumerate(heights) if h > 1 or (
            h == 1 and j and all(x == 0 for x in heights[j + 1:]))])
        heights[j] -= 1
    pool = {r: [s + r for s in "CSHD" * 2] for r in RANKS}
    for cards in pool.values():
        rng.shuffle(cards)
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    loose = []
    for f, h in zip(rules.founds, heights, strict=True):
        run = [pool[RANKS[(RANKS.index(f.base) + f.step * k) % 13]].pop()
               for k in range(f.length)]
        piles[f.id] = run[:h]
        loose += run[h:]
    rng.shuffle(loose)
    piles["w"] = loose[:talon]
    piles["s"] = loose[talon:]
    return rules, piles, redeals


def small_game(rules: Rules, piles: dict[str, list[str]], redeals: int
               ) -> tuple[ps.PrecGame, ps.PrecPos]:
    game = ps.precedence_game(rules, piles, {})
    assert game is not None
    return game, ps.position(game, piles, redeals)


def test_small_deals_play_as_the_engine() -> None:
    rng = random.Random("small")
    for _ in range(10):
        rules, piles, redeals = rigged(rng, 14, 4, 1)
        game, pos = small_game(rules, piles, redeals)
        at = compact(piles, redeals=redeals)
        for _ in range(40):
            mine = ps.moves(game, pos)
            assert [ps.action(game, m) for m in mine] == moves_of(rules, at, 0)
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(rules, at, 0, ps.action(game, move))
            pos = ps.play(game, pos, move)
            assert ps.position(game, board.piles, board.redeals) == pos


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = set()
    for left, talon, redeals in [(12, 2, 2), (14, 0, 2), (10, 4, 1), (9, 0, 1), (16, 6, 2)] * 3:
        rules, piles, redeals = rigged(rng, left, talon, redeals)
        game, pos = small_game(rules, piles, redeals)
        answer = ps.search(game, pos, 500_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(rules, compact(piles, redeals=redeals))
        if answer.status == "winnable":
            assert line_wins(rules, compact(piles, redeals=redeals), answer.line)
        seen.add(answer.status)
    assert seen == {"winnable", "unwinnable"}


def test_the_safe_move_home_is_sound() -> None:
    """Where `safe` offers a move home and there was a choice, the deal is won after it
    exactly when it is won at all."""
    rng = random.Random("safe")
    checked = 0
    for _ in range(400):
        rules, piles, redeals = rigged(rng, 8, rng.randint(1, 5), rng.choice([1, 2, 2]))
        game, pos = small_game(rules, piles, redeals)
        move = ps.safe(game, pos)
        if move is None or len(ps.moves(game, pos)) < 2:
            continue
        assert move in ps.moves(game, pos) and move >= 0
        before = compact(piles, redeals=redeals)
        after, board = play(rules, before, 0, ps.action(game, move))
        assert (_won(board) or engine_wins(rules, after)) == engine_wins(rules, before)
        checked += 1
    assert checked >= 20


def wins_through_the_fast_paths_moves(game: ps.PrecGame, pos: ps.PrecPos) -> bool:
    return fast_path_wins(pos, partial(ps.moves, game), partial(ps.play, game),
                          partial(ps.won, game), ps.key)


def test_positions_proved_lost_are_lost() -> None:
    """What the limited searches keep as proved lost (and never search again) is lost, though
    they refused moves for want of discrepancies."""
    rng = random.Random("lost")
    proved = 0
    for left, talon, redeals in [(16, 4, 1), (20, 0, 2), (14, 6, 1), (24, 2, 2)] * 5:
        rules, piles, redeals = rigged(rng, left, talon, redeals)
        game, pos = small_game(rules, piles, redeals)
        lost: set[bytes] = set()
        for limit in range(3):
            ps._limited(game, pos, limit, 100_000, None, 0, lost)
        n = len(game.found_ids)
        for k in lost:
            at = (k[2 + n:], k[0], k[2:2 + n], k[1])
            assert ps.key(at) == k
            assert not wins_through_the_fast_paths_moves(game, at)
            proved += 1
    assert proved > 20
