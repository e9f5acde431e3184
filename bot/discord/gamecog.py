"""`GameCog`: the slash-command group every table game shares.

A game's cog is ``class EuchreCog(GameCog, game_key="euchre")``; it gets ``/euchre new, join,
leave, bot, start, hand, rules, score, abort, remove, resign, history`` and adds only what is
its own.
The preset and player-count choices of ``new`` come from the game's registry entry, so no cog
repeats them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from collections.abc import Callable
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import server_config
from bot.discord.cooldown import Cooldown, wait_words
from bot.discord.public_table import on_the_table
from bot.discord.replays import history_embed, show_replay
from bot.discord.replies import DM_ONLY, GUILD_ONLY, guard, refuse, reply
from bot.discord.table_messages import display_name, is_manager, table_embed, table_view
from bot.discord.table_ui import TableUI
from bot.games import house_rules as house
from bot.games import registry
from bot.games.base import Game
from bot.i18n import _, pgettext, using
from bot.i18n.sentences import again
from bot.service.errors import BadOptions
from bot.service.models import TableInfo
from bot.service.server_defaults import ServerDefaults

log = logging.getLogger(__name__)
RULES_MAX = 4096
HOUSE_RULES_HELP = "Rules that differ from the preset, comma-separated (/… rules lists them)"
HISTORY_ID_MAX = 2**53 - 1
"""Discord's largest integer option (table ids are far below it)."""
THREAD_COOLDOWN_S = 120.0
"""For a bot without its own cooldown (tests that build a bare ``commands.Bot``)."""


def given(**chosen: Any) -> dict[str, Any] | None:
    """The options a command's user set (those left out are None), or None for none."""
    return {k: v for k, v in chosen.items() if v is not None} or None


