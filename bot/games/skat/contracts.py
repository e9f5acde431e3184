"""Skat contracts: what was declared, its unit or fixed value, and the order of the cards.

A `Contract` names the game type in the words of its rule set (classic `tourne`, `solo`,
`guck_grand`...; isko `suit`, `grand`, `null`) plus the flags that change its value (Hand,
ouvert, announcements, passt nicht). Its `code` is the compact form used in `declare:` actions:
``solo-C-schneider``, ``tourne_grand``, ``grand-hand-schwarz``, ``null-ouvert-hand``.
"""

from __future__ import annotations

from functools import cache
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict

from bot.games.cards import SUITS, Card
from bot.games.words import N_

Kind = Literal[
    # classic (1908)
    "frage", "tourne", "solo", "tourne_grand", "guck_grand", "solo_grand", "open_grand",
    "nullo", "guck_nullo", "open_nullo", "revolution",
    # isko
    "suit", "grand", "null",
    # both
    "ramsch",
]
Announce = Literal["", "schneider", "schwarz"]

SUIT_KINDS = frozenset({"frage", "tourne", "solo", "suit"})
GRAND_KINDS = frozenset({"tourne_grand", "guck_grand", "solo_grand", "open_grand", "grand"})
NULL_KINDS = frozenset({"nullo", "guck_nullo", "open_nullo", "revolution", "null"})

CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SKAT_RANKS = "ATKQJ987"
JACKS = ["CJ", "SJ", "HJ", "DJ"]
PLAIN_ORDER = "ATKQ987"
NULL_ORDER = "AKQJT987"

CLASSIC_SUIT_UNITS = {
    "frage": {"D": 1, "H": 2, "S": 3, "C": 4},
    "tourne": {"D": 5, "H": 6, "S": 7, "C": 8},
    "solo": {"D": 9, "H": 10, "S": 11, "C": 12},
}
ISKO_SUIT_UNITS = {"D": 9, "H": 10, "S": 11, "C": 12}
GRAND_UNITS = {"tourne_grand": 12, "guck_grand": 12, "solo_grand": 16, "open_grand": 24,
               "grand": 24}
CLASSIC_NULL_VALUES = {"nullo": 20, "guck_nullo": 20, "open_nullo": 40, "revolution": 60}

SUIT_WORD = {"C": N_("Club"), "S": N_("Spade"), "H": N_("Heart"), "D": N_("Diamond")}
SUIT_PLURAL = {"C": N_("Clubs"), "S": N_("Spades"), "H": N_("Hearts"), "D": N_("Diamonds")}
KIND_NAME = {
    "frage": N_("Frage"), "tourne": N_("Tourne"), "solo": N_("Solo"),
    "tourne_grand": N_("Tourne Grand"), "guck_grand": N_("Guckser Grand"),
    "solo_grand": N_("Solo Grand"), "open_grand": N_("Open Grand"), "nullo": N_("Nullo"),
    "guck_nullo": N_("Guckser Nullo"), "open_nullo": N_("Open Nullo"),
    "revolution": N_("Revolution"), "grand": N_("Grand"), "null": N_("Null"),
    "ramsch": N_("Ramsch"),
}
ANNOUNCED = (N_("schneider"), N_("schwarz"))


def card_points(card: Card) -> int:
    return CARD_POINTS[card[1]]


def points_of(cards: list[Card]) -> int:
    try:
        return sum(map(_POINTS.__getitem__, cards))
    except KeyError:  # a card outside the Skat deck: by its rank alone, as ever
        return sum(CARD_POINTS[c[1]] for c in cards)


_POINTS = {s + r: v for s in SUITS for r, v in CARD_POINTS.items()}


