"""Leaderboards that page: ten players a page with First/Previous/Next/Last buttons.

Everything a page needs is in its buttons' custom ids (``pb:``, see `custom_ids`): which game,
server (or everywhere), ordering or season or solo variant, and the page shown. A click works
out the page it asks for against the ladder as it is now, and edits that message to it, also
after a restart. The service reads the ladders (offset/limit and a count); this module words
them.

Orders: a table game's ladder is by rating; Skat's may instead be by the Seeger-Fabian list
points (``order: list points``), as Skat clubs rank. A season is a calendar quarter in UTC; a
season's ladder holds the games of that season only and is ordered by list points for Skat and
by wins otherwise (a rating has no seasons). A solo game's ladder is per variant (or one deal):
most wins, fewest moves, fastest.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord import custom_ids as ids
from bot.games import registry
from bot.games.registry import keys as game_keys
from bot.i18n import N_, _, ngettext

log = logging.getLogger(__name__)

PAGE_SIZE = 10
LIST_POINTS = "list_points"
SEASON_ORDER = {"skat": LIST_POINTS}
"""The tally a game's season ladder (and its ``order: list points`` ladder) is ordered by;
other games' seasons go by wins."""

_BUTTONS: tuple[tuple[ids.LadderGo, str], ...] = (
    ("f", N_("« First")), ("p", N_("‹ Previous")), ("n", N_("Next ›")), ("l", N_("Last »")))


def title_of(key: str) -> str:
    try:
        return _(registry.get(key).title)
    except Exception:
        return key.title()


def is_solo(key: str) -> bool:
    try:
        return registry.get(key).traits.mode == "solo"
    except Exception:
        return False


def season_title(season: str) -> str:
    """``2026Q4`` as people read it: ``2026 Q4 (Oct-Dec)``."""
    year, quarter = season.split("Q")
    months = (N_("Jan-Mar"), N_("Apr-Jun"), N_("Jul-Sep"), N_("Oct-Dec"))[int(quarter) - 1]
    return _("{year} Q{quarter} ({months})", year=year, quarter=quarter, months=_(months))


def standing(key: str, rating: float, wins: int, games: int, tallies: dict[str, float]) -> str:
    """A player's standing on a rating ladder (or in /stats): the rating, then the record and
    the game's own counters (Skat's list points, Euchre's hands won and euchres)."""
    if is_solo(key):
        share = f" ({100 * wins / games:.0f}%)" if games else ""
        return _("{wins} won of {games}", wins=wins, games=games) + share
    return f"{rating:.0f} (" + _("{wins} won of {games}", wins=wins, games=games) + \
        f"{counters(tallies)})"


def counters(tallies: dict[str, float]) -> str:
    """``; list points +120`` / ``; hands won 12, euchres 3``: what a game tallies of its own."""
    parts = []
    if (points := tallies.get(LIST_POINTS)) is not None:
        parts.append(_("list points {points}", points=f"{points:+.0f}"))
    if (hands := tallies.get("hands_won")) is not None:
        parts.append(_("hands won {n}", n=f"{hands:.0f}"))
    if (euchres := tallies.get("euchres")) is not None:
        parts.append(_("euchres {n}", n=f"{euchres:.0f}"))
    return "; " + ", ".join(parts) if parts else ""


def clock_text(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def ladder_text(rows: list[Any], start: int = 1) -> str:
    """A solo variant's ladder: wins, then the fewest moves and the best time of a win."""
    return "\n".join(
        f"{i}. **{discord.utils.escape_markdown(r.name)}**: "
        + _("{wins} won of {games}", wins=r.wins, games=r.games)
        + (_(" · fewest moves {n}", n=r.fewest_moves) if r.fewest_moves is not None else "")
        + (_(" · best {time}", time=clock_text(r.best_seconds))
           if r.best_seconds is not None else "")
        for i, r in enumerate(rows, start=start)
    )


@dataclass(frozen=True)
class Page:
    """One page of a ladder, ready to send or to edit into a message."""

    embed: discord.Embed | None
    text: str | None
    view: discord.ui.View | None
    page: int
    pages: int
    total: int


class BadLadder(ValueError):
    """A ladder id that names no ladder we keep (an unknown game, a view it has not)."""


def _check(game: str, view: str) -> None:
    if game not in game_keys():
        raise BadLadder(f"no game {game!r}")
    solo = is_solo(game)
    if view.startswith("v"):
        preset = view[1:].split(".")[0]
        if not solo or preset not in {v.id for v in registry.get(game).variants()}:
            raise BadLadder(f"{game} has no variant {preset!r}")
    elif solo and view != "r":  # a solo game's overall ladder is by wins, all time
        raise BadLadder(f"{game} has no {view!r} ladder")
    elif view == "l" and game not in SEASON_ORDER:
        raise BadLadder(f"{game} keeps no list points")


async def _size(service: Any, game: str, scope: int, view: str) -> int:
    if view.startswith("v"):
        preset, _dot, seed = view[1:].partition(".")
        return int(await service.solo_ladder_size(game, preset, seed=int(seed) if seed else None))
    return int(await service.ladder_size(game, scope or None, **_order(game, view)))


def _order(game: str, view: str) -> dict[str, Any]:
    if view.startswith("s"):
        return {"season": view[1:].upper(), "by": SEASON_ORDER.get(game)}
    return {"by": LIST_POINTS if view == "l" else None}


async def page_of(service: Any, game: str, scope: int, view: str, page: int) -> Page:
    """Page ``page`` (clamped to the ladder) of one ladder; raises `BadLadder` for a ladder we
    do not keep. ``scope`` is 0 for every server, else the guild id."""
    _check(game, view)
    total = await _size(service, game, scope, view)
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(1, page), pages)
    offset = (page - 1) * PAGE_SIZE
    if view.startswith("v"):
        embed, text = await _solo_page(service, game, view, offset, total)
    else:
        embed, text = await _table_page(service, game, scope, view, offset, total)
    if embed is not None:
        embed.set_footer(text=_("page {page} of {pages}", page=page, pages=pages) + " · "
                         + ngettext("{n} player", "{n} players", total))
    return Page(embed, text, buttons(game, scope, view, page, pages), page, pages, total)


