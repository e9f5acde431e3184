"""History: recent finished games listed newest first, and replays of finished games rebuilt
from the seed and the action log, step by step, with their deal and trick boundaries."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import State
from bot.service.errors import NoTable, NotAllowed, NotFinished
from bot.service.models import TableInfo, TableStatus
from bot.service.tables import TableService

GUILD = 8
USERS = [501, 502, 503, 504]


async def seated_table(svc: TableService, game_key: str, players: int, *, channel: int = 1,
                       preset: str | None = None, options: dict[str, Any] | None = None,
                       seed: int = 11) -> TableInfo:
    """A started table with a person in every seat (so the test plays every move)."""
    info = await svc.create(game_key=game_key, channel_id=channel, guild_id=GUILD,
                            host_id=USERS[0], host_name="P1", preset=preset, options=options,
                            players=players, seed=seed)
    for i in range(1, players):
        await svc.join(info.id, USERS[i], f"P{i + 1}")
    return await svc.start_game(info.id, USERS[0])


async def play_out(svc: TableService, info: TableInfo, rng: random.Random) -> TableInfo:
    """Random legal moves for every seat until the game is over."""
    while True:
        now = await svc.get(info.id)
        if now.status is not TableStatus.PLAYING:
            return now
        assert now.state is not None
        seat = now.state.to_act[0]
        action = rng.choice(now.state.legal_actions(seat))
        await svc.act(info.id, USERS[seat], str(action), version=now.version)


def states_of(game_key: str, info: TableInfo, actions: list[Any]) -> list[State]:
    """The states a plain replay of the log makes: the reference the service must match."""
    game = registry.get(game_key)
    states = [game.new(info.players, game.options(info.preset, **info.options), info.seed)]
    for row in actions:
        states.append(states[-1].apply(row.seat, row.action)[0])
    return states


GAMES = [("euchre", 4, "hoyle1871", None), ("skat", 3, "classic", {"deals": 2})]


@pytest.mark.parametrize(("game_key", "players", "preset", "options"), GAMES)
async def test_replay_step_k_is_the_log_s_first_k_moves(
        svc: TableService, game_key: str, players: int, preset: str,
        options: dict[str, Any] | None) -> None:
    info = await seated_table(svc, game_key, players, preset=preset, options=options)
    done = await play_out(svc, info, random.Random(3))
    assert done.status is TableStatus.FINISHED
    actions = await svc.store.actions(info.id)
    states = states_of(game_key, done, actions)
    assert states[-1] == done.state
    first = await svc.replay(info.id, 0, user_id=USERS[1])
    assert first.steps == len(actions) and first.seat == 1
    for k in sorted({0, 1, 2, len(actions) // 3, len(actions) // 2, len(actions) - 1,
                     len(actions)}):
        step = await svc.replay(info.id, k, user_id=USERS[1], guild_id=GUILD)
        assert step.step == k
        assert step.public == states[k].view(None)
        assert step.own == states[k].view(1)
        assert (step.outcome is not None) == (k == len(actions))
        if k:
            assert step.mover == actions[k - 1].seat
            assert step.move == str(states[k - 1].public_action(actions[k - 1].action))
            assert step.before == states[k - 1].view(None)
    # Out of range clamps to the ends.
    assert (await svc.replay(info.id, 10**9, user_id=USERS[0])).step == len(actions)
    assert (await svc.replay(info.id, -5, user_id=USERS[0])).step == 0


@pytest.mark.parametrize(("game_key", "players", "preset", "options"), GAMES)
async def test_deal_and_trick_boundaries(
        svc: TableService, game_key: str, players: int, preset: str,
        options: dict[str, Any] | None) -> None:
    info = await seated_table(svc, game_key, players, preset=preset, options=options, seed=5)
    done = await play_out(svc, info, random.Random(8))
    actions = await svc.store.actions(info.id)
    states = states_of(game_key, done, actions)
    step = await svc.replay(info.id, 0, user_id=USERS[0])
    # A deal starts where the deal's number changes (Skat's deal_no, Euchre's deal_no).
    deal_of = [getattr(s, "deal_no") for s in states]  # noqa: B009 - both games have it
    expected_deals = [0] + [k for k in range(1, len(states)) if deal_of[k] != deal_of[k - 1]]
    assert step.deal_starts == expected_deals
    if game_key == "skat":
        assert len(step.deal_starts) == 2  # the series' two deals
    else:
        assert len(step.deal_starts) >= 2  # a game to 5 takes two hands or more
    # A trick starts with a card played to an empty trick.
    expected_tricks = [k for k in range(1, len(states))
                       if actions[k - 1].action.startswith("play:") and not states[k - 1].trick]
    assert step.trick_starts == expected_tricks and expected_tricks
    # The numbers a viewer reads: deal and trick (within the deal) at each step.
    for k in (0, *expected_tricks[:6], len(states) - 1):
        at = await svc.replay(info.id, k, user_id=USERS[0])
        deal = sum(1 for d in expected_deals if d <= k)
        assert at.deal == deal
        start = expected_deals[deal - 1]
        tricks = sum(1 for t in expected_tricks if start <= t <= k)
        assert at.trick == (tricks or None)


async def test_refusals_open_aborted_unknown_wrong_game_and_elsewhere(
        svc: TableService) -> None:
    with pytest.raises(NoTable):
        await svc.replay(999, 0, user_id=USERS[0])
    with pytest.raises(NoTable):
        await svc.replay(2**63, 0, user_id=USERS[0])
    info = await seated_table(svc, "euchre", 4, preset="hoyle1871")
    with pytest.raises(NotFinished, match="not over yet"):
        await svc.replay(info.id, 0, user_id=USERS[0], guild_id=GUILD)
    lobby = await svc.create(game_key="toy", channel_id=2, guild_id=GUILD, host_id=USERS[0],
                             host_name="P1")
    await svc.abort(lobby.id, USERS[0])
    with pytest.raises(NotFinished, match="closed without a result"):
        await svc.replay(lobby.id, 0, user_id=USERS[0], guild_id=GUILD)
    done = await play_out(svc, info, random.Random(1))
    assert done.status is TableStatus.FINISHED
    with pytest.raises(NotAllowed, match="is a game of euchre"):
        await svc.replay(info.id, 0, user_id=USERS[0], game_key="skat")
    # A stranger of another server (or none) may not look; one of the same server sees the
    # public table and no hand.
    with pytest.raises(NotAllowed, match="only its players"):
        await svc.replay(info.id, 0, user_id=777, guild_id=GUILD + 1)
    with pytest.raises(NotAllowed, match="only its players"):
        await svc.replay(info.id, 0, user_id=777, guild_id=None)
    seen = await svc.replay(info.id, 3, user_id=777, guild_id=GUILD)
    assert seen.own is None and seen.seat is None


async def test_a_log_that_does_not_replay_is_refused(svc: TableService) -> None:
    info = await seated_table(svc, "toy", 2)
    done = await play_out(svc, info, random.Random(2))
    assert done.status is TableStatus.FINISHED
    await svc.store._run(lambda raw: raw.execute(
        "DELETE FROM actions WHERE table_id = ? AND seq = (SELECT MAX(seq) FROM actions"
        " WHERE table_id = ?)", (info.id, info.id)))
    with pytest.raises(NotAllowed, match="cannot be replayed"):
        await svc.replay(info.id, 0, user_id=USERS[0])


async def test_recent_games_newest_first_limited_per_user_and_channel(
        svc: TableService) -> None:
    finished = []
    for n in range(12):
        info = await seated_table(svc, "toy", 2, channel=100 + n % 2, seed=n)
        finished.append(await play_out(svc, info, random.Random(n)))
    open_one = await seated_table(svc, "toy", 2, channel=200)  # still playing: not listed
    other = await svc.create(game_key="euchre", channel_id=300, guild_id=GUILD,
                             host_id=USERS[0], host_name="P1")
    recent = await svc.recent_games("toy", user_id=USERS[0], channel_id=100)
    ids = [g.table_id for g in recent.mine]
    assert ids == sorted((t.id for t in finished), reverse=True)[:10]
    assert open_one.id not in ids and other.id not in ids
    assert [g.table_id for g in recent.here] == sorted(
        (t.id for t in finished if t.channel_id == 100), reverse=True)
    assert all(g.channel_id == 100 for g in recent.here)
    line = recent.mine[0]
    assert line.players == ["P1", "P2"] and line.winners and "won" in line.result
    newest = recent.mine[0].finished_at
    assert all(g.finished_at <= newest for g in recent.mine)
    # A user who never played, in a channel without games: nothing.
    empty = await svc.recent_games("toy", user_id=999, channel_id=555)
    assert empty.mine == [] and empty.here == []
    few = await svc.recent_games("toy", user_id=USERS[1], channel_id=None, limit=3)
    assert len(few.mine) == 3 and few.here == []


async def test_a_game_without_deals_or_tricks_just_has_steps(svc: TableService) -> None:
    info = await seated_table(svc, "toy", 2)
    await play_out(svc, info, random.Random(4))
    actions = await svc.store.actions(info.id)
    step = await svc.replay(info.id, 1, user_id=USERS[0])
    assert step.deal_starts == [] and step.trick_starts == []
    assert step.deal is None and step.trick is None and step.steps == len(actions)
    # Only the seat's own secret is in its view; the other seat's is not.
    assert step.own is not None and step.own.secret is not None  # type: ignore[attr-defined]
    assert step.public.secret is None  # type: ignore[attr-defined]