class Contract(BaseModel):
    """A declared game. Immutable; `code` round-trips through `Contract.parse`."""

    model_config = ConfigDict(frozen=True)

    kind: Kind
    suit: str | None = None
    hand: bool = False
    """isko: the skat was not picked up (classic Solo games are 'hand' by their kind)."""
    ouvert: bool = False
    announced: Announce = ""
    passt_nicht: bool = False

    # -- families -------------------------------------------------------------------------
    @property
    def is_suit(self) -> bool:
        return self.kind in SUIT_KINDS

    @property
    def is_grand(self) -> bool:
        return self.kind in GRAND_KINDS

    @property
    def is_null(self) -> bool:
        return self.kind in NULL_KINDS

    @property
    def is_ramsch(self) -> bool:
        return self.kind == "ramsch"

    @property
    def is_trump_game(self) -> bool:
        return self.is_suit or self.is_grand

    @property
    def is_open(self) -> bool:
        """The Player's cards lie open on the table (1.10)."""
        return self.ouvert or self.kind in ("open_grand", "open_nullo", "revolution")

    @property
    def schwarz_announced(self) -> bool:
        """Announced, or implied by an open trump game (classic Open Grand, isko ouvert)."""
        return self.announced == "schwarz" or (self.is_trump_game and self.is_open)

    @property
    def schneider_announced(self) -> bool:
        return self.announced == "schneider" or self.schwarz_announced

    @property
    def is_tourne(self) -> bool:
        return self.kind in ("tourne", "tourne_grand")

    # -- values ---------------------------------------------------------------------------
    @property
    def unit(self) -> int:
        """Unit (classic) / base value (isko) of a trump game; 0 for Null and Ramsch."""
        if self.kind in CLASSIC_SUIT_UNITS:
            return CLASSIC_SUIT_UNITS[self.kind][self.suit or "D"]
        if self.kind == "suit":
            return ISKO_SUIT_UNITS[self.suit or "D"]
        return GRAND_UNITS.get(self.kind, 0)

    @property
    def null_value(self) -> int:
        if self.kind in CLASSIC_NULL_VALUES:
            return CLASSIC_NULL_VALUES[self.kind]
        if self.kind == "null":
            return {(False, False): 23, (True, False): 35, (False, True): 46,
                    (True, True): 59}[(self.hand, self.ouvert)]
        return 0

    # -- cards ----------------------------------------------------------------------------
    def trumps(self) -> list[Card]:
        """The trumps high to low: 11 in a suit game, the 4 Jacks in Grand and Ramsch."""
        if self.is_null:
            return []
        if self.is_suit and self.suit:
            return JACKS + [self.suit + r for r in PLAIN_ORDER]
        return list(JACKS)

    def is_trump(self, card: Card) -> bool:
        if self.is_null:
            return False
        return card[1] == "J" or (self.is_suit and card[0] == self.suit)

    def follow_suit(self, card: Card) -> str:
        """The effective suit: ``T`` for a trump, else the printed suit."""
        eff = card_order(self.kind, self.suit).eff.get(card)
        return eff if eff is not None else ("T" if self.is_trump(card) else card[0])

    def power(self, card: Card) -> int:
        """Rank inside its effective suit; higher wins."""
        p = card_order(self.kind, self.suit).power.get(card)
        return p if p is not None else self._power(card)

    def _power(self, card: Card) -> int:
        if self.is_null:
            return 8 - NULL_ORDER.index(card[1])
        if self.is_trump(card):
            trumps = self.trumps()
            return 100 - trumps.index(card)
        return 8 - PLAIN_ORDER.index(card[1])

    def trick_winner(self, plays: list[tuple[int, Card]]) -> int:
        """The seat that wins a complete trick (1.4)."""
        order = card_order(self.kind, self.suit)
        eff, power = order.eff, order.power
        if not all(c in eff for _, c in plays):
            return self._trick_winner(plays)
        best_seat, best_card = plays[0]
        best_eff = eff[best_card]
        for seat, card in plays[1:]:
            e = eff[card]
            beats = e == best_eff and power[card] > power[best_card]
            if beats or (e == "T" and best_eff != "T"):
                best_seat, best_card, best_eff = seat, card, e
        return best_seat

    def _trick_winner(self, plays: list[tuple[int, Card]]) -> int:
        best_seat, best_card = plays[0]
        for seat, card in plays[1:]:
            eff = self.follow_suit(card)
            best_eff = self.follow_suit(best_card)
            beats = eff == best_eff and self.power(card) > self.power(best_card)
            if beats or (eff == "T" and best_eff != "T"):
                best_seat, best_card = seat, card
        return best_seat

    def legal_cards(self, hand: list[Card], trick: list[Card]) -> list[Card]:
        if not trick:
            return list(hand)
        follow = self.follow_suit
        led = follow(trick[0])
        same = [c for c in hand if follow(c) == led]
        return same or list(hand)

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Display order: trumps first, then suits C S H D, each high to low."""
        key = card_order(self.kind, self.suit).sort.get(card)
        if key is not None:
            return key
        eff = self.follow_suit(card)
        group = 0 if eff == "T" else 1 + SUITS.index(eff)
        return (group, -self.power(card))

    # -- names ----------------------------------------------------------------------------
    @property
    def code(self) -> str:
        parts: list[str] = [self.kind]
        if self.suit and self.is_suit:
            parts.append(self.suit)
        if self.kind in ("suit", "grand", "null"):
            if self.ouvert:
                parts.append("ouvert")
            if self.hand:
                parts.append("hand")
        if self.announced:
            parts.append(self.announced)
        return "-".join(parts)

    @classmethod
    def parse(cls, code: str) -> Contract:
        """Inverse of `code`; raises ValueError on anything else. Contracts are immutable:
        each code is parsed once and its contract shared."""
        made = _PARSED.get(code) if cls is Contract else None
        if made is not None:
            return made
        made = cls._parse(code)
        if cls is Contract and len(_PARSED) < 4096:
            _PARSED[code] = made
        return made

    @classmethod
    def _parse(cls, code: str) -> Contract:
        parts = code.split("-")
        kind = parts[0]
        if kind not in KIND_NAME and kind not in ("frage", "tourne", "solo", "suit"):
            raise ValueError(f"unknown contract {code!r}")
        rest = parts[1:]
        suit = None
        if kind in SUIT_KINDS:
            if not rest or rest[0] not in SUITS or len(rest[0]) != 1:
                raise ValueError(f"{code!r} needs a trump suit")
            suit, rest = rest[0], rest[1:]
        flags = {"ouvert": False, "hand": False}
        announced = ""
        for part in rest:
            if part in flags and kind in ("suit", "grand", "null") and not flags[part]:
                flags[part] = True
            elif part in ("schneider", "schwarz") and not announced:
                announced = part
            else:
                raise ValueError(f"bad part {part!r} in {code!r}")
        made = cls(kind=kind, suit=suit, hand=flags["hand"], ouvert=flags["ouvert"],  # type: ignore[arg-type]
                   announced=announced)  # type: ignore[arg-type]
        if made.code != code:
            raise ValueError(f"{code!r} is not in canonical form ({made.code!r})")
        return made

    @property
    def label(self) -> str:
        """How players say it: ``Club Solo, schneider announced``, ``Grand Hand ouvert``."""
        if self.kind in CLASSIC_SUIT_UNITS and self.suit:
            name = N_("{suit} {kind}").format(suit=SUIT_WORD[self.suit],
                                              kind=KIND_NAME[self.kind])
        elif self.kind == "suit" and self.suit:
            name = SUIT_PLURAL[self.suit]
        else:
            name = KIND_NAME[self.kind]
        if self.kind in ("suit", "grand", "null"):
            if self.ouvert:
                name = N_("{game} ouvert").format(game=name)
            if self.hand:
                name = N_("{game} Hand").format(game=name)
        if self.passt_nicht:
            name = N_("{game} (passt nicht)").format(game=name)
        if self.announced:
            name = N_("{game}, {level} announced").format(game=name, level=self.announced)
        return name


_PARSED: dict[str, Contract] = {}


class Facts(NamedTuple):
    """A contract's derived values, worked out once per contract object (`facts`): the
    valuation and the end of a deal ask them of one contract many times."""

    code: str
    label: str
    is_null: bool
    is_ramsch: bool
    is_trump_game: bool
    is_open: bool
    schwarz_announced: bool
    schneider_announced: bool
    is_tourne: bool
    unit: int
    null_value: int
    trumps: tuple[Card, ...]


_FACTS: dict[int, tuple[Contract, Facts]] = {}


def facts(contract: Contract) -> Facts:
    """`Facts` of ``contract`` (contracts are immutable, so they cannot go stale; kept by the
    object's id with the object itself, so an id is never reused while kept)."""
    got = _FACTS.get(id(contract))
    if got is not None and got[0] is contract:
        return got[1]
    c = contract
    made = Facts(c.code, c.label, c.is_null, c.is_ramsch, c.is_trump_game, c.is_open,
                 c.schwarz_announced, c.schneider_announced, c.is_tourne, c.unit, c.null_value,
                 tuple(c.trumps()))
    if len(_FACTS) >= 512:  # contracts made afresh (a Tourne, a Guckser) come and go
        _FACTS.clear()
    _FACTS[id(contract)] = (contract, made)
    return made


class _CardOrder(NamedTuple):
    """Per card of the Skat deck: its effective suit, its power and its display key, and its
    place in the display order (``rank``: sorting by it sorts as by ``sort``, faster)."""

    eff: dict[Card, str]
    power: dict[Card, int]
    sort: dict[Card, tuple[int, int]]
    rank: dict[Card, int]


@cache
def card_order(kind: str, suit: str | None) -> _CardOrder:
    """The tables behind `Contract.follow_suit`, `power` and `sort_key`, computed once from
    the slow definitions (which still answer for any card outside the deck), so a move in a
    search or a play-out looks cards up instead of recomputing their order."""
    probe = Contract(kind=kind, suit=suit)  # type: ignore[arg-type]
    cards = [s + r for s in SUITS for r in SKAT_RANKS]
    eff = {c: "T" if probe.is_trump(c) else c[0] for c in cards}
    power = {c: probe._power(c) for c in cards}
    sort = {c: (0 if eff[c] == "T" else 1 + SUITS.index(eff[c]), -power[c]) for c in cards}
    keys = sorted(set(sort.values()))
    rank = {c: keys.index(sort[c]) for c in cards}  # equal keys (none) would share a rank
    return _CardOrder(eff, power, sort, rank)


def matadors(cards12: list[Card], contract: Contract) -> tuple[bool, int]:
    """("with", k) or ("without", k) counted on the Player's 12 cards (1.8)."""
    trumps = facts(contract).trumps
    held = set(cards12)
    if trumps[0] in held:
        k = 0
        while k < len(trumps) and trumps[k] in held:
            k += 1
        return True, k
    k = 0
    while k < len(trumps) and trumps[k] not in held:
        k += 1
    return False, k
