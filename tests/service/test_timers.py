"""Turn timers and lobby expiry on a clock the test moves by hand (`tests.clocks`): a deadline
passes when the test says so, never because the machine was fast or slow."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta

from bot.service.models import TableStatus
from tests.clocks import ManualClock
from tests.service.conftest import Harness

ANN, BOB = 301, 302


async def test_timeouts_then_seat_to_ai_then_reclaim(harness: Harness) -> None:
    # Ann never moves. The AI seat is paced on the test's clock, so the game stands still
    # between the test's steps and is still on when Ann comes back.
    clock = ManualClock()
    svc, rec = await harness.open(turn_timeout_s=60, timeouts_before_ai=2, ai_delay_s=1,
                                  clock=clock)
    info = await svc.create(game_key="toy", channel_id=1, guild_id=5, host_id=ANN,
                            host_name="Ann", players=2, options={"pile": 200, "max_take": 1})
    info = await svc.add_ai(info.id, ANN)
    info = await svc.start_game(info.id, ANN)
    await clock.advance(60)  # Ann's first turn runs out
    first = await rec.wait_for(lambda u: u.reason == "timeout")
    assert first.actor_seat == 0
    assert first.notice == "Ann ran out of time; the AI moved for them."
    assert first.table.seats[0].timeouts == 1 and first.table.seats[0].ai_level is None
    await clock.advance(1)  # the AI seat's paced move
    await clock.advance(60)  # Ann's second turn runs out
    handed = await rec.wait_for(lambda u: u.reason == "seat_to_ai")
    assert handed.notice == (
        "Ann timed out twice; the AI plays for Ann now. /toy join to take the seat back."
    )
    seat = handed.table.seats[0]
    assert (seat.user_id, seat.ai_level, seat.timeouts) == (ANN, "normal", 2)
    assert handed.table.turn_deadline is None  # nobody human is to act any more
    log = await svc.store.actions(info.id)
    timeouts = [a for a in log if a.reason == "timeout"]
    assert len(timeouts) == 2 and all(a.seat == 0 and a.user_id is None for a in timeouts)
    back = await svc.join(info.id, ANN, "Ann")
    seat = back.seats[0]
    assert (seat.user_id, seat.ai_level, seat.timeouts) == (ANN, None, 0)
    assert back.status is TableStatus.PLAYING
    joined = await rec.wait_for(lambda u: u.reason == "joined" and u.table.version == back.version)
    assert joined.notice == "Ann takes the seat back from the AI."
    await svc.abort(info.id, ANN)
    await clock.advance(1)  # the AI seat's runner wakes, finds the table closed, and ends
    await svc.settle()


async def test_a_human_move_resets_the_timeout_count(harness: Harness) -> None:
    clock = ManualClock()
    svc, rec = await harness.open(turn_timeout_s=60, timeouts_before_ai=2, clock=clock)
    info = await svc.create(game_key="toy", channel_id=1, guild_id=5, host_id=ANN,
                            host_name="Ann", players=2, options={"pile": 200, "max_take": 1})
    info = await svc.join(info.id, BOB, "Bob")
    info = await svc.start_game(info.id, ANN)
    await clock.advance(60)  # Ann's turn runs out; no later deadline passes (time stands still)
    timed = await rec.wait_for(lambda u: u.reason == "timeout" and u.actor_seat == 0)
    # Ann timed out once; the AI moved for her; now Bob is to act, and then Ann again.
    await svc.act(info.id, BOB, "take:1", version=timed.table.version)
    now = await svc.act(info.id, ANN, "take:1", version=timed.table.version + 1)
    assert now.table.seats[0].timeouts == 0 and now.table.seats[0].ai_level is None
    await svc.abort(info.id, ANN)


async def test_lobby_expires(harness: Harness) -> None:
    clock = ManualClock()
    svc, rec = await harness.open(lobby_timeout_s=60, clock=clock)
    info = await svc.create(game_key="toy", channel_id=1, guild_id=5, host_id=ANN,
                            host_name="Ann")
    await clock.advance(60)
    expired = await rec.wait_for(lambda u: u.reason == "expired")
    assert expired.table.status is TableStatus.ABORTED
    assert expired.notice == "Nobody started the game in time; the table is closed."
    assert await svc.table_in_channel(1) is None
    assert (await svc.get(info.id)).status is TableStatus.ABORTED
    again = await svc.create(game_key="toy", channel_id=1, guild_id=5, host_id=BOB,
                             host_name="Bob")
    assert again.id != info.id


def _set_deadline(path: object, table_id: int, column: str, when: datetime) -> None:
    with closing(sqlite3.connect(str(path))) as raw, raw:
        raw.execute(f"UPDATE tables SET {column} = ? WHERE id = ?", (when.isoformat(), table_id))


async def test_deadlines_survive_a_restart(harness: Harness) -> None:
    svc, _ = await harness.open()  # hour-long timeouts
    lobby = await svc.create(game_key="toy", channel_id=1, guild_id=5, host_id=ANN,
                             host_name="Ann")
    game = await svc.create(game_key="toy", channel_id=2, guild_id=5, host_id=ANN,
                            host_name="Ann", players=2)
    game = await svc.join(game.id, BOB, "Bob")
    game = await svc.start_game(game.id, ANN)
    keep = await svc.create(game_key="toy", channel_id=3, guild_id=5, host_id=BOB,
                            host_name="Bob")
    await svc.close()
    # The bot was down while the deadlines passed.
    past = datetime.now(UTC) - timedelta(seconds=1)
    _set_deadline(harness.path, lobby.id, "lobby_deadline", past)
    _set_deadline(harness.path, game.id, "turn_deadline", past)
    svc2, rec2 = await harness.open()
    await rec2.wait_for(lambda u: u.reason == "expired" and u.table.id == lobby.id)
    timed = await rec2.wait_for(lambda u: u.reason == "timeout" and u.table.id == game.id)
    assert timed.actor_seat == 0 and timed.table.version == game.version + 1
    still = await svc2.get(keep.id)
    assert still.status is TableStatus.LOBBY and still.lobby_deadline == keep.lobby_deadline
