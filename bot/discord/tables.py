"""The table's life on Discord: its channel message, private hands, clicks and summaries.

`TableUI` is the one listener the bot subscribes to the service. For every `TableUpdate` it
(1) refreshes the channel's table message through a coalescing editor, (2) sends the hand with
its legal actions to each human who must act now (by DM, or a "Show my hand" button in the
channel when DMs are closed), (3) posts notices and, at the end, a summary. It also answers
the persistent components (see `bot.discord.components`). Legality always comes from the
state and the service; this module only shows and forwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot import render
from bot.discord import custom_ids as ids
from bot.discord.components import action_view, lobby_view, show_hand_view
from bot.discord.editor import CoalescingEditor, RateLimiter
from bot.discord.layout import plan_for
from bot.discord.replies import SOMETHING_WRONG, guard, refuse
from bot.games import registry
from bot.games.base import Action, Event
from bot.service.models import TableInfo, TableStatus, TableUpdate

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)
T = TypeVar("T")

DM_CLOSED = 50007
DEAL_EVENTS = frozenset({"deal", "redeal"})
RESTARTED = "I was restarted; here is your turn again."
EDIT_BUDGET_PER_S = 15.0
"""Table-message edits a second across all tables: Discord allows a bot about 50 requests a
second outside interaction callbacks, and DMs and posts need the rest."""
EDIT_BURST = 10.0
"""Event kinds that mean new hands were dealt (a convention the games follow)."""
EMBED_DESCRIPTION_MAX = 4096
CONTENT_MAX = 2000

_COLOURS = {
    TableStatus.LOBBY: discord.Colour.blurple(),
    TableStatus.PLAYING: discord.Colour.green(),
    TableStatus.FINISHED: discord.Colour.gold(),
    TableStatus.ABORTED: discord.Colour.dark_grey(),
}


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def seat_names(table: TableInfo) -> list[str]:
    """Display names by seat index, with "(AI)" where the AI plays the seat."""
    names = [f"Seat {i + 1}" for i in range(max(table.players, len(table.seats)))]
    for seat in table.seats:
        if 0 <= seat.index < len(names):
            names[seat.index] = f"{seat.name} (AI)" if seat.is_ai and seat.user_id else seat.name
    return names


def _title(table: TableInfo) -> str:
    try:
        title = registry.get(table.game_key).title
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
            lines.append(f"{i + 1}. — free —")
            continue
        tags = []
        if seat.user_id is not None and seat.user_id == table.host_id:
            tags.append("host")
        if seat.is_ai:
            tags.append(f"AI, {seat.ai_level}")
        suffix = f" ({', '.join(tags)})" if tags else ""
        lines.append(f"{i + 1}. {seat.name}{suffix}")
    return "\n".join(lines)


def table_embed(table: TableInfo) -> discord.Embed:
    """The channel message's embed: the public view only (``state.view(None)``)."""
    names = seat_names(table)
    embed = discord.Embed(title=_title(table), colour=_COLOURS.get(table.status))
    if table.state is None:
        embed.description = _clip(_lobby_text(table), EMBED_DESCRIPTION_MAX)
        if table.status is TableStatus.LOBBY:
            embed.add_field(
                name="Lobby", value="Join or add AI players; Start deals (AI fills empty seats)."
            )
            if stamp := _timestamp(table.lobby_deadline):
                embed.add_field(name="Lobby closes", value=stamp)
    else:
        public = table.state.view(None)
        embed.description = _clip(render.table_text(public, names), EMBED_DESCRIPTION_MAX)
        if table.status is TableStatus.PLAYING and table.state.to_act:
            who = ", ".join(f"**{names[s]}**" for s in table.state.to_act if s < len(names))
            value = who
            if stamp := _timestamp(table.turn_deadline):
                value = f"{who} · {stamp}"
            embed.add_field(name="To act", value=value, inline=False)
    if table.status is TableStatus.FINISHED and table.state is not None:
        outcome = table.state.outcome()
        if outcome is not None:
            winners = ", ".join(names[s] for s in outcome.winners if s < len(names)) or "nobody"
            embed.add_field(name="Winners", value=winners, inline=False)
    elif table.status is TableStatus.ABORTED:
        embed.add_field(name="Closed", value="This table was closed.", inline=False)
    embed.set_footer(text=f"Table {table.id} · {table.status.value}")
    return embed


