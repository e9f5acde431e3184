"""Messages that went wrong (issue 8): a ping flood for players with closed DMs, hand DMs that
kept saying "Waiting for ..." or "Your turn" after the end or an AI takeover, a table message
that lagged behind the hands, and a table not redrawn after a restart. `TableUI` against a real
table service and the recording client of `test_table_ui` (no network, no sleeps)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from bot.discord import custom_ids as ids
from bot.discord.hand_dms import HandDMs
from bot.discord.table_messages import GAME_OVER, hand_message, table_embed, table_view
from bot.discord.table_ui import TableUI
from bot.games import registry
from bot.service.models import SeatInfo, TableInfo, TableStatus, TableUpdate
from bot.service.tables import TableService
from tests.discord import test_table_ui
from tests.discord.conftest import table_for
from tests.discord.test_table_ui import (
    ALICE,
    BOB,
    FakeClient,
    FakeMessage,
    _move,
    _two_humans,
)

service = test_table_ui.service  # the fixture: a real table service on a temporary file


def _reminders(client: FakeClient, user: int) -> list[FakeMessage]:
    """The channel reminders for ``user`` that are still on show."""
    return [
        m
        for m in client.posted
        if not m.deleted and m.where == "channel:5" and f"<@{user}>" in (m.content or "")
    ]


def _to_act(table: TableInfo, user: int) -> bool:
    seat = table.seat_of(user)
    return (
        table.status is TableStatus.PLAYING
        and table.state is not None
        and seat is not None
        and seat.index in table.state.to_act
    )


async def test_closed_dms_keep_one_reminder_per_player_removed_when_the_turn_passes(
    service: TableService,
) -> None:
    client = FakeClient(dm_closed={ALICE})
    ui, table_id = await _two_humans(service, client)
    table = await service.get(table_id)
    alice_turns = 0
    for _ in range(500):
        if table.status is not TableStatus.PLAYING:
            break
        shown = _reminders(client, ALICE)
        assert len(shown) == (1 if _to_act(table, ALICE) else 0), (table.version, len(shown))
        alice_turns += _to_act(table, ALICE)
        table = await _move(service, ui, table_id)
    assert table.status is TableStatus.FINISHED
    assert alice_turns > 3
    assert _reminders(client, ALICE) == []  # nothing left over at the end
    posted = [m for m in client.posted if f"<@{ALICE}>" in (m.content or "")]
    assert posted and all(m.deleted for m in posted)
    assert not [m for m in client.posted if f"<@{BOB}>" in (m.content or "")]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def test_closed_dms_are_tried_again_after_a_while_not_at_every_turn(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One fixed deal: the count below depends on the deal (about one random deal in a hundred
    # changes her hand on her own move after the wait: a DM then, and another at her turn).
    monkeypatch.setattr("bot.service.lobby.secrets.randbits", lambda bits: 1)
    client = FakeClient(dm_closed={ALICE})
    clock = Clock()
    ui = TableUI(client, service, edit_interval_s=0.0, dm_retry_s=600.0, clock=clock)  # type: ignore[arg-type]
    service.subscribe(ui.on_update)
    table = await service.create(
        game_key="euchre", channel_id=5, guild_id=1, host_id=ALICE, host_name="Alice",
        preset="hoyle1871", players=2,
    )
    await service.set_message(table.id, 999)
    await service.join(table.id, BOB, "Bob")
    await service.start_game(table.id, ALICE)
    await ui.settle()
    table = await service.get(table.id)
    assert client.dm_attempts.count(ALICE) == 1  # tried once, refused
    client.dm_closed.discard(ALICE)  # she opens her DMs
    turns = 0
    while turns < 3 and table.status is TableStatus.PLAYING:  # her next turns, soon after
        was_hers = _to_act(table, ALICE)
        table = await _move(service, ui, table.id)
        turns += not was_hers and _to_act(table, ALICE)
    assert turns == 3
    assert client.dm_attempts.count(ALICE) == 1, "DMs were tried again at every turn"
    assert len(_reminders(client, ALICE)) == 1
    clock.now += 600.0  # later: the next turn tries a DM again, and it gets through
    while _to_act(table, ALICE):
        table = await _move(service, ui, table.id)
    while not _to_act(table, ALICE):
        table = await _move(service, ui, table.id)
    assert client.dm_attempts.count(ALICE) == 2
    assert any(s.where == f"dm:{ALICE}" and s.custom_ids() for s in client.sent)
    assert _reminders(client, ALICE) == []


async def test_a_new_game_tries_closed_dms_again(service: TableService) -> None:
    client = FakeClient(dm_closed={ALICE})
    ui, first = await _two_humans(service, client)
    assert client.dm_attempts.count(ALICE) == 1
    await service.abort(first, ALICE)
    await ui.settle()
    client.dm_closed.discard(ALICE)
    table = await service.create(
        game_key="euchre", channel_id=6, guild_id=1, host_id=ALICE, host_name="Alice",
        preset="hoyle1871", players=2,
    )
    await service.set_message(table.id, 998)
    await service.join(table.id, BOB, "Bob")
    await service.start_game(table.id, ALICE)
    await ui.settle()
    assert client.dm_attempts.count(ALICE) == 2
    assert any(s.where == f"dm:{ALICE}" for s in client.sent)


def _last_state(message: FakeMessage) -> dict[str, Any]:
    return message.edits[-1] if message.edits else {"content": message.content}


async def test_every_hand_dm_ends_on_the_final_state_without_buttons(
    service: TableService,
) -> None:
    client = FakeClient()
    ui, table_id = await _two_humans(service, client)
    table = await service.get(table_id)
    while table.status is TableStatus.PLAYING:
        table = await _move(service, ui, table_id)
    assert table.status is TableStatus.FINISHED
    for user in (ALICE, BOB):
        kept = [m for m in client.dms if m.where == f"dm:{user}" and not m.deleted]
        assert kept, user
        for message in kept:
            final = _last_state(message)
            assert final.get("view", "missing") is None, (user, final.get("content"))
            assert GAME_OVER in final["content"]
            assert final["embed"].footer.text.endswith("finished")


async def test_resigning_on_ones_turn_takes_the_turn_out_of_the_dm(
    service: TableService,
) -> None:
    client = FakeClient()
    ui, table_id = await _two_humans(service, client)
    table = await service.get(table_id)
    assert table.state is not None
    user = table.seats[table.state.to_act[0]].user_id
    assert user is not None
    (live,) = [m for m in client.dms if m.where == f"dm:{user}" and not m.deleted]
    await service.resign(table_id, user)
    await ui.settle()
    final = _last_state(live)
    assert final.get("view", "missing") is None
    assert "Your turn" not in final["content"]
    assert "You resigned" in final["content"]


async def test_an_ai_move_after_a_timeout_takes_the_turn_out_of_the_dm(
    service: TableService,
) -> None:
    client = FakeClient()
    ui, table_id = await _two_humans(service, client)
    table = await service.get(table_id)
    assert table.state is not None
    user = table.seats[table.state.to_act[0]].user_id
    (live,) = [m for m in client.dms if m.where == f"dm:{user}" and not m.deleted]
    # the turn timer fires (called directly: no waiting for a clock)
    await service._turn_expired(service._live[table_id], table.version)
    await ui.settle()
    final = _last_state(live)
    assert final.get("view", "missing") is None
    assert "Your turn" not in final["content"]


async def test_the_table_edit_of_a_start_goes_out_before_the_hands(
    service: TableService,
) -> None:
    """With production pacing, a Start right after a Join used to wait out the interval while
    the hands were already in DMs: the channel showed the lobby for a second."""
    client = FakeClient()
    ui = TableUI(client, service, edit_interval_s=1.0)  # type: ignore[arg-type]
    service.subscribe(ui.on_update)
    table = await service.create(
        game_key="euchre", channel_id=5, guild_id=1, host_id=ALICE, host_name="Alice",
        preset="hoyle1871", players=2,
    )
    await service.set_message(table.id, 999)
    await service.join(table.id, BOB, "Bob")
    await service.settle(table.id)
    assert client.order == ["edit:999"]  # the join, at once
    await service.start_game(table.id, ALICE)
    await service.settle(table.id)
    first_dm = next(i for i, where in enumerate(client.order) if where.startswith("dm:"))
    assert client.order[:first_dm] == ["edit:999", "edit:999"], client.order
    started = client.edits[1][1]["embed"]
    assert started.footer.text.endswith("playing")
    await ui.close()


async def test_a_restart_redraws_every_open_table_message(service: TableService) -> None:
    """A move saved just before a crash never reached the table message: the new process
    brings it up to date at start."""
    _ui, table_id = await _two_humans(service, FakeClient())
    lobby = await service.create(
        game_key="euchre", channel_id=6, guild_id=1, host_id=BOB, host_name="Bob",
        preset="hoyle1871", players=2,
    )
    await service.set_message(lobby.id, 998)
    service._listeners.clear()  # the old process is gone: nobody shows the next move
    table = await service.get(table_id)
    assert table.state is not None
    seat = table.state.to_act[0]
    user = table.seats[seat].user_id
    assert user is not None
    await service.act(table_id, user, str(table.state.legal_actions(seat)[0]),
                      version=table.version)
    client = FakeClient()
    ui = TableUI(client, service, edit_interval_s=0.0)  # type: ignore[arg-type]
    await ui.reoffer_turns()
    await ui.settle()
    latest = await service.get(table_id)
    redrawn = {message_id: kwargs for message_id, kwargs in client.edits}
    assert set(redrawn) == {999, 998}
    assert redrawn[999]["embed"].to_dict() == _embed(latest)
    assert redrawn[998]["embed"].footer.text.endswith("lobby")


def _embed(table: TableInfo) -> dict[str, Any]:
    """The table message's embed, its picture (the table drawn) included."""
    from bot.discord.table_messages import table_embed, table_picture

    return table_embed(table, table_picture(table)).to_dict()


