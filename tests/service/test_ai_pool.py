"""AI moves through the process pool: same answers as threads, the seat's view only, and a dead,
runaway or closed pool never stalls a table."""

from __future__ import annotations

import asyncio
import os
import pickle
import random
import signal
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.games import registry
from bot.games.base import Action, Game, View
from bot.games.euchre import ai as euchre_ai
from bot.games.skat import ai as skat_ai
from bot.service import ai
from bot.service.ai import AIPool, choose_move, thinking
from tests.processes import gone, until
from tests.service import toygame
from tests.service.conftest import Harness, Recorder

BIG_BUDGET_MS = 5000
"""A budget whose hard limit (25 s) only stops a hang: the AIs sample a fixed number of deals
here (`_fixed_samples`), so their answer does not depend on how fast the machine is."""


class SlowGame(toygame.ToyGame):
    """The toy game, but its AI dawdles ``budget_ms`` (so a test can catch a move in a worker)."""

    key = "slowtoy"

    def choose(
        self, view: View, legal: Sequence[Action], rng: random.Random, budget_ms: int
    ) -> Action:
        time.sleep(budget_ms / 1000)
        return legal[0]


GAME = SlowGame()
"""Found by the worker through this module (``Thinking.module``), as a run-time game is."""

GENEROUS_LIMIT_S = 30.0
"""A hard limit no quick move misses, however loaded the machine: only a hang reaches it."""

_REAL_WARM = ai._warm


def _fix_samples() -> None:
    """Euchre and Skat sample as many deals as the budget-free AI would (their caps), never
    fewer because the clock ran: the same answer in a thread and in a busy worker."""
    euchre_ai.SAMPLES = euchre_ai.MAX_SAMPLES
    skat_ai.SAMPLES = skat_ai.MAX_SAMPLES


def _warm_with_fixed_samples() -> None:
    """A worker initialiser (pickled by name): the usual start, then `_fix_samples`."""
    _REAL_WARM()
    _fix_samples()


@pytest.fixture
async def pool() -> AsyncIterator[AIPool]:
    p = AIPool(1)
    try:
        yield p
    finally:
        p.close()


@pytest.fixture
def slow_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._MODULES, "slowtoy", __name__)
    registry.get.cache_clear()


def _positions(key: str, games: int, per_game: int) -> list[tuple[Game, object, int]]:
    """Positions with a real choice from random play-outs, spread over each game."""
    game = registry.get(key)
    found = []
    for seed in range(games):
        state = game.new(game.default_players, game.options(), seed=seed)
        rng = random.Random(seed)
        picks: list[tuple[Game, object, int]] = []
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                picks.append((game, state, seat))
            state, _ = state.apply(seat, rng.choice(legal))
        found += random.Random(seed).sample(picks, min(per_game, len(picks)))
    return found


def _handed_to_worker(pool: AIPool) -> bool:
    """The pool's workers are up, so the move waiting for them has been submitted to one (the
    pool submits in the same step as it marks them ready)."""
    current = pool._current
    return current is not None and current.ready