async def _table_page(service: Any, game: str, scope: int, view: str, offset: int, total: int
                      ) -> tuple[discord.Embed | None, str | None]:
    where = _("this server") if scope else _("all servers")
    order = _order(game, view)
    season = order.get("season")
    heading = _("{game} leaderboard ({where})", game=title_of(game), where=where)
    if season is not None:
        heading = _("{game} · season {season} ({where})", game=title_of(game),
                    season=season_title(season), where=where)
    elif view == "l":
        heading = _("{game} list ({where})", game=title_of(game), where=where)
    if not total:
        if season:
            return None, _("No finished {game} games on {where} in season {season} yet.",
                           game=title_of(game), where=where, season=season_title(season))
        return None, _("No finished {game} games on {where} yet.", game=title_of(game),
                       where=where)
    rows = await service.leaderboard(game, scope or None, PAGE_SIZE, offset=offset, **order)
    lines = []
    for i, r in enumerate(rows, start=offset + 1):
        name = discord.utils.escape_markdown(r.name)
        if season is not None or view == "l":
            by = order.get("by")
            first = (_("**{points}** list points · ", points=f"{r.tallies.get(by, 0):+.0f}")
                     if by == LIST_POINTS else "")
            rest = counters({k: v for k, v in r.tallies.items() if k != by})
            lines.append(f"{i}. **{name}**: {first}"
                         + _("{wins} won of {games}", wins=r.wins, games=r.games) + rest
                         + (_(" · rating {n}", n=f"{r.rating:.0f}") if season is None else ""))
        else:
            line = standing(game, r.rating, r.wins, r.games, r.tallies)
            lines.append(f"{i}. **{name}**: {line}")
    return discord.Embed(title=heading, description="\n".join(lines)), None


async def _solo_page(service: Any, game: str, view: str, offset: int, total: int
                     ) -> tuple[discord.Embed | None, str | None]:
    preset, _dot, seed_text = view[1:].partition(".")
    seed = int(seed_text) if seed_text else None
    variant = next((v.title for v in registry.get(game).variants() if v.id == preset), preset)
    heading = _("{game} leaderboard", game=variant) + (
        _(" · deal #{seed}", seed=seed) if seed is not None else "")
    if not total:
        return None, _("Nobody has finished {game} yet.", game=variant)
    rows = await service.solo_leaderboard(game, preset, seed=seed, limit=PAGE_SIZE,
                                          offset=offset)
    return discord.Embed(title=heading, description=ladder_text(rows, offset + 1)), None


def buttons(game: str, scope: int, view: str, page: int, pages: int) -> discord.ui.View | None:
    """First/Previous/Next/Last for a ladder of several pages (None for a single page)."""
    if pages <= 1:
        return None
    from bot.discord.components import LadderButton  # components imports this module

    out = discord.ui.View(timeout=None)
    for go, label in _BUTTONS:
        back = go in ("f", "p")
        custom_id = ids.LadderId(game, scope, view, page, go).encode()
        out.add_item(LadderButton(discord.ui.Button(
            label=_(label), style=discord.ButtonStyle.secondary, custom_id=custom_id,
            disabled=page == 1 if back else page == pages)))
    return out


def target(ladder: ids.LadderId, pages: int) -> int:
    """The page a button asks for, against the ladder's ``pages`` now."""
    return {"f": 1, "p": ladder.page - 1, "n": ladder.page + 1, "l": pages}[ladder.go]


async def turn_page(interaction: discord.Interaction, service: Any, ladder: ids.LadderId) -> None:
    """A paging click: edit its message to the page asked for."""
    from bot.discord.replies import refuse

    try:
        _check(ladder.game, ladder.view)
    except BadLadder as exc:
        log.info("a ladder button for a ladder we do not keep: %s", exc)
        await refuse(interaction,
                     _("I don't recognise that button; it may be from an old list."))
        return
    pages = max(1, -(-await _size(service, ladder.game, ladder.scope, ladder.view) // PAGE_SIZE))
    shown = await page_of(service, ladder.game, ladder.scope, ladder.view,
                          target(ladder, pages))
    if shown.embed is None:
        await interaction.response.edit_message(content=shown.text, embed=None, view=None)
    else:
        await interaction.response.edit_message(content=None, embed=shown.embed,
                                                view=shown.view)
