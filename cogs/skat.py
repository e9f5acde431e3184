"""``/skat``: Skat tables (the 1908 book's classic rules, or isko) and the learners' aids.

Everything common comes from `GameCog`; this cog adds what is Skat's own:

- ``/skat new [preset] [players] [deals] [points] [thread]``: a series of so many deals
  (default: one round, every person deals once); seats rotate through Vorhand, Mittelhand and
  Hinterhand. ``points`` shows the running card points on the table (off, as the book wants).
- How the choices look (`skat_layout`, registered for the key ``skat``): in the auction the
  next bid, *ja* or *passe* as buttons and a select to jump higher, never sixty buttons; the two
  cards to lay away in one two-card select; every game to declare with what it is worth.
- ``/skat hand`` adds beside the cards what each game would be worth with them ("with 2,
  game 3: Club Solo 36") and, in the classic rules, the book's safe counts.
- After each deal a short review: what a double-dummy search says the Player's cards could
  have made (`bot.games.skat.review`, from the finished deal's public record only).

The deal posts are durable. How many deals of a table have been posted is kept in the settings
table (scope ``skat_posts``, id 0, key = the table id), written when the table starts and after
each post; the deals finished are the table's score sheet. After a restart every table with a
record (open, or closed within `RECENT_S`) gets the posts it is missing, in order; a deal other
than the last has only its sheet line left to post. Each post carries a nonce made from the
table and deal, so a post repeated after a crash between sending and recording is refused by
Discord (it keeps nonces a few minutes). Reviews search one at a time, off the event loop; when
`MAX_WAITING` deals already wait for the search, a deal's score line goes out with a note
instead, and a search longer than `REVIEW_LIMIT_S` gives up. When the service thinks in worker
processes (production), the reviews get a worker process of their own (an `AIPool` of one): a
thread holds the GIL for seconds against the event loop. Measured on a busy 2-core machine
while reviews ran, the loop's lag: in a thread p50 1-6 ms, p99 9-17 ms, worst 150-280 ms; in
the process p50 0.1 ms, p99 6 ms, worst 8 ms (as with no review). A review of a deal the AI
played costs about 0.1-5 s of CPU (median about 1.5 s).

The cog decides no rule: legality comes from the state, values from `bot.games.skat.advice`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, datetime

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import render
from bot.discord.custom_ids import ActionId, SelectId
from bot.discord.gamecog import GameCog
from bot.discord.layout import (
    MAX_BUTTONS_PER_ROW,
    MAX_OPTION_LABEL,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    ButtonSpec,
    Layout,
    SelectSpec,
    plan,
    register_planner,
)
from bot.discord.tables import seat_names
from bot.games import registry
from bot.games.base import Action, Options, View
from bot.games.cards import pretty
from bot.games.skat.advice import GameValue, contract_value, hand_values, safe_counts
from bot.games.skat.contracts import Contract
from bot.games.skat.options import SkatOptions
from bot.games.skat.review import (
    DealReview,
    ReviewStopped,
    needs_search,
    review_deal,
    review_lines,
)
from bot.games.skat.rules import DealResult, SkatState, SkatView, card_key
from bot.service.ai import AIPool
from bot.service.errors import NoTable
from bot.service.models import TableInfo, TableUpdate
from bot.service.tables import TableService

log = logging.getLogger(__name__)

_QUIET = frozenset({"pass", "passt_nicht", "surrender", "concede"})
EMBED_MAX = 4096
CONTENT_MAX = 2000

POSTS_SCOPE = "skat_posts"
"""Settings scope of the posted-deal counts (scope id 0, key: the table id)."""
RECENT_S = 3600.0
"""A table closed longer ago than this before a restart gets no late posts."""
MAX_WAITING = 4
"""Deals that may wait for the one review search; beyond this a deal is posted unreviewed."""
REVIEW_LIMIT_S = 30.0
"""A review search that runs longer gives up (measured: a few seconds at worst)."""
RETRY_S = (5.0, 30.0)
"""Waits before posting again after a failure Discord may get over (5xx, network)."""
SKIPPED = DealReview(False, "Many deals ended at once, so this one was not reviewed.")
TOO_LONG = DealReview(False, "The search took too long for this deal.")


def _options(view: SkatView, options: Options | None) -> SkatOptions:
    if isinstance(options, SkatOptions):
        return options
    return registry.get("skat").options(view.rules)  # type: ignore[return-value]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _button_rows(
    pairs: Sequence[tuple[str, str]], table_id: int, version: int
) -> list[list[ButtonSpec] | SelectSpec]:
    rows: list[list[ButtonSpec] | SelectSpec] = []
    for start in range(0, len(pairs), MAX_BUTTONS_PER_ROW):
        rows.append([
            ButtonSpec(
                custom_id=ActionId(table_id, version, a).encode(),
                label=_clip(label, 80),
                action=a,
                quiet=a.partition(":")[0] in _QUIET,
            )
            for a, label in pairs[start : start + MAX_BUTTONS_PER_ROW]
        ])
    return rows


def _selects(
    pairs: Sequence[tuple[str, str]],
    table_id: int,
    version: int,
    placeholder: str,
    first_part: int,
) -> list[SelectSpec]:
    out: list[SelectSpec] = []
    for n, start in enumerate(range(0, len(pairs), MAX_SELECT_OPTIONS)):
        chunk = pairs[start : start + MAX_SELECT_OPTIONS]
        out.append(SelectSpec(
            custom_id=SelectId(table_id, version, first_part + n).encode(),
            placeholder=placeholder if n == 0 else f"{placeholder} ({n + 1})",
            options=tuple((a, _clip(label, MAX_OPTION_LABEL)) for a, label in chunk),
        ))
    return out


def value_label(value: GameValue) -> str:
    """``Club Solo — with 2: 36``: the game, its matadors and its value if won."""
    c = value.contract
    if not c.is_trump_game:
        return f"{c.label} — {value.value}"
    word = "with" if value.with_matadors else "without"
    return f"{c.label} — {word} {value.matadors}: {value.value}"


def _declare_pairs(view: SkatView, legal: Sequence[Action], options: SkatOptions,
                   cards: Sequence[str]) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for a in legal:
        try:
            contract = Contract.parse(a.arg)
        except ValueError:
            pairs.append((str(a), render.action_label(view, a)))
            continue
        if contract.is_ramsch:
            pairs.append((str(a), "Ramsch (everyone for himself)"))
            continue
        pairs.append((str(a), value_label(contract_value(contract, cards, options))))
    return pairs


def _bid_layout(view: SkatView, legal: Sequence[Action], options: SkatOptions,
                table_id: int, version: int) -> Layout:
    bids = sorted((a for a in legal if a.kind == "bid"), key=lambda a: int(a.arg))
    others = [a for a in legal if a.kind != "bid"]
    first: list[tuple[str, str]] = []
    if bids:
        first.append((str(bids[0]), f"Say {bids[0].arg}"))
    first += [(str(a), render.action_label(view, a)) for a in others]
    rows: list[list[ButtonSpec] | SelectSpec] = list(_button_rows(first, table_id, version))
    higher = bids[1:]
    if higher:
        own: dict[int, str] = {}
        for v in hand_values(view.hand, options):
            own.setdefault(v.value, value_label(v))
        wanted = [a for a in higher if int(a.arg) in own]
        rest = [a for a in higher if int(a.arg) not in own]
        room = MAX_SELECT_OPTIONS - min(len(wanted), MAX_SELECT_OPTIONS)
        shown = sorted([*wanted[:MAX_SELECT_OPTIONS], *rest[:room]], key=lambda a: int(a.arg))
        pairs = [
            (str(a), f"{a.arg} (your {own[int(a.arg)]})" if int(a.arg) in own else a.arg)
            for a in shown
        ]
        rows += _selects(pairs, table_id, version, "Or jump to a higher bid…", 0)[:1]
    return Layout(rows=rows)


def _cards_known(view: SkatView) -> list[str]:
    """The cards the Player's game is counted on now: hand, laid away, a turned card."""
    cards = list(view.hand) + list(view.laid_away or [])
    if view.turned and view.turned not in cards:
        cards.append(view.turned)
    return cards


