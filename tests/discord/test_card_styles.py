"""`/cards`: a player's card style is kept, and their hands are drawn in it; tables in the
host's."""

from __future__ import annotations

import discord
import pytest

from bot.discord.card_styles import CardStyles
from bot.discord.table_messages import hand_picture, table_picture
from bot.discord.table_ui import TableUI
from bot.render import DEFAULT_STYLE
from bot.service.tables import TableService
from tests.discord import test_table_ui
from tests.discord.test_table_ui import ALICE, BOB, FakeClient

service = test_table_ui.service  # the fixture: a real table service on a temporary file


async def test_a_chosen_style_is_kept_across_processes(service: TableService) -> None:
    styles = CardStyles(service)
    assert await styles.of(ALICE) == DEFAULT_STYLE
    await styles.choose(ALICE, "four_colour")
    assert await CardStyles(service).of(ALICE) == "four_colour"  # read back from the store
    assert await styles.of(BOB) == DEFAULT_STYLE
    assert await styles.of(None) == DEFAULT_STYLE  # an AI seat
    with pytest.raises(ValueError):
        await styles.choose(ALICE, "rainbow")
    await service.set_setting("card_style", BOB, "style", "rainbow")  # an old or bad value
    assert await CardStyles(service).of(BOB) == DEFAULT_STYLE


def _png(sent_kwargs: dict[str, object], key: str = "files") -> bytes:
    files = sent_kwargs.get(key) or []
    assert isinstance(files, list) and files, "no picture"
    file = files[0]
    assert isinstance(file, discord.File)
    file.fp.seek(0)
    return file.fp.read()


async def test_hands_are_drawn_in_their_players_style_and_the_table_in_the_hosts(
    service: TableService, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Deal 1: Bob (seat 1) holds a spade and a diamond, which the two styles colour apart.
    monkeypatch.setattr("bot.service.lobby.secrets.randbits", lambda bits: 1)
    client = FakeClient()
    ui = TableUI(client, service, edit_interval_s=0.0)  # type: ignore[arg-type]
    await ui.styles.choose(BOB, "four_colour")
    service.subscribe(ui.on_update)
    table = await service.create(game_key="euchre", channel_id=5, guild_id=1, host_id=ALICE,
                                 host_name="Alice", preset="hoyle1871", players=2)
    await service.join(table.id, BOB, "Bob")
    await service.start_game(table.id, ALICE)  # a deal: both get their hands by DM
    await ui.settle()
    table = await service.get(table.id)
    by_user = {s.where: s.kwargs for s in client.sent if s.where.startswith("dm:")}
    for user, style in ((ALICE, DEFAULT_STYLE), (BOB, "four_colour")):
        seat = table.seat_of(user)
        assert seat is not None
        drawn = hand_picture(table, seat.index, style)
        assert drawn is not None and _png(by_user[f"dm:{user}"]) == drawn.png, user
    assert table.state is not None and {"S9", "D9"} <= set(table.state.view(1).hand)  # type: ignore[attr-defined]
    assert hand_picture(table, 1, "four_colour") != hand_picture(table, 1, DEFAULT_STYLE)
    edits = [kwargs for _, kwargs in client.edits if kwargs.get("attachments")]
    host_style = table_picture(table, DEFAULT_STYLE)
    assert host_style is not None and _png(edits[-1], "attachments") == host_style.png
