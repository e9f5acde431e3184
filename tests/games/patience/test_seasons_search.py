"""The fast path for The Four Seasons and Simplicity (seasons_search.py): its moves are the
engine's, the positions they reach are the engine's, its lines win through the engine, and its
verdicts agree with a brute-force search through `PatienceState.apply` on small cut-down deals.
Node budgets only."""

from __future__ import annotations

import random

import pytest

from bot.games.patience import PatienceState
from bot.games.patience import seasons_search as ss
from bot.games.patience.solver import search_path, solve
from tests.games.patience.helpers import RANKS, legal, new
from tests.games.patience.test_solver import brute_force_wins, replays_to_a_win

GAMES = ["the_four_seasons", "simplicity"]


def fast(state: PatienceState) -> tuple[ss.SeasonsGame, ss.SeasonsPos]:
    game = ss.seasons_game(state.rules, state.piles, state.base)
    assert game is not None
    return game, ss.position(game, state.piles)


def agrees_with_the_engine(game: ss.SeasonsGame, state: PatienceState) -> None:
    """The moves are the engine's actions, one for one; each reaches the engine's position;
    the search's moves (one space offered) reach every key the engine's reach."""
    pos = ss.position(game, state.piles)
    mine = ss.moves(game, pos)
    actions = [ss.action(game, pos, m) for m in mine]
    assert len(set(actions)) == len(actions)
    assert set(actions) == {a for a in legal(state) if a != "resign"}
    keys = set()
    for move, act in zip(mine, actions, strict=True):
        child, _ = state.apply(0, act)
        reached = ss.play(game, pos, move)
        assert reached == ss.position(game, child.piles), act
        assert ss.won(reached) == (child.status == "won")
        keys.add(ss.key(reached))
    searched = [m for m, _ in ss.ordered(game, pos)]
    assert set(searched) <= set(mine)
    assert {ss.key(ss.play(game, pos, m)) for m in searched} == keys


@pytest.mark.parametrize("variant", GAMES)
def test_moves_and_positions_are_the_engines_along_random_play_outs(variant: str) -> None:
    rng = random.Random(variant)
    seen = {"run": 0, "space": 0, "stock": 0, "home": 0}
    for seed in range(1, 5):
        state = new(variant, seed)
        game, _ = fast(state)  # the deal's stock order, kept along the play-out
        for _ in range(120):
            agrees_with_the_engine(game, state)
            moves = [a for a in legal(state) if a != "resign"]
            if not moves or state.status != "play":
                break
            seen["run"] += any("." in a for a in moves)
            seen["space"] += any(not state.piles[c] for c in game.cell_ids)
            seen["stock"] += any(a.startswith("move:s>") for a in moves)
            seen["home"] += any(">f" in a for a in moves)
            home = [a for a in moves if ">f" in a]
            pick = rng.choice(home if home and rng.random() < 0.7 else moves)
            state, _ = state.apply(0, pick)
    assert all(seen.values()), seen  # each kind of move was met and compared


def test_other_games_are_not_taken() -> None:
    for variant in ("napoleon_at_st_helena", "the_calculation", "nestor", "the_garden"):
        state = new(variant, 1)
        assert ss.seasons_game(state.rules, state.piles, state.base) is None
    for variant in GAMES:
        assert search_path(new(variant, 1)) == "fast"


