"""The fast path for Napoleon at St. Helena (napoleon_search.py): its moves and positions are
the engine's (columns, talon, spaces, the turn), its lines win through the engine, and its
verdicts and pruning (safe cards home, one of moves reaching one key) agree with a brute-force
search through the engine on small rigged deals (a few cards left). Node budgets only."""

from __future__ import annotations

import random

from bot.games.patience import PatienceState
from bot.games.patience import napoleon_search as ns
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

GAME_ID = "napoleon_at_st_helena"


def fast(state: PatienceState) -> tuple[ns.NapoleonGame, ns.NapoleonPos]:
    game = ns.napoleon_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, ns.position(game, state.piles)


def kind(game: ns.NapoleonGame, pos: ns.NapoleonPos, move: ns.Move) -> str:
    if move == ns.TURN:
        return "turn"
    src, dst = move
    where = "talon" if src == ns.TALON else "column"
    if dst >= ns.HOME:
        return where + " home"
    return where + (" packed" if pos[0][dst] else " space")


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("napoleon")
    seen: dict[str, int] = {}
    moved = 0
    for seed in range(1, 7):
        state = new(GAME_ID, seed)
        game, pos = fast(state)
        for _ in range(150):
            engine = [a for a in legal(state) if a != "resign"]
            mine = ns.moves(game, pos)
            assert [ns.action(game, m) for m in mine] == engine
            assert set(ns.ordered(game, pos)) <= set(mine)
            if not mine:
                break
            kinds: dict[str, list[ns.Move]] = {}  # a kind at random: every kind is seen
            for m in mine:
                kinds.setdefault(kind(game, pos, m), []).append(m)
            move = rng.choice(kinds[rng.choice(sorted(kinds))])
            seen[kind(game, pos, move)] = seen.get(kind(game, pos, move), 0) + 1
            moved += 1
            state, _ = state.apply(0, ns.action(game, move))
            pos = ns.play(game, pos, move)
            assert ns.position(game, state.piles) == pos
        assert (state.status == "won") == ns.won(game, pos)
    assert moved > 500, moved
    assert set(seen) == {"turn", "column home", "talon home", "column packed", "talon packed",
                         "column space", "talon space"}, seen


def test_other_games_are_not_taken() -> None:
    for variant in ("the_reinforcements", "the_blockade", "the_calculation", "the_chatelaine",
                    "the_shah_of_persia", "the_four_seasons", "the_chameleon", "the_reserve",
                    "penelopes_web", "the_besieged_city"):
        state = new(variant, 1)
        assert ns.napoleon_game(state.rules, state.piles, state.redeals, state.flags) is None
    talon = new(GAME_ID, 1, spaces="talon")  # spaces from the talon only: not this shape
    assert ns.napoleon_game(talon.rules, talon.piles, talon.redeals, talon.flags) is None
    assert search_path(new(GAME_ID, 1)) == "fast"
    assert scaled_budget(new(GAME_ID, 1), 1000) == 5000  # solver.GAME_FACTORS


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new(GAME_ID, 4)  # won within some 4,000 positions
    game, pos = fast(state)
    answer = ns.search(game, pos, 40_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=40_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert replays_to_a_win(state, verdict.line)


def test_the_best_first_search_wins_through_the_engine_too() -> None:
    state = new(GAME_ID, 4)
    game, pos = fast(state)
    answer = ns.best_first(game, pos, 100_000, None)
    assert answer.status == "winnable" and replays_to_a_win(state, answer.line)


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, left: int, columns: int = 4, stock: float = 0.3,
           fill: bool = False, lows: int = 4) -> tuple[Rules, dict[str, list[str]]]:
    """A late position: all but ``left`` cards home (each foundation a run up from its ace),
    the others shuffled, each in the stock with chance ``stock``, else on the talon or in one of
    the first ``columns`` columns. ``fill``: first one card to each column, so spaces come
    late and deals are lost too; ``lows``: how many foundations are not full."""
    rules = new(GAME_ID, 1).rules
    heights = [13] * 8
    low = rng.sample(range(8), lows)
    for _ in range(left):
        j = rng.choice([j for j in low if heights[j] > 0])
        heights[j] -= 1
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    piles["s"] = []
    loose = []
    for f, h in zip(rules.founds, heights, strict=True):
        run = [f.suit + r for r in RANKS]
        piles[f.id] = run[:h]
        loose += run[h:]
    rng.shuffle(loose)
    if fill:
        for k in range(10):
            piles[f"t{k + 1}"].append(loose[k])
        loose = loose[10:]
        rng.shuffle(loose)
    for card in loose:
        if rng.random() < stock:
            piles["s"].append(card)
        else:
            piles[rng.choice(["w", *(f"t{k + 1}" for k in range(columns))])].append(card)
    return rules, piles


