"""The replay viewer of a finished game, and the history list of ``/<game> history``.

The viewer is one ephemeral message: the table as everyone saw it at one step (text and
picture), the viewer's own hand at that step if they had a seat, a line such as "Deal 2 of 3 ·
trick 4 · move 17 of 96", and buttons (``pv:`` custom ids, `bot.discord.custom_ids`) that each
carry the step they show, so a click, even after a restart, asks the service for that step and
edits the message. Everything here is built from the service's `ReplayStep` (views only).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import render
from bot.discord import custom_ids as ids
from bot.discord.components import replay_view
from bot.discord.painter import attach
from bot.discord.replies import guard
from bot.discord.table_messages import (
    EMBED_DESCRIPTION_MAX,
    HAND_PICTURE,
    TABLE_PICTURE,
    Picture,
    clip,
    plain,
    shown_name,
)
from bot.games import registry
from bot.games.base import Action, View
from bot.i18n import N_, _, pgettext
from bot.i18n.sentences import again
from bot.service.models import GameSummary, RecentGames, ReplayStep, SeatInfo

if TYPE_CHECKING:
    from bot.discord.table_ui import TableUI

log = logging.getLogger(__name__)

WHAT_YOU_SEE = N_("You see the table as everyone saw it at each moment, and your own hand if "
                  "you played; never another player's hidden cards.")


# -- names and words --------------------------------------------------------------------------


def replay_names(seats: list[SeatInfo], players: int, *, markdown: bool = True) -> list[str]:
    """Names by seat as the table showed them ("(AI)" where the AI played a person's seat)."""
    names = [_("Seat {n}", n=i + 1) for i in range(max(players, len(seats)))]
    for seat in seats:
        if 0 <= seat.index < len(names):
            name = plain(shown_name(seat)) if markdown else shown_name(seat)
            names[seat.index] = (_("{name} (AI)", name=name) if seat.is_ai and seat.user_id
                                 else name)
    return names


def targets(step: ReplayStep) -> dict[ids.ReplayOp, int | None]:
    """Where each button leads from ``step``: None leaves it out (a game without tricks or
    deals); a target equal to the step disables it."""
    s, last = step.step, step.steps
    out: dict[ids.ReplayOp, int | None] = {
        "f": 0, "pm": max(0, s - 1), "nm": min(last, s + 1), "l": last,
    }
    if step.trick_starts:
        out["pt"] = max((t for t in step.trick_starts if t < s), default=s)
        out["nt"] = min((t for t in step.trick_starts if t > s), default=s)
    if len(step.deal_starts) > 1:
        out["pd"] = max((d for d in step.deal_starts if d < s), default=s)
        out["nd"] = min((d for d in step.deal_starts if d > s), default=s)
    return out


def position_line(step: ReplayStep) -> str:
    """"Deal 2 of 3 · trick 4 · move 17 of 96" (the parts the game has)."""
    parts = []
    if step.deal is not None:
        parts.append(_("Deal {n} of {deals}", n=step.deal, deals=len(step.deal_starts)))
    if step.trick is not None:
        parts.append(_("trick {n}", n=step.trick))
    moves = (_("move {n} of {moves}", n=step.step, moves=step.steps) if step.step
             else _("as dealt ({moves} moves in all)", moves=step.steps))
    parts.append(moves)
    text = " · ".join(parts)
    return text[0].upper() + text[1:]


def move_line(step: ReplayStep, names: list[str]) -> str | None:
    """The move that led to this step, as everyone learned of it."""
    if step.move is None or step.mover is None or step.before is None:
        return None
    who = (names[step.mover] if 0 <= step.mover < len(names)
           else _("Seat {n}", n=step.mover + 1))
    if step.move == "undo":
        return _("{name} took a move back.", name=who)
    try:
        words = render.move_text(step.before, Action.parse(step.move))
    except Exception:
        words = _("moved")
    return _("{name} {move}.", name=who, move=words)


def _title(game_key: str, preset: str) -> str:
    try:
        title = _(registry.get(game_key).title)
    except Exception:
        title = game_key.title()
    return f"{title} · {preset}" if preset else title


# -- pictures (drawn off the loop by the Painter: module-level, picklable) --------------------


def replay_table_picture(view: View, names: list[str], style: str) -> Picture | None:
    """The public table at a step, drawn."""
    if not render.draws_pictures(view.game):
        return None
    drawn = render.table_picture(view, names, style)
    return None if drawn.png is None else Picture(drawn.png, drawn.alt, TABLE_PICTURE)


def replay_hand_picture(view: View, names: list[str], style: str) -> Picture | None:
    """The viewer's own hand at a step, drawn (no card raised: nothing is to be played)."""
    if not render.draws_pictures(view.game):
        return None
    drawn = render.hand_picture(view, names, style, [])
    return None if drawn.png is None else Picture(drawn.png, drawn.alt, HAND_PICTURE)


# -- the message ------------------------------------------------------------------------------


def replay_content(step: ReplayStep) -> str:
    """The message text: which game, where in it, the last move, and what the viewer sees."""
    names = replay_names(step.seats, step.players)
    when = f"<t:{int(step.finished_at.timestamp())}:R>"
    lines = [_("**Replay of {game}**, table {id} (finished {when})",
               game=_title(step.game_key, step.preset), id=step.table_id, when=when),
             f"**{position_line(step)}**"]
    if (moved := move_line(step, names)) is not None:
        lines.append(_("Last move: {move}", move=moved))
    lines.append(_("You see the table as everyone saw it, and your own hand.") if step.own
                 is not None else _("You had no seat: you see the table as everyone saw it."))
    return clip("\n".join(lines), 2000)


def replay_embeds(step: ReplayStep, table_pic: Picture | None,
                  hand_pic: Picture | None) -> list[discord.Embed]:
    """The table at the step; the viewer's own hand; at the last step the result (a Skat
    series' score sheet)."""
    names = replay_names(step.seats, step.players)
    table = discord.Embed(title=_title(step.game_key, step.preset),
                          description=clip(render.table_text(step.public, names),
                                           EMBED_DESCRIPTION_MAX),
                          colour=discord.Colour.dark_teal())
    if table_pic is not None:
        table.set_image(url=f"attachment://{table_pic.filename}")
    table.set_footer(text=_("Table {id} · replay · step {n}/{steps}", id=step.table_id,
                            n=step.step, steps=step.steps))
    embeds = [table]
    if step.own is not None:
        hand = discord.Embed(title=_("Your hand then"), description=clip(
            render.hand_text(step.own, names), EMBED_DESCRIPTION_MAX))
        if hand_pic is not None:
            hand.set_image(url=f"attachment://{hand_pic.filename}")
        embeds.append(hand)
    if step.outcome is not None:
        lines = render.outcome_lines(step.public, step.outcome, names)
        winners = [names[s] for s in step.outcome.winners if 0 <= s < len(names)]
        if winners:
            lines.append(_("Winners: {names}.", names=", ".join(winners)))
        # A series' result is its sheet: a line per deal, then the totals (Skat's).
        title = _("The score sheet") if len(step.outcome.lines) > 1 else _("The result")
        embeds.append(discord.Embed(title=title, colour=discord.Colour.gold(),
                                    description=clip("\n".join(lines) or _("Game over."),
                                                     EMBED_DESCRIPTION_MAX)))
    return embeds


async def _pictures(ui: TableUI, step: ReplayStep, user_id: int
                    ) -> tuple[Picture | None, Picture | None]:
    if not render.draws_pictures(step.game_key):
        return None, None
    style = await ui.styles.of(user_id)
    raw = replay_names(step.seats, step.players, markdown=False)
    table_pic = await ui.painter.paint(replay_table_picture, step.public, raw, style)
    hand_pic = None
    if step.own is not None:
        hand_pic = await ui.painter.paint(replay_hand_picture, step.own, raw, style)
    return table_pic, hand_pic


async def _soon(interaction: discord.Interaction, work: Awaitable[Any], after_s: float,
                defer: Callable[[], Awaitable[Any]]) -> Any:
    """Do the work; acknowledge the interaction first if it takes longer than ``after_s``."""
    task = asyncio.ensure_future(work)
    done, _pending = await asyncio.wait({task}, timeout=after_s)
    if not done and not interaction.response.is_done():
        await defer()
    return await task


async def show_replay(ui: TableUI, interaction: discord.Interaction, table_id: int, step: int,
                      *, game_key: str | None = None, edit: bool) -> None:
    """Answer ``interaction`` with step ``step`` of table ``table_id``'s replay: a new
    ephemeral viewer (``edit`` False: the command) or the clicked viewer edited in place."""
    async with guard(interaction):
        async def build() -> tuple[ReplayStep, Picture | None, Picture | None]:
            shown = await ui.service.replay(table_id, step, user_id=interaction.user.id,
                                            game_key=game_key, guild_id=interaction.guild_id)
            return (shown, *await _pictures(ui, shown, interaction.user.id))

        def defer() -> Awaitable[Any]:
            if edit:
                return interaction.response.defer()
            return interaction.response.defer(ephemeral=True, thinking=True)

        shown, table_pic, hand_pic = await _soon(interaction, build(), ui.defer_after_s, defer)
        content = replay_content(shown)
        embeds = replay_embeds(shown, table_pic, hand_pic)
        view = replay_view(shown.table_id, shown.step, targets(shown))
        pictures = [p for p in (table_pic, hand_pic) if p is not None]
        if edit:
            kw: dict[str, Any] = {"content": content, "embeds": embeds, "view": view,
                                  "attachments": [f for p in pictures for f in attach(p)]}
            if interaction.response.is_done():
                await interaction.edit_original_response(**kw)
            else:
                await interaction.response.edit_message(**kw)
        else:
            files = [p.file() for p in pictures]
            if interaction.response.is_done():
                await interaction.followup.send(content, embeds=embeds, files=files, view=view,
                                                ephemeral=True)
            else:
                await interaction.response.send_message(content, embeds=embeds, files=files,
                                                        view=view, ephemeral=True)


# -- the list ---------------------------------------------------------------------------------


def _game_line(game: GameSummary) -> str:
    when = f"<t:{int(game.finished_at.timestamp())}:R>"
    players = ", ".join(plain(p) for p in game.players)
    said = again(game.result, game.players)
    return f"`#{game.table_id}` · {when} · {players} · {plain(said)}"


def history_embed(title: str, game_key: str, recent: RecentGames) -> discord.Embed:
    """The user's and the channel's recent games with their ids, and how to replay one."""
    parts = [_("**Your recent games**")]
    parts += [_game_line(g) for g in recent.mine] or [_("None yet.")]
    parts += ["", _("**Recent games in this channel**")]
    parts += [_game_line(g) for g in recent.here] or [_("None yet.")]
    parts += ["", _("Replay one with `/{game} history game:<id>`.",
                    game=pgettext("command", game_key)) + " "
              + _(WHAT_YOU_SEE)]
    return discord.Embed(title=_("{game}: history", game=title),
                         description=clip("\n".join(parts), EMBED_DESCRIPTION_MAX))