def skat_layout(
    view: View, legal: Sequence[Action], options: Options | None, table_id: int, version: int
) -> Layout:
    """Skat's choices within Discord's limits (see the module docstring)."""
    if not isinstance(view, SkatView) or not legal:
        return plan([(str(a), render.action_label(view, a)) for a in legal], table_id, version)
    o = _options(view, options)
    if view.phase == "bid" and any(a.kind == "bid" for a in legal):
        return _bid_layout(view, legal, o, table_id, version)
    declares = [a for a in legal if a.kind == "declare"]
    discards = [a for a in legal if a.kind == "discard"]
    rest = [a for a in legal if a.kind not in ("declare", "discard")]
    rest_pairs = [(str(a), render.action_label(view, a)) for a in rest]
    rows: list[list[ButtonSpec] | SelectSpec] = []
    if discards:
        # Listed in the rules' card order, so two picks join into the legal `discard:X,Y`.
        cards = sorted({c for a in discards for c in a.arg.split(",")}, key=card_key)
        rows.append(SelectSpec(
            custom_id=SelectId(table_id, version, 0).encode(),
            placeholder="Lay away two cards…",
            options=tuple((f"discard:{c}", pretty(c)) for c in cards),
            min_values=2,
            max_values=2,
        ))
        rows += _button_rows(rest_pairs, table_id, version)
        return Layout(rows=rows)
    if declares:
        pairs = _declare_pairs(view, declares, o, _cards_known(view))
        if len(pairs) + len(rest_pairs) <= MAX_BUTTONS_PER_ROW:
            return Layout(rows=_button_rows([*rest_pairs, *pairs], table_id, version))
        rows += _button_rows(rest_pairs, table_id, version)
        placeholder = ("Or play without the skat…" if view.phase == "skat"
                       else "Declare your game…")
        rows += _selects(pairs, table_id, version, placeholder, 0)
        return Layout(rows=rows[:MAX_ROWS], dropped=max(0, len(rows) - MAX_ROWS))
    return plan(rest_pairs, table_id, version)


