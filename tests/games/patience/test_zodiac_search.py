"""The fast path for The Zodiac (zodiac_search.py): its moves and positions are the engine's
(packing, cells, turns, redeals, the building), its lines win through the engine, and its
verdicts, its plan (layouts that must build home, at most eight free cards), its building's
safe moves and its dead suits agree with a brute-force search through the engine on small
rigged deals (most cards home, a few left in packets, cells, stock and talon). Node budgets
only."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest

from bot.games.patience import PatienceState
from bot.games.patience import zodiac_search as zs
from bot.games.patience.engine import RANKS
from bot.games.patience.solver import (
    GAME_FACTORS,
    HOOK_FACTORS,
    Position,
    scaled_budget,
    search_path,
)
from tests.games.patience.helpers import engine_wins, legal, new
from tests.games.patience.test_solver import replays_to_a_win


def fast(state: PatienceState) -> tuple[zs.ZodiacGame, zs.ZodiacPos]:
    game = zs.zodiac_game(state.rules, state.piles, state.redeals, state.flags)
    assert game is not None
    return game, zs.position(game, state.piles, state.redeals, state.flags)


def kind(pid: str) -> str:
    return pid.rstrip("0123456789")


def test_moves_and_positions_are_the_engines_along_random_play_outs() -> None:
    rng = random.Random("zodiac")
    seen: Counter[str] = Counter()
    for seed in range(1, 7):
        state = new("the_zodiac", seed)
        game, pos = fast(state)
        for _ in range(600):
            engine = [a for a in legal(state) if a != "resign"]
            mine = zs.moves(game, pos)
            assert [zs.action(game, m) for m in mine] == engine
            assert set(zs.ordered(game, pos)) <= set(mine)
            assert zs.piles_of(game, pos) == state.piles
            assert (pos[4], pos[5]) == (state.redeals, bool(state.flags.get("placed")))
            if not mine or state.status != "play":
                break
            packs = [m for m in mine if m[0] >= 0 and m[1] < zs.CELL0]
            move = rng.choice(packs if packs and rng.random() < 0.6 else mine)
            text = zs.action(game, move)
            seen[text if ":" not in text else
                 "{}>{}".format(*(kind(x) for x in text[5:].split(">")))] += 1
            state, _ = state.apply(0, text)
            pos = zs.play(game, pos, move)
    assert sum(seen.values()) > 900
    for what in ("turn", "redeal", "s>c", "w>z", "w>c", "c>z", "z>f", "c>f"):
        assert seen[what], what


def test_other_games_are_not_taken_and_the_zodiac_is() -> None:
    for variant in ("the_blockade", "the_windmill", "the_hemispheres", "la_belle_lucie"):
        state = new(variant, 1)
        assert zs.zodiac_game(state.rules, state.piles, state.redeals, state.flags) is None
    state = new("the_zodiac", 1)
    assert search_path(state) == "fast"
    assert HOOK_FACTORS["zodiac"] == 30 and "the_zodiac" not in GAME_FACTORS
    assert scaled_budget(state, 1000) == 30_000


def test_a_line_it_finds_wins_through_the_engine() -> None:
    for seed in (1, 2):
        state = new("the_zodiac", seed)
        game, pos = fast(state)
        answer = zs.search(game, pos, 5000, None)
        assert answer.status == "winnable" and answer.nodes <= 5000
        assert replays_to_a_win(state, answer.line)


def test_its_plans_build_home_and_fit_the_cells() -> None:
    """Every suit's planned layout extends its packets in suit, one up or down, and builds home
    (`suit_line`), with at most eight cards left free in all."""
    for seed in range(1, 6):
        game, pos = fast(new("the_zodiac", seed))
        target, used, lost = zs.plan(game, pos, 60_000)
        assert target is not None and not lost and used <= 60_000
        laid = Counter(c for p in target.values() for c in p)
        assert sum(2 - laid[c] for c in range(1, 53)) <= 8
        for s in range(4):
            piles = tuple(bytes(c - 13 * s for c in target[i]) for i in target
                          if (target[i][0] - 1) // 13 == s)
            assert zs.suit_line(piles, 0, 0)[0] is not None
        for i, p in target.items():
            assert p[:len(pos[0][i])] == pos[0][i]
            assert all(zs._fits(b, a) for a, b in pairwise(p))


# -- rigged deals: most cards home, a few left ----------------------------------------------------


def rig(rng: random.Random, stocked: bool) -> tuple[PatienceState, Position]:
    """A position of The Zodiac with each suit's foundations high and its few cards left
    laid out at random: some packets (one card, or two in suit one apart), a few in the
    cells, the rest in stock and talon (none left there if not ``stocked``: the building)."""
    state = new("the_zodiac", 1)
    piles: dict[str, list[str]] = {k: [] for k in state.piles}
    rest: list[str] = []
    for s, suit in enumerate("CSHD"):
        up, down = rng.randint(11, 13), rng.randint(11, 13)
        piles[f"f{1 + s}"] = [suit + r for r in RANKS[:up]]
        piles[f"f{5 + s}"] = [suit + r for r in RANKS[::-1][:down]]
        rest += [suit + r for r in RANKS[up:]] + [suit + r for r in RANKS[:13 - down]]
    rng.shuffle(rest)
    for i in range(rng.randint(1, 4)):
        if not rest:
            break
        card = rest.pop()
        packet = [card]
        mate = next((c for c in rest if c[0] == card[0] and abs(
            RANKS.index(c[1]) - RANKS.index(card[1])) == 1), None)
        if mate is not None and rng.random() < 0.5:
            rest.remove(mate)
            packet.append(mate)
        piles[f"z{3 * i + 1}"] = packet
    for i in range(rng.randint(3, 7)):
        if rest:
            piles[f"c{i + 1}"] = [rest.pop()]
    keep = rng.randint(1, 3) if stocked else 0  # few in stock and talon: the brute force
    for c in [f"c{i}" for i in range(1, 9) if not piles[f"c{i}"]]:
        if len(rest) > keep:
            piles[c] = [rest.pop()]
    for z in range(24):
        if len(rest) > keep and not piles[f"z{z + 1}"]:
            piles[f"z{z + 1}"] = [rest.pop()]
    cut = rng.randint(0, len(rest))
    piles["w"], piles["s"] = rest[:cut], rest[cut:]
    redeals = rng.randint(0, 1)
    flags = {"placed": 1} if rng.random() < 0.5 else {}
    position = (tuple(sorted((k, tuple(v)) for k, v in piles.items())), "", redeals,
                tuple(sorted(flags.items())))
    return state.model_copy(update={"piles": piles, "redeals": redeals, "flags": flags}), position


@pytest.mark.parametrize("stocked", [True, False])
def test_verdicts_and_dead_suits_agree_with_the_engine_on_rigged_deals(stocked: bool) -> None:
    rng = random.Random(f"zodiac rigs {stocked}")
    outcomes: Counter[str] = Counter()
    for _ in range(40):
        state, position = rig(rng, stocked)
        game = zs.zodiac_game(state.rules, state.piles, state.redeals, state.flags)
        assert game is not None
        pos = zs.position(game, state.piles, state.redeals, state.flags)
        truth = engine_wins(state.rules, position)
        answer = zs.search(game, pos, 50_000, None)
        assert answer.status == ("winnable" if truth else "unwinnable")
        if truth:
            assert replays_to_a_win(state, answer.line)
        if zs.dead(game, pos):
            assert not truth
        outcomes[answer.status] += 1
        outcomes["dead"] += zs.dead(game, pos)
    assert outcomes["winnable"] >= 8 and outcomes["unwinnable"] >= 8, outcomes


@pytest.mark.parametrize("left", [8, 9])
def test_the_cells_hold_at_most_eight_free_cards(left: int) -> None:
    """No packet to lay them on: eight cards left fit the cells (one turned into the last
    gap), nine do not, and the plan says so (every suit's least searched through)."""
    state = new("the_zodiac", 1)
    piles: dict[str, list[str]] = {k: [] for k in state.piles}
    for s, suit in enumerate("CSHD"):
        up = 9 if suit in "CS" else 13 - (left == 9 and suit == "H")
        piles[f"f{1 + s}"] = [suit + r for r in RANKS[:up]]
        piles[f"f{5 + s}"] = [suit + r for r in RANKS[::-1]]
    rest = [suit + r for suit in "CS" for r in "TJQK"] + (["HK"] if left == 9 else [])
    for i in range(left - 1):
        piles[f"c{i + 1}"] = [rest[i]]
    piles["s"] = [rest[-1]]
    state = state.model_copy(update={"piles": piles, "redeals": 0, "flags": {}})
    position = (tuple(sorted((k, tuple(v)) for k, v in piles.items())), "", 0, ())
    game, pos = fast(state)
    target, _, lost = zs.plan(game, pos, 10_000)
    assert (target is None, lost) == ((True, True) if left == 9 else (False, False))
    answer = zs.search(game, pos, 10_000, None)
    assert answer.status == ("winnable" if engine_wins(state.rules, position) else "unwinnable")
    assert answer.status == ("winnable" if left == 8 else "unwinnable")


def test_the_building_agrees_with_the_engine_on_rigged_layouts() -> None:
    """Stock and talon out, two suits with many cards left in packets built as random walks in
    suit (one up or down) and a few in the cells: `building_line` (its safe moves home) wins
    exactly where the engine's brute force does."""
    rng = random.Random("zodiac building")
    outcomes: Counter[bool] = Counter()
    for _ in range(60):
        state = new("the_zodiac", 1)
        piles: dict[str, list[str]] = {k: [] for k in state.piles}
        rest: list[str] = []
        for s, suit in enumerate("CSHD"):
            up, down = (rng.randint(8, 12), rng.randint(8, 12)) if s < 2 else (13, 13)
            piles[f"f{1 + s}"] = [suit + r for r in RANKS[:up]]
            piles[f"f{5 + s}"] = [suit + r for r in RANKS[::-1][:down]]
            rest += [suit + r for r in RANKS[up:]] + [suit + r for r in RANKS[:13 - down]]
        rng.shuffle(rest)
        for c in range(rng.randint(0, 3)):
            if rest:
                piles[f"c{c + 1}"] = [rest.pop()]
        z = 1
        while rest:
            walk = [rest.pop()]
            while rng.random() < 0.75:
                nxt = [c for c in rest if c[0] == walk[-1][0] and abs(
                    RANKS.index(c[1]) - RANKS.index(walk[-1][1])) == 1]
                if not nxt:
                    break
                walk.append(rng.choice(nxt))
                rest.remove(walk[-1])
            piles[f"z{z}"] = walk
            z += 1
        state = state.model_copy(update={"piles": piles, "redeals": 3, "flags": {}})
        position = (tuple(sorted((k, tuple(v)) for k, v in piles.items())), "", 3, ())
        game, pos = fast(state)
        line = zs.building_line(game, pos)
        truth = engine_wins(state.rules, position)
        assert (line is not None) == truth
        if line is not None:
            assert replays_to_a_win(state, tuple(zs.action(game, m) for m in line))
        outcomes[truth] += 1
    assert outcomes[True] >= 10 and outcomes[False] >= 10, outcomes


@pytest.mark.parametrize("seven", ["packet", "cell"])
def test_a_card_home_is_not_taken_alone_where_its_twin_is_needed_first(seven: str) -> None:
    """Both clubs' foundations want the 7; one 7 lies under the 6 the kings' foundation takes
    after its 7, so the other 7 must go there, not up: a 7 on a packet or in a cell is no safe
    move home here (the aces' foundation must wait for the buried one)."""
    state = new("the_zodiac", 1)
    piles: dict[str, list[str]] = {k: [] for k in state.piles}
    for s, suit in enumerate("CSHD"):
        up, down = (6, 6) if suit == "C" else (13, 13)
        piles[f"f{1 + s}"] = [suit + r for r in RANKS[:up]]
        piles[f"f{5 + s}"] = [suit + r for r in RANKS[::-1][:down]]
    piles["z2"] = ["C7", "C6"]
    piles["z1" if seven == "packet" else "c8"] = ["C7"]
    for i, card in enumerate(["C8", "C9", "CT", "CJ", "CQ", "CK", "C5"]):
        piles[f"c{i + 1}"] = [card]
    for i, card in enumerate(["C4", "C3", "C2", "CA"]):
        piles[f"z{i + 3}"] = [card]
    state = state.model_copy(update={"piles": piles, "redeals": 3, "flags": {}})
    position = (tuple(sorted((k, tuple(v)) for k, v in piles.items())), "", 3, ())
    game, pos = fast(state)
    line = zs.building_line(game, pos)
    assert line is not None and engine_wins(state.rules, position)
    assert replays_to_a_win(state, tuple(zs.action(game, m) for m in line))
