"""The Skat renderer: every view of a random series renders, labels fit a button, and the text
for one seat never names a card hidden from it."""

from __future__ import annotations

import random

from bot.games.cards import pretty
from bot.games.skat import GAME
from bot.games.skat.rules import FULL_DECK, SkatState
from bot.render import action_label, hand_text, table_text

NAMES = ["Anna", "Bert", "Cleo", "Dora", "Emil"]


def visible(st: SkatState, seat: int | None) -> set[str]:
    view = st.view(seat)
    seen = {c for _, c in st.trick} | {c for t in st.tricks for _, c in t.plays}
    seen |= {c for cards in view.open_hands.values() for c in cards}
    seen |= set(view.hand) | set(view.skat or []) | set(view.laid_away or [])
    seen |= {c for c in (view.peek, view.turned) if c}
    return seen


def test_every_view_renders_without_leaking() -> None:
    for seed, (preset, players) in enumerate([("classic", 3), ("classic", 5), ("isko", 4)] * 4):
        st = GAME.new(players, GAME.options(preset, deals=1), seed=seed)
        rng = random.Random(seed)
        while st.to_act:
            for seat in [None, *range(players)]:
                view = st.view(seat)
                text = table_text(view, NAMES) + "\n" + hand_text(view, NAMES)
                for card in set(FULL_DECK) - visible(st, seat):
                    assert pretty(card) not in text, (seat, card, text)
            seat = st.to_act[0]
            legal = st.legal_actions(seat)
            for action in legal:
                label = action_label(st.view(seat), action)
                assert 0 < len(label) <= 80
            st, _ = st.apply(seat, rng.choice(legal))
        assert "series is over" in table_text(st.view(None), NAMES)


def test_labels_speak_skat() -> None:
    st = GAME.new(3, GAME.options("classic"), seed=1, deal={"dealer": 2})
    view = st.view(1)
    assert action_label(view, st.legal_actions(1)[0]) == "10"
    st, _ = st.apply(1, "bid:18")
    assert [action_label(st.view(0), a) for a in st.legal_actions(0)] == ["Ja (18)", "Passe"]
    st, _ = st.apply(0, "pass")
    st, _ = st.apply(2, "pass")
    labels = {action_label(st.view(1), a) for a in st.legal_actions(1)}
    assert {"Turn the left card", "Guckser Grand", "Club Solo, schneider announced",
            "Open Grand", "Revolution"} <= labels
    assert "Reizen: Bert 18, Anna passe, Cleo passe" in table_text(
        st.view(None), NAMES)
