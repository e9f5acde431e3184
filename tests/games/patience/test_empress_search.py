"""The fast path for The Empress of India (empress_search.py): its moves and positions are the
engine's (pairs, lays, couples up, the talons' fills), its lines win through the engine, and its
verdicts and pruning (alike moves once, lays that show no card left out, the small key) agree
with a brute-force search through the engine on small rigged deals (the game's foundations, a
few cells a side, a few cards left). Node budgets only."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.patience import PatienceState
from bot.games.patience import empress_search as em
from bot.games.patience.engine import Rules
from bot.games.patience.solver import (
    moves_of,
    play,
    scaled_budget,
    search_path,
    solve,
)
from tests.games.patience.helpers import compact, engine_wins, legal, line_wins, new
from tests.games.patience.test_solver import replays_to_a_win

GAME = "the_empress_of_india"


def fast(state: PatienceState) -> tuple[em.EmpressGame, em.EmpressPos]:
    game = em.empress_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, em.position(game, state.piles)


def same_position(rules: Rules, game: em.EmpressGame, pos: em.EmpressPos,
                  piles: dict[str, list[str]]) -> bool:
    """``pos`` is the position of ``piles``: the same heights and cells, the talons' rest."""
    other = em.empress_game(rules, piles, 0, {})
    assert other is not None
    mine = em.position(other, piles)
    return (mine[2:] == pos[2:] and other.red == game.red[pos[0]:]
            and other.black == game.black[pos[1]:])


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("empress")
    kinds = [0] * 5
    drawn = moved = 0
    for seed in range(1, 5):
        state = new(GAME, seed)
        game, pos = fast(state)
        for _ in range(150):
            engine = [a for a in legal(state) if a != "resign"]
            mine = em.moves(game, pos)
            assert [em.action(game, m) for m in mine] == engine
            kept = em.ordered(game, pos)
            assert len(set(kept)) == len(list(kept)) == len(kept) and set(kept) <= set(mine)
            if not mine or state.status != "play":
                break
            ups = [m for m in mine if m[0] in (em.PAIR, em.UP_A, em.UP_N)]
            move = rng.choice(ups if ups and rng.random() < 0.8 else mine)
            kinds[move[0]] += 1
            moved += 1
            state, _ = state.apply(0, em.action(game, move))
            pos = em.play(game, pos, move)
            assert same_position(state.rules, game, pos, state.piles)
        drawn += pos[0] + pos[1]
    assert moved > 200 and all(kinds) and drawn > 100, kinds


def test_other_games_are_not_taken() -> None:
    for variant in ("the_clock", "the_hemispheres", "the_calculation", "the_windmill",
                    "the_shah_of_persia", "the_blockade"):
        state = new(variant, 1)
        assert em.empress_game(state.rules, state.piles, state.redeals, state.flags) is None
    state = new(GAME, 1)
    for piles in ({**state.piles, "wr": state.piles["wr"][1:]},  # a card short
                  {**state.piles, "a1": []},  # a gap while the red talon lasts
                  {**state.piles, "a1": ["SQ"]}):  # a card of no side
        assert em.empress_game(state.rules, piles, 0, {}) is None
    assert search_path(new(GAME, 1)) == "fast"
    assert scaled_budget(new(GAME, 1), 1000) == 2000  # HOOK_FACTORS


def test_winning_lines_replay_to_a_win_through_the_engine() -> None:
    state = new(GAME, 3)  # won within some 550 positions
    game, pos = fast(state)
    answer = em.search(game, pos, 5_000, None)
    assert answer.status == "winnable"
    assert replays_to_a_win(state, answer.line)
    verdict = solve(state, node_budget=5_000)  # through solver._fast_path and _checked
    assert verdict.status == "winnable" and verdict.perfect_knowledge
    assert verdict.line == answer.line


# -- small rigged deals against a brute-force search through the engine ---------------------------


def small_rules(cells: int) -> Rules:
    """The Empress of India with ``cells`` cells a side (the engine plays any such side)."""
    rules = new(GAME, 1).rules
    keep = [p for p in rules.piles if not (p.id[0] in "an" and p.id[1:].isdigit()
                                             and int(p.id[1:]) > cells)]
    return replace(rules, id="small_empress", piles=tuple(keep))


def rigged(rng: random.Random, cells: int, red: int, black: int, lays: int = 0
           ) -> tuple[Rules, dict[str, list[str]]]:
    """A late position: all but ``red`` and ``black`` cards home (each foundation its run as
    far as it goes), the loose ones shuffled into the cells of their side and then the talons,
    and then up to ``lays`` random lays made through the engine."""
    rules = small_rules(cells)
    heights = [12] * 16
    for colour, left in ((range(8), black), (range(8, 16), red)):
        for _ in range(left):
            j = rng.choice([j for j in colour if heights[j] > 1])
            heights[j] -= 1
    dealt = new(GAME, 1).piles
    piles: dict[str, list[str]] = {p.id: list(dealt[p.id]) if p.kind == "decor" else []
                                   for p in rules.piles}
    loose: tuple[list[str], list[str]] = ([], [])
    for f, h in zip(rules.founds, heights, strict=True):
        run = [f.suit + r for r in f.order]
        piles[f.id] = run[:h]
        loose[f.suit in "HD"].extend(run[h:])
    for side, talon, cards in (("n", "wb", loose[0]), ("a", "wr", loose[1])):
        rng.shuffle(cards)
        for k, card in enumerate(cards[:cells]):
            piles[f"{side}{k + 1}"] = [card]
        piles[talon] = cards[cells:]
    pos = compact(piles)
    for _ in range(lays):
        options = [m for m in moves_of(rules, pos, 0) if m.startswith("lay:")]
        if options:
            pos = play(rules, pos, 0, rng.choice(options))[0]
    return rules, {k: list(v) for k, v in pos[0]}


