"""``/leaderboard`` and ``/stats``: ratings and tallies the service keeps; they work anywhere."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.replies import guard, refuse, reply
from bot.discord.solocog import ladder_text
from bot.games import registry
from bot.games.registry import keys as game_keys


def _title(key: str) -> str:
    try:
        return registry.get(key).title
    except Exception:
        return key.title()


def _solo(key: str) -> bool:
    try:
        return registry.get(key).traits.mode == "solo"
    except Exception:
        return False


def _line(key: str, rating: float, wins: int, games: int, tallies: dict[str, float]) -> str:
    """A player's standing: a solo game's ladder is wins (no opponents move a rating)."""
    if _solo(key):
        share = f" ({100 * wins / games:.0f}%)" if games else ""
        return f"{wins} won of {games}{share}"
    return f"{rating:.0f} ({wins} won of {games}{_list_points(tallies)})"


def _list_points(tallies: dict[str, float]) -> str:
    """Skat keeps a score sheet: its running list points show beside the rating."""
    points = tallies.get("list_points")
    return "" if points is None else f"; list points {points:+.0f}"


async def _game_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Every game Parlour hosts, by key or title (no fixed list of 25 choices)."""
    q = current.strip().lower()
    keys = [k for k in game_keys() if q in k or q in _title(k).lower()]
    return [app_commands.Choice(name=_title(k), value=k) for k in keys[:25]]


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

    @property
    def service(self):  # type: ignore[no-untyped-def]
        return self.bot.table_ui.service  # type: ignore[attr-defined]

    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.command(name="leaderboard", description="The best players of a game.")
    @app_commands.describe(game="Which game", scope="This server only, or everywhere",
                           variant="One variant of a game played alone (a patience)")
    @app_commands.autocomplete(game=_game_autocomplete, variant=_variant_autocomplete)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        scope: Literal["server", "global"] = "server",
        variant: str | None = None,
    ) -> None:
        async with guard(interaction):
            if game not in game_keys():
                await refuse(interaction, f"I don't know a game called `{game}`.")
                return
            if variant and _solo(game):
                found = registry.get(game).find_variants(variant, limit=1)
                preset = registry.get(game).options(found[0].id if found else variant).preset
                rows = await self.service.solo_leaderboard(game, preset)
                title = next(v.title for v in registry.get(game).variants() if v.id == preset)
                text = ladder_text(rows) or f"Nobody has finished {title} yet."
                embed = discord.Embed(title=f"{title} leaderboard", description=text)
                await reply(interaction, embed=embed, ephemeral=False)
                return
            guild_id = interaction.guild_id if scope == "server" else None
            if scope == "server" and guild_id is None:
                guild_id = None  # in a DM "server" means nothing: show the global board
                scope = "global"
            rows = await self.service.leaderboard(game, guild_id)
            where = "this server" if scope == "server" else "all servers"
            if not rows:
                text = f"No finished {_title(game)} games on {where} yet."
                await reply(interaction, text, ephemeral=False)
                return
            lines = [
                f"{i}. **{discord.utils.escape_markdown(r.name)}**: "
                f"{_line(game, r.rating, r.wins, r.games, r.tallies)}"
                for i, r in enumerate(rows, start=1)
            ]
            embed = discord.Embed(
                title=f"{_title(game)} leaderboard ({where})", description="\n".join(lines)
            )
            await reply(interaction, embed=embed, ephemeral=False)

    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.command(name="stats", description="Games, wins and ratings of a player.")
    @app_commands.describe(user="Whose statistics (you if left out)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        async with guard(interaction):
            who = user or interaction.user
            stats = await self.service.stats(who.id, interaction.guild_id)
            name = discord.utils.escape_markdown(getattr(who, "display_name", who.name))
            if not stats.per_game:
                await reply(interaction, f"{name} has not finished a game yet.")
                return
            embed = discord.Embed(title=f"{name}'s games")
            for key, numbers in sorted(stats.per_game.items()):
                games = int(numbers.get("games", 0))
                wins = int(numbers.get("wins", 0))
                rating = numbers.get("rating")
                value = f"{wins} won of {games}"
                if rating is not None and not _solo(key):
                    value += f" · rating {rating:.0f}"
                embed.add_field(name=_title(key), value=value, inline=False)
            await reply(interaction, embed=embed)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LeaderboardCog(bot))
