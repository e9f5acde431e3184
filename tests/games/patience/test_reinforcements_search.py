"""The fast path for The Reinforcements (reinforcements_search.py): its moves and positions are
the engine's (packing on the talon, refills from the talon or the stock, the redeals), its
lines win through the engine, and its verdicts and safe moves agree with a brute-force search
through the engine on small rigged deals (all foundations but a few cards high). Node budgets
only."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date

import pytest

from bot.games.patience import PatienceState
from bot.games.patience import reinforcements_search as rf
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import _won, moves_of, play, scaled_budget, search_path, solve
from tests.games.patience.helpers import compact, engine_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win

GAME_ID = "the_reinforcements"


def fast(state: PatienceState) -> tuple[rf.ReinforcementsGame, rf.ReinforcementsPos]:
    game = rf.reinforcements_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, rf.position(game, state.piles, state.redeals)


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("reinforcements")
    seen: set[str] = set()
    moved = 0
    for seed in range(1, 13):
        state = new(GAME_ID, seed)
        game, pos = fast(state)
        for _ in range(700):
            engine = [a for a in legal(state) if a != "resign"]
            mine = rf.moves(game, pos)
            assert [rf.action(game, m) for m in mine] == engine
            assert set(rf.ordered(game, pos)) <= set(mine)
            if not mine or state.status != "play":
                break
            home = [m for m in mine if m[1] >= 0]
            move = rng.choice(home if home and rng.random() < 0.6 else mine)
            moved += 1
            src, dst = move
            if move in (rf.TURN, rf.REDEAL):
                seen.add(rf.action(game, move))
            else:
                seen.add(("talon" if src == rf.TALON else "packet")
                         + (" packed" if dst == rf.TALON else " home"))
            state, _ = state.apply(0, rf.action(game, move))
            pos = rf.play(game, pos, move)
            assert pos == rf.position(game, state.piles, state.redeals)
    assert moved > 1500
    assert {"turn", "redeal", "packet home", "packet packed", "talon home"} <= seen, seen


def test_other_games_are_not_taken() -> None:
    for variant in ("the_clock", "the_blockade", "the_calculation", "the_garden",
                    "the_shah_of_persia", "the_four_seasons", "the_chatelaine",
                    "the_chameleon", "the_constitution"):
        state = new(variant, 1)
        assert rf.reinforcements_game(state.rules, state.piles, state.redeals,
                                      state.flags) is None
    assert search_path(new(GAME_ID, 1)) == "fast"
    assert scaled_budget(new(GAME_ID, 1), 1000) == 1000 * 8  # GAME_FACTORS


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new(GAME_ID, 73)  # won within some three hundred positions
    game, pos = fast(state)
    answer = rf.search(game, pos, 20_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=20_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line


def test_the_daily_deal_tries_many_seeds_each_searched_a_little(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal it wins it wins at once (see the module): the daily deal searches each seed with a
    small budget and tries many more (`game.DAILY_SHALLOW`), where the other games search a few
    seeds deeper."""
    from bot.games.patience import game as patience_game
    from bot.games.patience import solver

    asked: list[tuple[int, float]] = []

    def spy(variant: str, day: date, node_budget: int, *, tries: int, spend: float
            ) -> solver.DailyDeal:
        asked.append((node_budget, spend))
        return solver.DailyDeal(7, True, 1)

    monkeypatch.setattr(solver, "daily_seed", spy)
    for variant in (GAME_ID, "the_fortress"):
        assert patience_game.PatienceGame().daily_deal(variant, date(2026, 12, 1)) == (7, True)
    (shallow, many), (deep, few) = asked
    assert (deep, few) == (patience_game.DAILY_BUDGET, patience_game.DAILY_SPEND)
    assert shallow < deep and many > few
    state = new(GAME_ID, 1)  # not won within some 160,000 positions
    assert rf.search(*fast(state), scaled_budget(state, shallow), None).nodes <= 4_000


