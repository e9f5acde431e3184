"""The fast path for The Besieged City (besieged_search.py): its moves and positions are the
engine's (cells only to the Ramparts of their line, forced gap fills, the talon only into cells
or home when just turned, the stock into cells once the talon is out, the end's swaps), its
lines win through the engine, and its verdicts agree with a brute-force search through the
engine on small rigged deals (most cards home, a few left in the stock, the talon, the cells
and the Ramparts). Node budgets only."""

from __future__ import annotations

import random

from bot.games.patience import PatienceState
from bot.games.patience import besieged_search as bs
from bot.games.patience.engine import Rules
from bot.games.patience.solver import (
    Position,
    _won,
    moves_of,
    play,
    scaled_budget,
    search_path,
    solve,
)
from tests.games.patience.helpers import engine_wins, legal, new
from tests.games.patience.test_solver import replays_to_a_win

GAME = "the_besieged_city"


def fast(state: PatienceState) -> tuple[bs.BesiegedGame, bs.BesiegedPos]:
    game = bs.besieged_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, bs.position(game, state.piles, state.flags)


def kind(game: bs.BesiegedGame, move: bs.Move) -> str:
    """What sort of move ``move`` is: ``turn``, ``swap``, or source and target letters."""
    if move == bs.TURN:
        return "turn"
    text = bs.action(game, move)
    if text.startswith("swap"):
        return "swap"
    src, dst = text[5:].split(">")
    return src[0] + dst[0]


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("besieged")
    seen: set[str] = set()
    moved = 0
    for seed in range(1, 7):
        state = new(GAME, seed)
        game, pos = fast(state)
        for _ in range(400):
            engine = [a for a in legal(state) if a != "resign"]
            mine = bs.moves(game, pos)
            assert [bs.action(game, m) for m in mine] == engine
            assert sorted(bs.ordered(game, pos)) == sorted(mine)
            if not mine or state.status != "play":
                break
            home = [m for m in mine if m[1] >= bs.HOME]
            move = rng.choice(home if home and rng.random() < 0.8 else mine)
            seen.add(kind(game, move))
            moved += 1
            state, _ = state.apply(0, bs.action(game, move))
            pos = bs.play(game, pos, move)
            other, mine_now = fast(state)
            assert mine_now[1:] == pos[1:] and other.stock == game.stock[pos[0]:]
    assert moved > 1500
    # every kind of move: cells packed and filling gaps, Ramparts home and packed, the talon
    # home and into cells, the stock into cells, the turn, the end's swaps
    assert {"ct", "tf", "tt", "wf", "wc", "sc", "turn", "swap"} <= seen


def test_other_games_are_not_taken() -> None:
    for variant in ("the_clock", "the_hemispheres", "the_blockade", "the_windmill",
                    "the_shah_of_persia", "the_zodiac"):
        state = new(variant, 1)
        assert bs.besieged_game(state.rules, state.piles, state.redeals, state.flags) is None
    assert search_path(new(GAME, 1)) == "fast"
    assert scaled_budget(new(GAME, 1), 1000) == 3000  # HOOK_FACTORS


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new(GAME, 17)  # won within some seven hundred positions
    game, pos = fast(state)
    answer = bs.search(game, pos, 5_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=5_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, left: int, spread: int = 14, stock: int = 3, suits: int = 4,
           talon: int = 2, cells: float = 0.35
           ) -> tuple[Rules, dict[str, list[str]], dict[str, int]]:
    """A late position: all but ``left`` cards home (each foundation a run of the order), the
    rest shared among the stock, the talon (its top maybe just turned), the cells and the
    Ramparts (the first ``spread`` of them; each Rampart a card at least while a cell of its
    line holds one, as the fills keep them); at most ``stock`` in the stock."""
    rules = new(GAME, 1).rules
    heights = [26] * 4
    for _ in range(left):
        heights[rng.choice([j for j, h in enumerate(heights[:suits]) if h > 1])] -= 1
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    loose: list[str] = []
    for f, h in zip(rules.founds, heights, strict=True):
        run = [f.suit + bs.ORDER[k] for k in range(26)]
        piles[f.id] = run[:h]
        loose += run[h:]
    rng.shuffle(loose)
    dealt = rng.randint(0, min(stock, len(loose)))
    piles["s"] = loose[:dealt]
    rest = loose[dealt:]
    turned = rng.randint(0, min(talon, len(rest)))
    piles["w"] = rest[:turned]
    rest = rest[turned:]
    places = [f"c{i + 1}" for i in range(bs.CELLS)]
    ramps = [f"t{k + 1}" for k in range(bs.RAMPARTS)]
    for card in rest:
        free = [c for c in places if not piles[c]]
        if free and rng.random() < cells:
            piles[rng.choice(free)].append(card)
        else:
            piles[rng.choice(ramps[:spread])].append(card)
    for k, t in enumerate(ramps):  # no gap left with a card in its line
        line = [places[c] for c in sorted(bs.LINE[k]) if piles[places[c]]]
        if not piles[t] and line:
            piles[t].append(piles[line[0]].pop())
    flags = {"fresh": 1} if piles["w"] and rng.random() < 0.5 else {}
    return rules, piles, flags


