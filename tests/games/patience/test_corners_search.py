"""The fast path for The Four Corners (corners_search.py): its moves and positions are the
engine's (rounds dealt with the corners' and sides' feeding, the bases going home, redeals
included), its lines win through the engine, and its verdicts and pruning rules (the safe move
home, a card just married not married again, the key's sorted packets) agree with a
brute-force search through the engine on small rigged deals (the game's own row, all but a few
cards home). Node budgets only."""

from __future__ import annotations

import random

from bot.games.patience import PatienceState
from bot.games.patience import corners_search as cs
from bot.games.patience import favorite_search as fs
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import _won, moves_of, play, search_path, solve
from tests.games.patience.helpers import compact, engine_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win

GAME = "the_four_corners"


def fast(state: PatienceState) -> tuple[fs.FavoriteGame, fs.FavPos]:
    game = cs.corners_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, cs.position(game, state.piles, state.redeals, state.flags)


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random(GAME)
    moved = packed = redealt = turned = fed = 0
    for seed in range(1, 7):
        state = new(GAME, seed)
        game, pos = fast(state)
        for _ in range(300):
            engine = [a for a in legal(state) if a != "resign"]
            mine = cs.moves(game, pos)
            assert [cs.action(game, m) for m in mine] == engine
            assert {m for m, _ in cs.ordered(game, pos)} <= set(mine)
            if not mine or state.status != "play":
                break
            home = [m for m in mine if m[0] >= 0 and m[1] >= 0]
            move = rng.choice(home if home and rng.random() < 0.7 else mine)
            if cs.REDEAL in mine and rng.random() < 0.2:
                move = cs.REDEAL
            moved += 1
            packed += move[0] >= 0 and move[1] < 0
            redealt += move == cs.REDEAL
            turned += move == cs.TURN
            fed += pos[1] and move[0] >= 0
            state, _ = state.apply(0, cs.action(game, move))
            pos = cs.play(game, pos, move)
            assert cs.position(game, state.piles, state.redeals, state.flags) == pos
    assert moved > 300 and packed and redealt >= 6 and turned > 100 and fed > 20


def test_other_games_are_not_taken() -> None:
    for variant in ("napoleons_favorite", "st_louis", "the_clock", "the_calculation",
                    "nestor", "the_garden", "the_windmill"):
        state = new(variant, 1)
        assert cs.corners_game(state.rules, state.piles, state.redeals, state.flags) is None
    state = new(GAME, 1)
    assert fs.favorite_game(state.rules, state.piles, state.redeals, state.flags) is None
    assert search_path(state) == "fast"


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new(GAME, 2)  # won within some 6,000 positions
    game, pos = fast(state)
    answer = cs.search(game, pos, 30_000, None)
    assert answer.status == "winnable"
    assert "redeal" in answer.line and "turn" in answer.line
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=30_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line
    assert replays_to_a_win(state, verdict.line)


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, left: int, redeals: int, stock: int = 0
           ) -> tuple[Rules, dict[str, list[str]], int, dict[str, int]]:
    """A late position of the game's own row: all but ``left`` cards home (each foundation its
    own run as far as it goes, three foundations short), ``redeals`` used; the rest at random
    on a few packets, and with ``stock`` that many of them still in the stock (a deal going
    on)."""
    rules = new(GAME, 1).rules
    heights = [f.length for f in rules.founds]
    few = rng.sample(range(len(heights)), 3)  # cards of a few suits: long runs to build
    for _ in range(left):
        j = rng.choice([j for j in few if heights[j] > 1])
        heights[j] -= 1
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    loose = []
    for f, h in zip(rules.founds, heights, strict=True):
        run = [f.suit + RANKS[(RANKS.index(f.base) + k * f.step) % 13] for k in range(f.length)]
        piles[f.id] = run[:h]
        loose += run[h:]
    rng.shuffle(loose)
    ids = [p.id for p in rules.piles]
    piles["s"] = loose[:stock][::-1]
    flags = {"dealing": 1} if stock else {}
    spots = rng.sample(ids, 5)  # a few packets (sides and corners alike): marriages meet
    for card in loose[stock:]:
        piles[rng.choice(spots)].append(card)
    return rules, piles, redeals, flags


def small(rules: Rules, piles: dict[str, list[str]], redeals: int, flags: dict[str, int]
          ) -> tuple[fs.FavoriteGame, fs.FavPos]:
    game = cs.corners_game(rules, piles, redeals, flags)
    assert game is not None
    return game, cs.position(game, piles, redeals, flags)


CASES = ((10, 2, 0), (11, 2, 0), (9, 2, 5), (8, 1, 0), (8, 1, 4), (7, 0, 3))
"""(cards left, redeals used, of them in the stock) of a rigged deal."""


