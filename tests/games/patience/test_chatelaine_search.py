"""The fast path for The Chatelaine (chatelaine_search.py): its moves and positions are the
engine's (auxiliary tops first, the Chatelaine only when none goes home), its lines win through
the engine, and its verdicts and pruning (safe auxiliary tops, one of alike foundation moves)
agree with a brute-force search through the engine on small rigged deals (a few cards left).
Node budgets only."""

from __future__ import annotations

import random

from bot.games.patience import PatienceState
from bot.games.patience import chatelaine_search as ch
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


def fast(state: PatienceState) -> tuple[ch.ChatelaineGame, ch.ChatelainePos]:
    game = ch.chatelaine_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, ch.position(game, state.piles)


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("chatelaine")
    moved = auxiliary = chatelaine = twins = won = 0
    for seed in range(1, 13):
        state = new("the_chatelaine", seed)
        game, pos = fast(state)
        while True:
            engine = [a for a in legal(state) if a != "resign"]
            mine = ch.moves(game, pos)
            assert [ch.action(game, m) for m in mine] == engine
            assert set(ch.ordered(game, pos)) <= set(mine)
            if not mine:
                break
            move = rng.choice(mine)
            moved += 1
            auxiliary += move[0] < game.auxiliary
            chatelaine += move[0] >= game.auxiliary
            twins += len({m[0] for m in mine}) < len(mine)
            state, _ = state.apply(0, ch.action(game, move))
            pos = ch.play(game, pos, move)
            assert ch.position(game, state.piles) == pos
        assert (state.status == "won") == ch.won(game, pos)
        won += state.status == "won"
    assert moved > 400 and auxiliary > 100 and chatelaine > 100 and twins and won


def test_other_games_are_not_taken() -> None:
    for variant in ("the_clock", "the_blockade", "the_calculation", "the_garden",
                    "the_shah_of_persia", "the_four_seasons", "the_chameleon"):
        state = new(variant, 1)
        assert ch.chatelaine_game(state.rules, state.piles, state.redeals, state.flags) is None
    assert search_path(new("the_chatelaine", 1)) == "fast"
    assert scaled_budget(new("the_chatelaine", 1), 1000) == 6000  # PLAIN_FACTOR


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new("the_chatelaine", 7)  # won within a thousand positions
    game, pos = fast(state)
    answer = ch.search(game, pos, 20_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=20_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line


def test_a_lost_deal_is_searched_through() -> None:
    state = new("the_chatelaine", 17)  # lost: some 250 positions reachable
    game, pos = fast(state)
    answer = ch.search(game, pos, 20_000, None)
    assert answer.status == "unwinnable" and answer.positions < 1000


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, left: int, aside: float = 0.6
           ) -> tuple[Rules, dict[str, list[str]]]:
    """A late position: all but ``left`` cards home (each foundation a run up from its ace as
    far as it goes, three of them lower), each of the others in an auxiliary packet
    (shuffled) with chance ``aside``, else in its rank's Chatelaine packet."""
    rules = new("the_chatelaine", 1).rules
    heights = [13] * 8
    low = rng.sample(range(8), 3)  # a few foundations well down: more ranks to wait on
    for _ in range(left):
        j = rng.choice([j for j in low if heights[j] > 1])
        heights[j] -= 1
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    loose = []
    for f, h in zip(rules.founds, heights, strict=True):
        run = [rng.choice("CSHD") + RANKS[k] for k in range(13)]
        piles[f.id] = run[:h]
        loose += run[h:]
    rng.shuffle(loose)
    for card in loose:
        if rng.random() < aside:
            piles[f"r{rng.randrange(4) + 1}"].append(card)
        else:
            piles[f"k{RANKS.index(card[1])}"].append(card)
    return rules, piles


def small_game(rules: Rules, piles: dict[str, list[str]]
               ) -> tuple[ch.ChatelaineGame, ch.ChatelainePos]:
    game = ch.chatelaine_game(rules, piles, 0, {})
    assert game is not None
    return game, ch.position(game, piles)


