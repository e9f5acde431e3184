"""The dice renderer: faces as ⚀-⚅, kept dice marked, names in place of seats, labels that
tell apart every move of a seat, and text for every variant at any moment of a game."""

from __future__ import annotations

import random

from bot.games.dice import GAME
from bot.render import action_label, hand_text, move_text, outcome_lines, table_text
from bot.render.dice import dice_text
from tests.games.dice.helpers import new, play

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"]


def test_faces_and_kept_dice() -> None:
    assert dice_text([1, 2, 3, 4, 5, 6]) == "⚀ ⚁ ⚂ ⚃ ⚄ ⚅"
    assert dice_text([6, 5, 3], [True, False, True]) == "[⚅] ⚄ [⚂]"


def test_the_table_shows_the_throws_scores_turn_and_names() -> None:
    state, _ = play(new("throwing_dice", throws=[[1, 4, 6], [5, 2, 3], [5, 5, 4]]), "roll")
    text = table_text(state.view(None), NAMES[:2])
    assert "⚀ ⚃ ⚅ · ⚄ ⚁ ⚂ · ⚄ ⚄ ⚃" in text and "Ann: 35" in text
    assert "Bob to throw." in text and "Seat" not in text


def test_poker_labels_tell_every_keep_apart() -> None:
    state, _ = play(new("draw_poker", throws=[[5, 3, 6, 2, 5]]), "roll")
    view = state.view(0)
    labels = [action_label(view, a) for a in state.legal_actions(0)]
    assert len(set(labels)) == len(labels) == 32
    assert "Keep 1,5 (⚄ ⚄), throw 3" in labels
    assert "Stand" in hand_text(view, NAMES[:2])
    assert move_text(view, state.legal_actions(0)[0]) == "stood"


def test_every_variant_renders_at_every_moment_and_names_the_winner() -> None:
    for variant in GAME.variants():
        options = GAME.options(variant.id)
        players = GAME.default_players_for(options)
        state = GAME.new(players, options, 7)
        rng = random.Random(7)
        while True:
            view = state.view(None)
            assert table_text(view, NAMES[:players]).startswith(f"**{variant.title}**")
            if state.is_over:
                break
            seat = state.to_act[0]
            for action in state.legal_actions(seat):
                assert action_label(state.view(seat), action)
            state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
        outcome = state.outcome()
        assert outcome is not None
        lines = outcome_lines(state.view(None), outcome, NAMES[:players])
        winner = NAMES[outcome.winners[0]]
        assert winner in lines[0] or (state.table.losers and "lose" in lines[0])
        assert "Game over:" in table_text(state.view(None), NAMES[:players])
