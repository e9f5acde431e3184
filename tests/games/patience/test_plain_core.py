"""The compiled fast path (`_plainc.c`) against the Python search it mirrors (plain.py).

It is the same search move for move, so on any deal a fresh core must give the very answer of
plain.search: the same status, the same number of positions generated and kept, the same
line. That is a stronger check than equal verdicts: a slip in the move order, the safe rule,
the key or the queue shows in the counts even where the verdict survives it.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.games.patience import PatienceState, plain, plain_core
from tests.compiled import require_built
from tests.games.patience.helpers import new
from tests.games.patience.helpers import play as play_actions
from tests.games.patience.test_plain import PLAIN, fast
from tests.games.patience.test_solver import random_states, replays_to_a_win

built = pytest.mark.skipif(not plain_core.native(), reason=(
    "bot.games.patience._plainc did not build (no C compiler at install time): "
    "the Python search is used alone"))


def test_the_core_built_where_a_compiler_is() -> None:
    require_built(plain_core.native(), "bot.games.patience._plainc")


def _walk(game: plain.PlainGame, pos: plain.PlainPos, rng: random.Random,
          steps: int) -> list[plain.PlainPos]:
    """Positions the fast path itself reaches (the merci's mark and dead ends included)."""
    out = [pos]
    for _ in range(steps):
        moves = plain.moves(game, pos)
        if not moves:
            break
        pos = plain.play(game, pos, rng.choice(moves))
        out.append(pos)
    return out


def _positions(variant: str) -> list[tuple[plain.PlainGame, plain.PlainPos]]:
    states: list[PatienceState] = [st for seed in (3, 8) for st in random_states(variant, seed, 30)]
    if new(variant).rules.redeal == "lucie":
        states.append(play_actions(new(variant, 4), "redeal", "redeal"))
    out = []
    rng = random.Random(variant)
    for state in states:
        game, pos = fast(state)
        if state.status == "play" and game is not None and pos is not None:
            out += [(game, p) for p in _walk(game, pos, rng, 25)]
    return out


@built
@pytest.mark.parametrize("variant", PLAIN)
def test_compiled_moves_keys_and_plays_are_plain_pys(variant: str) -> None:
    checked = 0
    marked = 0
    keys: dict[bytes, bytes] = {}
    for game, pos in _positions(variant):
        core = plain_core.compiled(game)
        packed = plain_core.pack(pos)
        steps = [tuple(s) for s in core.moves(packed)]  # type: ignore[attr-defined]
        assert steps == plain.moves(game, pos), variant
        for step in steps:
            after = plain_core.unpack(game, core.play(packed, step))  # type: ignore[attr-defined]
            assert after == plain.play(game, pos, step)
            checked += 1
        marked += pos[2][1] > 1
        # the same positions share a key in C exactly when they do in Python
        ckey, pkey = core.key(packed), plain.key(game, pos)  # type: ignore[attr-defined]
        assert keys.setdefault(ckey, pkey) == pkey
    assert checked > 10
    if game.merci:
        assert marked  # the walk went through the merci's mark
    assert len(set(keys.values())) == len(keys)


@built
@pytest.mark.parametrize("variant", PLAIN)
def test_compiled_search_is_plain_pys_search(variant: str) -> None:
    for seed in range(1, 6):
        game, pos = fast(new(variant, seed))
        assert game is not None and pos is not None
        assert plain_core.search(game, pos, 20_000, None) == plain.search(game, pos, 20_000, None)


@built
@pytest.mark.parametrize(("variant", "seed"), [
    ("the_house_on_the_hill", 3), ("la_belle_lucie", 2), ("the_garden", 1), ("the_phalanx", 1),
    ("the_shamrocks", 3), ("the_citadel", 2), ("penelopes_web", 2)])
def test_compiled_verdicts_and_lines_are_plain_pys(variant: str, seed: int) -> None:
    state = new(variant, seed)
    game, pos = fast(state)
    assert game is not None and pos is not None
    compiled = plain_core.search(game, pos, 60_000, None)
    assert compiled == plain.search(game, pos, 60_000, None)
    assert compiled.status != "undecided"
    if compiled.status == "winnable":
        assert replays_to_a_win(state, compiled.line)


@built
def test_the_stop_is_asked_as_plain_py_asks_it_and_an_error_in_it_comes_through() -> None:
    game, pos = fast(new("the_garden", 2))
    assert game is not None and pos is not None
    answers = []
    for search in (plain.search, plain_core.search):
        asked: list[int] = []

        def stop(asked: list[int] = asked) -> bool:
            asked.append(1)
            return len(asked) >= 3

        answers.append((search(game, pos, 10**9, stop), len(asked)))
    assert answers[0] == answers[1]
    assert answers[1][0].status == "undecided" and answers[1][1] > 2

    def broken() -> bool:
        raise RuntimeError("the clock broke")

    with pytest.raises(RuntimeError, match="clock"):
        plain_core.search(game, pos, 10**9, broken)


@built
def test_the_position_cap_ends_the_search_undecided(monkeypatch: pytest.MonkeyPatch) -> None:
    game, pos = fast(new("the_shamrocks", 2))
    assert game is not None and pos is not None
    monkeypatch.setattr(plain_core, "POSITION_LIMIT", 1000)
    answer = plain_core.search(game, pos, 10**9, None)
    assert answer.status == "undecided" and answer.positions == 1000


@built
def test_bad_positions_and_steps_are_refused() -> None:
    game, pos = fast(new("la_belle_lucie", 1))
    assert game is not None and pos is not None
    core = plain_core.compiled(game)
    packed = plain_core.pack(pos)
    bad_card = packed[:-1] + bytes((0x0E,))
    short = packed[:-1]
    too_many = bytes((14,)) + packed[1:]
    for bad in (bad_card, short, too_many, b""):
        with pytest.raises(ValueError):
            core.moves(bad)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="not a move"):
        core.play(packed, (1, 0, 0))  # type: ignore[attr-defined]
    assert plain_core.unpack(game, packed) == pos  # nothing refused changed anything