async def test_a_restart_deletes_the_reminder_the_old_process_left(
    service: TableService,
) -> None:
    old_client = FakeClient(dm_closed={ALICE, BOB})
    old_ui, table_id = await _two_humans(service, old_client)
    table = await service.get(table_id)
    assert table.state is not None
    user = table.seats[table.state.to_act[0]].user_id
    assert user is not None
    (left,) = _reminders(old_client, user)
    service._listeners.remove(old_ui.on_update)  # the old process is gone

    client = FakeClient(dm_closed={ALICE, BOB})
    ui = TableUI(client, service, edit_interval_s=0.0)  # type: ignore[arg-type]
    service.subscribe(ui.on_update)
    await ui.reoffer_turns()
    await ui.settle()
    assert client.deleted_by_id == [left.id]
    assert len(_reminders(client, user)) == 1  # the turn is offered again, once
    await ui.reoffer_turns()  # a second start of the same process deletes nothing of its own
    assert client.deleted_by_id == [left.id]


def test_a_seat_the_ai_plays_is_never_told_it_is_its_turn() -> None:
    """The DM drawn between /resign and the AI's move said "Your turn: follow ♠ if you can."
    (seen in CI): every phase of both games, drawn for a seat the AI plays while it is to act."""
    for key, preset, players in (("euchre", "hoyle1871", 4), ("euchre", "modern", 4),
                                 ("skat", "classic", 3), ("skat", "isko", 4)):
        game = registry.get(key)
        rng = random.Random(5)
        phases: set[str] = set()
        for seed in range(6):
            state = game.new(players, game.options(preset), seed)
            while not state.is_over:
                seat = state.to_act[0]
                table = table_for(state, players).model_copy(update={"game_key": key})
                seats = [s.model_copy(update={"ai_level": "normal", "resigned": True})
                         if s.index == seat else s for s in table.seats]
                content, view = hand_message(table.model_copy(update={"seats": seats}), seat)
                assert "Your turn" not in content, (key, content)
                assert "The AI decides for this seat." in content, content
                assert view is None or not view.children, content
                phases.add(str(getattr(state.view(seat), "phase", "")))
                state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert len(phases) >= 2, phases


