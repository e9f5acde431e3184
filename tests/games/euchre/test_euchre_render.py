"""The Euchre text renderer: labels in the game's words, tables that hide what they must."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import render
from bot.games.base import Action
from bot.games.cards import pretty
from bot.games.euchre import GAME, EuchreState
from bot.games.euchre.rules import TrickRecord
from bot.render import euchre as r

DEAL: dict[str, Any] = {
    "dealer": 0,
    "hands": [
        ["DJ", "DQ", "DT", "C8", "S8"],
        ["HJ", "HA", "C7", "S7", "D7"],
        ["SA", "SK", "SQ", "CA", "CK"],
        ["ST", "S9", "CT", "C9", "DA"],
    ],
    "turn_up": "H9",
}
NAMES = ["Ann", "Bob", "Cy", "Di"]


def start(**overrides: Any) -> EuchreState:
    return GAME.new(4, GAME.options("hoyle1871", **overrides), 1, deal=DEAL)


def run(s: EuchreState, *actions: str) -> EuchreState:
    for a in actions:
        s, _ = s.apply(s.to_act[0], a)
    return s


def labels(s: EuchreState) -> list[str]:
    v = s.view(s.to_act[0])
    return [r.action_label(v, a) for a in s.legal_actions(s.to_act[0])]


def test_round_one_labels_per_seat() -> None:
    s = start()
    assert labels(s) == ["Order up ♥", "Order up ♥ alone", "Pass"]
    s = run(s, "pass")
    assert labels(s) == ["I assist", "I assist alone", "Pass"]
    s = run(s, "pass", "pass")
    assert labels(s) == ["Take up", "Take up alone", "Turn down"]


def test_round_two_discard_defend_and_play_labels() -> None:
    s = run(start(), *["pass"] * 7)
    assert labels(s)[:2] == ["Name ♠", "Name ♠ alone"] and labels(s)[-1] == "Bunch"
    s = run(start(allow_defend_alone=True), "order:alone")
    assert labels(s)[:2] == ["Discard J♦", "Discard Q♦"]
    s = run(s, "discard:C8")
    assert labels(s) == ["Defend alone", "Pass"]
    s = run(s, "pass", "pass")
    assert labels(s) == ["J♥", "A♥", "7♣", "7♠", "7♦"]


@pytest.mark.parametrize(
    ("action", "label"), [("name:D-alone", "Name ♦ alone"), ("bunch", "Bunch")]
)
def test_label_for_any_action_string(action: str, label: str) -> None:
    assert render.action_label(start().view(None), Action.parse(action)) == label


def test_table_shows_trump_maker_alone_and_the_trick() -> None:
    s = run(start(), "pass", "pass", "order:alone", "discard:C8", "play:SA")
    text = render.table_text(s.view(None), NAMES)
    assert "Trump: **♥**, made by **Di** **alone**" in text
    assert "Sitting out: Bob" in text
    assert "On the table: Cy A♠" in text
    assert "**Di** to play." in text
    assert "Dealer: **Ann**" in text and "Ann/Cy **0**" in text
    assert "8♣" not in text  # the discard is nobody's business


def test_hand_text_trump_first_and_the_decision() -> None:
    s = start()
    text = render.hand_text(s.view(0), NAMES)
    assert "Your hand** (Ann): J♦  |  8♠  |  8♣  |  Q♦ 10♦" in text  # ♥ turned: J♦ is left bower
    assert "Waiting for Bob." in text
    text = render.hand_text(s.view(1), NAMES)
    assert "Order it up, or pass?" in text
    s = run(s, "pass")
    assert "Say “I assist”, or pass?" in render.hand_text(s.view(2), NAMES)
    s = run(s, "assist", "discard:C8")
    assert "You discarded the 8♣." in render.hand_text(s.view(0), NAMES)
    assert "discarded" not in render.hand_text(s.view(1), NAMES)
    assert render.hand_text(s.view(None), NAMES) == "Spectators hold no cards."


def test_rendering_whole_random_games_never_shows_hidden_cards() -> None:
    for seed in range(24):
        players = 2 + seed % 3
        preset = "modern" if seed % 2 else "hoyle1871"
        s = GAME.new(players, GAME.options(preset), seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_act[0]
            public = render.table_text(s.view(None), [])
            hidden = {c for h in s.hands for c in h} | set(s.stock)
            if s.discard:
                hidden.add(s.discard)
            shown = [c for c in hidden - {s.turn_up} if pretty(c) in public.split("Last hand")[0]]
            assert not shown, (seed, shown, public)
            v = s.view(seat)
            mine = render.hand_text(v, [])
            assert all(pretty(c) in mine for c in s.hands[seat])
            legal = s.legal_actions(seat)
            lbls = [render.action_label(v, a) for a in legal]
            assert len(set(lbls)) == len(lbls) and all(0 < len(x) <= 80 for x in lbls)
            s, _ = s.apply(seat, rng.choice(legal))
        assert "win" in render.table_text(s.view(None), [])


def test_final_table_names_the_winner_and_the_three_handed_tie_break() -> None:
    s = GAME.new(3, GAME.options(), 2)
    tricks = [TrickRecord(leader=w, plays=[(w, "CA")], winner=w) for w in (1, 0, 1, 0)]
    s = s.model_copy(
        update={
            "phase": "play",
            "trump": "H",
            "maker": 2,
            "alone": False,
            "scores": [4, 3, 0],
            "hands": [["C7"], ["S7"], ["HJ"]],
            "tricks": tricks,
            "trick": [],
            "leader": 0,
            "turn": 0,
        }
    )
    s = run(s, "play:C7", "play:S7", "play:HJ")
    text = render.table_text(s.view(None), ["Ann", "Bob", "Cy"])
    assert "🏆 **Bob** wins the game." in text
    assert "Ann and Bob both reached 5: Bob took two of the euchring tricks first" in text
    assert "Ann **6** · Bob **5** · Cy **0**" in text
    assert render.hand_text(s.view(1), []).endswith("The game is over.")


def modern(**overrides: Any) -> EuchreState:
    deal = {**DEAL, "hands": [[c for c in h] for h in DEAL["hands"]]}
    return GAME.new(4, GAME.options("modern", **overrides), 1, deal=_nines(deal))


def _nines(deal: dict[str, Any]) -> dict[str, Any]:
    """The same deal with the 24-card deck's cards (7s and 8s become 9s and 10s)."""
    swap = {"C8": "C9", "S8": "S9", "C7": "CQ", "S7": "SJ", "D7": "D9", "ST": "HT", "S9": "HK",
            "C9": "HQ", "CT": "CJ"}
    hands = [[swap.get(c, c) for c in h] for h in deal["hands"]]
    return {**deal, "hands": hands, "turn_up": "H9"}


