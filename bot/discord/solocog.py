"""`SoloGameCog`: the slash-command group of a game played alone (patience).

A solo game's cog is ``class PatienceCog(SoloGameCog, game_key="patience")``. It gets ``play``
(a variant picked by autocomplete over the game's catalogue, names and aliases alike), ``show``
(post the open game again) and ``rules``; the moves, Undo and Give up are on the game's own
message. The commands work in a DM with the bot and, for a user who installed the app, from any
server: the game is then dealt into the player's DM, and where no DM can be sent the answer
says so.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import ladders
from bot.discord.custom_ids import ladder_view
from bot.discord.ladders import ladder_text
from bot.discord.replies import guard, refuse, reply
from bot.discord.solo_ui import SoloUI
from bot.discord.table_messages import display_name
from bot.discord.table_ui import TableUI
from bot.games import registry
from bot.games.base import Game, Variant
from bot.i18n import _, pgettext
from bot.i18n.sentences import again
from bot.service.models import VariantStats

log = logging.getLogger(__name__)
RULES_MAX = 4096
DM_CLOSED = 50007


def _choice(variant: Variant) -> app_commands.Choice[str]:
    also = f" ({', '.join(variant.aliases[:2])})" if variant.aliases else ""
    return app_commands.Choice(name=f"{again(variant.title)}{also}"[:100], value=variant.id)


@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class SoloGameCog(commands.GroupCog):
    """Base of the command groups of games played alone."""

    game_key: ClassVar[str] = ""

    def __init_subclass__(cls, *, game_key: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if game_key:
            cls.game_key = game_key
            cls.__cog_group_name__ = game_key

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.game: Game = registry.get(self.game_key)
        self.today: Callable[[], date] = lambda: datetime.now(UTC).date()
        """The day of the daily deal (UTC, the same for everyone); tests set it."""

    @property
    def ui(self) -> SoloUI:
        table_ui: TableUI = self.bot.table_ui  # type: ignore[attr-defined]
        return table_ui.solo

    async def variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [_choice(v) for v in self.game.find_variants(current, limit=25)]

    def _variant(self, text: str | None) -> str | None:
        """The variant id for what the player typed or picked (id, title or alias)."""
        if not text:
            return None
        found = self.game.find_variants(text, limit=1)
        return found[0].id if found else text  # an unknown name is refused with the list

    @app_commands.command(name="play", description="Deal a new game, alone, in your DM.")
    @app_commands.describe(game="Which game (type to search by name)", seed="A deal number")
    @app_commands.autocomplete(game=variant_autocomplete)
    async def play(
        self, interaction: discord.Interaction, game: str | None = None,
        seed: app_commands.Range[int, 0, 2**53] | None = None,
    ) -> None:
        async with guard(interaction):
            await self._deal(interaction, self._variant(game), seed)

    @app_commands.command(name="daily", description="Today's deal: the same cards for everyone.")
    @app_commands.describe(game="Which game (type to search by name)")
    @app_commands.autocomplete(game=variant_autocomplete)
    async def daily(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction):
            variant = self.game.options(self._variant(game)).preset
            # The first player of the day may wait while the deal is proved winnable.
            await interaction.response.defer(thinking=True,
                                              ephemeral=interaction.guild_id is not None)
            seed, proven = await self.ui.service.daily(self.game_key, variant, self.today())
            if await self._deal(interaction, variant, seed) and hasattr(self.game, "daily_deal"):
                # A game that proves its daily deal says whether it did, so no one plays on
                # believing a lost deal can come out.
                await reply(interaction, _(
                    "The solver won today's deal, so it can be won (it knew every card, "
                    "which you do not).") if proven else _(
                    "The solver could not win today's deal in time: it may not come out."),
                    ephemeral=interaction.guild_id is not None)

    async def _deal(
        self, interaction: discord.Interaction, preset: str | None, seed: int | None
    ) -> bool:
        """Deal ``preset`` (deal number ``seed``, or a random one) in the player's DM; whether
        it was dealt."""
        user = interaction.user
        channel: discord.abc.Messageable | None = None
        if interaction.guild_id is not None or interaction.channel_id is None:
            try:
                if user.dm_channel is None:  # opening it is a request of its own
                    await self.ui.command_slot()
                channel = await user.create_dm()
            except discord.HTTPException:
                await refuse(interaction, _("I can't open a DM with you; play in my DM."))
                return False
            channel_id = channel.id
        else:
            channel_id = interaction.channel_id
        table = await self.ui.service.open_solo(
            game_key=self.game_key, channel_id=channel_id, user_id=user.id,
            name=display_name(user), preset=preset, seed=seed,
        )
        if channel is None:
            await self.ui.show(interaction, table)
            return True
        try:
            sent = await self.ui.post(channel, table)
        except discord.Forbidden as exc:
            await self.ui.service.give_up(table.id, user.id, replaced=True)
            why = _("your DMs are closed") if exc.code == DM_CLOSED else _("Discord refused it")
            await refuse(interaction, _("I could not deal in your DM ({why}).", why=why))
            return False
        await reply(interaction, _("Dealt in our DM: {url}", url=sent.jump_url))
        return True

    @app_commands.command(name="show", description="Show your open game again.")
    async def show(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            channel_id = interaction.channel_id
            if interaction.guild_id is not None or channel_id is None:
                if interaction.user.dm_channel is None:
                    await self.ui.command_slot()
                dm = await interaction.user.create_dm()
                channel_id = dm.id
            table = await self.ui.service.table_in_channel(channel_id)
            if table is None or table.game_key != self.game_key:
                await refuse(interaction, _("You have no open game; `/{game} {play}`.",
                                            game=pgettext("command", self.game_key),
                                            play=pgettext("command", "play")))
                return
            await self.ui.show(interaction, table, ephemeral=interaction.guild_id is not None)

    @app_commands.command(name="rules", description="How a game is played.")
    @app_commands.describe(game="Which game (type to search by name)")
    @app_commands.autocomplete(game=variant_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction):
            options = self.game.options(self._variant(game))
            variant = next((v for v in self.game.variants() if v.id == options.preset), None)
            text = again(self.game.rules_text(options), variant.aliases if variant else ())
            if len(text) > RULES_MAX:
                text = text[: RULES_MAX - 1] + "…"
            title = again(variant.title) if variant is not None else _(self.game.title)
            await reply(interaction, embed=discord.Embed(title=title, description=text))

    @app_commands.command(name="stats", description="Played, won, streaks and bests per game.")
    @app_commands.describe(game="One game only (type to search)", user="Whose (you if left out)")
    @app_commands.autocomplete(game=variant_autocomplete)
    async def stats(
        self, interaction: discord.Interaction, game: str | None = None,
        user: discord.User | None = None,
    ) -> None:
        async with guard(interaction):
            who = user or interaction.user
            preset = self.game.options(self._variant(game)).preset if game else None
            rows = await self.ui.service.solo_stats(self.game_key, who.id, preset)
            name = discord.utils.escape_markdown(display_name(who))
            if not rows:
                await reply(interaction, _("{name} has not finished a game of that yet.",
                                           name=name))
                return
            embed = discord.Embed(title=_("{name}: {game}", name=name, game=_(self.game.title)))
            for row in rows[:25]:
                embed.add_field(name=self._title(row.preset), value=stats_line(row),
                                inline=False)
            await reply(interaction, embed=embed)

    @app_commands.command(name="leaderboard", description="The best at one game, or today's deal.")
    @app_commands.describe(game="Which game (type to search)", today="Today's deal only")
    @app_commands.autocomplete(game=variant_autocomplete)
    async def leaderboard(
        self, interaction: discord.Interaction, game: str | None = None, today: bool = False
    ) -> None:
        async with guard(interaction):
            preset = self.game.options(self._variant(game)).preset
            seed = (await self.ui.service.daily(self.game_key, preset, self.today()))[0] if (
                today) else None
            view = ladder_view(preset=preset, seed=seed)
            page = await ladders.page_of(self.ui.service, self.game_key, 0, view, 1)
            if page.embed is None:
                title = _("{game} · today's deal #{seed}", game=self._title(preset),
                          seed=seed) if today else self._title(preset)
                await reply(interaction, _("Nobody has finished {game} yet.", game=title),
                            ephemeral=False)
                return
            if today:
                page.embed.title = _("{game} · today's deal #{seed}", game=self._title(preset),
                                     seed=seed)
            await reply(interaction, embed=page.embed, ephemeral=False,
                        **({"view": page.view} if page.view else {}))

    def _title(self, preset: str) -> str:
        variant = next((v for v in self.game.variants() if v.id == preset), None)
        return again(variant.title) if variant is not None else preset


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def stats_line(row: VariantStats) -> str:
    """``12 played · 5 won (42%) · streak 2, best 3 · fewest moves 88 · best time 4:05``."""
    parts = [_("{n} played", n=row.played),
             _("{n} won ({rate}%)", n=row.won, rate=round(100 * row.win_rate)),
             _("streak {n}, best {best}", n=row.streak, best=row.best_streak)]
    if row.fewest_moves is not None:
        parts.append(_("fewest moves {n}", n=row.fewest_moves))
    if row.best_seconds is not None:
        parts.append(_("best time {clock}", clock=_clock(row.best_seconds)))
    return " · ".join(parts)


__all__ = ["SoloGameCog", "ladder_text", "stats_line"]
