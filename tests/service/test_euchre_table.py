"""A whole four-handed Euchre game through the service: 1 human + 3 AI, restarted midway."""

from __future__ import annotations

import random

from bot.games import registry
from bot.service.models import TableStatus
from bot.store import GLOBAL_SCOPE
from tests.service.conftest import Harness

ANN = 601


async def test_euchre_with_three_ai_survives_a_restart(harness: Harness) -> None:
    svc, _ = await harness.open(ai_budget_ms=10)
    info = await svc.create(game_key="euchre", channel_id=1, guild_id=8, host_id=ANN,
                            host_name="Ann", preset="hoyle1871")
    info = await svc.start_game(info.id, ANN, fill_with_ai=True)
    assert [s.is_ai for s in info.seats] == [False, True, True, True]
    assert [s.name for s in info.seats][1:] == [
        f"AI ({n})" for n in registry.get("euchre").seat_names(4, registry.get("euchre")
                                                                .options("hoyle1871"))[1:]
    ]
    rng = random.Random(7)
    moves = 0
    restarted = False
    while True:
        await svc.settle(info.id)
        now = await svc.get(info.id)
        if now.status is not TableStatus.PLAYING:
            break
        assert now.state is not None and now.state.to_act == [0]
        # Restart early in the game (a game to 5 takes two hands or more, and Ann bids or
        # plays in every hand she is not laid aside in), whatever the time-bound AIs chose.
        if not restarted and now.version >= info.version + 3:
            before = now
            await svc.close()
            svc, _ = await harness.open(ai_budget_ms=10)
            after = await svc.get(info.id)
            assert after.state == before.state and after.version == before.version
            restarted = True
            continue
        legal = now.state.legal_actions(0)
        await svc.act(info.id, ANN, str(rng.choice(legal)), version=now.version)
        moves += 1
    assert restarted and now.status is TableStatus.FINISHED

    results = await svc.store.results(info.id)
    assert len(results) == 4 and [r.user_id for r in results] == [ANN, None, None, None]
    assert results[0].won == results[2].won != results[1].won == results[3].won  # partners
    assert set(await svc.store.ratings("euchre", GLOBAL_SCOPE, [ANN])) == {ANN}
    # The action log replays to the final snapshot.
    game = registry.get("euchre")
    state = game.new(4, game.options("hoyle1871"), now.seed)
    for a in await svc.store.actions(info.id):
        state, _ = state.apply(a.seat, a.action)
    assert state == now.state
