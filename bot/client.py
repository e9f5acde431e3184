"""The Discord client: `ParlourBot`, `create_bot` (used by the e2e tests) and `run_bot`.

`setup_hook` opens the table service (unless one is injected), subscribes the `TableUI`,
registers the persistent components and loads the cogs, starts the service (its open tables
loaded, then frozen out of the collector's full passes: `bot.heap`), then syncs the slash
commands (to the dev guild when one is set: instant; else globally) when the command tree
changed since the last sync: Discord rate-limits syncs, and most starts change nothing.
`sync_commands` (``python -m bot sync``) forces one. `close` lets actions in flight finish and
pending edits go out before the connection closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.cooldown import Cooldown
from bot.discord.languages import hear
from bot.discord.painter import Painter
from bot.discord.replies import SOMETHING_WRONG, phrase, refuse
from bot.discord.round_posts import RoundPosts
from bot.discord.table_ui import TableUI
from bot.discord.translator import CatalogueTranslator
from bot.health import Heartbeat, health_path
from bot.heap import HeapKeeper, freeze_startup_heap
from bot.i18n import _
from bot.i18n.sentences import again
from bot.service.errors import Refusal
from bot.store import ShardSet, UnusableDatabase

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.euchre", "cogs.skat", "cogs.dice", "cogs.dominoes", "cogs.patience",
              "cogs.leaderboard", "cogs.cards", "cogs.parlour", "cogs.help")
CLOSE_TIMEOUT_S = 30.0
SERVICE_CLOSE_TIMEOUT_S = 8.0


class BadToken(Exception):
    """Discord refused the token (HTTP 401 at login). ``str()`` is one line for the operator."""


class ParlourTree(app_commands.CommandTree["ParlourBot"]):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Every command answers in its user's language (set here, for the whole handling)."""
        await hear(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Nothing a user does may go unanswered: checks get their reason, bugs an apology."""
        if isinstance(error, app_commands.NoPrivateMessage):
            await refuse(interaction, _("This command works in servers only, not in DMs."))
        elif isinstance(error, app_commands.CheckFailure):
            await refuse(interaction, again(str(error)) or _("You can't use this command here."))
        elif isinstance(error, app_commands.TransformerError):
            await refuse(interaction, _("I can't read `{value}` for that option.",
                                        value=error.value))
        elif isinstance(original := getattr(error, "original", error), Refusal):
            await refuse(interaction, phrase(original))  # e.g. the database cannot save now
        else:
            log.error(
                "command %s failed",
                getattr(interaction.command, "qualified_name", "?"),
                exc_info=(type(original), original, original.__traceback__),
            )
            await refuse(interaction, _(SOMETHING_WRONG))


class ParlourBot(commands.Bot):
    """The bot: slash commands only, default intents (no privileged ones)."""

    def __init__(
        self, settings: Settings, service: TableService | None = None, *, sync_only: bool = False,
        **client_options: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=ParlourTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
            # No message cache: every edit goes by message id, and nothing reads the cache, but
            # its 1,000 Messages (each with its components, embeds and users) were most of what
            # a busy bot's heap grew by, so each full collection walked them (issue 15).
            max_messages=None,
            **client_options,
        )
        self.settings = settings
        self.shards_run: ShardSet | None = settings.shards
        """The shards this process runs (None: not sharded, it runs everything)."""
        if self.shards_run is not None:
            self._gate_interactions(self.shards_run)
        self._owns_service = service is None
        self.service: TableService | None = service
        self.table_ui: TableUI | None = None
        self._reoffer: asyncio.Task[None] | None = None
        self._closing = False
        self._sync_only = sync_only
        """Log in, sync the commands, nothing else: no service, no gateway (`sync_commands`)."""
        self.synced: int | None = None
        """How many commands the last sync sent, or None when this start did not sync."""
        self.thread_cooldown = Cooldown(settings.thread_cooldown_s)
        """Shared by every game's ``new thread:true``: one new thread per user per interval."""
        self.heartbeat = Heartbeat(health_path(settings.database_path, settings.shards))
        """The gateway's state for `python -m bot health` (the Docker health check)."""
        self._beating: asyncio.Task[None] | None = None
        self.heap = HeapKeeper(settings.heap_refresh_s)
        """Freezes what a big full collection leaves, so the next walk only what is newer."""

    def _gate_interactions(self, shards: ShardSet) -> None:
        """Drop, unanswered, an interaction from a guild of a shard this process does not run:
        that shard's process answers it (Discord routes a guild's events to its shard, so this
        only catches processes whose SHARD_COUNT disagree). Before discord.py parses it, so
        neither a command nor a button callback, nor their acknowledgement, ever runs."""
        parsers = self._connection.parsers
        self._parse_interaction = parsers["INTERACTION_CREATE"]

        def gated(data: dict[str, Any]) -> None:
            guild = data.get("guild_id")
            if shards.owns(int(guild) if guild is not None else None):
                self._parse_interaction(data)
            else:
                log.warning("interaction %s is for guild %s of shard %d, not run here: left to "
                            "that shard's process", data.get("id"), guild,
                            shards.shard_of(int(guild) if guild is not None else None))

        parsers["INTERACTION_CREATE"] = gated

    async def open_service(self) -> None:
        """Open the bot's own table service (if it has none yet). `run_bot` calls it before
        connecting, so a database that cannot be used stops the bot before Discord sees it;
        raises `bot.store.UnusableDatabase` (one line for the operator)."""
        if self.service is not None:
            return
        from bot.service.tables import TableService

        settings = self.settings
        settings.database_path.parent.mkdir(parents=True, exist_ok=True)
        self.service = await TableService.open(
            settings.database,
            shards=settings.shards,
            turn_timeout_s=settings.turn_timeout_s,
            lobby_timeout_s=settings.lobby_timeout_s,
            timeouts_before_ai=settings.timeouts_before_ai,
            ai_budget_ms=settings.ai_budget_ms,
            ai_processes=settings.ai_processes,
            # One process works the daily deals out ahead: the one that runs shard 0.
            daily_ahead=settings.daily_ahead and (settings.shards is None
                                                  or 0 in settings.shards.ids),
        )
        self.service.solo_idle_s = settings.solo_idle_s

    async def setup_hook(self) -> None:
        settings = self.settings
        await self.tree.set_translator(CatalogueTranslator())
        if self._sync_only:
            for extension in EXTENSIONS:
                await self.load_extension(extension)
            await self._sync(force=True)
            return
        await self.open_service()
        assert self.service is not None
        painter = Painter(settings.picture_processes)
        painter.start()
        self.table_ui = TableUI(self, self.service, edit_interval_s=settings.table_edit_interval_s,
                                rest_per_s=settings.rest_requests_per_s, painter=painter)
        self.service.subscribe(self.table_ui.on_update)
        self.table_ui.reports = RoundPosts(self, self.service, budget=self.table_ui.budget)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.table_ui.reports.start()
        await self.service.start()
        # The open tables, the cogs and the modules now loaded live as long as the process:
        # out of the collector's full passes with them (bench.gc_tables has the figures).
        freeze_startup_heap()
        self.heap.start()
        self._reoffer = asyncio.create_task(self.table_ui.reoffer_turns(), name="parlour-reoffer")
        self.heartbeat.set("connecting")
        self._beating = asyncio.create_task(self.heartbeat.run(), name="parlour-heartbeat")
        if self.shards_run is None or 0 in self.shards_run.ids:  # one process syncs for all
            await self._sync_commands()

    async def _sync_commands(self) -> None:
        """Sync, but never die of it: a bot without fresh commands still serves old buttons."""
        try:
            await self._sync()
        except discord.HTTPException as exc:
            where = (
                f"guild {self.settings.dev_guild_id}" if self.settings.dev_guild_id else "global"
            )
            log.error(
                "could not sync slash commands (%s): %s %s; is the bot invited with the "
                "applications.commands scope, and is DEV_GUILD_ID a server it is in?",
                where,
                exc.status,
                exc.text,
            )

    async def _sync(self, *, force: bool = False) -> None:
        guild_id = self.settings.dev_guild_id
        guild = discord.Object(guild_id) if guild_id is not None else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        stamp = sync_stamp_path(self.settings)
        digest = await self.tree_digest(guild)
        if not force and _read_stamp(stamp) == digest:
            log.info("slash commands unchanged since the last sync; not syncing "
                     "(python -m bot sync forces it)")
            return
        synced = await self.tree.sync(guild=guild)
        self.synced = len(synced)
        if guild is not None:
            log.info("synced %d commands to guild %s", len(synced), guild_id)
        else:
            log.info("synced %d global commands (they may take a while to appear)", len(synced))
        _write_stamp(stamp, digest)

    async def tree_digest(self, guild: discord.abc.Snowflake | None) -> str:
        """A hash of what a sync would send, and where, translations included: same hash,
        nothing to sync; a new or changed translation syncs."""
        translator = self.tree.translator
        commands = [
            await c.get_translated_payload(self.tree, translator) if translator is not None
            else c.to_dict(self.tree)
            for c in self.tree.get_commands(guild=guild)]
        commands.sort(key=lambda c: (c.get("type", 1), c["name"]))
        where = {"application": self.application_id, "guild": guild.id if guild else None}
        text = json.dumps({**where, "commands": commands}, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # Parlour sends no modals, so any modal submit is unknown and gets the same answer.
        kinds = (discord.InteractionType.component, discord.InteractionType.modal_submit)
        if interaction.type in kinds and self.table_ui is not None:
            try:
                await self.table_ui.on_unknown_component(interaction)
            except Exception:
                log.exception("answering an unknown component failed")

    async def on_ready(self) -> None:
        self.heartbeat.set("connected")
        log.info("logged in as %s in %d guilds", self.user, len(self.guilds))

    async def on_resumed(self) -> None:
        self.heartbeat.set("connected")

    async def on_disconnect(self) -> None:
        if not self._closing:
            self.heartbeat.set("disconnected")

    async def close(self) -> None:
        """Finish actions in flight and the last edits, then disconnect."""
        if self._closing:
            return await super().close()
        self._closing = True
        if self._reoffer is not None and not self._reoffer.done():
            self._reoffer.cancel()
        self.heap.stop()
        if self._beating is not None:
            self._beating.cancel()
            self.heartbeat.set("closed")
        if self.service is not None and self._owns_service:
            # Bounded: `docker stop` kills after 10 s, and a hung close must not keep the
            # process alive (the database is WAL; an unfinished close loses nothing committed).
            try:
                await asyncio.wait_for(self.service.close(), SERVICE_CLOSE_TIMEOUT_S)
            except Exception:
                log.exception("closing the table service failed")
        if self.table_ui is not None:
            try:
                await asyncio.wait_for(self.table_ui.close(), SERVICE_CLOSE_TIMEOUT_S)
            except Exception:
                log.exception("sending the last table edits failed")
            if self.table_ui.reports is not None:
                await self.table_ui.reports.close()  # what is not out goes out after a restart
        await super().close()


def sync_stamp_path(settings: Settings) -> Path:
    """The file beside the database that holds the hash of the last synced command tree."""
    db = settings.database_path
    return db.with_name(db.name + ".commands-sha256")


def _read_stamp(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None


def _write_stamp(path: Path, digest: str) -> None:
    """Best effort: without the stamp the next start syncs once more, which is harmless."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".tmp")
        partial.write_text(digest + "\n", encoding="ascii")
        partial.replace(path)
    except OSError as exc:
        log.warning("could not record the command sync in %s: %s", path, exc)


class ShardedParlourBot(ParlourBot, commands.AutoShardedBot):
    """The bot as discord.py's sharded client: one gateway connection per shard it runs."""


def create_bot(settings: Settings, service: TableService | None = None) -> ParlourBot:
    """A configured bot, not yet connected: sharded when SHARD_COUNT is set. An injected
    ``service`` stays the caller's to close (the bot still calls its ``start()`` in
    ``setup_hook``); otherwise the bot opens and closes its own from ``settings.database``."""
    shards = settings.shards
    if shards is None:
        return ParlourBot(settings, service)
    return ShardedParlourBot(settings, service, shard_count=shards.count,
                             shard_ids=sorted(shards.ids))


async def run_bot(settings: Settings, *, service: TableService | None = None) -> None:
    """Run until SIGTERM/SIGINT (then close gracefully); raise `BadToken` on a 401 at login."""
    # A short GIL switch interval keeps the event loop answering while AI moves run elsewhere.
    sys.setswitchinterval(settings.gil_switch_interval_ms / 1000)
    bot = create_bot(settings, service)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    installed: list[int] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
            installed.append(sig)
    try:
        await bot.open_service()  # UnusableDatabase goes to the caller, before any connection
        async with bot:
            runner = asyncio.create_task(bot.start(settings.discord_token), name="parlour-bot")
            stopper = asyncio.create_task(stop.wait(), name="parlour-stop")
            done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if stopper in done:
                log.info("signal received: closing")
                await bot.close()
                _, late = await asyncio.wait({runner}, timeout=CLOSE_TIMEOUT_S)
                for task in late:
                    task.cancel()
            else:
                stopper.cancel()
                error = runner.exception()
                if error is not None and not isinstance(
                    error, (discord.LoginFailure, UnusableDatabase)
                ):
                    # e.g. a gateway payload discord.py cannot parse ends bot.start(): exit
                    # non-zero so the supervisor (Docker, systemd) starts a fresh process.
                    log.critical("the Discord client stopped: %r; exiting", error)
                runner.result()
    except discord.LoginFailure as exc:
        raise BadToken(
            "Discord refused DISCORD_TOKEN (401 Unauthorized): check or reset the bot token."
        ) from exc
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)
        if bot._owns_service and bot.service is not None:
            # Closed by bot.close() already, unless the client never got that far (safe twice).
            with contextlib.suppress(Exception):
                await asyncio.wait_for(bot.service.close(), SERVICE_CLOSE_TIMEOUT_S)


async def sync_commands(settings: Settings) -> int:
    """``python -m bot sync``: log in over HTTP (no gateway, no table service), sync the slash
    commands whatever the stamp says, and stop. Returns how many commands were sent."""
    bot = ParlourBot(settings, sync_only=True)
    try:
        async with bot:
            await bot.login(settings.discord_token)  # runs setup_hook, which syncs
    except discord.LoginFailure as exc:
        raise BadToken(
            "Discord refused DISCORD_TOKEN (401 Unauthorized): check or reset the bot token."
        ) from exc
    return bot.synced or 0


__all__ = [
    "EXTENSIONS", "BadToken", "ParlourBot", "ShardedParlourBot", "create_bot", "run_bot",
    "sync_commands", "sync_stamp_path",
]
