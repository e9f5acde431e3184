"""Parked tables (issue 15): an open table the service has not read lately is kept as one
tuple the garbage collector does not track, comes back exactly as it was, and a long run of
play leaves the collector's share of each table bounded."""

from __future__ import annotations

import gc
import random
from datetime import UTC, datetime

from bot.service.live import _Live
from bot.service.models import SeatInfo, TablePolicy, TableStatus, TableUpdate
from bot.service.tables import TableService
from tests.service.conftest import FAST, Harness

CHANNEL = 7000


async def _euchre(svc: TableService, n: int, *, ai: bool = False) -> int:
    """A four-handed Euchre table in channel ``CHANNEL + n``, dealt; humans 4n+1.. seated."""
    host = 4 * n + 1
    info = await svc.create(game_key="euchre", channel_id=CHANNEL + n, guild_id=1,
                            host_id=host, host_name=f"P{host}", seed=n)
    if not ai:
        for user in range(host + 1, host + 4):
            await svc.join(info.id, user, f"P{user}")
    await svc.start_game(info.id, host, fill_with_ai=ai)
    return info.id


async def _move(svc: TableService, table_id: int, rng: random.Random) -> bool:
    """One legal move by the human to act; False once the game is over."""
    info = await svc.get(table_id)
    play = info.play
    if info.status is not TableStatus.PLAYING or play is None or not play.to_act:
        return False
    seat = play.to_act[0]
    user = info.seats[seat].user_id
    assert user is not None
    await svc.act(table_id, user, str(rng.choice(play.legal(seat))), version=info.version)
    return True


def _peeks(live: _Live) -> tuple[object, ...]:
    return (live.table_id, live.channel_id, live.status, live.lobby_deadline,
            live.turn_deadline, live.ai_due)


async def test_a_parked_table_comes_back_exactly_as_it_was(harness: Harness) -> None:
    svc, _ = await harness.open(hot_tables=1, ai_budget_ms=5)
    lobby = await svc.create(game_key="toy", channel_id=1, guild_id=None, host_id=1,
                             host_name="Ann", preset="long")
    await svc.set_message(lobby.id, 4242)
    humans = await _euchre(svc, 0)
    with_ai = await _euchre(svc, 1, ai=True)
    await svc.settle()
    for table_id in (lobby.id, humans, with_ai):
        live = svc._live[table_id]
        info = live.info
        assert not live.parked
        # Every field, with values no table above has: a kept seat, a resigned AI seat,
        # the server's policy, a rematch, deadlines.
        odd = info.model_copy(update={
            "seats": [*info.seats[:1], SeatInfo(index=9, user_id=77, name="Kit", kept=True),
                      SeatInfo(index=10, user_id=78, name="Rex", ai_level="hard",
                               timeouts=2, resigned=True)],
            "policy": TablePolicy(turn_timeout_s=90, ai_allowed=False), "rematch_of": 12,
            "turn_deadline": datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)})
        for version in (info, odd):
            live.info = version
            peeks = _peeks(live)
            live.park()
            assert live.parked
            assert _peeks(live) == peeks  # the service's sweeps read it parked
            assert live.parked
            back = live.info
            assert not live.parked
            assert back == version and back is not version
            assert back.model_dump() == version.model_dump()
            assert back.rules is live.opts
        live.info = info
    assert (await svc.get(lobby.id)).message_id == 4242


async def test_only_the_most_recent_tables_stay_unparked(harness: Harness) -> None:
    svc, _ = await harness.open(hot_tables=2)
    ids = [await _euchre(svc, n) for n in range(5)]
    rng = random.Random(1)
    for table_id in ids:
        await _move(svc, table_id, rng)
    assert [svc._live[t].parked for t in ids] == [True, True, True, False, False]
    assert len(svc._hot) == 2
    assert await svc.table_in_channel(CHANNEL) is not None  # found parked, then unparked
    assert [svc._live[t].parked for t in ids] == [False, True, True, True, False]
    assert svc.check_tables() == 0  # the watchdog reads them parked and finds nothing amiss
    assert [svc._live[t].parked for t in ids] == [False, True, True, True, False]


async def test_thousands_of_moves_leave_each_table_a_bounded_share_of_the_heap(
    harness: Harness,
) -> None:
    """The unfrozen heap a full collection walks must not grow with play: each parked table
    is its `_Live` and lock, and tuples the collector untracks; the hot few are objects."""
    tables, hot = 24, 3
    svc = await TableService.open(harness.path, **FAST, hot_tables=hot)
    harness.services.append(svc)

    async def listener(update: TableUpdate) -> None:
        """Reads each update, as the Discord layer does, and keeps none (a `Recorder` would)."""
        play = update.table.play
        if play is not None:
            play.view(None)

    svc.subscribe(listener)
    await svc.start()
    rng = random.Random(15)
    ids = [await _euchre(svc, n) for n in range(tables)]
    opened = tables

    async def play(moves: int) -> None:
        nonlocal opened
        done = 0
        while done < moves:
            for i, table_id in enumerate(ids):
                if not await _move(svc, table_id, rng):  # over: a new table in its channel
                    ids[i] = await _reopen(i)
                    opened += 1
                done += 1

    async def _reopen(i: int) -> int:
        await svc.settle()
        channel_user = 4 * (opened + tables) + 1
        info = await svc.create(game_key="euchre", channel_id=CHANNEL + i, guild_id=1,
                                host_id=channel_user, host_name="Host", seed=opened)
        for user in range(channel_user + 1, channel_user + 4):
            await svc.join(info.id, user, f"P{user}")
        await svc.start_game(info.id, channel_user)
        return info.id

    def tracked() -> int:
        gc.collect()
        return len(gc.get_objects())

    await play(500)
    await svc.settle()
    first = tracked()
    await play(3000)
    await svc.settle()
    assert opened > tables, "no game ended: the run did not replace a table"
    assert len(svc._live) <= tables and len(svc._hot) <= hot
    growth = tracked() - first
    assert growth < tables, f"{growth} more tracked objects after 3000 moves"
    gc.collect()
    for table_id, live in svc._live.items():
        assert not gc.is_tracked(svc.store._known[table_id])  # type: ignore[attr-defined]
        if live.parked:
            assert not gc.is_tracked(live._parked)
    assert sum(live.parked for live in svc._live.values()) >= len(svc._live) - hot


async def test_tables_with_equal_options_share_one_model(harness: Harness) -> None:
    svc, _ = await harness.open()
    ids = [await _euchre(svc, n) for n in range(3)]
    other = await svc.create(game_key="euchre", channel_id=1, guild_id=1, host_id=99,
                             host_name="Zed", options={"target": 7})
    rules = [(await svc.get(t)).rules for t in ids]
    assert rules[0] is rules[1] is rules[2] is svc._live[ids[0]].opts
    assert other.rules != rules[0] and other.rules is svc._live[other.id].opts
    await svc.close()
    svc, _ = await harness.open()  # loaded from the database, as a restart does
    again = [(await svc.get(t)).rules for t in ids]
    assert again[0] is again[1] is again[2] and again[0] == rules[0]
