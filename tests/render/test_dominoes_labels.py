"""A dominoes button says its move in words: Bingo's declaration names the double it plays."""

from __future__ import annotations

from bot.i18n import using
from bot.render import action_label
from tests.games.dominoes.test_bingo import X, Y, fixed


def test_a_bingo_declaration_reads_as_words() -> None:
    state = fixed([X, Y], turned="6-2")
    view = state.view(0)
    declare = next(a for a in state.legal_actions(0) if str(a) == "declare:5-5")
    label = action_label(view, declare)
    assert label.startswith("Declare, playing ") and "declare:" not in label
    with using("de"):
        assert action_label(view, declare).startswith("Ansagen und ")
