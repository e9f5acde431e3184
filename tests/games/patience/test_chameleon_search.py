"""The fast path for The Chameleon (chameleon_search.py): its moves and positions are the
engine's, its lines win through the engine, and its verdicts, its safe move and the positions
it proves lost agree with a brute-force search through the engine on small rigged deals (the
game's own rules, most cards home, a few left in the packet, the piles, the talon and the
stock). Node budgets only."""

from __future__ import annotations

import random

from bot.games.patience import PatienceState
from bot.games.patience import chameleon_search as cs
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import Position, _won, moves_of, play, search_path, solve
from tests.games.patience.helpers import legal, new
from tests.games.patience.test_solver import replays_to_a_win

GAME = "the_chameleon"


def fast(state: PatienceState) -> tuple[cs.ChamGame, cs.ChamPos]:
    game = cs.chameleon_game(state.rules, state.piles, state.base, state.flags)
    assert game is not None
    return game, cs.position(game, state.piles, state.redeals, state.flags)


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("chameleon")
    moved = refilled = opened = redealt = blind = 0
    for seed in range(1, 9):
        state = new(GAME, seed, redeals=seed % 2)
        game, pos = fast(state)
        for _ in range(400):
            engine = [a for a in legal(state) if a != "resign"]
            mine = cs.moves(game, pos)
            assert [cs.action(game, pos, m) for m in mine] == engine
            assert set(cs.ordered(game, pos)) <= set(mine)
            if not mine or state.status != "play":
                break
            useful = [m for m in mine if m[0] == 0 or m[1] in (cs.HOME, 0)
                      or m[0] > 0 and len(pos[0][m[0]]) == 1]  # the packet emptied soon
            move = rng.choice(useful if useful and rng.random() < 0.9 else mine)
            moved += 1
            refilled += move[0] > 0 and len(pos[0][move[0]]) == 1 and bool(pos[0][0])
            opened += move[1] == 0
            redealt += move == cs.REDEAL
            blind += move[0] == cs.STOCK
            state, _ = state.apply(0, cs.action(game, pos, move))
            pos = cs.play(game, pos, move)
            assert fast(state)[1] == pos
    assert moved > 800 and refilled and opened and redealt and blind


def test_other_games_are_not_taken() -> None:
    for variant in ("the_reserve", "the_four_seasons", "thirteen_down", "the_clock",
                    "the_order_of_precedence", "napoleon_at_st_helena"):
        state = new(variant, 1)
        assert cs.chameleon_game(state.rules, state.piles, state.base, state.flags) is None
    assert search_path(new(GAME, 1)) == "fast"
