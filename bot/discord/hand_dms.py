"""Each seat's hand by DM: who gets a new hand message when, which old ones are redrawn or
deleted, and the one channel reminder for a player whose DMs are closed.

`HandDMs` keeps, per table and seat, the DM that still shows buttons and the newest DM that
shows the hand; `TableUI` calls it for every update of a seated table and for the answers to
clicks. Lost on a restart (harmless: the new process offers each waiting turn again).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.discord.card_styles import CardStyles
from bot.discord.components import show_hand_view
from bot.discord.editor import RateLimiter
from bot.discord.languages import Languages
from bot.discord.painter import Painter, attach
from bot.discord.public_table import on_the_table
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


class HandDMs:
    """The private side of seated tables: hands by DM, their redraws, and turn reminders."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        *,
        budget: RateLimiter | None,
        dm_retry_s: float,
        clock: Callable[[], float],
        painter: Painter | None = None,
        styles: CardStyles | None = None,
        languages: Languages | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.languages = languages or Languages(client, service)
        """A hand DM speaks its player's language; a reminder in the channel, the server's."""
        self.painter = painter or Painter()
        self.styles = styles or CardStyles(service)
        self.dm_retry_s = dm_retry_s
        self._budget = budget
        self._clock = clock
        self.answering: dict[tuple[int, int], int] = {}
        """(table, user) -> clicks of that user being answered right now (set by `TableUI`)."""
        self._dm_closed: dict[int, float] = {}
        """user -> when a DM to them was last refused (the clock's time)."""
        self._reminders: dict[tuple[int, int], discord.Message | None] = {}
        """(table, user) -> the one channel reminder "it is your turn" of a user whose DMs are
        closed (None while it is being posted); deleted when the turn has passed."""
        self._sent_hands: set[tuple[int, int, int]] = set()
        """(table, version, seat) whose turn was offered (by DM, reminder or a click's answer)."""
        self._live_dms: dict[tuple[int, int], tuple[discord.Message, int]] = {}
        """(table, seat) -> the last DM that still shows buttons, and the version it shows
        (an update that arrives after a newer turn was offered must not retire it)."""
        self._hand_dms: dict[tuple[int, int], tuple[discord.Message, int]] = {}
        """(table, seat) -> the newest DM showing that seat's hand and the table version it
        shows. A new one replaces it and the old one is deleted, so a player's DMs hold one
        current hand per table instead of one message per turn (the deletes are optional:
        skipped when the budget is short); at the end it is edited to the final state."""
        self._tidying: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ per update
    async def deliver(self, update: TableUpdate) -> None:
        """Send the hand with its legal actions to each human who must act now (and every
        human's new hand at a deal); take the turn out of DMs whose turn has passed."""
        table = update.table
        play = table.play
        if play is None or on_the_table(table.game_key):
            return  # a game played on its table message sends no hands
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
                        await self._send_private(
                            table, seat.user_id, "\n".join(e.text for e in news), None,
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
                picture = None
                if acting or new_deal:
                    content, view = hand_message(table, seat.index, news)
                    picture = await self._draw_hand(table, seat.index)
                if not (acting or new_deal) or self._superseded(table, seat.index):
                    # News alone; or this update came late and a newer hand is out already
                    # (a click's catch-up), which must stay the seat's live DM.
                    if not news:
                        continue
                    content, view, picture = "\n".join(e.text for e in news), None, None
                    acting = new_deal = False
                if view is not None:
                    await self._retire_dm(table, seat.index, True)
                sent = await self._send_private(table, seat.user_id, content, view,
                                                needs_button=acting, picture=picture)
                if sent is not None and view is not None:
                    self._live_dms[(table.id, seat.index)] = (sent, table.version)
                if sent is not None and (acting or new_deal):
                    self._new_hand_dm(table, seat.index, sent)

    async def offer_turn(self, table: TableInfo, seat: int, user_id: int,
                         *, note: str | None = None) -> None:
        """Send the seat its turn unless this version's turn was offered already (or the game
        is played on its table message, which offers every turn)."""
        key = (table.id, table.version, seat)
        if key in self._sent_hands or on_the_table(table.game_key):
            return
        self._sent_hands.add(key)
        with using(await self.languages.of_user(user_id, table.guild_id)):
            content, view = hand_message(table, seat, note=_(note) if note else None)
            picture = await self._draw_hand(table, seat)
            sent = await self._send_private(table, user_id, content, view, needs_button=True,
                                            picture=picture)
        if sent is not None and view is not None:
            self._live_dms[(table.id, seat)] = (sent, table.version)
        if sent is not None:
            self._new_hand_dm(table, seat, sent)

    async def reoffer(self, table: TableInfo) -> None:
        """After a restart: each human who must act gets their turn again."""
        play = table.play
        if table.status is not TableStatus.PLAYING or play is None:
            return
        for seat in table.seats:
            if seat.user_id is None or seat.is_ai or seat.index not in play.to_act:
                continue
            await self.offer_turn(table, seat.index, seat.user_id, note=RESTARTED)

    def offered(self, table: TableInfo, seat: int) -> bool:
        return (table.id, table.version, seat) in self._sent_hands

    def answered_in_place(
        self, table: TableInfo, seat: int, message: discord.Message | None, *, live: bool
    ) -> None:
        """A click was answered by editing ``message`` (a DM, or None in a channel) to the
        seat's hand; ``live`` when that answer shows buttons."""
        if live:
            self._sent_hands.add((table.id, table.version, seat))
            if message is not None and not self._superseded(table, seat):
                self._live_dms[(table.id, seat)] = (message, table.version)
        if message is not None:
            self._new_hand_dm(table, seat, message)

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
                await self._redraw_dm(table, seat, hand[0])
            if live is not None and (hand is None or live.id != hand[0].id):
                await self._redraw_dm(table, seat, live)

    def forget(self, table_id: int) -> None:
        """Drop what is kept of a table that closed (its last hand DMs stay, as its record)."""
        self._sent_hands = {k for k in self._sent_hands if k[0] != table_id}
        for kept in (self._live_dms, self._hand_dms, self._reminders):
            for key in [k for k in kept if k[0] == table_id]:
                kept.pop(key, None)

    async def settle(self) -> None:
        if self._tidying:
            await asyncio.wait(set(self._tidying))

    async def close(self) -> None:
        if self._tidying:
            await asyncio.wait(set(self._tidying), timeout=5)

    # ------------------------------------------------------------------ hand DMs
    async def _draw_hand(self, table: TableInfo, seat: int) -> Picture | None:
        """The seat's hand drawn in its player's card style."""
        user = next((s.user_id for s in table.seats if s.index == seat), None)
        return await self.painter.paint(hand_picture, table, seat, await self.styles.of(user))

    def _superseded(self, table: TableInfo, seat: int) -> bool:
        """Whether the seat's hand DM already shows a later version than ``table``."""
        kept = self._hand_dms.get((table.id, seat))
        return kept is not None and kept[1] > table.version

    def _new_hand_dm(self, table: TableInfo, seat: int, message: discord.Message) -> None:
        """Remember the seat's newest hand DM and delete the one it replaces."""
        table_id = table.id
        previous = self._hand_dms.get((table_id, seat))
        if previous is not None and previous[1] > table.version and previous[0].id != message.id:
            return  # an older answer finished late: the newer hand DM stays
        self._hand_dms[(table_id, seat)] = (message, table.version)
        old = previous[0] if previous is not None else None
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
        await self._redraw_dm(table, seat, message)
        hand = self._hand_dms.get((table.id, seat))
        if hand is not None and hand[0].id == message.id:
            self._hand_dms[(table.id, seat)] = (message, table.version)

    async def _redraw_dm(self, table: TableInfo, seat: int, message: discord.Message) -> None:
        """Show the seat's hand as of ``table`` in an old DM, without buttons."""
        user = next((s.user_id for s in table.seats if s.index == seat), None)
        with using(await self.languages.of_user(user, table.guild_id)):
            content, _view = hand_message(table, seat)
            picture = await self._draw_hand(table, seat)
            embed = table_embed(table, picture)
        try:
            await message.edit(content=content, embed=embed, attachments=attach(picture),
                               view=None)
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
        picture: Picture | None = None,
    ) -> discord.Message | None:
        """The DM sent, or None (closed DMs get a "Show my hand" reminder in the channel);
        ``picture`` (the seat's hand) is the image of the table embed that rides along."""
        closed_at = self._dm_closed.get(user_id)
        if closed_at is None or self._clock() - closed_at >= self.dm_retry_s:
            try:
                dm = await self.client.create_dm(discord.Object(user_id))
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
            except discord.HTTPException:
                log.exception("DM to %s failed", user_id)
            else:
                self._dm_closed.pop(user_id, None)
                await self._clear_reminder(table.id, user_id)  # the DM replaces it
                return sent
        if not needs_button:
            return None  # private news without a decision waits for the next "Show my hand"
        await self._remind(table, user_id)
        return None

    # ------------------------------------------------------------------ reminders
    async def _remind(self, table: TableInfo, user_id: int) -> None:
        """The channel's one "it is your turn" for a user whose DMs are closed: posted once per
        turn (a mention pings only when posted), deleted when the turn has passed."""
        key = (table.id, user_id)
        if key in self._reminders:
            return  # still their turn and still on show
        self._reminders[key] = None
        channel = self.client.get_partial_messageable(table.channel_id)
        with using(await self.languages.of_server(table.guild_id)):  # said in the channel
            text = _("<@{user}>, it is your turn at {table}. I can't send you a DM, so press "
                     "**Show my hand**.", user=user_id, table=table_title(table))
            view = show_hand_view(table.id)
        try:
            message = await channel.send(
                text,
                view=view,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
            )
        except discord.HTTPException:
            log.exception("could not post the hand fallback for %s", user_id)
            if self._reminders.get(key, False) is None:
                del self._reminders[key]
            return
        if key in self._reminders and self._reminders[key] is None:
            self._reminders[key] = message
            await self._record_reminder(key, [table.channel_id, message.id])
        else:
            await self._delete_reminder(message, table.id)  # the turn passed meanwhile

    async def _clear_reminder(self, table_id: int, user_id: int) -> None:
        key = (table_id, user_id)
        if key not in self._reminders:
            return
        message = self._reminders.pop(key)
        if message is not None:  # None: being posted; the poster deletes it when it sees that
            await self._delete_reminder(message, table_id)
            await self._record_reminder(key, None)

    async def _delete_reminder(self, message: discord.Message, table_id: int) -> None:
        try:
            await message.delete()
        except discord.NotFound:
            pass
        except discord.HTTPException:
            log.warning("could not delete a turn reminder of table %s", table_id)

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
        mine = {m.id for m in self._reminders.values() if m is not None}
        for name, where in stored.items():
            if isinstance(where, list) and where[-1:] and where[-1] in mine:
                continue  # posted by this process already
            if not await self._runs_table_of(name):
                continue  # another shard's: its process keeps it, or clears it at its start
            try:
                channel_id, message_id = (int(x) for x in where)
                channel = self.client.get_partial_messageable(channel_id)
                await channel.get_partial_message(message_id).delete()
            except discord.NotFound:
                pass
            except (discord.HTTPException, TypeError, ValueError):
                log.warning("could not delete an old turn reminder (%s)", name)
            with contextlib.suppress(Exception):
                await self.service.delete_setting(REMINDERS, 0, name)