def small_game(rules: Rules, piles: dict[str, list[str]]
               ) -> tuple[ns.NapoleonGame, ns.NapoleonPos]:
    game = ns.napoleon_game(rules, piles, 0, {})
    assert game is not None
    return game, ns.position(game, piles)


def test_small_deals_play_as_the_engine() -> None:
    """The rigged deals too: moves and positions along random play-outs."""
    rng = random.Random("small")
    for _ in range(12):
        rules, piles = rigged(rng, 12)
        game, pos = small_game(rules, piles)
        at = compact(piles)
        for _ in range(20):
            mine = ns.moves(game, pos)
            assert [ns.action(game, m) for m in mine] == moves_of(rules, at, 0)
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(rules, at, 0, ns.action(game, move))
            pos = ns.play(game, pos, move)
            assert ns.position(game, board.piles) == pos


def deep(rng: random.Random) -> tuple[Rules, dict[str, list[str]]]:
    """A deal with four foundations nearly empty and every column filled: some are lost, in
    few positions (spaces make the shallow ones all won)."""
    return rigged(rng, rng.choice([40, 44, 48]), columns=10, stock=0.2, fill=True)


def test_verdicts_agree_with_a_brute_force_search() -> None:
    """Shallow deals (a few cards out) against the brute force both ways; deep ones: a win's
    line replays through the engine, a loss is one by the brute force too."""
    rng = random.Random("verdicts")
    seen = {"winnable": 0, "unwinnable": 0}
    for left in [7, 8, 9] * 4:
        rules, piles = rigged(rng, left, columns=1, stock=0.4)
        game, pos = small_game(rules, piles)
        answer = ns.search(game, pos, 100_000, None)
        assert answer.status == "winnable" and engine_wins(rules, compact(piles))
        assert line_wins(rules, compact(piles), answer.line)
    for _ in range(120):
        rules, piles = deep(rng)
        game, pos = small_game(rules, piles)
        answer = ns.search(game, pos, 20_000, None)
        if answer.status == "winnable":
            assert line_wins(rules, compact(piles), answer.line)
        elif answer.status == "unwinnable":
            assert not engine_wins(rules, compact(piles))
        seen[answer.status] = seen.get(answer.status, 0) + 1
    assert seen["winnable"] >= 60 and seen["unwinnable"] >= 6, seen


def test_safe_moves_are_sound() -> None:
    """Where `safe` lets a card go home alone among other moves, the deal is won after it
    exactly when it is won at all: shallow deals both ways, deep lost ones (the brute force
    wanders long in a deep won one)."""
    rng = random.Random("safe")
    checked = lost = 0
    for shallow in [True] * 40 + [False] * 200:
        if shallow:
            rules, piles = rigged(rng, rng.choice([5, 6, 7]), columns=1, stock=0.4)
        else:
            rules, piles = deep(rng)
        game, pos = small_game(rules, piles)
        kept = ns.ordered(game, pos)
        if len(kept) != 1 or len(ns.moves(game, pos)) < 2 or not ns.safe(game, pos, kept[0]):
            continue
        before = compact(piles)
        after, board = play(rules, before, 0, ns.action(game, kept[0]))
        if not shallow:
            if ns.search(game, pos, 20_000, None).status != "unwinnable":
                continue
            assert not engine_wins(rules, before)
            lost += 1
            continue
        assert (_won(board) or engine_wins(rules, after)) == engine_wins(rules, before)
        checked += 1
    assert checked > 8 and lost, (checked, lost)


def test_a_card_home_while_a_card_below_it_is_out_is_not_safe() -> None:
    """A club five going home on the foundation at four, the other club foundation at two:
    a club four is still out and could be packed on the five, so it is not forced; once both
    fours are home it is."""
    rules = new(GAME_ID, 1).rules
    heights = {"f1": 4, "f5": 2}
    piles: dict[str, list[str]] = {
        f.id: [f.suit + r for r in RANKS[:heights.get(f.id, 13)]] for f in rules.founds}
    piles.update({p.id: [] for p in rules.piles})
    piles["t1"] = ["CK", "C5"]
    piles["t2"] = ["CQ", "C9"]
    piles["s"] = ["C4"]
    game, pos = small_game(rules, piles)
    home = (0, ns.HOME)
    assert home in ns.moves(game, pos) and not ns.safe(game, pos, home)
    assert len(ns.ordered(game, pos)) > 1
    both = {**piles, "f5": ["CA", "C2", "C3", "C4"], "t2": ["CQ", "C9"]}
    game, pos = small_game(rules, both)
    assert ns.safe(game, pos, home) and ns.ordered(game, pos) == [home]
