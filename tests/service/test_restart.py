"""Restarts: close and reopen mid-game, kill -9, in-flight actions on close, replay = snapshot."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.games import registry
from bot.service.errors import NotAllowed, StaleAction
from bot.service.models import TableStatus
from bot.service.tables import TableService
from tests.clocks import ManualClock
from tests.service.conftest import Harness

ANN, BOB = 401, 402
REPO = Path(__file__).resolve().parents[2]


async def _two_humans(svc: TableService, channel: int = 1, pile: int = 30):
    info = await svc.create(game_key="toy", channel_id=channel, guild_id=5, host_id=ANN,
                            host_name="Ann", players=2, options={"pile": pile})
    info = await svc.join(info.id, BOB, "Bob")
    return await svc.start_game(info.id, ANN)


def replay(game_key: str, preset: str, options: dict, players: int, seed: int,
           actions: list[tuple[int, str]]):
    game = registry.get(game_key)
    state = game.new(players, game.options(preset, **options), seed)
    for seat, action in actions:
        state, _ = state.apply(seat, action)
    return state


async def test_restart_mid_game_continues_with_the_same_state(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await _two_humans(svc)
    info = (await svc.act(info.id, ANN, "take:2", version=info.version)).table
    info = (await svc.act(info.id, BOB, "take:3", version=info.version)).table
    await svc.set_message(info.id, 99)
    before = await svc.get(info.id)
    await svc.close()

    svc2, _ = await harness.open()
    after = await svc2.get(info.id)
    assert after.state == before.state and after.version == before.version
    assert after.seats == before.seats and after.message_id == 99
    assert after.turn_deadline == before.turn_deadline
    assert [t.id for t in await svc2.open_tables()] == [info.id]
    # A button from before the restart still works (same version) and then goes stale.
    moved = await svc2.act(info.id, ANN, "take:1", version=before.version)
    assert moved.table.version == before.version + 1
    with pytest.raises(StaleAction):
        await svc2.act(info.id, BOB, "take:1", version=before.version)
    log = [(a.seat, a.action) for a in await svc2.store.actions(info.id)]
    assert log == [(0, "take:2"), (1, "take:3"), (0, "take:1")]
    rebuilt = replay("toy", info.preset, info.options, info.players, info.seed, log)
    assert rebuilt == (await svc2.get(info.id)).state


async def test_pending_ai_turns_resume_after_restart(harness: Harness) -> None:
    # The AI waits out its pacing on a clock that never moves: it cannot move before the close.
    svc, _ = await harness.open(ai_delay_s=1, clock=ManualClock())
    info = await svc.create(game_key="toy", channel_id=1, guild_id=5, host_id=ANN,
                            host_name="Ann", players=2, options={"pile": 30})
    info = await svc.start_game(info.id, ANN, fill_with_ai=True)
    info = (await svc.act(info.id, ANN, "take:1", version=info.version)).table
    assert info.state is not None and info.state.to_act == [1]
    await svc.close()
    svc2, _ = await harness.open()
    await svc2.settle(info.id)
    after = await svc2.get(info.id)
    assert after.version == info.version + 1 and after.state is not None
    assert after.state.to_act == [0]


async def test_close_finishes_the_action_in_flight(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await _two_humans(svc)
    in_flight = asyncio.create_task(svc.act(info.id, ANN, "take:2", version=info.version))
    await asyncio.sleep(0)  # the click has started
    await svc.close()
    assert (await in_flight).table.version == info.version + 1
    with pytest.raises(NotAllowed, match="restarting"):
        await svc.act(info.id, BOB, "take:1", version=None)
    svc2, _ = await harness.open()
    assert (await svc2.get(info.id)).version == info.version + 1


KILLED = textwrap.dedent(
    """
    import asyncio, json, os, signal, sys
    from bot.games import registry
    registry._MODULES["toy"] = "tests.service.toygame"
    from bot.service.tables import TableService

    async def main():
        svc = await TableService.open(sys.argv[1], turn_timeout_s=3600, lobby_timeout_s=3600)
        await svc.start()
        t = await svc.create(game_key="toy", channel_id=1, guild_id=5, host_id=1,
                             host_name="Ann", players=2, options={"pile": 30})
        t = await svc.join(t.id, 2, "Bob")
        t = await svc.start_game(t.id, 1)
        t = (await svc.act(t.id, 1, "take:2", version=t.version)).table
        t = (await svc.act(t.id, 2, "take:1", version=t.version)).table
        print(json.dumps({"id": t.id, "version": t.version, "state": t.state.model_dump_json()}),
              flush=True)
        os.kill(os.getpid(), signal.SIGKILL)

    asyncio.run(main())
    """
)


async def test_nothing_acknowledged_is_lost_after_kill_9(harness: Harness) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", KILLED, str(harness.path), cwd=REPO,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    out, err = await proc.communicate()
    assert proc.returncode == -9, err.decode()
    seen = json.loads(out.decode().strip().splitlines()[-1])
    svc, _ = await harness.open()
    info = await svc.get(seen["id"])
    assert info.status is TableStatus.PLAYING and info.version == seen["version"]
    assert info.state is not None and info.state.model_dump_json() == seen["state"]
    assert (await svc.act(info.id, 1, "take:1", version=info.version)).table.version == (
        seen["version"] + 1
    )


async def test_close_lets_listeners_finish_even_if_they_call_back(harness: Harness) -> None:
    svc, _ = await harness.open()
    seen: list[str] = []

    async def ui(update) -> None:  # like the Discord layer: post the message, remember its id
        await asyncio.sleep(0)
        await svc.set_message(update.table.id, 1000 + update.table.version)
        seen.append(update.reason)

    svc.subscribe(ui)
    info = await _two_humans(svc)
    await svc.close()  # the updates are still queued for the listener
    assert seen == ["created", "joined", "started"]
    svc2, _ = await harness.open()
    assert (await svc2.get(info.id)).message_id == 1000 + info.version


async def test_close_twice_at_once_is_one_close(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await _two_humans(svc)
    in_flight = asyncio.create_task(svc.act(info.id, ANN, "take:1", version=info.version))
    await asyncio.sleep(0)
    await asyncio.gather(svc.close(), svc.close())
    await svc.close()
    assert (await in_flight).table.version == info.version + 1


async def test_a_cancelled_click_still_completes(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _two_humans(svc)
    click = asyncio.create_task(svc.act(info.id, ANN, "take:2", version=info.version))
    await asyncio.sleep(0)
    click.cancel()  # e.g. the interaction handler was torn down mid-write
    with pytest.raises(asyncio.CancelledError):
        await click
    await svc.settle(info.id)
    now = await svc.get(info.id)
    assert now.version == info.version + 1  # applied once, in memory as in the database
    assert [a.action for a in await svc.store.actions(info.id)] == ["take:2"]
    assert rec.reasons(info.id)[-1] == "action"
    assert (await svc.act(info.id, BOB, "take:1", version=now.version)).table.version == (
        now.version + 1
    )


async def test_a_second_writer_is_detected_not_overwritten(harness: Harness) -> None:
    """Two processes on one database by mistake: the stale one is refused and reloads."""
    one, _ = await harness.open()
    info = await _two_humans(one)
    two, _ = await harness.open()
    moved = await two.act(info.id, ANN, "take:1", version=None)
    with pytest.raises(StaleAction):
        await one.act(info.id, ANN, "take:2", version=None)  # `one` still holds the old version
    reloaded = await one.get(info.id)
    assert reloaded.version == moved.table.version and reloaded.state == moved.table.state
    after = await one.act(info.id, BOB, "take:1", version=reloaded.version)
    assert [a.action for a in await one.store.actions(info.id)] == ["take:1", "take:1"]
    assert after.table.version == moved.table.version + 1
