"""The fast path for The Windmill (windmill_search.py): its moves and positions are the engine's
(the corners' cards onto the centre and their marks too), its lines win through the engine, and
its verdicts agree with a brute-force search through the engine on small rigged deals (the
game's own rules, most cards home, a few left on the sails, the talon and the stock). Node
budgets only."""

from __future__ import annotations

import random
from functools import partial

from bot.games.patience import PatienceState
from bot.games.patience import windmill_search as ws
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import moves_of, play, search_path, solve
from tests.games.patience.helpers import compact, engine_wins, fast_path_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win

GAME = "the_windmill"


def fast(state: PatienceState) -> tuple[ws.WindGame, ws.WindPos]:
    game = ws.windmill_game(state.rules, state.piles, state.flags)
    assert game is not None
    return game, ws.position(game, state.piles, state.flags)


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("windmill")
    moved = given = filled = 0
    for seed in range(1, 9):
        state = new(GAME, seed)
        game, pos = fast(state)
        for _ in range(400):
            engine = [a for a in legal(state) if a != "resign"]
            mine = ws.moves(game, pos)
            assert [ws.action(game, m) for m in mine] == engine
            assert set(ws.ordered(game, pos)) <= set(mine)
            if not mine or state.status != "play":
                break
            home = [m for m in mine if m[1] >= ws.CENTRE or m[0] >= ws.CORNER]
            move = rng.choice(home if home and rng.random() < 0.9 else mine)
            moved += 1
            given += move[0] >= ws.CORNER
            filled += move[1] < ws.TALON
            state, _ = state.apply(0, ws.action(game, move))
            pos = ws.play(game, pos, move)
            assert ws.position(game, state.piles, state.flags) == pos
    assert moved > 1000 and given and filled  # corners gave to the centre, sails were filled


def test_other_games_are_not_taken() -> None:
    for variant in ("the_order_of_precedence", "the_clock", "the_four_seasons",
                    "the_queens_audience", "the_calculation", "napoleon_at_st_helena"):
        state = new(variant, 1)
        assert ws.windmill_game(state.rules, state.piles, state.flags) is None
    assert search_path(new(GAME, 1)) == "fast"


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new(GAME, 2)  # won within a few hundred positions
    game, pos = fast(state)
    answer = ws.search(game, pos, 20_000, None)
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
    """What `forced` makes at once is each time the one move the search would try."""
    state = new(GAME, 1)
    game, pos = fast(state)
    chained = 0
    for _ in range(300):
        after, made, offered = ws.forced(game, pos)
        assert offered == ws.ordered(game, after)
        at = pos
        for move in made:
            assert ws.ordered(game, at) == [move] and move in ws.moves(game, at)
            at = ws.play(game, at, move)
        assert at == after
        chained += len(made)
        assert ws.won(game, after) or len(ws.ordered(game, after)) != 1
        todo = ws.ordered(game, after)
        if not todo:
            break
        pos = ws.play(game, after, todo[-1])
    assert chained


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, left: int, stock: int, centre: float = 0.0
           ) -> tuple[Rules, dict[str, list[str]], dict[str, int]]:
    """A late position of the game's own rules: all but ``left`` cards home (the centre and
    the corners each short of their last cards, the centre's share of them ``centre`` or
    more, a corner maybe not started, corners marked at random as having given), eight of
    them on the sails (fewer when fewer are left), ``stock`` in the stock, the rest on the
    talon."""
    rules = new(GAME, 1).rules
    heights = [f.length for f in rules.founds]
    for _ in range(left):
        j = 0 if rng.random() < centre else rng.choice(
            [j for j, h in enumerate(heights) if h > (1 if j == 0 else 0)])
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
    for i, card in enumerate(loose[:8]):
        piles[f"c{i + 1}"] = [card]
    piles["s"] = loose[8:8 + stock]
    piles["w"] = loose[8 + stock:]
    flags = {f"took:{f.id}": 1 for f in rules.founds[1:] if piles[f.id] and rng.random() < 0.3}
    return rules, piles, flags


def small_game(rules: Rules, piles: dict[str, list[str]], flags: dict[str, int]
               ) -> tuple[ws.WindGame, ws.WindPos]:
    game = ws.windmill_game(rules, piles, flags)
    assert game is not None
    return game, ws.position(game, piles, flags)


def test_small_deals_play_as_the_engine() -> None:
    rng = random.Random("small")
    for _ in range(12):
        rules, piles, flags = rigged(rng, 14, 3)
        game, pos = small_game(rules, piles, flags)
        at = compact(piles, flags=flags)
        for _ in range(40):
            mine = ws.moves(game, pos)
            assert [ws.action(game, m) for m in mine] == moves_of(rules, at, 0)
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(rules, at, 0, ws.action(game, move))
            pos = ws.play(game, pos, move)
            assert ws.position(game, board.piles, board.flags) == pos


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = set()
    for left, stock, centre in [(11, 2, 0.0), (16, 2, 0.8), (18, 1, 0.9), (14, 0, 0.9)] * 4:
        rules, piles, flags = rigged(rng, left, stock, centre)
        game, pos = small_game(rules, piles, flags)
        answer = ws.search(game, pos, 500_000, None)
        assert answer.status != "undecided"
        start = compact(piles, flags=flags)
        assert (answer.status == "winnable") == engine_wins(rules, start)
        if answer.status == "winnable":
            assert line_wins(rules, start, answer.line)
        seen.add(answer.status)
    assert seen == {"winnable", "unwinnable"}


def wins_through_the_fast_paths_moves(game: ws.WindGame, pos: ws.WindPos) -> bool:
    return fast_path_wins(pos, partial(ws.moves, game), partial(ws.play, game),
                          partial(ws.won, game), ws.key)


def test_positions_proved_lost_are_lost() -> None:
    """What the limited searches keep as proved lost (and never search again) is lost, though
    they refused moves for want of discrepancies."""
    rng = random.Random("lost")
    proved = 0
    for left, stock, centre in [(30, 12, 0.6), *[(18, 1, 0.9), (14, 0, 0.9), (17, 3, 0.8)] * 5]:
        rules, piles, flags = rigged(rng, left, stock, centre)
        game, pos = small_game(rules, piles, flags)
        lost: set[bytes] = set()
        for limit in range(3):  # the first deal is won with two discrepancies, not fewer
            answer, _ = ws._limited(game, pos, limit, 100_000, None, 0, lost)
            if answer.status == "winnable":
                break
        n = len(game.sail_ids)
        for k in lost:
            corners = k[2 + n:2 + n + 2 * game.corners]
            at = (k[0], k[2 + n + 2 * game.corners:], k[2:2 + n], k[1], corners[::2],
                  corners[1::2])
            assert ws.key(at) == k
            assert not wins_through_the_fast_paths_moves(game, at)
            proved += 1
    assert proved >= 8
