"""The post-deal double-dummy review: consistent with the deal's real result, honest about what
it cannot review."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.games import registry
from bot.games.cards import pretty
from bot.games.skat import review as review_module
from bot.games.skat.contracts import Contract, points_of
from bot.games.skat.review import DealReview, ReviewStopped, Turn, review_deal, review_lines
from bot.games.skat.rules import FULL_DECK, DealResult, SkatState, card_key

GAME = registry.get("skat")
NOT_PLAY = ("concede", "claim_rest", "claim_win", "claim_defeat", "surrender")


def played_deal(preset: str, seed: int) -> tuple[SkatState, DealResult]:
    """Random legal play (no claims or concessions) until the first deal with a Player ends."""
    options = GAME.options(preset)
    state = GAME.new(3, options, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        legal = [a for a in state.legal_actions(seat) if a.kind not in NOT_PLAY]
        state, events = state.apply(seat, rng.choice(legal))
        if any(e.kind == "result" for e in events):
            assert state.last is not None
            if state.last.declarer is not None and len(state.last.tricks) == 10:
                return state, state.last
    pytest.skip("no deal with a Player was played out")


def reached(result: DealResult, review: DealReview) -> bool:
    """What really happened, in the review's terms."""
    contract = Contract.parse(review.contract)
    if contract.is_null:
        return all(t.winner != result.declarer for t in result.tricks)
    assert result.declarer_points is not None
    return result.declarer_points >= review.target


@pytest.mark.parametrize(("preset", "seed"), [("classic", s) for s in range(4)]
                         + [("isko", s) for s in range(4)])
def test_the_verdict_flips_exactly_at_the_turns_and_ends_at_the_real_result(
        preset: str, seed: int) -> None:
    state, result = played_deal(preset, seed)
    review = review_deal(result, state.options)
    assert review.available, review.reason
    assert review.declarer == result.declarer and review.contract == result.contract
    verdict = review.could_win
    for turn in review.turns:
        assert turn.player_could_win == verdict
        # Only the Player can throw a won game away; only an opponent can let a lost one go.
        assert (turn.seat == result.declarer) == turn.player_could_win
        verdict = not verdict
    assert verdict == reached(result, review)
    assert [t.trick for t in review.turns] == sorted(t.trick for t in review.turns)
    if review.could_schneider:
        assert review.could_win


def test_a_certain_game_has_no_turns() -> None:
    """Vorhand holds every trump and every Ace: the Player wins whatever anyone plays."""
    hands = [
        ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "SA", "HA", "DA", "ST"],
        ["CK", "CQ", "C9", "C8", "SK", "SQ", "S9", "HK", "HQ", "H9"],
        ["C7", "S8", "S7", "HT", "H8", "H7", "DT", "DK", "DQ", "D9"],
    ]
    options = GAME.options("isko")
    state = GAME.new(3, options, seed=1, deal={"hands": hands, "skat": ["D8", "D7"],
                                                 "dealer": 2})
    rng = random.Random(5)
    # Mittelhand and Hinterhand pass; Vorhand takes the game at 18 and plays Grand Hand.
    script = iter(["pass", "pass", "bid:18", "hand", "declare:grand-hand"])
    while state.last is None:
        seat = state.to_act[0]
        legal = [a for a in state.legal_actions(seat) if a.kind not in NOT_PLAY]
        if state.phase in ("bid", "skat", "declare"):
            action = next(script)
        else:
            action = str(rng.choice(legal))
        state, _ = state.apply(seat, action)
    result = state.last
    assert result.contract == "grand-hand" and result.declarer == 0
    review = review_deal(result, options)
    assert review.could_win is True and review.turns == []
    assert review.won is True
    lines = review_lines(review, result.roles, ["Ann", "Bob", "Cy"])
    assert lines[0].startswith("With all cards open, Ann's Grand Hand could reach 61")
    assert "the cards decided" in lines[-1]


def test_what_cannot_be_reviewed_says_why() -> None:
    options = GAME.options("classic")
    base = dict(number=1, dealer=2, roles=[0, 1, 2])
    assert not review_deal(DealResult(**base), options).available
    ramsch = DealResult(**base, contract="ramsch", tricks=[])
    assert "Ramsch" in review_deal(ramsch, options).reason
    early = DealResult(**base, declarer=0, contract="solo-C", ended="conceded", tricks=[])
    review = review_deal(early, options)
    assert not review.available and "gave up" in review.reason
    assert review_lines(review, [0, 1, 2])[0].startswith("No review:")


def test_lines_name_the_turns_in_the_games_words() -> None:
    review = DealReview(True, declarer=1, contract="solo-C", label="Club Solo", target=61,
                        could_win=True, could_schneider=False, won=False,
                        turns=[Turn(3, 1, "HT", True), Turn(5, 2, "SA", False)])
    lines = review_lines(review, [2, 0, 1])
    assert lines[0] == ("With all cards open, Hinterhand's Club Solo could reach 61 against "
                        "best defence.")
    assert lines[1] == "Trick 3: Hinterhand's 10♥ let the game slip away."
    assert lines[2] == "Trick 5: Vorhand's A♠ let the Player through."
    assert points_of(["HT", "SA"]) == 21  # the cards named are the ones given