def test_winning_lines_replay_to_a_win_and_solve_goes_through_the_fast_path(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = ss.search

    def spy(game: ss.SeasonsGame, start: ss.SeasonsPos, budget: int, stop: object
            ) -> object:
        calls.append(game.rules.id)
        return real(game, start, budget, stop)  # type: ignore[arg-type]

    wins = 0
    for variant in GAMES:
        for seed in range(1, 9):
            state = new(variant, seed)
            game, pos = fast(state)
            answer = ss.search(game, pos, 40_000, None)
            if answer.status == "winnable":
                wins += 1
                assert replays_to_a_win(state, answer.line)
    assert wins >= 3
    monkeypatch.setattr(ss, "search", spy)
    for variant in GAMES:
        state = new(variant, 2)
        verdict = solve(state, node_budget=2_000)
        assert calls[-1] == variant
        assert verdict.perfect_knowledge
        if verdict.status == "winnable":
            assert replays_to_a_win(state, verdict.line)


def cut_down(variant: str, rng: random.Random, left: int, stock: int, cells: int
             ) -> PatienceState:
    """A late position: all but ``left`` cards home (the deal's base, each suit as far as it
    goes, hearts the least far), ``stock`` of those in the stock, the rest one onto each of
    the first ``cells`` cells, then at random onto the cells and the talon (a cell's cards
    need not be packed: both searches play such a position alike)."""
    state = new(variant, 1)
    game, _ = fast(state)
    first = RANKS.index(state.base)
    heights = [13] * 4
    for _ in range(left):  # most of them hearts: their order on the talon matters
        heights[rng.choice([s for s in (2, 2, 2, 0, 1, 3) if heights[s]])] -= 1
    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    rest = []
    fids = iter(game.found_ids)
    for s, suit in enumerate(ss.SUITS):
        run = [suit + RANKS[(first + k) % 13] for k in range(13)]
        if heights[s]:
            piles[next(fids)] = run[:heights[s]]
        rest += run[heights[s]:]
    rng.shuffle(rest)
    piles["s"] = rest[:stock]
    for n, card in enumerate(rest[stock:]):
        piles[game.cell_ids[n] if n < cells else rng.choice([*game.cell_ids, "w"])].append(card)
    return state.model_copy(update={"piles": piles, "status": "play"})


def agrees(state: PatienceState, budget: int = 300_000) -> str:
    game, pos = fast(state)
    answer = ss.search(game, pos, budget, None)
    assert answer.status != "undecided"
    assert (answer.status == "winnable") == brute_force_wins(state)
    if answer.status == "winnable":
        assert replays_to_a_win(state, answer.line)
    return answer.status


@pytest.mark.parametrize(("variant", "left", "stock"), [
    ("the_four_seasons", 11, 3),
    ("simplicity", 13, 3),
])
def test_cut_down_verdicts_agree_with_a_brute_force_search(variant: str, left: int,
                                                           stock: int) -> None:
    rng = random.Random(variant)
    cells = len(fast(new(variant, 1))[0].cell_ids)
    for _ in range(6):
        agrees(cut_down(variant, rng, left, stock, cells))


def rigged(cells: list[str], talon: list[str], heights: dict[str, int]) -> PatienceState:
    """A Four Seasons position of the deal's base: each suit home to ``heights`` cards, the
    cells and the talon as given (cards by their place in the foundation's run: ``H11`` is the
    twelfth heart to go home), the stock empty."""
    state = new("the_four_seasons", 1)
    first = RANKS.index(state.base)

    def card(text: str) -> str:
        return text[0] + RANKS[(first + int(text[1:])) % 13]

    piles: dict[str, list[str]] = {pid: [] for pid in state.piles}
    for fid, (suit, h) in zip(("f1", "f2", "f3", "f4"), heights.items(), strict=True):
        piles[fid] = [card(f"{suit}{k}") for k in range(h)]
    for pid, cards in zip(("t1", "t2", "t3", "t4", "t5"), cells, strict=True):
        piles[pid] = [card(c) for c in cards.split()]
    piles["w"] = [card(c) for c in talon]
    return state.model_copy(update={"piles": piles, "status": "play"})


def test_a_blocked_deal_is_proved_lost_and_its_twin_won() -> None:
    """Every last card (``12``: its rank is below the base, whose cards are all home) can go
    only home or into a space, and each lies on its suit's card wanted before it; the fifth
    cell holds two hearts the wrong way round: no cell can ever empty. Turned the right way
    round, the hearts go home, a space opens and everything follows."""
    heights = {"H": 8, "S": 9, "C": 11, "D": 11}
    talon = ["S10", "S9", "H8"]
    blocked = ["H11 H12", "S11 S12", "C11 C12", "D11 D12", "H9 H10"]
    state = rigged(blocked, talon, heights)
    assert agrees(state) == "unwinnable"
    verdict = solve(state, node_budget=10_000)
    assert verdict.status == "unwinnable" and "positions reachable" in verdict.reason
    assert agrees(rigged([*blocked[:4], "H10 H9"], talon, heights)) == "winnable"


def state_of(game: ss.SeasonsGame, like: PatienceState, pos: ss.SeasonsPos) -> PatienceState:
    """The engine's state of a fast-path position (its deal's base and stock order)."""
    cells, heights, gone, talon, fids = pos
    first = RANKS.index(like.base)
    piles: dict[str, list[str]] = {pid: [] for pid in like.piles}
    for s, (h, f) in enumerate(zip(heights, fids, strict=True)):
        if h:
            piles[game.found_ids[f - 1]] = [ss.SUITS[s] + RANKS[(first + k) % 13]
                                            for k in range(h)]
    for pid, cards in zip(game.cell_ids, cells, strict=True):
        piles[pid] = [ss.name(c) for c in cards]
    piles["w"] = [ss.name(c) for c in talon]
    piles["s"] = [ss.name(c) for c in reversed(game.order[gone:])]
    return like.model_copy(update={"piles": piles, "status": "play"})


def test_positions_proved_lost_have_no_win(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position a discrepancy-limited search adds to its lost set is lost by brute
    force (on the blocked deal, its twin and cut-down deals)."""
    heights = {"H": 8, "S": 9, "C": 11, "D": 11}
    talon = ["S10", "S9", "H8"]
    states = [rigged(["H11 H12", "S11 S12", "C11 C12", "D11 D12", "H9 H10"], talon, heights),
              rigged(["H11 H12", "S11 S12", "C11 C12", "H10 D12", "H9 D11"], talon, heights)]
    rng = random.Random("lost")
    states += [cut_down("the_four_seasons", rng, 10, 2, 5) for _ in range(4)]
    proved = 0
    where: dict[bytes, ss.SeasonsPos] = {}
    real = ss.play

    def spy(g: ss.SeasonsGame, pos: ss.SeasonsPos, move: ss.Move) -> ss.SeasonsPos:
        child = real(g, pos, move)
        where[ss.key(child)] = child
        return child

    monkeypatch.setattr(ss, "play", spy)
    for state in states:
        game, start = fast(state)
        where.clear()
        where[ss.key(start)] = start
        for limit in (0, 1):
            lost: set[bytes] = set()
            ss._limited(game, start, limit, 20_000, None, 0, lost)
            for k in lost:
                proved += 1
                assert not brute_force_wins(state_of(game, state, where[k]))
    assert proved
