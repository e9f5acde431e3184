"""Solo games on Discord: one message in the player's DM that carries the game and its moves.

A patience is played in a single message: its picture, the renderer's text, and below them the
two-step picker (a card, then where it goes) with buttons for the other moves, Undo among them.
Every click is answered by editing that same message; a pick edits only the components, so the
picture is uploaded once per move. Nothing is kept in memory that a restart could lose: the
half-chosen move is in the message's own components.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import render
from bot.discord.card_styles import CardStyles
from bot.discord.components import action_view
from bot.discord.editor import CoalescingEditor
from bot.discord.languages import languages_of
from bot.discord.layout import plan_picker
from bot.discord.replies import guard, refuse
from bot.discord.rest_budget import Need, RestBudget
from bot.discord.table_messages import STATUS_WORDS
from bot.games import registry
from bot.games.base import Action, Event, Game, Outcome
from bot.i18n import N_, _, using
from bot.i18n.sentences import again, again_sentences
from bot.service.errors import Restarting, StaleAction
from bot.service.models import SolutionStep, TableInfo, TableStatus, TableUpdate
from bot.service.solo import UNDO

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

PICTURE = "table.png"
RULES = "rules"
AUTO = "auto"
"""A kit button while the game has a safe move (`Game.auto_move`): all of them, at once."""
HINT = "hint"
"""A kit button for games that advise (`Game.advise`): a suggested move, privately."""
AGAIN = "again"
"""After the end: ``again`` deals the same game anew, ``again:<variant>`` a follow-up."""
SOLUTION = "solution"
"""After a lost game: ``solution:<step>`` shows the deal's winning line at that step."""
"""The kit's own button beside Undo: the variant's rules, privately."""
EARLIER = N_("That was from an earlier moment of the game; here it is as it stands now.")
EMBED_DESCRIPTION_MAX = 4096


def is_solo(game_key: str) -> bool:
    try:
        return registry.get(game_key).traits.mode == "solo"
    except Exception:
        return False


@dataclass(frozen=True)
class SoloMessage:
    """What one solo game's message shows (``png`` is None when the picture is unchanged or
    the game draws none)."""

    embed: discord.Embed
    view: discord.ui.View | None
    png: bytes | None
    note: str | None = None

    def file(self) -> discord.File | None:
        return None if self.png is None else discord.File(io.BytesIO(self.png), PICTURE)

    def send_kw(self) -> dict[str, Any]:
        kw: dict[str, Any] = {"embed": self.embed, "content": self.note}
        if (file := self.file()) is not None:
            kw["file"] = file
        if self.view is not None:
            kw["view"] = self.view
        return kw

    def edit_kw(self) -> dict[str, Any]:
        kw: dict[str, Any] = {"embed": self.embed, "view": self.view, "content": self.note}
        if (file := self.file()) is not None:
            kw["attachments"] = [file]
        return kw


def _title(table: TableInfo) -> str:
    game = registry.get(table.game_key)
    variant = next((v for v in game.variants() if v.id == table.preset), None)
    return again(variant.title) if variant is not None else _(game.title)


def solo_message(
    table: TableInfo,
    *,
    picked: str | None = None,
    events: list[Event] | tuple[Event, ...] = (),
    picture: bool = True,
    note: str | None = None,
    style: str = render.DEFAULT_STYLE,
) -> SoloMessage:
    """The message of a solo game: the player's view, news, and the moves as components."""
    play = table.play
    names = [s.name for s in table.seats] or [_("You")]
    embed = discord.Embed(title=_title(table), colour=discord.Colour.dark_green())
    if play is None:
        embed.description = _("This game has no deal.")
        return SoloMessage(embed, None, None, note)
    view = play.view(0)
    lines = [render.table_text(view, names)]
    news = [e.text for e in events if e.text and e.private_to in (None, 0)]
    if news:
        lines.append("\n".join(f"· {again_sentences(text, names)}" for text in news[-5:]))
    layout_view: discord.ui.View | None = None
    if table.status is TableStatus.PLAYING:
        game = registry.get(table.game_key)
        kit = [*([(UNDO, _("Undo"))] if table.version > 1 else []),
               *([(AUTO, _("Auto"))] if play.auto_move() is not None else []),
               *([(HINT, _("Hint"))] if type(game).advise is not Game.advise else []),
               (RULES, _("Rules"))]
        layout = plan_picker(view, play.legal(0), table.id, table.version, picked, kit)
        layout_view = action_view(layout)
    else:
        outcome = play.outcome()
        if outcome is not None:
            lines.extend(again_sentences(line, names) for line in outcome.lines)
        elif table.status is TableStatus.ABORTED:
            lines.append(_("This game was closed."))
        layout_view = action_view(plan_picker(
            view, [], table.id, table.version, None, _afterwards(table, outcome)))
    text = "\n\n".join(line for line in lines if line)
    if len(text) > EMBED_DESCRIPTION_MAX:
        text = text[: EMBED_DESCRIPTION_MAX - 1] + "…"
    embed.description = text
    png = render.table_picture(view, names, style).png if picture else None
    if render.draws_pictures(view.game):  # a pick keeps the picture already attached
        embed.set_image(url=f"attachment://{PICTURE}")
    embed.set_footer(text=_("Table {id} · {preset} · {status}", id=table.id,
                            preset=table.preset, status=_(STATUS_WORDS[table.status])))
    return SoloMessage(embed, layout_view, png, _(note) if note else note)


