"""A game's AI for one seat: off the event loop, within a budget, on that seat's view only.

The Euchre and Skat AIs are CPU-bound pure Python. In a thread they hold the GIL while they
search, and every socket call and database hop of the event loop then waits for it
(tests/e2e/FINDINGS.md 5). So the service can think in a process pool instead: one pool per
process, shared by its services, started by the start method ``forkserver`` (never ``fork``:
the parent has threads) with the games imported before the workers fork. ``ai_processes=0``
keeps the thread path (tests, the terminal runner).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.games import registry
from bot.games.base import Action, Game, Seat, State, View, rng_for

log = logging.getLogger(__name__)

AI_LEVELS = ("easy", "normal", "hard")
T = TypeVar("T")


def default_processes() -> int:
    """Two workers at most: the bot itself needs the rest of a small machine."""
    return min(2, os.cpu_count() or 1)


START_LIMIT_S = 30.0
"""How long new workers may take to start (and import the games) before we give up on them."""


def hard_limit_s(budget_ms: int) -> float:
    """How long we wait for ``choose`` before playing a random legal move instead.

    The budget is the AI's own target; the limit is generous on top of it (thread start-up, a
    busy machine) but still bounds how long a table can hang on a misbehaving AI. In the
    process pool it counts from the moment a worker is free for the move, not the queue.
    """
    return max(1.0, 5 * budget_ms / 1000)


@dataclass(frozen=True)
class Thinking:
    """Everything a worker gets for one move: the seat's view, never the state.

    Built in the parent, pickled to the child; the rng is rebuilt there from its seed parts,
    so a move in a worker and a move in a thread see the same random numbers.
    """

    game_key: str
    module: str
    view: View
    legal: tuple[str, ...]
    seed: int
    version: int
    seat: Seat
    budget_ms: int


def thinking(
    game: Game, state: State, seat: Seat, legal: list[Action], *, seed: int, version: int,
    budget_ms: int,
) -> Thinking:
    """The payload for one AI move of ``seat``: its view and legal moves, nothing hidden."""
    return Thinking(
        game_key=game.key, module=type(game).__module__, view=state.view(seat),
        legal=tuple(str(a) for a in legal), seed=seed, version=version, seat=seat,
        budget_ms=budget_ms,
    )


def _game(key: str, module: str) -> Game:
    """The registry's game; a game registered at run time (tests) is found by its module."""
    try:
        return registry.get(key)
    except registry.UnknownGame:
        game = importlib.import_module(module).GAME
        if not isinstance(game, Game) or game.key != key:
            raise
        return game


def think(job: Thinking) -> str:
    """Run the AI for one move (in a worker process or a thread); the answer as text."""
    game = _game(job.game_key, job.module)
    rng = rng_for(job.seed, "ai", job.version, job.seat)
    legal = [Action.parse(a) for a in job.legal]
    return str(game.choose(job.view, legal, rng, job.budget_ms))


WORKER_NICENESS = 10
"""Workers yield the CPU to the bot's event loop: its clicks wait on it, the AI's budget is wall
time (a niced search on a busy machine samples fewer deals, it does not take longer)."""


def _warm() -> None:
    """Worker initialiser: step back for the event loop, import every game now (not during the
    first move)."""
    with contextlib.suppress(OSError):  # not allowed here: run at the parent's priority
        os.nice(WORKER_NICENESS)
    known = registry.keys()
    for key in known:
        try:
            registry.get(key)
        except Exception:  # a broken game must not break the pool; its moves fall back
            log.exception("AI worker could not import game %s", key)


def _ready() -> int:
    return os.getpid()


def _start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


class _Executor:
    """One generation of worker processes. Replaced whole when it breaks or a move runs away."""

    def __init__(self, workers: int) -> None:
        ctx = multiprocessing.get_context(_start_method())
        if ctx.get_start_method() == "forkserver":
            # Imported once in the fork server, so every worker (and every replacement after a
            # crash) starts with the games loaded. Only takes effect before the server starts.
            ctx.set_forkserver_preload(["bot.games.registry", *_game_modules()])
        self.pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_warm)
        self.workers = workers
        self.retired = False
        self.ready = False
        self._warming: list[Future[int]] | None = None

    def warm(self) -> list[Future[int]]:
        """Start every worker now (one task each makes the pool spawn them all); once."""
        if self._warming is None:
            self._warming = [self.pool.submit(_ready) for _ in range(self.workers)]
        return self._warming

    def pids(self) -> list[int]:
        return [p.pid for p in self._processes() if p.pid is not None]

    def _processes(self) -> list[Any]:
        return list((getattr(self.pool, "_processes", None) or {}).values())

    def stop(self, grace_s: float = 0.0) -> None:
        """Stop taking moves; kill the workers at once or after ``grace_s`` (moves already in a
        worker may finish meanwhile). Never blocks."""
        if self.retired:
            return
        self.retired = True
        processes = self._processes()  # shutdown() forgets them
        self.pool.shutdown(wait=False, cancel_futures=True)

        def kill() -> None:
            for process in processes:
                try:
                    if process.is_alive():
                        process.kill()
                except (ValueError, AssertionError, OSError):  # already gone or closed
                    pass

        if grace_s <= 0:
            kill()
            return
        try:
            asyncio.get_running_loop().call_later(grace_s, kill)
        except RuntimeError:  # no loop: nobody would wait for them anyway
            kill()


def _game_modules() -> list[str]:
    known = registry.keys()  # a function of the registry module, not dict.keys()
    return [registry.module_name(key) for key in known]