@built
def test_searches_in_threads_give_their_own_answers() -> None:
    """The search runs without the GIL: two at once on one game (no shared scratch space)
    answer as each alone does."""
    game, pos = fast(new("the_citadel", 2))
    assert game is not None and pos is not None
    other = plain.play(game, pos, plain.moves(game, pos)[-1])
    alone = [plain_core.search(game, p, 30_000, None) for p in (pos, other)]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(lambda p: plain_core.search(game, p, 30_000, None),
                                 (pos, other)))
    assert together == alone


@built
def test_the_game_cannot_change_under_a_running_search() -> None:
    game, pos = fast(new("the_garden", 2))
    assert game is not None and pos is not None
    core = plain_core.compiled(game)
    refused: list[str] = []

    def stop() -> bool:
        try:
            core.__init__(**plain_core.arguments(game))  # type: ignore[misc]
        except RuntimeError as error:
            refused.append(str(error))
        return True

    plain_core.search(game, pos, 10**9, stop)
    assert refused and "running" in refused[0]
    core.__init__(**plain_core.arguments(game))  # type: ignore[misc]  # fine once it is over


@built
def test_the_probes_run_alike_in_c_and_python_and_one_may_win() -> None:
    """The least budget with probes (a chunk each): The House on the Hill's first deal is won
    by the fourth probe, which neither the depth-first search nor the three before it win."""
    game, pos = fast(new("the_house_on_the_hill", 1))
    assert game is not None and pos is not None
    budget = 32 * plain.CHUNK
    assert plain.probe_budget(budget) == plain.CHUNK
    compiled = plain_core.search(game, pos, budget, None)
    assert compiled == plain.search(game, pos, budget, None)
    assert compiled.status == "winnable"
    before = plain.dfs_budget(budget) + 3 * plain.CHUNK
    assert before < compiled.nodes < before + plain.CHUNK


@built
def test_a_stop_during_a_probe_ends_the_search_alike() -> None:
    game, pos = fast(new("the_garden", 6))
    assert game is not None and pos is not None
    answers = []
    for search in (plain.search, plain_core.search):
        asked: list[int] = []

        def stop(asked: list[int] = asked) -> bool:  # the depth-first search asks 48 times
            asked.append(1)
            return len(asked) >= 52

        answers.append((search(game, pos, 10**9, stop), len(asked)))
    assert answers[0] == answers[1]
    answer = answers[0][0]
    assert answer.status == "undecided" and answer.positions < answer.nodes - plain.DFS_BUDGET
