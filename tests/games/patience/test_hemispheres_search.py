"""The fast path for The Hemispheres (hemispheres_search.py): its moves and positions are the
engine's (turns filling gaps, swaps, barriers home, wrong cards crossing at the end), its
lines win through the engine, and its verdicts agree with a brute-force search through the
engine on small rigged deals, as does its one pruning rule (a talon card buried for good).
Node budgets only."""

from __future__ import annotations

import random

from bot.games.patience import PatienceState
from bot.games.patience import hemispheres_search as hs
from bot.games.patience.engine import RANKS
from bot.games.patience.solver import position_of, search_path
from tests.games.patience.helpers import engine_wins, legal, new
from tests.games.patience.test_solver import replays_to_a_win


def fast(state: PatienceState) -> tuple[hs.HemiGame, hs.HemiPos]:
    game = hs.hemi_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, hs.position(game, state.piles)


def same_moves(game: hs.HemiGame, pos: hs.HemiPos, engine: list[str]) -> bool:
    """`moves` are the engine's, in its order."""
    return [hs.action(game, m) for m in hs.moves(game, pos)] == engine


def walk(state: PatienceState, rng: random.Random, steps: int) -> dict[str, int]:
    """A random play-out, comparing moves and positions at each step; what it did."""
    game, pos = fast(state)
    did = {"moves": 0, "swaps": 0, "packed": 0, "turns": 0, "barriers": 0, "crossed": 0}
    for _ in range(steps):
        engine = [a for a in legal(state) if a != "resign"]
        offered = hs.moves(game, pos)
        assert same_moves(game, pos, engine)
        assert set(hs.ordered(game, pos)) <= set(offered)
        if not offered or state.status != "play":
            break
        home = [m for m in offered if m[0] > -2 and m[1] >= 0]
        move = rng.choice(home if home and rng.random() < 0.8 else offered)
        end = pos[0] == len(game.stock) and not pos[1]
        did["moves"] += 1
        did["swaps"] += move[0] <= -2
        did["turns"] += move == hs.TURN
        did["barriers"] += move[0] >= hs.BARRIER
        did["packed"] += move[0] > -2 and move[1] < 0
        did["crossed"] += end and 0 <= move[0] < hs.PLACES and move[1] < 0
        state, _ = state.apply(0, hs.action(game, move))
        pos = hs.play(game, pos, move)
        mine = fast(state)
        assert mine[1][1:] == pos[1:] and mine[0].stock == game.stock[pos[0]:]
    return did


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("hemispheres")
    total: dict[str, int] = {}
    for seed in range(1, 9):
        for k, v in walk(new("the_hemispheres", seed), rng, 150).items():
            total[k] = total.get(k, 0) + v
    assert total["moves"] > 500 and total["swaps"] and total["packed"] and total["turns"]


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, left: int, stock: int, talon: int) -> PatienceState:
    """A late position: all but ``left`` cards home (each foundation a run from its base, the
    barrier cards last), ``stock`` of them in the stock, ``talon`` on the talon, the rest one
    or two to a Race place, in either hemisphere."""
    state = new("the_hemispheres", 1)
    founds = state.rules.founds
    barrier = {"H": "HK", "D": "DK", "C": "CA", "S": "SA"}
    heights = [13] * 8
    for _ in range(left):
        j = rng.choice([j for j, h in enumerate(heights) if h > 1])
        heights[j] -= 1
    piles: dict[str, list[str]] = {k: [] for k in state.piles}
    loose: list[str] = []
    kept = set()
    for f, h in zip(founds, heights, strict=True):
        ranks = RANKS if f.step == 1 else RANKS[::-1]
        run = [f.suit + r for r in ranks]
        piles[f.id] = run[:h]
        rest = run[h:]
        if rest and rest[-1] == barrier[f.suit] and f.suit not in kept:
            kept.add(f.suit)
            rest = rest[:-1]
        loose += rest
    for b, card in zip(("b1", "b2", "b3", "b4"), ("HK", "DK", "CA", "SA"), strict=True):
        piles[b] = [card] if card[0] in kept else []
    rng.shuffle(loose)
    piles["s"] = loose[:stock]
    piles["w"] = loose[stock:stock + talon]
    for card in loose[stock + talon:]:
        piles[f"t{rng.randrange(12) + 1}"].append(card)
    return state.model_copy(update={"piles": piles})


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = set()
    for left, stock, talon in [(7, 2, 1), (6, 0, 2), (8, 3, 0), (7, 1, 1)] * 4:
        state = rigged(rng, left, stock, talon)
        game, pos = fast(state)
        answer = hs.search(game, pos, 300_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(state.rules, position_of(state))
        if answer.status == "winnable":
            assert replays_to_a_win(state, answer.line)
        seen.add(answer.status)
    assert seen == {"winnable", "unwinnable"}


def test_rigged_play_outs_reach_the_end_game() -> None:
    """Rigged late positions walk through barriers home and wrong cards crossing at the end,
    moves and positions still the engine's."""
    rng = random.Random("ends")
    total: dict[str, int] = {}
    for _ in range(40):
        for k, v in walk(rigged(rng, 10, 2, 1), rng, 60).items():
            total[k] = total.get(k, 0) + v
    assert total["barriers"] and total["crossed"] and total["swaps"]


def test_other_games_are_not_taken() -> None:
    for variant in ("the_clock", "the_blockade", "the_shah_of_persia", "napoleon_at_st_helena"):
        state = new(variant, 1)
        assert hs.hemi_game(state.rules, state.piles, state.redeals, state.flags) is None
    assert search_path(new("the_hemispheres", 1)) == "fast"


def test_a_buried_talon_card_is_a_lost_deal() -> None:
    """`buried` (the search's one pruning rule) only says so of positions a brute-force search
    through the engine cannot win; rigged talons with the top card's needs buried below it."""
    rng = random.Random("buried")
    said = 0
    for _ in range(150):
        state = rigged(rng, 9, rng.randrange(3), 5)
        game, pos = fast(state)
        if hs.buried(game, pos):
            said += 1
            assert not engine_wins(state.rules, position_of(state))
            assert hs.search(game, pos, 300_000, None).status == "unwinnable"
    assert said >= 3


def test_a_copy_of_the_card_to_pack_on_left_out_keeps_a_talon_card_alive() -> None:
    """H5 on the talon above both H3s (the hearts at H2): buried only when no H6 can ever be
    a Race top; with one H6 still out (here on t1) it may yet pack there."""
    game, pos = fast(new("the_hemispheres", 1))
    c = hs.code
    heights = bytes((2, 2, *pos[2][2:]))
    talon = bytes(map(c, ["H3", "H6", "H3", "H5"]))
    assert not hs.buried(game, (pos[0], talon, heights, pos[3], pos[4]))
    talon = bytes(map(c, ["H3", "H6", "H6", "H3", "H5"]))
    assert hs.buried(game, (pos[0], talon, heights, pos[3], pos[4]))
    black = bytes(map(c, ["S9", "S9", "S4", "S5"]))  # S5 needs an S9 home first (spades at SK)
    assert not hs.buried(game, (pos[0], black, heights, pos[3], pos[4]))
    assert hs.buried(game, (pos[0], black[:2] + bytes(map(c, ["S4", "S4", "S5"])), heights,
                            pos[3], pos[4]))