# -- small rigged deals against a brute-force search through the engine ---------------------------


def small_rules(packets: int = 2) -> Rules:
    """The Reinforcements with only ``packets`` packets (the engine plays any number)."""
    rules = new(GAME_ID, 1).rules
    return replace(rules, id="small_reinforcements",
                   piles=(*rules.piles[:packets], rules.piles[-1]))


def rigged(rng: random.Random, left: int, stock: int, talon: int, packets: int = 2
           ) -> tuple[Rules, dict[str, list[str]], int]:
    """A late position: all but ``left`` cards home (each foundation a run from its base),
    ``stock`` of them in the stock, ``talon`` on the talon, the rest in the packets (each a
    card at least); and the redeals used."""
    rules = small_rules(packets)
    heights = [13] * 8
    while sum(13 - h for h in heights) < left:
        j = rng.randrange(8)
        if heights[j] > 1:
            heights[j] -= 1
    piles: dict[str, list[str]] = {}
    loose = []
    for f, h in zip(rules.founds, heights, strict=True):
        ranks = RANKS if f.step == 1 else RANKS[::-1]
        run = [f.suit + r for r in ranks]
        piles[f.id] = run[:h]
        loose += run[h:]
    rng.shuffle(loose)
    piles["s"], loose = loose[:stock], loose[stock:]
    piles["w"], loose = loose[:talon], loose[talon:]
    ids = [p.id for p in rules.piles if p.kind == "reserve"]
    for pid in ids:
        piles[pid] = []
    for i, card in enumerate(loose):
        piles[ids[i] if i < len(ids) else rng.choice(ids)].append(card)
    return rules, piles, rng.choice([0, 1, 2])


def small_game(rules: Rules, piles: dict[str, list[str]], redeals: int
               ) -> tuple[rf.ReinforcementsGame, rf.ReinforcementsPos]:
    game = rf.reinforcements_game(rules, piles, redeals, {})
    assert game is not None
    return game, rf.position(game, piles, redeals)


def test_small_deals_play_as_the_engine() -> None:
    """The rigged deals too, where packets empty: moves and positions along random
    play-outs, the refills from the talon and from the stock among them."""
    rng = random.Random("small")
    refills: set[str] = set()
    for _ in range(40):
        rules, piles, redeals = rigged(rng, 12, rng.choice([0, 4]), rng.choice([0, 3]))
        game, pos = small_game(rules, piles, redeals)
        at = compact(piles, redeals=redeals)
        for _ in range(40):
            engine = moves_of(rules, at, 0)
            mine = rf.moves(game, pos)
            assert [rf.action(game, m) for m in mine] == engine
            if not mine:
                break
            move = rng.choice(mine)
            if move[0] >= 0 and len(pos[0][move[0]]) == 1:
                refills.add("talon" if pos[1] or move[1] == rf.TALON else
                            "stock" if pos[2] else "none")
            at, board = play(rules, at, 0, rf.action(game, move))
            pos = rf.play(game, pos, move)
            assert rf.position(game, board.piles, board.redeals) == pos
    assert refills == {"talon", "stock", "none"}, refills


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = set()
    for left, stock, talon in [(9, 3, 2), (10, 2, 3), (8, 0, 3), (11, 4, 1)] * 8:
        rules, piles, redeals = rigged(rng, left, stock, talon)
        game, pos = small_game(rules, piles, redeals)
        answer = rf.search(game, pos, 500_000, None)
        assert answer.status != "undecided"
        start = compact(piles, redeals=redeals)
        assert (answer.status == "winnable") == engine_wins(rules, start)
        if answer.status == "winnable":
            assert line_wins(rules, start, answer.line)
        seen.add(answer.status)
    assert seen == {"winnable", "unwinnable"}


