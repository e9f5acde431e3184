"""The fast path for Napoleon's Favorite and St. Louis (favorite_search.py): its moves and
positions are the engine's (deals, redeals, St. Louis's series and turn included), its lines win
through the engine, and its verdicts and pruning rules (the safe move home, a card just married
not married again) agree with a brute-force search through the engine on small rigged deals
(the games' own rows, all but a few cards home). Node budgets only."""

from __future__ import annotations

import random

import pytest

from bot.games.patience import PatienceState
from bot.games.patience import favorite_search as fs
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import _won, moves_of, play, search_path, solve
from tests.games.patience.helpers import compact, engine_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win

GAMES = ("napoleons_favorite", "st_louis")


def fast(state: PatienceState) -> tuple[fs.FavoriteGame, fs.FavPos]:
    game = fs.favorite_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, fs.position(game, state.piles, state.redeals, state.flags)


@pytest.mark.parametrize("variant", GAMES)
def test_moves_and_positions_are_the_engines_along_random_play_outs(variant: str) -> None:
    rng = random.Random(variant)
    moved = packed = redealt = turned = 0
    for seed in range(1, 6):
        state = new(variant, seed)
        game, pos = fast(state)
        for _ in range(250):
            engine = [a for a in legal(state) if a != "resign"]
            mine = fs.moves(game, pos)
            assert [fs.action(game, m) for m in mine] == engine
            assert {m for m, _ in fs.ordered(game, pos)} <= set(mine)
            if not mine or state.status != "play":
                break
            home = [m for m in mine if m[0] >= 0 and m[1] >= 0]
            move = rng.choice(home if home and rng.random() < 0.7 else mine)
            if fs.REDEAL in mine and rng.random() < 0.03:
                move = fs.REDEAL
            moved += 1
            packed += move[0] >= 0 and move[1] < 0
            redealt += move == fs.REDEAL
            turned += move == fs.TURN
            state, _ = state.apply(0, fs.action(game, move))
            pos = fs.play(game, pos, move)
            assert fs.position(game, state.piles, state.redeals, state.flags) == pos
    assert moved > 150 and packed and redealt >= 4
    assert turned or variant != "st_louis"


def test_other_games_are_not_taken() -> None:
    for variant in ("the_clock", "the_calculation", "napoleon_at_st_helena", "nestor",
                    "the_garden", "the_phalanx", "the_house_on_the_hill"):
        state = new(variant, 1)
        assert fs.favorite_game(state.rules, state.piles, state.redeals, state.flags) is None
    for variant in GAMES:
        assert search_path(new(variant, 1)) == "fast"


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new("napoleons_favorite", 7)  # won within a few hundred positions
    game, pos = fast(state)
    answer = fs.search(game, pos, 30_000, None)
    assert answer.status == "winnable"
    assert "redeal" in answer.line
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=30_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line
    assert replays_to_a_win(state, verdict.line)


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, variant: str, left: int, redeals: int, stock: int = 0
           ) -> tuple[Rules, dict[str, list[str]], int, dict[str, int]]:
    """A late position of ``variant``'s own row: all but ``left`` cards home (each foundation
    its own run as far as it goes, three foundations short), ``redeals`` used; the rest at
    random on a few packets, or, with ``stock`` (St. Louis's first series), one to a packet
    and ``stock`` in the stock."""
    rules = new(variant, 1).rules
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
    piles["s"] = []
    flags: dict[str, int] = {}
    if stock:
        flags["series"] = 1
        piles["s"] = loose[:stock][::-1]
        for pid, card in zip(rng.sample(ids, len(loose) - stock), loose[stock:], strict=True):
            piles[pid] = [card]
    else:
        for card in loose:
            piles[rng.choice(ids[:5])].append(card)  # a few packets: marriages meet
    return rules, piles, redeals, flags


def small(rules: Rules, piles: dict[str, list[str]], redeals: int, flags: dict[str, int]
          ) -> tuple[fs.FavoriteGame, fs.FavPos]:
    game = fs.favorite_game(rules, piles, redeals, flags)
    assert game is not None
    return game, fs.position(game, piles, redeals, flags)


def cases(rng: random.Random) -> list[tuple[str, int, int, int]]:
    """(variant, cards left, redeals used, stock) of a rigged deal. (With a redeal to come,
    a dozen cards or so are dealt one to a packet: won.)"""
    return [("napoleons_favorite", 10, 2, 0), ("napoleons_favorite", 11, 2, 0),
            ("napoleons_favorite", 8, 1, 0), ("napoleons_favorite", 8, 0, 0),
            ("st_louis", 8, 2, 0), ("st_louis", 10, 2, 0), ("st_louis", 10, 1, 0),
            ("st_louis", 14, 2, 4)][rng.randrange(8):][:1]


