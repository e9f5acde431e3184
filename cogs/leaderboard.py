"""``/leaderboard``, ``/stats`` and the "Parlour stats" user menu: ratings and tallies the service
keeps, worded and paged by `bot.discord.ladders`; they work anywhere."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import ladders
from bot.discord.custom_ids import ladder_view
from bot.discord.ladders import counters, is_solo, title_of
from bot.discord.replies import guard, refuse, reply
from bot.games import registry
from bot.games.registry import keys as game_keys
from bot.i18n import _


async def _game_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Every game Parlour hosts, by key or title (no fixed list of 25 choices)."""
    q = current.strip().lower()
    keys = [k for k in game_keys() if q in k or q in title_of(k).lower()]
    return [app_commands.Choice(name=title_of(k), value=k) for k in keys[:25]]


async def _variant_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The variants of the game chosen in the same command (a patience's 64)."""
    key = getattr(interaction.namespace, "game", None)
    if key not in game_keys():
        return []
    return [app_commands.Choice(name=v.title[:100], value=v.id)
            for v in registry.get(key).find_variants(current, limit=25)]


class LeaderboardCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        # User-installable like /stats: it answers in DMs and servers without the bot too.
        self.stats_menu = app_commands.ContextMenu(
            name="Parlour stats", callback=self.member_stats,
            allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
            allowed_contexts=app_commands.AppCommandContext(
                guild=True, dm_channel=True, private_channel=True))

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.stats_menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.stats_menu.name, type=self.stats_menu.type)

    @property
    def service(self):  # type: ignore[no-untyped-def]
        return self.bot.table_ui.service  # type: ignore[attr-defined]

    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.command(
        name="leaderboard",
        description="The best players of a game, 10 a page; a season is a calendar quarter (UTC).")
    @app_commands.describe(game="Which game", scope="This server only, or everywhere",
                           variant="One variant of a game played alone (a patience)",
                           season="All time, or this season (a calendar quarter, UTC)",
                           order="Skat: by rating, or by Seeger-Fabian list points")
    @app_commands.autocomplete(game=_game_autocomplete, variant=_variant_autocomplete)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        scope: Literal["server", "global"] = "server",
        variant: str | None = None,
        season: Literal["all time", "this season"] = "all time",
        order: Literal["rating", "list points"] = "rating",
    ) -> None:
        async with guard(interaction):
            if game not in game_keys():
                await refuse(interaction, _("I don't know a game called `{game}`.", game=game))
                return
            if is_solo(game) and (season != "all time" or order != "rating"):
                await refuse(interaction, _("{game} keeps no seasons or list points: leave "
                                            "out season and order.", game=title_of(game)))
                return
            if order == "list points" and game not in ladders.SEASON_ORDER:
                await refuse(interaction, _("Only Skat keeps list points; {game} is ordered "
                                            "by rating.", game=title_of(game)))
                return
            if variant and is_solo(game):
                found = registry.get(game).find_variants(variant, limit=1)
                preset = registry.get(game).options(found[0].id if found else variant).preset
                view, scope_id = ladder_view(preset=preset), 0
            else:
                # In a DM "server" means nothing: show the global board (scope 0).
                scope_id = (interaction.guild_id or 0) if scope == "server" else 0
                chosen = self.service.season() if season == "this season" else None
                view = ladder_view(season=chosen,
                                   by=ladders.LIST_POINTS if order == "list points" else None)
            page = await ladders.page_of(self.service, game, scope_id, view, 1)
            if page.embed is None:
                await reply(interaction, page.text, ephemeral=False)
                return
            await reply(interaction, embed=page.embed, ephemeral=False,
                        **({"view": page.view} if page.view else {}))

    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.command(name="stats", description="Games, wins and ratings of a player.")
    @app_commands.describe(user="Whose statistics (you if left out)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        await self._stats(interaction, user or interaction.user)

    async def member_stats(
        self, interaction: discord.Interaction, user: discord.User | discord.Member
    ) -> None:
        """The "Parlour stats" user menu: the same answer as ``/stats user:``."""
        await self._stats(interaction, user)

    async def _stats(
        self, interaction: discord.Interaction, who: discord.User | discord.Member
    ) -> None:
        async with guard(interaction):
            stats = await self.service.stats(who.id, interaction.guild_id)
            name = discord.utils.escape_markdown(getattr(who, "display_name", who.name))
            if not stats.per_game:
                await reply(interaction, _("{name} has not finished a game yet.", name=name))
                return
            embed = discord.Embed(title=_("{name}'s games", name=name))
            for key, numbers in sorted(stats.per_game.items()):
                games = int(numbers.get("games", 0))
                wins = int(numbers.get("wins", 0))
                rating = numbers.get("rating")
                value = _("{wins} won of {games}", wins=wins, games=games)
                if rating is not None and not is_solo(key):
                    value += _(" · rating {n}", n=f"{rating:.0f}")
                value += counters(numbers).replace(";", " ·", 1)
                embed.add_field(name=title_of(key), value=value, inline=False)
            await reply(interaction, embed=embed)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LeaderboardCog(bot))
