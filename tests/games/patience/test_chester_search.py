"""The Chester Game's fast path (chester_search.py): its moves are the engine's covers, its
positions the engine's after every cover (``courts=always``' rotation of the stock included),
its lines win through the engine, and its verdicts and pruning (misplaced courts, the Elevens
relaxation, one cover a key) agree with a brute-force search through the engine on late
positions of real deals. Node budgets only."""

from __future__ import annotations

import random

from bot.games.patience import PatienceState
from bot.games.patience import chester_search as cs
from bot.games.patience.catalogue import CATALOGUE
from bot.games.patience.solver import position_of, scaled_budget, search_path, solve
from tests.games.patience.helpers import engine_wins, legal, new
from tests.games.patience.test_solver import replays_to_a_win


def fast(state: PatienceState) -> tuple[cs.ChesterGame, bytes]:
    game = cs.chester_game(state.rules, state.piles, state.flags)
    assert game is not None
    return game, cs.position(game, state.piles)


def deal(seed: int, always: bool = False) -> PatienceState:
    return new("the_chester_game", seed, **({"courts": "always"} if always else {}))


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("chester")
    moved = reversed_ = courts = wrong = out = rotated = 0
    for seed in range(1, 25):
        always = seed % 3 == 0
        state = deal(seed, always)
        game, pos = fast(state)
        for _ in range(30):
            engine = [a for a in legal(state) if a != "resign"]
            mine = cs.moves(game, pos)
            assert [cs.action(game, m) for m in mine] == engine
            assert set(cs.ordered(game, pos)) <= set(mine)
            if not mine or state.status != "play":
                break
            fine = [m for m in mine if cs._fine(game, pos, m)]
            move = rng.choice(fine if fine and rng.random() < 0.9 else mine)
            moved += 1
            reversed_ += move[0] > move[1]
            before = len(state.piles["s"])
            state, _ = state.apply(0, cs.action(game, move))
            pos = cs.play(game, pos, move)
            now, mine_now = fast(state)  # its stock from now on
            assert mine_now[:cs.PACKETS] == pos[:cs.PACKETS]
            assert now.deal == game.deal[pos[cs.DRAWN]:]
            assert cs.won(game, pos) == (state.status == "won")
            courts += sum(pos[i] >= cs.COURT for i in move)
            wrong += cs.misplaced(pos)
            rotated += always and state.piles["s"][:1] != deal(seed, always).piles["s"][:1]
            assert len(state.piles["s"]) == before - 2
        out += pos[cs.DRAWN] == len(game.deal)
    assert moved > 200 and reversed_ and courts and wrong and out and rotated


def test_other_games_are_not_taken() -> None:
    taken = {v for v in CATALOGUE
             if cs.chester_game(new(v, 1).rules, new(v, 1).piles, new(v, 1).flags)}
    assert taken == {"the_chester_game"}
    assert search_path(deal(1)) == "fast" and search_path(deal(1, True)) == "fast"
    assert scaled_budget(deal(1), 1000) == 2000  # HOOK_FACTORS


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    for state in (deal(5), deal(261, True)):  # the second won after some two thousand positions
        game, pos = fast(state)
        answer = cs.search(game, pos, 5_000, None)
        assert answer.status == "winnable"
        assert replays_to_a_win(state, answer.line)
        verdict = solve(state, node_budget=5_000)  # through solver._fast_path and _checked
        assert verdict.status == "winnable" and verdict.perfect_knowledge
        assert verdict.line == answer.line


def test_deals_are_decided_within_a_modest_budget() -> None:
    """Every deal of seeds 1-60 is decided within 3,000 positions, some of them lost."""
    seen = set()
    for seed in range(1, 61):
        game, pos = fast(deal(seed))
        answer = cs.search(game, pos, 3_000, None)
        assert answer.status != "undecided", seed
        seen.add(answer.status)
    assert seen == {"winnable", "unwinnable"}


# -- late positions of real deals against a brute-force search through the engine ---------------


