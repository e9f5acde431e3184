"""The fast path for The Chameleon (chameleon_search.py): its moves and positions are the
engine's, its lines win through the engine, and its verdicts, its safe move and the positions
it proves lost agree with a brute-force search through the engine on small rigged deals (the
game's own rules, most cards home, a few left in the packet, the piles, the talon and the
stock). Node budgets only."""

from __future__ import annotations

import random
from functools import partial

from bot.games.patience import PatienceState
from bot.games.patience import chameleon_search as cs
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import Position, _won, moves_of, play, search_path, solve
from tests.games.patience.helpers import compact, engine_wins, fast_path_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win

GAME = "the_chameleon"
SEED_WON = 14  # with one redeal: won within a hundred positions


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
                      or (m[0] > 0 and len(pos[0][m[0]]) == 1)]  # the packet emptied soon
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


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new(GAME, SEED_WON, redeals=1)
    game, pos = fast(state)
    answer = cs.search(game, pos, 120_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=20_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line
    for action in answer.line[:len(answer.line) // 2]:  # and from the middle of the game
        state, _ = state.apply(0, action)
    assert search_path(state) == "fast"
    verdict = solve(state, node_budget=20_000)
    assert verdict.status == "winnable" and replays_to_a_win(state, verdict.line)


def test_forced_moves_are_the_only_moves_or_safe() -> None:
    rng = random.Random("forced")
    for seed in (1, 2, 3):
        state = new(GAME, seed)
        game, pos = fast(state)
        for _ in range(300):
            after, made = cs.forced(game, pos)
            at = pos
            for step in made:
                todo = cs.ordered(game, at)
                assert len(todo) == 1 and cs.action(game, at, todo[0]) == step
                assert todo == [cs.safe(game, at)] or cs.moves(game, at) == todo
                at = cs.play(game, at, todo[0])
            assert at == after
            todo = cs.moves(game, after)
            if not todo:
                break
            pos = cs.play(game, after, rng.choice(todo))


# -- small rigged deals against a brute-force search through the engine ---------------------------


def rigged(rng: random.Random, left: int, packet: int, talon: int, redeals: int
           ) -> tuple[Rules, dict[str, list[str]], str, int, dict[str, int]]:
    """A late position of the game's own rules: all but ``left`` cards home, ``packet`` of
    them in the packet (none: maybe opened, a pile like the others), one or two on each pile,
    ``talon`` on the talon, the rest in the stock; ``redeals`` allowed."""
    rules = new(GAME, 1, redeals=redeals).rules
    base = rng.choice(RANKS)
    first = RANKS.index(base)
    suits = list("CSHD")
    rng.shuffle(suits)
    heights = {s: 13 for s in suits}
    for k in range(left):  # spread over the suits: every suit's run waits on its low cards
        s = suits[k % 4] if heights[suits[k % 4]] > 1 else suits[1 + k % 3]
        heights[s] -= 1
    started = sorted((s for s in suits if heights[s]), key=suits.index)
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    for f in rules.founds:
        piles[f.id] = []
    loose = []
    for s in suits:
        run = [s + RANKS[(first + k) % 13] for k in range(13)]
        loose += run[heights[s]:]
    for j, s in enumerate(started):
        piles[rules.founds[j].id] = [s + RANKS[(first + k) % 13] for k in range(heights[s])]
    rng.shuffle(loose)
    flags: dict[str, int] = {}
    piles["r"], loose = loose[:packet], loose[packet:]
    if not packet and rng.random() < 0.5:
        flags["opened:r"] = 1
    for t in ("t1", "t2", "t3"):
        n = rng.choice([1, 1, 2]) if packet else rng.choice([0, 1, 1, 2])
        piles[t], loose = loose[:n], loose[n:]
    piles["w"], piles["s"] = loose[:talon], loose[talon:]
    return rules, piles, base, 0, flags


Rigged = tuple[Rules, dict[str, list[str]], str, int, dict[str, int]]


def small_game(deal: Rigged) -> tuple[cs.ChamGame, cs.ChamPos, Position]:
    rules, piles, base, redeals, flags = deal
    game = cs.chameleon_game(rules, piles, base, flags)
    assert game is not None
    return game, cs.position(game, piles, redeals, flags), compact(piles, base, redeals, flags)


def test_small_deals_play_as_the_engine() -> None:
    rng = random.Random("small")
    for n in range(12):
        deal = rigged(rng, 14, n % 3, 3, n % 2)
        game, pos, at = small_game(deal)
        for _ in range(40):
            mine = cs.moves(game, pos)
            assert [cs.action(game, pos, m) for m in mine] == moves_of(deal[0], at, 0)
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(deal[0], at, 0, cs.action(game, pos, move))
            pos = cs.play(game, pos, move)
            assert cs.position(game, board.piles, board.redeals, board.flags) == pos


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen = set()
    for left, packet, talon, redeals in [(12, 0, 7, 0), (12, 3, 6, 0), (13, 0, 8, 0),
                                         (12, 1, 7, 1)] * 4:
        deal = rigged(rng, left, packet, talon, redeals)
        game, pos, at = small_game(deal)
        answer = cs.search(game, pos, 500_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(deal[0], at)
        if answer.status == "winnable":
            assert line_wins(deal[0], at, answer.line)
        seen.add(answer.status)
    assert seen == {"winnable", "unwinnable"}


def test_the_safe_move_home_is_sound() -> None:
    """Where `safe` offers a move home and there was a choice, the deal is won after it
    exactly when it is won at all."""
    rng = random.Random("safe")
    checked = won = 0
    for n in range(300):
        deal = rigged(rng, 9, n % 3, rng.randint(1, 5), n % 2)
        game, pos, before = small_game(deal)
        move = cs.safe(game, pos)
        if move is None or len(cs.moves(game, pos)) < 2:
            continue
        assert move in cs.moves(game, pos) and move[1] == cs.HOME
        after, board = play(deal[0], before, 0, cs.action(game, pos, move))
        wins = engine_wins(deal[0], before)
        assert (_won(board) or engine_wins(deal[0], after)) == wins
        checked += 1
        won += wins
        if checked >= 20:
            break
    assert checked >= 20 and 0 < won < checked


def wins_through_the_fast_paths_moves(game: cs.ChamGame, pos: cs.ChamPos) -> bool:
    return fast_path_wins(pos, partial(cs.moves, game), partial(cs.play, game), cs.won,
                          cs.key)


def test_positions_proved_lost_are_lost() -> None:
    """What the limited searches keep as proved lost (and never search again) is lost, though
    they refused moves for want of discrepancies."""
    rng = random.Random("lost")
    proved = 0
    for n in range(300):
        if proved > 30:
            break
        deal = rigged(rng, 13 + n % 4, n % 3, 8, n % 2)
        game, pos, _ = small_game(deal)
        lost: set[bytes] = set()
        kept: dict[bytes, cs.ChamPos] = {}
        for limit in range(3):
            cs._limited(game, pos, limit, 20_000, None, 0, lost, kept)
        for k in lost:
            assert not wins_through_the_fast_paths_moves(game, kept[k])
            proved += 1
    assert proved > 20


def test_a_card_wanted_to_pack_on_is_not_sent_home_safely() -> None:
    """The seven of spades could go home, but the six of diamonds must be parked on it to free
    the five beneath: home at once, it loses the deal."""
    rules = new(GAME, 1).rules
    run = {s: [s + r for r in RANKS] for s in "CSHD"}
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    piles.update(f1=run["H"][:11], f2=run["S"][:6], f3=run["D"][:4], f4=run["C"][:10])
    piles.update(r=["SK"], t1=["HK", "S7"], t2=["CK"], t3=["DK"])  # kings: no space comes
    piles["w"] = ["HQ", "CQ", "CJ", *reversed(run["D"][6:12]), *reversed(run["S"][7:12]),
                  "D5", "D6"]
    deal: Rigged = (rules, piles, "A", 0, {})
    game, pos, before = small_game(deal)
    assert cs.safe(game, pos) is None
    home = (1, cs.HOME)
    assert home in cs.moves(game, pos)
    after, _ = play(rules, before, 0, cs.action(game, pos, home))
    assert engine_wins(rules, before) and not engine_wins(rules, after)
    answer = cs.search(game, pos, 10_000, None)
    assert answer.status == "winnable" and line_wins(rules, before, answer.line)
