"""Play: refusals, stale and concurrent clicks, AI turns on their own view, listeners, resign."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.games import registry
from bot.service import ai as ai_module
from bot.service.errors import IllegalMove, NotAllowed, NotSeated, NotYourTurn, StaleAction
from bot.service.models import TableInfo, TableStatus, TableUpdate
from bot.service.tables import TableService
from tests.service import toygame
from tests.service.conftest import Harness

ANN, BOB, CAT = 201, 202, 203


async def _playing(
    svc: TableService, *, ai: int = 0, humans: int = 2, **options: object
) -> TableInfo:
    info = await svc.create(game_key="toy", channel_id=1, guild_id=7, host_id=ANN,
                            host_name="Ann", players=humans + ai, options=options or None)
    for uid, name in [(BOB, "Bob"), (CAT, "Cat")][: humans - 1]:
        info = await svc.join(info.id, uid, name)
    return await svc.start_game(info.id, ANN, fill_with_ai=ai > 0)


async def test_refusals_say_why(svc: TableService) -> None:
    info = await _playing(svc)
    with pytest.raises(NotSeated):
        await svc.act(info.id, CAT, "take:1", version=info.version)
    with pytest.raises(NotYourTurn, match="waiting for Ann"):
        await svc.act(info.id, BOB, "take:1", version=info.version)
    with pytest.raises(IllegalMove, match="not a legal move"):
        await svc.act(info.id, ANN, "take:4", version=info.version)
    with pytest.raises(IllegalMove, match="not a move I understand"):
        await svc.act(info.id, ANN, "take 1!", version=None)
    with pytest.raises(StaleAction, match="earlier moment"):
        await svc.act(info.id, ANN, "take:1", version=info.version - 1)
    assert (await svc.get(info.id)).version == info.version  # nothing changed
    lobby = await svc.create(game_key="toy", channel_id=2, guild_id=7, host_id=ANN,
                             host_name="Ann")
    with pytest.raises(NotAllowed, match="not started"):
        await svc.act(lobby.id, ANN, "take:1", version=None)


async def test_act_commits_logs_and_returns_events(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _playing(svc)
    result = await svc.act(info.id, ANN, "take:2", version=info.version)
    assert result.table.version == info.version + 1
    assert result.table.state is not None and result.table.state.pile == 5  # type: ignore[attr-defined]
    assert [e.kind for e in result.events] == ["take", "peek"]
    assert result.events[1].private_to == 0
    typed = await svc.act(info.id, BOB, "take:1", version=None)  # a typed command
    assert typed.table.version == info.version + 2
    log = await svc.store.actions(info.id)
    assert [(a.seq, a.seat, a.user_id, a.action, a.reason) for a in log] == [
        (info.version + 1, 0, ANN, "take:2", "human"),
        (info.version + 2, 1, BOB, "take:1", "human"),
    ]
    await svc.settle()
    acts = [u for u in rec.updates if u.reason == "action"]
    assert [u.table.version for u in acts] == [info.version + 1, info.version + 2]
    assert acts[0].actor_seat == 0 and acts[0].events == result.events


async def test_duplicate_click_is_refused(svc: TableService) -> None:
    info = await _playing(svc)
    await svc.act(info.id, ANN, "take:1", version=info.version)
    with pytest.raises(StaleAction):
        await svc.act(info.id, ANN, "take:1", version=info.version)
    assert len(await svc.store.actions(info.id)) == 1


async def test_two_simultaneous_clicks_exactly_one_applies(svc: TableService) -> None:
    for round_ in range(5):
        info = await svc.create(game_key="toy", channel_id=100 + round_, guild_id=7,
                                host_id=ANN, host_name="Ann", players=2)
        info = await svc.join(info.id, BOB, "Bob")
        info = await svc.start_game(info.id, ANN)
        outcomes = await asyncio.gather(
            svc.act(info.id, ANN, "take:1", version=info.version),
            svc.act(info.id, ANN, "take:2", version=info.version),
            return_exceptions=True,
        )
        applied = [o for o in outcomes if not isinstance(o, BaseException)]
        refused = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(applied) == 1 and len(refused) == 1
        assert isinstance(refused[0], StaleAction)
        assert len(await svc.store.actions(info.id)) == 1
        assert (await svc.get(info.id)).version == info.version + 1


async def test_ai_plays_its_turns_on_its_own_view(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _playing(svc, ai=2, humans=1, pile=30)
    state = info.state
    assert state is not None
    while True:
        await svc.settle(info.id)
        now = await svc.get(info.id)
        if now.status is TableStatus.FINISHED:
            break
        assert now.state is not None and now.state.to_act == [0]  # only the human waits
        legal = now.state.legal_actions(0)
        await svc.act(info.id, ANN, str(legal[0]), version=now.version)
    assert toygame.SEEN, "the AI was never asked"
    secrets = state.secrets  # type: ignore[attr-defined]
    for view in toygame.SEEN:
        assert view.seat in (1, 2)
        assert view.secret == secrets[view.seat]  # its own card...
        assert "secrets" not in view.model_dump()  # ...and nobody else's
    ai_moves = [a for a in await svc.store.actions(info.id) if a.reason == "ai"]
    assert ai_moves and all(a.user_id is None and a.seat in (1, 2) for a in ai_moves)
    await svc.settle()
    assert rec.reasons(info.id)[-1] == "finished"


async def test_ai_over_budget_or_broken_still_moves_legally(
    svc: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai_module, "hard_limit_s", lambda budget_ms: 0.02)
    toygame.KNOBS["sleep_ms"] = 300
    info = await _playing(svc, ai=1, humans=1, pile=20)
    info = (await svc.act(info.id, ANN, "take:1", version=info.version)).table
    await svc.settle(info.id)
    after = await svc.get(info.id)
    assert after.version == info.version + 1  # the AI's (fallback) move was applied
    toygame.KNOBS.clear()
    toygame.KNOBS["broken"] = True
    after = (await svc.act(info.id, ANN, "take:1", version=after.version)).table
    await svc.settle(info.id)
    final = await svc.get(info.id)
    assert final.version == after.version + 1
    moves = [a.action for a in await svc.store.actions(info.id)]
    assert all(m in ("take:1", "take:2", "take:3") for m in moves)


async def test_ai_runs_off_the_event_loop(
    svc: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the AI thinks (in a thread), the loop keeps serving other tables."""
    monkeypatch.setattr(ai_module, "hard_limit_s", lambda budget_ms: 30.0)
    gate = threading.Event()
    toygame.KNOBS["gate"] = gate
    slow = await _playing(svc, ai=1, humans=1, pile=20)
    slow = (await svc.act(slow.id, ANN, "take:1", version=slow.version)).table
    other = await svc.create(game_key="toy", channel_id=99, guild_id=7, host_id=BOB,
                             host_name="Bob")
    other = await svc.join(other.id, CAT, "Cat")
    assert (await svc.get(slow.id)).version == slow.version  # the AI is still thinking
    gate.set()
    await svc.settle()
    assert (await svc.get(slow.id)).version == slow.version + 1


