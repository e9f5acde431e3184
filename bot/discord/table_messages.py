"""What Parlour shows of a table: its channel message, a seat's hand message, the summary.

Pure builders from a `TableInfo` to Discord content (text, embed, components); the listener
(`bot.discord.table_ui`) and the hand DMs (`bot.discord.hand_dms`) send what these build.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import discord

from bot import render
from bot.discord.components import action_view, lobby_view, rematch_view, show_hand_view
from bot.discord.layout import plan_for
from bot.discord.public_table import on_the_table, turn_layout
from bot.games import house_rules, registry
from bot.games.base import Action, Event, Options
from bot.i18n import N_, _, pgettext
from bot.i18n.sentences import again
from bot.service.models import SeatInfo, TableInfo, TableStatus

log = logging.getLogger(__name__)

RESTARTED = N_("I was restarted; here is your turn again.")
GAME_OVER = N_("This game is over.")
ON_THE_TABLE = N_("This game hides nothing, so there is no hand: everything is on the table "
                  "message, and its buttons are yours when it is your turn.")
TABLE_CLOSED = N_("This table was closed.")
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELD_MAX = 1024
CONTENT_MAX = 2000
ALT_MAX = 1024
"""Discord's limit on an attachment's description (the picture's alt text)."""
TABLE_PICTURE = "table.png"
HAND_PICTURE = "hand.png"


_COLOURS = {
    TableStatus.LOBBY: discord.Colour.blurple(),
    TableStatus.PLAYING: discord.Colour.green(),
    TableStatus.FINISHED: discord.Colour.gold(),
    TableStatus.ABORTED: discord.Colour.dark_grey(),
}


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def seat_names(table: TableInfo) -> list[str]:
    """Display names by seat index, with "(AI)" where the AI plays the seat; escaped, since
    every place they go is Markdown (a name like ``**x**`` or ``_a_b_`` stays a name)."""
    names: list[str | None] = [None] * max(table.players, len(table.seats))
    for seat in table.seats:
        if 0 <= seat.index < len(names):
            name = plain(shown_name(seat))
            names[seat.index] = (_("{name} (AI)", name=name) if seat.is_ai and seat.user_id
                                 else name)
    return _seats_named(names)


def _seats_named(names: list[str | None]) -> list[str]:
    """``names`` with "Seat n" where a seat has none (said only for those: a full table needs
    none of these words)."""
    return [_("Seat {n}", n=i + 1) if name is None else name for i, name in enumerate(names)]


def shown_name(seat: SeatInfo) -> str:
    """A seat's name as shown: a person's as they wrote it; an AI seat's ("AI (Seat 2)", made
    by the service in English) in the reader's language."""
    return again(seat.name) if seat.is_ai and seat.user_id is None else seat.name


_MARKDOWN = re.compile(r"[_\\~|*`>\[#-]")
"""The characters without which `discord.utils.escape_markdown` leaves a text as it is (its
emphasis, code, spoiler, quote, link, heading and list marks); most names have none, and the
escape's own regex costs a table message several times what the rest of its names do."""


def plain(text: str) -> str:
    """``text`` shown as written in Markdown: a player's name, or a notice of the service
    (plain sentences by contract)."""
    if _MARKDOWN.search(text) is None:
        return text
    return discord.utils.escape_markdown(text)


def table_title(table: TableInfo) -> str:
    try:
        title = _(registry.get(table.game_key).title)
    except Exception:
        title = table.game_key.title()
    return f"{title} · {table.preset}" if table.preset else title


def _timestamp(when: datetime | None) -> str | None:
    return None if when is None else f"<t:{int(when.timestamp())}:R>"


def _lobby_text(table: TableInfo) -> str:
    taken = {s.index: s for s in table.seats}
    lines = []
    for i in range(table.players):
        seat = taken.get(i)
        if seat is None:
            lines.append(_("{n}. — free —", n=i + 1))
            continue
        tags = []
        if seat.user_id is not None and seat.user_id == table.host_id:
            tags.append(_("host"))
        if seat.is_ai:
            tags.append(_("AI, {level}", level=_(seat.ai_level)))
        if seat.kept:
            tags.append(_("kept: press Join to confirm"))
        suffix = f" ({', '.join(tags)})" if tags else ""
        lines.append(f"{i + 1}. {plain(shown_name(seat))}{suffix}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Picture:
    """A drawn PNG to attach to a message and show as its embed's image."""

    png: bytes
    alt: str
    filename: str

    def file(self) -> discord.File:
        """A fresh `discord.File` (one is consumed by each send or edit)."""
        return discord.File(io.BytesIO(self.png), self.filename,
                            description=clip(self.alt, ALT_MAX) or None)


def _picture_names(table: TableInfo) -> list[str]:
    """Names as drawn: a picture is not Markdown, so they are not escaped."""
    names: list[str | None] = [None] * max(table.players, len(table.seats))
    for seat in table.seats:
        if 0 <= seat.index < len(names):
            names[seat.index] = (_("{name} (AI)", name=seat.name) if seat.is_ai and seat.user_id
                                 else shown_name(seat))
    return _seats_named(names)


def table_picture(table: TableInfo, style: str = render.DEFAULT_STYLE) -> Picture | None:
    """The public table drawn for the channel message; None before the deal or for a game
    without pictures. CPU work: the kit draws it off the event loop (`bot.discord.painter`)."""
    if (play := table.play) is None or not render.draws_pictures(table.game_key):
        return None
    drawn = render.table_picture(play.view(None), _picture_names(table), style)
    return None if drawn.png is None else Picture(drawn.png, drawn.alt, TABLE_PICTURE)


def hand_picture(table: TableInfo, seat: int,
                 style: str = render.DEFAULT_STYLE) -> Picture | None:
    """A seat's hand drawn for its private message, the cards it may play now raised."""
    if (play := table.play) is None or not render.draws_pictures(table.game_key):
        return None
    legal = play.legal(seat) if table.is_open and not _ai_plays(table, seat) else []
    drawn = render.hand_picture(play.view(seat), _picture_names(table), style, legal)
    return None if drawn.png is None else Picture(drawn.png, drawn.alt, HAND_PICTURE)


def _ai_plays(table: TableInfo, seat: int) -> bool:
    info = next((s for s in table.seats if s.index == seat), None)
    return info is not None and info.is_ai and table.is_open


def table_embed(table: TableInfo, picture: Picture | None = None) -> discord.Embed:
    """The channel message's embed: the public view only (``play.view(None)``), with
    ``picture`` as its image (the table drawn, or in a DM the seat's hand)."""
    names = seat_names(table)
    embed = discord.Embed(title=table_title(table), colour=_COLOURS.get(table.status))
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    play = table.play
    if play is None:
        embed.description = clip(_lobby_text(table), EMBED_DESCRIPTION_MAX)
        if table.status is TableStatus.LOBBY:
            embed.add_field(name=_("Lobby"), value=(
                _("Join or add AI players; Start deals (AI fills empty seats).")
                if table.policy.ai_allowed else
                _("Join; Start deals once every seat is taken (this server plays without AI "
                  "players).")))
            if (rematch := rematch_text(table)) is not None:
                embed.add_field(name=_("Rematch"), value=rematch, inline=False)
            if stamp := _timestamp(table.lobby_deadline):
                embed.add_field(name=_("Lobby closes"), value=stamp)
    else:
        public = play.view(None)
        embed.description = clip(render.table_text(public, names), EMBED_DESCRIPTION_MAX)
        if table.status is TableStatus.PLAYING and play.to_act:
            who = ", ".join(f"**{names[s]}**" for s in play.to_act if s < len(names))
            value = who
            if stamp := _timestamp(table.turn_deadline):
                value = f"{who} · {stamp}"
            embed.add_field(name=_("To act"), value=value, inline=False)
    if table.status is TableStatus.FINISHED and play is not None:
        outcome = play.outcome()
        if outcome is not None:
            winners = (", ".join(names[s] for s in outcome.winners if s < len(names))
                       or _("nobody"))
            embed.add_field(name=_("Winners"), value=winners, inline=False)
    elif table.status is TableStatus.ABORTED:
        embed.add_field(name=_("Closed"), value=_(TABLE_CLOSED), inline=False)
    if rules := house_rules_line(table):
        embed.add_field(name=_("House rules"), value=clip(rules, EMBED_FIELD_MAX), inline=False)
    embed.set_footer(text=_("Table {id} · {status}", id=table.id,
                            status=_(STATUS_WORDS[table.status])))
    return embed


STATUS_WORDS = {TableStatus.LOBBY: N_("lobby"), TableStatus.PLAYING: N_("playing"),
                TableStatus.FINISHED: N_("finished"), TableStatus.ABORTED: N_("aborted")}


def house_rules_line(table: TableInfo) -> str:
    """The rules this table set when it opened, where they differ from its preset: everyone
    who joins or watches sees what they play by (``stick the dealer, target 7``)."""
    if table.rules is None or not table.options:
        return ""
    return house_rules.table_line(table.rules, _preset_options(table.game_key, table.rules))


def _preset_options(game_key: str, options: Options) -> Options:
    return registry.get(game_key).options(options.preset)


def rematch_text(table: TableInfo) -> str | None:
    """For a rematch lobby: which table it repeats and whose kept seats still await a Join."""
    if table.rematch_of is None:
        return None
    awaited = [f"**{plain(s.name)}**" for s in table.awaited]
    head = table.rematch_of
    if not awaited:
        return _("Rematch of table {id}: every player is back.", id=head)
    who = (_("{names} and {last}", names=", ".join(awaited[:-1]), last=awaited[-1])
           if len(awaited) > 1 else awaited[-1])
    if not table.policy.ai_allowed:
        return _("Rematch of table {id}: waiting for {who} to press Join (this server plays "
                 "without AI players).", id=head, who=who)
    return _("Rematch of table {id}: waiting for {who} to press Join (Start gives a seat "
             "still kept to the AI).", id=head, who=who)


def table_view(table: TableInfo) -> discord.ui.View | None:
    """The table message's components: the lobby's buttons; in play, "Show my hand", or for a
    game played on its table message (`public_table`) the actions of the person to act; once a
    seated game is over, "Rematch"."""
    if table.status is TableStatus.LOBBY:
        return lobby_view(table.id, ai=table.policy.ai_allowed)
    if table.status is TableStatus.PLAYING:
        if on_the_table(table.game_key):
            layout = turn_layout(table)
            return action_view(layout) if layout is not None else None
        return show_hand_view(table.id)
    if table.status is TableStatus.FINISHED and _seated_game(table.game_key):
        return rematch_view(table.id)
    return None


def _seated_game(game_key: str) -> bool:
    try:
        return registry.get(game_key).traits.mode == "table"
    except Exception:
        return False


def summary_text(table: TableInfo) -> str:
    """The post at the end of a game: outcome lines and winners."""
    names = seat_names(table)
    lines = [_("**{title}**: the game is over.", title=table_title(table))]
    play = table.play
    outcome = play.outcome() if play is not None else None
    if outcome is not None and play is not None:
        lines.extend(render.outcome_lines(play.view(None), outcome, names))
        winners = [names[s] for s in outcome.winners if s < len(names)]
        if winners:
            lines.append(_("Winners: {names}.", names=", ".join(winners)))
    lines.append(_("Ratings: `/leaderboard {game}`.", game=table.game_key))
    return clip("\n".join(lines), CONTENT_MAX)


def hand_message(
    table: TableInfo, seat: int, events: Sequence[Event] = (), *, note: str | None = None
) -> tuple[str, discord.ui.View | None]:
    """A seat's private message: its own view, any private news, and its legal actions."""
    names = seat_names(table)
    parts = [_("**{title}**, table {id}", title=table_title(table), id=table.id)]
    if note:
        parts.append(note)
    parts.extend(again(e.text) for e in events if e.private_to == seat and e.text)
    if (play := table.play) is None:
        return clip("\n".join([*parts, _("The game has not started yet.")]), CONTENT_MAX), None
    view = play.view(seat)
    seat_info = next((s for s in table.seats if s.index == seat), None)
    ai_plays = _ai_plays(table, seat)
    parts.append(render.hand_text(view, names, ai_plays=ai_plays))
    if not table.is_open:  # the last word of every hand message, whoever moved last
        parts.append(_(GAME_OVER) if table.status is TableStatus.FINISHED else _(TABLE_CLOSED))
    legal: list[Action] = play.legal(seat) if table.is_open else []
    if seat_info is not None and ai_plays:
        if seat_info.resigned:
            parts.append(_("You resigned: the AI plays this seat to the end."))
        else:
            parts.append(_("The AI plays this seat now; use `/{game} join` to take it back.",
                           game=pgettext("command", table.game_key)))
        legal = []
    if legal and (stamp := _timestamp(table.turn_deadline)):
        parts.append(_("Your turn · {when}", when=stamp))
    options = table.rules  # a game's planner may want its house rules
    layout = plan_for(table.game_key, view, legal, options, table.id, table.version)
    if layout.dropped:
        log.warning("table %s: %d actions did not fit in components", table.id, layout.dropped)
    return clip("\n".join(parts), CONTENT_MAX), action_view(layout)


def is_manager(interaction: discord.Interaction) -> bool:
    """Manage Channels (or Administrator) here: may start or abort any table."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and (perms.manage_channels or perms.administrator))


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name



def view_kw(view: discord.ui.View | None) -> dict[str, Any]:
    """``view=`` for a send, or nothing (discord.py refuses ``view=None`` on a send)."""
    return {} if view is None else {"view": view}