def test_safe_moves_home_are_sound() -> None:
    """Where `safe` offers a move home, the deal is won after it exactly when it is won at
    all."""
    rng = random.Random("safe")
    fired = won = 0
    for _ in range(600):
        rules, piles, redeals = rigged(rng, rng.choice([7, 8, 9]), rng.choice([1, 2, 3]),
                                       rng.choice([0, 1, 2]))
        game, pos = small_game(rules, piles, redeals)
        offered = rf.moves(game, pos)
        move = next((m for m in offered if rf.safe(game, pos, m)), None)
        if move is None or len(offered) < 2:
            continue
        assert move[0] >= 0 and move[1] >= 0
        before = compact(piles, redeals=redeals)
        after, board = play(rules, before, 0, rf.action(game, move))
        wins = engine_wins(rules, before)
        assert (_won(board) or engine_wins(rules, after)) == wins
        fired += 1
        won += wins
    assert fired > 20 and won and fired - won, (fired, won)


def test_a_packets_last_card_is_not_sent_home_safely() -> None:
    """Sending it home draws the refill sooner: a deal (found by a random search of rigged
    ones) won by other lines but lost after the lone ace of spades goes home, though its
    suit's cards beside it are home and it has no other copy."""
    rules = small_rules(2)
    heights = {"f2": 11, "f6": 12, "f7": 10}
    piles: dict[str, list[str]] = {}
    for f in rules.founds:
        ranks = RANKS if f.step == 1 else RANKS[::-1]
        piles[f.id] = [f.suit + r for r in ranks[:heights.get(f.id, 13)]]
    piles.update({"s": ["SQ", "SK"], "w": ["H2"], "r1": ["SA"], "r2": ["H3", "HA"]})
    game, pos = small_game(rules, piles, 1)
    home = (0, 5)
    assert home in rf.moves(game, pos) and rf.action(game, home) == "move:r1>f6"
    assert not rf.safe(game, pos, home)
    start = compact(piles, redeals=1)
    assert engine_wins(rules, start)
    assert not engine_wins(rules, play(rules, start, 0, "move:r1>f6")[0])
    answer = rf.search(game, pos, 100_000, None)
    assert answer.status == "winnable" and line_wins(rules, start, answer.line)


def mirrored(card: str) -> str:
    """The card of the other rank as far from the king as it is from the ace (2 <-> Q)."""
    return card[0] + RANKS[12 - RANKS.index(card[1])]


@pytest.mark.parametrize("mirror", [False, True])
def test_a_card_that_could_be_packed_on_the_talon_is_not_sent_home_safely(mirror: bool) -> None:
    """A deal (found by a random search of rigged ones) won by other lines but lost after the
    six of spades goes home on its king's foundation, though its other copy is home and a card
    lies under it: the five of spades is still to come, for the six to be packed on. Mirrored
    (ranks turned about, the ace's foundations for the king's), the eight of spades and the
    nine: the game is the same so, and both cards beside it must be home."""
    rules = small_rules(3)
    heights = {"f6": 9, "f2": 7} if mirror else {"f2": 9, "f6": 7}
    piles: dict[str, list[str]] = {}
    for f in rules.founds:
        ranks = RANKS if f.step == 1 else RANKS[::-1]
        piles[f.id] = [f.suit + r for r in ranks[:heights.get(f.id, 13)]]
    loose = {"s": ["S5"], "w": ["SA", "S2"], "r1": ["S4", "S3", "SK"], "r2": ["SJ", "ST"],
             "r3": ["SQ", "S6"]}
    piles.update({k: [mirrored(c) for c in v] if mirror else v for k, v in loose.items()})
    game, pos = small_game(rules, piles, 2)
    home = (2, 1) if mirror else (2, 5)
    act = rf.action(game, home)
    assert home in rf.moves(game, pos) and act == ("move:r3>f2" if mirror else "move:r3>f6")
    assert not rf.safe(game, pos, home)
    start = compact(piles, redeals=2)
    assert engine_wins(rules, start)
    assert not engine_wins(rules, play(rules, start, 0, act)[0])
    answer = rf.search(game, pos, 100_000, None)
    assert answer.status == "winnable" and line_wins(rules, start, answer.line)