def root(piles: dict[str, list[str]], flags: dict[str, int]) -> Position:
    return tuple(sorted((k, tuple(v)) for k, v in piles.items())), "", 0, tuple(flags.items())


def small_game(rules: Rules, piles: dict[str, list[str]], flags: dict[str, int]
               ) -> tuple[bs.BesiegedGame, bs.BesiegedPos]:
    game = bs.besieged_game(rules, piles, 0, flags)
    assert game is not None
    return game, bs.position(game, piles, flags)


def replays(rules: Rules, pos: Position, line: tuple[str, ...]) -> bool:
    for action in line:
        if action not in moves_of(rules, pos, 0):
            return False
        pos, board = play(rules, pos, 0, action)
    return _won(board)


def test_small_deals_play_as_the_engine() -> None:
    """The rigged positions too (gaps, swaps, the fresh talon top): moves along play-outs."""
    rng = random.Random("small")
    swaps = 0
    for _ in range(30):
        rules, piles, flags = rigged(rng, 14, stock=rng.choice((0, 3)), talon=rng.choice((0, 2)),
                                     cells=0.5)
        game, pos = small_game(rules, piles, flags)
        at = root(piles, flags)
        for _ in range(40):
            engine = moves_of(rules, at, 0)
            mine = bs.moves(game, pos)
            assert [bs.action(game, m) for m in mine] == engine
            if not mine:
                break
            swap = [m for m in mine if m[0] >= bs.SWAP]
            move = rng.choice(swap if swap and rng.random() < 0.5 else mine)
            swaps += move[0] >= bs.SWAP
            at, _ = play(rules, at, 0, bs.action(game, move))
            pos = bs.play(game, pos, move)
            other, now = small_game(rules, {k: list(v) for k, v in at[0]}, dict(at[3]))
            assert now[1:] == pos[1:] and other.stock == game.stock[pos[0]:]
    assert swaps


def test_verdicts_agree_with_a_brute_force_search_through_the_engine() -> None:
    """Won and lost rigged deals (a few cards of one or two suits, piled on a Rampart or two,
    a card or two in the stock): every decided verdict is the engine's, every line replays. A
    lost deal is proved only by the search that refused nothing, which may take more than the
    budget: those stay undecided (never a guess)."""
    rng = random.Random("verdicts")
    shapes = ((4, 1, 1, 1, 1, 0.2), (5, 1, 0, 1, 1, 0.1), (5, 1, 2, 2, 2, 0.1),
              (7, 3, 0, 2, 0, 0.5))  # the last: the end, stock and talon out
    won = lost = 0
    for i in range(80):
        rules, piles, flags = rigged(rng, *shapes[i % 4])
        game, pos = small_game(rules, piles, flags)
        answer = bs.search(game, pos, 40_000, None)
        if answer.status == "undecided":
            continue
        truth = engine_wins(rules, root(piles, flags))
        assert (answer.status == "winnable") == truth
        if truth:
            won += 1
            assert replays(rules, root(piles, flags), answer.line)
        else:
            lost += 1
    assert won >= 20 and lost >= 20