def solution_message(table: TableInfo, found: SolutionStep, *,
                     style: str = render.DEFAULT_STYLE) -> SoloMessage:
    """A finished game's message turned into a viewer of its deal's winning line: the position
    after ``found.step`` moves, the move that led there, and buttons to step through it."""
    names = [s.name for s in table.seats] or [_("You")]
    embed = discord.Embed(title=_("{game} · a solution", game=_title(table)),
                          colour=discord.Colour.gold())
    lines = [again_sentences(found.note, names)] if found.note else []
    if found.total:
        if found.move is not None and found.before is not None:
            action = Action.parse(found.move)
            label = render.action_label(found.before, action)
            if (halves := render.move_halves(found.before, action)) is not None:
                label = f"{render.source_label(found.before, halves[0])} {label}"
            lines.append(_("**Move {n} of {total}:** {move}", n=found.step, total=found.total,
                           move=label))
        else:
            lines.append(_("**The deal.** {total} moves win it: step through them below.",
                           total=found.total))
        lines.append(render.table_text(found.view, names))
    text = "\n\n".join(line for line in lines if line)
    embed.description = text if len(text) <= EMBED_DESCRIPTION_MAX else (
        text[: EMBED_DESCRIPTION_MAX - 1] + "…")
    png = None
    if found.total and render.draws_pictures(found.view.game):
        png = render.table_picture(found.view, names, style).png
        embed.set_image(url=f"attachment://{PICTURE}")
    embed.set_footer(text=_("Table {id} · {preset} · seed {seed}", id=table.id,
                            preset=table.preset, seed=table.seed))
    buttons: list[tuple[str, str]] = []
    seen: set[int] = {found.step}
    for target, label in ((0, _("⏮ Deal")), (found.step - 10, "◀◀ 10"),
                          (found.step - 1, _("◀ Back")), (found.step + 1, _("Next ▶")),
                          (found.step + 10, "10 ▶▶"), (found.total, _("End ⏭"))):
        if 0 <= target <= found.total and target not in seen:
            seen.add(target)
            buttons.append((f"{SOLUTION}:{target}", label))
    buttons.append((AGAIN, _("New deal")))
    layout = plan_picker(found.view, [], table.id, table.version, None, buttons)
    return SoloMessage(embed, action_view(layout), png)


def _afterwards(table: TableInfo, outcome: Outcome | None) -> list[tuple[str, str]]:
    """The buttons of a finished game: deal again, and what the game suggests next."""
    game = registry.get(table.game_key)
    buttons = [(AGAIN, _("New deal"))]
    if type(game).solution is not Game.solution and not (outcome and outcome.winners):
        buttons.append((f"{SOLUTION}:0", _("Show a solution")))
    if outcome is not None:
        titles = {v.id: again(v.title) for v in game.variants()}
        options = game.options(table.preset, **table.options)
        buttons += [(f"{AGAIN}:{vid}", titles.get(vid, vid))
                    for vid in game.follow_ups(options, outcome)]
    return buttons