def small_game(rules: Rules, piles: dict[str, list[str]]
               ) -> tuple[em.EmpressGame, em.EmpressPos]:
    game = em.empress_game(rules, piles, 0, {})
    assert game is not None
    return game, em.position(game, piles)


def test_small_deals_play_as_the_engine() -> None:
    """The rigged sides too (gaps once a talon is out): moves and positions along random
    play-outs."""
    rng = random.Random("small")
    gaps = 0
    for _ in range(12):
        rules, piles = rigged(rng, 3, 6, 5, lays=2)
        game, pos = small_game(rules, piles)
        at = compact(piles)
        for _ in range(30):
            mine = em.moves(game, pos)
            assert [em.action(game, m) for m in mine] == moves_of(rules, at, 0)
            if not mine:
                break
            move = rng.choice(mine)
            at, board = play(rules, at, 0, em.action(game, move))
            pos = em.play(game, pos, move)
            assert same_position(rules, game, pos, board.piles)
            gaps += not all(pos[3]) or not all(pos[5])
    assert gaps


def test_verdicts_agree_with_a_brute_force_search() -> None:
    """Won and lost deals, lost ones with as many red cards left as black (not lost by the
    count alone) among them."""
    rng = random.Random("verdicts")
    won = lost = 0
    for cells, red, black, lays in [(2, 4, 4, 0), (2, 5, 5, 1), (3, 5, 5, 2), (2, 5, 4, 0),
                                    (3, 6, 6, 1), (1, 3, 3, 0), (1, 5, 5, 0), (1, 8, 8, 0),
                                    (2, 12, 12, 1), (3, 12, 12, 0)] * 4:
        rules, piles = rigged(rng, cells, red, black, lays)
        game, pos = small_game(rules, piles)
        answer = em.search(game, pos, 200_000, None)
        assert answer.status != "undecided"
        assert (answer.status == "winnable") == engine_wins(rules, compact(piles)), piles
        if answer.status == "winnable":
            assert line_wins(rules, compact(piles), answer.line)
            won += 1
        else:
            lost += red == black
    assert won >= 10 and lost >= 5, (won, lost)


def test_lays_that_show_no_card_are_left_out_and_only_they() -> None:
    """What `ordered` leaves out is a lay whose talon is out, or a move whose cards are those
    of a move it keeps (a child of the same key)."""
    rng = random.Random("left out")
    blind = alike = 0
    for _ in range(60):
        rules, piles = rigged(rng, 3, rng.choice([3, 5]), rng.choice([3, 5]), lays=1)
        game, pos = small_game(rules, piles)
        kept = list(em.ordered(game, pos))
        keys = {em.key(game, em.play(game, pos, m)) for m in kept}
        for m in em.moves(game, pos):
            if m in kept:
                continue
            if em.key(game, em.play(game, pos, m)) in keys:
                alike += 1
                continue
            talon = game.red if m[0] == em.LAY_AN else game.black
            assert m[0] in (em.LAY_AN, em.LAY_NA) and pos[m[0] - 1] >= len(talon)
            blind += 1
    assert blind and alike


def test_the_key_sorts_the_cells_and_keeps_the_couples() -> None:
    """Cells of a side permuted: the same key; a couple or its two cards single: not."""
    rng = random.Random("key")
    rules, piles = rigged(rng, 3, 6, 6, lays=0)
    game, pos = small_game(rules, piles)
    swapped = {**piles, "a1": piles["a3"], "a3": piles["a1"]}
    assert em.key(game, pos) == em.key(game, em.position(game, swapped))
    lay = next(m for m in em.moves(game, pos) if m[0] == em.LAY_AN)
    laid = em.play(game, pos, lay)
    other = next(m for m in em.moves(game, pos) if m[0] == em.LAY_AN and m[2] != lay[2]
                 and pos[5][m[2]] != pos[5][lay[2]])
    assert em.key(game, laid) != em.key(game, em.play(game, pos, other))


def test_the_key_tells_a_couples_side() -> None:
    """Two couples that change sides: the same cards out, the same counts, not the same
    position (the couple on the Army shows a red card when it goes up, the Navy's a black)."""
    rng = random.Random("sides")
    rules, piles = rigged(rng, 3, 6, 6, lays=0)
    game, pos = small_game(rules, piles)
    tr, tb, heights, ab, _, nb, _ = pos
    r1, r2, b1, b2 = ab[0], ab[1], nb[0], nb[1]
    one = (tr, tb, heights, bytes((r1, 0, ab[2])), bytes((b1, 0, 0)), bytes((0, b2, nb[2])),
           bytes((0, r2, 0)))
    two = (tr, tb, heights, bytes((r2, 0, ab[2])), bytes((b2, 0, 0)), bytes((0, b1, nb[2])),
           bytes((0, r1, 0)))
    assert (r1, b1) != (r2, b2)
    assert em.key(game, one) != em.key(game, two)
    assert em.key(game, one) == em.key(game, (tr, tb, heights, bytes((0, ab[2], r1)),
                                                bytes((0, 0, b1)), bytes((nb[2], 0, b2)),
                                                bytes((0, 0, r2))))