class GameCog(commands.GroupCog):
    """Base of the per-game command groups (guild only: a table lives in a channel)."""

    game_key: ClassVar[str] = ""
    in_dms: ClassVar[bool] = False
    takes_house_rules: ClassVar[bool] = True
    """``new`` takes a line of house rules; False where it offers every option by itself."""
    """True for a game played alone in the bot's DM (patience); else tables live in guilds."""

    def __init_subclass__(
        cls, *, game_key: str | None = None, in_dms: bool = False, **kwargs: Any
    ) -> None:
        super().__init_subclass__(**kwargs)
        if game_key:
            cls.game_key = game_key
            cls.in_dms = in_dms
            cls.__cog_group_name__ = game_key  # the group is /<game key>, not the class name
            (app_commands.dm_only() if in_dms else app_commands.guild_only())(cls)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.game: Game = registry.get(self.game_key)
        self.thread_cooldown: Cooldown = getattr(bot, "thread_cooldown", None) or Cooldown(
            THREAD_COOLDOWN_S
        )
        """One new thread per user per interval, shared by every game of the bot."""
        self._offer_choices()

    # -- wiring ---------------------------------------------------------------------------
    @property
    def ui(self) -> TableUI:
        return self.bot.table_ui  # type: ignore[attr-defined, no-any-return]

    def _offer_choices(self) -> None:
        """Give ``new`` the game's player counts as choices (presets come by autocomplete,
        from the game's catalogue, so no list is ever cut at Discord's 25 choices)."""
        counts = [app_commands.Choice(name=str(n), value=n) for n in self.game.players[:25]]
        for command in self.walk_app_commands():
            if not isinstance(command, app_commands.Command):
                continue
            params = command._params
            if "players" in params and counts:
                params["players"] = dataclasses.replace(params["players"], choices=counts)

    async def _wrong_place(self, interaction: discord.Interaction) -> bool:
        """Refuse politely (and say so) when the command came from the wrong kind of channel."""
        if interaction.channel_id is None:
            await refuse(interaction, _("I can't tell which channel this is; try again there."))
            return True
        if self.in_dms and interaction.guild_id is not None:
            await refuse(interaction, _(DM_ONLY, game=pgettext("command", self.game_key)))
            return True
        if not self.in_dms and interaction.guild_id is None:
            await refuse(interaction, _(GUILD_ONLY))
            return True
        return False

    async def _table_here(self, interaction: discord.Interaction) -> TableInfo | None:
        """The channel's open table of this game, or None after a polite refusal."""
        if await self._wrong_place(interaction):
            return None
        assert interaction.channel_id is not None
        table = await self.ui.service.table_in_channel(interaction.channel_id)
        if table is None:
            await refuse(
                interaction,
                _("There is no open {game} table in this channel; open one with "
                  "`/{key} new`.", game=_(self.game.title),
                  key=pgettext("command", self.game_key)),
            )
            return None
        if table.game_key != self.game_key:
            await refuse(
                interaction,
                _("This channel's table is {key}; use `/{key}` commands here.",
                  key=pgettext("command", table.game_key)),
            )
            return None
        return table

    async def preset_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The game's variants whose id, title (as the user reads it, or in English) or alias
        matches what was typed, titled in the user's language."""
        said = [v.model_copy(update={"title": again(v.title), "aliases": (*v.aliases, v.title)})
                for v in self.game.variants()]
        scored = [(v.score(current), i, v) for i, v in enumerate(said)]
        return [app_commands.Choice(name=v.title[:100], value=v.id)
                for s, _i, v in sorted(scored, key=lambda t: (-t[0], t[1])) if s][:25]

    async def house_rules_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Completes the last rule of a line of house rules: its name, then its values, against
        the preset chosen in the same command (``preset``, or a dice or dominoes ``game``)."""
        chosen = getattr(interaction.namespace, "preset", None) or getattr(
            interaction.namespace, "game", None)
        try:
            base = self.game.options(chosen)
        except Exception:
            base = self.game.options()
        return [app_commands.Choice(name=label, value=value)
                for label, value in house.complete(self.game.options_model, base, current)]

    # -- commands -------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a table in this channel (or a thread).")
    @app_commands.autocomplete(preset=preset_autocomplete, house_rules=house_rules_autocomplete)
    @app_commands.describe(
        preset="Which rules (the old book's, or modern)",
        players="How many seats",
        house_rules=HOUSE_RULES_HELP,
        thread="Open the table in a new thread",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        players: int | None = None,
        house_rules: str | None = None,
        thread: bool = False,
    ) -> None:
        await self._new(interaction, preset, players, thread, house_rules=house_rules)

    async def _new(
        self,
        interaction: discord.Interaction,
        preset: str | None,
        players: int | None,
        thread: bool,
        options: dict[str, Any] | None = None,
        *,
        house_rules: str | None = None,
    ) -> None:
        """`new` with option overrides: a game cog's own ``new`` adds its settings (Skat's
        ``deals``) and calls this. ``house_rules`` is the line a host wrote (see
        `bot.games.house_rules`); a setting of the cog's own command wins over it."""
        async with guard(interaction):
            if await self._wrong_place(interaction):
                return
            assert interaction.channel_id is not None
            if house_rules:
                options = {**house.parse(self.game.options_model, house_rules), **(options or {})}
            # Refused before any thread: the whole, with this server's defaults under it.
            _preset, _options, checked, _policy = await self.ui.service.table_options(
                interaction.guild_id, self.game_key, preset, options)
            self.game.check_players(players or self.game.default_players_for(checked), checked)
            target: discord.abc.Messageable | None = None
            channel_id = interaction.channel_id
            if thread and not self.in_dms:
                channel = interaction.channel
                if not isinstance(channel, discord.TextChannel):
                    await refuse(interaction, _("I can open a thread only from a text channel."))
                    return
                if (wait := self.thread_cooldown.take(interaction.user.id)) is not None:
                    await refuse(
                        interaction,
                        _("You opened a table thread a moment ago; you can open another in "
                          "{wait}, or open this table right here without a thread.",
                          wait=wait_words(wait)),
                    )
                    return
                await interaction.response.defer(thinking=True)  # three REST calls follow
                try:
                    await self.ui.command_slot()
                    target = await channel.create_thread(
                        name=_("{game} table", game=_(self.game.title)),
                        type=discord.ChannelType.public_thread,
                        auto_archive_duration=1440,
                    )
                except Exception:
                    self.thread_cooldown.give_back(interaction.user.id)
                    raise
                channel_id = target.id
            await self._open(interaction, channel_id, target, preset, players, options)

    async def _open(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        target: discord.abc.Messageable | None,
        preset: str | None,
        players: int | None,
        options: dict[str, Any] | None = None,
    ) -> None:
        service = self.ui.service
        self.ui.creating.add(channel_id)
        try:
            table = await service.create(
                game_key=self.game_key,
                channel_id=channel_id,
                guild_id=interaction.guild_id,
                host_id=interaction.user.id,
                host_name=display_name(interaction.user),
                preset=preset,
                options=options,
                players=players,
            )
            with using(await self.ui.languages.of_server(interaction.guild_id)):  # public
                kw: dict[str, Any] = {"embed": table_embed(table)}
                if (view := table_view(table)) is not None:
                    kw["view"] = view
            if target is not None:
                await self.ui.command_slot()
                message = await target.send(**kw)
                message_id: int | None = message.id
                await reply(interaction, _("Your table is open in <#{channel}>.",
                                           channel=channel_id), ephemeral=False)
            else:
                callback = await interaction.response.send_message(**kw)
                message_id = callback.message_id
                if message_id is None:
                    message_id = (await interaction.original_response()).id
            await service.set_message(table.id, message_id)
        finally:
            self.ui.creating.discard(channel_id)
        latest = await service.get(table.id)
        if latest.version != table.version:
            self.ui.editor.submit(latest.id, latest)  # changes made while the message was posted

    @app_commands.command(
        name="join", description="Take a free seat (or your seat back from the AI)."
    )
    async def join(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            if (table := await self._table_here(interaction)) is None:
                return
            user = interaction.user
            table = await self.ui.service.join(table.id, user.id, display_name(user))
            seat = table.seat_of(user.id)
            await reply(interaction, _("You are seated in seat {n}.", n=seat.index + 1)
                        if seat is not None else _("You are seated."))

    @app_commands.command(name="leave", description="Give up your seat in the lobby.")
    async def leave(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            if (table := await self._table_here(interaction)) is None:
                return
            await self.ui.service.leave(table.id, interaction.user.id)
            await reply(interaction, _("You left the table."))

    @app_commands.command(name="bot", description="Seat an AI player.")
    async def add_bot(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            if (table := await self._table_here(interaction)) is None:
                return
            await self.ui.service.add_ai(table.id, interaction.user.id)
            await reply(interaction, _("An AI player sits down."))

    @app_commands.command(name="start", description="Deal! (host or channel managers)")
    @app_commands.describe(fill="Fill the empty seats with AI players (default: yes)")
    async def start(self, interaction: discord.Interaction, fill: bool = True) -> None:
        async with guard(interaction):
            if (table := await self._table_here(interaction)) is None:
                return
            await self.ui.service.start_game(
                table.id,
                interaction.user.id,
                is_manager=is_manager(interaction),
                fill_with_ai=fill,
            )
            if on_the_table(self.game_key):
                await reply(interaction, _("The game begins: play on the table message."))
            else:
                await reply(interaction, _("The cards are dealt. Watch your DMs for your hand."))

    @app_commands.command(name="hand", description="Show your hand and your choices (only to you).")
    async def hand(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            if (table := await self._table_here(interaction)) is None:
                return
            await self.ui.send_hand(interaction, table, self.hand_extras)

    def hand_extras(self, table: TableInfo, seat: int) -> list[discord.Embed]:
        """Embeds a game adds beside a player's hand in `/… hand`; none by default."""
        return []

    @app_commands.command(name="rules", description="How this game is played.")
    @app_commands.describe(preset="Which rules (default: this channel's table, as it plays)")
    @app_commands.autocomplete(preset=preset_autocomplete)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        await self._show_rules(interaction, preset)

    async def _show_rules(self, interaction: discord.Interaction, preset: str | None,
                          after: Callable[[Any], str] | None = None) -> None:
        """The rules of ``preset`` (default: this channel's table, as it plays), titled by the
        catalogue; ``after(options)`` adds a game's own words (how its buttons play them)."""
        async with guard(interaction):
            defaults = (ServerDefaults() if interaction.guild_id is None
                        else await self.ui.service.server_defaults(interaction.guild_id))
            options = await self._table_options(interaction) if preset is None else None
            whose = None
            if options is None and preset is None and not defaults.game(self.game_key).empty:
                with contextlib.suppress(BadOptions):  # what a table opened here now plays
                    options = (await self.ui.service.table_options(
                        interaction.guild_id, self.game_key, None, None))[2]
                    whose = _("this server's")
            options = options or self.game.options(preset)
            aliases = next((v.aliases for v in self.game.variants() if v.id == options.preset),
                           ())  # names, kept as written
            text = (f"{again(self.game.rules_text(options), aliases)}\n\n"
                    f"{self._house_rules_text(options, whose)}")
            if (note := server_config.rules_note(defaults, self.game)) is not None:
                text = f"{note}\n\n{text}"
            if after is not None:
                text = f"{text}\n\n{after(options)}"
            if len(text) > RULES_MAX:  # an embed holds 4096 characters, a message only 2000
                text = text[: RULES_MAX - 1] + "…"
            title = next((again(v.title) for v in self.game.variants()
                          if v.id == options.preset), None) or (
                f"{_(self.game.title)} ({options.preset})")
            embed = discord.Embed(title=title, description=text)
            await reply(interaction, embed=embed, ephemeral=True)

    def _house_rules_text(self, options: Any, whose: str | None = None) -> str:
        """Every house rule and its value under these options, those a table (or ``whose``,
        e.g. this server's defaults) set marked."""
        base = self.game.options(options.preset)
        where = (whose or _("this table's")) if house.changed(options, base) else (
            _("`{preset}`'s", preset=options.preset))
        command = pgettext("command", self.game_key)
        how = _("the options of `/{game} new`", game=command)
        if self.takes_house_rules:
            how = _("`/{game} new house_rules: {example}`", game=command,
                    example=house.example(base))
        return (_("**House rules** ({where}; a host sets others when opening a table: {how}):",
                  where=where, how=how) + "\n" + again(house.listing(options, base)))

    async def _table_options(self, interaction: discord.Interaction) -> Any | None:
        """The options of this channel's open table of this game (house rules included)."""
        if interaction.channel_id is None or interaction.guild_id is None:
            return None
        table = await self.ui.service.table_in_channel(interaction.channel_id)
        if table is None or table.game_key != self.game_key:
            return None
        return self.game.options(table.preset, **table.options)

    @app_commands.command(name="score", description="The table as everyone sees it.")
    async def score(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            if (table := await self._table_here(interaction)) is None:
                return
            await reply(interaction, embed=table_embed(table), ephemeral=True)

    @app_commands.command(name="abort", description="Close this table (host or managers).")
    async def abort(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            if (table := await self._table_here(interaction)) is None:
                return
            await self.ui.service.abort(
                table.id, interaction.user.id, is_manager=is_manager(interaction)
            )
            await reply(interaction, _("You closed the table."))  # the channel gets the notice

    @app_commands.command(name="remove", description="Free a seat in the lobby (host or managers).")
    @app_commands.describe(seat="The seat number, as the table message shows it (1, 2, ...)")
    async def remove(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 25]
    ) -> None:
        async with guard(interaction):
            if (table := await self._table_here(interaction)) is None:
                return
            await self.ui.service.remove_seat(
                table.id, interaction.user.id, seat - 1, is_manager=is_manager(interaction)
            )
            await reply(interaction, _("Seat {n} is free again.", n=seat))

    @app_commands.command(name="resign", description="Give up: the AI plays your seat to the end.")
    async def resign(self, interaction: discord.Interaction) -> None:
        async with guard(interaction):
            if (table := await self._table_here(interaction)) is None:
                return
            await self.ui.service.resign(table.id, interaction.user.id)
            await reply(interaction, _("You resigned; the game counts as a loss for you."))

    @app_commands.command(
        name="history",
        description="Recent games, or replay one: you see the table as all saw it, and your hand.",
    )
    @app_commands.describe(
        game="A finished game's table id (from the list): replay it, deal by deal, trick by trick"
    )
    async def history(
        self, interaction: discord.Interaction,
        game: app_commands.Range[int, 0, HISTORY_ID_MAX] | None = None,
    ) -> None:
        """Without ``game``: the user's and this channel's recent games; with it, its replay
        viewer at the start of play (ephemeral; the public table plus the user's own hand)."""
        if game is not None:
            await show_replay(self.ui, interaction, game, 0, game_key=self.game_key, edit=False)
            return
        async with guard(interaction):
            if await self._wrong_place(interaction):
                return
            recent = await self.ui.service.recent_games(
                self.game_key, user_id=interaction.user.id, channel_id=interaction.channel_id)
            await reply(interaction, embed=history_embed(_(self.game.title), self.game_key, recent),
                        ephemeral=True)
