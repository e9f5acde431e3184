"""The replay viewer's pieces: where each button leads, the position line, and what the
message holds (a Skat series' score sheet at its last step; no hand for a spectator)."""

from __future__ import annotations

import random
from pathlib import Path

from bot.discord.replays import position_line, replay_content, replay_embeds, targets
from bot.service.models import TableStatus
from bot.service.tables import TableService

USERS = [701, 702, 703]


async def finished_skat(tmp_path: Path) -> tuple[TableService, int]:
    svc = await TableService.open(tmp_path / "p.sqlite3", turn_timeout_s=3600)
    info = await svc.create(game_key="skat", channel_id=1, guild_id=9, host_id=USERS[0],
                            host_name="Ann", preset="classic", options={"deals": 2}, seed=21)
    for i, name in ((1, "Bob"), (2, "Cy")):
        await svc.join(info.id, USERS[i], name)
    await svc.start_game(info.id, USERS[0])
    rng = random.Random(6)
    while (now := await svc.get(info.id)).status is TableStatus.PLAYING:
        assert now.state is not None
        seat = now.state.to_act[0]
        action = rng.choice(now.state.legal_actions(seat))
        await svc.act(info.id, USERS[seat], str(action), version=now.version)
    return svc, info.id


async def test_buttons_lead_to_the_next_and_previous_marks(tmp_path: Path) -> None:
    svc, table_id = await finished_skat(tmp_path)
    try:
        start = await svc.replay(table_id, 0, user_id=USERS[0])
        first_trick, second_trick = start.trick_starts[:2]
        to = targets(start)
        assert to["f"] == to["pm"] == to["pt"] == to["pd"] == 0  # disabled: already there
        assert to["nm"] == 1 and to["nt"] == first_trick and to["l"] == start.steps
        assert to["nd"] == start.deal_starts[1]
        assert position_line(start).startswith("Deal 1 of 2 · as dealt")
        mid = await svc.replay(table_id, first_trick + 1, user_id=USERS[0])
        to = targets(mid)
        assert to["pt"] == first_trick and to["nt"] == second_trick
        assert to["pm"] == first_trick and to["nm"] == first_trick + 2
        assert position_line(mid) == f"Deal 1 of 2 · trick 1 · move {first_trick + 1} of " \
            f"{mid.steps}"
        second = await svc.replay(table_id, start.deal_starts[1], user_id=USERS[0])
        assert position_line(second).startswith("Deal 2 of 2 · move")
        assert targets(second)["pd"] == 0
    finally:
        await svc.close()


async def test_the_last_step_shows_the_series_score_sheet(tmp_path: Path) -> None:
    svc, table_id = await finished_skat(tmp_path)
    try:
        end = await svc.replay(table_id, 10**6, user_id=USERS[1])
        embeds = replay_embeds(end, None, None)
        sheet = embeds[-1]
        assert sheet.title == "The score sheet"
        assert "Deal 1:" in (sheet.description or "") and "Deal 2:" in (sheet.description or "")
        assert "Totals:" in (sheet.description or "")
        assert any(e.title == "Your hand then" for e in embeds)
        assert "your own hand" in replay_content(end)
        earlier = await svc.replay(table_id, 3, user_id=USERS[1])
        assert all(e.title != "The score sheet" for e in replay_embeds(earlier, None, None))
        spectator = await svc.replay(table_id, 3, user_id=999, guild_id=9)
        assert [e.title for e in replay_embeds(spectator, None, None)] == ["Skat · classic"]
        assert "You had no seat" in replay_content(spectator)
    finally:
        await svc.close()


def test_a_game_without_deals_or_tricks_has_move_buttons_only() -> None:
    from datetime import UTC, datetime

    from bot.games.base import View
    from bot.service.models import ReplayStep

    step = ReplayStep(table_id=3, game_key="dice", preset="x", finished_at=datetime.now(UTC),
                      seats=[], players=2, step=4, steps=9,
                      public=View(game="dice", seat=None, players=2, to_act=[]))
    assert targets(step) == {"f": 0, "pm": 3, "nm": 5, "l": 9}
    assert position_line(step) == "Move 4 of 9"


async def test_replay_pictures_draw_and_their_alt_text_names_no_hidden_card(
        tmp_path: Path) -> None:
    from bot.discord.replays import replay_hand_picture, replay_names, replay_table_picture
    from bot.games.cards import pretty
    from bot.render import DEFAULT_STYLE

    svc, table_id = await finished_skat(tmp_path)
    try:
        step = await svc.replay(table_id, 5, user_id=USERS[0])
        names = replay_names(step.seats, step.players, markdown=False)
        table = replay_table_picture(step.public, names, DEFAULT_STYLE)
        assert step.own is not None
        hand = replay_hand_picture(step.own, names, DEFAULT_STYLE)
        assert table is not None and table.png and table.filename == "table.png"
        assert hand is not None and hand.png and hand.filename == "hand.png"
        others = {c for s in (1, 2) for c in
                  (await svc.replay(table_id, 5, user_id=USERS[s])).own.hand  # type: ignore[union-attr]
                  } - set(step.own.hand)  # type: ignore[attr-defined]
        assert others
        for card in others:
            assert pretty(card) not in table.alt and pretty(card) not in hand.alt
        assert any(pretty(c) in hand.alt for c in step.own.hand)  # type: ignore[attr-defined]
    finally:
        await svc.close()
