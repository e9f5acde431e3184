"""Random Euchre positions wrapped as the service's `TableInfo`, for the Discord builders."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime

from bot.games import registry
from bot.games.base import State
from bot.service.models import SeatInfo, TableInfo, TableStatus

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def table_for(state: State | None, players: int, *, version: int = 3, ai: int = 0) -> TableInfo:
    seats = [
        SeatInfo(
            index=i,
            user_id=None if i >= players - ai else 1000 + i,
            name=f"Player{i}" if i < players - ai else f"AI {i}",
            ai_level="normal" if i >= players - ai else None,
        )
        for i in range(players)
    ]
    if state is None:
        status = TableStatus.LOBBY
    else:
        status = TableStatus.FINISHED if state.is_over else TableStatus.PLAYING
    return TableInfo(
        id=42,
        guild_id=1,
        channel_id=2,
        game_key="euchre",
        preset="hoyle1871",
        options={},
        players=players,
        status=status,
        host_id=1000,
        seats=seats,
        version=version,
        seed=1,
        state=state,
        turn_deadline=NOW if status is TableStatus.PLAYING else None,
        created_at=NOW,
        updated_at=NOW,
    )


def random_euchre_states(games: int, seed: int = 0) -> Iterator[State]:
    """Every state along ``games`` random play-outs (all presets and player counts)."""
    game = registry.get("euchre")
    rng = random.Random(seed)
    presets = sorted(game.presets)
    for n in range(games):
        players = game.players[n % len(game.players)]
        options = game.options(presets[(n // len(game.players)) % len(presets)])
        state = game.new(players, options, seed=rng.randrange(2**32))
        steps = 0
        while True:
            yield state
            if state.is_over or steps > 2000:
                break
            seat = state.to_act[0]
            state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
