"""The Skat state machine: the book's auctions, declaration checks, Tourne, open games, claims."""

from __future__ import annotations

import random

import pytest

from bot.games.base import IllegalAction
from bot.games.skat import GAME
from bot.games.skat.contracts import points_of
from bot.games.skat.rules import roles_for
from tests.games.skat.deals import H, M, V, make, run


@pytest.mark.parametrize(
    ("moves", "player", "bid"),
    [
        (["pass", "bid:10", "hold", "pass"], V, 10),
        (["pass", "pass"], V, 0),
        (["bid:10", "hold", "bid:12", "hold", "bid:14", "pass", "bid:15", "hold", "bid:16",
          "hold", "pass"], M, 16),
        (["bid:10", "hold", "pass", "bid:12", "hold", "bid:14", "pass"], H, 14),
    ],
)
def test_b25_the_books_auctions(moves: list[str], player: int, bid: int) -> None:
    st = run(make(), *moves)
    assert (st.phase, st.declarer, st.bid) == ("skat", player, bid)


def test_auction_turns_and_refusals() -> None:
    st = make()
    assert st.to_act == [M]
    with pytest.raises(IllegalAction):
        st.apply(V, "bid:10")
    with pytest.raises(IllegalAction):
        st.apply(M, "bid:11")  # no game is worth 11
    st = run(st, "bid:18")
    assert st.to_act == [V] and [str(a) for a in st.legal_actions(V)] == ["hold", "pass"]
    st = run(st, "hold")
    assert "bid:18" not in [str(a) for a in st.legal_actions(M)]


def test_isko_all_pass_throws_in_and_vorhand_may_take_18() -> None:
    st = run(make("isko"), "pass", "pass")
    assert st.to_act == [V] and [str(a) for a in st.legal_actions(V)] == ["bid:18", "pass"]
    played = run(st, "bid:18")
    assert (played.declarer, played.bid, played.phase) == (V, 18, "skat")
    thrown = run(st, "pass")
    assert thrown.deal_no == 1 and thrown.last is not None and thrown.last.ended == "thrown in"
    assert thrown.sheet.entries[0].deltas == [0, 0, 0]
    assert thrown.last.skat == []  # nobody looked at it: the record does not show it either


def test_isko_all_pass_ramsch_option() -> None:
    st = run(make("isko", all_pass="ramsch"), "pass", "pass", "pass")
    assert st.phase == "play" and st.contract is not None and st.contract.is_ramsch
    assert st.to_act == [V]


NO_JACK_DIAMONDS = [
    "CA CT SA ST HA HT HK HQ H9 H8",
    "DA DT DK DQ D9 D8 D7 S7 S8 S9",
    "SJ HJ DJ CK CQ C9 C8 C7 SK SQ",
]


def test_t32_pickup_declaration_must_reach_the_bid() -> None:
    st = run(make("isko", NO_JACK_DIAMONDS, "CJ H7"), "bid:45", "pass", "pass", "skat",
             "discard:S7,S8")
    legal = [str(a) for a in st.legal_actions(M)]
    assert "declare:suit-D" not in legal  # with 1: at most (1+3) x 9 = 36 < 45
    assert "declare:grand" in legal and "declare:null-ouvert" in legal
    assert "declare:null" not in legal  # 23 < 45
    with pytest.raises(IllegalAction):
        st.apply(M, "declare:suit-D")


def test_t33_null_below_the_bid_is_refused_null_hand_is_not() -> None:
    st = run(make("isko", NO_JACK_DIAMONDS, "CJ H7"), "bid:24", "pass", "pass")
    pickup = run(st, "skat", "discard:S7,S8")
    assert "declare:null" not in [str(a) for a in pickup.legal_actions(M)]
    hand = run(st, "hand")
    assert "declare:null-hand" in [str(a) for a in hand.legal_actions(M)]


def test_discard_accepts_either_order_and_hides_the_skat() -> None:
    st = run(make("isko", NO_JACK_DIAMONDS, "CJ H7"), "bid:18", "pass", "pass", "skat")
    assert st.view(M).skat == ["CJ", "H7"] and st.view(V).skat is None
    assert "CJ" in st.view(M).hand
    st = run(st, "discard:S8,S7")
    assert st.laid_away == ["S8", "S7"] and st.phase == "declare"
    assert st.view(V).laid_away is None and st.view(M).laid_away == ["S8", "S7"]


