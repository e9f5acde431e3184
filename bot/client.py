"""The Discord client: `ParlourBot`, `create_bot` (used by the e2e tests) and `run_bot`.

`setup_hook` opens the table service (unless one is injected), subscribes the `TableUI`,
registers the persistent components and loads the cogs, then syncs the slash commands (to the
dev guild when one is set: instant; else globally). `close` lets actions in flight finish and
pending edits go out before the connection closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.replies import SOMETHING_WRONG, refuse
from bot.discord.tables import TableUI

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.euchre", "cogs.skat", "cogs.leaderboard", "cogs.help")
CLOSE_TIMEOUT_S = 30.0
SERVICE_CLOSE_TIMEOUT_S = 8.0


class BadToken(Exception):
    """Discord refused the token (HTTP 401 at login). ``str()`` is one line for the operator."""


class ParlourTree(app_commands.CommandTree["ParlourBot"]):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Nothing a user does may go unanswered: checks get their reason, bugs an apology."""
        if isinstance(error, app_commands.NoPrivateMessage):
            await refuse(interaction, "This command works in servers only, not in DMs.")
        elif isinstance(error, app_commands.CheckFailure):
            await refuse(interaction, str(error) or "You can't use this command here.")
        elif isinstance(error, app_commands.TransformerError):
            await refuse(interaction, f"I can't read `{error.value}` for that option.")
        else:
            original = getattr(error, "original", error)
            log.error(
                "command %s failed",
                getattr(interaction.command, "qualified_name", "?"),
                exc_info=(type(original), original, original.__traceback__),
            )
            await refuse(interaction, SOMETHING_WRONG)


class ParlourBot(commands.Bot):
    """The bot: slash commands only, default intents (no privileged ones)."""

    def __init__(self, settings: Settings, service: TableService | None = None) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=ParlourTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
        )
        self.settings = settings
        self._owns_service = service is None
        self.service: TableService | None = service
        self.table_ui: TableUI | None = None
        self._reoffer: asyncio.Task[None] | None = None
        self._closing = False

    async def setup_hook(self) -> None:
        settings = self.settings
        if self.service is None:
            from bot.service.tables import TableService

            settings.database_path.parent.mkdir(parents=True, exist_ok=True)
            self.service = await TableService.open(
                settings.database_path,
                turn_timeout_s=settings.turn_timeout_s,
                lobby_timeout_s=settings.lobby_timeout_s,
                timeouts_before_ai=settings.timeouts_before_ai,
                ai_budget_ms=settings.ai_budget_ms,
                ai_processes=settings.ai_processes,
            )
        self.table_ui = TableUI(self, self.service, edit_interval_s=settings.table_edit_interval_s)
        self.service.subscribe(self.table_ui.on_update)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.service.start()
        self._reoffer = asyncio.create_task(self.table_ui.reoffer_turns(), name="parlour-reoffer")
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

    async def _sync(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they may take a while to appear)", len(synced))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # Parlour sends no modals, so any modal submit is unknown and gets the same answer.
        kinds = (discord.InteractionType.component, discord.InteractionType.modal_submit)
        if interaction.type in kinds and self.table_ui is not None:
            try:
                await self.table_ui.on_unknown_component(interaction)
            except Exception:
                log.exception("answering an unknown component failed")

    async def on_ready(self) -> None:
        log.info("logged in as %s in %d guilds", self.user, len(self.guilds))

    async def close(self) -> None:
        """Finish actions in flight and the last edits, then disconnect."""
        if self._closing:
            return await super().close()
        self._closing = True
        if self._reoffer is not None and not self._reoffer.done():
            self._reoffer.cancel()
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
        await super().close()


def create_bot(settings: Settings, service: TableService | None = None) -> ParlourBot:
    """A configured bot, not yet connected. An injected ``service`` stays the caller's to close
    (the bot still calls its ``start()`` in ``setup_hook``); otherwise the bot opens and closes
    its own from ``settings.database_path``."""
    return ParlourBot(settings, service)


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
                if error is not None and not isinstance(error, discord.LoginFailure):
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


__all__ = ["EXTENSIONS", "BadToken", "ParlourBot", "create_bot", "run_bot"]