@pytest.mark.parametrize("key", ["euchre", "skat"])
async def test_pool_and_threads_choose_the_same_move(
    pool: AIPool, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(euchre_ai, "SAMPLES", euchre_ai.MAX_SAMPLES)  # as _fix_samples, here
    monkeypatch.setattr(skat_ai, "SAMPLES", skat_ai.MAX_SAMPLES)
    monkeypatch.setattr(ai, "_warm", _warm_with_fixed_samples)  # and in the worker
    positions = _positions(key, games=3, per_game=6)
    assert len(positions) >= 12
    for index, (game, state, seat) in enumerate(positions):
        kw = {"seed": 1000 + index, "version": index, "budget_ms": BIG_BUDGET_MS}
        in_thread = await choose_move(game, state, seat, **kw)  # type: ignore[arg-type]
        in_worker = await choose_move(game, state, seat, pool=pool, **kw)  # type: ignore[arg-type]
        assert in_worker == in_thread
        assert in_worker[1] == "ai"
    assert pool.replaced == 0


def test_the_payload_holds_the_seats_view_and_nothing_hidden() -> None:
    game = registry.get("euchre")
    checked = 0
    for game, state, seat in _positions("euchre", games=4, per_game=8):
        legal = state.legal_actions(seat)  # type: ignore[attr-defined]
        job = thinking(game, state, seat, legal, seed=1, version=2, budget_ms=50)  # type: ignore[arg-type]
        assert job.view == state.view(seat)  # type: ignore[attr-defined]
        assert job.view.seat == seat
        wire = pickle.loads(pickle.dumps(job))
        assert wire == job
        text = wire.view.model_dump_json(exclude={"last_hand"})  # last deal's cards are public
        for other, hand in enumerate(state.hands):  # type: ignore[attr-defined]
            if other == seat:
                continue
            for card in hand:
                if card != wire.view.turn_up:  # the turned card is public wherever it went
                    assert f'"{card}"' not in text, (seat, other, card)
                    checked += 1
    assert checked > 100


async def test_a_killed_worker_gives_a_fallback_move_and_fresh_workers(
    pool: AIPool, slow_registered: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The kill breaks the move, not a limit; the fresh worker's quick move must not miss one
    # either (a niced worker on a loaded machine can take over a second to answer).
    monkeypatch.setattr(ai, "hard_limit_s", lambda budget_ms: GENEROUS_LIMIT_S)
    state = GAME.new(2, GAME.options(), seed=3)
    move = asyncio.create_task(
        choose_move(GAME, state, 0, seed=7, version=1, budget_ms=60_000, pool=pool)
    )
    await until(lambda: _handed_to_worker(pool))
    first = pool.pids()
    for pid in first:
        os.kill(pid, signal.SIGKILL)
    action, how = await asyncio.wait_for(move, 20)
    assert how == "fallback"
    assert action in state.legal_actions(0)
    assert pool.replaced == 1
    again = await choose_move(GAME, state, 0, seed=7, version=1, budget_ms=10, pool=pool)
    assert again == (state.legal_actions(0)[0], "ai")
    assert pool.pids() and not set(pool.pids()) & set(first)


async def test_a_runaway_move_falls_back_and_its_worker_is_killed(
    pool: AIPool, slow_registered: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        ai, "hard_limit_s", lambda budget_ms: 0.5 if budget_ms > 1000 else GENEROUS_LIMIT_S
    )
    state = GAME.new(2, GAME.options(), seed=3)
    move = asyncio.create_task(
        choose_move(GAME, state, 0, seed=7, version=1, budget_ms=60_000, pool=pool)
    )
    await until(lambda: _handed_to_worker(pool))
    runaway = pool.pids()  # the sixty-second move's worker
    action, how = await move
    assert how == "fallback" and action in state.legal_actions(0)
    assert pool.replaced == 1
    again = await choose_move(GAME, state, 0, seed=7, version=1, budget_ms=10, pool=pool)
    assert again[1] == "ai"
    assert runaway and not set(pool.pids()) & set(runaway)
    await until(lambda: all(gone(pid) for pid in runaway))  # killed after its grace


async def test_an_ai_error_in_the_worker_falls_back(pool: AIPool) -> None:
    game = registry.get("euchre")
    state = game.new(4, game.options(), seed=1)
    seat = state.to_act[0]
    # The toy AI asserts it is given a toy view; here it gets a Euchre one and raises.
    action, how = await choose_move(toygame.GAME, _Fake(state), seat, seed=1, version=0,
                                    budget_ms=10, pool=pool)  # type: ignore[arg-type]
    assert how == "fallback" and action in state.legal_actions(seat)
    assert pool.replaced == 0  # an AI's exception is not a broken pool


class _Fake:
    """A state whose legal moves and view come from Euchre but is played as the toy game."""

    def __init__(self, state: object) -> None:
        self._state = state

    def legal_actions(self, seat: int) -> list[Action]:
        return self._state.legal_actions(seat)  # type: ignore[attr-defined,no-any-return]

    def view(self, seat: int) -> View:
        return self._state.view(seat)  # type: ignore[attr-defined,no-any-return]

    def normalise(self, action: Action) -> Action:
        return action


async def _play_toy(harness: Harness, **kw: object) -> list[tuple[int, str, str]]:
    svc, _ = await harness.open(**kw)
    info = await svc.create(game_key="toy", channel_id=1, guild_id=7, host_id=1,
                            host_name="Ann", players=4, options={"pile": 40}, seed=4242)
    info = await svc.start_game(info.id, 1, fill_with_ai=True)
    while True:
        await svc.settle(info.id)
        info = await svc.get(info.id)
        if not info.is_open:
            break
        await svc.act(info.id, 1, info.state.legal_actions(0)[-1].__str__(),  # type: ignore[union-attr]
                      version=info.version)
    log = [(a.seat, a.action, a.reason) for a in await svc.store.actions(info.id)]
    await svc.close()
    harness.services.remove(svc)
    return log


async def test_a_table_plays_the_same_game_in_workers_as_in_threads(
    harness: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A move past its limit would be a random fallback and the games would differ.
    monkeypatch.setattr(ai, "hard_limit_s", lambda budget_ms: GENEROUS_LIMIT_S)
    in_threads = await _play_toy(harness, ai_processes=0)
    other = Harness(tmp_path / "other.sqlite3")
    in_workers = await _play_toy(other, ai_processes=1)
    assert in_workers == in_threads
    assert sum(1 for _, _, source in in_workers if source == "ai") >= 6
    assert ai._shared is None  # the last service to close shut the shared pool down


async def test_close_with_a_move_in_a_worker_returns_promptly_and_kills_it(
    harness: Harness, slow_registered: None
) -> None:
    svc, rec = await harness.open(ai_processes=1, ai_budget_ms=60_000)
    assert isinstance(rec, Recorder)
    info = await svc.create(game_key="slowtoy", channel_id=1, guild_id=7, host_id=1,
                            host_name="Ann", players=2, options={"pile": 30})
    await svc.start_game(info.id, 1, fill_with_ai=True)
    info = await svc.get(info.id)
    if info.state is not None and 0 in info.state.to_act:  # the human first: hand over
        await svc.act(info.id, 1, "take:1", version=info.version)
    shared = ai._shared
    assert shared is not None
    await until(lambda: _handed_to_worker(shared))  # the AI's sixty-second move
    workers = shared.pids()
    await asyncio.wait_for(svc.close(), 10)  # a hang guard, far below the move's minute
    harness.services.remove(svc)
    assert ai._shared is None
    await until(lambda: all(gone(pid) for pid in workers))
    state = GAME.new(2, GAME.options(), seed=3)  # a straggler starts no new workers
    late = await choose_move(GAME, state, 0, seed=1, version=1, budget_ms=10, pool=shared)
    assert late[1] == "fallback" and shared.pids() == []


async def test_workers_yield_the_cpu_to_the_event_loop(pool: AIPool) -> None:
    await asyncio.gather(*(asyncio.wrap_future(f) for f in pool.warm()))
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    if mine >= 19:
        pytest.skip("this process already runs at the lowest priority")
    assert pool.pids()
    for pid in pool.pids():
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, mine + ai.WORKER_NICENESS)


SLOW_START_LIMIT_S = 3.0
"""The move's limit in the slow-start test: far more than the toy move needs once the worker
is up, and less than the start-up takes (a sleep lasts at least as long as asked)."""


def _slow_start() -> None:
    """A worker initialiser that takes its time (a cold machine importing the games)."""
    time.sleep(SLOW_START_LIMIT_S + 0.5)


async def test_a_slow_worker_start_does_not_count_against_the_first_move(
    monkeypatch: pytest.MonkeyPatch, pool: AIPool
) -> None:
    monkeypatch.setattr(ai, "_warm", _slow_start)  # pickled by name: the worker runs it
    monkeypatch.setattr(ai, "hard_limit_s", lambda budget_ms: SLOW_START_LIMIT_S)
    state = toygame.GAME.new(2, toygame.GAME.options(), seed=3)
    expected, _ = await choose_move(toygame.GAME, state, 0, seed=5, version=1, budget_ms=10)
    in_worker = await choose_move(toygame.GAME, state, 0, seed=5, version=1, budget_ms=10,
                                  pool=pool)
    assert in_worker == (expected, "ai")
    assert pool.replaced == 0
