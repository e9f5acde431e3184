"""The fast path for The Reserve (reserve_search.py): its moves and positions are the engine's,
its lines win through the engine, and its verdicts, its safe moves and the positions it proves
lost agree with a brute-force search through the engine on small rigged deals (the game's own
rules, most cards home, a few left in the reserve, the piles, the talon and the stock). Node
budgets only."""

from __future__ import annotations

import random
from functools import partial

from bot.games.patience import PatienceState
from bot.games.patience import reserve_search as rs
from bot.games.patience.engine import RANKS, Rules
from bot.games.patience.solver import (
    GAME_FACTORS,
    Position,
    _won,
    moves_of,
    play,
    scaled_budget,
    search_path,
    solve,
)
from tests.games.patience.helpers import compact, engine_wins, fast_path_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win

GAME = "the_reserve"
SEED_WON = 28  # won within some 1,400 positions
SEED_DEAD = 1  # the ace of diamonds above the nine in the reserve


def fast(state: PatienceState) -> tuple[rs.ResGame, rs.ResPos]:
    game = rs.reserve_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, rs.position(game, state.piles, state.redeals)


def kind(pos: rs.ResPos, move: rs.Move) -> str:
    src, dst = move
    if move in (rs.TURN, rs.REDEAL):
        return "turn" if move == rs.TURN else "redeal"
    where = {rs.STOCK: "stock", rs.TALON: "talon", rs.RESERVE: "reserve"}.get(src, "pile")
    if dst == rs.HOME:
        return f"{where} home"
    return f"{where} {'packed' if pos[0][dst] else 'space'}"


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("reserve")
    seen: set[str] = set()
    moved = 0
    for seed in range(1, 13):
        state = new(GAME, seed)
        game, pos = fast(state)
        for _ in range(400):
            engine = [a for a in legal(state) if a != "resign"]
            mine = rs.moves(game, pos)
            assert [rs.action(game, pos, m) for m in mine] == engine
            assert set(rs.ordered(game, pos)) <= set(mine)
            if not mine or state.status != "play":
                break
            move = rng.choice(mine)
            seen.add(kind(pos, move))
            moved += 1
            state, _ = state.apply(0, rs.action(game, pos, move))
            pos = rs.play(game, pos, move)
            assert fast(state)[1] == pos
    assert moved > 800
    assert seen == {"turn", "redeal", "pile home", "reserve home", "talon home", "pile packed",
                    "reserve packed", "talon packed", "talon space", "stock space"}


def test_other_games_are_not_taken() -> None:
    for variant in ("the_chameleon", "the_four_seasons", "thirteen_down", "the_clock",
                    "the_order_of_precedence", "napoleon_at_st_helena", "the_blockade"):
        state = new(variant, 1)
        assert rs.reserve_game(state.rules, state.piles, state.redeals, state.flags) is None
    state = new(GAME, 1)
    assert search_path(state) == "fast"
    assert scaled_budget(state, 1000) == 1000 * GAME_FACTORS[GAME]


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new(GAME, SEED_WON)
    game, pos = fast(state)
    answer = rs.search(game, pos, 20_000, None)
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


def test_a_dead_deal_is_unwinnable_at_once() -> None:
    state = new(GAME, SEED_DEAD)
    game, pos = fast(state)
    assert rs.dead(pos)
    answer = rs.search(game, pos, 1_000, None)
    assert answer.status == "unwinnable" and answer.nodes == 0


def test_forced_moves_are_the_only_moves_or_safe() -> None:
    rng = random.Random("forced")
    for seed in (1, 2, 3):
        state = new(GAME, seed)
        game, pos = fast(state)
        for _ in range(300):
            after, made = rs.forced(game, pos)
            at = pos
            for step in made:
                todo = rs.ordered(game, at)
                assert len(todo) == 1 and rs.action(game, at, todo[0]) == step
                assert todo == [rs.safe(game, at)] or rs.moves(game, at) == todo
                at = rs.play(game, at, todo[0])
            assert at == after
            todo = rs.moves(game, after)
            if not todo:
                break
            pos = rs.play(game, after, rng.choice(todo))


# -- small rigged deals against a brute-force search through the engine ---------------------------

Rigged = tuple[Rules, dict[str, list[str]], int]


