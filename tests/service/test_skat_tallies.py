"""A finished Skat series records each player's list points (the score sheet's totals) as a
tally, and the leaderboard row carries it beside the rating."""

from __future__ import annotations

from bot.games.skat.rules import SkatState
from tests.service.conftest import Harness

ANN, BOB = 101, 102


async def test_list_points_are_tallied_and_shown_on_the_leaderboard(harness: Harness) -> None:
    svc, _ = await harness.open()
    info = await svc.create(game_key="skat", channel_id=5, guild_id=9, host_id=ANN,
                            host_name="Ann", preset="isko", options={"deals": 3}, players=3,
                            seed=11)
    await svc.join(info.id, BOB, "Bob")
    await svc.add_ai(info.id, ANN)
    await svc.start_game(info.id, ANN)
    await svc.resign(info.id, ANN)  # the AI plays both human seats to the end
    await svc.resign(info.id, BOB)
    await svc.settle()
    table = await svc.get(info.id)
    assert isinstance(table.state, SkatState) and table.state.is_over
    totals = table.state.sheet.list_totals()
    rows = {r.user_id: r for r in await svc.leaderboard("skat", 9)}
    for user, seat in ((ANN, 0), (BOB, 1)):
        assert rows[user].tallies["list_points"] == totals[seat]
        assert rows[user].tallies["games"] == 1
    stats = await svc.stats(ANN, 9)
    assert stats.per_game["skat"]["list_points"] == totals[0]
    # A second series adds to the running list.
    again = await svc.create(game_key="skat", channel_id=6, guild_id=9, host_id=ANN,
                             host_name="Ann", preset="isko", options={"deals": 1}, players=3,
                             seed=12)
    await svc.add_ai(again.id, ANN)
    await svc.add_ai(again.id, ANN)
    await svc.start_game(again.id, ANN)
    await svc.resign(again.id, ANN)
    await svc.settle()
    second = await svc.get(again.id)
    assert isinstance(second.state, SkatState)
    rows = {r.user_id: r for r in await svc.leaderboard("skat", 9)}
    assert rows[ANN].tallies["list_points"] == totals[0] + second.state.sheet.list_totals()[0]
