"""The catalogue as a whole: variants in book order, names and aliases, options, rules text,
the picker's helpers, reproducible deal numbers and the view's fields."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.base import InvalidOptions
from bot.games.patience import GAME, source_of, target_of
from bot.games.patience.catalogue import CATALOGUE
from tests.games.patience.helpers import legal, new, pile

PRIORITY = ["napoleon_at_st_helena", "the_chameleon", "la_belle_lucie", "the_beleaguered_castle",
            "the_calculation", "the_idle_year", "nestor", "the_elevens", "the_garden",
            "the_baker_s_dozen", "the_clock", "the_royal_cotillion"]


def test_registered_with_traits() -> None:
    game = registry.get("patience")
    assert game is GAME and game.players == (1,)
    t = game.traits
    assert (t.mode, t.information, t.has_ai, t.clocked, t.conserves_cards) == (
        "solo", "private", False, True, True)
    assert set(PRIORITY) <= set(game.presets)


def test_variants_in_book_order_with_titles_aliases_and_tags() -> None:
    variants = GAME.variants()
    pages = [CATALOGUE[v.id].page for v in variants]
    assert pages == sorted(pages)
    by_id = {v.id: v for v in variants}
    assert by_id["napoleon_at_st_helena"].title == "Napoleon at St. Helena"
    assert "Forty Thieves" in by_id["napoleon_at_st_helena"].aliases
    assert by_id["napoleon_at_st_helena"].tags[-1] == "2 packs"
    assert by_id["the_garden"].tags[-1] == "1 pack"
    assert GAME.find_variants("Forty Thieves")[0].id == "napoleon_at_st_helena"
    assert GAME.find_variants("flower garden")[0].id == "the_garden"
    assert GAME.find_variants("accordion")[0].id == "the_idle_year"
    assert GAME.find_variants("canfield")[0].id == "the_chameleon"


def test_options_are_the_presets_and_flags_fit_their_game() -> None:
    opts = GAME.options("napoleon_at_st_helena")
    assert opts.preset == "napoleon_at_st_helena"
    assert GAME.options().preset == GAME.default_preset
    with pytest.raises(InvalidOptions, match="no `in_suit` option"):
        GAME.options("napoleon_at_st_helena", in_suit=True)
    with pytest.raises(InvalidOptions, match="Unknown preset"):
        GAME.options("klondike")
    assert GAME.options("the_chameleon", redeals=1).redeals == 1
    with pytest.raises(InvalidOptions):
        GAME.options("the_chameleon", redeals=5)


def test_rules_text_explains_the_game_and_its_words() -> None:
    text = GAME.rules_text(GAME.options("the_calculation"))
    assert "The Calculation" in text and "3 6 9 Q" in text and "Words:" in text
    assert "found_as_turned" in text
    for vid in CATALOGUE:
        assert len(GAME.rules_text(GAME.options(vid))) > 120, vid


def test_source_and_target_split_every_action() -> None:
    assert (source_of("move:t3>f1"), target_of("move:t3>f1")) == ("t3", "f1")
    assert (source_of("move:s>w2"), target_of("move:s>w2")) == ("s", "w2")
    assert (source_of("pair:t1,t5"), target_of("pair:t1,t5")) == ("t1", "t5")
    assert (source_of("merci:t3.1"), target_of("merci:t3.1")) == ("t3", "t3")
    assert (source_of("turn"), target_of("turn")) == ("s", None)
    assert source_of("resign") is None
    for vid in CATALOGUE:
        st = new(vid, 2)
        ids = {p.id for p in st.view(0).piles} | set(st.piles)
        for action in legal(st):
            if action == "resign":
                continue
            assert source_of(action) in ids, (vid, action)
            assert target_of(action) in ids | {None}, (vid, action)
            assert len(f"pt:{action}") <= 64


def test_deal_numbers_are_pinned() -> None:
    """Deal 1234 is the same cards for everyone, on every machine, forever."""
    assert new("napoleon_at_st_helena", 1234).piles["t1"] == ["HQ", "D3", "S2", "ST"]
    assert new("la_belle_lucie", 1234).piles["t1"] == ["H4", "H9", "C5"]
    assert new("the_calculation", 1234).piles["s"][-3:] == ["H5", "H7", "S7"]


def test_fixed_deal_must_be_the_games_pack() -> None:
    with pytest.raises(InvalidOptions, match="exactly its 52 cards"):
        GAME.new(1, GAME.options("la_belle_lucie"), 1, deal=["CA"] * 52)


def test_view_fields_for_pictures() -> None:
    st = new("the_clock", 3)
    v = st.view(None)
    assert v.variant == "the_clock" and v.title == "The Clock"
    assert v.moves == 0 and v.redeals_left == 0 and not v.won and v.capacity == 104
    assert v.home == 12
    hours = [p for p in v.piles if p.kind == "foundation"]
    assert len({(round(p.row, 2), round(p.col, 2)) for p in hours}) == 12
    assert pile(v, "s").count == 104 - 12 - 36
    assert st.view(0) == st.view(None).model_copy(update={"seat": 0})


def test_apply_is_pure_and_events_tell_the_story() -> None:
    st = new("the_baker_s_dozen", 1)
    move = next(m for m in legal(st) if m != "resign")
    snapshot = st.model_dump()
    after, events = st.apply(0, move)
    assert st.model_dump() == snapshot and after.moves == 1
    assert events and events[0].kind == "move"


def test_blocked_game_ends_by_itself() -> None:
    st = new("the_idle_year", 1)
    while st.to_act:
        st, _ = st.apply(0, "turn")
    assert st.status in ("won", "lost")
    out = st.outcome()
    assert out is not None and out.ranks == [1]
    if st.status == "lost":
        assert out.winners == [] and out.lines[0].endswith("Blocked: no move is left.")


def test_all_sixty_four_entries_9_19() -> None:
    """Spec 9.19: the contents hold exactly 64 entries; only The Empress of India takes four
    packs; The Fifteen Puzzle is played with nine cards."""
    rows = list(CATALOGUE.values())
    assert len(rows) == 64
    assert [r.id for r in rows if r.packs == 4] == ["the_empress_of_india"]
    fifteen = CATALOGUE["the_fifteen_puzzle"]
    assert len(fifteen.cards) == 9
    assert next(v for v in GAME.variants() if v.id == "the_fifteen_puzzle").tags[-1] == "9 cards"
    assert len({r.title for r in rows}) == 64


def test_every_pile_has_its_own_place_in_the_picture() -> None:
    for vid in CATALOGUE:
        piles = new(vid, 1).view(0).piles
        places = [(round(p.row, 2), round(p.col, 2)) for p in piles]
        assert len(places) == len(set(places)), vid
        assert all(p.kind in ("stock", "talon", "waste", "foundation", "tableau", "cell",
                              "reserve", "decor", "discard") for p in piles), vid


def test_every_pile_label_is_marked_for_the_catalogues() -> None:
    """The rules core names piles by their labels in its sentences (``the column 3``): each
    label must be in `LABELS`, the marked list the catalogues are made from."""
    from bot.games.patience.catalogue import LABELS, ROWS

    used = {p.label for r in ROWS for p in r.piles} | {f.label for r in ROWS for f in r.founds}
    assert used <= set(LABELS), sorted(used - set(LABELS))