def test_small_deals_play_as_the_engine() -> None:
    """The rigged packets too: moves and positions along random play-outs."""
    rng = random.Random("small")
    for _ in range(12):
        rules, piles = rigged(rng, 12)
        game, pos = small_game(rules, piles)
        at = compact(piles)
        for _ in range(20):
            mine = ch.moves(game, pos)
            assert [ch.action(game, m) for m in mine] == moves_of(rules, at, 0)
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(rules, at, 0, ch.action(game, move))
            pos = ch.play(game, pos, move)
            assert ch.position(game, board.piles) == pos


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = {"winnable": 0, "unwinnable": 0}
    for left in [8, 10, 12, 14] * 12:
        rules, piles = rigged(rng, left, 0.8)
        game, pos = small_game(rules, piles)
        answer = ch.search(game, pos, 100_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(rules, compact(piles))
        if answer.status == "winnable":
            assert line_wins(rules, compact(piles), answer.line)
        seen[answer.status] += 1
    assert min(seen.values()) >= 12, seen


def test_safe_moves_are_sound() -> None:
    """Where `safe` lets an auxiliary top go home alone among other moves, the deal is won
    after it exactly when it is won at all."""
    rng = random.Random("safe")
    checked = lost = 0
    for _ in range(300):
        rules, piles = rigged(rng, rng.choice([8, 10, 12]), 0.8)
        game, pos = small_game(rules, piles)
        kept = ch.ordered(game, pos)
        mine = ch.moves(game, pos)
        if len(kept) != 1 or len({m[0] for m in mine}) < 2 or not ch.safe(game, pos, kept[0]):
            continue
        before = compact(piles)
        after, board = play(rules, before, 0, ch.action(game, kept[0]))
        wins = engine_wins(rules, before)
        assert (_won(board) or engine_wins(rules, after)) == wins
        checked += 1
        lost += not wins
    assert checked > 20 and lost, (checked, lost)


def test_an_auxiliary_top_that_can_lose_its_foundation_is_not_safe() -> None:
    """Two nines on the auxiliary tops, one foundation at eight, one at seven: whichever nine
    goes first the other waits, and only the one over the last eight lets the deal be won
    (the other buries that eight under a nine for good). A rigged deal."""
    rules = new("the_chatelaine", 1).rules
    heights = [13, 13, 13, 13, 13, 13, 8, 7]
    piles: dict[str, list[str]] = {
        f.id: ["S" + RANKS[k] for k in range(h)] for f, h in zip(rules.founds, heights,
                                                                  strict=True)}
    piles.update({p.id: [] for p in rules.piles})
    piles["r1"] = ["HT", "H9"]
    piles["r2"] = ["H8", "C9"]
    piles["k9"] = ["DT"]
    piles["k10"] = ["DJ", "CJ"]
    piles["k11"] = ["DQ", "CQ"]
    piles["k12"] = ["DK", "CK"]
    game, pos = small_game(rules, piles)
    assert [ch.action(game, m) for m in ch.moves(game, pos)] == ["move:r1>f7", "move:r2>f7"]
    assert not any(ch.safe(game, pos, m) for m in ch.moves(game, pos))
    start = compact(piles)
    assert engine_wins(rules, play(rules, start, 0, "move:r2>f7")[0])
    assert not engine_wins(rules, play(rules, start, 0, "move:r1>f7")[0])
    answer = ch.search(game, pos, 10_000, None)
    assert answer.status == "winnable" and line_wins(rules, start, answer.line)


def test_one_of_alike_foundation_moves_is_kept_and_nothing_else_is_left_out() -> None:
    """What `ordered` leaves out (no safe move) reaches a position of the same key as a move
    it keeps, and one of the same heights up to order."""
    rng = random.Random("twins")
    dropped = 0
    for _ in range(200):
        rules, piles = rigged(rng, 14)
        game, pos = small_game(rules, piles)
        kept = ch.ordered(game, pos)
        if len(kept) == 1 and ch.safe(game, pos, kept[0]):
            continue
        keys = {ch.key(game, ch.play(game, pos, m)):
                sorted(ch.play(game, pos, m)[1]) for m in kept}
        for m in ch.moves(game, pos):
            if m not in kept:
                dropped += 1
                child = ch.play(game, pos, m)
                assert keys.get(ch.key(game, child)) == sorted(child[1])
    assert dropped
