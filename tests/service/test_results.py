"""Finishing: result rows, OpenSkill ratings (free-for-all and teams), leaderboards, stats."""

from __future__ import annotations

from bot.service.models import TableInfo, TableStatus
from bot.service.ratings import DEFAULT_MU, display_rating
from bot.service.tables import TableService
from bot.store import GLOBAL_SCOPE
from tests.service.conftest import Harness

ANN, BOB, CAT = 501, 502, 503
G1, G2 = 71, 72


async def _play_out(svc: TableService, info: TableInfo, strategy: dict[int, str]) -> TableInfo:
    """Humans play ``take:N`` (or their last legal move); AI seats play themselves."""
    while True:
        await svc.settle(info.id)
        now = await svc.get(info.id)
        if now.status is not TableStatus.PLAYING:
            return now
        assert now.state is not None
        seat = now.seats[now.state.to_act[0]]
        assert seat.user_id is not None and not seat.is_ai
        legal = [str(a) for a in now.state.legal_actions(seat.index)]
        move = strategy.get(seat.user_id, legal[-1])
        await svc.act(now.id, seat.user_id, move if move in legal else legal[-1],
                      version=now.version)


async def _game(svc: TableService, guild: int, channel: int, users: list[tuple[int, str]],
                ai: int = 0, **options: object) -> TableInfo:
    (host, host_name), *rest = users
    info = await svc.create(game_key="toy", channel_id=channel, guild_id=guild, host_id=host,
                            host_name=host_name, players=len(users) + ai, options=options)
    for uid, name in rest:
        info = await svc.join(info.id, uid, name)
    return await svc.start_game(info.id, host, fill_with_ai=True)


async def test_finish_writes_results_and_rates_humans_only(harness: Harness) -> None:
    svc, rec = await harness.open()
    # Pile 4, take up to 3: Ann must leave 4k... she cannot win against best play, so Bob's
    # "take the rest" wins; the AI never gets a move that matters.
    info = await _game(svc, G1, 1, [(ANN, "Ann"), (BOB, "Bob")], ai=1, pile=4)
    done = await _play_out(svc, info, {ANN: "take:1", BOB: "take:3"})
    assert done.status is TableStatus.FINISHED and done.turn_deadline is None
    results = await svc.store.results(info.id)
    assert [(r.seat, r.user_id, r.won, r.rank, r.points) for r in results] == [
        (0, ANN, False, 2, 0.0), (1, BOB, True, 1, 1.0), (2, None, False, 2, 0.0)
    ]
    assert all(r.game_key == "toy" and r.guild_id == G1 for r in results)
    await svc.settle()
    final = rec.updates[-1]
    assert final.reason == "finished" and final.notice == "Game over: Bob wins."
    assert final.table.status is TableStatus.FINISHED
    for scope in (GLOBAL_SCOPE, G1):
        rated = await svc.store.ratings("toy", scope, [ANN, BOB, 0])
        assert set(rated) == {ANN, BOB}  # the AI seat is not rated
        assert rated[BOB].mu > DEFAULT_MU > rated[ANN].mu
    assert await svc.table_in_channel(1) is None


async def test_leaderboards_global_and_per_server(svc: TableService) -> None:
    # Bob beats Ann in server G1 twice; Ann beats Cat in server G2.
    for channel in (1, 2):
        info = await _game(svc, G1, channel, [(ANN, "Ann"), (BOB, "Bob")], pile=4)
        await _play_out(svc, info, {ANN: "take:1", BOB: "take:3"})
    info = await _game(svc, G2, 3, [(ANN, "Ann"), (CAT, "Cat")], pile=3)
    await _play_out(svc, info, {ANN: "take:3"})

    g1 = await svc.leaderboard("toy", G1)
    assert [(r.user_id, r.games, r.wins) for r in g1] == [(BOB, 2, 2), (ANN, 2, 0)]
    g2 = await svc.leaderboard("toy", G2)
    assert [(r.user_id, r.games, r.wins) for r in g2] == [(ANN, 1, 1), (CAT, 1, 0)]
    everywhere = await svc.leaderboard("toy", None)
    assert {r.user_id: (r.games, r.wins) for r in everywhere} == {
        BOB: (2, 2), ANN: (3, 1), CAT: (1, 0)
    }
    assert everywhere[0].user_id == BOB
    assert [r.rating for r in everywhere] == sorted((r.rating for r in everywhere), reverse=True)
    assert len(await svc.leaderboard("toy", None, limit=2)) == 2
    assert await svc.leaderboard("euchre", G1) == []

    stats = await svc.stats(ANN)
    toy = stats.per_game["toy"]
    assert (toy["games"], toy["wins"], toy["points"], toy["resigns"]) == (3, 1, 1.0, 0)
    assert toy["rating"] == next(r.rating for r in everywhere if r.user_id == ANN)
    in_g2 = (await svc.stats(ANN, G2)).per_game["toy"]
    assert (in_g2["games"], in_g2["wins"]) == (1, 1)
    assert in_g2["rating"] > display_rating(DEFAULT_MU, 25 / 3)
    assert (await svc.stats(999)).per_game == {}


async def test_partnerships_are_rated_as_teams(svc: TableService) -> None:
    # Seats 0+2 (Ann, Cat) against 1+3 (Bob, AI). Ann takes the last counter at once.
    info = await _game(svc, G1, 1, [(ANN, "Ann"), (BOB, "Bob"), (CAT, "Cat")], ai=1,
                       pile=3, teams=True)
    done = await _play_out(svc, info, {ANN: "take:3"})
    results = {r.seat: r for r in await svc.store.results(done.id)}
    assert [results[s].won for s in range(4)] == [True, False, True, False]
    rated = await svc.store.ratings("toy", G1, [ANN, BOB, CAT])
    assert rated[ANN].mu == rated[CAT].mu > DEFAULT_MU > rated[BOB].mu
