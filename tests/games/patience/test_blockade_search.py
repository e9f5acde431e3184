"""The fast path for The Blockade (blockade_search.py): its moves and positions are the engine's
(rows, fills from the stock), its lines win through the engine, and its verdicts and pruning
(safe moves home, one of two alike foundation moves) agree with a brute-force search through
the engine on small rigged deals (The Blockade's foundations, three columns, a few cards
left). Node budgets only."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.patience import PatienceState
from bot.games.patience import blockade_search as bk
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import (
    _won,
    moves_of,
    play,
    scaled_budget,
    search_path,
    solve,
)
from tests.games.patience.helpers import compact, engine_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win


def fast(state: PatienceState) -> tuple[bk.BlockadeGame, bk.BlockadePos]:
    game = bk.blockade_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, bk.position(game, state.piles)


def same_position(game: bk.BlockadeGame, pos: bk.BlockadePos, state: PatienceState) -> bool:
    """``pos`` is ``state``'s position: the same heights, columns and stock left."""
    other, mine = fast(state)
    return mine[1:] == pos[1:] and other.stock == game.stock[pos[0]:]


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("blockade")
    moved = packed = filled = turned = out = 0
    for seed in range(1, 9):
        state = new("the_blockade", seed)
        game, pos = fast(state)
        for _ in range(250):
            engine = [a for a in legal(state) if a != "resign"]
            mine = bk.moves(game, pos)
            assert [bk.action(game, m) for m in mine] == engine
            assert set(bk.ordered(game, pos)) <= set(mine)
            if not mine or state.status != "play":
                break
            home = [m for m in mine if m[1] >= 0]
            move = rng.choice(home if home and rng.random() < 0.7 else mine)
            moved += 1
            packed += move[1] < 0
            turned += move == bk.TURN
            filled += move != bk.TURN and len(pos[2][move[0]]) == 1 and pos[0] < len(game.stock)
            state, _ = state.apply(0, bk.action(game, move))
            pos = bk.play(game, pos, move)
            assert same_position(game, pos, state)
        out += pos[0] == len(game.stock)
    assert moved > 300 and packed and filled and turned and out


