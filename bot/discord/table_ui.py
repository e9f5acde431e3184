"""The table's life on Discord: the listener of the table service and the clicks' handler.

`TableUI` is the one listener the bot subscribes to the service. For every `TableUpdate` it
(1) refreshes the channel's table message through a coalescing editor, (2) has `HandDMs` send
the hand with its legal actions to each human who must act now (by DM, or a "Show my hand"
button in the channel when DMs are closed), (3) posts notices and, at the end, a summary. It
also answers the persistent components (see `bot.discord.components`). Legality always comes
from the service; this module only shows and forwards. What it shows is built by
`bot.discord.table_messages`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.discord import custom_ids as ids
from bot.discord import ladders
from bot.discord.card_styles import CardStyles
from bot.discord.editor import LATER, URGENT, CoalescingEditor
from bot.discord.hand_dms import DM_RETRY_S, HandDMs
from bot.discord.languages import Languages, hear
from bot.discord.painter import Painter, attach
from bot.discord.public_table import on_the_table
from bot.discord.replays import show_replay
from bot.discord.replies import guard, refuse
from bot.discord.rest_budget import (
    BURST,
    REST_PER_S,
    Ask,
    Need,
    RestBudget,
    WireGate,
    wire_limit,
)
from bot.discord.solo_ui import SoloUI, is_solo
from bot.discord.table_messages import (
    CONTENT_MAX,
    ON_THE_TABLE,
    Picture,
    clip,
    display_name,
    hand_message,
    hand_picture,
    is_manager,
    plain,
    summary_text,
    table_embed,
    table_picture,
    table_view,
    view_kw,
)
from bot.games.base import Event
from bot.i18n import _, using
from bot.i18n.sentences import again
from bot.render import draws_pictures
from bot.service.errors import Restarting
from bot.service.models import TableInfo, TableStatus, TableUpdate

if TYPE_CHECKING:
    from bot.discord.round_posts import RoundPosts
    from bot.service.tables import TableService

log = logging.getLogger(__name__)
T = TypeVar("T")

LEAD_EDIT_WAIT_S = 2.0
"""How long an update's DMs wait for a table edit that goes out at once (so the table never
lags behind the hands); only a bound against a slow Discord, never reached normally."""
CLOSE_DRAIN_S = 5.0
"""At shutdown, how long what a restart would not redo (a finished table's last edit, its
summary, old DMs redrawn or deleted) may still go out at the budget's pace."""


