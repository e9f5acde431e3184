"""The dice planner offers exactly the seat's legal actions: buttons for throws and stands, and
Draw Poker's keeps as one select of places whose every allowed pick combines into a legal keep."""

from __future__ import annotations

from itertools import combinations

from bot.discord.custom_ids import fits
from bot.discord.dice_planner import plan_dice
from bot.discord.layout import MAX_ROWS, ButtonSpec, SelectSpec, combine, plan_for
from bot.games import registry
from bot.games.dice.catalogue import CATALOGUE
from tests.render.test_dice_pictures import positions


def _reachable(layout_rows: list[list[ButtonSpec] | SelectSpec]) -> set[str]:
    out: set[str] = set()
    for row in layout_rows:
        if isinstance(row, SelectSpec):
            values = [v for v, _ in row.options]
            for n in range(row.min_values, row.max_values + 1):
                for pick in combinations(values, n):
                    joined = combine(list(pick), values)
                    assert joined is not None
                    out.add(joined)
        else:
            out |= {b.action for b in row}
    return out


def test_every_position_offers_exactly_its_legal_actions() -> None:
    kinds: set[str] = set()
    for variant in sorted(CATALOGUE):
        for state in positions(variant, 15, seed=8):
            if state.is_over:
                continue
            seat = state.to_act[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            layout = plan_for("dice", view, legal, state.options, 42, 7)
            assert layout.dropped == 0 and len(layout.rows) <= MAX_ROWS
            assert _reachable(layout.rows) == {str(a) for a in legal}
            assert all(fits(a, 42, 7) for a in _reachable(layout.rows))
            kinds |= {a.kind for a in legal}
    assert kinds == {"roll", "stand", "hold"}


def test_the_poker_draw_is_two_buttons_and_a_select_of_the_five_places() -> None:
    game = registry.get("dice")
    state = game.new(2, game.options("draw_poker"), 1, deal=[[2, 6, 3, 6, 1]])
    state, _ = state.apply(0, "roll")
    layout = plan_dice(state.view(0), state.legal_actions(0), state.options, 42, 7)
    buttons, select = layout.rows
    assert isinstance(buttons, list) and [b.label for b in buttons] == [
        "Stand", "Throw all five again"]
    assert isinstance(select, SelectSpec) and select.max_values == 4
    assert [label for _, label in select.options][1] == "Keep die 2: ⚅ (6)"
    assert combine(["hold:4", "hold:2"], [v for v, _ in select.options]) == "hold:2,4"
