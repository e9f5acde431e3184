"""Rematch: a finished table opened again with the same game, rules and seats; the other
players' seats are kept for them (durably) until they confirm, and the start gives a seat still
unconfirmed to the AI."""

from __future__ import annotations

import pytest

from bot.service.errors import (
    NoTable,
    NotAllowed,
    NotAPlayer,
    NotFinished,
    NotSeated,
    RematchOpen,
    SeatKept,
    TableExists,
)
from bot.service.models import TableInfo, TableStatus
from bot.service.tables import TableService
from tests.service.conftest import Harness

ANN, BOB, CAT, DAN = 301, 302, 303, 304
GUILD, CHAN = 9100, 6100


async def _finished(svc: TableService, *, channel: int = CHAN) -> TableInfo:
    """A finished 4-seat toy game opened with options: Ann (seat 0), a hard AI (seat 1), Bob
    (seat 2) and Cat (seat 3); the humans always take one counter."""
    info = await svc.create(game_key="toy", channel_id=channel, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", players=4, preset="long",
                            options={"max_take": 2})
    info = await svc.add_ai(info.id, ANN, "hard")
    info = await svc.join(info.id, BOB, "Bob")
    info = await svc.join(info.id, CAT, "Cat")
    info = await svc.start_game(info.id, ANN)
    return await _play_out(svc, info.id)


async def _play_out(svc: TableService, table_id: int) -> TableInfo:
    for _ in range(200):
        await svc.settle(table_id)
        info = await svc.get(table_id)
        if not info.is_open:
            return info
        assert info.state is not None
        seat = next(s for s in info.seats if s.index == info.state.to_act[0])
        assert seat.user_id is not None and not seat.is_ai
        await svc.act(table_id, seat.user_id, "take:1", version=info.version)
    raise AssertionError("the toy game did not end")


def _seats(info: TableInfo) -> list[tuple[int, int | None, str, str | None, bool]]:
    return [(s.index, s.user_id, s.name, s.ai_level, s.kept) for s in info.seats]


async def test_rematch_keeps_seats_rules_and_players(harness: Harness) -> None:
    svc, rec = await harness.open()
    old = await _finished(svc)
    assert old.status is TableStatus.FINISHED
    new = await svc.rematch(old.id, BOB, "Bobby")
    assert new.id != old.id and new.rematch_of == old.id
    assert new.status is TableStatus.LOBBY and new.channel_id == CHAN
    assert (new.game_key, new.preset, new.options, new.players) == (
        "toy", "long", {"max_take": 2}, 4)
    assert new.seed != old.seed
    assert new.host_id == BOB
    assert _seats(new) == [
        (0, ANN, "Ann", None, True),
        (1, None, "AI (Seat 2)", "hard", False),
        (2, BOB, "Bobby", None, False),
        (3, CAT, "Cat", None, True),
    ]
    assert [s.name for s in new.awaited] == ["Ann", "Cat"]
    await svc.settle()
    assert rec.reasons(new.id) == ["created"]
    assert await svc.table_in_channel(CHAN) == new


async def test_confirmations_take_the_old_seats_and_strangers_are_refused(
    svc: TableService,
) -> None:
    old = await _finished(svc)
    new = await svc.rematch(old.id, ANN, "Ann")
    with pytest.raises(SeatKept, match="seat 3 for Bob, seat 4 for Cat") as refused:
        await svc.join(new.id, DAN, "Dan")
    assert refused.value.kept == [(2, "Bob"), (3, "Cat")]
    with pytest.raises(SeatKept):
        await svc.add_ai(new.id, ANN)  # the AI cannot take a kept seat either
    with pytest.raises(NotSeated):
        await svc.add_ai(new.id, BOB)  # nor may an unconfirmed player invite it
    assert await svc.get(new.id) == new  # nothing changed

    info = await svc.join(new.id, CAT, "Cat again")
    assert _seats(info)[3] == (3, CAT, "Cat again", None, False)
    assert [s.name for s in info.awaited] == ["Bob"]
    with pytest.raises(NotAllowed, match="already have a seat"):
        await svc.join(new.id, CAT, "Cat")
    info = await svc.join(new.id, BOB, "Bob")
    assert _seats(info)[2] == (2, BOB, "Bob", None, False)
    assert info.awaited == []


async def test_a_freed_seat_is_open_to_strangers(svc: TableService) -> None:
    old = await _finished(svc)
    new = await svc.rematch(old.id, ANN, "Ann")
    info = await svc.leave(new.id, BOB)  # Bob declines: his kept seat is freed
    assert [s.index for s in info.seats] == [0, 1, 3]
    info = await svc.join(new.id, DAN, "Dan")
    assert (info.seat_of(DAN) or pytest.fail("Dan not seated")).index == 2
    assert [s.name for s in info.awaited] == ["Cat"]


async def test_host_leaving_passes_only_to_a_confirmed_player(svc: TableService) -> None:
    old = await _finished(svc)
    new = await svc.rematch(old.id, ANN, "Ann")
    closed = await svc.leave(new.id, ANN)  # only kept seats remain: nobody is really there
    assert closed.status is TableStatus.ABORTED