def test_small_deals_play_as_the_engine() -> None:
    """The rigged positions too (a deal going on among them): moves and positions along
    random play-outs."""
    rng = random.Random("small")
    for _ in range(24):
        left, redeals, stock = rng.choice(CASES)
        rules, piles, redeals, flags = rigged(rng, left, redeals, stock)
        game, pos = small(rules, piles, redeals, flags)
        at = compact(piles, redeals=redeals, flags=flags)
        for _ in range(25):
            engine = moves_of(rules, at, 0)
            mine = cs.moves(game, pos)
            assert [cs.action(game, m) for m in mine] == engine
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(rules, at, 0, cs.action(game, move))
            pos = cs.play(game, pos, move)
            assert cs.position(game, board.piles, board.redeals, board.flags) == pos


def test_verdicts_agree_with_a_brute_force_search() -> None:
    """Exhaustive answers: the search's "unwinnable" (the safe move, the key's sorted packets
    and a card just married not married again all in play) is the engine's."""
    rng = random.Random("verdicts")
    seen: dict[bool, set[str]] = {False: set(), True: set()}
    for _ in range(30):
        left, redeals, stock = rng.choice(CASES)
        rules, piles, redeals, flags = rigged(rng, left, redeals, stock)
        game, pos = small(rules, piles, redeals, flags)
        answer = cs.search(game, pos, 500_000, None)
        assert answer.status != "undecided"
        start = compact(piles, redeals=redeals, flags=flags)
        assert (answer.status == "winnable") == engine_wins(rules, start)
        if answer.status == "winnable":
            assert line_wins(rules, start, answer.line)
        seen[redeals == 2 and not stock].add(answer.status)
    assert all(s == {"winnable", "unwinnable"} for s in seen.values())


def test_safe_moves_home_are_sound() -> None:
    """Where `safe` offers a move home, the deal is won after it exactly when it is won at
    all."""
    rng = random.Random("safe")
    found = 0
    for _ in range(200):
        rules, piles, redeals, flags = rigged(rng, 6, 2)
        game, pos = small(rules, piles, redeals, flags)
        move = fs.safe(game, pos)
        if move is None or len(cs.moves(game, pos)) < 2:
            continue
        assert move in cs.moves(game, pos) and move[1] >= 0
        assert cs.ordered(game, pos) == [(move, 0)]
        before = compact(piles, redeals=redeals, flags=flags)
        after, board = play(rules, before, 0, cs.action(game, move))
        assert (_won(board) or engine_wins(rules, after)) == engine_wins(rules, before)
        found += 1
    assert found >= 10


def test_no_safe_move_while_dealing_or_with_a_redeal_to_come() -> None:
    rng = random.Random("unsafe")
    for _ in range(50):
        rules, piles, redeals, flags = rigged(rng, 6, rng.choice([0, 1]))
        game, pos = small(rules, piles, redeals, flags)
        assert fs.safe(game, pos) is None
        rules, piles, redeals, flags = rigged(rng, 8, 2, 3)
        game, pos = small(rules, piles, redeals, flags)
        assert fs.safe(game, pos) is None


def test_the_key_sorts_the_packets_once_the_last_deal_is_out() -> None:
    """A redeal gathers the packets in order, and while dealing the corners and sides feed
    different foundations: the same packets in another order are then another position; in
    the last deal, dealt out, one."""
    state = new(GAME, 3)
    game, pos = fast(state)
    while pos[1]:
        pos = cs.play(game, pos, cs.TURN)
    redeals, dealing, stock, heights, packets = pos
    swapped = (*packets[1:], packets[0])
    other = (redeals, dealing, stock, heights, swapped)
    assert fs.key(game, pos) != fs.key(game, other)
    assert cs.play(game, pos, cs.REDEAL)[2] != cs.play(game, other, cs.REDEAL)[2]
    assert fs.key(game, (2, True, stock, heights, packets)) != fs.key(
        game, (2, True, stock, heights, swapped))
    assert fs.key(game, (2, False, b"", heights, packets)) == fs.key(
        game, (2, False, b"", heights, swapped))


def test_while_dealing_only_cards_home_are_offered_before_the_round() -> None:
    """The order: cards home free, the round after them at `TURN_COST` discrepancies."""
    rng = random.Random("order")
    checked = 0
    for _ in range(40):
        rules, piles, redeals, flags = rigged(rng, 9, rng.choice([0, 1, 2]), 5)
        game, pos = small(rules, piles, redeals, flags)
        steps = cs.ordered(game, pos)
        assert steps[-1][0] == cs.TURN
        homes = steps[:-1]
        assert all(m[1] >= 0 and cost == 0 for m, cost in homes)
        assert steps[-1][1] == (cs.TURN_COST if homes else 0)
        checked += bool(homes)
    assert checked >= 5