def table_view(table: TableInfo) -> discord.ui.View | None:
    if table.status is TableStatus.LOBBY:
        return lobby_view(table.id)
    if table.status is TableStatus.PLAYING:
        return show_hand_view(table.id)
    return None


def summary_text(table: TableInfo) -> str:
    """The post at the end of a game: outcome lines and winners."""
    names = seat_names(table)
    lines = [f"**{_title(table)}**: the game is over."]
    outcome = table.state.outcome() if table.state is not None else None
    if outcome is not None:
        lines.extend(outcome.lines)
        winners = [names[s] for s in outcome.winners if s < len(names)]
        if winners:
            lines.append(f"Winners: {', '.join(winners)}.")
    lines.append(f"Ratings: `/leaderboard {table.game_key}`.")
    return _clip("\n".join(lines), CONTENT_MAX)


def hand_message(
    table: TableInfo, seat: int, events: Sequence[Event] = (), *, note: str | None = None
) -> tuple[str, discord.ui.View | None]:
    """A seat's private message: its own view, any private news, and its legal actions."""
    names = seat_names(table)
    parts = [f"**{_title(table)}**, table {table.id}"]
    if note:
        parts.append(note)
    parts.extend(e.text for e in events if e.private_to == seat and e.text)
    if table.state is None:
        return _clip("\n".join([*parts, "The game has not started yet."]), CONTENT_MAX), None
    view = table.state.view(seat)
    parts.append(render.hand_text(view, names))
    legal: list[Action] = table.state.legal_actions(seat) if table.is_open else []
    seat_info = next((s for s in table.seats if s.index == seat), None)
    if seat_info is not None and seat_info.is_ai and table.is_open:
        if seat_info.resigned:
            parts.append("You resigned: the AI plays this seat to the end.")
        else:
            parts.append(
                f"The AI plays this seat now; use `/{table.game_key} join` to take it back."
            )
        legal = []
    if legal and (stamp := _timestamp(table.turn_deadline)):
        parts.append(f"Your turn · {stamp}")
    options = getattr(table.state, "options", None)  # a game's planner may want its house rules
    layout = plan_for(table.game_key, view, legal, options, table.id, table.version)
    if layout.dropped:
        log.warning("table %s: %d actions did not fit in components", table.id, layout.dropped)
    return _clip("\n".join(parts), CONTENT_MAX), action_view(layout)