async def test_start_gives_unconfirmed_seats_to_the_ai(harness: Harness) -> None:
    svc, rec = await harness.open()
    old = await _finished(svc)
    new = await svc.rematch(old.id, ANN, "Ann")
    await svc.join(new.id, CAT, "Cat")
    with pytest.raises(NotAllowed, match="1 seat"):
        await svc.start_game(new.id, ANN)  # without filling, a kept seat counts as empty
    started = await svc.start_game(new.id, ANN, fill_with_ai=True)
    assert started.status is TableStatus.PLAYING
    assert _seats(started) == [
        (0, ANN, "Ann", None, False),
        (1, None, "AI (Seat 2)", "hard", False),
        (2, None, "AI (Seat 3)", "normal", False),
        (3, CAT, "Cat", None, False),
    ]
    await svc.settle()
    start = next(u for u in rec.updates if u.table.id == new.id and u.reason == "started")
    assert start.notice == "Bob did not confirm; the AI plays that seat."
    done = await _play_out(svc, new.id)
    assert done.status is TableStatus.FINISHED


async def test_kept_seats_survive_a_restart(harness: Harness) -> None:
    svc, _ = await harness.open()
    old = await _finished(svc)
    new = await svc.rematch(old.id, ANN, "Ann")
    await svc.join(new.id, CAT, "Cat")
    await svc.close()

    svc2, _ = await harness.open()  # the same database file, nothing kept in memory
    info = await svc2.get(new.id)
    assert info.rematch_of == old.id
    assert [s.name for s in info.awaited] == ["Bob"]
    with pytest.raises(SeatKept, match="seat 3 for Bob"):
        await svc2.join(new.id, DAN, "Dan")
    with pytest.raises(RematchOpen):
        await svc2.rematch(old.id, CAT, "Cat")
    info = await svc2.join(new.id, BOB, "Bob")
    assert _seats(info)[2] == (2, BOB, "Bob", None, False)
    await svc2.close()

    svc3, _ = await harness.open()
    info = await svc3.get(new.id)
    assert info.awaited == [] and info.seat_of(BOB) is not None
    started = await svc3.start_game(new.id, ANN, fill_with_ai=True)
    assert [s.user_id for s in started.seats] == [ANN, None, BOB, CAT]


async def test_refusals_change_nothing(svc: TableService) -> None:
    old = await _finished(svc)
    with pytest.raises(NotAPlayer, match="Only the players of table"):
        await svc.rematch(old.id, DAN, "Dan")
    with pytest.raises(NoTable):
        await svc.rematch(old.id + 100, ANN, "Ann")
    with pytest.raises(NoTable):
        await svc.rematch(2**63, ANN, "Ann")
    assert await svc.table_in_channel(CHAN) is None

    # not finished: in play, or closed without a result
    playing = await svc.create(game_key="toy", channel_id=CHAN + 1, guild_id=GUILD,
                               host_id=ANN, host_name="Ann", players=2)
    playing = await svc.start_game(playing.id, ANN, fill_with_ai=True)
    with pytest.raises(NotFinished, match="not over yet"):
        await svc.rematch(playing.id, ANN, "Ann")
    lobby = await svc.create(game_key="toy", channel_id=CHAN + 2, guild_id=GUILD,
                             host_id=ANN, host_name="Ann")
    aborted = await svc.abort(lobby.id, ANN)
    with pytest.raises(NotFinished, match="closed without a result"):
        await svc.rematch(aborted.id, ANN, "Ann")
    assert await svc.table_in_channel(CHAN + 2) is None

    # the channel already has another open table
    other = await svc.create(game_key="toy", channel_id=CHAN, guild_id=GUILD, host_id=DAN,
                             host_name="Dan")
    with pytest.raises(TableExists, match="already an open toy table") as exists:
        await svc.rematch(old.id, ANN, "Ann")
    assert not isinstance(exists.value, RematchOpen)
    assert await svc.table_in_channel(CHAN) == other
    await svc.abort(other.id, DAN)

    # a second click after the rematch opened
    new = await svc.rematch(old.id, ANN, "Ann")
    with pytest.raises(RematchOpen, match="already open here") as again:
        await svc.rematch(old.id, BOB, "Bob")
    assert (again.value.table_id, again.value.rematch_id) == (old.id, new.id)
    assert await svc.get(new.id) == new


async def test_a_finished_rematch_can_have_its_own(svc: TableService) -> None:
    old = await _finished(svc)
    new = await svc.rematch(old.id, CAT, "Cat")
    for uid, name in ((ANN, "Ann"), (BOB, "Bob")):
        await svc.join(new.id, uid, name)
    await svc.start_game(new.id, CAT)
    done = await _play_out(svc, new.id)
    assert done.status is TableStatus.FINISHED
    third = await svc.rematch(done.id, BOB, "Bob")
    assert third.rematch_of == done.id and third.host_id == BOB
    assert [s.name for s in third.awaited] == ["Ann", "Cat"]
