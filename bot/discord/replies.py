"""Answering interactions: every refusal is ephemeral and says why; nothing escapes unanswered."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.games.base import GameError
from bot.i18n import N_, _
from bot.i18n.sentences import again
from bot.service.errors import CannotSave, Refusal, RematchOpen, Restarting, SeatKept

log = logging.getLogger(__name__)

SOMETHING_WRONG = N_("Something went wrong; the table is unchanged.")
MISSING_PERMISSION = N_(
    "Discord did not let me do that here: I may be missing a permission in this channel "
    "(send messages, embed links, create threads)."
)
GUILD_ONLY = N_("Tables live in server channels: run this command in a server, not in a DM.")
DM_ONLY = N_("This game is played alone in a DM with me: send `/{game}` there, not in a "
             "server.")
CANNOT_SAVE = N_(
    "The server cannot save moves right now, so that was not done. Nothing already played is "
    "lost: try again in a little while."
)
RECORDS_LOST = N_(
    "The server has lost hold of its records, so it cannot save moves now; that was not done. "
    "The bot's operator needs to look at it."
)
RESTARTING = N_("Parlour is restarting; try again in a moment.")


def phrase(refusal: Exception) -> str:
    """What a player reads for a refusal: the service's own words, except for the refusals
    whose words belong to this front end (storage faults, restarts)."""
    if isinstance(refusal, CannotSave):
        return _(CANNOT_SAVE) if refusal.transient else _(RECORDS_LOST)
    if isinstance(refusal, Restarting):
        return _(RESTARTING)
    if isinstance(refusal, RematchOpen):
        return _("A rematch of table {table} is already open here (table {rematch}): press "
                 "Join on its message to take your seat.", table=refusal.table_id,
                 rematch=refusal.rematch_id)
    if isinstance(refusal, SeatKept):
        kept = ", ".join(_("seat {n} is kept for {name}", n=i + 1,
                           name=discord.utils.escape_markdown(name))
                         for i, name in refusal.kept)
        return _("No seat is free: {kept}, from the last game, until they press Join. Start "
                 "gives a seat still kept to the AI.", kept=kept)
    return again(str(refusal)) or _("That is not possible now.")


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    ephemeral: bool = True,
    **kwargs: Any,
) -> None:
    """Answer the interaction whether or not it was already responded to or deferred."""
    if content is not None and len(content) > 2000:
        content = content[:1999] + "…"
    if interaction.response.is_done():
        await interaction.followup.send(content=content, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(content=content, ephemeral=ephemeral, **kwargs)


async def refuse(interaction: discord.Interaction, why: str) -> None:
    """An ephemeral no; failures to deliver it are logged, never raised."""
    try:
        await reply(interaction, why, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver a refusal to interaction %s", interaction.id)


@asynccontextmanager
async def guard(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Turn refusals into ephemeral answers and unexpected errors into a logged apology."""
    try:
        yield
    except (Refusal, GameError) as exc:
        await refuse(interaction, phrase(exc))
    except discord.Forbidden as exc:
        log.warning("missing permission in channel %s: %s", interaction.channel_id, exc.text)
        await refuse(interaction, _(MISSING_PERMISSION))
    except Exception:
        log.exception("interaction %s failed", getattr(interaction, "id", "?"))
        await refuse(interaction, _(SOMETHING_WRONG))