def is_manager(interaction: discord.Interaction) -> bool:
    """Manage Channels (or Administrator) here: may start or abort any table."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and (perms.manage_channels or perms.administrator))


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


class TableUI:
    """Listener of the table service and handler of Parlour's components (``client.table_ui``)."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        *,
        edit_interval_s: float = 1.0,
        edit_budget_per_s: float = EDIT_BUDGET_PER_S,
    ) -> None:
        self.client = client
        self.service = service
        # An interval of 0 (tests) turns all pacing off, the shared budget included.
        budget = edit_budget_per_s if edit_interval_s > 0 else 0.0
        self._budget = RateLimiter(budget, burst=EDIT_BURST) if budget > 0 else None
        self.editor: CoalescingEditor[int, TableInfo] = CoalescingEditor(
            self._edit_table_message,
            edit_interval_s,
            order=lambda t: t.version,
            limiter=self._budget,
        )
        self.defer_after_s = 2.0
        """Acknowledge a click before the service answers if it takes longer than this."""
        self.follow_ai_s = 2.0
        """After answering a click, wait up to this long for the AI seats' replies to show
        them (and the turn, if it comes back) in the same message; later turns go by DM."""
        self._answering: dict[tuple[int, int], int] = {}
        """(table, user) -> clicks of that user being answered right now."""
        self._dm_closed: set[int] = set()
        self._sent_hands: set[tuple[int, int, int]] = set()
        self._reposted: dict[int, int] = {}
        """table -> the id of a table message posted again after the first was deleted."""
        self._live_dms: dict[tuple[int, int], discord.Message] = {}
        """(table, seat) -> the last DM that still shows buttons (lost on restart: harmless)."""
        self._hand_dms: dict[tuple[int, int], discord.Message] = {}
        """(table, seat) -> the newest DM showing that seat's hand. A new one replaces it and
        the old one is deleted, so a player's DMs hold one current hand per table instead of
        one message per turn (the deletes are optional: skipped when the budget is short)."""
        self._tidying: set[asyncio.Task[None]] = set()
        self.creating: set[int] = set()
        """Channels where a cog is posting a new table's message (so the listener doesn't)."""

    # ------------------------------------------------------------------ service listener
    async def on_update(self, update: TableUpdate) -> None:
        """The service calls this in order per table, off the table lock; it never raises."""
        try:
            await self._handle(update)
        except Exception:
            log.exception("updating Discord for table %s failed", update.table.id)
        if not update.table.is_open:
            self._sent_hands = {k for k in self._sent_hands if k[0] != update.table.id}
            for key in [k for k in self._live_dms if k[0] == update.table.id]:
                self._live_dms.pop(key, None)
            for key in [k for k in self._hand_dms if k[0] == update.table.id]:
                self._hand_dms.pop(key, None)  # the last hand stays, as the game's record

    async def _handle(self, update: TableUpdate) -> None:
        table = update.table
        if update.reason != "created":
            await self._show_table(table)
        if table.status is TableStatus.FINISHED:
            await self.editor.flush(table.id)
            await self._post(table.channel_id, summary_text(table))
        elif update.notice:
            await self._post(table.channel_id, update.notice)
        await self._deliver_hands(update)

    async def settle(self) -> None:
        """Wait until the service's updates and the message edits they caused are all out."""
        await self.service.settle()
        await self.editor.flush()
        if self._tidying:
            await asyncio.wait(set(self._tidying))

    async def _show_table(self, table: TableInfo) -> None:
        if table.message_id is None:
            if table.channel_id in self.creating:
                return
            latest = await self.service.get(table.id)  # the id may have been set meanwhile
            if latest.message_id is not None:
                self.editor.submit(
                    table.id, table.model_copy(update={"message_id": latest.message_id})
                )
                return
            message = await self._send_table_message(table)
            if message is not None:
                await self.service.set_message(table.id, message.id)
            return
        self.editor.submit(table.id, table)

    async def _send_table_message(self, table: TableInfo) -> discord.Message | None:
        channel = self.client.get_partial_messageable(table.channel_id)
        try:
            return await channel.send(embed=table_embed(table), **_view_kw(table_view(table)))
        except discord.HTTPException:
            log.exception("could not post the table message of table %s", table.id)
            return None

    async def _edit_table_message(self, table_id: int, table: TableInfo) -> None:
        message_id = self._reposted.get(table_id, table.message_id)
        if message_id is None:
            return
        channel = self.client.get_partial_messageable(table.channel_id)
        try:
            await channel.get_partial_message(message_id).edit(
                embed=table_embed(table), view=table_view(table)
            )
        except discord.NotFound:
            # Someone deleted the table message: post it again and edit the new one from now
            # on (updates already queued still carry the old id, hence the map).
            message = await self._send_table_message(table)
            if message is not None:
                self._reposted[table_id] = message.id
                if table.is_open:
                    await self.service.set_message(table.id, message.id)

    async def _post(self, channel_id: int, content: str) -> None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            await channel.send(
                _clip(content, CONTENT_MAX), allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.exception("could not post in channel %s", channel_id)

    async def _deliver_hands(self, update: TableUpdate) -> None:
        table = update.table
        state = table.state
        if state is None:
            return
        to_act = set(state.to_act) if table.status is TableStatus.PLAYING else set()
        # A fresh deal shows every human the new hand at once, not only the one who acts.
        new_deal = table.status is TableStatus.PLAYING and (
            update.reason == "started" or any(e.kind in DEAL_EVENTS for e in update.events)
        )
        private: dict[int, list[Event]] = {}
        for event in update.events:
            if event.private_to is not None:
                private.setdefault(event.private_to, []).append(event)
        for seat in table.seats:
            if seat.user_id is None:
                continue
            # The actor's own click is answered with the news and the next choices.
            own_click = update.reason == "action" and update.actor_seat == seat.index
            await self._retire_dm(
                table, seat.index, seat.is_ai or seat.index not in to_act, edit=not own_click
            )
            if seat.is_ai or own_click:
                continue
            if (table.id, seat.user_id) in self._answering:
                # That player's click is being answered with the newest state; whatever turn
                # it cannot show is sent by `_catch_up` afterwards.
                if news := private.get(seat.index, []):
                    await self._send_private(
                        table,
                        seat.user_id,
                        "\n".join(e.text for e in news),
                        None,
                        needs_button=False,
                    )
                continue
            acting = seat.index in to_act
            news = private.get(seat.index, [])
            if not acting and not news and not new_deal:
                continue
            key = (table.id, table.version, seat.index)
            if key in self._sent_hands:
                continue
            self._sent_hands.add(key)
            if acting or new_deal:
                content, view = hand_message(table, seat.index, news)
            else:
                content, view = "\n".join(e.text for e in news), None
            if view is not None:
                await self._retire_dm(table, seat.index, True)
            sent = await self._send_private(table, seat.user_id, content, view, needs_button=acting)
            if sent is not None and view is not None:
                self._live_dms[(table.id, seat.index)] = sent
            if sent is not None and (acting or new_deal):
                self._new_hand_dm(table.id, seat.index, sent)

    async def reoffer_turns(self) -> None:
        """After a restart, offer each human who must act their turn again: a DM the old
        process was sending when it stopped may never have gone out."""
        try:
            tables = await self.service.open_tables()
        except Exception:
            log.exception("could not list the open tables to re-offer turns")
            return
        for table in tables:
            state = table.state
            if table.status is not TableStatus.PLAYING or state is None:
                continue
            for seat in table.seats:
                if seat.user_id is None or seat.is_ai or seat.index not in state.to_act:
                    continue
                key = (table.id, table.version, seat.index)
                if key in self._sent_hands:
                    continue
                self._sent_hands.add(key)
                content, view = hand_message(table, seat.index, note=RESTARTED)
                sent = await self._send_private(
                    table, seat.user_id, content, view, needs_button=True
                )
                if sent is not None and view is not None:
                    self._live_dms[(table.id, seat.index)] = sent
                if sent is not None:
                    self._new_hand_dm(table.id, seat.index, sent)

    def _new_hand_dm(self, table_id: int, seat: int, message: discord.Message) -> None:
        """Remember the seat's newest hand DM and delete the one it replaces."""
        old = self._hand_dms.get((table_id, seat))
        self._hand_dms[(table_id, seat)] = message
        if old is None or old.id == message.id:
            return
        if self._budget is not None and not self._budget.try_acquire():
            return  # a busy moment: leaving an old DM is better than delaying the table edits
        task = asyncio.get_running_loop().create_task(self._delete_dm(old, table_id))
        self._tidying.add(task)
        task.add_done_callback(self._tidying.discard)

    async def _delete_dm(self, message: discord.Message, table_id: int) -> None:
        try:
            await message.delete()
        except discord.NotFound:
            pass  # the player deleted it first
        except discord.HTTPException:
            log.warning("could not delete an old hand DM of table %s", table_id)

    async def _retire_dm(
        self, table: TableInfo, seat: int, passed: bool, *, edit: bool = True
    ) -> None:
        """Take the buttons off a seat's last DM once its turn has passed without its click
        (a timeout, an abort, the end), so old buttons do not linger."""
        if not passed:
            return
        message = self._live_dms.pop((table.id, seat), None)
        if message is None or not edit:
            return
        try:
            await message.edit(view=None)
        except discord.HTTPException:
            log.warning("could not take the buttons off a DM of table %s", table.id)

    async def _send_private(
        self,
        table: TableInfo,
        user_id: int,
        content: str,
        view: discord.ui.View | None,
        *,
        needs_button: bool,
    ) -> discord.Message | None:
        """The DM sent, or None (closed DMs get a "Show my hand" prompt in the channel)."""
        if user_id not in self._dm_closed:
            try:
                dm = await self.client.create_dm(discord.Object(user_id))
                # The public table rides along, so a player can decide from the DM alone.
                return await dm.send(
                    _clip(content, CONTENT_MAX), embed=table_embed(table), **_view_kw(view)
                )
            except discord.Forbidden as exc:
                if exc.code != DM_CLOSED:
                    log.warning("DM to %s refused (%s)", user_id, exc.code)
                self._dm_closed.add(user_id)
            except discord.HTTPException:
                log.exception("DM to %s failed", user_id)
        if not needs_button:
            return None  # private news without a decision waits for the next "Show my hand"
        channel = self.client.get_partial_messageable(table.channel_id)
        try:
            await channel.send(
                f"<@{user_id}>, it is your turn at {_title(table)}. I can't send you a DM, "
                "so press **Show my hand**.",
                view=show_hand_view(table.id),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
            )
        except discord.HTTPException:
            log.exception("could not post the hand fallback for %s", user_id)
        return None

    async def close(self) -> None:
        """Let pending edits finish (called after the service closed, before HTTP closes)."""
        await self.editor.flush()
        if self._tidying:
            await asyncio.wait(set(self._tidying), timeout=5)

    # ------------------------------------------------------------------ components
    async def _soon(self, interaction: discord.Interaction, work: Awaitable[T]) -> T:
        """Run the service call first (one clean answer after it); defer if it runs long."""
        task = asyncio.ensure_future(work)
        done, _ = await asyncio.wait({task}, timeout=self.defer_after_s)
        if not done and not interaction.response.is_done():
            await interaction.response.defer()
        return await task

    async def on_action(
        self, interaction: discord.Interaction, table_id: int, version: int, action: str
    ) -> None:
        """Apply the click and answer at once in the clicked message; then let the AI seats
        reply and edit that answer again (its token is fresh), so a turn that comes straight
        back shows its buttons in place and needs no new DM."""
        user_id = interaction.user.id
        claim = (table_id, user_id)
        self._answering[claim] = self._answering.get(claim, 0) + 1
        answered: tuple[TableInfo, int, list[Event]] | None = None
        try:
            async with guard(interaction):
                result = await self._soon(
                    interaction, self.service.act(table_id, user_id, action, version=version)
                )
                seat = result.table.seat_of(user_id)
                if seat is None:  # pragma: no cover - the service only accepts seated users
                    return
                await self._show_in_place(interaction, result.table, seat.index, result.events)
                answered = (result.table, seat.index, result.events)
            if answered is None:
                return  # refused (and told why), or failed and apologised for
            table, index, events = answered
            if table.is_open and not self._offered(table, index):
                latest = await self._after_replies(table)
                if latest.version > table.version:
                    try:
                        await self._show_in_place(interaction, latest, index, events)
                    except discord.HTTPException:
                        log.warning("could not update the answer to a click on table %s", table_id)
        except Exception:
            log.exception("following up a click on table %s failed", table_id)
        finally:
            self._answering[claim] -= 1
            if not self._answering[claim]:
                del self._answering[claim]
                await self._catch_up(table_id, user_id)

    def _offered(self, table: TableInfo, seat: int) -> bool:
        return (table.id, table.version, seat) in self._sent_hands

    async def _show_in_place(
        self, interaction: discord.Interaction, table: TableInfo, seat: int, events: list[Event]
    ) -> None:
        """The seat's hand as the answer to this click (first answer, or an edit of it)."""
        content, view = hand_message(table, seat, events)
        embed = table_embed(table)
        if interaction.response.is_done():
            await interaction.edit_original_response(content=content, embed=embed, view=view)
        else:
            await interaction.response.edit_message(content=content, embed=embed, view=view)
        if view is not None:
            self._sent_hands.add((table.id, table.version, seat))
            if interaction.guild_id is None and interaction.message is not None:
                self._live_dms[(table.id, seat)] = interaction.message
        if interaction.guild_id is None and interaction.message is not None:
            self._new_hand_dm(table.id, seat, interaction.message)

    async def _after_replies(self, table: TableInfo) -> TableInfo:
        """The table once the AI seats have answered, or as it is after ``follow_ai_s``."""
        if self.follow_ai_s <= 0:
            return table
        # shield: a timeout must not cancel the service's own tasks that settle() waits for
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.service.settle(table.id)), self.follow_ai_s)
        latest = await self.service.get(table.id)
        return latest if latest.version >= table.version else table

    async def _catch_up(self, table_id: int, user_id: int) -> None:
        """Send the turn a click's answer could not show (the listener held it back meanwhile)."""
        try:
            table = await self.service.get(table_id)
        except Exception:
            return
        seat = table.seat_of(user_id)
        state = table.state
        if (
            seat is None
            or seat.is_ai
            or state is None
            or table.status is not TableStatus.PLAYING
            or seat.index not in state.to_act
            or (table.id, table.version, seat.index) in self._sent_hands
        ):
            return
        self._sent_hands.add((table.id, table.version, seat.index))
        content, view = hand_message(table, seat.index)
        sent = await self._send_private(table, user_id, content, view, needs_button=True)
        if sent is not None and view is not None:
            self._live_dms[(table.id, seat.index)] = sent

    async def on_lobby(
        self, interaction: discord.Interaction, table_id: int, op: ids.LobbyOp
    ) -> None:
        async with guard(interaction):
            if interaction.guild_id is None:
                await refuse(interaction, "Lobby buttons work in the table's channel only.")
                return
            user = interaction.user
            work: Awaitable[TableInfo]
            if op == "join":
                work = self.service.join(table_id, user.id, display_name(user))
            elif op == "leave":
                work = self.service.leave(table_id, user.id)
            elif op == "ai":
                work = self.service.add_ai(table_id, user.id)
            else:
                # Start deals at once: the AI takes any seat still empty (as /<game> start does).
                work = self.service.start_game(
                    table_id, user.id, is_manager=is_manager(interaction), fill_with_ai=True
                )
            await self._soon(interaction, work)
            if not interaction.response.is_done():
                await interaction.response.defer()  # the table message is edited by on_update

    async def on_show_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        async with guard(interaction):
            table = await self.service.get(table_id)
            await self.send_hand(interaction, table)

    async def on_bad_component(self, interaction: discord.Interaction, why: str) -> None:
        await refuse(interaction, why)

    async def send_hand(
        self,
        interaction: discord.Interaction,
        table: TableInfo,
        extras: Callable[[TableInfo, int], list[discord.Embed]] | None = None,
    ) -> None:
        """An ephemeral hand with fresh action buttons, as the answer to this interaction.

        ``extras`` lets a game add embeds of its own for that seat (Skat's learners' aids).
        """
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "You have no seat at this table.")
            return
        if table.state is None:
            await refuse(interaction, "The game has not started yet: there are no hands.")
            return
        content, view = hand_message(table, seat.index)
        embeds = [table_embed(table), *(extras(table, seat.index) if extras else [])]
        await interaction.response.send_message(
            content, embeds=embeds, ephemeral=True, **_view_kw(view)
        )

    async def on_unknown_component(self, interaction: discord.Interaction) -> None:
        """Answer a click that no `DynamicItem` will: not ours, or not on its message."""
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if custom_id[:3] in ("pa:", "ps:", "pl:", "ph:") and _dispatchable(interaction, custom_id):
            return  # a DynamicItem answers it, malformed or not
        if not interaction.response.is_done():
            await refuse(interaction, "I don't recognise that button; it may be from an old game.")


def _dispatchable(interaction: discord.Interaction, custom_id: str) -> bool:
    """Whether discord.py will hand this click to a DynamicItem: it only does so when the
    message really carries a component of that type and custom id."""
    message = interaction.message
    data: Any = interaction.data or {}
    if message is None:
        return False
    try:
        view = discord.ui.View.from_message(message, timeout=None)
    except Exception:
        return False
    kind = data.get("component_type")
    return any(
        getattr(item, "custom_id", None) == custom_id and item.type.value == kind
        for item in view.walk_children()
    )


def _view_kw(view: discord.ui.View | None) -> dict[str, Any]:
    return {} if view is None else {"view": view}


__all__ = [
    "SOMETHING_WRONG",
    "TableUI",
    "hand_message",
    "seat_names",
    "summary_text",
    "table_embed",
    "table_view",
]