TOURNE_HANDS = [
    "CJ CK SJ SQ S9 HA HQ DA DT D8",  # Vorhand: the book's hand of 2.7
    "CA CT C9 SA ST SK HT HK H9 D9",
    "C8 C7 CQ S8 S7 HJ H8 H7 DJ DK",
]


def test_tourne_passt_nicht_turns_the_second_card() -> None:
    st = run(make("classic", TOURNE_HANDS, "DQ D7"), "pass", "bid:18", "hold", "pass")
    assert st.declarer == V and st.bid == 18
    st = run(st, "tourne:left")
    assert st.view(V).peek == "DQ" and st.view(M).peek is None
    st = run(st, "passt_nicht")
    assert st.turned == "D7" and st.passt_nicht and st.phase == "discard"
    assert st.contract is not None and st.contract.code == "tourne-D" and st.contract.passt_nicht
    assert "surrender" in [str(a) for a in st.legal_actions(V)]
    st = run(st, "discard:DQ,D7")
    assert st.phase == "play" and st.to_act == [V]


def test_tourne_jack_offers_grand_or_its_suit() -> None:
    hands = [*TOURNE_HANDS[:2], "C8 C7 CQ S8 S7 HJ H8 H7 DQ DK"]
    st = run(make("classic", hands, "DJ D7"), "pass", "pass")
    st = run(st, "tourne:left", "accept")
    assert st.phase == "tourne_jack"
    assert [str(a) for a in st.legal_actions(V)] == ["declare:tourne_grand", "declare:tourne-D"]
    st = run(st, "declare:tourne_grand")
    assert st.contract is not None and st.contract.code == "tourne_grand"
    assert st.phase == "discard" and len(st.hands[V]) == 12


def test_surrender_before_trick_two_loses_at_the_simple_level() -> None:
    st = run(make("classic", TOURNE_HANDS, "DQ D7"), "pass", "bid:18", "hold", "pass",
             "tourne:left", "passt_nicht", "discard:DQ,D7", "surrender")
    assert st.last is not None and st.last.ended == "surrendered"
    score = st.last.score
    assert score is not None
    # with 2, game 3 -> 15 < 18: covering value 20, passt nicht doubles: -40
    assert (score.matadors, score.value, score.entry) == (2, 20, -40)
    assert st.sheet.totals()[V] == -40


def test_ramsch_for_vorhand_only_without_a_bid() -> None:
    st = run(make(), "pass", "pass")
    assert "declare:ramsch" in [str(a) for a in st.legal_actions(V)]
    st2 = run(make(), "pass", "bid:10", "hold", "pass")
    assert "declare:ramsch" not in [str(a) for a in st2.legal_actions(V)]
    st = run(st, "declare:ramsch")
    assert st.phase == "play" and st.declarer is None


def test_open_grand_shows_the_players_cards_and_revolution_the_partners() -> None:
    st = run(make("classic", TOURNE_HANDS, "DQ D7"), "pass", "pass", "declare:open_grand")
    for seat in (None, M, H):
        assert st.view(seat).open_hands[V] == st.view(V).hand
    st = run(make("classic", TOURNE_HANDS, "DQ D7"), "pass", "pass", "declare:revolution")
    assert set(st.view(M).open_hands) == {V, H} and set(st.view(None).open_hands) == {V}
    assert set(st.view(V).open_hands) == {V}


def test_null_stops_at_the_players_first_trick() -> None:
    st = run(make("classic", TOURNE_HANDS, "DQ D7"), "pass", "pass", "declare:nullo")
    # Vorhand (the Player) leads the Ace of hearts; nobody can beat it in Null order
    st = run(st, "play:HA", "play:HT", "play:HJ")
    assert st.last is not None and st.last.ended == "stopped early"
    assert st.last.score is not None and st.last.score.entry == -20


