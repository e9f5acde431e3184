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

The cog decides no rule: legality comes from the state, values from `bot.games.skat.advice`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

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
from bot.games.skat.review import review_deal, review_lines
from bot.games.skat.rules import DealResult, SkatView, card_key
from bot.service.models import TableInfo, TableUpdate

log = logging.getLogger(__name__)

_QUIET = frozenset({"pass", "passt_nicht", "surrender", "concede"})
EMBED_MAX = 4096


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


def deal_text(result: DealResult, options: SkatOptions, names: list[str]) -> str:
    """The post after a deal: its score line, the skat, and the double-dummy review."""
    skat = " ".join(pretty(c) for c in result.skat) or "-"
    lines = [f"**Deal {result.number}**: {result.text}", f"The skat was {skat}."]
    review = review_deal(result, options)
    if review.available:
        lines.append("**Review** (all cards open, best play):")
        lines += [f"• {line}" for line in review_lines(review, result.roles, names)]
    elif result.declarer is not None:
        lines += review_lines(review, result.roles, names)
    return "\n".join(lines)


def _skat_options(table: TableInfo) -> SkatOptions | None:
    options = getattr(table.state, "options", None)
    return options if isinstance(options, SkatOptions) else None


class SkatCog(GameCog, game_key="skat"):
    """Skat: Reizen, Tourne and Solo, Grand and Nullo; the score proved at the end."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self._listening = False
        self._posts: set[asyncio.Task[None]] = set()
        self._searching = asyncio.Semaphore(1)
        """One review search at a time: each is seconds of CPU at worst (measured: 9 s for a
        hard deal, the event loop's extra latency meanwhile about 6 ms, at most 30 ms)."""

    async def cog_load(self) -> None:
        ui = getattr(self.bot, "table_ui", None)
        if ui is not None and not self._listening:
            ui.service.subscribe(self.on_update)
            self._listening = True

    async def cog_unload(self) -> None:
        await self.settle()

    async def settle(self) -> None:
        """Wait until the deal reviews started so far are posted (tests, shutdown)."""
        while self._posts:
            await asyncio.gather(*list(self._posts), return_exceptions=True)

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

    async def on_update(self, update: TableUpdate) -> None:
        """After each deal of a Skat table, post its score line and review in the channel.
        The review's search runs in a worker thread, off the service's listener queue."""
        table = update.table
        if table.game_key != "skat" or not any(e.kind == "result" for e in update.events):
            return
        result = getattr(table.state, "last", None)
        options = _skat_options(table)
        if not isinstance(result, DealResult) or options is None:
            return
        task = asyncio.create_task(self._post_deal(table, result, options))
        self._posts.add(task)
        task.add_done_callback(self._posts.discard)

    async def _post_deal(self, table: TableInfo, result: DealResult,
                         options: SkatOptions) -> None:
        try:
            async with self._searching:
                text = await asyncio.to_thread(deal_text, result, options, seat_names(table))
        except Exception:
            log.exception("reviewing deal %s of table %s failed", result.number, table.id)
            return
        channel = self.bot.get_partial_messageable(table.channel_id)
        try:
            await channel.send(_clip(text, 2000),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("could not post the deal review of table %s", table.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SkatCog(bot))
