"""The Euchre state machine: a whole game of deals, bidding, play and scoring to the target.

Actions (``kind:arg``; every arg uses only ``[A-Za-z0-9-]``):

- round 1 (``bid1``), on the turned-up suit, the word depends on the seat:
  ``order`` / ``order:alone`` (an opponent of the dealer orders the dealer up),
  ``assist`` / ``assist:alone`` (the dealer's partner, four-handed), ``take`` / ``take:alone``
  (the dealer takes it up), ``pass`` (for the dealer: turns it down).
- ``discard:C7``: the dealer, having taken the turn-up (6 cards), lays one away face down.
- round 2 (``bid2``): ``name:H`` / ``name:H-alone`` names a suit other than the turned-down
  one; ``pass``; the dealer's pass is ``bunch`` (throws the hand in; absent with stick-the-dealer).
- ``defend`` / ``pass`` (``defend`` phase, only with ``allow_defend_alone`` against a lone maker).
- ``play:HJ``: play a card; follow the led suit if able (the left bower is a trump).

Readings of the book (Hoyle 1871, L1576-L1604) that the code plays:

- Only the maker (who ordered up, assisted, took up or named trump) may go alone, and only
  four-handed; a dealer ordered up by an opponent or assisted by his partner is not the maker,
  so he cannot (L1602). The decision is declared with the bid.
- When the dealer's partner assists alone, the dealer sits out and does not take the turn-up: it is
  set aside (``turn_up_state == "set_aside"``).
- All pass twice (or once without a second round): the hand is thrown in, the deal passes left.
- The first active seat left of the dealer leads (two-handed: the non-dealer).
- Three-handed the maker plays against both others; a euchre gives each defender the euchre
  value; if both reach the target on it, the first of them to have taken two tricks wins (L1592).
- Deal ``k`` (counting thrown-in deals, from 0) shuffles with ``rng_for(seed, "deal", k)``: 2-3 or
  3-2 packets clockwise from the dealer's left, then the next card is turned up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from bot.games.base import (
    Action,
    Event,
    IllegalAction,
    Outcome,
    Seat,
    State,
    View,
    _copyc,
    evolve,
    follow,
    follow_py,
    plain_attributes,
    play_listed,
    played,
    recipe,
    rng_for,
    took,
    trusted,
)
from bot.games.cards import SUIT_SYMBOL, Card, deck, pretty, shuffled, suit
from bot.games.euchre.options import EuchreOptions
from bot.games.euchre.ranking import (
    _POWER_TABLES,
    _SUIT_TABLES,
    _power_table,
    _suit_table,
    legal_plays,
    trick_winner,
)
from bot.games.words import N_

Phase = Literal["bid1", "discard", "bid2", "defend", "play", "over"]
TurnUpState = Literal["table", "taken", "turned_down", "set_aside"]

SUITS_ORDER = "SHDC"
HAND_SIZE = 5
TRICKS = 5


_SEAT_NAMES = {2: (N_("North"), N_("South")), 3: (N_("North"), N_("East"), N_("West"))}
_FOUR_NAMES = (N_("North"), N_("East"), N_("South"), N_("West"))


def seat_names(players: int) -> list[str]:
    """North/East/South/West clockwise; partners (four-handed) sit opposite."""
    return list(_SEAT_NAMES.get(players, _FOUR_NAMES))




_evolve = evolve


_HANDLERS = {"bid1": "_bid1", "discard": "_discard", "bid2": "_bid2", "defend": "_defend",
             "play": "_play"}
"""The method that applies a move in each phase."""

_LAST_LEGAL: list[tuple[object, int, tuple[tuple[str, str], ...]] | None] = [None]
_LAST_PLAY: list[tuple[object, int, Sequence[Card] | None, Seat | None,
                      dict[Card, Event] | None] | None] = [None]
"""The last state asked for its legal moves, the seat and the answer: `apply` asks again for
the state a caller just listed (states are immutable, so the answer cannot go stale)."""


_ACTIONS: dict[tuple[str, str], Action] = {}


def _action(kind: str, arg: str) -> Action:
    """One shared `Action` per move (actions are immutable; the engine's moves are a small
    finite set: cards, calls, suits)."""
    made = _ACTIONS.get((kind, arg))
    if made is None:
        made = _ACTIONS[kind, arg] = Action(kind=kind, arg=arg)
    return made


def _event(**values: Any) -> Event:
    """``Event(**values)`` for the engine's own events, whose values are already what
    validation would make of them (`base.trusted`)."""
    return trusted(Event, values)


_SAID: dict[tuple[str, int, Seat, object], Event] = {}
_PLAY_EVENTS: dict[tuple[int, Seat], dict[Card, Event]] = {}
_euchre_plays = None if _copyc is None else _copyc.euchre_plays


def _plays_py(state: EuchreState, seat: Seat, cell: list[Any], tables: dict[Any, Any],
              actions: dict[Card, Action], rounds: dict[Any, Any],
              events: dict[Any, Any]) -> list[Action] | None:
    """`legal_actions`' card plays from its kept tables only, as `_copyc.euchre_plays` lists
    them (the reference it is tested against): None (the general way, which makes the tables)
    for another phase or seat, a table not made yet or a card outside the tables."""
    d = state.__dict__
    if (type(seat) is not int or seat != d["turn"] or d["phase"] != "play"
            or type(d["trick"]) is not list or type(d["hands"]) is not list):
        return None
    table = tables.get(d["trump"])
    trick = d["trick"]
    if table is None or not -len(d["hands"]) <= seat < len(d["hands"]):
        return None
    try:
        cards, plays = follow_py(d["hands"][seat], trick[0][1] if trick else None, table, None,
                                 actions)
    except KeyError:
        return None
    rnd = rounds.get((d["players"], d["alone"], d["maker"], d["defender_alone"]))
    kept = events.get((d["players"], seat))
    if rnd is None or kept is None:
        return None
    size, after = rnd
    cell[0] = (state, seat, cards, after[seat] if len(trick) + 1 < size else None, kept)
    return plays


def _play_events(players: int, seat: Seat) -> dict[Card, Event]:
    """The events of every card the seat may play (`_said`'s), for `base.play_listed`."""
    got = _PLAY_EVENTS[players, seat] = {c: _said("play", players, seat, c) for c in _PLAY}
    return got


_MADE: dict[tuple[int, Seat, str, Card, bool], Event] = {}
"""The first round's ``make`` events by (players, seat, call, turn-up, alone)."""


def _said(kind: str, players: int, seat: Seat, what: object = None) -> Event:
    """The events that depend only on the seat (and a card or a count), made once per wording
    and shared (events are immutable): the very events the moves would make."""
    key = (kind, players, seat, what)
    ev = _SAID.get(key)
    if ev is None:
        name = seat_names(players)[seat]
        if kind == "play":
            ev = _event(kind="play", seat=seat, text=f"{name} plays {pretty(what)}.",  # type: ignore[arg-type]
                        data={"card": what})
        elif kind == "trick":
            ev = _event(kind="trick", seat=seat, text=f"{name} takes the trick.",
                        data={"winner": seat, "trick": what})
        elif kind == "pass":
            ev = _event(kind="pass", seat=seat, text=f"{name} passes.")
        elif kind == "deal":
            ev = _event(kind="deal", seat=seat, text=f"{name} deals.")
        elif kind == "lead":
            ev = _event(kind="lead", seat=seat, text=f"{name} leads.")
        elif kind == "discard":
            ev = _event(kind="discard", seat=seat, text=f"{name} discards a card face down.")
        else:  # discard_card: the dealer's own note of his discard
            ev = _event(kind="discard_card", seat=seat, private_to=seat,
                        text=N_("You discarded the {card}.").format(card=pretty(what)),  # type: ignore[arg-type]
                        data={"card": what})
        _SAID[key] = ev
    return ev


_DEALINGS: dict[tuple[int, Seat, int], tuple[Callable[[list[Card]], tuple[Card, ...]], ...]] = {}


def _dealing(players: int, dealer: Seat, first: int
             ) -> tuple[Callable[[list[Card]], tuple[Card, ...]], ...]:
    """Per seat, which places of the shuffled pack its hand gets (packets of ``first`` then the
    rest, clockwise from the dealer's left), as getters made once per (players, dealer, first)."""
    places: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for packet in (first, HAND_SIZE - first):
        for i in range(players):
            places[(dealer + 1 + i) % players].extend(range(pos, pos + packet))
            pos += packet
    got = _DEALINGS[players, dealer, first] = tuple(itemgetter(*p) for p in places)
    return got


_DECKS: dict[str, list[Card]] = {}
"""The pack of each set of ranks (copied by `shuffled`, never changed)."""

_ROUND: dict[tuple[int, bool, Seat | None, Seat | None],
             tuple[int, tuple[Seat, ...]]] = {}
"""When someone goes alone: per (players, alone, maker, defender alone), how many seats play
and the next active seat after each seat (`EuchreState._next_active`)."""


_PLAY = {c: ("play", c) for c in deck("AKQJT98765432")}
"""The ``play`` pair of every card (shared: `legal_actions` looks actions up by them)."""
_PLAY_ACTIONS = {c: _action("play", c) for c in _PLAY}
"""The ``play`` action of every card."""
_DISCARD_ACTIONS = {c: _action("discard", c) for c in _PLAY}
"""The ``discard`` action of every card."""


_MENUS: dict[int, tuple[tuple[tuple[str, str], ...], tuple[Action, ...]]] = {}
"""The calls' fixed menus (the first round's, defending alone) by their id (kept alive
here), with their actions made once."""


def _menu(pairs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    _MENUS[id(pairs)] = (pairs, tuple(_action(k, a) for k, a in pairs))
    return pairs


_BID1_MENUS = {(word, alone): _menu(((word, ""), *([(word, "alone")] if alone else []),
                                     ("pass", "")))
               for word in ("order", "assist", "take") for alone in (False, True)}
"""The first round's moves by the seat's word and whether going alone is allowed."""
_DEFEND_MENU = _menu((("defend", ""), ("pass", "")))


def sides_of(players: int) -> list[list[Seat]]:
    """Who scores together: N/S and E/W four-handed, everyone alone otherwise."""
    if players == 4:
        return [[0, 2], [1, 3]]
    return [[s] for s in range(players)]


def side_of(seat: Seat, players: int) -> int:
    return seat % 2 if players == 4 else seat


def side_name(side: int, players: int) -> str:
    name = _SIDE_NAMES.get((side, players))
    if name is None:
        names = seat_names(players)
        name = _SIDE_NAMES[side, players] = "/".join(names[s] for s in sides_of(players)[side])
    return name


_SIDE_NAMES: dict[tuple[int, int], str] = {}

_Scoring = tuple[int, tuple[Seat, ...], str, tuple[int, ...], str, tuple[str, ...]]
_SCORING: dict[tuple[int, Seat], _Scoring] = {}
"""Per (players, maker): what scoring a hand needs of the sides, worked out once."""


def _scoring(players: int, maker: Seat) -> _Scoring:
    """The maker's side, its seats and name, the defending sides, their names as the euchre's
    text says them, and every side's name in order."""
    sides = sides_of(players)
    maker_side = side_of(maker, players)
    defenders = tuple(side for side in range(len(sides)) if side != maker_side)
    them = N_("{names} and {last}").format(
        names=", ".join(side_name(s, players) for s in defenders[:-1]),
        last=side_name(defenders[-1], players)) if len(defenders) > 1 else side_name(
            defenders[0], players)
    got = _SCORING[players, maker] = (
        maker_side, tuple(sides[maker_side]), side_name(maker_side, players), defenders, them,
        tuple(side_name(s, players) for s in range(len(sides))))
    return got


def partner_of(seat: Seat, players: int) -> Seat | None:
    return (seat + 2) % 4 if players == 4 else None


class TrickRecord(BaseModel):
    """A finished trick: who led, the cards in playing order, who won it."""

    model_config = ConfigDict(frozen=True)

    leader: Seat
    plays: list[tuple[Seat, Card]]
    winner: Seat


class HandResult(BaseModel):
    """How the last hand ended, kept for the table to show after the next deal."""

    model_config = ConfigDict(frozen=True)

    hand_no: int
    dealer: Seat
    trump: str
    maker: Seat
    alone: bool
    defender_alone: Seat | None
    makers_tricks: int
    tricks_won: list[int]
    gained: list[int]
    text: str
    tricks: list[TrickRecord]


class EuchreView(View):
    """What one seat (or the public, ``seat=None``) knows. Field guide for renderers and the AI:

    - ``options``: the table's rules; ``names``: seat names (North, East, ...).
    - ``hand_no`` (1-based, counts thrown-in deals), ``dealer``, ``phase`` (``bid1``, ``discard``,
      ``bid2``, ``defend``, ``play``, ``over``), ``turn`` (seat to act or None).
    - ``turn_up``: the card turned this deal (public even after the dealer took it up);
      ``turn_up_state``: ``table`` (still proposing trump), ``taken`` (in the dealer's hand),
      ``turned_down`` (round 2: its suit is barred), ``set_aside`` (the dealer sits out).
    - ``bids``: this deal's calls in order as ``(seat, action string)``, e.g. ``(1, "pass")``,
      ``(2, "order:alone")``, ``(3, "name:H")``, ``(0, "defend")``.
    - ``trump``, ``maker``, ``alone`` (the maker plays alone), ``defender_alone``,
      ``sitting_out`` (seats whose hands are laid aside this deal), ``active`` (seats that play).
    - ``leader`` (of the trick on the table), ``trick``: ``(seat, card)`` in playing order;
      ``tricks``: finished tricks of this deal (cards played are public); ``tricks_won`` per seat.
    - ``scores`` per side, ``sides`` (which seats form each side), ``side_of_seat``, ``target``.
    - ``hand_sizes`` per seat; ``hand``: this seat's cards ([] for the public view); ``discard``:
      the dealer's discard, only in the dealer's own view.
    - ``last_hand``: how the previous hand was scored; ``winners`` once over.
    """

    options: EuchreOptions
    names: list[str]
    hand_no: int
    dealer: Seat
    phase: Phase
    turn: Seat | None
    turn_up: Card
    turn_up_state: TurnUpState
    bids: list[tuple[Seat, str]]
    trump: str | None
    maker: Seat | None
    alone: bool
    defender_alone: Seat | None
    sitting_out: list[Seat]
    active: list[Seat]
    leader: Seat | None
    trick: list[tuple[Seat, Card]]
    tricks: list[TrickRecord]
    tricks_won: list[int]
    scores: list[int]
    sides: list[list[Seat]]
    side_of_seat: list[int]
    target: int
    hand_sizes: list[int]
    hand: list[Card]
    discard: Card | None = None
    last_hand: HandResult | None = None
    winners: list[Seat] = Field(default_factory=list)


SHARED_FIELDS = (
    "dealer", "phase", "turn", "turn_up", "turn_up_state", "bids", "trump", "maker", "alone",
    "defender_alone", "leader", "trick", "tricks", "last_hand", "winners",
)
"""Fields a state and every view of it hold alike: `EuchreState.view` copies them out and
`EuchreState.from_view` back in, from this one list so the two cannot drift apart."""


def _copied(source: State | View) -> dict[str, Any]:
    return {f: (list(v) if isinstance(v := getattr(source, f), list) else v)
            for f in SHARED_FIELDS}


class EuchreState(State):
    """A whole game of Euchre. Hidden: ``hands`` of others, ``stock``, ``discard``."""

    secret_kinds: ClassVar[frozenset[str]] = frozenset({"discard"})
    """The dealer's discard is face down; every other call is made aloud (going alone too)."""

    game: str = "euchre"
    options: EuchreOptions
    scores: list[int]
    dealer: Seat
    deal_no: int = 0
    phase: Phase = "bid1"
    turn: Seat | None = None
    hands: list[list[Card]]
    stock: list[Card] = Field(default_factory=list)
    turn_up: Card
    turn_up_state: TurnUpState = "table"
    bids: list[tuple[Seat, str]] = Field(default_factory=list)
    trump: str | None = None
    maker: Seat | None = None
    alone: bool = False
    defender_alone: Seat | None = None
    discard: Card | None = None
    leader: Seat | None = None
    trick: list[tuple[Seat, Card]] = Field(default_factory=list)
    tricks: list[TrickRecord] = Field(default_factory=list)
    last_hand: HandResult | None = None
    winners: list[Seat] = Field(default_factory=list)
    result_lines: list[str] = Field(default_factory=list)
    hands_won: list[int] = Field(default_factory=list)
    """Per side: scored hands (deals) the side won: the makers' when they made their point,
    else each defending side's. Thrown-in deals count for nobody. Empty in a snapshot from
    before these counters (they then count from the next scored hand)."""
    euchres: list[int] = Field(default_factory=list)
    """Per side: hands in which the side euchred the makers."""

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def start(
        cls, players: int, options: EuchreOptions, seed: int, deal: dict[str, Any] | None = None
    ) -> EuchreState:
        """The first deal. ``deal`` (optional) fixes it: ``{"hands": [[5 cards] per seat],
        "turn_up": card, "dealer": seat (optional), "stock": [cards] (optional)}``."""
        dealer = first_dealer(players, options, seed)
        if deal is not None and "dealer" in deal:
            dealer = int(deal["dealer"])
            if not 0 <= dealer < players:
                raise ValueError(f"dealer {dealer} is not a seat")
        values = {
            "players": players,
            "seed": seed,
            "options": options,
            "scores": [0] * len(sides_of(players)),
            "dealer": dealer,
            "hands": [[] for _ in range(players)],
            "turn_up": "",
        }
        if type(players) is int and type(seed) is int and type(options) is EuchreOptions:
            base = trusted(cls, values)  # exactly what validation would make of them
        else:
            base = cls(**values)
        if deal is None:
            return base._dealt(dealer, 0)
        return base._with_deal(dealer, 0, *_check_deal(deal, players, options))

    def _dealt(self, dealer: Seat, deal_no: int) -> EuchreState:
        """Shuffle and deal hand ``deal_no`` from the seed: packets of 2-3 or 3-2, dealer last."""
        rng = rng_for(self.seed, "deal", deal_no)
        ranks = self.options.ranks
        pack = shuffled(_DECKS.get(ranks) or _DECKS.setdefault(ranks, deck(ranks)), rng)
        first = rng.choice((2, 3))
        n = self.players
        plan = _DEALINGS.get((n, dealer, first)) or _dealing(n, dealer, first)
        hands = [list(take(pack)) for take in plan]
        pos = n * HAND_SIZE
        return self._with_deal(dealer, deal_no, hands, pack[pos], pack[pos + 1 :])

    def _with_deal(
        self,
        dealer: Seat,
        deal_no: int,
        hands: list[list[Card]],
        turn_up: Card,
        stock: list[Card],
    ) -> EuchreState:
        return _evolve(self, {
            "dealer": dealer,
            "deal_no": deal_no,
            "phase": "bid1",
            "turn": (dealer + 1) % self.players,
            "hands": hands,
            "stock": stock,
            "turn_up": turn_up,
            "turn_up_state": "table",
            "bids": [],
            "trump": None,
            "maker": None,
            "alone": False,
            "defender_alone": None,
            "discard": None,
            "leader": None,
            "trick": [],
            "tricks": [],
        })

    @classmethod
    def from_view(
        cls, view: EuchreView, hidden_hands: dict[Seat, list[Card]], seed: int = 0
    ) -> EuchreState:
        """A full state consistent with ``view`` plus a guess of the other seats' hands.

        For the AI's sampling and search: ``hidden_hands`` gives the cards of every seat other than
        ``view.seat`` (sizes must match ``view.hand_sizes``). The stock is left empty and the
        dealer's discard is known only if the view is the dealer's, so card conservation does not
        hold for such a state; play, scoring and later deals (fresh from ``seed``) work as usual.
        """
        hands: list[list[Card]] = []
        for seat in range(view.players):
            cards = list(view.hand) if seat == view.seat else list(hidden_hands.get(seat, []))
            if len(cards) != view.hand_sizes[seat]:
                raise ValueError(
                    f"seat {seat} holds {view.hand_sizes[seat]} cards, not {len(cards)}"
                )
            hands.append(cards)
        return cls(
            players=view.players,
            seed=seed,
            options=view.options,
            scores=list(view.scores),
            deal_no=view.hand_no - 1,
            hands=hands,
            stock=[],
            discard=view.discard,
            **_copied(view),
        )

    # ---- derived facts --------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return seat_names(self.players)

    @property
    def to_act(self) -> list[Seat]:
        return [] if self.phase == "over" or self.turn is None else [self.turn]

    @property
    def sitting_out(self) -> list[Seat]:
        if not self.alone and self.defender_alone is None:
            return []
        out = []
        if self.alone and self.maker is not None and self.players == 4:
            out.append((self.maker + 2) % 4)
        if self.defender_alone is not None:
            out.append((self.defender_alone + 2) % 4)
        return sorted(out)

    @property
    def active(self) -> list[Seat]:
        out = self.sitting_out
        return [s for s in range(self.players) if s not in out]

    def tricks_won(self) -> list[int]:
        won = [0] * self.players
        for t in self.tricks:
            won[t.winner] += 1
        return won

    def _rotation(self) -> tuple[int, tuple[Seat, ...]]:
        """How many seats play this hand and the next active seat after each seat."""
        key = (self.players, self.alone, self.maker, self.defender_alone)
        seats = _ROUND.get(key)
        if seats is None:
            out = self.sitting_out
            seats = _ROUND[key] = (self.players - len(set(out)),
                                   tuple(self._next_active(s, out) for s in range(self.players)))
        return seats

    def _can_go_alone(self) -> bool:
        return self.players == 4 and self.options.allow_alone

    def _next_active(self, seat: Seat, out: list[Seat] | None = None) -> Seat:
        if out is None:
            out = self.sitting_out
        nxt = (seat + 1) % self.players
        while nxt in out:
            nxt = (nxt + 1) % self.players
        return nxt

    def round1_word(self, seat: Seat) -> str:
        """``take`` for the dealer, ``assist`` for his partner, ``order`` for the others."""
        if seat == self.dealer:
            return "take"
        if self.players == 4 and seat == (self.dealer + 2) % 4:
            return "assist"
        return "order"

    # ---- the protocol ---------------------------------------------------------------------

    def legal_actions(self, seat: Seat) -> list[Action]:
        if _euchre_plays is not None:  # the card plays in one compiled step (`_plays_py`)
            plays = _euchre_plays(self, seat, _LAST_PLAY, _SUIT_TABLES, _PLAY_ACTIONS, _ROUND,
                                  _PLAY_EVENTS)
            if plays is not None:
                return plays  # type: ignore[no-any-return]
        if seat == self.turn and self.phase == "play":  # `_play_cards`, written in
            trick = self.trick
            try:
                cards, plays = follow(self.hands[seat], trick[0][1] if trick else None,
                                      _SUIT_TABLES.get(self.trump) or _suit_table(self.trump),
                                      None, _PLAY_ACTIONS)
            except KeyError:  # a card outside every pack: the general way
                pass
            else:  # kept for `apply`: with the turn after the card (None if it ends the
                # trick) and the events of the seat's cards
                n = self.players
                size, after = self._rotation()
                _LAST_PLAY[0] = (self, seat, cards, after[seat] if len(trick) + 1 < size else None,
                                 _PLAY_EVENTS.get((n, seat)) or _play_events(n, seat))
                return plays
        if seat == self.turn and self.phase == "discard":  # any card of the hand
            get = _DISCARD_ACTIONS.get
            return [get(c) or _action("discard", c) for c in self.hands[seat]]
        pairs = self._legal(seat)
        menu = _MENUS.get(id(pairs))
        if menu is not None and menu[0] is pairs:  # a call's fixed menu: its actions made once
            return list(menu[1])
        get = _ACTIONS.get
        return [get(p) or _action(*p) for p in pairs]

    def _legal(self, seat: Seat) -> tuple[tuple[str, str], ...]:
        """Legal moves as ``(kind, arg)`` pairs: cheap to build and to compare."""
        last = _LAST_LEGAL[0]
        if last is not None and last[0] is self and last[1] == seat:
            return last[2]
        cards = self._play_cards(seat) if seat == self.turn and self.phase == "play" else None
        if cards is not None:
            play = _PLAY
            pairs = tuple([play.get(c) or ("play", c) for c in cards])
        else:
            pairs = tuple(self._list_legal(seat))
        _LAST_LEGAL[0] = (self, seat, pairs)
        return pairs

    def _play_cards(self, seat: Seat) -> Sequence[Card] | None:
        """`legal_plays` for the seat to play, from the trump's table of effective suits (the
        last answer kept: `apply` asks again for the state just listed); None for a hand with
        a card outside the table, which goes the way of `legal_plays`."""
        last = _LAST_PLAY[0]
        if last is not None and last[0] is self and last[1] == seat:
            return last[2]
        hand = self.hands[seat]
        trick = self.trick
        cards: Sequence[Card] | None
        try:
            if trick:
                table = _SUIT_TABLES.get(self.trump) or _suit_table(self.trump)
                led = table[trick[0][1]]
                hand = [c for c in hand if table[c] == led] or hand
            cards = hand
        except KeyError:
            cards = None
        _LAST_PLAY[0] = (self, seat, cards, None, None)
        return cards

    def _list_legal(self, seat: Seat) -> list[tuple[str, str]]:
        if seat != self.turn or self.phase == "over":
            return []
        alone = self._can_go_alone()
        if self.phase == "bid1":
            word = self.round1_word(seat)
            return _BID1_MENUS[word, alone]
        if self.phase == "discard":
            return [("discard", c) for c in self.hands[seat]]
        if self.phase == "bid2":
            barred = suit(self.turn_up)
            out = []
            for s in SUITS_ORDER:
                if s == barred:
                    continue
                out.append(("name", s))
                if alone:
                    out.append(("name", f"{s}-alone"))
            if seat != self.dealer:
                out.append(("pass", ""))
            elif not self.options.stick_the_dealer:
                out.append(("bunch", ""))
            return out
        if self.phase == "defend":
            return _DEFEND_MENU
        # play
        play = _PLAY
        return [play.get(c) or ("play", c)
                for c in legal_plays(self.hands[seat], self.trick, self.trump)]

    def apply(self, seat: Seat, action: Action | str) -> tuple[Self, list[Event]]:
        done = play_listed(self, seat, action, _LAST_PLAY, Action)  # a card just listed
        if done is not None:
            return done  # type: ignore[return-value]
        parsed = action if type(action) is Action else Action.parse(action)
        if seat == self.turn and self.phase == "play" and parsed.kind == "play":
            last = _LAST_PLAY[0]  # `_play_cards`' kept answer, looked up here
            cards = (last[2] if last is not None and last[0] is self and last[1] == seat
                     else self._play_cards(seat))
            if cards is not None and parsed.arg in cards:  # legal: the checks below agree
                return self._play(seat, parsed)  # type: ignore[return-value]
        if (seat == self.turn and self.phase == "discard" and parsed.kind == "discard"
                and parsed.arg in self.hands[seat]):  # legal: the checks below agree
            return self._discard(seat, parsed)  # type: ignore[return-value]
        if self.phase == "over":
            raise IllegalAction("The game is over.")
        if seat != self.turn:
            who = self.names[self.turn] if self.turn is not None else "nobody"
            raise IllegalAction(f"It is not your turn; {who} is to act.")
        if (parsed.kind, parsed.arg) not in self._legal(seat):
            raise IllegalAction(self._why_illegal(seat, parsed))
        if self.phase == "play":
            return self._play(seat, parsed)  # type: ignore[return-value]
        state, events = getattr(self, _HANDLERS[self.phase])(seat, parsed)
        return state, events  # type: ignore[return-value]

    def _why_illegal(self, seat: Seat, action: Action) -> str:
        if self.phase == "play" and action.kind == "play":
            if action.arg not in self.hands[seat]:
                return "You do not hold that card."
            return "You must follow suit (the left bower counts as a trump)."
        if self.phase == "bid2" and action.kind == "name" and action.arg[:1] == suit(self.turn_up):
            return f"{SUIT_SYMBOL[suit(self.turn_up)]} was turned down; name another suit."
        if self.phase == "bid1" and action.kind in ("order", "assist", "take"):
            word = self.round1_word(seat)
            if action.kind != word:
                return f"In your seat the word is “{word}”: {word} or pass."
        if action.kind in ("order", "assist", "take", "name") and action.arg.endswith("alone"):
            return "Only the maker may go alone, and only four-handed."
        if action.kind == "bunch" and self.options.stick_the_dealer:
            return "Stick the dealer: you must name a suit."
        words = ", ".join(f"{k}:{a}" if a else k for k, a in self._legal(seat)[:8])
        return f"`{action}` is not a legal move now; you may: {words}."

    # ---- bidding ---------------------------------------------------------------------------

    def _bid1(self, seat: Seat, action: Action) -> tuple[EuchreState, list[Event]]:
        name = self.names[seat]
        bids = [*self.bids, (seat, str(action))]
        if action.kind == "pass":
            if seat != self.dealer:
                ev = _said("pass", self.players, seat)
                return _evolve(self, {"bids": bids, "turn": (seat + 1) % self.players}), [
                    ev
                ]
            s = SUIT_SYMBOL[suit(self.turn_up)]
            ev = _event(
                kind="turn_down", seat=seat, text=f"{name} turns down the {pretty(self.turn_up)}."
            )
            if not self.options.second_round:
                return self._throw_in([ev])
            ev2 = _event(kind="round2", text=f"Second round: name a suit other than {s}.")
            return _evolve(self, {
                "bids": bids,
                "turn": (self.dealer + 1) % self.players,
                "phase": "bid2",
                "turn_up_state": "turned_down",
            }), [ev, ev2]
        alone = action.arg == "alone"
        trump = suit(self.turn_up)
        key = (self.players, seat, action.kind, self.turn_up, alone)
        made = _MADE.get(key)
        if made is None:  # made once per wording and shared (events are immutable)
            verb = {"order": "orders up", "assist": "assists", "take": "takes up"}[action.kind]
            text = f"{name} {verb} the {pretty(self.turn_up)}" + (
                " and goes alone." if alone else ".")
            if action.kind == "assist":
                text = f"{name}: “I assist.” Trump is {SUIT_SYMBOL[trump]}" + (
                    "; going alone." if alone else "."
                )
            made = _MADE[key] = _event(
                kind="make",
                seat=seat,
                text=text,
                data={"trump": trump, "maker": seat, "alone": alone, "round": 1},
            )
        events = [made]
        update = {"bids": bids, "trump": trump, "maker": seat, "alone": alone}
        if alone and partner_of(seat, self.players) == self.dealer:
            state = _evolve(self, update)
            events.append(
                _event(
                    kind="set_aside",
                    seat=self.dealer,
                    text=f"{self.names[self.dealer]} sits out; the "
                    f"{pretty(self.turn_up)} is set aside.",
                )
            )
            return _evolve(state, {"turn_up_state": "set_aside"})._after_trump(events)
        hands = list(self.hands)  # the other hands are shared: a state is never changed
        hands[self.dealer] = [*hands[self.dealer], self.turn_up]
        return _evolve(self, {  # one copy for the call and the turn-up taken
            **update,
            "hands": hands,
            "turn_up_state": "taken",
            "phase": "discard",
            "turn": self.dealer,
        }), events

    def _discard(self, seat: Seat, action: Action) -> tuple[EuchreState, list[Event]]:
        hands = list(self.hands)  # the other hands are shared: a state is never changed
        hands[seat] = mine = list(hands[seat])
        mine.remove(action.arg)
        events = [_said("discard", self.players, seat),
                  _said("discard_card", self.players, seat, action.arg)]
        state = _evolve(
            self, {"hands": hands, "discard": action.arg, "bids": [*self.bids, (seat, "discard")]}
        )
        return state._after_trump(events)

    def _bid2(self, seat: Seat, action: Action) -> tuple[EuchreState, list[Event]]:
        name = self.names[seat]
        bids = [*self.bids, (seat, str(action))]
        if action.kind == "pass":
            ev = _said("pass", self.players, seat)
            return _evolve(self, {"bids": bids, "turn": (seat + 1) % self.players}), [ev]
        if action.kind == "bunch":
            ev = _event(kind="bunch", seat=seat, text=f"{name} bunches the cards.")
            return self._throw_in([ev])
        trump, _, alone_word = action.arg.partition("-")
        alone = alone_word == "alone"
        text = f"{name} makes {SUIT_SYMBOL[trump]} trump" + (" and goes alone." if alone else ".")
        events = [
            _event(
                kind="make",
                seat=seat,
                text=text,
                data={"trump": trump, "maker": seat, "alone": alone, "round": 2},
            )
        ]
        state = _evolve(self, {"bids": bids, "trump": trump, "maker": seat, "alone": alone}
        )
        return state._after_trump(events)

    def _after_trump(self, events: list[Event]) -> tuple[EuchreState, list[Event]]:
        """Trump is made (and discarded for): offer defending alone, else start the play."""
        if (
            self.options.allow_defend_alone
            and self.alone
            and self.players == 4
            and self.maker is not None
        ):
            return _evolve(self, {"phase": "defend", "turn": (self.maker + 1) % 4}), events
        return self._start_play(events)

    def _defend(self, seat: Seat, action: Action) -> tuple[EuchreState, list[Event]]:
        assert self.maker is not None
        bids = [*self.bids, (seat, str(action))]
        name = self.names[seat]
        if action.kind == "defend":
            ev = _event(kind="defend", seat=seat, text=f"{name} defends alone.")
            return _evolve(self, {"bids": bids, "defender_alone": seat})._start_play([ev])
        ev = _event(kind="pass", seat=seat, text=f"{name} does not defend alone.")
        if seat == (self.maker + 1) % 4:
            return _evolve(self, {"bids": bids, "turn": (self.maker + 3) % 4}), [ev]
        return _evolve(self, {"bids": bids})._start_play([ev])

    def _start_play(self, events: list[Event]) -> tuple[EuchreState, list[Event]]:
        leader = self._next_active(self.dealer)
        out = self.sitting_out
        if out:
            names = " and ".join(self.names[s] for s in out)
            events.append(
                _event(
                    kind="sit_out", text=f"{names} sit{'s' if len(out) == 1 else ''} out this hand."
                )
            )
        events.append(_said("lead", self.players, leader))
        return _evolve(self, {"phase": "play", "leader": leader, "turn": leader, "trick": []}
        ), events

    def _throw_in(self, events: list[Event]) -> tuple[EuchreState, list[Event]]:
        nxt = (self.dealer + 1) % self.players
        events.append(
            _event(
                kind="redeal",
                seat=nxt,
                text=f"Nobody makes trump: a new deal, {self.names[nxt]} deals.",
            )
        )
        return self._dealt(nxt, self.deal_no + 1), events

    # ---- play and scoring -----------------------------------------------------------------

    def _play(self, seat: Seat, action: Action) -> tuple[EuchreState, list[Event]]:
        card = action.arg
        n = self.players
        events = [_SAID.get(("play", n, seat, card)) or _said("play", n, seat, card)]
        if not self.alone and self.defender_alone is None:  # nobody sits out
            if len(self.trick) + 1 < n:
                return played(self, seat, card, (seat + 1) % n), events
        else:
            size, after = self._rotation()
            if len(self.trick) + 1 < size:  # the active seats (`active`)
                return played(self, seat, card, after[seat]), events
        assert self.leader is not None
        trump = self.trump
        first = self.trick[0][1] if self.trick else card
        led = (_SUIT_TABLES.get(trump) or _suit_table(trump)).get(first)
        try:  # `trick_winner` by the power table of the trump and the led suit
            state, winner = took(self, seat, card,
                                 _POWER_TABLES.get((trump, led)) or _power_table(trump, led),
                                 _TRICK_RECORD, self.leader, True)
        except KeyError:  # a card outside the tables: by the definitions
            hands = list(self.hands)  # the other hands are shared: a state is never changed
            mine = list(hands[seat])
            mine.remove(card)
            hands[seat] = mine
            trick = [*self.trick, (seat, card)]
            winner = trick_winner(trick, trump)
            tricks = [*self.tricks, trusted(TrickRecord, {"leader": self.leader, "plays": trick,
                                                          "winner": winner})]
            state = _evolve(self, {"hands": hands, "trick": [], "tricks": tricks,
                                   "leader": winner, "turn": winner})
        done = len(self.tricks) + 1
        events.append(_SAID.get(("trick", n, winner, done)) or _said("trick", n, winner, done))
        if done < TRICKS:
            return state, events
        return state._score_hand(events)

    def _score_hand(self, events: list[Event]) -> tuple[EuchreState, list[Event]]:
        assert self.maker is not None and self.trump is not None
        n, o = self.players, self.options
        won = [0] * n
        for t in self.tricks:
            won[t.winner] += 1
        maker_side, members, who, defenders, them, names = _SCORING.get((n, self.maker)) or (
            _scoring(n, self.maker))
        makers = sum([won[s] for s in members])
        sides = len(self.scores)
        gained = [0] * sides
        lone = self.alone and n == 4
        if makers == TRICKS:
            pts = o.lone_march_value if lone else o.march_value
            gained[maker_side] = pts
            said = ((N_("{side} march alone: {points} points.") if lone
                     else N_("{side} march: {points} points.")) if n == 4 else
                    N_("{side} marches: {points} points."))
            text = said.format(side=who, points=pts)
        elif makers >= 3:
            gained[maker_side] = o.point_value
            said = (N_("{side} make {tricks} tricks: {points}.") if n == 4
                    else N_("{side} makes {tricks} tricks: {points}."))
            text = said.format(side=who, tricks=makers, points=_pts(o.point_value))
        else:
            if self.defender_alone is not None:
                pts = o.defend_alone_value
            elif lone:
                pts = o.alone_euchred_value
            else:
                pts = o.euchre_value
            for side in defenders:
                gained[side] = pts
            if len(defenders) > 1:
                said = (N_("{side} are euchred: {points} to {them} each.") if n == 4
                        else N_("{side} is euchred: {points} to {them} each."))
            else:
                said = (N_("{side} are euchred: {points} to {them}.") if n == 4
                        else N_("{side} is euchred: {points} to {them}."))
            text = said.format(side=who, points=_pts(pts), them=them)
        scores = [a + b for a, b in zip(self.scores, gained, strict=True)]
        hands_won = (list(self.hands_won) + [0] * sides)[:sides]
        euchres = (list(self.euchres) + [0] * sides)[:sides]
        if makers >= 3:
            hands_won[maker_side] += 1
        else:
            for side in defenders:
                hands_won[side] += 1
                euchres[side] += 1
        result = trusted(HandResult, {
            "hand_no": self.deal_no + 1,
            "dealer": self.dealer,
            "trump": self.trump,
            "maker": self.maker,
            "alone": self.alone,
            "defender_alone": self.defender_alone,
            "makers_tricks": makers,
            "tricks_won": won,
            "gained": gained,
            "text": text,
            "tricks": self.tricks,
        })
        line = ", ".join([f"{name} {v}" for name, v in zip(names, scores, strict=True)])
        events.append(
            _event(
                kind="score",
                text=f"{text} Score: {line}.",
                data={"gained": gained, "scores": scores, "makers_tricks": makers},
            )
        )
        state = _evolve(self, {"scores": scores, "last_hand": result,
                               "hands_won": hands_won, "euchres": euchres})
        if max(scores) < o.target:
            nxt = (self.dealer + 1) % n
            events.append(_said("deal", n, nxt))
            return state._dealt(nxt, self.deal_no + 1), events
        winner_side, lines = state._decide_winner(scores)
        winners = list(sides_of(n)[winner_side])
        events.append(_event(kind="game_over", text=lines[0], data={"winners": winners}))
        return _evolve(
            state, {"phase": "over", "turn": None, "winners": winners, "result_lines": lines}
        ), events

    def _decide_winner(self, scores: list[int]) -> tuple[int, list[str]]:
        n = self.players
        reached = [s for s, v in enumerate(scores) if v >= self.options.target]
        lines: list[str] = []
        if len(reached) == 1:
            winner = reached[0]
        else:
            # three-handed, both defenders out on the same euchre (L1592)
            winner = self._first_to_two_tricks(reached)
            others = " and ".join(side_name(s, n) for s in reached)
            lines.append(N_("{sides} both reach {target}; {side} took two of the euchring "
                            "tricks first and goes out first.").format(
                sides=others, target=self.options.target, side=side_name(winner, n)))
        if n == 3:
            rest = ", ".join(f"{side_name(s, n)} {v}" for s, v in enumerate(scores) if s != winner)
            head = N_("{side} wins with {score} ({rest})").format(
                side=side_name(winner, n), score=scores[winner], rest=rest)
        else:
            said = N_("{side} win {score}-{other}") if n == 4 else N_("{side} wins {score}-{other}")
            head = said.format(side=side_name(winner, n), score=scores[winner],
                               other=scores[1 - winner])
        return winner, [head, *lines]

    def _first_to_two_tricks(self, candidates: Sequence[int]) -> int:
        count = dict.fromkeys(candidates, 0)
        for t in self.tricks:
            side = side_of(t.winner, self.players)
            if side in count:
                count[side] += 1
                if count[side] == 2:
                    return side
        return candidates[0]  # unreachable: the defenders took at least three tricks

    # ---- views and outcome ----------------------------------------------------------------

    def view(self, seat: Seat | None) -> EuchreView:
        n = self.players
        own = seat is not None and 0 <= seat < n
        return EuchreView(
            game=self.game,
            seat=seat,
            players=n,
            to_act=self.to_act,
            over=self.phase == "over",
            options=self.options,
            names=self.names,
            hand_no=self.deal_no + 1,
            sitting_out=self.sitting_out,
            active=self.active,
            tricks_won=self.tricks_won(),
            scores=list(self.scores),
            sides=sides_of(n),
            side_of_seat=[side_of(s, n) for s in range(n)],
            target=self.options.target,
            hand_sizes=[len(h) for h in self.hands],
            hand=list(self.hands[seat]) if own and seat is not None else [],
            discard=self.discard if own and seat == self.dealer else None,
            **_copied(self),
        )

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        n = self.players
        side_scores = self.scores
        points = [float(side_scores[side_of(s, n)]) for s in range(n)]
        winner_side = side_of(self.winners[0], n)
        # rank sides: the winner first, then by score (ties share a rank)
        order = sorted(range(len(side_scores)), key=lambda s: (s != winner_side, -side_scores[s]))
        side_rank: dict[int, int] = {}
        for i, s in enumerate(order):
            prev = order[i - 1] if i else None
            if prev is not None and prev != winner_side and side_scores[prev] == side_scores[s]:
                side_rank[s] = side_rank[prev]
            else:
                side_rank[s] = i + 1
        ranks = [side_rank[side_of(s, n)] for s in range(n)]
        return Outcome(
            points=points,
            ranks=ranks,
            winners=list(self.winners),
            lines=list(self.result_lines),
            teams=sides_of(n) if n == 4 else None,
            tallies=self._tallies(),
        )

    def _tallies(self) -> dict[str, list[float]]:
        """Per seat, its side's counters: ``hands_won`` (hands the side won) and ``euchres``
        (hands in which the side euchred the makers); the service keeps them per player."""
        n, sides = self.players, len(self.scores)
        won = (list(self.hands_won) + [0] * sides)[:sides]
        euchred = (list(self.euchres) + [0] * sides)[:sides]
        return {
            "hands_won": [float(won[side_of(s, n)]) for s in range(n)],
            "euchres": [float(euchred[side_of(s, n)]) for s in range(n)],
        }


def _pts(v: int) -> str:
    return (N_("{n} point") if v == 1 else N_("{n} points")).format(n=v)


def first_dealer(players: int, options: EuchreOptions, seed: int) -> Seat:
    """Who deals first: cards thrown round face up from a seat the seed picks, the first Jack deals
    (our reading of the book's "best Euchre card", L1582), or simply a seat from the seed."""
    rng = rng_for(seed, "first_dealer")
    start = rng.randrange(players)
    if options.first_dealer == "random":
        return start
    ranks = options.ranks
    pack = shuffled(_DECKS.get(ranks) or _DECKS.setdefault(ranks, deck(ranks)), rng)
    for i, card in enumerate(pack):
        if card[1] == "J":
            return (start + i) % players
    return start  # unreachable: every deck has Jacks


def _check_deal(
    deal: dict[str, Any], players: int, options: EuchreOptions
) -> tuple[list[list[Card]], Card, list[Card]]:
    """Validate a fixed deal: 5 distinct cards of this deck per seat and a turn-up."""
    full = deck(options.ranks)
    hands = [list(h) for h in deal["hands"]]
    turn_up = str(deal["turn_up"])
    if len(hands) != players or any(len(h) != HAND_SIZE for h in hands):
        raise ValueError(f"a deal needs {players} hands of {HAND_SIZE} cards")
    used = [c for h in hands for c in h] + [turn_up]
    if len(set(used)) != len(used) or any(c not in full for c in used):
        raise ValueError("a deal's cards must be distinct cards of this deck")
    stock = deal.get("stock")
    if stock is None:
        stock = [c for c in full if c not in used]
    else:
        stock = list(stock)
        if sorted(stock + used) != sorted(full):
            raise ValueError("hands, turn-up and stock must make up the whole deck")
    return hands, turn_up, stock


plain_attributes(EuchreState, TrickRecord, HandResult, EuchreOptions)
_TRICK_RECORD = recipe(TrickRecord)
"""How `took` records a trick (`trusted`'s build of a `TrickRecord`)."""