def test_series_rotates_the_deal_and_ends_with_the_proof() -> None:
    st = make(players=4, dealer=3)
    assert st.roles == [0, 1, 2] and st.total_deals == 4
    assert make(players=4, dealer=3, rounds=2).total_deals == 8
    assert roles_for(4, 0) == [1, 2, 3] and roles_for(5, 0) == [1, 2, 4]
    assert st.hands[3] == []
    dealers = []
    for _ in range(4):
        dealers.append(st.dealer)
        assert st.hands[st.dealer] == [] and all(len(st.hands[s]) == 10 for s in st.roles)
        st = run(st, "pass", "pass", "declare:ramsch")
        while st.phase == "play":
            st = run(st, str(st.legal_actions(st.to_act[0])[0]))
    assert dealers == [3, 0, 1, 2]  # the deal passes to the left; everyone deals once
    out = st.outcome()
    assert out is not None and st.phase == "over"
    assert sum(out.points) == 0 and len(st.sheet.entries) == 4
    assert out.points == [float(p) for p in st.sheet.settlement()]


def test_claim_rest_and_concede_settle_the_remaining_tricks() -> None:
    st = run(make("classic", TOURNE_HANDS, "DQ D7"), "pass", "pass", "declare:solo_grand")
    assert "concede" in [str(a) for a in st.legal_actions(V)]
    conceded = run(st, "concede")
    assert conceded.last is not None and conceded.last.score is not None
    # NASL 11: every card goes to the opponents; the Player is schwarz
    assert conceded.last.declarer_points == points_of(["DQ", "D7"])
    assert "schwarz" in conceded.last.score.levels and not conceded.last.score.won


def test_options_refuse_what_a_rule_set_cannot_play() -> None:
    from bot.games.base import InvalidOptions

    with pytest.raises(InvalidOptions, match="isko Skat seats 3 or 4"):
        GAME.new(5, GAME.options("isko"), seed=1)
    for preset, bad in [("classic", {"kontra_re": True}), ("classic", {"all_pass": "throw_in"}),
                        ("isko", {"allow_frage": True}), ("isko", {"claim_policy": "nasl"}),
                        ("classic", {"score_sheet": "seeger_fabian"}), ("classic", {"deals": -1}),
                        ("isko", {"nonsense": 1})]:
        with pytest.raises(InvalidOptions):
            GAME.options(preset, **bad)
    with pytest.raises(InvalidOptions, match="32 cards"):
        make("classic", ["CJ SJ HJ DJ CA CT CK CQ C9 C8", *TOURNE_HANDS[1:]], "DQ D7")


def test_rules_text_speaks_skat() -> None:
    classic = GAME.rules_text(GAME.options("classic"))
    for word in ["Vorhand", "Mittelhand", "Hinterhand", "Reizen", "passt nicht", "Tourne",
                 "Matadors", "schneider", "schwarz", "Ramsch", "Guckser", "proved"]:
        assert word in classic
    isko = GAME.rules_text(GAME.options("isko", kontra_re=True))
    assert "18" in isko and "Hand" in isko and "ouvert" in isko and "Kontra" in isko


def test_rules_text_lists_the_table_s_options() -> None:
    classic = GAME.rules_text(GAME.options("classic", deals=6, show_card_points=True))
    assert "**This table** (classic): 6 deals; bids from 10" in classic
    assert "running card points on the table on" in classic and "Tourne surrender on" in classic
    assert "Kontra" not in classic
    isko = GAME.rules_text(GAME.options("isko", kontra_re=True, point_stake=0.5))
    assert "bids from 18" in isko and "the deal is thrown in" in isko
    assert "Kontra and Re on" in isko and "stake 0.5 a point" in isko
    assert "Tourne" not in isko and "Guckser" not in isko


def test_point_stake_adds_money_lines() -> None:
    st = make("classic", TOURNE_HANDS, "DQ D7", deals=1, point_stake=0.05)
    st = run(st, "pass", "bid:18", "hold", "pass", "tourne:left", "passt_nicht",
             "discard:DQ,D7", "surrender")
    out = st.outcome()
    assert out is not None and out.points == [-80.0, 40.0, 40.0]
    assert out.lines[-1] == "At 0.05 a point: Seat 1 -4.00, Seat 2 +2.00, Seat 3 +2.00"


def test_a_round_ends_after_everyone_dealt_once() -> None:
    st = make(rounds=2)
    rng = random.Random(0)
    kinds: list[str] = []
    while st.to_act:
        seat = st.to_act[0]
        legal = [a for a in st.legal_actions(seat) if not a.kind.startswith(("claim", "conc"))]
        st, events = st.apply(seat, rng.choice(legal))
        kinds += [e.kind for e in events]
    assert kinds.count("deal") == 5 and kinds.count("round") == 2 and kinds[-1] == "over"
