"""``/skat``: Skat tables (the 1908 book's classic rules, or isko) and the learners' aids.

Everything common comes from `GameCog`; this cog adds what is Skat's own:

- ``/skat new [preset] [players] [deals] [points] [house_rules] [thread]``: a series of so
  many deals (default: one round, every person deals once); seats rotate through Vorhand,
  Mittelhand and Hinterhand. ``points`` shows the running card points on the table (off, as the
  book wants); ``house_rules`` sets any other option (`bot.games.house_rules`).
- How the choices look: `bot.discord.skat_planner` (imported here, so it is registered).
- ``/skat hand`` adds beside the cards what each game would be worth with them ("with 2,
  game 3: Club Solo 36") and, in the classic rules, the book's safe counts.
- After each deal a short review is posted: Skat's round report (`bot.render.skat_report`),
  made durable and searched off the loop by the round reports (`bot.service.reports`,
  posted by `bot.discord.round_posts`).

The cog decides no rule: legality comes from the state, values from `bot.games.skat.advice`.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.gamecog import GameCog, TableInfo
from bot.discord.skat_planner import cards_known  # importing it registers the planner
from bot.games.skat.advice import hand_values, safe_counts
from bot.games.skat.options import SkatOptions
from bot.games.skat.rules import SkatView
from bot.i18n import _
from bot.i18n.sentences import again

EMBED_MAX = 4096


def advice_text(view: SkatView, options: SkatOptions) -> str:
    """Beside the cards: every game's value with them, and (classic) the book's safe counts.
    Only before the play: once cards leave the hand its values no longer mean anything."""
    if not view.hand or view.phase in ("kontra", "play", "over"):
        return ""
    cards = cards_known(view)
    seen = (_("with the skat") if len(cards) > 10
            else _("the skat unseen: a Jack in it may change this"))
    lines = [_("**What each game would be worth with these cards** ({seen}):", seen=seen)]
    lines += [f"• {again(v.text)}" for v in hand_values(cards, options)]
    if options.rules == "classic" and len(view.hand) == 10:
        lines.append(_("**The book's safe counts** (Foster):"))
        for v in safe_counts(view.hand):
            said = (_("• {game}: **safe**, {detail}; the book asks {needed}.") if v.safe
                    else _("• {game}: **not safe**, {detail}; the book asks {needed}."))
            lines.append(said.format(game=again(v.game), detail=again(v.detail),
                                     needed=v.needed))
    text = "\n".join(lines)
    return text if len(text) <= EMBED_MAX else text[: EMBED_MAX - 1] + "…"


class SkatCog(GameCog, game_key="skat"):
    """Skat: Reizen, Tourne and Solo, Grand and Nullo; the score proved at the end."""

    @app_commands.command(name="new", description="Open a Skat table here (or in a thread).")
    @app_commands.autocomplete(preset=GameCog.preset_autocomplete,
                               house_rules=GameCog.house_rules_autocomplete)
    @app_commands.describe(
        preset="classic (the 1908 book) or isko (modern rules)",
        players="How many persons (3, or 4-5 with the dealer sitting out)",
        deals="How many deals (default: one round, every person deals once)",
        points="Show running card points on the table (the book lets nobody count tricks)",
        house_rules="Rules that differ from the preset, e.g. \"kontra re, no allow ramsch\"",
        thread="Open the table in a new thread",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        players: int | None = None,
        deals: app_commands.Range[int, 1, 200] | None = None,
        points: bool = False,
        house_rules: str | None = None,
        thread: bool = False,
    ) -> None:
        options: dict[str, object] = {}
        if deals:
            options["deals"] = deals
        if points:
            options["show_card_points"] = True
        await self._new(interaction, preset, players, thread, options or None,
                        house_rules=house_rules)

    def hand_extras(self, table: TableInfo, seat: int) -> list[discord.Embed]:
        """Beside the cards, for learners: what each game is worth, and the book's safe counts."""
        options = table.rules
        mine = table.play.view(seat) if table.play is not None else None
        text = (advice_text(mine, options)
                if isinstance(mine, SkatView) and isinstance(options, SkatOptions) else "")
        return [discord.Embed(title=_("For learners"), description=text)] if text else []

    async def settle(self) -> None:
        """Wait until the deals finished so far are posted (tests)."""
        reports = getattr(self.ui, "reports", None)
        if reports is not None:
            await reports.settle()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SkatCog(bot))
