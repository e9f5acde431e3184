"""Skat valuation: pure functions from the result of a deal to the score-sheet entry.

`score_game` follows the pipeline of spec 1.12 for trump games (matadors + levels, bid check,
loss factor, Kontra) and the fixed values of the Null games; `score_ramsch` handles Ramsch.
Both return the named parts and a line such as ``with 2, game 3, schneider 4: 4 x 12 = 48``
so a player can check the arithmetic the way the book teaches it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from bot.games.base import trusted
from bot.games.cards import Card
from bot.games.skat.contracts import Contract, facts, matadors
from bot.games.skat.options import SkatOptions
from bot.games.words import N_


class SkatScore(BaseModel):
    """One deal's valuation for the Player (declarer)."""

    model_config = ConfigDict(frozen=True)

    contract: str
    label: str
    won: bool
    reason: str = ""
    """Why the game was lost ("" when won)."""
    with_matadors: bool | None = None
    matadors: int = 0
    levels: list[str] = []
    multiplier: int = 0
    unit: int = 0
    raw: int = 0
    bid: int = 0
    overbid: bool = False
    value: int = 0
    """The game value after the bid check (before loss factor and Kontra)."""
    loss_factor: int = 1
    kontra: int = 0
    """0 none, 1 Kontra (x2), 2 Re (x4)."""
    entry: int = 0
    """The score-sheet entry for the Player: +value when won, negative when lost."""
    text: str = ""