def late(rng: random.Random, seed: int, left: int, always: bool = False,
         wrong: float = 0.0) -> PatienceState | None:
    """Deal ``seed`` played on by random covers until ``left`` stock cards remain (None if it
    sticks first): the covers place no court wrong, but for ``wrong`` of the time."""
    state = deal(seed, always)
    game, pos = fast(state)
    while len(game.deal) - pos[cs.DRAWN] > left:
        mine = cs.moves(game, pos)
        fine = [m for m in mine if cs._fine(game, pos, m)]
        pick = fine if rng.random() >= wrong else mine
        if not pick:
            return None
        move = rng.choice(pick)
        state, _ = state.apply(0, cs.action(game, move))
        pos = cs.play(game, pos, move)
    return state


def positions(rng: random.Random, count: int, lefts: tuple[int, ...], wrong: float = 0.0
              ) -> list[PatienceState]:
    out: list[PatienceState] = []
    seed = 0
    while len(out) < count:
        seed += 1
        state = late(rng, seed, rng.choice(lefts), seed % 4 == 0, wrong)
        if state is not None:
            out.append(state)
    return out


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = set()
    for state in positions(rng, 40, (4, 6, 6, 8)):
        game, pos = fast(state)
        answer = cs.search(game, pos, 100_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(state.rules, position_of(state))
        if answer.status == "winnable":
            assert replays_to_a_win(state, answer.line)
        seen.add(answer.status)
    assert seen == {"winnable", "unwinnable"}


def test_dead_positions_are_lost() -> None:
    """Where `dead` says so (a court misplaced, or lost as The Elevens while covers are still
    offered), the brute-force search finds no win; and it says so of positions of both kinds."""
    rng = random.Random("dead")
    misplaced = relaxed = 0
    for state in (positions(rng, 60, (8, 10, 12, 16))
                  + positions(rng, 20, (4, 6), wrong=0.3)):
        game, pos = fast(state)
        if not cs.dead(game, pos):
            continue
        assert not engine_wins(state.rules, position_of(state))
        misplaced += cs.misplaced(pos)
        relaxed += not cs.misplaced(pos) and bool(cs.moves(game, pos))
    assert misplaced > 3 and relaxed > 3, (misplaced, relaxed)


def test_left_out_covers_place_a_court_wrong_or_repeat_a_key() -> None:
    """What `ordered` leaves out: a cover that misplaces a court, or one whose position has
    the key of a cover it keeps; both happen."""
    rng = random.Random("left out")
    wrong = alike = 0
    for state in positions(rng, 40, (8, 12, 16, 20)):
        game, pos = fast(state)
        kept = cs.ordered(game, pos)
        keys = {cs.key(cs.play(game, pos, m)) for m in kept}
        for m in cs.moves(game, pos):
            if m in kept:
                continue
            child = cs.play(game, pos, m)
            if cs.misplaced(child):
                wrong += 1
            else:
                assert cs.key(child) in keys
                alike += 1
    assert wrong and alike


def test_the_key_keeps_the_rows_apart() -> None:
    """Packets of one row are alike (the same key, the same verdict), of two rows are not: a
    late position lost as it lies is won with two tops of different rows exchanged."""
    rng = random.Random("rows")
    swapped = 0
    for state in positions(rng, 40, (4, 6)):
        game, pos = fast(state)
        live = [i for i in range(cs.PACKETS) if pos[i] < cs.COURT]
        for a, b in ((a, b) for a in live for b in live if a < b):
            piles = {**state.piles, game.ids[a]: state.piles[game.ids[b]],
                     game.ids[b]: state.piles[game.ids[a]]}
            other = cs.position(game, piles)
            same_row = a // cs.ROW == b // cs.ROW
            assert (cs.key(other) == cs.key(pos)) == (same_row or pos[a] == pos[b])
            mine = cs.search(game, pos, 100_000, None).status
            theirs = cs.search(game, other, 100_000, None).status
            if same_row:
                assert mine == theirs
            elif mine != theirs:
                swapped += 1
                at = (tuple(sorted((k, tuple(v)) for k, v in piles.items())), "", 0,
                      tuple(sorted(state.flags.items())))
                assert engine_wins(state.rules, at) == (theirs == "winnable")
                if swapped >= 3:
                    return
    assert swapped
