"""Players read names, not seats, and a name written in Markdown stays a name."""

from __future__ import annotations

import random

from bot.discord.table_messages import hand_message, summary_text, table_embed
from bot.games import registry
from bot.games.base import State
from bot.service.models import SeatInfo, TableInfo
from tests.discord.conftest import table_for

ODD = ["**x**", "_a_b_", "~~c~~", "d|e"]
ESCAPED = ["\\*\\*x\\*\\*", "\\_a\\_b\\_", "\\~\\~c\\~\\~", "d\\|e"]


def _named(table: TableInfo, names: list[str]) -> TableInfo:
    seats = [s.model_copy(update={"name": names[s.index]}) for s in table.seats]
    return table.model_copy(update={"seats": seats})


def _played_out(game_key: str, preset: str, players: int, seed: int, **options: object) -> State:
    game = registry.get(game_key)
    state = game.new(players, game.options(preset, **options), seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        quiet = [a for a in state.legal_actions(seat)
                 if not a.kind.startswith(("claim", "concede", "surrender"))]
        state, _ = state.apply(seat, rng.choice(quiet or state.legal_actions(seat)))
    return state


def test_markdown_in_names_is_escaped_in_the_lobby_table_hand_and_summary() -> None:
    lobby = _named(table_for(None, 4), ODD)
    assert all(e in (table_embed(lobby).description or "") for e in ESCAPED)
    game = registry.get("euchre")
    state = game.new(4, game.options("modern"), 3)
    playing = _named(table_for(state, 4), ODD)
    embed = table_embed(playing)
    text = (embed.description or "") + " ".join(f.value or "" for f in embed.fields)
    for raw, escaped in zip(ODD, ESCAPED, strict=True):
        assert escaped in text
        assert raw not in text.replace(escaped, "")
    content, _ = hand_message(playing, 0)
    assert ESCAPED[0] in content
    over = _named(table_for(_played_out("euchre", "modern", 4, 3), 4), ODD)
    summary = summary_text(over)
    assert any(e in summary for e in ESCAPED) and "**x**" not in summary


def test_a_euchre_summary_names_the_partners_not_the_compass() -> None:
    state = _played_out("euchre", "modern", 4, 8)
    summary = summary_text(table_for(state, 4))
    assert "Player0/Player2" in summary or "Player1/Player3" in summary
    for seat in ("North", "East", "South", "West"):
        assert seat not in summary


def test_a_skat_summary_names_players_and_shows_card_points() -> None:
    state = _played_out("skat", "classic", 3, 4, deals=3)
    table = table_for(state, 3).model_copy(update={"game_key": "skat", "preset": "classic"})
    table = table.model_copy(update={"seats": [
        SeatInfo(index=i, user_id=1000 + i, name=n) for i, n in enumerate(["Ann", "Bo", "Cy"])]})
    summary = summary_text(table)
    assert "Totals: Ann " in summary and "seat 1" not in summary.lower()
    assert "card points" in summary
    for role in ("Vorhand", "Mittelhand", "Hinterhand"):
        for line in summary.splitlines():
            if role in line:  # only beside a name: "Cy (Hinterhand): Grand, 78 card points"
                assert f"({role})" in line
    embed = table_embed(table).description or ""
    assert "Last deal: " in embed and "Seat " not in embed


def test_plain_escapes_exactly_as_discord_does() -> None:
    """`plain` skips the escape for a text without Markdown marks: for every text it must say
    what `discord.utils.escape_markdown` says."""
    import discord

    from bot.discord.table_messages import plain

    rng = random.Random(5)
    alphabet = "ab _\\~|*`>[]()#-:/<. \nhttps"
    texts = ["", "Ann", "Seat 2", "AI (Seat 3)", " - x", "# x", "> x", "[a](b)", "a\\b",
             "<https://x.y>", *ODD]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
              for _ in range(5000)]
    for text in texts:
        assert plain(text) == discord.utils.escape_markdown(text), text
