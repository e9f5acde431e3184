"""Solo sessions: a game one person plays alone (patience), opened and dealt in one step.

A solo table is keyed by its player's channel (their DM with the bot): no lobby, no AI, no turn
timer that plays for the player. Instead an idle expiry gives the game up after a long silence,
the table's clock gives the result its time, and the player may take moves back (undo), which
the action log records as ``undo`` so the log still rebuilds the snapshot.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.games import registry
from bot.games.base import Action, Advice, Game, GameError, Options, Solution, State
from bot.i18n import N_
from bot.service.ai import AIPool
from bot.service.errors import BadOptions, IllegalMove, NotAllowed, NotSeated, StaleAction
from bot.service.models import (
    ActResult,
    SeatInfo,
    SoloLadderRow,
    SolutionStep,
    TableInfo,
    TableStatus,
    TableUpdate,
    VariantStats,
)
from bot.store import ChannelTaken, SeatRow

if TYPE_CHECKING:
    from bot.service.live import _Live
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

UNDO = "undo"
"""The log's word for a move taken back (never a game's own action kind)."""
GIVE_UP = "resign"
"""The action a solo game offers for giving up; the service applies it for an idle expiry."""


def replay(game: Game, players: int, opts: Options, seed: int, actions: Sequence[str]) -> State:
    """The state that ``new(seed)`` plus the logged actions make, ``undo`` taking one back."""
    states = [game.new(players, opts, seed)]
    for text in actions:
        if text == UNDO:
            if len(states) > 1:
                states.pop()
            continue
        state, _ = states[-1].apply(states[-1].to_act[0], text)
        states.append(state)
    return states[-1]


AUTO_MAX = 250
"""Safe moves one Auto click may make (more than any pack has cards)."""
ADVICE_LIMIT_S = 10.0
"""How long a hint may think (in a worker process, or a thread) before the player is told so."""


def advise_job(game_key: str, state_json: str) -> Advice | None:
    """A hint, computed where the service sends it (a worker process: picklable by name)."""
    game = registry.get(game_key)
    return game.advise(game.load(state_json))


SOLUTION_LIMIT_S = 60.0
"""How long "show me a solution" may search (once per game: the line is kept)."""


def solution_job(game_key: str, preset: str, options: dict[str, Any], seed: int
                 ) -> Solution | None:
    """A deal's solution (a worker process's job: picklable by name)."""
    game = registry.get(game_key)
    return game.solution(game.options(preset, **options), seed)


SOLUTIONS_KEPT = 16
"""Solution lines kept replayed in memory (a line of hundreds of moves is stepped through one
click at a time; replaying it at every click would hold the event loop)."""


def _positions(game: Game, options: Options, seed: int, line: Sequence[str]) -> list[State]:
    """The deal and the position after each move of ``line``."""
    states = [game.new(1, options, seed)]
    for action in line:
        states.append(states[-1].apply(0, action)[0])
    return states


DAILY_LIMIT_S = 120.0
"""How long the day's deal may be searched for (once a day per game) before the plain one:
about three times the most CPU seconds one took in the bench (`bench.patience_solver
--daily`), so a busy machine still finishes the search."""


def daily_job(game_key: str, variant: str, day: str) -> tuple[int, bool]:
    """The game's own daily deal (a worker process's job: picklable by name)."""
    own = registry.get(game_key).daily_deal  # type: ignore[attr-defined]
    seed, proven = own(variant, date.fromisoformat(day))
    return int(seed), bool(proven)


def daily_seed(game_key: str, variant: str, day: date) -> int:
    """The plain deal of the day: the same number for everyone, on every machine, for that
    date (a game with a ``daily_deal`` method may prefer one it proved winnable: `daily`)."""
    digest = hashlib.sha256(f"{game_key}:{variant}:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 1_000_000_000


def variant_stats(preset: str, results: Sequence[Any]) -> VariantStats:
    """Played, won, streaks and bests from one variant's results, oldest first."""
    streak = best = 0
    for r in results:
        streak = streak + 1 if r.won else 0
        best = max(best, streak)
    wins = [r for r in results if r.won]
    moves = [r.moves for r in wins if r.moves is not None]
    seconds = [r.seconds for r in wins if r.seconds is not None]
    return VariantStats(
        preset=preset, played=len(results), won=len(wins), streak=streak, best_streak=best,
        fewest_moves=min(moves, default=None), best_seconds=min(seconds, default=None),
    )


