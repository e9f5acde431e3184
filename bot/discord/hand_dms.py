"""Each seat's hand by DM: who gets a new hand message when, which old ones are redrawn or
deleted, and the one channel reminder for a player whose DMs are closed.

`HandDMs` keeps, per table and seat, the DM that still shows buttons and the newest DM that
shows the hand; `TableUI` calls it for every update of a seated table and for the answers to
clicks. Lost on a restart (harmless: the new process offers each waiting turn again).

Every request waits for its turn in the bot's `RestBudget`: a turn offer (the DM, or the
channel reminder, and the deletion of a reminder whose turn passed) as a turn, the earliest
deadline first; redraws of old DMs as what a table shows; deletes of old DMs as tidy-ups. Only
the turn offers (and reminders deleted) hold up the listener: redraws and deletes of DMs go
out in the background.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.card_styles import CardStyles
from bot.discord.components import show_hand_view
from bot.discord.languages import Languages
from bot.discord.painter import Painter, attach
from bot.discord.public_table import on_the_table
from bot.discord.rest_budget import NO_DEADLINE, Ask, Backlog, Need, RestBudget
from bot.discord.table_messages import (
    CONTENT_MAX,
    RESTARTED,
    Picture,
    clip,
    hand_message,
    hand_picture,
    table_embed,
    table_title,
    view_kw,
)
from bot.games.base import Event
from bot.i18n import _, using
from bot.service.errors import Refusal
from bot.service.models import TableInfo, TableStatus, TableUpdate

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

DM_CLOSED = 50007
DEAL_EVENTS = frozenset({"deal", "redeal"})
"""Event kinds that mean new hands were dealt (a convention the games follow)."""
DM_RETRY_S = 600.0
"""A user whose DMs were closed gets the channel fallback; DMs are tried again after this long
(and at each new game), one refused request at most per user and interval."""
REMINDERS = "turn_reminders"
"""Settings scope (id 0, key "<table>:<user>", value [channel, message]) of the reminders on
show, so a new process can delete those an old one left behind."""
DM_CHANNELS_KEPT = 10_000
"""DM channels kept per process: opening one is a request of its own, and discord.py keeps
only the last 128."""
DM_CHANNELS = "dm_channel"
"""Settings scope (id the user, key "id", value their DM channel's id): a new process sends to
a DM channel it knows without opening it again, one request less per turn it offers again."""


class Dropped(Exception):
    """The budget did not let a request out: a newer one replaced it, it was out of date when
    its turn came, or the bot is shutting down."""


def _by_id(message: discord.PartialMessage) -> discord.PartialMessage:
    """What is kept of a sent message to edit or delete it later: its channel and id. A whole
    `discord.Message` holds its components, embeds and users (dozens of objects each), and a
    busy bot keeps one per hand DM for minutes: every full collection walked them all."""
    return message.channel.get_partial_message(message.id)


class _Posting:
    """A reminder being posted (each attempt its own, so a late one knows it is not wanted)."""


def turn_ask(table: TableInfo, seat: int) -> Ask:
    """A seat's turn offer: most urgent by its deadline; an offer of a newer version to the
    seat replaces a queued one; a restart offers it again."""
    deadline = table.turn_deadline
    return Ask(Need.TURN, NO_DEADLINE if deadline is None else deadline.timestamp(),
               key=("hand", table.id, seat), redone=True, rank=table.version)


def hand_ask(table: TableInfo, seat: int) -> Ask:
    """A new hand shown to a seat that does not act now (a deal): replaced while it waits by
    a newer hand or turn offer to the seat, as that shows the hand too."""
    return Ask(Need.TABLE, key=("hand", table.id, seat), rank=table.version)


NEWS = Ask(Need.TABLE)
"""A DM of private news alone."""


class HandDMs:
    """The private side of seated tables: hands by DM, their redraws, and turn reminders."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        *,
        budget: RestBudget | None,
        dm_retry_s: float,
        clock: Callable[[], float],
        painter: Painter | None = None,
        styles: CardStyles | None = None,
        languages: Languages | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.languages = languages or Languages(client, service)
        """A hand DM speaks its player's language; a reminder in the channel, the server's.
        A DM going out in the background keeps the language it was composed in (the task
        takes the context it was made in)."""
        self.painter = painter or Painter()
        self.styles = styles or CardStyles(service)
        self.dm_retry_s = dm_retry_s
        self._budget = budget
        self._clock = clock
        self.answering: dict[tuple[int, int], int] = {}
        """(table, user) -> clicks of that user being answered right now (set by `TableUI`)."""
        self._dm_closed: dict[int, float] = {}
        """user -> when a DM to them was last refused (the clock's time)."""
        self._reminders: dict[tuple[int, int], discord.PartialMessage | _Posting] = {}
        """(table, user) -> the one channel reminder "it is your turn" of a user whose DMs are
        closed (a `_Posting` of its own while it is being posted: a turn that comes back
        meanwhile is another); deleted when the turn has passed."""
        self._leaving: dict[tuple[int, int], asyncio.Task[None]] = {}
        """(table, user) -> the deletion of their reminder under way (a new one waits for it)."""
        self._sent_hands: set[tuple[int, int, int]] = set()
        """(table, version, seat) whose turn was offered (by DM, reminder or a click's answer)."""
        self._live_dms: dict[tuple[int, int], tuple[discord.PartialMessage, int]] = {}
        """(table, seat) -> the last DM that still shows buttons, and the version it shows
        (an update that arrives after a newer turn was offered must not retire it)."""
        self._hand_dms: dict[tuple[int, int], tuple[discord.PartialMessage, int]] = {}
        """(table, seat) -> the newest DM showing that seat's hand and the table version it
        shows. A new one replaces it and the old one is deleted, so a player's DMs hold one
        current hand per table instead of one message per turn (the deletes are optional:
        tidy-ups in the budget); at the end it is edited to the final state."""
        self._latest: dict[int, int] = {}
        """table -> the newest version seen (a turn offer of an older one is out of date)."""
        self._dm_channels: OrderedDict[int, discord.abc.Messageable] = OrderedDict()
        """user -> their DM channel, the most recently used last."""
        self._chores: set[asyncio.Task[None]] = set()
        """Redraws and new hands going out in the background."""
        self._old_dms = Backlog(budget, Need.TIDY, self._delete_dm, final=True)
        """Old hand DMs to delete, as (message, table id) by ("message", id): tidy-ups, which
        under load wait minutes for the budget."""
        self.channel_first: Callable[[TableInfo, Ask], Awaitable[None]] | None = None
        """Called before a reminder is posted in a table's channel: lets the table message's
        pending edit go out first (one channel, its messages in order; set by `TableUI`)."""

    # ------------------------------------------------------------------ per update
    async def deliver(self, update: TableUpdate) -> None:
        """Send the hand with its legal actions to each human who must act now (and every
        human's new hand at a deal); take the turn out of DMs whose turn has passed."""
        table = update.table
        play = table.play
        if play is None or on_the_table(table.game_key):
            return  # a game played on its table message sends no hands
        self._seen(table)
        to_act = set(play.to_act) if table.status is TableStatus.PLAYING else set()
        # A fresh deal shows every human the new hand at once, not only the one who acts.
        new_deal = table.status is TableStatus.PLAYING and (
            update.reason == "started" or any(e.kind in DEAL_EVENTS for e in update.events)
        )
        private: dict[int, list[Event]] = {}
        for event in update.events:
            if event.private_to is not None:
                private.setdefault(event.private_to, []).append(event)
        if update.reason == "started":
            for seat in table.seats:  # a new game tries closed DMs again
                if seat.user_id is not None:
                    self._dm_closed.pop(seat.user_id, None)
        for seat in table.seats:
            if seat.user_id is None:
                continue
            with using(await self.languages.of_user(seat.user_id, table.guild_id)):
                if seat.is_ai or seat.index not in to_act:
                    await self._clear_reminder(table.id, seat.user_id)
                # The actor's own click is answered with the news and the next choices.
                own_click = update.reason == "action" and update.actor_seat == seat.index
                await self._retire_dm(
                    table, seat.index, seat.is_ai or seat.index not in to_act, edit=not own_click
                )
                if seat.is_ai or own_click:
                    continue
                if (table.id, seat.user_id) in self.answering:
                    # That player's click is being answered with the newest state; whatever turn
                    # it cannot show is sent by `TableUI._catch_up` afterwards.
                    if news := private.get(seat.index, []):
                        self._chore(self._send(table, seat.index, seat.user_id,
                                               "\n".join(e.text for e in news), None, NEWS))
                    continue
                acting = seat.index in to_act
                news = private.get(seat.index, [])
                if not acting and not news and not new_deal:
                    continue
                key = (table.id, table.version, seat.index)
                if key in self._sent_hands:
                    continue
                self._sent_hands.add(key)
                hand: int | None = None
                if acting or new_deal:
                    content, view = hand_message(table, seat.index, news)
                    hand = seat.index
                if not (acting or new_deal) or self._superseded(table, seat.index):
                    # News alone; or this update came late and a newer hand is out already
                    # (a click's catch-up), which must stay the seat's live DM.
                    if not news:
                        continue
                    content, view, hand = "\n".join(e.text for e in news), None, None
                    acting = new_deal = False
                if view is not None:
                    await self._retire_dm(table, seat.index, True)
                if not acting:  # a new hand, or news: in the background, behind the turn offers
                    ask = hand_ask(table, seat.index) if new_deal else NEWS
                    self._chore(self._send(table, seat.index, seat.user_id, content, view, ask,
                                           hand=hand))
                    continue
                await self._send(table, seat.index, seat.user_id, content, view,
                                 turn_ask(table, seat.index), hand=hand)

    async def _send(self, table: TableInfo, seat: int, user_id: int, content: str,
                    view: discord.ui.View | None, ask: Ask, *, hand: int | None = None
                    ) -> None:
        """A DM to the seat's player (its turn when ``ask`` is a turn offer; else a new hand
        or news), then what is kept of it: the live DM, the newest hand DM."""
        try:
            sent = await self._send_private(table, user_id, content, view, hand=hand, ask=ask,
                                            needs_button=ask.need is Need.TURN)
        except Dropped:
            return
        if sent is None:
            return
        if hand is not None and self._superseded(table, seat):
            self._delete_later(_by_id(sent), table.id)  # a newer hand went out meanwhile
            return
        kept = _by_id(sent)
        if view is not None:
            self._live_dms[(table.id, seat)] = (kept, table.version)
        if hand is not None:
            self._new_hand_dm(table, seat, kept)

    async def offer_turn(self, table: TableInfo, seat: int, user_id: int,
                         *, note: str | None = None) -> None:
        """Send the seat its turn unless this version's turn was offered already (or the game
        is played on its table message, which offers every turn)."""
        key = (table.id, table.version, seat)
        if key in self._sent_hands or on_the_table(table.game_key):
            return
        self._sent_hands.add(key)
        self._seen(table)
        with using(await self.languages.of_user(user_id, table.guild_id)):
            content, view = hand_message(table, seat, note=_(note) if note else None)
            await self._send(table, seat, user_id, content, view, turn_ask(table, seat),
                             hand=seat)

    async def reoffer(self, tables: list[TableInfo]) -> None:
        """After a restart: each human who must act gets their turn again. All are asked of
        the budget at once, so the most urgent (the earliest deadline) go out first."""
        offers = []
        for table in tables:
            play = table.play
            if table.status is not TableStatus.PLAYING or play is None:
                continue
            for seat in table.seats:
                if seat.user_id is None or seat.is_ai or seat.index not in play.to_act:
                    continue
                offers.append(self.offer_turn(table, seat.index, seat.user_id, note=RESTARTED))
        for failed in await asyncio.gather(*offers, return_exceptions=True):
            if isinstance(failed, Exception):
                log.error("offering a turn again failed", exc_info=failed)

    def offered(self, table: TableInfo, seat: int) -> bool:
        return (table.id, table.version, seat) in self._sent_hands

    def answered_in_place(
        self, table: TableInfo, seat: int, message: discord.Message | None, *, live: bool
    ) -> None:
        """A click was answered by editing ``message`` (a DM, or None in a channel) to the
        seat's hand; ``live`` when that answer shows buttons."""
        self._seen(table)
        kept = None if message is None else _by_id(message)
        if live:
            self._sent_hands.add((table.id, table.version, seat))
            if kept is not None and not self._superseded(table, seat):
                self._live_dms[(table.id, seat)] = (kept, table.version)
        if kept is not None:
            self._new_hand_dm(table, seat, kept)

    async def final(self, table: TableInfo) -> None:
        """Every hand DM of a table that ended shows how it ended, with no live buttons (the
        last mover's answer already does; the others would say "Waiting for ..." forever)."""
        seats = {k[1] for k in self._hand_dms if k[0] == table.id}
        seats |= {k[1] for k in self._live_dms if k[0] == table.id}
        for seat in sorted(seats):
            kept = self._live_dms.pop((table.id, seat), None)
            live = kept[0] if kept is not None else None
            hand = self._hand_dms.pop((table.id, seat), None)
            if hand is not None and (hand[1] < table.version or live is not None):
                self._chore(self._redraw_dm(table, seat, hand[0]))
            if live is not None and (hand is None or live.id != hand[0].id):
                self._chore(self._redraw_dm(table, seat, live))

    def forget(self, table_id: int) -> None:
        """Drop what is kept of a table that closed (its last hand DMs stay, as its record)."""
        self._sent_hands = {k for k in self._sent_hands if k[0] != table_id}
        self._latest.pop(table_id, None)
        for kept in (self._live_dms, self._hand_dms, self._reminders):
            for key in [k for k in kept if k[0] == table_id]:
                kept.pop(key, None)

    async def settle(self) -> None:
        """Wait until the redraws and deletes in the background are done."""
        while self._chores or self._old_dms.busy():
            if self._chores:
                await asyncio.wait(set(self._chores))
            await self._old_dms.settle()

    async def close(self) -> None:
        """Let the background requests finish (the budget drops what is left at its cut-off)."""
        await self.settle()

    def _chore(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def _take(self, ask: Ask) -> None:
        """Wait for the request's turn in the budget; `Dropped` if it is not to go out."""
        if self._budget is not None and not await self._budget.take(ask):
            raise Dropped

    def _seen(self, table: TableInfo) -> None:
        if table.version > self._latest.get(table.id, -1):
            self._latest[table.id] = table.version

    def _out_of_date(self, table: TableInfo) -> bool:
        """Whether a newer version of the table was shown already (a click's answer)."""
        return self._latest.get(table.id, -1) > table.version

    # ------------------------------------------------------------------ hand DMs
    async def _draw_hand(self, table: TableInfo, seat: int) -> Picture | None:
        """The seat's hand drawn in its player's card style."""
        user = next((s.user_id for s in table.seats if s.index == seat), None)
        return await self.painter.paint(hand_picture, table, seat, await self.styles.of(user))

    def _superseded(self, table: TableInfo, seat: int) -> bool:
        """Whether the seat's hand DM already shows a later version than ``table``."""
        kept = self._hand_dms.get((table.id, seat))
        return kept is not None and kept[1] > table.version

    def _new_hand_dm(self, table: TableInfo, seat: int, message: discord.PartialMessage) -> None:
        """Remember the seat's newest hand DM and delete the one it replaces."""
        table_id = table.id
        previous = self._hand_dms.get((table_id, seat))
        if previous is not None and previous[1] > table.version and previous[0].id != message.id:
            return  # an older answer finished late: the newer hand DM stays
        self._hand_dms[(table_id, seat)] = (message, table.version)
        old = previous[0] if previous is not None else None
        if old is None or old.id == message.id:
            return
        self._delete_later(old, table_id)

    def _delete_later(self, message: discord.PartialMessage, table_id: int) -> None:
        self._old_dms.add(("message", message.id), (message, table_id))

    async def _delete_dm(self, item: tuple[discord.PartialMessage, int]) -> None:
        message, table_id = item
        try:
            await message.delete()
        except discord.NotFound:
            pass  # the player deleted it first
        except discord.HTTPException:
            log.warning("could not delete an old hand DM of table %s", table_id)

    async def _retire_dm(
        self, table: TableInfo, seat: int, passed: bool, *, edit: bool = True
    ) -> None:
        """Redraw a seat's last DM without buttons once its turn has passed without its click
        (a timeout, an AI takeover, a resignation), so it no longer says "Your turn"."""
        if not passed:
            return
        live = self._live_dms.get((table.id, seat))
        if live is None or live[1] > table.version:
            return  # nothing live, or a newer turn's DM that this late update must not touch
        del self._live_dms[(table.id, seat)]
        message = live[0]
        if not edit:
            return
        self._chore(self._redraw_dm(table, seat, message))
        hand = self._hand_dms.get((table.id, seat))
        if hand is not None and hand[0].id == message.id:
            self._hand_dms[(table.id, seat)] = (message, table.version)

    async def _redraw_dm(
        self, table: TableInfo, seat: int, message: discord.PartialMessage
    ) -> None:
        """Show the seat's hand as of ``table`` in an old DM, without buttons (a newer redraw
        of the same DM replaces this one while it waits for the budget)."""
        if ("message", message.id) in self._old_dms:
            return  # it is to be deleted
        user = next((s.user_id for s in table.seats if s.index == seat), None)
        try:
            with using(await self.languages.of_user(user, table.guild_id)):
                content, _view = hand_message(table, seat)
                await self._take(Ask(Need.TABLE, key=("message", message.id)))
                picture = await self._draw_hand(table, seat)
                embed = table_embed(table, picture)
            await message.edit(content=content, embed=embed, attachments=attach(picture),
                               view=None)
        except Dropped:
            pass
        except discord.NotFound:
            pass  # the player deleted it
        except discord.HTTPException:
            log.warning("could not update a hand DM of table %s", table.id)

    async def _send_private(
        self,
        table: TableInfo,
        user_id: int,
        content: str,
        view: discord.ui.View | None,
        *,
        needs_button: bool,
        ask: Ask,
        hand: int | None = None,
    ) -> discord.Message | None:
        """The DM sent, or None (closed DMs get a "Show my hand" reminder in the channel);
        the picture of seat ``hand`` (drawn once the budget lets the DM out) is the image of
        the table embed that rides along. `Dropped` when the budget did not let it out, or a
        turn offer's table moved on meanwhile."""
        closed_at = self._dm_closed.get(user_id)
        if closed_at is None or self._clock() - closed_at >= self.dm_retry_s:
            try:
                turn = ask.need is Need.TURN
                if turn and self._out_of_date(table):
                    raise Dropped
                dm = await self._dm_channel(user_id, ask)
                await self._take(ask)
                if turn and self._out_of_date(table):
                    raise Dropped
                picture = None if hand is None else await self._draw_hand(table, hand)
                # The public table rides along, so a player can decide from the DM alone
                # (in the language the caller chose for this player).
                sent = await dm.send(
                    clip(content, CONTENT_MAX), embed=table_embed(table, picture),
                    files=attach(picture), **view_kw(view)
                )
            except discord.Forbidden as exc:
                if exc.code != DM_CLOSED:
                    log.warning("DM to %s refused (%s)", user_id, exc.code)
                self._dm_closed[user_id] = self._clock()
            except discord.NotFound:
                log.warning("the DM channel of %s is gone; it is opened again next time", user_id)
                self._dm_channels.pop(user_id, None)
                with contextlib.suppress(Exception):
                    await self.service.delete_setting(DM_CHANNELS, user_id, "id")
            except discord.HTTPException:
                log.exception("DM to %s failed", user_id)
            else:
                self._dm_closed.pop(user_id, None)
                await self._clear_reminder(table.id, user_id)  # the DM replaces it
                return sent
        if not needs_button:
            return None  # private news without a decision waits for the next "Show my hand"
        await self._remind(table, user_id, ask)
        return None

    async def _dm_channel(self, user_id: int, ask: Ask) -> discord.abc.Messageable:
        """The user's DM channel: opened once (a request of its own, in the budget), kept, and
        its id stored for the next process."""
        channel = self._dm_channels.get(user_id)
        if channel is not None:
            self._dm_channels.move_to_end(user_id)
            return channel
        try:
            known = await self.service.get_setting(DM_CHANNELS, user_id, "id")
        except Exception:
            known = None
        if isinstance(known, int):
            channel = self.client.get_partial_messageable(known, type=discord.ChannelType.private)
        else:
            await self._take(ask)
            channel = await self.client.create_dm(discord.Object(user_id))
            with contextlib.suppress(Exception):
                await self.service.set_setting(DM_CHANNELS, user_id, "id", channel.id)
        self._dm_channels[user_id] = channel
        if len(self._dm_channels) > DM_CHANNELS_KEPT:
            self._dm_channels.popitem(last=False)
        return channel

    # ------------------------------------------------------------------ reminders
    async def _remind(self, table: TableInfo, user_id: int, ask: Ask) -> None:
        """The channel's one "it is your turn" for a user whose DMs are closed: posted once per
        turn (a mention pings only when posted), deleted when the turn has passed."""
        key = (table.id, user_id)
        if key in self._reminders:
            return  # still their turn and still on show
        self._reminders[key] = posting = _Posting()
        channel = self.client.get_partial_messageable(table.channel_id)
        with using(await self.languages.of_server(table.guild_id)):  # said in the channel
            text = _("<@{user}>, it is your turn at {table}. I can't send you a DM, so press "
                     "**Show my hand**.", user=user_id, table=table_title(table))
            view = show_hand_view(table.id)
        try:
            while (leaving := self._leaving.get(key)) is not None:
                await asyncio.wait({leaving})  # the last one goes before this one comes
            if self.channel_first is not None:
                await self.channel_first(table, ask)
            await self._take(ask)
            if self._reminders.get(key) is not posting:
                raise Dropped  # the turn passed while it waited: no reminder at all
            message = await channel.send(
                text,
                view=view,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
            )
        except (Dropped, discord.HTTPException) as exc:
            if not isinstance(exc, Dropped):
                log.exception("could not post the hand fallback for %s", user_id)
            if self._reminders.get(key) is posting:
                del self._reminders[key]
            return
        if self._reminders.get(key) is posting:
            self._reminders[key] = _by_id(message)
            await self._record_reminder(key, [table.channel_id, message.id])
        else:  # the turn passed meanwhile
            await self._record_reminder(key, [table.channel_id, message.id])
            await self._delete_reminder(message, key)

    async def _clear_reminder(self, table_id: int, user_id: int) -> None:
        key = (table_id, user_id)
        if key not in self._reminders:
            return
        message = self._reminders.pop(key)
        if not isinstance(message, _Posting):  # one being posted: its poster deletes it
            task = asyncio.get_running_loop().create_task(self._delete_reminder(message, key))
            self._leaving[key] = task
            try:
                await asyncio.wait({task})
            finally:
                if self._leaving.get(key) is task:
                    del self._leaving[key]

    async def _delete_reminder(self, message: discord.PartialMessage, key: tuple[int, int]) -> None:
        """Delete a reminder whose turn passed, then its record (kept until then: a restart
        deletes what is recorded), unless the user has a new reminder on show by then. Part
        of offering turns, before them all: the channel never shows two reminders at once."""
        try:
            await self._take(Ask(Need.TURN, -NO_DEADLINE, key=("message", message.id),
                                 final=True, redone=True))
            await message.delete()
        except Dropped:
            return
        except discord.NotFound:
            pass
        except discord.HTTPException:
            log.warning("could not delete a turn reminder of table %s", key[0])
            return
        if key not in self._reminders:
            await self._record_reminder(key, None)

    async def _record_reminder(self, key: tuple[int, int], where: list[int] | None) -> None:
        """Keep the reminders on show in the database (a restart forgets them otherwise)."""
        name = f"{key[0]}:{key[1]}"
        try:
            if where is None:
                await self.service.delete_setting(REMINDERS, 0, name)
            else:
                await self.service.set_setting(REMINDERS, 0, name, where)
        except Exception:
            log.warning("could not record a turn reminder of table %s", key[0])

    async def _runs_table_of(self, name: str) -> bool:
        """Whether this process runs the table of reminder ``name`` ("table:user"); one that
        is gone may be cleared by anyone."""
        try:
            table = await self.service.get(int(name.split(":")[0]))
        except (Refusal, ValueError):
            return True
        return self.service.runs(table.guild_id)

    async def clear_old_reminders(self) -> None:
        """Delete the reminders a previous process left on show: each turn still waiting is
        offered again (with a new reminder where DMs are still closed)."""
        try:
            stored = await self.service.settings(REMINDERS, 0)
        except Exception:
            log.exception("could not read the turn reminders left by the previous process")
            return
        mine = {m.id for m in self._reminders.values() if not isinstance(m, _Posting)}
        old = {name: where for name, where in stored.items()
               if not (isinstance(where, list) and where[-1:] and where[-1] in mine)
               # another shard's: its process keeps it, or clears it at its start
               and await self._runs_table_of(name)}
        await asyncio.gather(*(self._delete_old_reminder(n, w) for n, w in old.items()))

    async def _delete_old_reminder(self, name: str, where: Any) -> None:
        """One reminder a previous process left: deleted before turns are offered again (as
        part of offering them), its record too unless this process posted one since."""
        try:
            channel_id, message_id = (int(x) for x in where)
            await self._take(Ask(Need.TURN, -NO_DEADLINE, redone=True))
            channel = self.client.get_partial_messageable(channel_id)
            await channel.get_partial_message(message_id).delete()
        except Dropped:
            return  # shutting down: the record stays for the next start
        except discord.NotFound:
            pass
        except (discord.HTTPException, TypeError, ValueError):
            log.warning("could not delete an old turn reminder (%s)", name)
        table_id, _, user_id = name.partition(":")
        with contextlib.suppress(ValueError):
            if (int(table_id), int(user_id)) in self._reminders:
                return  # a reminder of this process is recorded under the same name now
        with contextlib.suppress(Exception):
            await self.service.delete_setting(REMINDERS, 0, name)
