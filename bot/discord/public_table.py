"""The one-message presentation of public-information table games (dice): the channel's table
message carries the legal actions of the seat to act, and nothing is sent by DM.

Decided by the game's traits (``mode == "table"`` and ``information == "public"``), never by
its key: such a game hides nothing, so the seat to act can decide from the table message
alone, and the service refuses a click from anyone else (not seated, not their turn, an old
turn's button) with its own polite words.
"""

from __future__ import annotations

from bot.discord.layout import Layout, plan_for
from bot.games import registry
from bot.service.models import TableInfo, TableStatus


def on_the_table(game_key: str) -> bool:
    """Whether a game is played on its table message (public information, several seats)."""
    try:
        traits = registry.get(game_key).traits
    except Exception:
        return False  # an unknown key (a test game of the service): the usual flow
    return traits.mode == "table" and traits.information == "public"


def turn_layout(table: TableInfo) -> Layout | None:
    """The actions of the seat to act, laid out for the table message; None when nobody a
    person controls is to act (the lobby, the end, an AI seat, a resigned seat). Only the
    first seat to act is offered: the games played this way have one seat to act at a time."""
    play = table.play
    if table.status is not TableStatus.PLAYING or play is None or not play.to_act:
        return None
    seat = play.to_act[0]
    info = next((s for s in table.seats if s.index == seat), None)
    if info is None or info.user_id is None or info.is_ai:
        return None
    layout = plan_for(table.game_key, play.view(seat), play.legal(seat), table.rules,
                      table.id, table.version)
    return layout if layout.rows else None