register_planner("skat", skat_layout)


# ---- learners' aids as text ---------------------------------------------------------------


def advice_text(view: SkatView, options: SkatOptions) -> str:
    """Beside the cards: every game's value with them, and (classic) the book's safe counts.
    Only before the play: once cards leave the hand its values no longer mean anything."""
    if not view.hand or view.phase in ("kontra", "play", "over"):
        return ""
    cards = _cards_known(view)
    seen = "with the skat" if len(cards) > 10 else "the skat unseen: a Jack in it may change this"
    lines = [f"**What each game would be worth with these cards** ({seen}):"]
    lines += [f"• {v.text}" for v in hand_values(cards, options)]
    if options.rules == "classic" and len(view.hand) == 10:
        lines.append("**The book's safe counts** (Foster):")
        for v in safe_counts(view.hand):
            word = "safe" if v.safe else "not safe"
            lines.append(f"• {v.game}: **{word}**, {v.detail}; the book asks {v.needed}.")
    return _clip("\n".join(lines), EMBED_MAX)


def deal_text(result: DealResult, options: SkatOptions, names: list[str],
              review: DealReview | None = None) -> str:
    """The post after a deal: its score line, the skat, and the double-dummy review (searched
    here unless given)."""
    lines = [f"**Deal {result.number}**: {result.text}"]
    if result.skat:  # a thrown-in deal's skat was never looked at
        lines.append(f"The skat was {' '.join(pretty(c) for c in result.skat)}.")
    if review is None:
        review = review_deal(result, options)
    if review.available:
        if review.claim is not None:
            lines.append("**Review** of the claim (from the cards shown, best play):")
        else:
            lines.append("**Review** (all cards open, best play):")
        lines += [f"• {line}" for line in review_lines(review, result.roles, names)]
    elif result.declarer is not None:
        lines += review_lines(review, result.roles, names)
    return "\n".join(lines)


def sheet_text(table: TableInfo, number: int) -> str:
    """A finished deal known only from the score sheet (its cards were lost in a restart)."""
    state = table.state
    assert isinstance(state, SkatState)
    entry = state.sheet.entries[number - 1]
    return (f"**Deal {number}**: {entry.text}\n"
            "No review: the bot restarted before this deal was posted, and only its line on "
            "the score sheet was kept.")


def deal_nonce(table: TableInfo, number: int) -> int:
    """The same for the same deal of the same table, so Discord refuses a repeated post."""
    key = f"skat:{table.channel_id}:{table.id}:{number}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> 1


def _finished(table: TableInfo) -> int:
    state = table.state
    return len(state.sheet.entries) if isinstance(state, SkatState) else 0


def _skat_options(table: TableInfo) -> SkatOptions | None:
    options = getattr(table.state, "options", None)
    return options if isinstance(options, SkatOptions) else None


