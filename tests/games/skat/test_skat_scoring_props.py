"""Properties of the valuation over random contracts, cards, points and bids (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.skat import GAME
from bot.games.skat.bidding import ladder
from bot.games.skat.contracts import Contract
from bot.games.skat.rules import FULL_DECK
from bot.games.skat.scoring import score_game
from bot.games.skat.sheet import prove_score

CLASSIC_CODES = [f"{k}-{s}" for k in ("tourne", "solo") for s in "CSHD"] + [
    "solo-C-schneider", "solo-H-schwarz", "tourne_grand", "guck_grand", "solo_grand",
    "solo_grand-schneider", "open_grand"]
ISKO_CODES = [f"suit-{s}" for s in "CSHD"] + [
    "grand", "suit-S-hand", "grand-hand", "suit-C-hand-schneider", "grand-hand-schwarz",
    "suit-D-ouvert-hand", "grand-ouvert-hand"]


@st.composite
def deal_results(draw: st.DrawFn) -> tuple[str, Contract, list[str], int, int, int, bool]:
    preset = draw(st.sampled_from(["classic", "isko"]))
    code = draw(st.sampled_from(CLASSIC_CODES if preset == "classic" else ISKO_CODES))
    contract = Contract.parse(code).model_copy(
        update={"passt_nicht": code.startswith("tourne") and draw(st.booleans())})
    cards = draw(st.lists(st.sampled_from(FULL_DECK), min_size=12, max_size=12, unique=True))
    tricks = draw(st.integers(0, 10))
    points = 0 if tricks == 0 else 120 if tricks == 10 else draw(st.integers(0, 120))
    bid = draw(st.sampled_from((0, *ladder(preset))))  # type: ignore[arg-type]
    return preset, contract, cards, points, tricks, bid, draw(st.booleans())


@settings(max_examples=300, deadline=None)
@given(deal_results())
def test_valuation_invariants(case: tuple[str, Contract, list[str], int, int, int, bool]) -> None:
    preset, contract, cards, points, tricks, bid, kontra = case
    options = GAME.options(preset, kontra_re=kontra and preset == "isko")
    k = 1 if options.kontra_re else 0
    s = score_game(contract, options, cards12=cards, points=points, tricks=tricks, bid=bid,
                   kontra=k)
    assert s.raw == s.unit * s.multiplier and s.multiplier == s.matadors + len(s.levels)
    assert (s.entry > 0) == s.won and s.entry != 0
    if s.won:
        assert s.value == s.raw >= bid and points >= 61 and s.entry == s.value * 2**k
    else:
        assert s.value >= s.raw and s.value % s.unit == 0
        assert s.value >= bid  # a lost game is charged at least the covering value
        assert s.entry == -s.value * s.loss_factor * 2**k
        assert s.loss_factor == (2 if preset == "isko" or contract.passt_nicht
                                 or contract.kind == "guck_grand" else 1)
    if s.overbid:
        assert not s.won and s.value - s.unit < bid <= s.value
    assert s.text.endswith(f"{s.entry:+d}")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-2000, 2000), min_size=3, max_size=5))
def test_proving_the_score_balances_and_matches_the_books_method(totals: list[int]) -> None:
    nets = prove_score(totals)
    assert sum(nets) == 0
    low = min(totals)
    shifted = [t - low for t in totals]
    assert nets == [len(totals) * s - sum(shifted) for s in shifted]
