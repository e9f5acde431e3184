"""Lobby: create, join, leave, AI seats, kicks, host rights, start, abort, one table per channel."""

from __future__ import annotations

import pytest

from bot.service.errors import BadOptions, NoTable, NotAllowed, NotSeated, TableExists
from bot.service.models import TableStatus
from bot.service.tables import TableService
from tests.service.conftest import Harness

ANN, BOB, CAT, DAN = 101, 102, 103, 104
GUILD, CHAN = 9000, 5000


async def _new(svc: TableService, players: int = 3, channel: int = CHAN, **kw: object):
    return await svc.create(game_key="toy", channel_id=channel, guild_id=GUILD, host_id=ANN,
                            host_name="Ann", players=players, **kw)  # type: ignore[arg-type]


async def test_create_seats_host_and_publishes(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _new(svc, preset="long", options={"max_take": 2})
    assert info.status is TableStatus.LOBBY and info.version == 1
    assert [(s.index, s.user_id, s.name) for s in info.seats] == [(0, ANN, "Ann")]
    assert (info.preset, info.options, info.players) == ("long", {"max_take": 2}, 3)
    assert info.lobby_deadline is not None and info.turn_deadline is None
    await svc.settle()
    assert rec.reasons() == ["created"]
    assert (await svc.get(info.id)) == info
    assert (await svc.table_in_channel(CHAN)) == info
    assert [t.id for t in await svc.open_tables()] == [info.id]
    with pytest.raises(NoTable):
        await svc.get(info.id + 1)


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"game_key": "nope"}, "don't know a game called `nope`"),
        ({"preset": "wild"}, "Unknown preset `wild`"),
        ({"options": {"pile": 0}}, "pile"),
        ({"options": {"colour": "red"}}, "colour"),
        ({"players": 5}, "played by 1, 2, 3, 4 players, not 5"),
        ({"players": 3, "options": {"teams": True}}, "Teams need four players"),
    ],
)
async def test_create_refuses_bad_games_and_options(
    svc: TableService, kw: dict[str, object], message: str
) -> None:
    args: dict[str, object] = {"game_key": "toy", "channel_id": CHAN, "guild_id": GUILD,
                               "host_id": ANN, "host_name": "Ann", **kw}
    with pytest.raises(BadOptions, match=message):
        await svc.create(**args)  # type: ignore[arg-type]
    assert await svc.table_in_channel(CHAN) is None


async def test_one_open_table_per_channel(svc: TableService) -> None:
    first = await _new(svc)
    with pytest.raises(TableExists, match="already an open toy table"):
        await _new(svc)
    other = await _new(svc, channel=CHAN + 1)  # e.g. a fresh thread
    assert other.id != first.id
    await svc.abort(first.id, ANN)
    again = await _new(svc)
    assert again.id not in (first.id, other.id)