async def test_an_update_that_arrives_late_leaves_the_newer_turn_alone(
    service: TableService,
) -> None:
    """Seen in e2e runs: a click's catch-up offered Alice her turn (v71), then the listener's
    update of the move before (v70, not her turn) retired that DM, and no turn was on show."""
    client = FakeClient()
    hands = HandDMs(client, service, budget=None, dm_retry_s=600.0, clock=lambda: 0.0)  # type: ignore[arg-type]
    updates: list[TableUpdate] = []

    async def record(update: TableUpdate) -> None:
        updates.append(update)

    service.subscribe(record)
    table = await service.create(game_key="euchre", channel_id=5, guild_id=1, host_id=ALICE,
                                 host_name="Alice", preset="hoyle1871", players=2)
    await service.join(table.id, BOB, "Bob")
    await service.start_game(table.id, ALICE)
    late = newer = None
    while late is None:
        latest = await service.get(table.id)
        assert latest.state is not None and latest.status is TableStatus.PLAYING
        mover = latest.state.to_act[0]
        user = latest.seats[mover].user_id
        assert user is not None
        await service.act(table.id, user, str(latest.state.legal_actions(mover)[0]),
                          version=latest.version)
        await service.settle()
        for before, after in itertools.pairwise(updates):
            if not _to_act(before.table, ALICE) and _to_act(after.table, ALICE):
                late, newer = before, after
    assert newer is not None
    seat = newer.table.seat_of(ALICE)
    assert seat is not None
    await hands.offer_turn(newer.table, seat.index, ALICE)
    (turn,) = [m for m in client.dms if m.where == f"dm:{ALICE}"]
    await hands.deliver(late)
    await hands.settle()
    assert not turn.deleted
    assert turn.edits == [], "the late update redrew the newer turn's DM without its buttons"
    assert hands.offered(newer.table, seat.index)


