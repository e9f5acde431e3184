"""Learners' aids for a Skat hand: what each game would be worth, and the book's safe counts.

Pure functions of the cards a seat holds (and the table's options). The book teaches a beginner
to "compute the value of your game before the bidding is begun, so you may bid briskly", and
gives Mr. Foster's **safe counts** for deciding which game a hand can risk. These functions say
both in the book's words so `/skat hand` can show them beside the cards; nothing here is used
to decide a rule.

Values are counted on the cards given: ten cards before the skat is seen (a Jack in the skat
may still change the matadors, as the book warns), twelve once the Player took it up.

The safe counts (classic book, chapters II and III, "Foster Rule"), as this module reads them:

- **Tourne**: four cards among the Jacks and Aces, with three suits guarded. A suit is
  *guarded* when it holds its Ace, or its Ten with one more card, or its King with two more;
  the book lists each Jack under its own suit in its examples, and counting it there is the
  only reading under which all three of the book's examples have three suits guarded.
- **Solo**: count eight among your trumps and the winning Aces and Tens in plain suits (a Ten
  wins when its Ace is in the same hand).
- **Guckser or Tourne Grand**: count five between your Jacks and Aces, and hold at least one
  suit nearly established (Ace with Ten or King: "established" is the book's "headed by A, 10").
- **Solo Grand**: winning Jacks (unbroken from the Club Jack) and sure tricks in plain suits
  (unbroken from the Ace) count seven; no points among four or more losing cards, at most ten
  points among fewer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import SUITS, Card, pretty_all
from bot.games.skat.contracts import CARD_POINTS, JACKS, KIND_NAME, SUIT_WORD, Contract
from bot.games.skat.options import SkatOptions
from bot.games.skat.scoring import score_game
from bot.games.words import N_

PLAIN_RANKS = "ATKQ987"
"""A plain suit high to low in trump games (the Jack belongs to the trumps)."""

TOURNE_COUNT = 4
SOLO_COUNT = 8
GUCK_COUNT = 5
GRAND_COUNT = 7


@dataclass(frozen=True)
class GameValue:
    """What one game would be worth with these cards, if won at the levels it promises."""

    contract: Contract
    with_matadors: bool | None
    matadors: int
    multiplier: int
    unit: int
    value: int
    text: str
    """``with 2, game 3: Club Solo 36`` (the book's way of saying it)."""


NONE = N_("none")
"""Said where a count has no cards."""


def contract_value(contract: Contract, cards: Sequence[Card], options: SkatOptions) -> GameValue:
    """The value of ``contract`` counted on ``cards``, won at game plus its announced levels."""
    if contract.is_null:
        value = contract.null_value
        return GameValue(contract, None, 0, 0, 0, value,
                         N_("{game} {value}").format(game=contract.label, value=value))
    # A won game at the plain level: 61 points, some but not all tricks.
    score = score_game(contract, options, cards12=list(cards), points=61, tricks=5, won=True)
    parts = [(N_("with {n}") if score.with_matadors else N_("without {n}")).format(
        n=score.matadors)]
    running = score.matadors
    for level in score.levels:
        running += 1
        parts.append(N_("{level} {n}").format(level=level, n=running))
    text = N_("{levels}: {game} {value}").format(levels=", ".join(parts), game=contract.label,
                                                  value=score.raw)
    return GameValue(contract, score.with_matadors, score.matadors, score.multiplier,
                     score.unit, score.raw, text)


def catalogue(options: SkatOptions) -> list[Contract]:
    """The games a learner compares: each family once, without announcements."""
    if options.rules == "classic":
        out = [Contract(kind="tourne", suit=s) for s in SUITS]
        out += [Contract(kind="solo", suit=s) for s in SUITS]
        out += [Contract(kind=k) for k in ("tourne_grand", "guck_grand", "solo_grand",
                                            "open_grand", "nullo", "open_nullo")]
        if options.allow_revolution:
            out.append(Contract(kind="revolution"))
        return out
    out = [Contract(kind="suit", suit=s) for s in SUITS] + [Contract(kind="grand")]
    out += [Contract(kind="suit", suit=s, hand=True) for s in SUITS]
    out.append(Contract(kind="grand", hand=True))
    out += [Contract(kind="null", hand=h, ouvert=o) for o in (False, True) for h in (False, True)]
    return out


def hand_values(cards: Sequence[Card], options: SkatOptions) -> list[GameValue]:
    """Every game of the catalogue valued on these cards, in the catalogue's order."""
    return [contract_value(c, cards, options) for c in catalogue(options)]


# ---- safe counts (classic) ----------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """One safe-count verdict: the game, what the hand counts, what the book asks, and why."""

    game: str
    count: int
    needed: int
    safe: bool
    detail: str


def _suit_cards(cards: Sequence[Card], suit: str, *, with_jack: bool) -> list[Card]:
    return [c for c in cards if c[0] == suit and (with_jack or c[1] != "J")]


def is_guarded(cards: Sequence[Card], suit: str) -> bool:
    """The Ace; the Ten with one more card; the King with two more (the suit's Jack counts)."""
    held = _suit_cards(cards, suit, with_jack=True)
    ranks = {c[1] for c in held}
    return "A" in ranks or ("T" in ranks and len(held) >= 2) or ("K" in ranks and len(held) >= 3)


def _top_run(cards: Sequence[Card], order: Sequence[Card]) -> list[Card]:
    """The cards held in unbroken order from the top of ``order``."""
    run: list[Card] = []
    for c in order:
        if c not in cards:
            break
        run.append(c)
    return run


def winning_aces_tens(cards: Sequence[Card], trump: str | None) -> list[Card]:
    """Plain-suit Aces, and Tens whose Ace is held too (the Solo count's side winners)."""
    out: list[Card] = []
    for s in SUITS:
        if s == trump:
            continue
        if s + "A" in cards:
            out.append(s + "A")
            if s + "T" in cards:
                out.append(s + "T")
    return out


def sure_tricks(cards: Sequence[Card]) -> list[Card]:
    """Plain-suit cards in unbroken order from the Ace (Grand: the Jacks are the trumps)."""
    out: list[Card] = []
    for s in SUITS:
        out += _top_run(cards, [s + r for r in PLAIN_RANKS])
    return out


def tourne_verdict(cards: Sequence[Card]) -> Verdict:
    counted = [c for c in cards if c[1] in "JA"]
    guarded = [s for s in SUITS if is_guarded(cards, s)]
    n = len(counted)
    safe = n >= TOURNE_COUNT and len(guarded) >= 3
    said = (N_("Jacks and Aces {n} ({cards}), {guarded} suit guarded") if len(guarded) == 1
            else N_("Jacks and Aces {n} ({cards}), {guarded} suits guarded"))
    detail = said.format(n=n, cards=pretty_all(counted) or NONE, guarded=len(guarded))
    return Verdict(KIND_NAME["tourne"], n, TOURNE_COUNT, safe, detail)


def solo_count(cards: Sequence[Card], suit: str) -> tuple[int, list[Card]]:
    trumps = [c for c in cards if c[1] == "J" or c[0] == suit]
    counted = trumps + winning_aces_tens(cards, suit)
    return len(counted), counted


def solo_verdict(cards: Sequence[Card]) -> Verdict:
    """The best suit's Solo count (ties go to the higher suit, the more valuable game)."""
    best = max(SUITS, key=lambda s: (solo_count(cards, s)[0], -SUITS.index(s)))
    n, counted = solo_count(cards, best)
    detail = N_("trumps and winning Aces and Tens {n} ({cards})").format(
        n=n, cards=pretty_all(counted))
    game = N_("{suit} {kind}").format(suit=SUIT_WORD[best], kind=KIND_NAME["solo"])
    return Verdict(game, n, SOLO_COUNT, n >= SOLO_COUNT, detail)


def nearly_established(cards: Sequence[Card]) -> list[str]:
    return [s for s in SUITS if s + "A" in cards and (s + "T" in cards or s + "K" in cards)]


def guck_verdict(cards: Sequence[Card]) -> Verdict:
    counted = [c for c in cards if c[1] in "JA"]
    suits = nearly_established(cards)
    n = len(counted)
    safe = n >= GUCK_COUNT and bool(suits)
    est = ", ".join(SUIT_WORD[s] for s in suits) or N_("no suit")
    detail = N_("Jacks and Aces {n} ({cards}); nearly established: {suits}").format(
        n=n, cards=pretty_all(counted) or NONE, suits=est)
    return Verdict(N_("Guckser or Tourne Grand"), n, GUCK_COUNT, safe, detail)


def grand_verdict(cards: Sequence[Card]) -> Verdict:
    jacks = _top_run(cards, JACKS)
    tricks = sure_tricks(cards)
    winners = jacks + tricks
    losing = [c for c in cards if c not in winners]
    lost_points = sum(CARD_POINTS[c[1]] for c in losing)
    n = len(winners)
    allowed = 0 if len(losing) >= 4 else 10
    safe = n >= GRAND_COUNT and lost_points <= allowed
    said = (N_("winning Jacks and sure tricks {n} ({cards}); {losing} losing card with "
               "{points} points (at most {allowed})") if len(losing) == 1 else
            N_("winning Jacks and sure tricks {n} ({cards}); {losing} losing cards with "
               "{points} points (at most {allowed})"))
    detail = said.format(n=n, cards=pretty_all(winners) or NONE, losing=len(losing),
                         points=lost_points, allowed=allowed)
    return Verdict(KIND_NAME["solo_grand"], n, GRAND_COUNT, safe, detail)


def safe_counts(cards: Sequence[Card]) -> list[Verdict]:
    """The book's four verdicts for a ten-card hand: Tourne, Solo, Guckser/Tourne Grand,
    Solo Grand."""
    return [tourne_verdict(cards), solo_verdict(cards), guck_verdict(cards),
            grand_verdict(cards)]


def verdict_line(v: Verdict) -> str:
    word = "safe" if v.safe else "not safe"
    return f"{v.game}: {word} — {v.detail}; the book asks {v.needed}."