def solo_game(game_key: str) -> Game:
    """The game for ``game_key`` if it is played alone, else a refusal saying so."""
    try:
        game = registry.get(game_key)
    except GameError as exc:
        raise BadOptions(str(exc)) from None
    if game.traits.mode != "solo":
        raise BadOptions(f"{game.title} is played at a table, not alone.")
    return game


class SoloSessions:
    """The solo half of `TableService` (mixed in): open, undo, give up, idle expiry."""

    solo_idle_s: float = 7 * 24 * 3600
    """A solo game nobody touched for this long is given up (its table frees the channel)."""

    async def open_solo(
        self: TableService,
        *,
        game_key: str,
        channel_id: int,
        user_id: int,
        name: str,
        preset: str | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        guild_id: int | None = None,
    ) -> TableInfo:
        """Deal a new solo game in ``channel_id`` for ``user_id`` and return it, playing.

        A game still open in that channel is the player's own earlier one: it is given up first
        (a loss once a move was made, else closed without a result), as starting a new deal
        abandons the old one in every patience program.
        """
        self._check_running()
        if seed is not None and not 0 <= seed < 2**63:
            raise BadOptions(N_("A seed is a whole number from 0 to 2^63 - 1."))
        game = solo_game(game_key)
        try:
            opts = game.options(preset, **(options or {}))
            state = game.new(1, opts, secrets.randbits(63) if seed is None else seed)
        except GameError as exc:
            raise BadOptions(str(exc)) from None
        async with self._create_lock:
            existing = await self.table_in_channel(channel_id)
            if existing is not None:
                if existing.host_id != user_id or existing.players != 1:
                    raise NotAllowed(N_("This channel already has an open table."))
                await self.give_up(existing.id, user_id, replaced=True)
            try:
                row = await self.store.create_table(
                    guild_id=guild_id, channel_id=channel_id, game_key=game_key,
                    preset=opts.preset, options=dict(options or {}), players=1,
                    host=SeatRow(0, user_id, name), seed=state.seed, lobby_deadline=None,
                    status="playing", state=state.model_dump_json(),
                    turn_deadline=self._idle_deadline(),
                )
            except ChannelTaken:
                raise NotAllowed(N_("This channel already has an open table.")) from None
            live = self._make_live(row)
            self._live[row.id] = live
            self._arm(live)
        self._enqueue(TableUpdate(table=live.info, reason="started", actor_seat=0))
        return live.info

    async def daily(self: TableService, game_key: str, variant: str, day: date, *,
                    pool: AIPool | None = None) -> tuple[int, bool]:
        """The deal of ``day`` for ``variant`` and whether it is proved winnable: the game's
        own choice (``daily_deal``, e.g. the patience solver's), worked out once, off the event
        loop, and kept in the settings so every player gets the same; else `daily_seed`.
        Asked again while it is being worked out (two players, or `prepare_dailies`), the
        second waits for the same work. ``pool``: where to work it out (default: the AI
        pool, or a thread without one)."""
        key = f"{game_key}:{variant}:{day.isoformat()}"
        kept = await self.store.get_setting("daily", 0, key)
        if kept is not None:
            return int(kept["seed"]), bool(kept["proven"])
        job = self._daily_jobs.get(key)
        if job is None:
            job = asyncio.ensure_future(
                self._work_out_daily(key, game_key, variant, day, pool or self._pool()))
            self._daily_jobs[key] = job
            job.add_done_callback(lambda _: self._daily_jobs.pop(key, None))
        return await asyncio.shield(job)

    async def prepare_dailies(self: TableService, days_ahead: int = 1, *,
                              pool: AIPool | None = None) -> int:
        """Work out today's and the next ``days_ahead`` days' deals of every variant of every
        game that chooses its own, one after the other, so no player waits for one (the first
        request of a day could think for seconds). How many were worked out now."""
        today = self.clock.now().date()
        done = 0
        for game_key in registry.keys():  # noqa: SIM118 - the registry's function
            game = registry.get(game_key)
            if not hasattr(game, "daily_deal"):
                continue
            for ahead in range(days_ahead + 1):
                day = today + timedelta(days=ahead)
                for variant in game.variants():
                    if self._closing:
                        return done
                    key = f"{game_key}:{variant.id}:{day.isoformat()}"
                    if await self.store.get_setting("daily", 0, key) is None:
                        await self.daily(game_key, variant.id, day, pool=pool)
                        done += 1
        return done

    async def _dailies_ahead(self: TableService) -> None:
        """`prepare_dailies` now and a few minutes after each UTC midnight, until closed, in a
        worker process of its own (the AI's workers stay free for the tables' moves), or in a
        thread where the service thinks in threads (``ai_processes=0``)."""
        pool = AIPool(1) if self.ai_processes > 0 else None
        try:
            await self._prepare_dailies_daily(pool)
        finally:
            if pool is not None:
                pool.close()

    async def _prepare_dailies_daily(self: TableService, pool: AIPool | None) -> None:
        while not self._closing:
            try:
                done = await self.prepare_dailies(pool=pool)
                if done:
                    log.info("worked out %d daily deal(s) ahead", done)
            except Exception:
                log.exception("working out the daily deals ahead failed; tried again tomorrow")
            now = self.clock.now()
            tomorrow = (now + timedelta(days=1)).replace(hour=0, minute=5, second=0,
                                                         microsecond=0)
            await self.clock.sleep((tomorrow - now).total_seconds())

    async def _work_out_daily(self: TableService, key: str, game_key: str, variant: str,
                              day: date, pool: AIPool | None) -> tuple[int, bool]:
        deal = (daily_seed(game_key, variant, day), False)
        if hasattr(registry.get(game_key), "daily_deal"):
            job = (game_key, variant, day.isoformat())
            try:
                if pool is not None:
                    deal = await pool.call(daily_job, *job, limit_s=DAILY_LIMIT_S)
                else:
                    deal = await asyncio.wait_for(asyncio.to_thread(daily_job, *job),
                                                  DAILY_LIMIT_S)
            except TimeoutError:
                pass  # the plain deal of the day, not known to be winnable
        # The first deal recorded stays: another process (shard) may have worked it out too.
        kept = await self.store.add_setting("daily", 0, key,
                                            {"seed": deal[0], "proven": deal[1]})
        return int(kept["seed"]), bool(kept["proven"])

    async def solo_stats(
        self: TableService, game_key: str, user_id: int, preset: str | None = None
    ) -> list[VariantStats]:
        """A player's record per variant of a solo game, most played first."""
        by_preset: dict[str, list[Any]] = {}
        for row in await self.store.solo_results(game_key, user_id, preset):
            by_preset.setdefault(row.preset, []).append(row)
        stats = [variant_stats(p, rows) for p, rows in by_preset.items()]
        return sorted(stats, key=lambda v: (-v.played, v.preset))

    async def solo_leaderboard(
        self: TableService, game_key: str, preset: str, *, seed: int | None = None,
        limit: int = 10, offset: int = 0,
    ) -> list[SoloLadderRow]:
        """A variant's ladder (one deal's when ``seed`` is given): most wins, fewest moves,
        fastest; one page of it from ``offset``."""
        rows = await self.store.solo_ladder(game_key, preset, seed=seed, limit=limit,
                                            offset=offset)
        return [
            SoloLadderRow(user_id=u, name=n, games=g, wins=w, fewest_moves=m, best_seconds=t)
            for u, n, g, w, m, t in rows
        ]

    async def solo_ladder_size(self: TableService, game_key: str, preset: str, *,
                               seed: int | None = None) -> int:
        """How many players `solo_leaderboard` pages through."""
        return await self.store.solo_ladder_size(game_key, preset, seed=seed)

    async def advise(self: TableService, table_id: int, user_id: int) -> Advice | None:
        """A move to suggest to the player (the game's own `advise`, e.g. the patience
        solver), thought out in the AI's worker processes or a thread, never on the event
        loop; None for a game that gives no hints."""
        live = await self._live_for(table_id)
        info = self._solo_turn(live, table_id, user_id, None)
        if type(live.game).advise is Game.advise:
            return None
        assert info.state is not None
        job = (info.game_key, info.state.model_dump_json())
        pool = self._pool()
        try:
            if pool is not None:
                return await pool.call(advise_job, *job, limit_s=ADVICE_LIMIT_S)
            return await asyncio.wait_for(asyncio.to_thread(advise_job, *job), ADVICE_LIMIT_S)
        except TimeoutError:
            return Advice(action=None, note="I could not think of a move in time; try again.")

    async def solution(self: TableService, table_id: int, user_id: int, step: int
                       ) -> SolutionStep | None:
        """Position ``step`` of the winning line of a finished game's deal, searched once (off
        the event loop, with a limit) and kept; None for a game that shows no solutions. A
        step past either end shows that end."""
        info = await self.get(table_id)
        game = registry.get(info.game_key)
        if info.seat_of(user_id) is None:
            raise NotSeated(N_("This is someone else's game."))
        if info.is_open:
            raise NotAllowed(N_("A solution is shown once the game is over (Give up ends it)."))
        if type(game).solution is Game.solution:
            return None
        kept = await self.store.get_setting("solution", table_id, "line")
        if kept is None:
            job = self._solution_jobs.get(table_id)
            if job is None:
                job = asyncio.ensure_future(self._find_solution(info))
                self._solution_jobs[table_id] = job
                job.add_done_callback(lambda _: self._solution_jobs.pop(table_id, None))
            kept = await asyncio.shield(job)
        line, note = list(kept["line"]), str(kept["note"])
        step = max(0, min(step, len(line)))
        states = self._solution_states.get(table_id)
        if states is None or len(states) != len(line) + 1:
            opts = game.options(info.preset, **info.options)
            states = await asyncio.to_thread(_positions, game, opts, info.seed, line)
            self._solution_states[table_id] = states
            while len(self._solution_states) > SOLUTIONS_KEPT:
                self._solution_states.pop(next(iter(self._solution_states)))
        return SolutionStep(step=step, total=len(line), view=states[step].view(0),
                            move=line[step - 1] if step else None,
                            before=states[step - 1].view(0) if step else None, note=note)

    async def _find_solution(self: TableService, info: TableInfo) -> dict[str, Any]:
        job = (info.game_key, info.preset, dict(info.options), info.seed)
        pool = self._pool()
        try:
            if pool is not None:
                found = await pool.call(solution_job, *job, limit_s=SOLUTION_LIMIT_S)
            else:
                found = await asyncio.wait_for(asyncio.to_thread(solution_job, *job),
                                               SOLUTION_LIMIT_S)
        except TimeoutError:
            # Not kept: asked again later, the search may have the machine to itself.
            return {"line": [], "note": "The solver could not finish in time; try again later."}
        kept = {"line": list(found.line) if found else [], "note": found.note if found else ""}
        await self.store.set_setting("solution", info.id, "line", kept)
        return kept

    async def auto(self: TableService, table_id: int, user_id: int, *, version: int | None
                   ) -> ActResult:
        """Make every move the game calls safe (`Game.auto_move`), each logged like a click,
        until none is left; refused when there is none now."""
        live = await self._live_for(table_id)
        table = self._solo_turn(live, table_id, user_id, version)
        events = []
        moved = False
        for _ in range(AUTO_MAX):
            state = table.state
            move = live.game.auto_move(state) if state is not None and not state.is_over else None
            if move is None:
                break
            result = await self.act(table_id, user_id, str(move), version=table.version)
            table, moved = result.table, True
            events.extend(result.events)
        if not moved:
            raise IllegalMove(N_("No card can go to the foundations safely now."))
        return ActResult(table=table, events=events)

    async def undo(self: TableService, table_id: int, user_id: int, *, version: int | None
                   ) -> ActResult:
        """Take back the player's last move (a solo game's feature; the log keeps both)."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._solo_turn(live, table_id, user_id, version)
            logged = [row.action for row in await self.store.actions(table_id)]
            if _effective(logged) == 0:
                raise IllegalMove(N_("There is no move to take back."))
            try:
                state = replay(live.game, 1, live.opts, info.seed, [*logged, UNDO])
            except (GameError, IndexError) as exc:  # a log the rules no longer accept
                raise NotAllowed(f"This game cannot go back: {exc}") from None
            done = await self._commit(
                live, info.model_copy(update={"state": state}), reason="undo",
                actor_seat=0, logged=(0, user_id, UNDO, "human"), fresh_deadline=True,
            )
        return ActResult(table=done, events=[])

    async def give_up(
        self: TableService, table_id: int, user_id: int, *, replaced: bool = False
    ) -> TableInfo:
        """End a solo game as lost (its ``resign`` action), or close it unplayed."""
        live = await self._live_for(table_id)
        async with live.lock:
            info = self._solo_turn(live, table_id, user_id, None)
            return await self._end_solo(live, info, user_id, replaced=replaced)

    async def _end_solo(
        self: TableService, live: _Live, info: TableInfo, user_id: int | None, *,
        replaced: bool = False, idle: bool = False,
    ) -> TableInfo:
        state = info.state
        assert state is not None
        why = ("A new deal replaced it." if replaced
               else "Nobody played it for a long time." if idle else None)
        if await self.store.actions(info.id) or not (replaced or idle):
            give_up = Action.parse(GIVE_UP)
            if give_up not in state.legal_actions(0):
                raise NotAllowed(N_("This game cannot be given up now."))
            new_state, events = state.apply(0, give_up)
            return await self._commit(
                live, info.model_copy(update={"state": new_state}), reason="action",
                events=events, actor_seat=0, notice=why,
                logged=(0, user_id, GIVE_UP, "timeout" if idle else "human"),
            )
        closed = info.model_copy(update={"status": TableStatus.ABORTED})
        return await self._commit(
            live, closed, reason="expired" if idle else "aborted", actor_seat=0,
            end_reason="expired" if idle else "replaced", notice=why,
        )

    async def _solo_idle(self: TableService, live: _Live, version: int) -> None:
        """The idle deadline of a solo game passed: give it up (never play it for anyone)."""
        async with live.lock:
            info = live.info
            if self._closing or self._live.get(info.id) is not live or info.version != version:
                return
            if info.status is not TableStatus.PLAYING or info.state is None:
                return
            await self._end_solo(live, info, None, idle=True)

    def _solo_turn(
        self: TableService, live: _Live, table_id: int, user_id: int, version: int | None
    ) -> TableInfo:
        info = self._current(live, table_id)
        if live.game.traits.mode != "solo":
            raise NotAllowed(N_("Only a game played alone can take moves back."))
        if info.status is not TableStatus.PLAYING or info.state is None:
            raise NotAllowed(N_("The game has not started yet."))
        if version is not None and version != info.version:
            raise StaleAction()
        if info.seat_of(user_id) is None:
            raise NotSeated(N_("This is someone else's game."))
        return info

    def _idle_deadline(self: TableService) -> datetime:
        return self.clock.now() + timedelta(seconds=self.solo_idle_s)


def _effective(actions: Sequence[str]) -> int:
    """How many moves stand once every ``undo`` has taken one back."""
    count = 0
    for text in actions:
        count = max(0, count - 1) if text == UNDO else count + 1
    return count


def solo_seat(info: TableInfo) -> SeatInfo | None:
    return info.seats[0] if info.players == 1 and info.seats else None


__all__ = [
    "GIVE_UP", "UNDO", "SoloSessions", "daily_seed", "replay", "solo_game", "solo_seat",
    "variant_stats",
]