def test_a_modern_table_speaks_modern_words_throughout() -> None:
    s = modern()
    assert labels(s) == ["Order up ♥", "Order up ♥, go alone", "Pass"]
    s = run(s, "pass")
    assert labels(s) == ["Order up ♥", "Order up ♥, go alone", "Pass"]  # no “assist”
    assert "Order it up, or pass?" in render.hand_text(s.view(2), NAMES)
    s = run(s, "pass", "pass")
    assert labels(s) == ["Pick it up", "Pick it up, go alone", "Turn it down"]
    assert "Pick up the 9♥" in render.hand_text(s.view(0), NAMES)
    assert "to pick it up or turn it down" in render.table_text(s.view(None), NAMES)
    s = run(s, *["pass"] * 4)
    assert labels(s)[:2] == ["Call ♠", "Call ♠, go alone"] and labels(s)[-1] == "Pass"
    assert "pass (the hand is thrown in)" in render.hand_text(s.view(0), NAMES)
    text = render.table_text(run(modern(), "pass", "assist").view(None), NAMES)
    assert "Cy orders up ♥" in text
    for words in ("assist", "Assist", "bunch", "Bunch", "Take up", "takes up"):
        assert words not in text + " ".join(labels(s))


def test_the_book_keeps_its_own_words() -> None:
    s = run(start(), *["pass"] * 7)
    assert labels(s)[-1] == "Bunch"
    assert "bunch the cards?" in render.hand_text(s.view(0), NAMES)
    text = render.table_text(run(start(), "pass", "assist").view(None), NAMES)
    assert "Cy says “I assist”" in text


def test_moves_are_told_in_words_and_a_discard_never_names_its_card() -> None:
    s = run(start(), "pass", "pass", "order")
    public = s.view(None)
    secret = s.public_action("discard:C8")
    assert str(secret) == "discard"
    assert render.move_text(public, secret) == "discarded a card face down"
    assert render.move_text(public, Action.parse("discard:C8")) == "discarded a card face down"
    s = run(s, "discard:C8")
    assert render.move_text(s.view(None), Action.parse("play:SA")) == "played the Ace of spades"
    first = start()
    assert render.move_text(first.view(None), Action.parse("order:alone")) == (
        "ordered up ♥ and played alone")
    assert render.move_text(first.view(None), Action.parse("pass")) == "passed"
    dealer = run(start(), "pass", "pass", "pass")
    assert render.move_text(dealer.view(None), Action.parse("pass")) == "turned it down"
    assert render.move_text(modern().view(None), Action.parse("order:alone")) == (
        "ordered up ♥ and went alone")


def test_card_buttons_come_in_the_order_the_hand_is_shown() -> None:
    s = run(start(), "pass", "pass", "pass", "take")  # the dealer holds six and discards
    view = s.view(0)
    shown = render.hand_text(view, NAMES).split("\n")[0]
    ordered = [a.arg for a in render.arrange(view, s.legal_actions(0))]
    assert ordered != [a.arg for a in s.legal_actions(0)]  # the rules list them as dealt
    positions = [shown.index(pretty(c)) for c in ordered]
    assert positions == sorted(positions)


def test_results_name_the_players_not_the_seats() -> None:
    rng = random.Random(5)
    s = start()
    while not s.is_over:
        seat = s.to_act[0]
        s, _ = s.apply(seat, rng.choice(s.legal_actions(seat)))
    outcome = s.outcome()
    assert outcome is not None
    lines = render.outcome_lines(s.view(None), outcome, NAMES)
    assert any("Ann/Cy" in line or "Bob/Di" in line for line in lines)
    assert not any(w in line for line in lines for w in ("North", "South", "East", "West"))
    text = render.table_text(s.view(None), NAMES)
    assert "Last hand:" in text and "North" not in text and "East" not in text