def test_only_a_finished_seated_game_offers_a_rematch() -> None:
    lobby = table_for(None, 4, ai=2)
    finished = lobby.model_copy(update={"status": TableStatus.FINISHED})
    view = table_view(finished)
    assert view is not None
    assert [getattr(c, "custom_id", None) for c in view.children] == [
        ids.RematchId(42).encode()]
    assert table_view(lobby.model_copy(update={"status": TableStatus.ABORTED})) is None
    solo = finished.model_copy(update={"game_key": "patience"})
    assert registry.get("patience").traits.mode == "solo"
    assert table_view(solo) is None


def test_a_rematch_lobby_says_who_is_still_awaited() -> None:
    lobby = table_for(None, 4, ai=2)
    seats = list(lobby.seats)
    seats[1] = SeatInfo(index=1, user_id=1001, name="bob_the_*builder*", kept=True)
    rematch = lobby.model_copy(update={"seats": seats, "rematch_of": 12})
    embed = table_embed(rematch)
    field = next(f for f in embed.fields if f.name == "Rematch")
    assert field.value is not None
    assert field.value.startswith(
        "Rematch of table 12: waiting for **bob\\_the\\_\\*builder\\*** to press Join")
    assert "2. bob\\_the\\_\\*builder\\* (kept: press Join to confirm)" in (
        embed.description or "")
    seats[1] = seats[1].model_copy(update={"kept": False})
    back = table_embed(rematch.model_copy(update={"seats": seats}))
    assert next(f.value for f in back.fields if f.name == "Rematch") == (
        "Rematch of table 12: every player is back.")
    assert not any(f.name == "Rematch" for f in table_embed(lobby).fields)