def rigged(rng: random.Random, left: int, reserve: int, talon: int, redeals: int,
           deep: bool = False) -> Rigged:
    """A late position of the game's own rules: all but ``left`` cards home (spread over the
    suits; ``deep``: all but three of one suit, the others' aces), ``reserve`` of them in the
    reserve, a run of one or two down in suit (or none) on
    each pile, ``talon`` on the talon, the rest in the stock; ``redeals`` made of two."""
    rules = new(GAME, 1).rules
    suits = list("CSHD")
    rng.shuffle(suits)
    heights = {s: 13 for s in suits}
    for k in range(left):
        if deep:
            heights[suits[0] if k >= 3 else suits[1 + k]] -= 1
            continue
        s = suits[k % 4] if heights[suits[k % 4]] > 1 else suits[1 + k % 3]
        heights[s] -= 1
    run = {s: [s + RANKS[(1 + k) % 13] for k in range(13)] for s in suits}
    piles: dict[str, list[str]] = {p.id: [] for p in rules.piles}
    for f in rules.founds:
        piles[f.id] = run[f.suit][:heights[f.suit]]
    loose = [c for s in suits for c in run[s][heights[s]:]]
    rng.shuffle(loose)
    piles["r"], loose = loose[:reserve], loose[reserve:]
    for t in ("t1", "t2", "t3", "t4"):
        if not loose or rng.random() < 0.25:
            continue
        card = loose.pop()
        piles[t] = [card]
        r = RANKS.index(card[1])
        below = card[0] + RANKS[r - 1]
        if r >= 3 and below in loose and rng.random() < 0.5:
            loose.remove(below)
            piles[t].append(below)
    piles["w"], piles["s"] = loose[:talon], loose[talon:]
    return rules, piles, redeals


def small_game(deal: Rigged) -> tuple[rs.ResGame, rs.ResPos, Position]:
    rules, piles, redeals = deal
    game = rs.reserve_game(rules, piles, redeals, {})
    assert game is not None
    return game, rs.position(game, piles, redeals), compact(piles, "", redeals)


def test_small_deals_play_as_the_engine() -> None:
    rng = random.Random("small")
    for n in range(12):
        deal = rigged(rng, 14, n % 4, 3, n % 3)
        game, pos, at = small_game(deal)
        for _ in range(40):
            mine = rs.moves(game, pos)
            assert [rs.action(game, pos, m) for m in mine] == moves_of(deal[0], at, 0)
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(deal[0], at, 0, rs.action(game, pos, move))
            pos = rs.play(game, pos, move)
            assert rs.position(game, board.piles, board.redeals) == pos


