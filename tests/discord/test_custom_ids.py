"""Custom ids round-trip, stay within 100 characters, and malformed ones are recognised as such."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discord import custom_ids as ids

table_ids = st.integers(min_value=0, max_value=2**63 - 1)
versions = st.integers(min_value=0, max_value=10**9)
actions = st.from_regex(r"[a-z_]{1,10}(:[A-Za-z0-9]{1,6}(,[A-Z0-9]{1,3}){0,3})?", fullmatch=True)


@settings(max_examples=300)
@given(table_ids, versions, actions)
def test_action_ids_round_trip(table_id: int, version: int, action: str) -> None:
    encoded = ids.ActionId(table_id, version, action).encode()
    assert len(encoded) <= ids.MAX_CUSTOM_ID
    assert ids.parse(encoded) == ids.ActionId(table_id, version, action)
    assert re.fullmatch(ids.ACTION_TEMPLATE, encoded)


@settings(max_examples=200)
@given(table_ids, versions, st.integers(min_value=0, max_value=4))
def test_select_ids_round_trip(table_id: int, version: int, part: int) -> None:
    encoded = ids.SelectId(table_id, version, part).encode()
    assert ids.parse(encoded) == ids.SelectId(table_id, version, part)
    assert re.fullmatch(ids.SELECT_TEMPLATE, encoded)


@pytest.mark.parametrize("op", ids.LOBBY_OPS)
def test_lobby_and_hand_ids_round_trip(op: ids.LobbyOp) -> None:
    assert ids.parse(ids.LobbyId(7, op).encode()) == ids.LobbyId(7, op)
    assert re.fullmatch(ids.LOBBY_TEMPLATE, ids.LobbyId(7, op).encode())
    assert ids.parse(ids.HandId(7).encode()) == ids.HandId(7)
    assert re.fullmatch(ids.HAND_TEMPLATE, ids.HandId(7).encode())


@settings(max_examples=100)
@given(table_ids)
def test_rematch_ids_round_trip(table_id: int) -> None:
    encoded = ids.RematchId(table_id).encode()
    assert encoded == f"pr:{table_id}"
    assert ids.parse(encoded) == ids.RematchId(table_id)
    assert re.fullmatch(ids.REMATCH_TEMPLATE, encoded)


@pytest.mark.parametrize("bad", [
    "pr:", "pr:x", "pr:12:3", "pr:012", "pr:-1", "pr: 12", "pr:12\n", "PR:12", f"pr:{2**63}",
    "pr:" + "9" * 40,
])
def test_malformed_rematch_ids_are_refused(bad: str) -> None:
    """Not ours to act on, yet still caught by the loose template so the click is answered."""
    assert ids.parse(bad) is None
    if bad.startswith("pr:"):
        assert re.compile(ids.REMATCH_TEMPLATE).fullmatch(bad)


def test_the_documented_example() -> None:
    assert ids.parse("pa:12:37:play:HJ") == ids.ActionId(12, 37, "play:HJ")


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "pa:",
        "pa:12",
        "pa:12:37",
        "pa:12:37:",
        "pa:x:37:play:HJ",
        "pa:-1:37:play:HJ",
        "pa:012:37:play:HJ",
        "pa:12:37:play:H J",
        "pa:12:37:play:HJ:extra",
        "pa:12:37:" + "a" * 200,
        "pl:12:dance",
        "pl:12",
        "ph:",
        "ph:12:3",
        "ps:12",
        "ps:12:3:9",
        "px:1:2",
        "PA:12:37:play:HJ",
        "pa:99999999999999999999:1:pass",
    ],
)
def test_malformed_ids_are_rejected(bad: str) -> None:
    assert ids.parse(bad) is None


@pytest.mark.parametrize("bad", ["pa:12:37", "pl:12:dance", "ph:", "ps:1"])
def test_malformed_ids_with_our_prefix_still_reach_a_handler(bad: str) -> None:
    """The loose templates catch them, so the user gets an answer instead of silence."""
    templates = [ids.ACTION_TEMPLATE, ids.SELECT_TEMPLATE, ids.LOBBY_TEMPLATE, ids.HAND_TEMPLATE]
    assert any(re.fullmatch(t, bad) for t in templates)


def test_an_overlong_id_cannot_be_made() -> None:
    with pytest.raises(ids.BadCustomId):
        ids.ActionId(2**62, 10**9, "play:" + "A" * 90).encode()
    assert not ids.fits("play:" + "A" * 90, 2**62, 10**9)


@pytest.mark.parametrize("bad", [
    f"pa:{2**63}:1:pass", f"pl:{2**63}:join", f"ph:{10**19 - 1}", f"ps:1:{2**63}",
    f"pa:1:{2**63}:pass", "pa:12:37:play:HJ\n", "ph:12\n", "pl:12:join\n",
])
def test_ids_past_sqlite_integers_and_trailing_newlines_are_malformed(bad: str) -> None:
    """Either would reach the database (an OverflowError on every click) or go unanswered."""
    assert ids.parse(bad) is None


def test_the_largest_table_id_still_parses() -> None:
    assert ids.parse(f"ph:{2**63 - 1}") == ids.HandId(2**63 - 1)


@pytest.mark.parametrize("bad", ["pa:12:37:play:HJ\n", "ph:\n", "pl:1:join\r\n", "ps:1:2\n"])
def test_a_line_break_still_reaches_a_handler(bad: str) -> None:
    """discord.py fullmatches the templates: one without DOTALL drops the click unanswered."""
    templates = [ids.ACTION_TEMPLATE, ids.SELECT_TEMPLATE, ids.LOBBY_TEMPLATE, ids.HAND_TEMPLATE]
    assert any(re.compile(t).fullmatch(bad) for t in templates)


@settings(max_examples=500)
@given(st.text(max_size=120) | st.from_regex(r"p[alsh]:[0-9:\n]{0,30}[a-z:\n]{0,8}"))
def test_parse_never_raises_and_only_gives_sqlite_sized_ids(text: str) -> None:
    parsed = ids.parse(text)
    if parsed is not None:
        assert 0 <= parsed.table_id <= ids.MAX_ID
        assert 0 <= getattr(parsed, "version", 0) <= ids.MAX_ID


@settings(max_examples=200)
@given(table_ids, st.integers(min_value=0, max_value=2**63 - 1), st.sampled_from(ids.REPLAY_OPS))
def test_replay_ids_round_trip(table_id: int, step: int, op: ids.ReplayOp) -> None:
    encoded = ids.ReplayId(table_id, step, op).encode()
    assert len(encoded) <= ids.MAX_CUSTOM_ID
    assert ids.parse(encoded) == ids.ReplayId(table_id, step, op)
    assert re.fullmatch(ids.REPLAY_TEMPLATE, encoded)


@pytest.mark.parametrize("bad", [
    "pv:", "pv:12", "pv:12:3", "pv:12:3:", "pv:12:3:zz", "pv:12:3:nt:x", "pv:012:3:nt",
    "pv:12:03:nt", "pv:-1:3:nt", "pv:12:-3:nt", "pv:x:3:nt", "pv:12:3:nt\n",
    f"pv:{2**63}:3:nt", f"pv:12:{2**63}:nt", "pv:12:3:NT",
])
def test_malformed_replay_ids_are_rejected_yet_reach_a_handler(bad: str) -> None:
    assert ids.parse(bad) is None
    assert re.compile(ids.REPLAY_TEMPLATE).fullmatch(bad)


def test_the_replay_id_example() -> None:
    assert ids.parse("pv:12:17:nt") == ids.ReplayId(12, 17, "nt")
    assert ids.parse("PV:12:17:nt") is None  # not ours at all
ladder_views = st.sampled_from(["r", "l"]) | st.from_regex(r"s20[0-9]{2}q[1-4]", fullmatch=True) \
    | st.from_regex(r"v[a-z_]{1,26}(\.(0|[1-9][0-9]{0,17}))?", fullmatch=True)


@settings(max_examples=300)
@given(st.from_regex(r"[a-z][a-z0-9_]{0,11}", fullmatch=True), table_ids, ladder_views,
       st.integers(min_value=1, max_value=ids.MAX_PAGE), st.sampled_from(ids.LADDER_GOES))
def test_ladder_ids_round_trip(game: str, scope: int, view: str, page: int, go: str) -> None:
    made = ids.LadderId(game, scope, view, page, go)  # type: ignore[arg-type]
    text = made.encode()
    assert len(text) <= ids.MAX_CUSTOM_ID and ids.parse(text) == made
    assert re.fullmatch(ids.LADDER_TEMPLATE, text)


def test_a_ladder_id_names_its_season_variant_and_deal() -> None:
    season = ids.parse("pb:skat:77:s2026q4:2:n")
    assert isinstance(season, ids.LadderId) and season.season == "2026Q4"
    assert season.scope == 77 and season.page == 2 and season.go == "n"
    assert season.preset is None and season.seed is None
    deal = ids.parse("pb:patience:0:vklondike.123:1:l")
    assert isinstance(deal, ids.LadderId) and (deal.preset, deal.seed) == ("klondike", 123)
    assert ids.ladder_view(season="2026Q4") == "s2026q4"
    assert ids.ladder_view(by="list_points") == "l" and ids.ladder_view() == "r"
    assert ids.ladder_view(preset="klondike", seed=123) == "vklondike.123"


@pytest.mark.parametrize("bad", [
    "pb:skat:0:r:0:n", "pb:skat:0:r:100000:n", "pb:skat:0:r:1:x", "pb:skat:0:r:1",
    "pb:skat:0:s2026q5:1:n", "pb:skat:0:S2026Q4:1:n", "pb:Skat:0:r:1:n", "pb:skat:01:r:1:n",
    f"pb:skat:{2**63}:r:1:n", f"pb:patience:0:va.{2**63}:1:n", "pb:skat:0:r:1:n\n",
    "pb:skat:0:vx.:1:n", "pb:skat:0:r:01:n", "pb:", "pb:skat:-1:r:1:n",
])
def test_malformed_ladder_ids_are_rejected_but_reach_a_handler(bad: str) -> None:
    assert ids.parse(bad) is None
    assert re.compile(ids.LADDER_TEMPLATE).fullmatch(bad)
    assert bad[:3] in ids.PREFIXES


def test_the_docstring_lists_every_prefix() -> None:
    assert ids.__doc__ is not None
    for prefix in ids.PREFIXES:
        assert f"``{prefix}" in ids.__doc__, prefix