def test_an_overbid_game_is_reviewed_against_the_schneider_it_needed() -> None:
    """Mittelhand takes the game at 27 with Diamonds "with 1" (worth 18 at game, 27 with
    schneider): only schneider covers his bid, so that is what the review asks of the cards."""
    hands = [
        ["SJ", "HJ", "DJ", "D8", "D7", "CA", "CT", "CK", "CQ", "C9"],
        ["CJ", "DA", "DT", "DK", "DQ", "D9", "HA", "HT", "SA", "C7"],
        ["C8", "ST", "SK", "SQ", "S9", "S8", "S7", "HK", "HQ", "H9"],
    ]
    options = GAME.options("isko")
    state = GAME.new(3, options, seed=1, deal={"hands": hands, "skat": ["H8", "H7"],
                                                 "dealer": 2})
    script = iter(["bid:27", "pass", "pass", "skat", "discard:H8,H7", "declare:suit-D"])
    rng = random.Random(1)
    while state.last is None:
        seat = state.to_act[0]
        if state.phase in ("bid", "skat", "discard", "declare"):
            action = next(script)
        else:
            action = str(rng.choice([a for a in state.legal_actions(seat)
                                     if a.kind not in NOT_PLAY]))
        state, _ = state.apply(seat, action)
    result = state.last
    assert result.declarer == 1 and result.bid == 27 and len(result.tricks) == 10
    review = review_deal(result, options)
    assert review.available and review.for_bid
    assert review.target == options.schneider_threshold
    lines = review_lines(review, result.roles)
    assert "(schneider, to cover the bid)" in lines[0]


def test_a_bid_nothing_but_schwarz_covers_is_called_an_overbid() -> None:
    review = DealReview(True, declarer=0, contract="suit-D", label="Diamonds", target=120,
                        could_win=False, could_schneider=False, won=False, for_bid=True)
    assert review_lines(review, [0, 1, 2]) == [
        "Vorhand's Diamonds could not cover the bid short of schwarz: an overbid from the "
        "start."]


def early_deals(preset: str, seed: int, deals: int = 12
                ) -> Iterator[tuple[SkatState, DealResult]]:
    """Random play that claims when offered (the Player mostly, an opponent now and then):
    deals that end early."""
    options = GAME.options(preset, deals=deals)
    state = GAME.new(3, options, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        claims = [a for a in legal if a.kind.startswith("claim")]
        others = [a for a in legal if not a.kind.startswith("claim")] or legal
        eager = 0.8 if seat == state.declarer else 0.2
        action = rng.choice(claims) if claims and rng.random() < eager else rng.choice(others)
        state, events = state.apply(seat, action)
        last = state.last
        ended = any(e.kind == "result" for e in events) and last is not None
        if ended and last.declarer is not None and len(last.tricks) < 10:
            yield state, last


def test_early_deals_say_why_or_review_the_players_claim_from_public_cards() -> None:
    """Every way a deal can end early is named in words; a Player's correct claim is checked
    against every lie of the cards nobody saw, and the words name no card that stayed hidden;
    the classes of alike cards give the same count as every split one by one."""
    ended: set[str] = set()
    claims = 0
    runs = [(preset, seed) for seed in range(30) for preset in ("classic", "isko")]
    for preset, seed in runs:
        if claims >= 5 and len(ended) >= 6:
            break
        for state, result in early_deals(preset, seed):
            review = review_deal(result, state.options)
            ended.add(result.ended)
            lines = review_lines(review, result.roles, ["Ann", "Bob", "Cy", "Di", "Ed"])
            text = "\n".join(lines)
            public = result.model_dump_json()
            never_shown = [c for c in FULL_DECK if f'"{c}"' not in public]
            assert not [c for c in never_shown if pretty(c) in text], text
            if not review.available:
                assert "ended early (" not in review.reason, result.ended  # a word for each
                continue
            claim = review.claim
            assert claim is not None and result.claimant == result.declarer
            assert claim.shown == sorted(result.shown[claim.claimant], key=card_key)
            assert claim.lies >= 1 and 0 <= claim.beaten_by < claim.lies  # the real lie held
            claims += 1
            if claims <= 6:  # the classes are a shortcut, not a different answer
                with pytest.MonkeyPatch.context() as mp:
                    mp.setattr(review_module, "_classes",
                               lambda unseen, *a, **k: [[c] for c in unseen])
                    plain = review_deal(result, state.options)
                assert plain.claim is not None
                assert (plain.claim.lies, plain.claim.beaten_by) == (claim.lies,
                                                                     claim.beaten_by)
    assert claims >= 5
    assert {"conceded", "rest claimed", "stopped early"} <= ended


def test_a_stop_gives_up_between_searches() -> None:
    """``stop`` is asked before each search; answering no changes nothing."""
    stopped = 0
    for seed in range(4):
        state, result = played_deal("classic", seed)
        asked = 0

        def never() -> bool:
            nonlocal asked
            asked += 1
            return False

        assert review_deal(result, state.options, stop=never) == review_deal(result,
                                                                             state.options)
        if asked:
            with pytest.raises(ReviewStopped):
                review_deal(result, state.options, stop=lambda: True)
            stopped += 1
    assert stopped >= 2
