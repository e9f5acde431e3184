"""Every checkable fact of the Euchre spec (part 1), played through the public state API.

Seats four-handed: 0 North, 1 East, 2 South, 3 West; North/South are partners. Most tests fix
the first deal with North dealing, so the calls go East, South (assists), West, North (takes).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from bot.games.base import IllegalAction, InvalidOptions, rng_for
from bot.games.cards import deck
from bot.games.euchre import GAME, EuchreState
from bot.games.euchre.ranking import effective_suit, legal_plays, power, sort_hand, trick_winner
from bot.games.euchre.rules import TrickRecord, first_dealer

# Deal B: East holds the right bower, North (dealer) the left bower; hearts turned up.
DEAL_B: dict[str, Any] = {
    "dealer": 0,
    "hands": [
        ["DJ", "DQ", "DT", "C8", "S8"],  # North, dealer
        ["HJ", "HA", "C7", "S7", "D7"],  # East
        ["SA", "SK", "SQ", "CA", "CK"],  # South
        ["ST", "S9", "CT", "C9", "DA"],  # West
    ],
    "turn_up": "H9",
}


def new(
    players: int = 4,
    deal: dict[str, Any] | None = None,
    preset: str = "hoyle1871",
    seed: int = 1,
    **overrides: Any,
) -> EuchreState:
    return GAME.new(players, GAME.options(preset, **overrides), seed, deal=deal)


def run(state: EuchreState, *actions: str) -> EuchreState:
    for a in actions:
        state, _ = state.apply(state.to_act[0], a)
    return state


def legal(state: EuchreState) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_act[0])]


# ---- card ranking (L1584) -----------------------------------------------------------------


def trumps_high_to_low(trump: str, ranks: str = "AKQJT987") -> list[str]:
    cards = [c for c in deck(ranks) if effective_suit(c, trump) == trump]
    return sorted(cards, key=lambda c: -power(c, trump, trump))


def test_hearts_trump_right_and_left_bower_then_whist_order() -> None:
    assert trumps_high_to_low("H") == ["HJ", "DJ", "HA", "HK", "HQ", "HT", "H9", "H8", "H7"]


def test_spades_trump_bowers_are_spade_and_club_jacks() -> None:
    assert trumps_high_to_low("S")[:3] == ["SJ", "CJ", "SA"]
    assert trumps_high_to_low("D")[:2] == ["DJ", "HJ"]
    assert trumps_high_to_low("C")[:2] == ["CJ", "SJ"]


def test_nine_trumps_with_32_cards_seven_with_24() -> None:
    assert len(trumps_high_to_low("H")) == 9
    assert len(trumps_high_to_low("H", "AKQJT9")) == 7


def test_same_colour_suit_loses_its_jack_other_colour_keeps_it() -> None:
    diamonds = sorted(
        (c for c in deck("AKQJT987") if effective_suit(c, "H") == "D"),
        key=lambda c: -power(c, "H", "D"),
    )
    assert diamonds == ["DA", "DK", "DQ", "DT", "D9", "D8", "D7"]
    clubs = sorted(
        (c for c in deck("AKQJT987") if effective_suit(c, "H") == "C"),
        key=lambda c: -power(c, "H", "C"),
    )
    assert clubs == ["CA", "CK", "CQ", "CJ", "CT", "C9", "C8", "C7"]


def test_bowers_change_with_trump() -> None:
    assert effective_suit("DJ", "H") == "H"
    assert effective_suit("DJ", "D") == "D"
    assert effective_suit("DJ", "S") == "D"
    assert effective_suit("DJ", None) == "D"


def test_trick_winner_left_bower_beats_ace_and_leads_as_trump() -> None:
    assert trick_winner([(0, "HA"), (1, "DJ"), (2, "HK")], "H") == 1
    assert trick_winner([(0, "HA"), (1, "DJ"), (2, "HJ")], "H") == 2
    # the left bower led is a trump lead: the diamond ace does not follow and cannot win
    assert trick_winner([(0, "DJ"), (1, "DA"), (2, "H7")], "H") == 0
    # no trump played: the best card of the suit led wins, off-suit aces do not
    assert trick_winner([(0, "C9"), (1, "SA"), (2, "CT")], "H") == 2
    assert trick_winner([(0, "C9"), (1, "SA"), (2, "H7")], "H") == 2


def test_legal_plays_left_bower_follows_trump_not_its_own_suit() -> None:
    hand = ["DJ", "D9", "CA"]
    assert sorted(legal_plays(hand, [(0, "H7")], "H")) == ["DJ"]
    assert sorted(legal_plays(hand, [(0, "DA")], "H")) == ["D9"]
    assert sorted(legal_plays(hand, [(0, "SA")], "H")) == sorted(hand)
    assert sorted(legal_plays(hand, [], "H")) == sorted(hand)


def test_sort_hand_puts_trump_first() -> None:
    assert sort_hand(["C7", "DJ", "HA", "S9", "HJ"], "H") == ["HJ", "DJ", "HA", "S9", "C7"]


# ---- deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "preset", "left_over"),
    [(2, "hoyle1871", 22), (3, "hoyle1871", 17), (4, "hoyle1871", 12), (4, "modern", 4)],
)
def test_five_cards_each_and_the_rest_with_the_turn_up(
    players: int, preset: str, left_over: int
) -> None:
    s = new(players, preset=preset, seed=7)
    assert [len(h) for h in s.hands] == [5] * players
    assert len(s.stock) + 1 == left_over
    all_cards = [c for h in s.hands for c in h] + s.stock + [s.turn_up]
    assert sorted(all_cards) == sorted(deck("AKQJT987" if preset == "hoyle1871" else "AKQJT9"))
    assert s.turn == (s.dealer + 1) % players


def test_deal_k_comes_from_the_seed() -> None:
    a, b = new(seed=11), new(seed=11)
    assert a == b
    assert new(seed=12).hands != a.hands
    # the first hand is deal 0 of rng_for(seed, "deal", 0): reshuffle and compare the pack
    pack = deck("AKQJT987")
    rng_for(11, "deal", 0).shuffle(pack)
    assert a.turn_up in pack and a.turn_up not in {c for h in a.hands for c in h}


def test_first_dealer_first_jack_is_deterministic_and_varies() -> None:
    o = GAME.options()
    dealers = {first_dealer(4, o, seed) for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert all(new(seed=s).dealer == first_dealer(4, o, s) for s in range(10))


def test_fixed_deal_is_validated() -> None:
    bad = {**DEAL_B, "turn_up": "HJ"}  # also in East's hand
    with pytest.raises(InvalidOptions):
        new(deal=bad)
    with pytest.raises(InvalidOptions):
        new(deal={**DEAL_B, "hands": DEAL_B["hands"][:3]})


# ---- round 1 (L1588, L1596) -----------------------------------------------------------------


def test_round_one_word_depends_on_the_seat_four_handed() -> None:
    s = new(deal=DEAL_B)
    assert s.turn == 1 and legal(s) == ["order", "order:alone", "pass"]
    s = run(s, "pass")
    assert s.turn == 2 and legal(s) == ["assist", "assist:alone", "pass"]
    s = run(s, "pass")
    assert s.turn == 3 and legal(s) == ["order", "order:alone", "pass"]
    s = run(s, "pass")
    assert s.turn == 0 and legal(s) == ["take", "take:alone", "pass"]


@pytest.mark.parametrize("players", [2, 3])
def test_round_one_without_partners_has_no_assist_and_no_alone(players: int) -> None:
    s = new(players, seed=3)
    words = []
    for _ in range(players):
        words.append(legal(s))
        s = run(s, "pass")
    assert words == [["order", "pass"]] * (players - 1) + [["take", "pass"]]
    assert s.phase == "bid2"


def test_order_up_dealer_takes_the_card_and_discards_for_good() -> None:
    s = run(new(deal=DEAL_B), "order")
    assert (s.phase, s.trump, s.maker, s.alone, s.turn) == ("discard", "H", 1, False, 0)
    assert "H9" in s.hands[0] and len(s.hands[0]) == 6
    # ordered up by an opponent: the dealer may only discard, never go alone (L1602)
    assert legal(s) == [f"discard:{c}" for c in s.hands[0]]
    s2, events = s.apply(0, "discard:C8")
    assert s2.discard == "C8" and len(s2.hands[0]) == 5 and s2.phase == "play"
    private = [e for e in events if e.private_to is not None]
    assert [e.private_to for e in private] == [0] and "8♣" in private[0].text
    assert all("8♣" not in e.text for e in events if e.private_to is None)
    with pytest.raises(IllegalAction):
        s2.apply(0, "discard:DQ")


def test_assist_makes_the_partner_maker_and_the_dealer_cannot_go_alone() -> None:
    s = run(new(deal=DEAL_B), "pass", "assist")
    assert (s.maker, s.phase, s.turn) == (2, "discard", 0)
    assert not any("alone" in a for a in legal(s))
    with pytest.raises(IllegalAction):
        s.apply(0, "take:alone")


def test_only_the_maker_declares_alone_with_the_bid() -> None:
    s = run(new(deal=DEAL_B), "order:alone")
    assert s.alone and s.maker == 1 and s.sitting_out == [3]
    s = run(new(deal=DEAL_B), "pass", "pass", "pass", "take:alone", "discard:C8")
    assert s.alone and s.maker == 0 and s.sitting_out == [2]
    assert s.turn == 1 and s.phase == "play"


def test_alone_can_be_switched_off() -> None:
    s = new(deal=DEAL_B, allow_alone=False)
    assert legal(s) == ["order", "pass"]


# ---- round 2, bunch, redeal (L1590) --------------------------------------------------------


def test_round_two_bars_the_turned_down_suit() -> None:
    s = run(new(deal=DEAL_B), "pass", "pass", "pass", "pass")
    assert s.phase == "bid2" and s.turn_up_state == "turned_down" and s.turn == 1
    names = [a for a in legal(s) if a.startswith("name:")]
    assert names == ["name:S", "name:S-alone", "name:D", "name:D-alone", "name:C", "name:C-alone"]
    with pytest.raises(IllegalAction, match="turned down"):
        s.apply(1, "name:H")
    s = run(s, "name:S")
    assert (s.trump, s.maker, s.phase, s.turn) == ("S", 1, "play", 1)
    assert "H9" not in s.hands[0]  # nobody takes a turned-down card


def test_dealer_may_bunch_and_the_deal_passes_left() -> None:
    s = run(new(deal=DEAL_B), "pass", "pass", "pass", "pass", "pass", "pass", "pass")
    assert s.turn == 0 and legal(s)[-1] == "bunch" and "pass" not in legal(s)
    with pytest.raises(IllegalAction):
        s.apply(0, "pass")
    s2, events = s.apply(0, "bunch")
    assert (s2.dealer, s2.deal_no, s2.phase, s2.turn) == (1, 1, "bid1", 2)
    assert s2.scores == [0, 0] and s2.hands != s.hands
    assert any(e.kind == "redeal" for e in events)


def test_without_a_second_round_one_round_of_passes_redeals() -> None:
    s = run(new(deal=DEAL_B, second_round=False), "pass", "pass", "pass", "pass")
    assert (s.dealer, s.deal_no, s.phase) == (1, 1, "bid1")


def test_stick_the_dealer_forces_the_dealer_to_name() -> None:
    s = run(new(deal=DEAL_B, stick_the_dealer=True), *["pass"] * 7)
    assert s.turn == 0 and all(a.startswith("name:") for a in legal(s))
    with pytest.raises(IllegalAction, match="Stick the dealer"):
        s.apply(0, "bunch")
    s = run(s, "name:C")
    assert (s.trump, s.maker) == ("C", 0)


def test_two_handed_second_round_and_new_deal() -> None:
    deal = {"dealer": 0, "hands": DEAL_B["hands"][:2], "turn_up": "H9"}
    s = run(new(2, deal=deal), "pass", "pass")
    assert s.phase == "bid2" and s.turn == 1 and legal(s)[-1] == "pass"
    s = run(s, "pass")
    assert legal(s)[-1] == "bunch"
    s = run(s, "bunch")
    assert (s.dealer, s.deal_no, s.turn) == (1, 1, 0)


# ---- play ----------------------------------------------------------------------------------


def test_follow_suit_and_the_left_bower_follows_trump() -> None:
    s = run(new(deal=DEAL_B), "order", "discard:C8")
    assert s.turn == 1  # left of the dealer leads
    s = run(s, "play:HJ")
    assert len(legal(s)) == 5  # South holds no trump
    s = run(s, "play:SA", "play:ST")
    assert legal(s) == ["play:DJ", "play:H9"]  # North must follow trump with the left bower
    with pytest.raises(IllegalAction, match="follow suit"):
        s.apply(0, "play:DQ")
    s = run(s, "play:H9")
    assert s.tricks[-1].winner == 1 and s.turn == 1
    s = run(s, "play:D7", "play:SK")
    assert legal(s) == ["play:DA"]
    s = run(s, "play:DA")
    assert legal(s) == ["play:DQ", "play:DT"]  # the left bower is no diamond


def test_lone_players_partner_sits_out_and_next_active_leads() -> None:
    # West goes alone: East, left of the dealer, sits out, so South leads
    s = run(new(deal=DEAL_B), "pass", "pass", "order:alone", "discard:C8")
    assert s.sitting_out == [1] and s.active == [0, 2, 3]
    assert s.phase == "play" and s.leader == 2 and s.turn == 2
    s = run(s, "play:SA")
    assert s.turn == 3
    s = run(s, "play:ST")
    assert s.turn == 0
    s = run(s, "play:S8")
    assert len(s.tricks) == 1 and len(s.tricks[0].plays) == 3 and s.trick == []
    assert s.legal_actions(1) == []


def test_assist_alone_dealer_sits_out_and_keeps_no_turn_up() -> None:
    s = run(new(deal=DEAL_B), "pass", "assist:alone")
    assert s.sitting_out == [0] and s.turn_up_state == "set_aside"
    assert s.phase == "play" and s.turn == 1 and [len(h) for h in s.hands] == [5] * 4
    assert "H9" not in s.hands[0]


def test_two_handed_non_dealer_leads() -> None:
    deal = {"dealer": 0, "hands": DEAL_B["hands"][:2], "turn_up": "H9"}
    s = run(new(2, deal=deal), "order", "discard:C8")
    assert s.phase == "play" and s.turn == 1 and s.leader == 1


def test_defend_alone_against_a_lone_maker() -> None:
    s = run(new(deal=DEAL_B, allow_defend_alone=True), "order:alone", "discard:C8")
    assert s.phase == "defend" and s.turn == 2 and legal(s) == ["defend", "pass"]
    s = run(s, "pass")
    assert s.turn == 0
    s = run(s, "defend")
    assert s.defender_alone == 0 and s.sitting_out == [2, 3] and s.turn == 1
    # no defend phase when the maker has his partner with him
    s = run(new(deal=DEAL_B, allow_defend_alone=True), "order", "discard:C8")
    assert s.phase == "play"


# ---- scoring (L1588-L1598) -----------------------------------------------------------------


def last_trick(
    players: int,
    maker: int,
    alone: bool,
    winners: list[int],
    last_winner: int,
    defender_alone: int | None = None,
    scores: list[int] | None = None,
    **overrides: Any,
) -> EuchreState:
    """A state before the fifth trick: four tricks won by ``winners``, the last by whoever
    holds the right bower (``last_winner``)."""
    s = new(players, **overrides)
    out = [(maker + 2) % 4] if alone and players == 4 else []
    if defender_alone is not None:
        out.append((defender_alone + 2) % 4)
    active = [p for p in range(players) if p not in out]
    fillers = iter(["C7", "S7", "D7"])
    hands = [
        ["HJ"] if p == last_winner else [next(fillers)] if p in active else ["C8"]
        for p in range(players)
    ]
    tricks = [TrickRecord(leader=w, plays=[(w, "CA")], winner=w) for w in winners]
    return s.model_copy(
        update={
            "phase": "play",
            "trump": "H",
            "maker": maker,
            "alone": alone,
            "defender_alone": defender_alone,
            "hands": hands,
            "tricks": tricks,
            "trick": [],
            "leader": winners[-1],
            "turn": winners[-1],
            "scores": scores if scores is not None else s.scores,
        }
    )


def finish(state: EuchreState) -> EuchreState:
    while state.phase == "play":
        seat = state.to_act[0]
        state, _ = state.apply(seat, state.legal_actions(seat)[0])
    return state


@pytest.mark.parametrize(
    ("winners", "last", "alone", "gained", "overrides"),
    [
        ([1, 1, 3, 0], 1, False, [0, 1], {}),  # makers 3: 1
        ([1, 1, 3, 3], 0, False, [0, 1], {}),  # makers 4: 1
        ([1, 1, 3, 3], 1, False, [0, 2], {}),  # march: 2
        ([1, 1, 1, 1], 1, True, [0, 4], {}),  # lone march: 4
        ([1, 1, 1, 0], 0, True, [0, 1], {}),  # alone, 3 tricks: 1
        ([1, 0, 2, 0], 1, False, [2, 0], {}),  # euchred: 2
        ([0, 0, 2, 0], 2, True, [2, 0], {}),  # lone hand euchred: 2 (the general rule)
        ([0, 0, 2, 0], 2, True, [4, 0], {"alone_euchred_value": 4}),
        ([1, 1, 1, 1], 1, False, [0, 3], {"march_value": 3}),
    ],
)
def test_scoring_table_four_handed(
    winners: list[int], last: int, alone: bool, gained: list[int], overrides: dict[str, Any]
) -> None:
    s = finish(last_trick(4, 1, alone, winners, last, **overrides))
    assert s.last_hand is not None and s.last_hand.gained == gained
    assert s.scores == gained and s.deal_no == 1 and s.dealer == (s.last_hand.dealer + 1) % 4


def test_lone_defender_who_euchres_scores_the_defend_alone_value() -> None:
    s = finish(last_trick(4, 1, True, [0, 0, 1, 0], 1, defender_alone=0, allow_defend_alone=True))
    assert s.last_hand is not None and s.last_hand.gained == [4, 0]


@pytest.mark.parametrize(
    ("winners", "last", "gained"),
    [
        ([2, 2, 0, 1], 2, [0, 0, 1]),  # maker West makes 3
        ([2, 2, 2, 2], 2, [0, 0, 2]),  # march
        ([0, 1, 2, 0], 1, [2, 2, 0]),  # euchred: 2 to EACH defender (L1594)
    ],
)
def test_scoring_three_handed(winners: list[int], last: int, gained: list[int]) -> None:
    s = finish(last_trick(3, 2, False, winners, last))
    assert s.last_hand is not None and s.last_hand.gained == gained


def test_two_handed_march_and_euchre() -> None:
    s = finish(last_trick(2, 0, False, [0, 0, 0, 0], 0))
    assert s.last_hand is not None and s.last_hand.gained == [2, 0]
    s = finish(last_trick(2, 0, False, [1, 0, 1, 0], 1))
    assert s.last_hand is not None and s.last_hand.gained == [0, 2]


def test_three_handed_tie_break_first_to_two_euchring_tricks_goes_out() -> None:
    # North at 4 and East at 3 euchre West: both pass 5; East took two tricks first
    s = finish(last_trick(3, 2, False, [1, 0, 1, 0], 2, scores=[4, 3, 0]))
    assert s.phase == "over" and s.scores == [6, 5, 0]
    out = s.outcome()
    assert out is not None and out.winners == [1] and out.ranks == [2, 1, 3]
    assert "goes out first" in " ".join(out.lines)
    # the same hand with North first to two tricks: North goes out
    s = finish(last_trick(3, 2, False, [0, 0, 1, 1], 2, scores=[3, 4, 0]))
    out = s.outcome()
    assert out is not None and out.winners == [0] and out.ranks == [1, 2, 3]


def test_game_ends_at_target_with_team_points_for_both_partners() -> None:
    s = finish(last_trick(4, 1, False, [1, 1, 1, 1], 1, scores=[2, 3]))
    assert s.phase == "over" and s.to_act == [] and s.legal_actions(0) == []
    out = s.outcome()
    assert out is not None
    assert out.points == [2, 5, 2, 5] and out.winners == [1, 3] and out.ranks == [2, 1, 2, 1]
    assert out.teams == [[0, 2], [1, 3]] and out.lines[0] == "East/West win 5-2"
    with pytest.raises(IllegalAction):
        s.apply(1, "pass")


def test_below_target_the_game_goes_on() -> None:
    s = finish(last_trick(4, 1, False, [1, 1, 1, 1], 1, scores=[2, 2]))
    assert s.phase == "bid1" and s.scores == [2, 4] and s.outcome() is None


@pytest.mark.parametrize(
    ("preset", "target", "deck_size"), [("hoyle1871", 5, "32"), ("modern", 10, "24")]
)
def test_preset_targets_and_decks(preset: str, target: int, deck_size: str) -> None:
    o = GAME.options(preset)
    assert (o.target, o.deck, o.stick_the_dealer, o.alone_euchred_value) == (
        target,
        deck_size,
        False,
        2,
    )
    assert GAME.options().preset == "hoyle1871"


# ---- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"stick_the_dealer": True, "second_round": False}, "second round"),
        ({"target": 0}, "target"),
        ({"alone_euchred_value": 3}, "alone_euchred_value"),
        ({"allow_defend_alone": True, "allow_alone": False}, "lone maker"),
        ({"lone_march_value": 1}, "lone march"),
        ({"deck": "52"}, "deck"),
        ({"jokers": True}, "jokers"),
    ],
)
def test_impossible_options_are_refused_with_a_reason(
    overrides: dict[str, Any], reason: str
) -> None:
    with pytest.raises(InvalidOptions, match=reason):
        GAME.options("modern", **overrides)


def test_defending_alone_needs_four_players() -> None:
    o = GAME.options("modern", allow_defend_alone=True)
    GAME.new(4, o, 1)
    with pytest.raises(InvalidOptions, match="four players"):
        GAME.new(3, o, 1)
    with pytest.raises(InvalidOptions):
        GAME.new(5, GAME.options(), 1)


def test_teams_and_seat_names() -> None:
    o = GAME.options()
    assert GAME.teams(4, o) == [[0, 2], [1, 3]] and GAME.teams(3, o) is None
    assert GAME.seat_names(4, o) == ["North", "East", "South", "West"]
    assert len(set(GAME.seat_names(3, o))) == 3


def test_rules_text_speaks_euchre_and_follows_the_options() -> None:
    text = GAME.rules_text(GAME.options())
    for word in ("right bower", "left bower", "assist", "bunch", "march", "euchred", "alone"):
        assert word in text.lower()
    assert "32 cards" in text and "**5**" in text
    modern = GAME.rules_text(GAME.options("modern", stick_the_dealer=True))
    assert "24 cards" in modern and "**10**" in modern and "Stick the dealer" in modern


def test_each_preset_speaks_its_own_book_and_lists_the_table_s_options() -> None:
    book = GAME.rules_text(GAME.options("hoyle1871"))
    assert "“I assist”" in book and "bunch" in book and "take" in book
    modern = GAME.rules_text(GAME.options("modern"))
    for words in ("order it up", "pick it up", "go alone", "pass"):
        assert words in modern, words
    for words in ("assist", "bunch", "Hoyle", "book"):
        assert words not in modern, words
    assert "**Stick the dealer** is off" in modern and "stick the dealer off" in modern
    stuck = GAME.rules_text(GAME.options("modern", stick_the_dealer=True, target=7,
                                         allow_defend_alone=True, alone_euchred_value=4))
    assert "**Stick the dealer** is on" in stuck
    assert "game to 7" in stuck and "defending alone on (worth 4)" in stuck
    assert "lone hand euchred 4" in stuck


# ---- a whole game ---------------------------------------------------------------------------


def test_whole_game_rotates_the_deal_and_ends_with_a_winner() -> None:
    s = new(4, seed=5)
    dealers = [s.dealer]
    while not s.is_over:
        seat = s.to_act[0]
        before = s.deal_no
        s, _ = s.apply(seat, s.legal_actions(seat)[-1 if s.phase == "bid1" else 0])
        if s.deal_no != before and not s.is_over:
            dealers.append(s.dealer)
    assert all(b == (a + 1) % 4 for a, b in pairwise(dealers))
    assert max(s.scores) >= 5 and len(dealers) > 1
    out = s.outcome()
    assert out is not None and sorted(out.winners) in ([0, 2], [1, 3])


def test_json_round_trip_and_from_view() -> None:
    s = run(new(deal=DEAL_B), "order", "discard:C8", "play:HJ")
    assert GAME.load(s.model_dump_json()) == s
    v = s.view(2)
    guess = {p: s.hands[p] for p in (0, 1, 3)}
    rebuilt = EuchreState.from_view(v, guess, seed=s.seed)
    assert rebuilt.hands == s.hands and rebuilt.trick == s.trick and rebuilt.turn == s.turn
    assert rebuilt.legal_actions(2) == s.legal_actions(2)
    a, _ = rebuilt.apply(2, "play:SA")
    b, _ = s.apply(2, "play:SA")
    assert a.trick == b.trick and a.turn == b.turn
    with pytest.raises(ValueError):
        EuchreState.from_view(v, {0: ["CA"]})


def test_every_field_a_state_and_its_view_share_is_copied_both_ways() -> None:
    """A field added to both models but not to SHARED_FIELDS would silently drift apart."""
    from bot.games.euchre.rules import SHARED_FIELDS, EuchreView

    handled = {  # fields common to both that view()/from_view() set by hand, on purpose
        "game", "players", "seed", "options", "scores", "discard",
    }
    common = set(EuchreState.model_fields) & set(EuchreView.model_fields)
    assert set(SHARED_FIELDS) == common - handled
    s = run(new(deal=DEAL_B), "order", "discard:C8", "play:HJ")
    rebuilt = EuchreState.from_view(s.view(1), {p: s.hands[p] for p in (0, 2, 3)}, seed=s.seed)
    for name in SHARED_FIELDS:
        assert getattr(rebuilt, name) == getattr(s, name), name


def test_views_show_own_hand_and_public_facts_only() -> None:
    s = run(new(deal=DEAL_B), "order", "discard:C8")
    north, east, public = s.view(0), s.view(1), s.view(None)
    assert north.discard == "C8" and east.discard is None and public.discard is None
    assert east.hand == DEAL_B["hands"][1] and public.hand == []
    assert public.turn_up == "H9" and public.turn_up_state == "taken"
    assert public.hand_sizes == [5, 5, 5, 5] and public.maker == 1
    assert "C8" not in east.model_dump_json() and "DJ" not in east.model_dump_json()


def test_refusals_say_why() -> None:
    s = new(deal=DEAL_B)
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(2, "pass")
    s = run(s, "pass")
    with pytest.raises(IllegalAction, match="assist"):
        s.apply(2, "order")
    with pytest.raises(IllegalAction, match="understand"):
        s.apply(2, "play:H J")
    s = run(s, "assist", "discard:C8")
    with pytest.raises(IllegalAction, match="do not hold"):
        s.apply(1, "play:SA")


def test_game_choose_delegates_to_the_ai_and_returns_a_legal_move() -> None:
    s = run(new(deal=DEAL_B), "order", "discard:C8")
    for _ in range(3):
        seat = s.to_act[0]
        legal_moves = s.legal_actions(seat)
        move = GAME.choose(s.view(seat), legal_moves, rng_for(1, "ai"), 20)
        assert move in legal_moves
        s, _ = s.apply(seat, move)