def test_small_deals_play_as_the_engine() -> None:
    """The rigged positions too: moves and positions along random play-outs."""
    rng = random.Random("small")
    for _ in range(20):
        variant, left, redeals, stock = cases(rng)[0]
        rules, piles, redeals, flags = rigged(rng, variant, left, redeals, stock)
        game, pos = small(rules, piles, redeals, flags)
        at = compact(piles, redeals=redeals, flags=flags)
        for _ in range(20):
            engine = moves_of(rules, at, 0)
            mine = fs.moves(game, pos)
            assert [fs.action(game, m) for m in mine] == engine
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(rules, at, 0, fs.action(game, move))
            pos = fs.play(game, pos, move)
            assert fs.position(game, board.piles, board.redeals, board.flags) == pos


def test_a_st_louis_redeal_of_twelve_cards_or_fewer_is_the_whole_deal() -> None:
    """Its series takes every card: the deal is complete, so cards may be married at once (they
    could not, and nothing but the foundations took a card, while the series stayed on)."""
    rng = random.Random("short")
    for left in (6, 10, 12):
        rules, piles, redeals, flags = rigged(rng, "st_louis", left, 1)
        at, board = play(rules, compact(piles, redeals=redeals, flags=flags), 0, "redeal")
        assert "series" not in board.flags and not board.piles["s"]
        engine = moves_of(rules, at, 0)
        # cards left of one foundation's run are in suit and one rank apart
        assert any(">t" in m for m in engine), engine
        game, pos = small(rules, piles, redeals, flags)
        pos = fs.play(game, pos, fs.REDEAL)
        assert fs.position(game, board.piles, board.redeals, board.flags) == pos
        assert [fs.action(game, m) for m in fs.moves(game, pos)] == engine


def test_verdicts_agree_with_a_brute_force_search() -> None:
    """Exhaustive answers: the search's "unwinnable" (the safe move, the key's sorted packets
    and a card just married not married again all in play) is the engine's."""
    rng = random.Random("verdicts")
    seen: dict[str, set[str]] = {v: set() for v in GAMES}
    for _ in range(28):
        variant, left, redeals, stock = cases(rng)[0]
        rules, piles, redeals, flags = rigged(rng, variant, left, redeals, stock)
        game, pos = small(rules, piles, redeals, flags)
        answer = fs.search(game, pos, 500_000, None)
        assert answer.status != "undecided"
        start = compact(piles, redeals=redeals, flags=flags)
        assert (answer.status == "winnable") == engine_wins(rules, start)
        if answer.status == "winnable":
            assert line_wins(rules, start, answer.line)
        seen[variant].add(answer.status)
    assert all(s == {"winnable", "unwinnable"} for s in seen.values())


def test_safe_moves_home_are_sound() -> None:
    """Where `safe` offers a move home, the deal is won after it exactly when it is won at
    all."""
    rng = random.Random("safe")
    found = 0
    for _ in range(200):
        variant = rng.choice(GAMES)
        rules, piles, redeals, flags = rigged(rng, variant, 6, 2)
        game, pos = small(rules, piles, redeals, flags)
        move = fs.safe(game, pos)
        if move is None or len(fs.moves(game, pos)) < 2:
            continue
        assert move in fs.moves(game, pos) and move[1] >= 0
        before = compact(piles, redeals=redeals, flags=flags)
        after, board = play(rules, before, 0, fs.action(game, move))
        assert (_won(board) or engine_wins(rules, after)) == engine_wins(rules, before)
        found += 1
    assert found >= 10


def test_no_safe_move_while_a_redeal_or_the_series_is_to_come() -> None:
    rng = random.Random("unsafe")
    for _ in range(50):
        variant = rng.choice(GAMES)
        rules, piles, redeals, flags = rigged(rng, variant, 6, rng.choice([0, 1]))
        game, pos = small(rules, piles, redeals, flags)
        assert fs.safe(game, pos) is None
    rules, piles, redeals, flags = rigged(rng, "st_louis", 8, 2, 2)
    game, pos = small(rules, piles, redeals, flags)
    assert fs.safe(game, pos) is None


def test_the_key_sorts_the_packets_in_the_last_deal_only() -> None:
    """A redeal gathers the packets in order: before the last deal, the same packets in
    another order are another position (their redeals differ); in the last deal, one."""
    for variant in GAMES:
        state = new(variant, 3)
        game, pos = fast(state)
        if game.series:
            pos = fs.play(game, pos, fs.TURN)
        redeals, series, stock, heights, packets = pos
        swapped = (*packets[1:], packets[0])
        other = (redeals, series, stock, heights, swapped)
        assert fs.key(game, pos) != fs.key(game, other)
        assert fs.play(game, pos, fs.REDEAL)[4] != fs.play(game, other, fs.REDEAL)[4]
        last = (game.redeals, series, stock, heights, packets)
        assert fs.key(game, last) == fs.key(game, (game.redeals, series, stock, heights,
                                                   swapped))