def _cover(unit: int, bid: int) -> int:
    return unit * -(-bid // unit) if unit else 0


def _loss_factor(contract: Contract, options: SkatOptions, *, overbid: bool,
                 surrendered: bool) -> tuple[int, str]:
    """``overbid``: the game was won on the cards and lost only for the bid; that is the case
    the book values without the passt-nicht doubling ([A-5]). A passt nicht lost on the cards
    loses double whatever the bid."""
    if options.loss_factor == "double":
        return 2, N_("lost games count double")
    if contract.is_tourne and contract.passt_nicht:
        if overbid and not options.passt_nicht_doubles_overbid:
            return 1, ""
        if surrendered and not options.surrender_keeps_doubling:
            return 1, ""
        return 2, N_("passt nicht loses double")
    if contract.kind in ("guck_grand", "guck_nullo"):
        return 2, N_("a Guckser loses double")
    return 1, ""


def score_game(
    contract: Contract,
    options: SkatOptions,
    *,
    cards12: Sequence[Card] = (),
    points: int = 0,
    tricks: int = 0,
    bid: int = 0,
    simple: bool = False,
    surrendered: bool = False,
    kontra: int = 0,
    won: bool | None = None,
) -> SkatScore:
    """Value a deal for the Player.

    ``cards12`` are his ten dealt cards plus the original skat (for matadors); ``points`` his
    card points with the skat; ``tricks`` the tricks he took (10 = all). ``simple`` values a
    concession or Tourne surrender at the simple level (no unannounced schneider/schwarz);
    ``won`` forces the result (claims decided by a penalty rule).
    """
    kfac = 2**kontra
    f = facts(contract)
    if f.is_null:
        value = f.null_value
        ok = (tricks == 0) if won is None else won
        factor, why = _loss_factor(contract, options, overbid=False, surrendered=False)
        entry = value * kfac if ok else -value * factor * kfac
        text = N_("{game}: {value}").format(game=f.label, value=value)
        reason = "" if ok else N_("the Player took a trick")
        return trusted(SkatScore, {
            "contract": f.code, "label": f.label, "won": ok, "reason": reason,
            "bid": bid, "value": value, "raw": value, "loss_factor": factor, "kontra": kontra,
            "entry": entry,
            "text": text + _result_text(ok, entry, factor if not ok else 1, why, kontra),
        })
    if not f.is_trump_game:
        raise ValueError("score_game values trump and Null games; use score_ramsch for Ramsch")

    with_, k = matadors(list(cards12), contract)
    threshold = options.schneider_threshold
    all_tricks = tricks == 10
    no_trick = tricks == 0
    made_schneider = points >= threshold
    is_schneider = points <= options.player_schneider_at
    sch_ann = f.schneider_announced
    schw_ann = f.schwarz_announced

    reason = ""
    if points < 61:
        reason = N_("the Player took fewer than 61 points")
    elif schw_ann and not all_tricks:
        reason = N_("the announced schwarz was not made")
    elif sch_ann and not made_schneider:
        reason = N_("the announced schneider was not made")
    if won is True:
        reason = ""  # conceded by the opponents: won at the levels reached or announced
    elif won is False and not reason:
        reason = N_("the game was given up or claimed wrongly")

    levels: list[str] = [N_("game")]
    if options.hand_level and contract.hand:
        levels.append(N_("hand"))
    if sch_ann or (not simple and (made_schneider or is_schneider)):
        levels.append(N_("schneider"))
    if sch_ann:
        levels.append(N_("schneider announced"))
    if schw_ann or (not simple and (all_tricks or no_trick)):
        levels.append(N_("schwarz"))
    if schw_ann:
        levels.append(N_("schwarz announced"))
    if options.ouvert_level and contract.ouvert:
        levels.append(N_("ouvert"))

    unit = f.unit
    multiplier = k + len(levels)
    raw = unit * multiplier
    ok = not reason
    overbid = raw < bid
    only_overbid = ok and overbid  # won on the cards, lost only for the bid
    if only_overbid:
        ok = False
        reason = N_("overbid: {raw} does not reach the bid of {bid}").format(raw=raw, bid=bid)
    value = raw if ok else max(raw, _cover(unit, bid))
    factor, why = _loss_factor(contract, options, overbid=only_overbid, surrendered=surrendered)
    entry = value * kfac if ok else -value * factor * kfac

    parts = [(N_("with {n}") if with_ else N_("without {n}")).format(n=k)]
    running = k
    for level in levels:
        running += 1
        parts.append(N_("{level} {n}").format(level=level, n=running))
    text = N_("{levels}: {multiplier} x {unit} = {value}").format(
        levels=", ".join(parts), multiplier=multiplier, unit=unit, value=raw)
    if overbid:
        n = value // unit
        text += "; " + N_("bid {bid} not reached, lowest covering value {n} x {unit} = "
                          "{value}").format(bid=bid, n=n, unit=unit, value=value)
    text += _result_text(ok, entry, factor if not ok else 1, why, kontra)
    return trusted(SkatScore, {
        "contract": f.code, "label": f.label, "won": ok, "reason": reason,
        "with_matadors": with_, "matadors": k, "levels": levels, "multiplier": multiplier,
        "unit": unit, "raw": raw, "bid": bid, "overbid": overbid, "value": value,
        "loss_factor": factor, "kontra": kontra, "entry": entry, "text": text,
    })


def _result_text(ok: bool, entry: int, factor: int, why: str, kontra: int) -> str:
    said = [N_("won") if ok else N_("lost")]
    if factor == 2:
        said.append(N_("x2 ({why})").format(why=why))
    if kontra:
        said.append(N_("x2 Kontra") if kontra == 1 else N_("x4 Re"))
    return "; " + N_("{result}: {entry}").format(result=", ".join(said), entry=f"{entry:+d}")


class RamschScore(BaseModel):
    """Ramsch: per-seat entries (only losers are charged; a Durchmarsch scores +120)."""

    model_config = ConfigDict(frozen=True)

    entries: dict[int, int]
    losers: list[int]
    points: dict[int, int]
    durchmarsch: int | None = None
    text: str = ""


def score_ramsch(
    trick_points: dict[int, int],
    tricks: dict[int, int],
    skat_points: int,
    last_trick: int,
    options: SkatOptions,
) -> RamschScore:
    """Value a Ramsch: the player with the most points loses (2.9.1, 3.12)."""
    seats = list(trick_points)
    pts = dict(trick_points)
    if options.ramsch_durchmarsch:
        for s in seats:
            if tricks[s] == 10:
                pts[s] += skat_points
                return RamschScore(entries={x: (120 if x == s else 0) for x in seats},
                                   losers=[], points=pts, durchmarsch=s,
                                   text=N_("Durchmarsch: all ten tricks, +120"))
    if options.ramsch_skat_to == "last_trick":
        pts[last_trick] += skat_points
    top = max(pts.values())
    losers = [s for s in seats if pts[s] == top]
    if options.ramsch_skat_to == "loser":
        for s in losers:
            pts[s] += skat_points
        top += skat_points
    if len(losers) > 1 and options.ramsch_tie == "last_trick_among_tied" and last_trick in losers:
        losers = [last_trick]
    trickless = sum(1 for s in seats if tricks[s] == 0)
    if options.ramsch_scoring == "fixed":
        value = {0: 20, 1: 30}.get(trickless, 50)
        text = N_("Ramsch: most points {top}, charged {value}").format(top=top, value=value)
        if trickless:
            text += " " + (N_("({n} player without a trick)") if trickless == 1 else
                           N_("({n} players without a trick)")).format(n=trickless)
    else:
        factor = 2**trickless if options.ramsch_jungfrau_doubles else 1
        value = top * factor
        text = N_("Ramsch: most points {top}").format(top=top)
        if factor > 1:
            text += ", " + N_("x{factor} Jungfrau").format(factor=factor)
    return RamschScore(entries={s: (-value if s in losers else 0) for s in seats},
                       losers=losers, points=pts,
                       text=N_("{ramsch}: {value}").format(ramsch=text, value=f"-{value}"))
