"""Moves as people write them: `bot.games.spoken` reads free text against the legal actions.

The round-trip property runs over random play-outs of every registered game and preset: each
legal action's own text, its spoken form and the label a front end shows for it read back to that
very action, so a player can always type what they see.
"""

from __future__ import annotations

import random

import pytest

from bot import render
from bot.games import registry
from bot.games.base import Action, GameError, IllegalAction, act
from bot.games.spoken import read_move, spoken

HAND = [act("play", c) for c in ["CJ", "SJ", "H9", "HT", "DA"]]
EUCHRE_BID = [act("order"), act("order", "alone"), act("pass")]


@pytest.mark.parametrize(
    ("text", "meant"),
    [
        ("9h", "play:H9"), ("h9", "play:H9"), ("9♥", "play:H9"), ("play jack of clubs", "play:CJ"),
        ("jc", "play:CJ"), ("J♣", "play:CJ"), ("10 of hearts", "play:HT"), ("ten of hearts",
        "play:HT"), ("10h", "play:HT"), ("ace", "play:DA"), ("play:HT", "play:HT"),
        ("  PLAY Jack Of Clubs ", "play:CJ"), ("the ace of diamonds please", "play:DA"),
    ],
)
def test_cards_as_people_write_them(text: str, meant: str) -> None:
    assert str(read_move(text, HAND)) == meant


@pytest.mark.parametrize(
    ("text", "meant"),
    [("order up", "order"), ("Order", "order"), ("order up alone", "order:alone"),
     ("alone", "order:alone"), ("pass", "pass"), ("no", "pass")],
)
def test_bids_as_people_say_them(text: str, meant: str) -> None:
    assert str(read_move(text, EUCHRE_BID)) == meant


def test_discard_of_a_dealer_and_of_skat() -> None:
    euchre = [act("discard", c) for c in ["H9", "SA", "CJ"]]
    assert str(read_move("discard 9♥", euchre)) == "discard:H9"
    skat = [act("discard", "CJ,H9"), act("discard", "CJ,SA"), act("discard", "H9,SA")]
    assert str(read_move("9h and the jack of clubs", skat)) == "discard:CJ,H9"
    assert str(read_move("discard:H9,CJ", skat)) == "discard:CJ,H9"  # any order of the two


@pytest.mark.parametrize(
    ("text", "legal", "says"),
    [
        ("jack", HAND, "Did you mean play jack of clubs or play jack of spades?"),
        ("hearts", HAND, "Did you mean play 9 of hearts or play 10 of hearts?"),
        ("queen of spades", HAND, "can't read “queen of spades”"),
        ("order up", HAND, "can't read"),
        ("", HAND, "can't read"),
        ("play", HAND, "fits 5 moves"),
        ("take up", EUCHRE_BID, "you may: order up, order up alone, pass"),
    ],
)
def test_unclear_or_impossible_text_is_refused_politely(
    text: str, legal: list[Action], says: str
) -> None:
    with pytest.raises(IllegalAction) as refused:
        read_move(text, legal)
    assert says in str(refused.value)


def test_refusals_use_the_labels_the_player_sees() -> None:
    shown = ["J♣", "J♠", "9♥", "10♥", "A♦"]
    labels = dict(zip(HAND, shown, strict=True))
    with pytest.raises(IllegalAction, match="Did you mean J♣ or J♠"):
        read_move("jack", HAND, labels)


def test_a_label_word_does_not_beat_the_move_it_names() -> None:
    """Skat's defender sees "Kontra" and "No Kontra": "kontra" is Kontra, "no kontra" passes."""
    legal = [act("kontra"), act("pass")]
    labels = {legal[0]: "Kontra", legal[1]: "No Kontra"}
    assert read_move("kontra", legal, labels) == legal[0]
    assert read_move("no kontra", legal, labels) == legal[1]


def _positions(key: str, preset: str, players: int, seed: int) -> list[tuple[object, int]]:
    """(state, seat) pairs along one random play-out (seeded, so a failure names its game)."""
    game = registry.get(key)
    state = game.new(players, game.options(preset), seed)
    rng = random.Random(seed)
    out: list[tuple[object, int]] = []
    for _ in range(400):
        if not state.to_act:
            break
        seat = state.to_act[0]
        out.append((state, seat))
        state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def _playable(key: str, preset: str, players: int) -> bool:
    game = registry.get(key)
    try:
        game.check_players(players, game.options(preset))
    except GameError:
        return False
    return True


CASES = [
    (key, preset, players, seed)
    for key in ("euchre", "skat")
    for preset in registry.get(key).presets
    for players in registry.get(key).players
    if _playable(key, preset, players)
    for seed in range(3)
]


@pytest.mark.parametrize(("key", "preset", "players", "seed"), CASES)
def test_every_legal_action_reads_back_from_its_text_words_and_label(
    key: str, preset: str, players: int, seed: int
) -> None:
    for state, seat in _positions(key, preset, players, seed):
        legal = state.legal_actions(seat)  # type: ignore[attr-defined]
        view = state.view(seat)  # type: ignore[attr-defined]
        labels = {a: render.action_label(view, a) for a in legal}
        for action in legal:
            for text in (str(action), spoken(action), labels[action]):
                got = read_move(text, legal, labels)
                assert got == action, (text, [str(a) for a in legal])
            assert read_move(spoken(action), legal) == action
