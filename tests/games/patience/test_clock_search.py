"""The fast path for The Clock (clock_search.py): its moves and positions are the engine's, its
lines win through the engine, and its verdicts and pruning rules (safe moves home, turns that
show a stuck card) agree with a brute-force search through the engine on small rigged deals
(The Clock's foundations, three packets, a few cards left). Node budgets only."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.patience import PatienceState
from bot.games.patience import clock_search as cl
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import _won, moves_of, play, search_path, solve
from tests.games.patience.helpers import compact, engine_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win


def fast(state: PatienceState) -> tuple[cl.ClockGame, cl.ClockPos]:
    game = cl.clock_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, cl.position(game, state.piles)


def same_position(game: cl.ClockGame, pos: cl.ClockPos, state: PatienceState) -> bool:
    """``pos`` is ``state``'s position: the same talon, heights, packets and stock left."""
    other, mine = fast(state)
    return mine[1:] == pos[1:] and other.stock == game.stock[pos[0]:]


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("clock")
    moved = packed = out = 0
    for seed in range(1, 7):
        state = new("the_clock", seed)
        game, pos = fast(state)
        for _ in range(300):
            engine = [a for a in legal(state) if a != "resign"]
            mine = cl.moves(game, pos)
            assert [cl.action(game, m) for m in mine] == engine
            tried = cl.ordered(game, pos)
            assert set(tried) <= set(mine)
            if not mine or state.status != "play":
                break
            home = [m for m in mine if m[1] >= 0]
            move = rng.choice(home if home and rng.random() < 0.7 else mine)
            moved += 1
            packed += move[1] < 0
            state, _ = state.apply(0, cl.action(game, move))
            pos = cl.play(game, pos, move)
            assert same_position(game, pos, state)
        out += pos[0] == len(game.stock)
    assert moved > 300 and packed and out  # packing, top-ups and the stock out were met


def test_other_games_are_not_taken() -> None:
    for variant in ("the_calculation", "napoleon_at_st_helena", "nestor", "the_garden"):
        state = new(variant, 1)
        assert cl.clock_game(state.rules, state.piles, state.redeals, state.flags) is None
    assert search_path(new("the_clock", 1)) == "fast"


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new("the_clock", 4)  # won within a few thousand positions
    game, pos = fast(state)
    answer = cl.search(game, pos, 30_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=30_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line
    assert replays_to_a_win(state, verdict.line)


# -- small rigged deals against a brute-force search through the engine ---------------------------


def small_rules(packets: int = 3) -> Rules:
    """The Clock with only ``packets`` packets (the engine plays any such row)."""
    rules = new("the_clock", 1).rules
    kept = tuple(p for p in rules.piles if p.kind != "tableau")
    return replace(rules, id="small_clock", piles=(*rules.piles[:packets], *kept))


def rigged(rng: random.Random, left: int, stock: int, talon: int, packets: int = 3
           ) -> tuple[Rules, dict[str, list[str]]]:
    """A late position: all but ``left`` cards home (each foundation its own run as far as it
    goes), ``stock`` of them in the stock, ``talon`` on the talon, the rest on the packets
    (three to a packet while the stock lasts, as the top-up keeps them)."""
    rules = small_rules(packets)
    heights = [f.length for f in rules.founds]
    for _ in range(left):
        j = rng.choice([j for j, h in enumerate(heights) if h > 1])
        heights[j] -= 1
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    loose = []
    for f, h in zip(rules.founds, heights, strict=True):
        run = [f.suit + RANKS[(RANKS.index(f.base) + k) % 13] for k in range(f.length)]
        piles[f.id] = run[:h]
        loose += run[h:]
    rng.shuffle(loose)
    piles["s"] = loose[:stock]
    piles["w"] = loose[stock:stock + talon]
    rest = loose[stock + talon:]
    ids = [p.id for p in rules.piles if p.kind == "tableau"]
    if stock:
        assert len(rest) >= 3 * len(ids)
        for i, pid in enumerate(ids):
            piles[pid] = rest[3 * i:3 * i + 3]
        rest = rest[3 * len(ids):]
    for card in rest:
        piles[rng.choice(ids)].append(card)
    return rules, piles


def small_game(rules: Rules, piles: dict[str, list[str]]) -> tuple[cl.ClockGame, cl.ClockPos]:
    game = cl.clock_game(rules, piles, 0, {})
    assert game is not None
    return game, cl.position(game, piles)


def test_small_deals_play_as_the_engine() -> None:
    """The rigged rows too: moves and positions along random play-outs."""
    rng = random.Random("small")
    for _ in range(10):
        rules, piles = rigged(rng, 16, 3, 2)
        game, pos = small_game(rules, piles)
        at = compact(piles)
        for _ in range(30):
            engine = moves_of(rules, at, 0)
            mine = cl.moves(game, pos)
            assert [cl.action(game, m) for m in mine] == engine
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(rules, at, 0, cl.action(game, move))
            pos = cl.play(game, pos, move)
            assert cl.position(game, board.piles)[1:] == pos[1:]


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = set()
    for stock, talon in [(3, 2), (2, 3), (0, 3), (4, 0)] * 4:
        rules, piles = rigged(rng, 9 + stock + talon, stock, talon)
        game, pos = small_game(rules, piles)
        answer = cl.search(game, pos, 500_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(rules, compact(piles))
        if answer.status == "winnable":
            assert line_wins(rules, compact(piles), answer.line)
        seen.add(answer.status)
    assert seen == {"winnable", "unwinnable"}


def test_safe_moves_home_are_sound() -> None:
    """Where `safe` offers a move home, the deal is won after it exactly when it is won at all:
    the talon's top (stock or none) and a packet's top with the stock out."""
    rng = random.Random("safe")
    talon_safe = packet_safe = 0
    for _ in range(150):
        stock = rng.choice([0, 0, 2])
        rules, piles = rigged(rng, 9 + stock + 3, stock, 3)
        game, pos = small_game(rules, piles)
        move = cl.safe(game, pos)
        if move is None or len(cl.moves(game, pos)) < 2:
            continue
        assert move in cl.moves(game, pos) and move[1] >= 0
        before = compact(piles)
        after, board = play(rules, before, 0, cl.action(game, move))
        assert (_won(board) or engine_wins(rules, after)) == engine_wins(rules, before)
        talon_safe += move[0] == cl.TALON
        packet_safe += move[0] != cl.TALON
    assert talon_safe and packet_safe


def test_a_turn_left_out_shows_a_card_that_never_leaves_the_talon() -> None:
    rng = random.Random("stuck")
    left_out = 0
    for _ in range(300):
        rules, piles = rigged(rng, 9 + 2 + 4, 2, 4)
        game, pos = small_game(rules, piles)
        if cl.TURN not in cl.moves(game, pos) or cl.TURN in cl.ordered(game, pos):
            continue
        if cl.safe(game, pos) is not None:
            continue  # left out for the safe move, not the stuck card
        left_out += 1
        after, _ = play(rules, compact(piles), 0, "turn")
        assert not engine_wins(rules, after)
    assert left_out
