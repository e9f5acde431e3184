"""History: a user's and a channel's recent finished games, and any finished game replayed.

A replay is rebuilt, deterministically, from what the table keeps: ``game.new(players,
options, seed)`` and the durable action log (``undo`` taking a move back, as solo games log
it). Step ``k`` is the position after the first ``k`` logged moves. Only a *finished* game is
replayed: an open table's replay would show cards still hidden from the table. Each step goes
up as views (the public table, and the asking user's own seat's, if they had one), never as a
state. Deal and trick boundaries are read from the public views, the same way for every game:
a deal starts where its number (``game_no``/``deal_no``/``hand_no``) changes, a trick where a
``trick`` on the table gets its first card.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.games import registry
from bot.games.base import GameError, State, View
from bot.games.words import N_
from bot.service.errors import NotAllowed, NotFinished
from bot.service.models import (
    GameSummary,
    RecentGames,
    ReplayStep,
    SeatInfo,
)
from bot.service.solo import UNDO
from bot.store import ActionRow, TableRow

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

HISTORY_LIMIT = 10
"""Games listed per list (the user's, the channel's)."""
REPLAYS_KEPT = 8
"""Replays kept rebuilt in memory: a viewer clicks through one step at a time, and a long Skat
series is a thousand moves to rebuild (a finished game never changes, so nothing goes stale)."""
DEAL_FIELDS = ("game_no", "deal_no", "hand_no")
"""The view fields whose change starts a new deal (whichever a game's view has)."""


@dataclass(frozen=True)
class Replay:
    """A finished game rebuilt: the state at each step, the move that led to it, and marks."""

    states: list[State]
    moves: list[tuple[int, str] | None]
    """(seat, the move as everyone learned of it) that led to each step; None at step 0."""
    deal_starts: list[int]
    trick_starts: list[int]


def rebuild(game: Any, players: int, options: Any, seed: int,
            actions: Sequence[ActionRow]) -> Replay:
    """Every position of a game from its seed and its logged actions (pure; may raise
    `GameError` if the log does not replay)."""
    line: list[State] = [game.new(players, options, seed)]
    states = [line[0]]
    moves: list[tuple[int, str] | None] = [None]
    for row in actions:
        if row.action == UNDO:
            if len(line) > 1:
                line.pop()
            moves.append((row.seat, UNDO))
        else:
            before = line[-1]
            after, _ = before.apply(row.seat, row.action)
            line.append(after)
            moves.append((row.seat, str(before.public_action(row.action))))
        states.append(line[-1])
    publics = [s.view(None) for s in states]  # for the marks only: a step's view is made anew
    return Replay(states, moves, deal_starts(publics), trick_starts(publics))


def _deal_key(view: View) -> tuple[Any, ...] | None:
    values = tuple(getattr(view, name, None) for name in DEAL_FIELDS)
    return None if all(v is None for v in values) else values


def deal_starts(views: Sequence[View]) -> list[int]:
    """The steps where a deal starts (0 first); empty for a game whose views number no deals."""
    keys = [_deal_key(v) for v in views]
    if not keys or keys[0] is None:
        return []
    return [0] + [k for k in range(1, len(keys)) if keys[k] != keys[k - 1]]


def trick_starts(views: Sequence[View]) -> list[int]:
    """The steps where a trick's first card lands on the table; empty for a game without a
    ``trick`` on its table."""
    sizes = [len(t) if isinstance(t := getattr(v, "trick", None), list) else None
             for v in views]
    if not sizes or sizes[0] is None:
        return []
    keys = [_deal_key(v) for v in views]
    out = []
    for k in range(1, len(sizes)):
        cur, prev = sizes[k] or 0, sizes[k - 1] or 0
        if cur and (prev == 0 or cur < prev or keys[k] != keys[k - 1]):
            out.append(k)
    return out


def summary(row: TableRow) -> GameSummary:
    """A finished table's line in a history list."""
    names = [f"Seat {i + 1}" for i in range(row.players)]
    for s in row.seats:
        if 0 <= s.seat < len(names):
            names[s.seat] = s.name
    winners: list[str] = []
    result = ""
    try:
        game = registry.get(row.game_key)
        outcome = game.load(row.state).outcome() if row.state else None
    except Exception:  # a game that no longer loads still gets its line
        log.exception("table %s: the finished state does not load", row.id)
        outcome = None
    if outcome is not None:
        winners = [names[s] for s in outcome.winners if 0 <= s < len(names)]
    if winners:
        said = N_("{names} won") if len(winners) == 1 else N_("{names} won together")
        result = said.format(names=" and ".join(winners))
    elif outcome is not None:
        result = N_("nobody won")
    return GameSummary(
        table_id=row.id, game_key=row.game_key, preset=row.preset, finished_at=row.updated_at,
        channel_id=row.channel_id, guild_id=row.guild_id, players=names, winners=winners,
        result=result or N_("finished"),
    )


class History:
    """The history half of `TableService` (mixed in): recent games and replays."""

    _replays: OrderedDict[int, Replay]

    async def recent_games(self: TableService, game_key: str, *, user_id: int,
                           channel_id: int | None, limit: int = HISTORY_LIMIT) -> RecentGames:
        """The user's last ``limit`` finished games of ``game_key`` and the channel's (none
        without a channel), newest first."""
        self._check_running()
        limit = max(0, min(limit, 25))
        mine = await self.store.finished_tables(game_key, user_id=user_id, limit=limit)
        here = ([] if channel_id is None else
                await self.store.finished_tables(game_key, channel_id=channel_id, limit=limit))
        return RecentGames(mine=[summary(r) for r in mine], here=[summary(r) for r in here])

    async def replay(self: TableService, table_id: int, step: int, *, user_id: int,
                     game_key: str | None = None, guild_id: int | None = None) -> ReplayStep:
        """Step ``step`` (clamped to 0..the number of moves) of finished table ``table_id``,
        as ``user_id`` may see it: the public table, plus their own seat's view if they sat at
        it. A table of another server (or a DM's) is replayed only for its players; an open
        or unfinished table not at all (`NotFinished`)."""
        self._check_running()
        row = await self._stored(table_id)
        if game_key is not None and row.game_key != game_key:
            raise NotAllowed(f"Table #{table_id} is a game of {row.game_key}; replay it with "
                             "that game's history.")
        if row.status != "finished" or row.state is None:
            raise NotFinished(table_id, row.status, "replayed")
        seat = next((s.seat for s in row.seats if s.user_id == user_id), None)
        if seat is None and (row.guild_id is None or row.guild_id != guild_id):
            raise NotAllowed(f"Table #{table_id} was played elsewhere: only its players can "
                             "replay it here.")
        game = registry.get(row.game_key)
        replay = self._replays.get(table_id)
        if replay is None:
            replay = await self._rebuild(row, game)
            self._replays[table_id] = replay
            while len(self._replays) > REPLAYS_KEPT:
                self._replays.popitem(last=False)
        else:
            self._replays.move_to_end(table_id)
        steps = len(replay.states) - 1
        step = max(0, min(step, steps))
        state = replay.states[step]
        move = replay.moves[step]
        return ReplayStep(
            table_id=row.id, game_key=row.game_key, preset=row.preset,
            finished_at=row.updated_at, players=row.players,
            seats=[SeatInfo(index=s.seat, user_id=s.user_id, name=s.name, ai_level=s.ai_level,
                            resigned=s.resigned) for s in row.seats],
            step=step, steps=steps, public=state.view(None),
            own=state.view(seat) if seat is not None else None, seat=seat,
            move=move[1] if move else None, mover=move[0] if move else None,
            before=replay.states[step - 1].view(None) if step else None,
            deal_starts=replay.deal_starts, trick_starts=replay.trick_starts,
            outcome=state.outcome() if step == steps else None,
        )

    async def _rebuild(self: TableService, row: TableRow, game: Any) -> Replay:
        actions = await self.store.actions(row.id)
        options = game.options(row.preset, **row.options)
        try:
            # Off the loop: a long Skat series is thousands of moves (a second of CPU at worst).
            replay = await asyncio.to_thread(rebuild, game, row.players, options, row.seed,
                                             actions)
            final = game.load(row.state) if row.state else None
        except GameError:
            log.exception("table %s: the action log does not replay", row.id)
            raise NotAllowed(f"Table #{row.id}'s record cannot be replayed.") from None
        if final is None or replay.states[-1] != final:
            log.error("table %s: the action log replays to another position than the one "
                      "saved; no replay is shown", row.id)
            raise NotAllowed(f"Table #{row.id}'s record cannot be replayed.")
        return replay