class AIPool:
    """The process pool AI moves go through, at most ``workers`` at a time.

    Moves wait their turn here (FIFO) rather than in the executor's queue, so the hard limit
    measures thinking, not queueing, and a timed-out move is really a worker that ran away.
    """

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("an AI pool needs at least one worker")
        self.workers = workers
        self._current: _Executor | None = None
        self._slots: asyncio.Semaphore | None = None
        self.users = 0
        self.closed = False
        self.replaced = 0
        """How many times a broken or runaway generation of workers was replaced."""

    def _executor(self) -> _Executor:
        if self.closed:  # a straggler after close() must not start workers nobody will stop
            raise BrokenProcessPool("the AI pool is closed")
        if self._current is None or self._current.retired:
            self._current = _Executor(self.workers)
        return self._current

    def warm(self) -> list[Future[int]]:
        """Start the workers (and import the games in them) before the first move needs them."""
        return self._executor().warm()

    def pids(self) -> list[int]:
        """The worker processes of the current generation (for tests and diagnostics)."""
        return [] if self._current is None else self._current.pids()

    async def _started(self, executor: _Executor) -> None:
        """Wait for a new generation's workers to be up, outside any move's limit: a worker's
        start-up (a fork, the games' imports, the main module's) is not the AI running away."""
        if executor.ready:
            return
        try:
            started = asyncio.gather(*(asyncio.wrap_future(f) for f in executor.warm()))
            await asyncio.wait_for(asyncio.shield(started), START_LIMIT_S)
        except (BrokenProcessPool, RuntimeError, TimeoutError) as exc:
            self._replace(executor, 0)
            raise BrokenProcessPool(f"the AI workers did not start: {exc!r}") from None
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # we are being cancelled (close)
            self._replace(executor, 0)  # the start-up was cancelled: the pool was stopped
            raise BrokenProcessPool("the AI workers were stopped while starting") from None
        executor.ready = True

    def _replace(self, executor: _Executor, grace_s: float) -> None:
        if not executor.retired:
            executor.stop(grace_s)
            self.replaced += 1
        if self._current is executor:
            self._current = None

    async def run(self, job: Thinking, limit_s: float) -> str:
        """The worker's answer, or `TimeoutError` / `BrokenProcessPool` / the AI's exception.

        A worker that dies takes its generation with it (the executor is unusable): the next
        move gets fresh workers. A move past its limit cannot be stopped inside a worker, so
        that generation is retired too, its workers killed once the other moves in them have
        had as long as this one.
        """
        return await self.call(think, job, limit_s=limit_s)

    async def call(self, fn: Callable[..., T], *args: Any, limit_s: float) -> T:
        """``fn(*args)`` in a worker (a picklable module-level function), as `run` does a move:
        the same slots, limit, and replacement of broken or runaway workers."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        async with self._slots:
            executor = self._executor()
            await self._started(executor)
            try:
                future = executor.pool.submit(fn, *args)
            except (BrokenProcessPool, RuntimeError):
                self._replace(executor, 0)
                raise BrokenProcessPool("the AI workers were gone") from None
            try:
                return await asyncio.wait_for(asyncio.wrap_future(future), limit_s)
            except BrokenProcessPool:
                self._replace(executor, 0)
                raise
            except TimeoutError:
                self._replace(executor, limit_s)
                raise

    def close(self) -> None:
        """Kill the workers now (a move in flight is abandoned, not awaited); never blocks."""
        self.closed = True
        if self._current is not None:
            self._current.stop(0)
            self._current = None
        self._slots = None  # a later user may be on another event loop


_shared: AIPool | None = None


def acquire_pool(workers: int) -> AIPool:
    """The process's shared pool (created on first use; its size is the first caller's)."""
    global _shared
    if _shared is None:
        _shared = AIPool(workers)
    elif _shared.workers != workers:
        log.warning("AI pool already has %d workers; %d asked for", _shared.workers, workers)
    _shared.users += 1
    return _shared


def release_pool(pool: AIPool) -> None:
    """One user fewer; the last one shuts the workers down."""
    global _shared
    pool.users = max(0, pool.users - 1)
    if pool.users == 0:
        pool.close()
        if _shared is pool:
            _shared = None


async def choose_move(
    game: Game, state: State, seat: Seat, *, seed: int, version: int, budget_ms: int,
    pool: AIPool | None = None,
) -> tuple[Action, str]:
    """The AI's move for ``seat`` and how it was found ('ai', 'forced', 'fallback').

    The AI gets ``state.view(seat)``, never the state, and an RNG seeded from (table seed,
    version, seat), so the same position at the same moment gets the same answer, in a
    worker process (``pool``) or in a thread. Whatever goes wrong (too slow, an exception, an
    illegal answer, a dead worker) the table gets a random legal move rather than stalling.
    """
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    if len(legal) == 1:
        return legal[0], "forced"
    job = thinking(game, state, seat, legal, seed=seed, version=version, budget_ms=budget_ms)
    limit = hard_limit_s(budget_ms)
    try:
        if pool is None:
            action = await asyncio.wait_for(asyncio.to_thread(think, job), timeout=limit)
        else:
            action = await pool.run(job, limit)
    except TimeoutError:
        log.warning("%s AI took longer than %.1fs; playing a random legal move",
                    game.key, limit)
    except BrokenProcessPool:
        log.error("%s AI worker died; playing a random legal move", game.key)
    except Exception:
        log.exception("%s AI failed; playing a random legal move", game.key)
    else:
        try:
            parsed = state.normalise(Action.parse(action))
        except Exception:
            parsed = None
        if parsed in legal:
            return parsed, "ai"
        log.error("%s AI chose %r, which is not legal; playing a random legal move",
                  game.key, action)
    return rng_for(seed, "fallback", version, seat).choice(legal), "fallback"