def test_verdicts_agree_with_a_brute_force_search() -> None:
    rng = random.Random("verdicts")
    seen: list[str] = []
    for left, reserve, talon, redeals in [(11, 3, 5, 1), (12, 4, 6, 2), (12, 2, 4, 0),
                                          (10, 5, 3, 1)] * 6:
        deal = rigged(rng, left, reserve, talon, redeals)
        game, pos, at = small_game(deal)
        answer = rs.search(game, pos, 200_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(deal[0], at)
        if answer.status == "winnable":
            assert line_wins(deal[0], at, answer.line)
        seen.append(answer.status)
    assert 5 < seen.count("winnable") < len(seen) - 5


def planted(rng: random.Random, source: str) -> Rigged:
    """A rigged deal with a card of ``source`` (a pile, the reserve, the talon) on top, its
    higher card of the suit alone on a pile, or on its own higher card, or a king."""
    rules, piles, redeals = rigged(rng, 10, rng.randint(1, 3), rng.randint(1, 3),
                                   rng.randint(0, 2), deep=True)
    loose = [c for pid in ("r", "w", "s", "t1", "t2", "t3", "t4") for c in piles[pid]]
    pairs = [c for c in loose if c[1] not in "A2K" and _up(c) in loose]
    if not pairs:
        return rules, piles, redeals
    card = rng.choice(pairs)
    under = [_up(card)]
    if under[0][1] != "K" and _up(under[0]) in loose and rng.random() < 0.7:
        under.insert(0, _up(under[0]))
    for cards in piles.values():
        cards[:] = [c for c in cards if c != card and c not in under]
    piles["s"][:0] = piles["t1"] + (piles["t2"] if source == "pile" else [])
    piles["t1"] = under
    if source == "pile":
        piles["t2"] = [card]
    else:
        piles[source] = [*piles[source], card]
    heights = {f.suit: len(piles[f.id]) for f in rules.founds}
    for pid in ("t1", "t2", "t3", "t4", "r", "w"):  # no card home at once: they would be safe
        while piles[pid] and heights[piles[pid][-1][0]] + 1 == rs.PLACE[rs.code(piles[pid][-1])]:
            piles["s"].insert(0, piles[pid].pop())
    return rules, piles, redeals


def _up(card: str) -> str:
    return card[0] + RANKS[RANKS.index(card[1]) + 1]


def test_the_safe_moves_are_sound() -> None:
    """Where `safe` offers a move and there was a choice, the deal is won after it exactly
    when it is won at all: each kind of safe move (home, a lone card packed, the reserve's
    and the talon's top packed), on won deals and lost ones."""
    rng = random.Random("safe")
    checked: dict[str, list[bool]] = {}
    kinds = ("pile home", "reserve home", "talon home", "pile packed", "reserve packed",
             "talon packed")
    for n in range(1000):
        if all(len(checked.get(k, [])) >= 6 for k in kinds):
            break
        deal = (planted(rng, ("pile", "r", "w")[n % 3]) if n % 2 else
                rigged(rng, 10, rng.randint(1, 4), rng.randint(1, 4), n % 3))
        game, pos, before = small_game(deal)
        move = rs.safe(game, pos)
        if move is None or len(rs.moves(game, pos)) < 2:
            continue
        what = kind(pos, move)
        if len(checked.get(what, [])) >= 6:
            continue
        assert move in rs.moves(game, pos)
        after, board = play(deal[0], before, 0, rs.action(game, pos, move))
        wins = engine_wins(deal[0], before)
        assert (_won(board) or engine_wins(deal[0], after)) == wins
        checked.setdefault(what, []).append(wins)
    assert all(len(checked.get(k, [])) >= 6 for k in kinds), checked
    won = [w for v in checked.values() for w in v]
    assert any(won) and not all(won)


def test_dead_positions_are_lost() -> None:
    """`dead` holds only where the engine finds no win: a reserve card that can leave only
    for home above a card of its suit wanted first; and not every reserve card above a lower
    one of its suit is so (one packed away on its higher card frees it)."""
    rng = random.Random("dead")
    found: dict[bool, list[bool]] = {True: [], False: []}
    for n in range(400):
        if min(len(v) for v in found.values()) >= 12:
            break
        deal = rigged(rng, 10, 2, rng.randint(0, 3), n % 3, deep=n % 2 == 0)
        piles = deal[1]
        by_suit = sorted((c for pid in ("r", "w", "s", "t1", "t2", "t3", "t4") for c in piles[pid]),
                         key=lambda c: (c[0], rs.PLACE[rs.code(c)]))
        suit = rng.choice(sorted({c[0] for c in by_suit}))
        run = [c for c in by_suit if c[0] == suit]
        if len(run) < 2:
            continue
        low, high = run[0], rng.choice(run[1:])  # the upper wanted home after the lower
        for cards in piles.values():
            cards[:] = [c for c in cards if c not in (low, high)]
        piles["r"] += [low, high]
        _, pos, at = small_game(deal)
        is_dead = rs.dead(pos)
        if len(found[is_dead]) >= 12:
            continue
        wins = engine_wins(deal[0], at)
        assert not (is_dead and wins)
        found[is_dead].append(wins)
    assert min(len(v) for v in found.values()) >= 12 and any(found[False])


def wins_through_the_fast_paths_moves(game: rs.ResGame, pos: rs.ResPos) -> bool:
    return fast_path_wins(pos, partial(rs.moves, game), partial(rs.play, game), rs.won,
                          rs.key)


def test_positions_proved_lost_are_lost() -> None:
    """What the limited searches keep as proved lost (and never search again) is lost, though
    they refused moves for want of discrepancies."""
    rng = random.Random("lost")
    proved = 0
    for n in range(300):
        if proved > 30:
            break
        deal = rigged(rng, 12 + n % 3, n % 4, 6, n % 3)
        game, pos, _ = small_game(deal)
        lost: set[bytes] = set()
        kept: dict[bytes, rs.ResPos] = {}
        for limit in range(2):
            rs._limited(game, pos, limit, 5_000, None, 0, lost, kept)
        for k in lost:
            assert not wins_through_the_fast_paths_moves(game, kept[k])
            proved += 1
    assert proved > 20
