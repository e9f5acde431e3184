"""`/skat`: the layout of every phase of random Skat games fits Discord's limits and offers the
legal actions (the auction shows the next bid, not the whole ladder), the two-card select maps
to legal discards, declarations show their values; the learners' texts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest

from bot.discord import custom_ids as ids
from bot.discord.components import action_view
from bot.discord.layout import (
    MAX_BUTTON_LABEL,
    MAX_BUTTONS_PER_ROW,
    MAX_OPTION_LABEL,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    Layout,
    SelectSpec,
    combine,
    plan_for,
)
from bot.discord.skat_planner import skat_layout, value_label
from bot.games import registry
from bot.games.skat.advice import contract_value
from bot.games.skat.contracts import Contract
from bot.games.skat.rules import SkatState, SkatView
from bot.render.skat_report import deal_text
from cogs.skat import advice_text

GAME = registry.get("skat")
NOT_PLAY = ("claim_rest", "claim_win", "claim_defeat")


def random_states(games: int, seed: int) -> Iterator[SkatState]:
    """Every state along random play-outs: both presets, 3-5 persons, one deal each."""
    rng = random.Random(seed)
    for n in range(games):
        preset = ("classic", "isko")[n % 2]
        players = (3, 4, 5)[n % 3] if preset == "classic" else (3, 4)[n % 2]
        options = GAME.options(preset, deals=1, allow_frage=(n % 4 == 0 and preset == "classic"))
        state = GAME.new(players, options, seed=rng.randrange(2**32))
        while not state.is_over:
            yield state
            seat = state.to_act[0]
            legal = [a for a in state.legal_actions(seat) if a.kind not in NOT_PLAY]
            state, _ = state.apply(seat, rng.choice(legal))


def check_limits(layout: Layout) -> None:
    """The layout fits, as discord.py serialises it."""
    assert layout.dropped == 0
    view = action_view(layout)
    assert view is not None
    rows = view.to_components()
    assert len(rows) <= MAX_ROWS
    seen: list[str] = []
    for row in rows:
        items = row["components"]
        assert 1 <= len(items) <= MAX_BUTTONS_PER_ROW
        for item in items:
            assert len(item["custom_id"]) <= ids.MAX_CUSTOM_ID
            assert ids.parse(item["custom_id"]) is not None
            seen.append(item["custom_id"])
            if item["type"] == 2:
                assert 1 <= len(item["label"]) <= MAX_BUTTON_LABEL
            else:
                assert len(items) == 1
                assert 1 <= len(item["options"]) <= MAX_SELECT_OPTIONS
                assert all(1 <= len(o["label"]) <= MAX_OPTION_LABEL for o in item["options"])
                assert item["min_values"] <= item["max_values"] <= len(item["options"])
    assert len(seen) == len(set(seen))


def offered(layout: Layout) -> set[str]:
    """Every action a click or a complete pick can send (multi-selects: every combination)."""
    out: set[str] = set()
    for row in layout.rows:
        if isinstance(row, SelectSpec):
            values = [v for v, _ in row.options]
            if row.max_values == 1:
                out.update(values)
            else:
                for picked in combinations(values, row.max_values):
                    joined = combine(picked, values)
                    assert joined is not None
                    out.add(joined)
        else:
            out.update(b.action for b in row)
    return out


def test_every_phase_fits_and_offers_the_legal_actions() -> None:
    phases: set[str] = set()
    checked = 0
    for state in random_states(40, seed=11):
        seat = state.to_act[0]
        legal = {str(a) for a in state.legal_actions(seat)}
        view = state.view(seat)
        assert isinstance(view, SkatView)
        layout = plan_for("skat", view, state.legal_actions(seat), state.options, 42, 7)
        check_limits(layout)
        sent = offered(layout)
        assert sent <= legal, sent - legal
        if state.phase == "bid" and any(a.startswith("bid:") for a in legal):
            bids = sorted(int(a[4:]) for a in legal if a.startswith("bid:"))
            assert f"bid:{bids[0]}" in sent  # the next bid is always a button
            assert {a for a in legal if not a.startswith("bid:")} <= sent  # pass / hold
            assert len([a for a in sent if a.startswith("bid:")]) <= 1 + MAX_SELECT_OPTIONS
            for row in layout.rows:
                if isinstance(row, SelectSpec):  # a jump annotated with the hand's own game
                    for value, label in row.options:
                        bid = value.partition(":")[2]
                        assert label == bid or (label.startswith(f"{bid} (your ")
                                                and label.endswith(f" {bid})"))
        else:
            assert sent == legal
        phases.add(state.phase)
        checked += 1
    assert {"bid", "skat", "discard", "play"} <= phases
    assert checked > 300


def test_the_discard_select_maps_to_every_legal_discard() -> None:
    for state in random_states(60, seed=5):
        if state.phase != "discard":
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        layout = skat_layout(view, state.legal_actions(seat), state.options, 1, 2)
        select = layout.rows[0]
        assert isinstance(select, SelectSpec)
        assert (select.min_values, select.max_values) == (2, 2)
        assert len(select.options) == 12
        legal = {str(a) for a in state.legal_actions(seat) if a.kind == "discard"}
        assert len(legal) == 66
        listed = [v for v, _ in select.options]
        # Every pair, picked in either order, joins into exactly a legal action.
        picks = {combine(p, listed) for p in combinations(listed, 2)}
        assert picks == legal
        assert {combine([b, a], listed) for a, b in combinations(listed, 2)} == legal
        for action in sorted(legal)[:5]:
            state.check_legal(seat, action)  # what the service checks before applying
        return
    pytest.fail("no discard phase in the random games")


def test_declare_options_show_each_games_value() -> None:
    seen = 0
    for state in random_states(80, seed=3):
        if state.phase not in ("declare", "skat", "tourne_jack"):
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        layout = skat_layout(view, legal, state.options, 1, 2)
        labels: dict[str, str] = {}
        for row in layout.rows:
            if isinstance(row, SelectSpec):
                labels.update(row.options)
            else:
                labels.update((b.action, b.label) for b in row)
        cards = list(view.hand) + list(view.laid_away or [])
        if view.turned and view.turned not in cards:
            cards.append(view.turned)
        for a in legal:
            if a.kind != "declare" or a.arg == "ramsch":
                continue
            contract = Contract.parse(a.arg)
            value = contract_value(contract, cards, state.options)
            assert labels[str(a)] == value_label(value)
            assert labels[str(a)].endswith(f": {value.value}") or labels[str(a)].endswith(
                f"— {value.value}")
            seen += 1
    assert seen > 50


def test_value_labels_read_like_the_book() -> None:
    options = GAME.options("classic")
    cards = ["CJ", "SJ", "CT", "CQ", "C9", "C8", "HA", "HT", "D9", "D8"]
    assert value_label(contract_value(Contract(kind="solo", suit="C"), cards, options)) == (
        "Club Solo — with 2: 36")
    assert value_label(contract_value(Contract(kind="nullo"), cards, options)) == "Nullo — 20"


def test_advice_text_lists_values_and_classic_safe_counts() -> None:
    for preset in ("classic", "isko"):
        state = GAME.new(3, GAME.options(preset), seed=9)
        seat = state.to_act[0]
        view = state.view(seat)
        text = advice_text(view, state.options)
        assert "skat unseen" in text
        assert ("safe counts" in text) == (preset == "classic")
        assert len(text) <= 4096
        assert text.count("•") >= 10
    rng = random.Random(3)
    while state.phase != "play":
        seat = state.to_act[0]
        state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert advice_text(state.view(state.to_act[0]), state.options) == ""  # too late to value
    empty = GAME.new(4, GAME.options("classic"), seed=1)
    dealer = empty.dealer
    assert advice_text(empty.view(dealer), empty.options) == ""  # the dealer sits out


def test_deal_text_gives_the_score_line_and_a_review() -> None:
    rng = random.Random(2)
    state = GAME.new(3, GAME.options("isko", deals=30), seed=4)
    kinds: set[str] = set()
    while not state.is_over and len(kinds) < 2:
        seat = state.to_act[0]
        legal = [a for a in state.legal_actions(seat)
                 if a.kind not in (*NOT_PLAY, "concede", "surrender")]
        state, events = state.apply(seat, rng.choice(legal))
        last = state.last
        if not any(e.kind == "result" for e in events) or last is None or last.declarer is None:
            continue
        text = deal_text(last, state.options, ["Ann", "Bob", "Cy"])
        player = ["Ann", "Bob", "Cy"][last.declarer]
        named = last.text.replace(f"Seat {last.declarer + 1} ", f"{player} ")
        assert text.startswith(f"**Deal {last.number}**: {named}") and "Seat " not in text
        assert "The skat was" in text
        if len(last.tricks) == 10:
            assert "**Review**" in text and "With all cards open" in text
            kinds.add("review")
        else:
            assert "No review: " in text and "never shown" in text
            kinds.add("early")
    assert "review" in kinds


def test_a_players_claim_is_posted_with_its_review_and_no_hidden_card() -> None:
    """Vorhand holds every trump and Ace, plays two tricks and claims the rest: the post says
    what he laid down and that it held whatever the lie, and names no card still hidden."""
    hands = [
        ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "SA", "HA", "DA", "ST"],
        ["CK", "CQ", "C9", "C8", "SK", "SQ", "S9", "HK", "HQ", "H9"],
        ["C7", "S8", "S7", "HT", "H8", "H7", "DT", "DK", "DQ", "D9"],
    ]
    state = GAME.new(3, GAME.options("isko"), seed=1,
                     deal={"hands": hands, "skat": ["D8", "D7"], "dealer": 2})
    for action in ("pass", "pass", "bid:18", "hand", "declare:grand-hand"):
        state, _ = state.apply(state.to_act[0], action)
    while len(state.hands[0]) > 6 or state.to_act != [0]:  # four tricks, all the Player's
        seat = state.to_act[0]
        play = [a for a in state.legal_actions(seat) if a.kind == "play"]
        state, _ = state.apply(seat, str(play[0]))
    assert state.to_act == [0] and "claim_rest" in {str(a) for a in state.legal_actions(0)}
    left = {s: list(state.hands[s]) for s in (1, 2)}
    state, _ = state.apply(0, "claim_rest")
    result = state.last
    assert result is not None and result.ended == "rest claimed" and result.claimant == 0
    text = deal_text(result, state.options, ["Ann", "Bob", "Cy"])
    assert "**Review** of the claim" in text and "Ann laid down" in text
    assert "Ann's cards alone did it" in text
    from bot.games.cards import pretty
    assert not [c for s in (1, 2) for c in left[s] if pretty(c) in text]


def test_combine_joins_one_kind_only() -> None:
    assert combine(["discard:CJ", "discard:HT"]) == "discard:CJ,HT"
    order = ["discard:SA", "discard:SJ", "discard:HT"]
    assert combine(["discard:SJ", "discard:SA"], order) == "discard:SA,SJ"
    assert combine(["play:CJ"]) == "play:CJ"
    assert combine(["discard:CJ", "play:HT"]) is None
    assert combine(["pass", "hold"]) is None


def test_games_without_a_planner_keep_the_generic_layout() -> None:
    from bot import render
    from bot.discord.layout import plan

    game = registry.get("euchre")
    state = game.new(4, game.options(), seed=3)
    seat = state.to_act[0]
    view = state.view(seat)
    legal = state.legal_actions(seat)
    expected = plan([(str(a), render.action_label(view, a)) for a in legal], 5, 6)
    assert plan_for("euchre", view, legal, None, 5, 6) == expected


def test_a_skat_hand_message_uses_the_skat_layout() -> None:
    from bot.discord.table_messages import hand_message
    from tests.discord.conftest import table_for

    for state in random_states(30, seed=8):
        if state.phase != "discard":
            continue
        table = table_for(state, state.players).model_copy(
            update={"game_key": "skat", "preset": state.options.preset})
        content, view = hand_message(table, state.to_act[0])
        assert view is not None and len(content) <= 2000
        rows = view.to_components()
        select = rows[0]["components"][0]
        assert (select["min_values"], select["max_values"]) == (2, 2)
        assert select["placeholder"] == "Lay away two cards…"
        return
    pytest.fail("no discard phase in the random games")


async def test_the_skat_group_has_deals_and_the_common_commands(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import discord

    from bot.client import create_bot
    from bot.config import Settings

    settings = Settings(_env_file=None, discord_token="MTIz.abc.def",  # type: ignore[call-arg]
                        database_path=tmp_path / "db.sqlite3")
    bot = create_bot(settings)
    await bot.load_extension("cogs.skat")
    skat = next(c for c in bot.tree.get_commands() if c.name == "skat")
    assert isinstance(skat, discord.app_commands.Group) and skat.guild_only
    names = {c.name for c in skat.commands}
    assert {"new", "join", "leave", "bot", "start", "hand", "rules", "score", "abort"} <= names
    payload = skat.to_dict(bot.tree)
    new = next(o for o in payload["options"] if o["name"] == "new")
    options = {o["name"]: o for o in new["options"]}
    assert options["preset"].get("autocomplete")  # the catalogue, by name: never cut at 25
    assert {v.id for v in registry.get("skat").find_variants("")} == {"classic", "isko"}
    assert {c["value"] for c in options["players"]["choices"]} == {3, 4, 5}
    assert (options["deals"]["min_value"], options["deals"]["max_value"]) == (1, 200)
    assert options["points"]["type"] == 5  # a boolean
    # `/skat hand` is the common command; its learners' embed is checked end to end
    # (tests/e2e/test_skat_game.py).
    await bot.close()


def test_the_leaderboard_shows_list_points_only_where_kept() -> None:
    from bot.discord.ladders import counters

    assert counters({"games": 2.0, "list_points": -48.0}) == "; list points -48"
    assert counters({"games": 2.0, "wins": 1.0}) == ""
    assert counters({"hands_won": 7.0, "euchres": 2.0}) == "; hands won 7, euchres 2"


def test_running_card_points_only_when_the_table_shows_them() -> None:
    from bot import render

    for shown in (False, True):
        rng = random.Random(6)
        state = GAME.new(3, GAME.options("classic", show_card_points=shown), seed=6)
        while len(state.tricks) < 2:
            seat = state.to_act[0]
            legal = [a for a in state.legal_actions(seat)
                     if a.kind not in (*NOT_PLAY, "concede", "surrender")]
            state, _ = state.apply(seat, rng.choice(legal))
        public = state.view(None)
        text = render.table_text(public, ["Ann", "Bob", "Cy"])
        assert ("Card points so far" in text) == shown
        if shown:
            assert public.card_points is not None
            assert sum(public.card_points.values()) == sum(
                {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}.get(c[1], 0)
                for t in state.tricks for _, c in t.plays)
        else:
            assert public.card_points is None


def test_open_games_show_the_players_cards_on_the_table() -> None:
    from bot.discord.table_messages import table_embed
    from tests.discord.conftest import table_for

    hands = [
        ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "SA", "ST", "HA", "HT"],
        ["CK", "CQ", "C9", "C8", "SK", "SQ", "S9", "HK", "HQ", "H9"],
        ["C7", "S8", "S7", "DA", "H8", "H7", "DT", "DK", "DQ", "D9"],
    ]
    state = GAME.new(3, GAME.options("classic"), seed=1,
                     deal={"hands": hands, "skat": ["D8", "D7"], "dealer": 2})
    for action in ("pass", "pass", "declare:open_grand"):
        state, _ = state.apply(state.to_act[0], action)
    assert state.phase == "play"
    table = table_for(state, 3).model_copy(update={"game_key": "skat", "preset": "classic"})
    embed = table_embed(table)
    assert "Open cards of Player0" in (embed.description or "")
    assert "J♣" in (embed.description or "")