class SoloUI:
    """Shows solo games and answers their clicks (the `TableUI` hands these over)."""

    def __init__(
        self, client: discord.Client, service: TableService, *, edit_interval_s: float,
        budget: RestBudget | None, styles: CardStyles | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.styles = styles or CardStyles(service)
        """The player's card style (`/cards`) draws their layout."""
        self.editor: CoalescingEditor[int, TableInfo] = CoalescingEditor(
            self._edit, edit_interval_s, order=lambda t: t.version, budget=budget
        )
        self._budget = budget
        self._answering: dict[int, int] = {}
        """table -> clicks being answered in place (their answer shows the newest state)."""

    async def _style(self, table: TableInfo) -> str:
        return await self.styles.of(table.host_id)

    async def on_update(self, update: TableUpdate) -> None:
        """A change nobody is answering in place (an idle expiry, a restart's catch-up, a new
        deal replacing this one) is shown by editing the game's message."""
        table = update.table
        if table.message_id is None or self._answering.get(table.id):
            return
        self.editor.submit(table.id, table)

    async def _edit(self, table_id: int, table: TableInfo) -> None:
        if table.message_id is None:
            return
        channel = self.client.get_partial_messageable(table.channel_id)
        languages = languages_of(self.client)
        language = (await languages.of_user(table.host_id, table.guild_id)
                    if languages is not None else None)
        try:
            with using(language):  # nobody's click: the player's own language
                message = solo_message(table, style=await self._style(table))
            await channel.get_partial_message(table.message_id).edit(**message.edit_kw())
        except discord.NotFound:
            pass  # the player deleted it; `/… show` posts the game again
        except discord.HTTPException:
            log.warning("could not update the message of solo table %s", table_id)

    async def show(self, interaction: discord.Interaction, table: TableInfo, *,
                   ephemeral: bool = False) -> None:
        """Post the game as the answer to ``interaction`` and make it the game's message."""
        message = solo_message(table, style=await self._style(table))
        if interaction.response.is_done():
            sent = await interaction.followup.send(
                wait=True, ephemeral=ephemeral, **message.send_kw()
            )
            message_id = sent.id
        else:
            callback = await interaction.response.send_message(
                ephemeral=ephemeral, **message.send_kw()
            )
            message_id = callback.message_id or (await interaction.original_response()).id
        if not ephemeral:
            await self.service.set_message(table.id, message_id)

    async def command_slot(self) -> None:
        """Wait for a command's own request (a DM channel, a post) in the budget, before the
        others; `Restarting` when the bot is shutting down."""
        if self._budget is not None and not await self._budget.slot(Need.COMMAND):
            raise Restarting

    async def post(self, channel: discord.abc.Messageable, table: TableInfo) -> discord.Message:
        """Post the game in ``channel`` (the player's DM) and make it the game's message (a
        command's request: before the others in the budget)."""
        await self.command_slot()
        sent = await channel.send(**solo_message(table, style=await self._style(table)).send_kw())
        await self.service.set_message(table.id, sent.id)
        return sent

    async def on_action(
        self, interaction: discord.Interaction, table_id: int, version: int, action: str
    ) -> None:
        """A move, Undo or Give up: applied, then shown in the clicked message itself."""
        if action == RULES:
            await self._rules(interaction, table_id)
            return
        if action == HINT:
            await self._hint(interaction, table_id)
            return
        if action.partition(":")[0] == SOLUTION:
            await self._solution(interaction, table_id, action.partition(":")[2])
            return
        if action.partition(":")[0] == AGAIN:
            await self._again(interaction, table_id, action.partition(":")[2] or None)
            return
        self._answering[table_id] = self._answering.get(table_id, 0) + 1
        try:
            async with guard(interaction):
                user_id = interaction.user.id
                try:
                    if action == UNDO:
                        result = await self.service.undo(table_id, user_id, version=version)
                    elif action == AUTO:
                        result = await self.service.auto(table_id, user_id, version=version)
                    else:
                        result = await self.service.act(
                            table_id, user_id, action, version=version
                        )
                except StaleAction:
                    await self._refresh(interaction, table_id)
                    return
                message = solo_message(result.table, events=result.events,
                                       style=await self._style(result.table))
                await interaction.response.edit_message(**message.edit_kw())
                await self._adopt(interaction, result.table)
        finally:
            self._answering[table_id] -= 1
            if not self._answering[table_id]:
                del self._answering[table_id]

    async def on_pick(
        self, interaction: discord.Interaction, table_id: int, version: int, source: str
    ) -> None:
        """The first half of a move: show where the picked card may go (no service change)."""
        async with guard(interaction):
            table = await self.service.get(table_id)
            if table.seat_of(interaction.user.id) is None:
                await refuse(interaction, _("This is someone else's game."))
                return
            if not table.is_open:
                await refuse(interaction, _("This game is over."))
                return
            if table.version != version:
                await self._refresh(interaction, table_id)
                return
            message = solo_message(table, picked=source, picture=False)
            await interaction.response.edit_message(
                content=None, embed=message.embed, view=message.view
            )

    async def _again(
        self, interaction: discord.Interaction, table_id: int, variant: str | None
    ) -> None:
        """A new deal (of the same game, or a follow-up) in the same DM, as a new message."""
        async with guard(interaction):
            old = await self.service.get(table_id)
            if old.seat_of(interaction.user.id) is None:
                await refuse(interaction, _("This is someone else's game."))
                return
            table = await self.service.open_solo(
                game_key=old.game_key, channel_id=old.channel_id, user_id=interaction.user.id,
                name=old.seats[0].name, preset=variant or old.preset,
                options=None if variant else old.options, guild_id=old.guild_id,
            )
            await self.show(interaction, table)

    async def _solution(self, interaction: discord.Interaction, table_id: int,
                        step: str) -> None:
        """The deal's winning line, one position at a time, in the game's own message (the
        first time the solver may think for seconds: acknowledged at once)."""
        async with guard(interaction):
            if not step.isdigit():
                await refuse(interaction, _("That button is not one of mine."))
                return
            if not interaction.response.is_done():
                await interaction.response.defer()
            found = await self.service.solution(table_id, interaction.user.id, int(step))
            table = await self.service.get(table_id)
            if found is None:
                await interaction.followup.send(_("This game shows no solutions."),
                                                ephemeral=True)
                return
            message = solution_message(table, found, style=await self._style(table))
            await interaction.edit_original_response(**message.edit_kw())

    async def _hint(self, interaction: discord.Interaction, table_id: int) -> None:
        """A suggested move, only to the player; thinking may take seconds (acknowledged at
        once, answered when ready). The game's message is not touched."""
        async with guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            advice = await self.service.advise(table_id, interaction.user.id)
            table = await self.service.get(table_id)
            if advice is None or advice.action is None or table.play is None:
                note = (again_sentences(advice.note) if advice is not None
                        else _("This game gives no hints."))
                await interaction.followup.send(note, ephemeral=True)
                return
            view = table.play.view(0)
            action = Action.parse(advice.action)
            label = render.action_label(view, action)
            if (halves := render.move_halves(view, action)) is not None:
                label = f"{render.source_label(view, halves[0])} {label}"
            await interaction.followup.send(
                _("**Hint:** {move}. {note}", move=label, note=again_sentences(advice.note)),
                ephemeral=True)

    async def _rules(self, interaction: discord.Interaction, table_id: int) -> None:
        """The rules of the game being played (its variant and options), only to the player."""
        async with guard(interaction):
            table = await self.service.get(table_id)
            game = registry.get(table.game_key)
            aliases = next((v.aliases for v in game.variants() if v.id == table.preset), ())
            text = again(game.rules_text(game.options(table.preset, **table.options)), aliases)
            if len(text) > EMBED_DESCRIPTION_MAX:
                text = text[: EMBED_DESCRIPTION_MAX - 1] + "…"
            embed = discord.Embed(title=_title(table), description=text)
            await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _refresh(self, interaction: discord.Interaction, table_id: int) -> None:
        """A click from an earlier moment (a message the bot could not update before a crash,
        or an old copy): refused, and the clicked message shows the game as it stands, so the
        player is never left without a message that works."""
        table = await self.service.get(table_id)
        if table.seat_of(interaction.user.id) is None:
            await refuse(interaction, _("This is someone else's game."))
            return
        message = solo_message(table, note=EARLIER, style=await self._style(table))
        await interaction.response.edit_message(**message.edit_kw())
        await self._adopt(interaction, table)

    async def _adopt(self, interaction: discord.Interaction, table: TableInfo) -> None:
        """The clicked message is the game's message from now on (edits of the game go there)."""
        message = interaction.message
        if message is not None and table.is_open and message.id != table.message_id:
            await self.service.set_message(table.id, message.id)

    async def settle(self) -> None:
        await self.editor.flush()

    async def close(self) -> None:
        await self.editor.flush()
