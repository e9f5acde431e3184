"""The Fourteens' fast path (fourteens_search.py): its moves are the engine's actions, its
positions the engine's after every move (the refill from the stock included), its lines win
through the engine, and its verdicts (the exchanges' domination, the last exchange left out)
agree with a brute-force search through `PatienceState.apply` on small cut-down deals. Node
budgets only."""

from __future__ import annotations

import random

from bot.games.patience import PatienceState
from bot.games.patience import fourteens_search as fs
from bot.games.patience.catalogue import CATALOGUE
from bot.games.patience.solver import search_path, solve
from tests.games.patience.helpers import full_pack, legal, new
from tests.games.patience.test_solver import brute_force_wins, replays_to_a_win


def fast(state: PatienceState, game: fs.FourteensGame | None = None
         ) -> tuple[fs.FourteensGame, bytes]:
    if game is None:
        game = fs.fourteens_game(state.rules, state.piles)
    assert game is not None
    return game, fs.position(game, state.piles, state.flags)


def agrees_with_the_engine(state: PatienceState, game: fs.FourteensGame,
                           rng: random.Random) -> None:
    """The same actions in the same order; a few of them (every pair, some exchanges) reach
    the engine's position."""
    _, pos = fast(state, game)
    engine = [a for a in legal(state) if a != "resign"]
    mine = fs.moves(pos)
    assert [fs.action(game, m) for m in mine] == engine
    pairs = [m for m in mine if not m[2]]
    swaps = [m for m in mine if m[2]]
    for move in mine:  # the move ordering's count of the pairs each move leaves
        assert fs._mobility(pos, move, pairs, game) == len(fs.pairs(fs.play(game, pos, move)))
    assert fs._pair_mobilities(pos, pairs, game) == [
        len(fs.pairs(fs.play(game, pos, move))) for move in pairs]
    tried = [m for m, _ in fs._costed(game, pos)]  # what the search tries: `moves`, less
    assert len(set(tried)) == len(tried) and set(pairs) <= set(tried) <= set(mine)  # exchanges
    if swaps:
        assert fs._swap_mobilities(pos) == {
            (a, b): len(fs.pairs(fs.play(game, pos, (a, b, True)))) for a, b, _ in swaps}
    for move in pairs + rng.sample(swaps, min(3, len(swaps))):
        after, _ = state.apply(0, fs.action(game, move))
        assert fs.play(game, pos, move) == fast(after, game)[1]
        assert fs.won(game, fs.play(game, pos, move)) == (after.status == "won")


def test_the_fast_path_takes_the_fourteens_and_no_other() -> None:
    taken = {v for v in CATALOGUE if fs.fourteens_game(new(v, 1).rules, new(v, 1).piles)}
    assert taken == {"the_fourteens"}
    assert search_path(new("the_fourteens", 3)) == "fast"


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random(14)
    swapped = 0
    for seed in range(1, 7):
        state = new("the_fourteens", seed)
        game = fs.fourteens_game(state.rules, state.piles)
        assert game is not None and len(game.deal) == 79
        for _ in range(60):
            agrees_with_the_engine(state, game, rng)
            moves = [a for a in legal(state) if a != "resign"]
            if not moves or state.status != "play":
                break
            swapped += moves[0].startswith("swap")
            state, _ = state.apply(0, rng.choice(moves))
    assert swapped >= 3  # the exchanges were met and compared


def test_moves_and_positions_are_the_engines_to_the_end_of_the_stock() -> None:
    """Along a winning line: the stock runs out, the gaps stay empty, the game is won."""
    rng = random.Random(5)
    state = new("the_fourteens", 2)
    game, pos = fast(state)
    answer = fs.search(game, pos, 100_000, None)
    assert answer.status == "winnable"
    for action in answer.line:
        agrees_with_the_engine(state, game, rng)
        state, _ = state.apply(0, action)
    assert state.status == "won"
    assert fs.won(game, fast(state, game)[1])


def test_winning_lines_replay_to_a_win_and_solve_takes_the_fast_path() -> None:
    for seed in range(1, 6):
        state = new("the_fourteens", seed)
        game, pos = fast(state)
        answer = fs.search(game, pos, 100_000, None)
        assert answer.status == "winnable", seed
        assert replays_to_a_win(state, answer.line)
        verdict = solve(state, node_budget=100_000)
        assert verdict.status == "winnable" and verdict.perfect_knowledge
        assert verdict.nodes == answer.nodes  # the fast path's answer, not the engine's
        assert replays_to_a_win(state, verdict.line)


def test_a_game_under_way_goes_through_the_fast_path_too() -> None:
    state = new("the_fourteens", 4)
    for _ in range(6):
        state, _ = state.apply(0, [a for a in legal(state) if a != "resign"][-1])
    assert search_path(state) == "fast"
    verdict = solve(state, node_budget=100_000)
    assert verdict.status in ("winnable", "unwinnable")
    if verdict.status == "winnable":
        assert replays_to_a_win(state, verdict.line)


def cut_down(rng: random.Random, couples: int, swaps: int, spare: int = 0) -> PatienceState:
    """A late position: ``couples`` pairs of values totalling 14 (and ``spare`` cards of any
    value) in random cells, the stock spent, the rest on the discard pile, ``swaps`` exchanges
    made."""
    state = new("the_fourteens", 1)
    pack = full_pack(2)
    rng.shuffle(pack)
    cards: list[str] = []
    for _ in range(couples):
        card = pack.pop()
        other = next(c for c in pack if fs_value(c) + fs_value(card) == 14)
        pack.remove(other)
        cards += [card, other]
    cards += [pack.pop() for _ in range(spare)]
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    for cell, card in zip(rng.sample(range(1, 26), len(cards)), cards, strict=True):
        piles[f"c{cell}"] = [card]
    piles["d"] = pack
    flags = {"swaps": swaps} if swaps else {}
    return state.model_copy(update={"piles": piles, "flags": flags, "status": "play"})


def fs_value(card: str) -> int:
    return "A23456789TJQK".index(card[1]) + 1


def test_verdicts_agree_with_a_brute_force_search_on_cut_down_deals() -> None:
    rng = random.Random(1414)
    seen: set[tuple[str, int]] = set()
    for n in range(60):
        swaps = n % 3
        state = cut_down(rng, couples=2 + n // 3 % 4, swaps=swaps, spare=n % 2 * 2)
        game, pos = fast(state)
        answer = fs.search(game, pos, 200_000, None)
        assert answer.status != "undecided"
        seen.add((answer.status, swaps))
        if answer.status == "winnable":
            assert replays_to_a_win(state, answer.line)
        else:
            assert not brute_force_wins(state, limit=100_000), n
    assert {("winnable", s) for s in range(3)} | {("unwinnable", s) for s in range(3)} <= seen


def test_the_left_out_exchanges_lose_and_fewer_exchanges_used_offer_more() -> None:
    """The rules the search's pruning rests on: a last exchange that makes no pair leaves no
    move (and no win); a position with an exchange fewer used has every move of the other."""
    rng = random.Random(7)
    checked = 0
    for _ in range(40):
        state = cut_down(rng, couples=3, swaps=1, spare=3)
        game, pos = fast(state)
        if fs.pairs(pos):
            continue
        kept = {m for m, _ in fs._costed(game, pos)}
        for move in fs.moves(pos):
            child = fs.play(game, pos, move)
            if move not in kept:
                assert fs.moves(child) == [] and not fs.won(game, child)
                checked += 1
            fewer = child[:fs.SWAPS] + bytes([child[fs.SWAPS] - 1])
            assert set(fs.moves(child)) <= set(fs.moves(fewer))
    assert checked > 100