class TableUI:
    """Listener of the table service and handler of Parlour's components (``client.table_ui``)."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        *,
        edit_interval_s: float = 1.0,
        rest_per_s: float = REST_PER_S,
        budget: RestBudget | None = None,
        dm_retry_s: float = DM_RETRY_S,
        clock: Callable[[], float] = time.monotonic,
        painter: Painter | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.painter = painter or Painter()
        """Where pictures are drawn (a thread unless the client gives worker processes)."""
        # An interval of 0 (tests) turns all pacing off, the global budget's included.
        self.budget = budget or RestBudget(rest_per_s if edit_interval_s > 0 else None, BURST)
        """Discord's global limit: every request outside interaction responses asks it first
        (the cogs' too, through `command_slot`)."""
        self.gate: WireGate | None = None
        """The same pace where requests leave (discord.py's HTTP client), if it has one."""
        if self.budget.rate is not None and (http := getattr(client, "http", None)) is not None:
            self.gate = WireGate(wire_limit(self.budget.rate))
            self.gate.install(http)
        self.editor: CoalescingEditor[int, TableInfo] = CoalescingEditor(
            self._edit_table_message,
            edit_interval_s,
            order=lambda t: t.version,
            budget=self.budget,
            redone=lambda t: t.is_open,  # a restart redraws every open table
        )
        self.languages = Languages(client, service)
        """Who reads which language (`bot.discord.languages`)."""
        self.styles = CardStyles(service)
        """Each player's card style (`/cards`): hands in their reader's, tables in the host's."""
        self.hands = HandDMs(client, service, budget=self.budget, dm_retry_s=dm_retry_s,
                             clock=clock, painter=self.painter, styles=self.styles,
                             languages=self.languages)
        """Each seat's hand by DM and the reminders of players whose DMs are closed."""
        self.hands.channel_first = self._table_first
        self._chores: set[asyncio.Task[None]] = set()
        """Notices and summaries being posted."""
        self._answering: set[asyncio.Task[Any]] = set()
        """Clicks being answered (the words first, then the AI's replies and the picture)."""
        self.defer_after_s = 2.0
        """Acknowledge a click before the service answers if it takes longer than this."""
        self.follow_ai_s = 2.0
        """After answering a click, wait up to this long for the AI seats' replies to show
        them (and the turn, if it comes back) in the same message; later turns go by DM."""
        self._reposted: dict[int, int] = {}
        """table -> the id of a table message posted again after the first was deleted."""
        self.reports: RoundPosts | None = None
        """The round reports (set by the client): a game they cover has its end-of-game summary
        posted by them, after its last round's report, so the channel reads them in order."""
        self.creating: set[int] = set()
        """Channels where a cog is posting a new table's message (so the listener doesn't)."""
        self.solo = SoloUI(client, service, edit_interval_s=edit_interval_s, budget=self.budget,
                           styles=self.styles)
        """Games played alone (traits.mode 'solo') live in one message of their own."""

    # ------------------------------------------------------------------ service listener
    async def on_update(self, update: TableUpdate) -> None:
        """The service calls this in order per table, off the table lock; it never raises."""
        try:
            if is_solo(update.table.game_key):
                await self.solo.on_update(update)
                return
            await self._handle(update)
        except Exception:
            log.exception("updating Discord for table %s failed", update.table.id)
        if not update.table.is_open:
            self.hands.forget(update.table.id)

    async def _handle(self, update: TableUpdate) -> None:
        table = update.table
        if update.reason != "created":
            await self._show_table(table, urgent=_by_a_person(update))
        # Posts go out in the background: under a busy budget they wait behind the turn
        # offers, and the listener (this table's next updates, its DMs) must not wait for them.
        with using(await self.languages.of_server(table.guild_id)):
            if table.status is TableStatus.FINISHED:
                if self.reports is None or not self.reports.covers(table.game_key):
                    self._chore(self._post(table.channel_id, summary_text(table),
                                           after=table.id))
            elif update.notice:
                names = [s.name for s in table.seats]
                self._chore(self._post(table.channel_id, plain(again(update.notice, names))))
        if not table.is_open:
            await self.hands.final(table)
        await self.hands.deliver(update)

    async def settle(self) -> None:
        """Wait until the service's updates and the message edits they caused are all out."""
        await self.service.settle()
        await self.editor.flush()
        await self.solo.settle()
        await self.hands.settle()
        while self._chores:
            await asyncio.wait(set(self._chores))
        while answering := self._answering - {asyncio.current_task()}:
            await asyncio.wait(answering)

    async def _show_table(self, table: TableInfo, *, urgent: bool = False) -> None:
        if table.message_id is None:
            if table.channel_id in self.creating:
                return
            latest = await self.service.get(table.id)  # the id may have been set meanwhile
            if latest.message_id is None:
                message = await self._send_table_message(table)
                if message is not None:
                    await self.service.set_message(table.id, message.id)
                return
            table = table.model_copy(update={"message_id": latest.message_id})
        if self.editor.submit(table.id, table, urgent=urgent):
            await self._lead_edit(table.id)

    async def _lead_edit(self, table_id: int) -> None:
        """Wait for an edit that goes out at once, so the channel shows a click (or the start)
        before the DMs it causes; a throttled edit is not waited for."""
        flush = asyncio.ensure_future(self.editor.flush(table_id))
        await asyncio.wait({flush}, timeout=LEAD_EDIT_WAIT_S)

    async def _table_first(self, table: TableInfo, ask: Ask) -> None:
        """A reminder posted in the table's channel follows the table message's pending edit
        (the channel shows its messages in order): that edit goes first, as needed as it."""
        if self.editor.pending(table.id):
            self.editor.lead(table.id, ask.need, ask.urgency)
            await self._lead_edit(table.id)

    async def _send_table_message(self, table: TableInfo) -> discord.Message | None:
        if not await self.budget.slot(Need.TABLE, urgency=URGENT):
            return None  # shutting down
        channel = self.client.get_partial_messageable(table.channel_id)
        with using(await self.languages.of_server(table.guild_id)):
            picture = await self._draw_table(table)
            embed, view = table_embed(table, picture), table_view(table)
        try:
            return await channel.send(embed=embed, files=attach(picture), **view_kw(view))
        except discord.HTTPException:
            log.exception("could not post the table message of table %s", table.id)
            return None

    async def _edit_table_message(self, table_id: int, table: TableInfo) -> None:
        message_id = self._reposted.get(table_id, table.message_id)
        if message_id is None:
            return
        channel = self.client.get_partial_messageable(table.channel_id)
        with using(await self.languages.of_server(table.guild_id)):
            picture = await self._draw_table(table)
            embed, view = table_embed(table, picture), table_view(table)
        try:
            await channel.get_partial_message(message_id).edit(
                embed=embed, attachments=attach(picture), view=view)
        except discord.NotFound:
            # Someone deleted the table message: post it again and edit the new one from now
            # on (updates already queued still carry the old id, hence the map).
            message = await self._send_table_message(table)
            if message is not None:
                self._reposted[table_id] = message.id
                if table.is_open:
                    await self.service.set_message(table.id, message.id)

    async def _draw_table(self, table: TableInfo) -> Picture | None:
        """The public table drawn in its host's card style."""
        return await self.painter.paint(table_picture, table, await self.styles.of(table.host_id))

    def _chore(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def _post(self, channel_id: int, content: str, *, after: int | None = None) -> None:
        """A post in the channel; ``after`` a table whose message's last edit goes first (the
        summary follows the final table)."""
        if after is not None:
            await self.editor.flush(after)
        if not await self.budget.slot(Need.TABLE, urgency=LATER):
            log.warning("shutting down: a post in channel %s was not sent", channel_id)
            return
        channel = self.client.get_partial_messageable(channel_id)
        try:
            await channel.send(
                clip(content, CONTENT_MAX), allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.exception("could not post in channel %s", channel_id)

    async def command_slot(self) -> None:
        """Wait for a command's own request (a thread, a DM channel, a post) in the budget,
        before the others; `Restarting` when the bot is shutting down."""
        if not await self.budget.slot(Need.COMMAND):
            raise Restarting

    async def reoffer_turns(self) -> None:
        """After a restart, offer each human who must act their turn again: a DM the old
        process was sending when it stopped may never have gone out. All through the budget,
        the earliest deadline first."""
        await self.hands.clear_old_reminders()
        try:
            tables = await self.service.open_tables()
        except Exception:
            log.exception("could not list the open tables to re-offer turns")
            return
        # Solo games are not redrawn: that would undo a pick the player made before the
        # restart. A click on a message the old process left behind refreshes it (SoloUI).
        seated = [t for t in tables if not is_solo(t.game_key)]
        for table in seated:
            # A move saved just before the old process stopped may never have reached the
            # table message: redraw every open table (through the editor and its budget; the
            # version a message shows is not stored, so all of them).
            if table.message_id is not None:
                self.editor.submit(table.id, table)
        await self.hands.reoffer(seated)

    async def close(self) -> None:
        """Let pending edits finish (called after the service closed, before HTTP closes):
        what a restart redoes is dropped, the rest goes out for `CLOSE_DRAIN_S` at most."""
        self.budget.close(CLOSE_DRAIN_S)
        self.editor.hurry()
        await self.editor.flush()
        await self.solo.close()
        await self.hands.close()
        while self._chores:
            await asyncio.wait(set(self._chores))
        self.painter.close()

    # ------------------------------------------------------------------ components
    async def _soon(self, interaction: discord.Interaction, work: Awaitable[T]) -> T:
        """Run the service call first (one clean answer after it); defer if it runs long."""
        task = asyncio.ensure_future(work)
        done, _pending = await asyncio.wait({task}, timeout=self.defer_after_s)
        if not done and not interaction.response.is_done():
            await interaction.response.defer()
        return await task

    async def on_action(
        self, interaction: discord.Interaction, table_id: int, version: int, action: str
    ) -> None:
        """Apply the click and answer at once in the clicked message; then let the AI seats
        reply and edit that answer again (its token is fresh), so a turn that comes straight
        back shows its buttons in place and needs no new DM."""
        if await self._solo_table(interaction, table_id):
            await self.solo.on_action(interaction, table_id, version, action)
            return
        user_id = interaction.user.id
        claim = (table_id, user_id)
        self.hands.answering[claim] = self.hands.answering.get(claim, 0) + 1
        answering = asyncio.current_task()
        if answering is not None:
            self._answering.add(answering)
        answered: tuple[TableInfo, int, list[Event]] | None = None
        try:
            async with guard(interaction):
                result = await self._soon(
                    interaction, self.service.act(table_id, user_id, action, version=version)
                )
                if on_the_table(result.table.game_key):
                    # The table message was clicked: the listener edits it (in version order,
                    # with the AI's replies); the click only needs its acknowledgement.
                    if not interaction.response.is_done():
                        await interaction.response.defer()
                    return
                seat = result.table.seat_of(user_id)
                if seat is None:  # pragma: no cover - the service only accepts seated users
                    return
                # Words first (Discord waits for this callback); the picture follows with the
                # AI seats' replies.
                await self._show_in_place(interaction, result.table, seat.index, result.events,
                                          picture=False)
                answered = (result.table, seat.index, result.events)
            if answered is None:
                return  # refused (and told why), or failed and apologised for
            table, index, events = answered
            latest = table
            if table.is_open and not self._offered(table, index):
                latest = await self._after_replies(table)
            # One more edit: the AI seats' replies (and the turn, if it came back), and the
            # picture, drawn once for the newest state rather than for each.
            if latest.version > table.version or draws_pictures(table.game_key):
                await self._show_in_place(interaction, latest, index, events)
        except discord.HTTPException:
            log.warning("could not update the answer to a click on table %s", table_id)
        except Exception:
            log.exception("following up a click on table %s failed", table_id)
        finally:
            self._answering.discard(answering)  # type: ignore[arg-type]
            self.hands.answering[claim] -= 1
            if not self.hands.answering[claim]:
                del self.hands.answering[claim]
                await self._catch_up(table_id, user_id)

    async def _solo_table(self, interaction: discord.Interaction, table_id: int) -> bool:
        """Whether the clicked table is a solo game (then `SoloUI` answers the click)."""
        try:
            return is_solo((await self.service.get(table_id)).game_key)
        except Exception:
            return False  # the usual path answers with the reason (no table, restarting)

    async def on_pick(
        self, interaction: discord.Interaction, table_id: int, version: int, source: str
    ) -> None:
        await self.solo.on_pick(interaction, table_id, version, source)

    def _offered(self, table: TableInfo, seat: int) -> bool:
        return self.hands.offered(table, seat)

    async def _show_in_place(
        self, interaction: discord.Interaction, table: TableInfo, seat: int,
        events: list[Event], *, picture: bool = True,
    ) -> None:
        """The seat's hand as the answer to this click (first answer, or an edit of it); without
        ``picture`` the old picture goes (it shows the hand before the click) and the next edit
        brings the new one."""
        content, view = hand_message(table, seat, events)
        style = await self.styles.of(interaction.user.id)
        drawn = await self.painter.paint(hand_picture, table, seat, style) if picture else None
        kw: dict[str, Any] = {"content": content, "view": view,
                              "embed": table_embed(table, drawn), "attachments": attach(drawn)}
        if interaction.response.is_done():
            await interaction.edit_original_response(**kw)
        else:
            await interaction.response.edit_message(**kw)
        in_dm = interaction.message if interaction.guild_id is None else None
        self.hands.answered_in_place(table, seat, in_dm, live=view is not None)

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
        play = table.play
        if (
            seat is None
            or seat.is_ai
            or play is None
            or table.status is not TableStatus.PLAYING
            or seat.index not in play.to_act
        ):
            return
        await self.hands.offer_turn(table, seat.index, user_id)

    async def on_lobby(
        self, interaction: discord.Interaction, table_id: int, op: ids.LobbyOp
    ) -> None:
        async with guard(interaction):
            if interaction.guild_id is None:
                await refuse(interaction, _("Lobby buttons work in the table's channel only."))
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

    async def on_rematch(self, interaction: discord.Interaction, table_id: int) -> None:
        """"Rematch" on a finished table's message: the service opens the new lobby (or says
        politely why not); its message is the answer to the click, posted in the channel."""
        async with guard(interaction):
            channel_id = interaction.channel_id
            if interaction.guild_id is None or channel_id is None:
                await refuse(interaction, _("A rematch is opened in the table's channel only."))
                return
            user = interaction.user
            self.creating.add(channel_id)  # the listener must not post a second lobby message
            try:
                table = await self._soon(
                    interaction, self.service.rematch(table_id, user.id, display_name(user))
                )
                with using(await self.languages.of_server(table.guild_id)):  # a public post
                    kw: dict[str, Any] = {"embed": table_embed(table),
                                          **view_kw(table_view(table))}
                if interaction.response.is_done():  # deferred: the service took a while
                    message = await interaction.followup.send(wait=True, **kw)
                    message_id = message.id
                else:
                    callback = await interaction.response.send_message(**kw)
                    found = callback.message_id
                    message_id = found if found is not None else (
                        await interaction.original_response()).id
                await self.service.set_message(table.id, message_id)
            finally:
                self.creating.discard(channel_id)
            latest = await self.service.get(table.id)
            if latest.version != table.version:  # joins while the message was posted
                self.editor.submit(latest.id, latest)

    async def on_show_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        async with guard(interaction):
            table = await self.service.get(table_id)
            await self.send_hand(interaction, table)

    async def on_replay(self, interaction: discord.Interaction, table_id: int, step: int
                        ) -> None:
        """A replay viewer's button: that step of the finished game, in the same message."""
        await show_replay(self, interaction, table_id, step, edit=True)

    async def on_bad_component(self, interaction: discord.Interaction, why: str) -> None:
        await refuse(interaction, why)

    async def on_ladder(self, interaction: discord.Interaction, ladder: ids.LadderId) -> None:
        """A leaderboard's paging button: the message turns to the page asked for."""
        async with guard(interaction):
            await ladders.turn_page(interaction, self.service, ladder)

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
            await refuse(interaction, _("You have no seat at this table."))
            return
        if table.play is None:
            await refuse(interaction, _("The game has not started yet: there are no hands."))
            return
        if on_the_table(table.game_key):
            await refuse(interaction, _(ON_THE_TABLE))
            return
        content, view = hand_message(table, seat.index)
        picture = await self.painter.paint(hand_picture, table, seat.index,
                                           await self.styles.of(interaction.user.id))
        embeds = [table_embed(table, picture), *(extras(table, seat.index) if extras else [])]
        await interaction.response.send_message(
            content, embeds=embeds, files=attach(picture), ephemeral=True, **view_kw(view)
        )

    async def on_unknown_component(self, interaction: discord.Interaction) -> None:
        """Answer a click that no `DynamicItem` will: not ours, or not on its message."""
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        ours = custom_id[:3] in ids.PREFIXES
        if ours and _dispatchable(interaction, custom_id):
            return  # a DynamicItem answers it, malformed or not
        await hear(interaction)
        if not interaction.response.is_done():
            await refuse(interaction,
                         _("I don't recognise that button; it may be from an old game."))


def _dispatchable(interaction: discord.Interaction, custom_id: str) -> bool:
    """Whether discord.py will hand this click to a DynamicItem: it only does so when the
    message really carries a component of that type and custom id."""
    message = interaction.message
    data: Any = interaction.data or {}
    if message is None:
        return False
    kind = data.get("component_type")
    return any(
        getattr(comp, "custom_id", None) == custom_id and comp.type.value == kind
        for comp in _components(message.components)
    )


def _components(components: Iterable[Any]) -> Iterator[Any]:
    """Every component of a message, rows and containers opened (read as discord.py parsed
    them: cheaper than building a View from the message on every click)."""
    for comp in components:
        yield comp
        for attr in ("children", "components"):
            inner = getattr(comp, attr, None)
            if isinstance(inner, list):
                yield from _components(inner)
        if (accessory := getattr(comp, "accessory", None)) is not None:
            yield accessory


def _by_a_person(update: TableUpdate) -> bool:
    """Whether a person (not an AI seat) caused a change of a game: their click (or the start,
    or the end) must show at once, while the AI's replies and quick lobby changes (three "Add
    AI" in a row) may coalesce and leave the places kept for clicks."""
    if update.table.status is TableStatus.LOBBY:
        return False
    if not update.table.is_open or update.reason != "action" or update.actor_seat is None:
        return True
    seat = next((s for s in update.table.seats if s.index == update.actor_seat), None)
    return seat is None or not seat.is_ai