async def test_a_failing_listener_breaks_nothing(harness: Harness) -> None:
    svc, rec = await harness.open()
    seen: list[str] = []

    async def bad(update: TableUpdate) -> None:
        seen.append(update.reason)
        raise RuntimeError("discord is down")

    svc.subscribe(bad)
    info = await _playing(svc)
    await svc.act(info.id, ANN, "take:1", version=info.version)
    await svc.settle()
    assert seen == rec.reasons() == ["created", "joined", "started", "action"]


async def test_listener_may_call_back_into_the_service(harness: Harness) -> None:
    svc, _ = await harness.open()
    got: list[int] = []

    async def chatty(update: TableUpdate) -> None:
        if update.reason == "joined":
            info = await svc.get(update.table.id)
            got.append(info.version)
            await svc.add_ai(info.id, ANN)  # publishes again, from inside a listener

    svc.subscribe(chatty)
    info = await svc.create(game_key="toy", channel_id=3, guild_id=7, host_id=ANN,
                            host_name="Ann", players=3)
    await svc.join(info.id, BOB, "Bob")
    await svc.settle()
    assert got == [2]
    assert len((await svc.get(info.id)).seats) == 3


async def test_updates_reach_listeners_in_commit_order(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _playing(svc, ai=3, humans=1, pile=60)
    await svc.resign(info.id, ANN)  # all AI now: a burst of commits
    await svc.settle()
    versions = [u.table.version for u in rec.updates if u.table.id == info.id]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    assert rec.reasons(info.id)[-1] == "finished"


async def test_resign_hands_seat_to_ai_and_counts_as_loss(harness: Harness) -> None:
    svc, rec = await harness.open()
    info = await _playing(svc, pile=13)  # Ann moves first and can force the win
    info = await svc.resign(info.id, BOB)
    bob = info.seat_of(BOB)
    assert bob is not None and bob.resigned and bob.ai_level == "normal"
    with pytest.raises(NotAllowed, match="already resigned"):
        await svc.resign(info.id, BOB)
    with pytest.raises(NotAllowed, match="resigned"):
        await svc.join(info.id, BOB, "Bob")
    with pytest.raises(NotAllowed, match="resigned"):
        await svc.act(info.id, BOB, "take:1", version=None)
    while (now := await svc.get(info.id)).status is TableStatus.PLAYING:
        assert now.state is not None
        if 0 in now.state.to_act:
            best = now.state.pile % 4  # type: ignore[attr-defined]
            await svc.act(info.id, ANN, f"take:{best}", version=now.version)
        await svc.settle(info.id)
    results = await svc.store.results(info.id)
    assert [(r.user_id, r.resigned, r.won) for r in results] == [
        (ANN, False, True), (BOB, True, False)
    ]
    assert results[1].rank > results[0].rank
    await svc.settle()
    assert "resigned" in rec.reasons(info.id)
    assert registry.get("toy").key == "toy"