class SkatCog(GameCog, game_key="skat"):
    """Skat: Reizen, Tourne and Solo, Grand and Nullo; the score proved at the end."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self._listening = False
        self._closing = False
        self._tables: dict[int, TableInfo] = {}
        """The newest info of each table with deals to post."""
        self._results: dict[int, dict[int, DealResult]] = {}
        """Finished deals not yet posted: table id -> deal number -> record."""
        self._posted: dict[int, int] = {}
        self._posters: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._catch_up: asyncio.Task[None] | None = None
        self._searching = asyncio.Semaphore(1)
        """One review search at a time: each is up to seconds of CPU."""
        self._waiting = 0
        self._pool: AIPool | None = None
        """The reviews' own worker process, when the service thinks in processes."""

    async def cog_load(self) -> None:
        ui = getattr(self.bot, "table_ui", None)
        if ui is not None and not self._listening:
            ui.service.subscribe(self.on_update)
            self._listening = True
            self._catch_up = asyncio.create_task(self._post_missing(), name="skat-catch-up")

    async def cog_unload(self) -> None:
        """Stop posting: what is not out yet is posted after the restart."""
        self._closing = True
        if self._catch_up is not None:
            self._catch_up.cancel()
        if self._pool is not None:
            self._pool.close()  # a search in flight is abandoned: posted after the restart
        posters = list(self._posters.values())
        if posters:
            _, pending = await asyncio.wait(posters, timeout=3)
            for task in pending:
                task.cancel()

    async def settle(self) -> None:
        """Wait until the deals finished so far are posted (tests, shutdown)."""
        while True:
            tasks = [t for t in (self._catch_up, *self._posters.values())
                     if t is not None and not t.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    @app_commands.command(name="new", description="Open a Skat table here (or in a thread).")
    @app_commands.describe(
        preset="classic (the 1908 book) or isko (modern rules)",
        players="How many persons (3, or 4-5 with the dealer sitting out)",
        deals="How many deals (default: one round, every person deals once)",
        points="Show running card points on the table (the book lets nobody count tricks)",
        thread="Open the table in a new thread",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        players: int | None = None,
        deals: app_commands.Range[int, 1, 200] | None = None,
        points: bool = False,
        thread: bool = False,
    ) -> None:
        options: dict[str, object] = {}
        if deals:
            options["deals"] = deals
        if points:
            options["show_card_points"] = True
        await self._new(interaction, preset, players, thread, options or None)

    def hand_extras(self, table: TableInfo, seat: int) -> list[discord.Embed]:
        """Beside the cards, for learners: what each game is worth, and the book's safe counts."""
        options = _skat_options(table)
        mine = table.state.view(seat) if table.state is not None else None
        text = advice_text(mine, options) if isinstance(mine, SkatView) and options else ""
        return [discord.Embed(title="For learners", description=text)] if text else []

    # -- the deal posts -------------------------------------------------------------------

    @property
    def _service(self) -> TableService:
        return self.ui.service

    def _stopping(self) -> bool:
        return self._closing or self._service.closing

    async def on_update(self, update: TableUpdate) -> None:
        """Record a table's start (nothing posted yet) and post each deal as it ends."""
        table = update.table
        if table.game_key != "skat" or self._closing:
            return
        if update.reason == "started":
            self._posted[table.id] = 0
            await self._record(table.id, 0)
            return
        result = getattr(table.state, "last", None)
        ended = isinstance(result, DealResult) and any(e.kind == "result" for e in update.events)
        if ended:
            assert isinstance(result, DealResult)
            self._results.setdefault(table.id, {})[result.number] = result
        if ended or (not table.is_open and (table.id in self._tables or table.id in self._posted)):
            self._tables[table.id] = table
            self._kick(table.id)

    async def _post_missing(self) -> None:
        """After a restart: post what each recorded table is missing."""
        try:
            records = await self._service.settings(POSTS_SCOPE, 0)
        except Exception:
            log.exception("could not read which Skat deals were posted")
            return
        now = datetime.now(UTC)
        for key in records:
            try:
                table_id = int(key)
                table = await self._service.get(table_id)
            except NoTable:
                await self._forget(table_id)
                continue
            except Exception:
                log.exception("could not load Skat table %s to post its deals", key)
                continue
            when = table.updated_at
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
            if not table.is_open and (now - when).total_seconds() > RECENT_S:
                await self._forget(table_id)  # too late to be news
                continue
            self._tables.setdefault(table_id, table)
            self._kick(table_id)

    def _kick(self, table_id: int) -> None:
        """Post the table's missing deals, one table's posts in order, never two at once."""
        if table_id in self._posters:
            self._again.add(table_id)
            return
        task = asyncio.create_task(self._poster(table_id), name=f"skat-posts-{table_id}")
        self._posters[table_id] = task
        task.add_done_callback(lambda _t: self._posters.pop(table_id, None))

    async def _poster(self, table_id: int) -> None:
        try:
            while True:
                self._again.discard(table_id)
                await self._post_pending(table_id)
                if table_id not in self._again or self._stopping():
                    return
        except Exception:
            log.exception("posting the deals of Skat table %s failed", table_id)

    async def _post_pending(self, table_id: int) -> None:
        if table_id not in self._tables:  # forgotten meanwhile: everything went out
            return
        posted = await self._load_posted(table_id)
        while not self._stopping():
            table = self._tables[table_id]
            if posted >= _finished(table):
                break
            number = posted + 1
            text = await self._compose(table, number)
            if text is None or self._stopping() or not await self._send(table, number, text):
                return
            posted = self._posted[table_id] = number
            self._results.get(table_id, {}).pop(number, None)
            await self._record(table_id, number)
        table = self._tables[table_id]
        if not table.is_open and posted >= _finished(table):
            await self._forget(table_id)

    async def _load_posted(self, table_id: int) -> int:
        if table_id in self._posted:
            return self._posted[table_id]
        stored = await self._service.get_setting(POSTS_SCOPE, 0, str(table_id))
        if stored is None:
            # A table started before posts were recorded: assume what came before went out.
            pending = self._results.get(table_id)
            stored = min(pending) - 1 if pending else _finished(self._tables[table_id])
        self._posted[table_id] = int(stored)
        return int(stored)

    async def _record(self, table_id: int, posted: int) -> None:
        try:
            await self._service.set_setting(POSTS_SCOPE, 0, str(table_id), posted)
        except Exception:
            log.exception("could not record the posts of Skat table %s", table_id)

    async def _forget(self, table_id: int) -> None:
        self._tables.pop(table_id, None)
        self._results.pop(table_id, None)
        self._posted.pop(table_id, None)
        with contextlib.suppress(Exception):
            await self._service.delete_setting(POSTS_SCOPE, 0, str(table_id))

    async def _compose(self, table: TableInfo, number: int) -> str | None:
        """The post of deal ``number``; None if the bot is stopping meanwhile."""
        state = table.state
        options = _skat_options(table)
        result = self._results.get(table.id, {}).get(number)
        last = getattr(state, "last", None)
        if result is None and isinstance(last, DealResult) and last.number == number:
            result = last
        if result is None or options is None:
            return sheet_text(table, number)
        review = await self._review(result, options)
        if review is None:
            return None
        return deal_text(result, options, seat_names(table), review)

    async def _review(self, result: DealResult, options: SkatOptions) -> DealReview | None:
        """The deal's review: at once when there is nothing to search; else one search at a
        time in a worker thread, skipped when too many wait. None if the bot is stopping."""
        if not needs_search(result):
            return review_deal(result, options)
        if self._waiting >= MAX_WAITING:
            return SKIPPED
        self._waiting += 1
        try:
            await self._searching.acquire()
        finally:
            self._waiting -= 1
        try:
            pool = self._review_pool()
            if pool is not None:
                try:
                    return await pool.call(review_deal, result, options, limit_s=REVIEW_LIMIT_S)
                except TimeoutError:
                    return TOO_LONG
                except BrokenProcessPool:
                    if self._stopping():
                        return None
                    log.warning("the review worker failed; reviewing in a thread instead")
            deadline = time.monotonic() + REVIEW_LIMIT_S

            def stop() -> bool:  # asked in the worker thread between searches
                return self._stopping() or time.monotonic() > deadline

            return await asyncio.to_thread(review_deal, result, options, stop=stop)
        except ReviewStopped:
            return None if self._stopping() else TOO_LONG
        finally:
            self._searching.release()

    def _review_pool(self) -> AIPool | None:
        """A worker process of the reviews' own (never the AI's: a review is seconds of
        search) when the service thinks in processes; else None, and reviews use a thread."""
        if self._pool is None and not self._closing and getattr(
                self._service, "ai_processes", 0) > 0:
            self._pool = AIPool(1)
        return self._pool

    async def _send(self, table: TableInfo, number: int, text: str) -> bool:
        """Post; True once it is out (or can never go out: no access, channel gone)."""
        channel = self.bot.get_partial_messageable(table.channel_id)
        for wait in (0.0, *RETRY_S):
            if wait:
                await asyncio.sleep(wait)
                if self._stopping():
                    return False
            try:
                await channel.send(_clip(text, CONTENT_MAX), nonce=deal_nonce(table, number),
                                   allowed_mentions=discord.AllowedMentions.none())
                return True
            except (discord.Forbidden, discord.NotFound) as exc:
                log.warning("cannot post deal %s of Skat table %s: %s", number, table.id, exc)
                return True
            except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as exc:
                log.warning("posting deal %s of Skat table %s failed: %s", number, table.id, exc)
        return False


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SkatCog(bot))
