"""What a patience offers once it ends: the book's Surprise Party after a won Calculation."""

from __future__ import annotations

from bot.games import registry
from bot.games.base import Outcome

WON = Outcome(points=[1.0], ranks=[1], winners=[0])
LOST = Outcome(points=[0.0], ranks=[1], winners=[])


def test_the_surprise_party_follows_a_won_calculation_or_four_kings() -> None:
    game = registry.get("patience")
    for variant in ("the_calculation", "the_four_kings"):
        assert game.follow_ups(game.options(variant), WON) == ["the_surprise_party"]
        assert game.follow_ups(game.options(variant), LOST) == []
    assert game.follow_ups(game.options("napoleon_at_st_helena"), WON) == []
    assert "the_surprise_party" in {v.id for v in game.variants()}
