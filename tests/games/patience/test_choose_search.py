"""The fast path for the games of talon packets the player chooses (choose_search.py): its
moves are the engine's, its lines win through the engine, and its verdicts (safe moves home,
dead positions, the discrepancy-limited searches' proofs) agree with a brute-force search
through `PatienceState.apply` on small cut-down deals. Node budgets only."""

from __future__ import annotations

import random

import pytest

from bot.games.patience import PatienceState
from bot.games.patience import choose_search as cs
from bot.games.patience.solver import search_path, solve
from tests.games.patience.helpers import RANKS, legal, new
from tests.games.patience.test_solver import brute_force_wins, replays_to_a_win

GAMES = [
    ("the_calculation", {}),
    ("the_calculation", {"found_as_turned": True}),
    ("auld_lang_syne", {}),
    ("auld_lang_syne", {"in_suit": True}),
    ("tam_o_shanter", {}),
    ("tam_o_shanter", {"in_suit": True}),
    ("the_frog", {}),
]


def fast(state: PatienceState) -> tuple[cs.ChooseGame, cs.ChoosePos]:
    game = cs.choose_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, cs.position(game, state.piles, state.redeals)


def engine_children(state: PatienceState, game: cs.ChooseGame) -> dict[str, bytes]:
    out = {}
    for action in legal(state):
        if action != "resign":
            child, _ = state.apply(0, action)
            out[action] = cs.key(game, fast(child)[1])
    return out


def agrees_with_the_engine(state: PatienceState) -> None:
    """Every move is the engine's; every engine move reaches a position (up to the key) one
    of them reaches."""
    game, pos = fast(state)
    engine = engine_children(state, game)
    mine = {cs.action(game, m): cs.key(game, cs.play(game, pos, m)) for m in cs.moves(game, pos)}
    assert set(mine) <= set(engine)
    assert set(mine.values()) == set(engine.values())
    for action, key in mine.items():
        assert engine[action] == key
    searched = cs.ordered(game, pos)  # what the search tries: `moves`, or one safe move home
    if cs.dead(game, pos):
        assert searched == []
    elif len(searched) == 1:
        assert searched[0] in cs.moves(game, pos)
    else:
        assert sorted(searched) == sorted(cs.moves(game, pos))


@pytest.mark.parametrize(("variant", "options"), GAMES)
def test_moves_are_the_engines_on_random_positions(variant: str, options: dict[str, object]
                                                   ) -> None:
    rng = random.Random(variant + str(options))
    redealt = 0
    for seed in range(1, 4):
        state = new(variant, seed, **options)
        for _ in range(200):
            agrees_with_the_engine(state)
            moves = [a for a in legal(state) if a != "resign"]
            if not moves or state.status != "play":
                break
            redealt += "redeal" in moves
            home = [a for a in moves if ">f" in a]
            pick = rng.choice(home if home and rng.random() < 0.6 else moves)
            state, _ = state.apply(0, pick)
    if state.rules.redeals:
        assert redealt  # the redeal was met and compared


def test_other_games_are_not_taken() -> None:
    for variant in ("napoleon_at_st_helena", "the_four_kings", "nestor", "the_garden"):
        state = new(variant, 1)
        assert cs.choose_game(state.rules, state.piles, state.redeals, state.flags) is None
    assert search_path(new("the_calculation", 1)) == "fast"


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    wins = 0
    for variant, seed in [("the_calculation", s) for s in (3, 5, 8, 9)] + [
            ("auld_lang_syne", 2), ("tam_o_shanter", 4)]:
        state = new(variant, seed)
        game, pos = fast(state)
        answer = cs.search(game, pos, 60_000, None)
        if answer.status == "winnable":
            wins += 1
            assert replays_to_a_win(state, answer.line)
            verdict = solve(state, node_budget=60_000)  # through _checked
            assert verdict.status == "winnable" and verdict.perfect_knowledge
            assert replays_to_a_win(state, verdict.line)
    assert wins >= 4


def cut_down(variant: str, rng: random.Random, left: int, stock: int,
             options: dict[str, object] | None = None, redeals: int | None = None
             ) -> PatienceState:
    """A late position: all but ``left`` cards home (each foundation its own run as far as it
    goes), ``stock`` of those in the stock, the rest dealt at random onto the packets (and the
    Frog's reserve)."""
    state = new(variant, 1, **(options or {}))
    rules = state.rules
    pack = [s + r for s in "CSHD" for r in RANKS] * rules.packs
    rng.shuffle(pack)
    heights = [f.length for f in rules.founds]
    for _ in range(left):
        j = rng.choice([j for j, h in enumerate(heights)
                        if h > (1 if rules.founds[j].preplace else 0)])
        heights[j] -= 1
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    for f, h in zip(rules.founds, heights, strict=True):
        for k in range(h):
            rank = RANKS[(RANKS.index(f.base) + k * f.step) % 13]
            card = next(c for c in pack if c[1] == rank and (not f.suit or c[0] == f.suit))
            pack.remove(card)
            piles[f.id].append(card)
    piles["s"] = pack[:stock]
    places = [p.id for p in rules.piles]
    for card in pack[stock:]:
        piles[rng.choice(places)].append(card)
    used = rules.redeals if redeals is None else redeals
    return state.model_copy(update={"piles": piles, "status": "play", "redeals": used})


def agrees(state: PatienceState, budget: int = 200_000) -> str:
    game, pos = fast(state)
    answer = cs.search(game, pos, budget, None)
    assert answer.status != "undecided"
    assert (answer.status == "winnable") == brute_force_wins(state)
    if answer.status == "winnable":
        assert replays_to_a_win(state, answer.line)
    return answer.status


@pytest.mark.parametrize(("variant", "options", "left", "stock"), [
    ("the_calculation", {}, 8, 2),
    ("the_calculation", {"found_as_turned": True}, 8, 2),
    ("auld_lang_syne", {}, 9, 2),
    ("tam_o_shanter", {}, 9, 3),
    ("the_frog", {}, 12, 2),
    ("auld_lang_syne", {"in_suit": True}, 9, 2),  # its redeals used
])
def test_cut_down_verdicts_agree_with_a_brute_force_search(
        variant: str, options: dict[str, object], left: int, stock: int) -> None:
    rng = random.Random(variant + str(options))
    seen = {agrees(cut_down(variant, rng, left, stock, options)) for _ in range(8)}
    assert seen == {"winnable", "unwinnable"}


def test_verdicts_with_a_redeal_to_come_agree_with_a_brute_force_search() -> None:
    """The packets gathered in order make the stock again: no position is dead before."""
    rng = random.Random("redeal")
    for _ in range(6):
        agrees(cut_down("auld_lang_syne", rng, 7, 0, {"in_suit": True}, redeals=1))


def test_safe_moves_and_dead_positions_are_sound() -> None:
    """Where `ordered` offers a move home alone, the position is won after it exactly when it
    is won at all; `dead` positions have no win."""
    rng = random.Random("safe and dead")
    safe = dead = 0
    for variant in ("the_calculation", "auld_lang_syne", "the_frog"):
        for _ in range(20):
            state = cut_down(variant, rng, 8, 2)
            game, pos = fast(state)
            only = cs.ordered(game, pos)
            if cs.dead(game, pos):
                dead += 1
                assert only == []
                assert not brute_force_wins(state)
            elif len(only) == 1 and only[0][1] >= 0 and len(cs.moves(game, pos)) > 1:
                safe += 1
                after, _ = state.apply(0, cs.action(game, only[0]))
                assert (after.status == "won" or brute_force_wins(after)) == brute_force_wins(
                    state)
    assert safe and dead