async def test_join_leave_and_host_hand_over(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _new(svc)
    info = await svc.join(info.id, BOB, "Bob")
    info = await svc.join(info.id, CAT, "Cat")
    assert [s.user_id for s in info.seats] == [ANN, BOB, CAT]
    with pytest.raises(NotAllowed, match="already have a seat"):
        await svc.join(info.id, BOB, "Bob")
    with pytest.raises(NotAllowed, match="full"):
        await svc.join(info.id, DAN, "Dan")
    info = await svc.leave(info.id, BOB)
    assert [s.index for s in info.seats] == [0, 2]
    info = await svc.join(info.id, DAN, "Dan")  # first free seat: Bob's old one
    assert info.seat_of(DAN) is not None and info.seat_of(DAN).index == 1  # type: ignore[union-attr]
    with pytest.raises(NotSeated):
        await svc.leave(info.id, BOB)
    info = await svc.leave(info.id, ANN)
    assert info.host_id == DAN
    await svc.settle()
    notice = rec.updates[-1].notice
    assert notice is not None and "Dan is the host now" in notice
    assert info.version == 6
    assert rec.reasons() == ["created", "joined", "joined", "left", "joined", "left"]


async def test_last_human_leaving_closes_the_table(svc: TableService) -> None:
    info = await _new(svc)
    info = await svc.add_ai(info.id, ANN)
    info = await svc.leave(info.id, ANN)
    assert info.status is TableStatus.ABORTED
    assert await svc.table_in_channel(CHAN) is None
    with pytest.raises(NotAllowed, match="closed"):
        await svc.join(info.id, BOB, "Bob")


async def test_ai_seats_and_kicks_need_the_host(svc: TableService) -> None:
    info = await _new(svc)
    with pytest.raises(NotSeated):
        await svc.add_ai(info.id, BOB)
    with pytest.raises(BadOptions, match="levels"):
        await svc.add_ai(info.id, ANN, "godlike")
    info = await svc.join(info.id, BOB, "Bob")
    info = await svc.add_ai(info.id, BOB, "easy")  # any seated player may invite the AI
    ai = info.seats[2]
    assert (ai.user_id, ai.ai_level, ai.is_ai, ai.name) == (None, "easy", True, "AI (Seat 3)")
    with pytest.raises(NotAllowed, match="Only the host"):
        await svc.remove_seat(info.id, BOB, 2)
    with pytest.raises(NotAllowed, match="host cannot be removed"):
        await svc.remove_seat(info.id, ANN, 0)
    with pytest.raises(NotAllowed, match="empty"):
        await svc.remove_seat(info.id, ANN, 1 + 5)
    info = await svc.remove_seat(info.id, ANN, 2)
    info = await svc.remove_seat(info.id, CAT, 1, is_manager=True)  # Manage Channels
    assert [s.user_id for s in info.seats] == [ANN]


async def test_start_needs_host_and_full_seats(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _new(svc)
    info = await svc.join(info.id, BOB, "Bob")
    with pytest.raises(NotAllowed, match="Only the host"):
        await svc.start_game(info.id, BOB)
    with pytest.raises(NotAllowed, match="1 seat"):
        await svc.start_game(info.id, ANN)
    info = await svc.start_game(info.id, ANN, fill_with_ai=True)
    assert info.status is TableStatus.PLAYING and info.state is not None
    assert [s.is_ai for s in info.seats] == [False, False, True]
    assert info.lobby_deadline is None and info.turn_deadline is not None  # Ann is to act
    with pytest.raises(NotAllowed, match="already started"):
        await svc.start_game(info.id, ANN)
    await svc.settle()
    assert rec.reasons()[-1] == "started"


async def test_manager_may_start_and_abort(svc: TableService) -> None:
    info = await _new(svc, players=2)
    info = await svc.add_ai(info.id, ANN)
    with pytest.raises(NotAllowed):
        await svc.abort(info.id, BOB)
    info = await svc.start_game(info.id, BOB, is_manager=True)
    assert info.status is TableStatus.PLAYING
    info = await svc.abort(info.id, BOB, is_manager=True)
    assert info.status is TableStatus.ABORTED
    with pytest.raises(NotAllowed, match="closed"):
        await svc.act(info.id, ANN, "take:1", version=None)
    assert (await svc.get(info.id)).status is TableStatus.ABORTED


async def test_seats_frozen_during_play(svc: TableService) -> None:
    info = await _new(svc, players=2)
    info = await svc.join(info.id, BOB, "Bob")
    info = await svc.start_game(info.id, ANN)
    with pytest.raises(NotAllowed, match="frozen"):
        await svc.leave(info.id, BOB)
    with pytest.raises(NotAllowed, match="frozen"):
        await svc.join(info.id, CAT, "Cat")
    with pytest.raises(NotAllowed, match="frozen"):
        await svc.add_ai(info.id, ANN)
    with pytest.raises(NotAllowed, match="frozen"):
        await svc.remove_seat(info.id, ANN, 1)
    with pytest.raises(NotAllowed, match="already playing"):
        await svc.join(info.id, BOB, "Bob")


async def test_dm_solo_table(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await svc.create(game_key="toy", channel_id=77, guild_id=None, host_id=ANN,
                            host_name="Ann", players=1, options={"pile": 2})
    info = await svc.start_game(info.id, ANN)
    assert info.guild_id is None and len(info.seats) == 1
    result = await svc.act(info.id, ANN, "take:2", version=info.version)
    assert result.table.status is TableStatus.FINISHED
    stats = await svc.stats(ANN)
    assert stats.per_game["toy"]["games"] == 1 and stats.per_game["toy"]["wins"] == 1
    board = await svc.leaderboard("toy", None)
    assert [(r.user_id, r.games, r.wins, r.rating) for r in board] == [(ANN, 1, 1, 1000.0)]
    assert await svc.leaderboard("toy", GUILD) == []


async def test_set_message_keeps_version_and_survives_restart(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _new(svc)
    await svc.set_message(info.id, 4242)
    got = await svc.get(info.id)
    assert got.message_id == 4242 and got.version == info.version
    await svc.settle()
    assert rec.reasons() == ["created"]
    await svc.close()
    svc2, _ = await harness.open()
    assert (await svc2.get(info.id)).message_id == 4242


async def test_a_given_seed_makes_the_deal_reproducible(svc: TableService) -> None:
    states = []
    for channel in (1, 2):
        info = await _new(svc, players=2, channel=channel, seed=1234)
        info = await svc.add_ai(info.id, ANN)
        info = await svc.start_game(info.id, ANN)
        assert info.seed == 1234
        states.append(info.state)
    assert states[0] == states[1]
    with pytest.raises(BadOptions, match="seed"):
        await _new(svc, channel=3, seed=-1)