def test_other_games_are_not_taken() -> None:
    for variant in ("the_clock", "napoleon_at_st_helena", "the_calculation", "the_garden",
                    "the_shah_of_persia", "the_four_seasons"):
        state = new(variant, 1)
        assert bk.blockade_game(state.rules, state.piles, state.redeals, state.flags) is None
    assert search_path(new("the_blockade", 1)) == "fast"
    assert scaled_budget(new("the_blockade", 1), 1000) == 4000  # GAME_FACTORS


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new("the_blockade", 6)  # won within some twelve thousand positions
    game, pos = fast(state)
    answer = bk.search(game, pos, 30_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=30_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line


# -- small rigged deals against a brute-force search through the engine ---------------------------


def small_rules(columns: int = 3) -> Rules:
    """The Blockade with only ``columns`` columns (the engine plays any such row)."""
    rules = new("the_blockade", 1).rules
    return replace(rules, id="small_blockade", piles=rules.piles[:columns])


def rigged(rng: random.Random, left: int, stock: int, columns: int = 3
           ) -> tuple[Rules, dict[str, list[str]]]:
    """A late position: all but ``left`` cards home (each foundation a run up from the ace as
    far as it goes), ``stock`` of them in the stock, the rest on the columns (each column a card
    at least while the stock lasts, as the fills keep them)."""
    rules = small_rules(columns)
    heights = [13] * 8
    for _ in range(left):
        j = rng.choice([j for j, h in enumerate(heights) if h > 0])
        heights[j] -= 1
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    loose = []
    for f, h in zip(rules.founds, heights, strict=True):
        run = [f.suit + RANKS[k] for k in range(13)]
        piles[f.id] = run[:h]
        loose += run[h:]
    rng.shuffle(loose)
    piles["s"] = loose[:stock]
    rest = loose[stock:]
    ids = [p.id for p in rules.piles]
    if stock:
        for pid, card in zip(ids, rest, strict=False):
            piles[pid].append(card)
        rest = rest[len(ids):]
    for card in rest:
        piles[rng.choice(ids)].append(card)
    return rules, piles


def small_game(rules: Rules, piles: dict[str, list[str]]
               ) -> tuple[bk.BlockadeGame, bk.BlockadePos]:
    game = bk.blockade_game(rules, piles, 0, {})
    assert game is not None
    return game, bk.position(game, piles)


def test_small_deals_play_as_the_engine() -> None:
    """The rigged rows too: moves and positions along random play-outs."""
    rng = random.Random("small")
    for _ in range(12):
        rules, piles = rigged(rng, 14, 5)
        game, pos = small_game(rules, piles)
        at = compact(piles)
        for _ in range(30):
            engine = moves_of(rules, at, 0)
            mine = bk.moves(game, pos)
            assert [bk.action(game, m) for m in mine] == engine
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(rules, at, 0, bk.action(game, move))
            pos = bk.play(game, pos, move)
            assert bk.position(game, board.piles)[1:] == pos[1:]


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = set()
    for left, stock in [(12, 4), (11, 3), (10, 0), (13, 5)] * 4:
        rules, piles = rigged(rng, left, stock)
        game, pos = small_game(rules, piles)
        answer = bk.search(game, pos, 500_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(rules, compact(piles))
        if answer.status == "winnable":
            assert line_wins(rules, compact(piles), answer.line)
        seen.add(answer.status)
    assert seen == {"winnable", "unwinnable"}


def test_safe_moves_home_are_sound() -> None:
    """Where `safe` offers a move home, the deal is won after it exactly when it is won at all:
    a card over another while the stock lasts, and any card with the stock out."""
    rng = random.Random("safe")
    lasting = out = 0
    for _ in range(120):
        stock = rng.choice([0, 3, 4])
        rules, piles = rigged(rng, 8 + stock, stock)
        game, pos = small_game(rules, piles)
        move = bk.safe(game, pos)
        if move is None or len(bk.moves(game, pos)) < 2:
            continue
        assert move in bk.moves(game, pos) and move[1] >= 0
        before = compact(piles)
        after, board = play(rules, before, 0, bk.action(game, move))
        assert (_won(board) or engine_wins(rules, after)) == engine_wins(rules, before)
        lasting += stock > 0
        out += stock == 0
    assert lasting and out, (lasting, out)


def test_a_card_alone_in_its_column_is_not_sent_home_safely_while_the_stock_lasts() -> None:
    """Sending it home draws a fill sooner, which shifts the rows to come: a deal (found by a
    random search of rigged ones) won by other lines but lost after the king of hearts goes
    home, though nothing could ever be packed on it."""
    rules = small_rules(2)
    heights = {"f2": 12, "f5": 10, "f6": 9, "f7": 12}
    piles: dict[str, list[str]] = {
        f.id: [f.suit + RANKS[k] for k in range(heights.get(f.id, 13))] for f in rules.founds}
    piles["t1"] = ["HK"]
    piles["t2"] = ["SK", "SJ", "SQ"]
    piles["s"] = ["ST", "CK", "SK", "CJ", "CQ"]  # the club queen dealt first
    game, pos = small_game(rules, piles)
    assert bk.safe(game, pos) is None
    home = (0, 6)
    assert home in bk.moves(game, pos) and bk.action(game, home) == "move:t1>f7"
    assert engine_wins(rules, compact(piles))
    assert not engine_wins(rules, play(rules, compact(piles), 0, "move:t1>f7")[0])
    answer = bk.search(game, pos, 100_000, None)
    assert answer.status == "winnable" and line_wins(rules, compact(piles), answer.line)


def test_one_of_two_alike_foundation_moves_is_left_out_and_nothing_else() -> None:
    """What `ordered` leaves out (no safe move) reaches a position of the same key as a move
    it keeps; and the twin foundation's move is left out somewhere."""
    rng = random.Random("twins")
    dropped = 0
    for _ in range(300):
        stock = rng.choice([0, 3])
        rules, piles = rigged(rng, 14 + stock, stock)
        game, pos = small_game(rules, piles)
        if bk.safe(game, pos) is not None:
            continue
        kept = bk.ordered(game, pos)
        keys = {bk.key(game, bk.play(game, pos, m)) for m in kept}
        for m in bk.moves(game, pos):
            if m not in kept:
                dropped += 1
                assert m[1] >= 0 and bk.key(game, bk.play(game, pos, m)) in keys
    assert dropped


def test_the_key_keeps_the_columns_in_order_while_the_stock_lasts() -> None:
    """A deal (found by a random search of rigged ones) lost as dealt but won with its two
    columns swapped: the rows to come tell the columns apart. With the stock out the key sorts
    them."""
    rules = small_rules(2)
    heights = {"f3": 11, "f4": 8, "f5": 11, "f8": 12}
    piles: dict[str, list[str]] = {
        f.id: [f.suit + RANKS[k] for k in range(heights.get(f.id, 13))] for f in rules.founds}
    piles["t1"] = ["DJ", "DK", "HK", "DQ"]
    piles["t2"] = ["CK", "D9"]
    piles["s"] = ["DT", "HQ", "CQ", "DK"]
    swapped = {**piles, "t1": piles["t2"], "t2": piles["t1"]}
    assert not engine_wins(rules, compact(piles))
    assert engine_wins(rules, compact(swapped))
    game, pos = small_game(rules, piles)
    other, turned = small_game(rules, swapped)
    assert bk.key(game, pos) != bk.key(other, turned)
    assert bk.search(game, pos, 100_000, None).status == "unwinnable"
    assert bk.search(other, turned, 100_000, None).status == "winnable"
    out = {**piles, "s": [], "t2": piles["t2"] + piles["s"]}
    game, pos = small_game(rules, out)
    other, turned = small_game(rules, {**out, "t1": out["t2"], "t2": out["t1"]})
    assert bk.key(game, pos) == bk.key(other, turned)


def test_dead_positions_are_lost() -> None:
    """Where `dead` says both copies of a card lie under kings of their suit, the brute-force
    search finds no win (the stock still to come or not)."""
    rng = random.Random("dead")
    fired = lasting = 0
    for _ in range(400):
        stock = rng.choice([0, 3])
        rules, piles = rigged(rng, 9 + stock, stock)
        game, pos = small_game(rules, piles)
        if not bk.dead(game, pos[2]):
            continue
        fired += 1
        lasting += stock > 0
        assert not engine_wins(rules, compact(piles))
    assert fired > 5 and lasting
