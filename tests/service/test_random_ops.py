"""Property: no sequence of player commands can crash a table or desync it from the database.

Random commands from random users (some seated, some not, host or not, with fresh or stale
versions): each one is either applied (version + 1) or refused with a `Refusal`; after a restart
the table is exactly what it was, and its action log replays to its snapshot.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games import registry
from bot.service.errors import Refusal
from bot.service.models import TableInfo
from bot.service.tables import TableService
from tests.service.conftest import FAST

USERS = [1, 2, 3, 4]
OPS = ["join", "leave", "add_ai", "remove", "start", "fill", "act", "act_stale", "typed",
       "resign", "abort", "kick_manager"]

command = st.tuples(st.sampled_from(OPS), st.sampled_from(USERS), st.integers(0, 3))


async def _apply(svc: TableService, t: int, op: str, user: int, arg: int) -> TableInfo:
    info = await svc.get(t)
    state = info.state
    legal = [str(a) for a in state.legal_actions(info.seat_of(user).index)] if (
        state is not None and info.seat_of(user) is not None) else []
    move = legal[arg % len(legal)] if legal else f"take:{arg + 1}"
    if op == "join":
        return await svc.join(t, user, f"U{user}")
    if op == "leave":
        return await svc.leave(t, user)
    if op == "add_ai":
        return await svc.add_ai(t, user)
    if op == "remove":
        return await svc.remove_seat(t, user, arg)
    if op == "kick_manager":
        return await svc.remove_seat(t, user, arg, is_manager=True)
    if op in ("start", "fill"):
        return await svc.start_game(t, user, fill_with_ai=op == "fill")
    if op == "act":
        return (await svc.act(t, user, move, version=info.version)).table
    if op == "act_stale":
        return (await svc.act(t, user, move, version=info.version - 1 - arg)).table
    if op == "typed":
        return (await svc.act(t, user, f"take:{arg}", version=None)).table
    if op == "resign":
        return await svc.resign(t, user)
    return await svc.abort(t, user, is_manager=arg == 0)


async def _scenario(path: Path, commands: list[tuple[str, int, int]]) -> None:
    svc = await TableService.open(path, **FAST)
    await svc.start()
    info = await svc.create(game_key="toy", channel_id=1, guild_id=9, host_id=USERS[0],
                            host_name="U1", players=3, options={"pile": 9})
    for op, user, arg in commands:
        await svc.settle(info.id)
        before = await svc.get(info.id)
        try:
            after = await _apply(svc, info.id, op, user, arg)
        except Refusal:
            assert (await svc.get(info.id)).version == before.version
            continue
        assert after.version == before.version + 1
        assert len({s.index for s in after.seats}) == len(after.seats)
        assert all(0 <= s.index < after.players for s in after.seats)
        humans = [s.user_id for s in after.seats if s.user_id is not None]
        assert len(humans) == len(set(humans))
    await svc.settle(info.id)
    last = await svc.get(info.id)
    await svc.close()

    svc = await TableService.open(path, **FAST)
    await svc.start()
    again = await svc.get(info.id)
    assert (again.status, again.version, again.seats, again.state, again.host_id) == (
        last.status, last.version, last.seats, last.state, last.host_id)
    if again.state is not None:
        game = registry.get("toy")
        state = game.new(3, game.options(again.preset, **again.options), again.seed)
        for a in await svc.store.actions(info.id):
            state, _ = state.apply(a.seat, a.action)
        assert state == again.state
    await svc.close()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(command, min_size=1, max_size=25))
def test_random_commands_never_break_a_table(commands: list[tuple[str, int, int]]) -> None:
    registry._MODULES["toy"] = "tests.service.toygame"
    registry.get.cache_clear()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            asyncio.run(_scenario(Path(tmp) / "db.sqlite3", commands))
    finally:
        registry._MODULES.pop("toy", None)
        registry.get.cache_clear()
