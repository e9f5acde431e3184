"""The Skat state machine (spec section 6): a series of deals with auction, skat, play and sheet.

One `SkatState` holds the whole series: the current deal's phase and cards plus the score sheet
of the deals already played. Engine steps (dealing, turning the second Tourne card, taking up
the skat, scoring, the next deal) happen inside `apply`, so a seat is always asked something.

Actions (``kind:arg``; every one a seat can take is listed by `legal_actions`):

=====================  ========================================================================
``bid:20``             name a value in the auction (Mittelhand to Vorhand, then Hinterhand)
``hold`` / ``pass``    answer a bid ("ja" / "passe"); ``pass`` also declines to bid, to Kontra
``skat`` / ``hand``    isko: pick up the skat, or play Hand
``tourne:left|right``  classic: turn one of the two skat cards for trump
``accept``             classic: the turned card fits; ``passt_nicht`` turns the other one
``guck:grand|nullo``   classic: Guckser, take up both cards at once
``frage``              classic with ``allow_frage``: take up the skat, name any suit afterwards
``discard:CJ,HT``      lay away two cards
``declare:<code>``     a contract, e.g. ``solo-C-schneider``, ``open_grand``, ``ramsch``,
                       ``tourne_grand``, ``suit-H``, ``grand-hand-schwarz``, ``null-ouvert-hand``
``kontra`` / ``re``    isko option ``kontra_re``
``play:CJ``            play a card
``surrender``          classic: the Tourne Player throws down his hand before the lead to trick 2
``concede``            give up (the Player; in isko a defender may concede for both)
``claim_rest``         claim every remaining trick for your side
``claim_win``          classic: the Player lays down his cards claiming the game won (NASL 9)
``claim_defeat``       classic: an opponent claims the Player beaten (NASL 10)
=====================  ========================================================================

Out-of-turn moves of the book (surrender, claims) are offered to the seat whose turn it is, so a
table never has two pending actors. The Tourne surrender is open from the moment the trump card
is turned up until the lead to trick 2 ([A-6]). Claims are offered once at most `CLAIM_CARDS`
cards remain in the claimant's hand, so the exhaustive check that decides them stays well under
a second (measured: 0.7 s worst case at six cards, 7 s at seven). A thrown-in deal counts as one
of the series' deals, so a series always ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from operator import itemgetter
from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from bot.games.base import (
    Action,
    Event,
    IllegalAction,
    InvalidOptions,
    Outcome,
    Seat,
    State,
    View,
    _copyc,
    act,
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
from bot.games.cards import SUITS, Card, deck, pretty, pretty_all, shuffled
from bot.games.skat import solver
from bot.games.skat.bidding import bids_above
from bot.games.skat.contracts import (
    SKAT_RANKS,
    Contract,
    card_order,
    facts,
    matadors,
    points_of,
)
from bot.games.skat.options import RuleSet, SkatOptions
from bot.games.skat.scoring import RamschScore, SkatScore, score_game, score_ramsch
from bot.games.skat.sheet import SheetEntry, SkatScoreSheet, seeger_bonus
from bot.games.words import N_

Phase = Literal["bid", "skat", "tourne_first", "tourne_jack", "discard", "declare", "kontra",
                "play", "over"]
ROLE_NAMES = (N_("Vorhand"), N_("Mittelhand"), N_("Hinterhand"))


def seat_names(players: int) -> list[str]:
    """How the rules core names seats in its texts (``Seat 1``...): the layers above put the
    players' names in their place (`bot.render.personalise`)."""
    return [f"Seat {i + 1}" for i in range(players)]

FULL_DECK = deck(SKAT_RANKS)
DECK_INDEX = {c: i for i, c in enumerate(FULL_DECK)}
CLAIM_CARDS = 6
GRAND = Contract(kind="grand")


class Trick(BaseModel):
    model_config = ConfigDict(frozen=True)

    leader: Seat
    plays: list[tuple[Seat, Card]]
    winner: Seat


class DealResult(BaseModel):
    """A finished deal, public: the contract, the skat, every trick and the score line."""

    model_config = ConfigDict(frozen=True)

    number: int
    dealer: Seat
    roles: list[Seat]
    declarer: Seat | None = None
    contract: str | None = None
    label: str = ""
    bid: int = 0
    skat: list[Card] = []
    laid_away: list[Card] = []
    tricks: list[Trick] = []
    declarer_points: int | None = None
    trick_points: dict[Seat, int] = {}
    ended: str = "played out"
    score: SkatScore | None = None
    ramsch: RamschScore | None = None
    deltas: list[int] = []
    bonus: list[int] = []
    text: str = ""
    unfinished: list[tuple[Seat, Card]] = []
    """The cards played to the trick in progress when the deal ended early."""
    shown: dict[Seat, list[Card]] = {}
    """Cards still in hand that were laid open at the end: a claimant's hand (he lays it down
    to claim) and an open game's Player's. Any other card left in hand was never shown."""
    claimant: Seat | None = None


def roles_for(players: int, dealer: Seat) -> list[Seat]:
    """[Vorhand, Mittelhand, Hinterhand] for this dealer (1.5; five persons: [A-13])."""
    v, m = (dealer + 1) % players, (dealer + 2) % players
    h = (dealer + 4) % players if players == 5 else (dealer + 3) % players
    return [v, m, h]


_DEALINGS: dict[tuple[int, Seat], tuple[tuple[Seat, Callable[[list[Card]], tuple[Card, ...]]],
                                          ...]] = {}


def _dealing(players: int, dealer: Seat) -> tuple[
        tuple[Seat, Callable[[list[Card]], tuple[Card, ...]]], ...]:
    """Per seat dealt to, which places of the shuffled pack its hand gets: packets of 3, then
    the skat (places 9 and 10), 4 and 3 in the order of ``roles`` (Vorhand first); getters made
    once per (players, dealer)."""
    roles = roles_for(players, dealer)
    places: dict[Seat, list[int]] = {s: [] for s in roles}
    pos = 0
    for size in (3, -2, 4, 3):
        if size < 0:
            pos += 2
            continue
        for s in roles:
            places[s].extend(range(pos, pos + size))
            pos += size
    got = _DEALINGS[players, dealer] = tuple((s, itemgetter(*p)) for s, p in places.items())
    return got


def card_key(card: Card) -> int:
    return DECK_INDEX[card]




_evolve = evolve


_LAST_LEGAL: list[tuple[object, int, tuple[tuple[str, str], ...]] | None] = [None]
"""The last state asked for its legal moves, the seat and the answer: `apply` asks again for
the state a caller just listed (states are immutable, so the answer cannot go stale)."""


class SkatState(State):
    secret_kinds: ClassVar[frozenset[str]] = frozenset({"discard"})
    """The two cards laid away are the Player's secret; every bid, pick-up, Tourne card lifted
    and game declared is said aloud (the lifted card itself reaches the Player alone)."""

    game: str = "skat"
    options: SkatOptions
    total_deals: int
    deal_no: int = 0
    first_dealer: Seat = 0
    dealer: Seat = 0
    roles: list[Seat] = Field(default_factory=list)
    phase: Phase = "bid"
    hands: list[list[Card]] = Field(default_factory=list)
    skat: list[Card] = Field(default_factory=list)
    laid_away: list[Card] = Field(default_factory=list)
    # auction
    bid: int = 0
    bid_stage: int = 0
    asker: Seat | None = None
    listener: Seat | None = None
    awaiting: Literal["ask", "answer"] = "ask"
    passed: list[Seat] = Field(default_factory=list)
    named: list[Seat] = Field(default_factory=list)
    bid_log: list[str] = Field(default_factory=list)
    declarer: Seat | None = None
    # skat use
    picked_up: bool = False
    hand_game: bool = False
    peek: Card | None = None
    turned: Card | None = None
    passt_nicht: bool = False
    contract: Contract | None = None
    # Kontra / Re
    kontra: int = 0
    kontra_queue: list[Seat] = Field(default_factory=list)
    # play
    trick: list[tuple[Seat, Card]] = Field(default_factory=list)
    tricks: list[Trick] = Field(default_factory=list)
    turn: Seat | None = None
    # series
    sheet: SkatScoreSheet
    last: DealResult | None = None

    # ---- who acts ----------------------------------------------------------------------
    @property
    def to_act(self) -> list[Seat]:
        phase = self.phase
        if phase == "play":  # `_actor`, its two commonest phases written in
            seat = self.turn
        elif phase == "bid":
            seat = self.asker if self.awaiting == "ask" else self.listener
        else:
            seat = self._actor()
        return [] if seat is None else [seat]

    def _actor(self) -> Seat | None:
        """The one seat to act (`to_act`'s), or None."""
        phase = self.phase
        if phase == "play":
            return self.turn
        if phase == "bid":
            return self.asker if self.awaiting == "ask" else self.listener
        if phase == "over":
            return None
        if phase == "kontra":
            return self.kontra_queue[0] if self.kontra_queue else None
        return self.declarer

    def role_of(self, seat: Seat) -> str:
        return ROLE_NAMES[self.roles.index(seat)] if seat in self.roles else "sits out"

    def defenders(self) -> list[Seat]:
        return [s for s in self.roles if s != self.declarer]

    def effective_contract(self) -> Contract:
        """The contract that orders the cards now (Grand order before a declaration)."""
        return self.contract or GRAND

    # ---- legal actions -----------------------------------------------------------------
    def legal_actions(self, seat: Seat) -> list[Action]:
        phase = self.phase
        if phase == "play" and seat == self.turn:  # `_play_cards`, written in
            if _skat_plays is not None:  # in one compiled step (`_plays_py`)
                got = _skat_plays(self, seat, _LAST_PLAY, _ORDERS, _PLAY_ACTIONS, _PLAY_EVENTS,
                                  _EXTRAS, ROLE_NAMES, CLAIM_CARDS)
                if got is not None:
                    return got  # type: ignore[no-any-return]
            contract = self.contract or GRAND
            order = _ORDERS.get((contract.kind, contract.suit)) or _order(contract)
            trick = self.trick
            try:
                cards, plays = follow(self.hands[seat], trick[0][1] if trick else None,
                                      order.eff, order.rank, _PLAY_ACTIONS)
            except KeyError:  # a card outside the deck: `_play_pairs_slow`'s way
                pass
            else:  # kept for `apply`: with the turn after the card (None if it ends the
                # trick) and the events of the seat's cards
                roles = self.roles
                at = roles.index(seat)
                role = ROLE_NAMES[at]
                _LAST_PLAY[0] = (self, seat, cards,
                                 roles[(at + 1) % 3] if len(trick) < 2 else None,
                                 _PLAY_EVENTS.get((role, seat)) or _play_events(role, seat))
                if self.contract is None:
                    return plays
                o = self.options
                key = (self.contract.kind, o.claim_policy, o.tourne_surrender, o.rules,
                       seat == self.declarer, len(self.hands[seat]) <= CLAIM_CARDS,
                       not self.tricks or (len(self.tricks) == 1 and not trick))
                extra = _EXTRAS.get(key)
                if extra is None:
                    extra = _extras(key)
                if extra:
                    plays += extra
                return plays
        elif phase == "bid" and self.bid_stage != 2 and seat == (
                self.asker if self.awaiting == "ask" else self.listener):
            # the auction's menus, as `_list_legal` makes them, kept for `apply`
            if self.awaiting == "answer":
                pairs = _ANSWER
            else:
                o = self.options
                pairs = _bid_menu(o.rules, self.bid, o.min_bid)
            _LAST_LEGAL[0] = (self, seat, pairs)
            return list(_MENUS[id(pairs)][1])
        pairs = self._legal(seat)
        menu = _MENUS.get(id(pairs))
        if menu is not None and menu[0] is pairs:  # a fixed menu (the auction's): made once
            return list(menu[1])
        get = _ACTIONS.get
        return [get(p) or _action(*p) for p in pairs]

    def _legal(self, seat: Seat) -> tuple[tuple[str, str], ...]:
        """Legal moves as ``(kind, arg)`` pairs: cheap to build and to compare, so `apply`
        checks a move without making an `Action` of every legal one."""
        last = _LAST_LEGAL[0]
        if last is not None and last[0] is self and last[1] == seat:
            return last[2]
        pairs = self._list_legal(seat)
        _LAST_LEGAL[0] = (self, seat, pairs)
        return pairs

    def _list_legal(self, seat: Seat) -> tuple[tuple[str, str], ...]:
        if seat != self._actor():
            return ()
        phase = self.phase
        if phase == "play":
            cards = self._play_cards(seat)
            plays = ([_PLAY[c] for c in cards] if cards is not None
                     else self._play_pairs_slow(self.contract or GRAND, self.hands[seat]))
            return (*plays, *self._surrender(), *self._claims(seat))
        o = self.options
        if phase == "bid":
            if self.awaiting == "answer":
                return _ANSWER
            if self.bid_stage == 2:
                return _menu((("bid", str(o.min_bid)), ("pass", "")))
            return _bid_menu(o.rules, self.bid, o.min_bid)
        other = self._list_other(seat)
        return other if type(other) is tuple else tuple(other)

    def _play_cards(self, seat: Seat) -> list[Card] | None:
        """The cards the seat to play may play, in the contract's display order, from its
        tables (the last answer kept: `apply` asks again for the state just listed); None
        for a hand with a card outside the deck, which goes `_play_pairs_slow`'s way."""
        last = _LAST_PLAY[0]
        if last is not None and last[0] is self and last[1] == seat:
            return last[2]
        contract = self.contract or GRAND
        order = card_order(contract.kind, contract.suit)
        trick = self.trick
        cards: list[Card] | None
        try:  # (the tables hold exactly the deck's cards, as `_PLAY` does)
            cards = follow(self.hands[seat], trick[0][1] if trick else None, order.eff,
                           order.rank, _PLAY_ACTIONS)[0]
        except KeyError:
            cards = None
        _LAST_PLAY[0] = (self, seat, cards, None, None)
        return cards

    def _play_pairs_slow(self, contract: Contract, hand: list[Card]) -> list[tuple[str, str]]:
        """`_play_pairs` from the contract's definitions, for a card outside its tables."""
        cards = contract.legal_cards(hand, [c for _, c in self.trick])
        return [("play", c) for c in sorted(cards, key=_sort_key(contract, cards))]

    def _list_other(self, seat: Seat) -> Sequence[tuple[str, str]]:
        """The legal moves of the phases between the auction and the play."""
        phase = self.phase
        if phase == "skat":
            o = self.options
            key = (o.rules, self.bid, o.allow_frage, o.allow_revolution,
                   o.allow_ramsch and self.declarer == self.roles[0])
            menu = _SKAT_MENUS.get(key)
            if menu is None:
                menu = _SKAT_MENUS[key] = _menu(tuple(self._skat_actions()))
            return menu
        if phase == "tourne_first":
            return [("accept", ""), ("passt_nicht", ""), *self._surrender()]
        if phase == "tourne_jack":
            jack = self.turned or "CJ"
            return [("declare", "tourne_grand"), ("declare", f"tourne-{jack[0]}")]
        if phase == "discard":
            return [*_discard_pairs(self.hands[seat]), *self._surrender()]
        if phase == "declare":
            return [("declare", c.code) for c in self._declarable()]
        if phase == "kontra":
            return [("re" if seat == self.declarer else "kontra", ""), ("pass", "")]
        return []

    def _skat_actions(self) -> list[tuple[str, str]]:
        o = self.options
        if o.rules == "isko":
            return [("skat", ""), ("hand", "")]
        out = [("tourne", "left"), ("tourne", "right"), ("guck", "grand")]
        if self.bid <= 20:
            out.append(("guck", "nullo"))
        if o.allow_frage:
            out.append(("frage", ""))
        for code in self._classic_hand_codes():
            out.append(("declare", code))
        return out

    def _classic_hand_codes(self) -> list[str]:
        o = self.options
        codes: list[str] = []
        for s in SUITS:
            codes += [f"solo-{s}", f"solo-{s}-schneider", f"solo-{s}-schwarz"]
        codes += ["solo_grand", "solo_grand-schneider", "solo_grand-schwarz", "open_grand"]
        nulls = [("nullo", 20), ("open_nullo", 40)]
        if o.allow_revolution:
            nulls.append(("revolution", 60))
        codes += [code for code, value in nulls if value >= self.bid]
        if (o.allow_ramsch and self.bid == 0 and self.declarer == self.roles[0]):
            codes.append("ramsch")
        return codes

    def _declarable(self) -> list[Contract]:
        """Contracts the Player may name now, with the legality checks of 3.4 / [A-10]."""
        o = self.options
        if o.rules == "classic":  # only Frage declares after the skat in classic
            return [Contract(kind="frage", suit=s) for s in SUITS]
        out: list[Contract] = []
        if self.hand_game:
            for base in [Contract(kind="suit", suit=s, hand=True) for s in SUITS] + [
                Contract(kind="grand", hand=True)
            ]:
                out.append(base)
                out.append(base.model_copy(update={"announced": "schneider"}))
                out.append(base.model_copy(update={"announced": "schwarz"}))
                out.append(base.model_copy(update={"ouvert": True}))
            nulls = [Contract(kind="null", hand=True), Contract(kind="null", hand=True,
                                                                 ouvert=True)]
        else:
            cards12 = self.hands[self.declarer or 0] + self.laid_away
            trump_games = [Contract(kind="suit", suit=s) for s in SUITS] + [GRAND]
            for c in trump_games:
                _, k = matadors(cards12, c)
                if c.unit * (k + 3) >= self.bid:  # game + schneider + schwarz at best
                    out.append(c)
            nulls = [Contract(kind="null"), Contract(kind="null", ouvert=True)]
            if not out and not any(c.null_value >= self.bid for c in nulls):
                return trump_games  # nothing can reach the bid: any game, lost as an overbid
        return out + [c for c in nulls if c.null_value >= self.bid]

    def _surrender(self) -> tuple[tuple[str, str], ...]:
        contract = self.contract
        if contract is None or contract.kind not in ("tourne", "tourne_grand"):  # is_tourne
            return ()
        if not (self.options.tourne_surrender and self.options.rules == "classic"):
            return ()
        if self.phase in ("tourne_first", "tourne_jack") or self._actor() != self.declarer:
            return ()
        before_trick2 = not self.tricks or (len(self.tricks) == 1 and not self.trick)
        return _SURRENDER if before_trick2 else ()

    def turn_owner(self) -> Seat | None:
        return self._actor()

    def _claims(self, seat: Seat) -> tuple[tuple[str, str], ...]:
        policy = self.options.claim_policy
        if policy == "off" or self.contract is None or self.contract.kind == "ramsch":
            return ()
        is_decl = seat == self.declarer
        return _CLAIMS[is_decl or policy == "verify_or_reject",
                       len(self.hands[seat]) <= CLAIM_CARDS, policy == "nasl", is_decl]

    # ---- apply -------------------------------------------------------------------------
    def normalise(self, action: Action) -> Action:
        return _canonical_discard(action) if action.kind == "discard" else action

    def check_legal(self, seat: Seat, action: Action | str) -> Action:
        """`State.check_legal` with the same refusals, judged on ``(kind, arg)`` pairs."""
        parsed = action if type(action) is Action else Action.parse(action)
        if parsed.kind == "play" and self.phase == "play" and seat == self.turn:
            cards = self._play_cards(seat)
            if cards is not None and parsed.arg in cards:  # legal: the checks below agree
                return parsed
        if parsed.kind == "discard":
            parsed = _canonical_discard(parsed)
        if seat != self._actor():
            raise IllegalAction(N_("It is not your turn."))
        pairs = self._legal(seat)
        menu = _MENUS.get(id(pairs))
        if menu is not None and menu[0] is pairs:
            ok = (parsed.kind, parsed.arg) in menu[2]  # a long menu (bids): by its set
        else:
            ok = (parsed.kind, parsed.arg) in pairs
        if not ok:
            raise IllegalAction(N_("`{move}` is not a legal move now.").format(move=parsed))
        return parsed

    def apply(self, seat: Seat, action: Action | str) -> tuple[Self, list[Event]]:
        done = play_listed(self, seat, action, _LAST_PLAY, Action)  # a card just listed
        if done is not None:
            return done  # type: ignore[return-value]
        if (type(action) is Action and action.kind == "play" and self.phase == "play"
                and seat == self.turn):  # a card listed just now: `check_legal` would agree
            last = _LAST_PLAY[0]
            cards = (last[2] if last is not None and last[0] is self and last[1] == seat
                     else self._play_cards(seat))
            if cards is not None and action.arg in cards:
                return self._play_card(seat, action.arg)
        last = _LAST_LEGAL[0]
        if type(action) is Action and last is not None and last[0] is self and last[1] == seat:
            menu = _MENUS.get(id(last[2]))  # a fixed menu just listed (the auction's)
            if menu is not None and menu[0] is last[2] and (action.kind, action.arg) in menu[2]:
                return getattr(self, _HANDLERS[self.phase])(seat, action)  # as check_legal
        parsed = self.check_legal(seat, action)
        return getattr(self, _HANDLERS[self.phase])(seat, parsed)

    def _ev(self, kind: str, text: str, seat: Seat | None = None, *, private: bool = False,
            **data: object) -> Event:
        return trusted(Event, {"kind": kind, "seat": seat, "text": text,
                               "private_to": seat if private else None, "data": data})

    # auction ------------------------------------------------------------------------------
    def _do_bid(self, seat: Seat, a: Action) -> tuple[Self, list[Event]]:
        roles = self.roles
        who = ROLE_NAMES[roles.index(seat)] if seat in roles else "sits out"  # `role_of`'s
        named = self.named if seat in self.named else [*self.named, seat]
        if a.kind == "bid":
            value = int(a.arg)
            if self.bid_stage == 2:  # isko: Vorhand takes the game himself after two passes
                ev = self._ev("bid", f"{who} plays at {value}.", seat, value=value)
                st = _evolve(self, {"bid": value, "named": named,
                                    "bid_log": [*self.bid_log, f"{who} {value}"]})
                return st._become_player(seat, [ev])
            ev = _said("bid", who, seat, value)
            return _evolve(self, {
                "bid": value, "awaiting": "answer", "named": named,
                "bid_log": [*self.bid_log, f"{who} {value}"],
            }), [ev]
        if a.kind == "hold":
            ev = _said("hold", who, seat, self.bid)
            return _evolve(self, {
                "awaiting": "ask", "named": named, "bid_log": [*self.bid_log, f"{who} ja"],
            }), [ev]
        # pass
        ev = _said("pass", who, seat, None)
        passed = {"passed": [*self.passed, seat], "bid_log": [*self.bid_log, f"{who} passe"]}
        v, _, h = roles
        survivor = self.listener if seat == self.asker else self.asker
        if self.bid_stage == 0 and survivor is not None:
            # Hinterhand now bids to the survivor of Mittelhand and Vorhand.
            return _evolve(self, {**passed, "bid_stage": 1, "asker": h, "listener": survivor,
                                  "awaiting": "ask"}), [ev]
        st = _evolve(self, passed)
        if self.bid_stage == 2:
            return st._all_passed([ev])
        assert survivor is not None
        # Stage 1 over. Nobody named a value: classic Vorhand must play ([A-12]); isko
        # Vorhand may still take the game at 18 himself.
        if self.bid == 0:
            if self.options.rules == "isko":
                return _evolve(st, {"bid_stage": 2, "asker": v, "listener": None,
                                    "awaiting": "ask"}), [ev]
            return st._become_player(v, [ev])
        return st._become_player(survivor, [ev])

    def _all_passed(self, events: list[Event]) -> tuple[Self, list[Event]]:
        if self.options.all_pass == "ramsch":
            events.append(self._ev("ramsch", "All passed: Ramsch! Every player for himself."))
            return self._start_ramsch(events)
        events.append(self._ev("thrown_in", "All passed: the deal is thrown in."))
        # Nobody looked at the skat of a thrown-in deal: it stays hidden, like the hands.
        result = DealResult(number=self.deal_no + 1, dealer=self.dealer, roles=self.roles,
                            skat=[], ended="thrown in", text=N_("Thrown in: all passed."),
                            deltas=[0] * self.players, bonus=[0] * self.players)
        return self._record(result, events)

    def _become_player(self, seat: Seat, events: list[Event]) -> tuple[Self, list[Event]]:
        role = self.role_of(seat)
        ev = _PLAYER_EVENTS.get((role, seat, self.bid))
        if ev is None:  # made once per wording and shared (events are immutable)
            bid = f"at {self.bid}" if self.bid else "without a bid"
            ev = _PLAYER_EVENTS[role, seat, self.bid] = self._ev(
                "player", f"{role} is the Player {bid}.", seat, bid=self.bid)
        events.append(ev)
        return _evolve(self, {"declarer": seat, "phase": "skat", "asker": None,
                              "listener": None}), events

    # skat decision ------------------------------------------------------------------------
    def _do_skat(self, seat: Seat, a: Action) -> tuple[Self, list[Event]]:
        who = self.role_of(seat)
        if a.kind == "skat":
            ev = self._ev("skat", f"{who} picks up the skat.", seat)
            return self._take_skat([ev])
        if a.kind == "hand":
            ev = self._ev("hand", f"{who} plays Hand.", seat)
            return _evolve(self, {"hand_game": True, "phase": "declare"}), [ev]
        if a.kind == "tourne":
            i = 0 if a.arg == "left" else 1
            peek = self.skat[i]
            ev = self._ev("tourne", f"{who} lifts the {a.arg} skat card (Tourne).", seat)
            private = self._ev("peek", N_("You see {card}.").format(card=pretty(peek)), seat,
                               private=True, card=peek)
            return _evolve(self, {"phase": "tourne_first", "peek": peek}), [ev, private]
        if a.kind == "guck":
            kind = "guck_grand" if a.arg == "grand" else "guck_nullo"
            contract = Contract(kind=kind)
            name = "Grand" if a.arg == "grand" else "Nullo"
            ev = self._ev("guck", f"{who} says {name} and takes up both skat cards (Guckser).",
                          seat, contract=contract.code)
            return _evolve(self, {"contract": contract})._take_skat([ev])
        if a.kind == "frage":
            ev = self._ev("frage", f"{who} takes up the skat (Frage).", seat)
            return self._take_skat([ev])
        # declare without the skat
        contract = Contract.parse(a.arg)
        if contract.is_ramsch:
            ev = self._ev("ramsch", f"{who} announces Ramsch: every player for himself.", seat)
            return self._start_ramsch([ev])
        return self._declared(contract, [])

    def _do_tourne_first(self, seat: Seat, a: Action) -> tuple[Self, list[Event]]:
        if a.kind == "surrender":
            return self._surrender_now(seat)
        assert self.peek is not None
        if a.kind == "accept":
            card, pn = self.peek, False
            text = f"turns {pretty(card)}"
        else:
            card = next(c for c in self.skat if c != self.peek)
            pn = True
            text = f"says passt nicht and turns {pretty(card)}"
        ev = self._ev("turn", f"{self.role_of(seat)} {text}.", seat, card=card, passt_nicht=pn)
        st = _evolve(self, {"turned": card, "passt_nicht": pn, "peek": None})
        if card[1] == "J":
            return _evolve(st, {"phase": "tourne_jack"}), [ev]
        contract = Contract(kind="tourne", suit=card[0], passt_nicht=pn)
        ev2 = self._ev("trump", f"{contract.label}.", seat, contract=contract.code)
        return _evolve(st, {"contract": contract})._take_skat([ev, ev2])

    def _do_tourne_jack(self, seat: Seat, a: Action) -> tuple[Self, list[Event]]:
        contract = Contract.parse(a.arg).model_copy(update={"passt_nicht": self.passt_nicht})
        ev = self._ev("trump", f"{self.role_of(seat)} chooses {contract.label}.", seat,
                      contract=contract.code)
        return _evolve(self, {"contract": contract})._take_skat([ev])

    def _take_skat(self, events: list[Event]) -> tuple[Self, list[Event]]:
        seat = self.declarer
        assert seat is not None
        hands = [list(h) for h in self.hands]
        hands[seat] = hands[seat] + list(self.skat)
        events.append(self._ev("skat_seen",
                               N_("The skat: {cards}.").format(cards=pretty_all(self.skat)), seat,
                               private=True, cards=list(self.skat)))
        return _evolve(self, {"hands": hands, "picked_up": True,
                              "phase": "discard"}), events

    def _do_discard(self, seat: Seat, a: Action) -> tuple[Self, list[Event]]:
        if a.kind == "surrender":
            return self._surrender_now(seat)
        cards = a.arg.split(",")
        hands = [list(h) for h in self.hands]
        hands[seat] = [c for c in hands[seat] if c not in cards]
        ev = self._ev("discard", f"{self.role_of(seat)} lays away two cards.", seat)
        mine = self._ev("laid_away", N_("You lay away {cards}.").format(cards=pretty_all(cards)),
                        seat, private=True, cards=cards)
        st = _evolve(self, {"hands": hands, "laid_away": cards})
        if self.contract is not None:  # Tourne and Guckser were named before the pickup
            return st._start_play([ev, mine])
        return _evolve(st, {"phase": "declare"}), [ev, mine]

    def _do_declare(self, seat: Seat, a: Action) -> tuple[Self, list[Event]]:
        return self._declared(Contract.parse(a.arg), [])

    def _declared(self, contract: Contract, events: list[Event]) -> tuple[Self, list[Event]]:
        seat = self.declarer
        assert seat is not None
        f = facts(contract)
        role = self.role_of(seat)
        ev = _DECLARED.get((role, seat, f.code, f.label))
        if ev is None:  # made once per wording and shared (events are immutable)
            ev = _DECLARED[role, seat, f.code, f.label] = self._ev(
                "declare", f"{role} plays {f.label}.", seat, contract=f.code)
        events.append(ev)
        return _evolve(self, {"contract": contract})._start_play(events)

    def _start_play(self, events: list[Event]) -> tuple[Self, list[Event]]:
        contract = self.contract
        assert contract is not None and self.declarer is not None
        if contract.is_open:
            shown = sorted(self.hands[self.declarer], key=contract.sort_key)
            events.append(self._ev("open", f"The Player's cards lie open: {pretty_all(shown)}.",
                                   self.declarer, cards=shown))
            if contract.kind == "revolution":
                events.append(self._ev("revolution", "Revolution: the opponents see each "
                                       "other's cards and may consult."))
        st = _evolve(self, {"phase": "play", "turn": self.roles[0]})
        if self.options.kontra_re:
            queue = [s for s in self.defenders()
                     if not self.options.kontra_requires_bid or s in self.named]
            if queue:
                return _evolve(st, {"phase": "kontra", "kontra_queue": queue}), events
        return st, events

    def _do_kontra(self, seat: Seat, a: Action) -> tuple[Self, list[Event]]:
        who = self.role_of(seat)
        if a.kind == "kontra":
            ev = self._ev("kontra", f"{who}: Kontra!", seat)
            assert self.declarer is not None
            return _evolve(self, {"kontra": 1, "kontra_queue": [self.declarer]}), [ev]
        if a.kind == "re":
            ev = self._ev("re", f"{who}: Re!", seat)
            return _evolve(self, {"kontra": 2, "kontra_queue": [],
                                  "phase": "play"}), [ev]
        queue = self.kontra_queue[1:]
        st = _evolve(self, {"kontra_queue": queue})
        if not queue:
            st = _evolve(st, {"phase": "play"})
        return st, []

    def _start_ramsch(self, events: list[Event]) -> tuple[Self, list[Event]]:
        return _evolve(self, {"contract": Contract(kind="ramsch"), "declarer": None,
                              "phase": "play", "turn": self.roles[0], "asker": None,
                              "listener": None}), events

    # play ---------------------------------------------------------------------------------
    def _do_play(self, seat: Seat, a: Action) -> tuple[Self, list[Event]]:
        if a.kind == "surrender":
            return self._surrender_now(seat)
        if a.kind in ("concede", "claim_rest", "claim_win", "claim_defeat"):
            st, events = self._claim(seat, a.kind)
            if a.kind == "concede" or not any(e.kind == "result" for e in events):
                return st, events
            # A claimant lays his cards down: they become part of the deal's public record.
            assert st.last is not None
            shown = {**st.last.shown, seat: sorted(self.hands[seat], key=card_key)}
            last = st.last.model_copy(update={"shown": shown, "claimant": seat})
            return _evolve(st, {"last": last}), events
        return self._play_card(seat, a.arg)

    def _play_card(self, seat: Seat, card: Card) -> tuple[Self, list[Event]]:
        roles = self.roles
        at = roles.index(seat)
        events = [_SAID.get(("play", ROLE_NAMES[at], seat, card))
                  or _said("play", ROLE_NAMES[at], seat, card)]
        if len(self.trick) < 2:
            return played(self, seat, card, roles[(at + 1) % 3]), events
        contract = self.contract or GRAND
        kind, suit = contract.kind, contract.suit
        led = card_order(kind, suit).eff.get(self.trick[0][1])
        try:  # `Contract.trick_winner` by the strength table of the contract and the led suit
            st, winner = took(self, seat, card,
                              _STRENGTHS.get((kind, suit, led)) or _strength(kind, suit, led),
                              _TRICK_RECORD, self.trick[0][0], False)
        except KeyError:  # a card outside the tables: by the definitions
            hands = list(self.hands)  # the other hands are shared: a state is never changed
            mine = list(hands[seat])
            mine.remove(card)
            hands[seat] = mine
            trick = [*self.trick, (seat, card)]
            winner = contract.trick_winner(trick)
            done = trusted(Trick, {"leader": trick[0][0], "plays": trick, "winner": winner})
            st = _evolve(self, {"hands": hands, "trick": [], "tricks": [*self.tricks, done],
                                "turn": winner})
        pts = points_of([*[c for _, c in self.trick], card])
        events.append(_said("trick", ROLE_NAMES[roles.index(winner)], winner, pts))
        f = facts(contract)
        early = (f.is_null and winner == self.declarer) or (
            f.schwarz_announced and winner != self.declarer
        )
        done_tricks = len(self.tricks) + 1
        if done_tricks == 10 or early:
            return st._finish("played out" if done_tricks == 10 else "stopped early", events)
        return st, events

    def _surrender_now(self, seat: Seat) -> tuple[Self, list[Event]]:
        ev = self._ev("surrender", f"{self.role_of(seat)} throws down his hand: Tourne lost "
                      "at the simple level.", seat)
        return self._finish("surrendered", [ev], simple=True, forced=False, give_rest=False)

    def _claim(self, seat: Seat, kind: str) -> tuple[Self, list[Event]]:
        contract = self.effective_contract()
        decl = self.declarer
        assert decl is not None
        who = self.role_of(seat)
        if kind == "concede":
            if seat == decl:
                ev = _shared("concede", f"{who} declares his game lost.", seat)
                if self.options.rules == "isko" and len(self.hands[decl]) >= 9:
                    return self._finish("conceded", [ev], simple=True, forced=False,
                                        give_rest=False)
                return self._finish("conceded", [ev], rest_to="defenders", forced=False)
            ev = _shared("concede", f"{who} concedes: the Player wins.", seat)
            return self._finish("conceded by the opponents", [ev], simple=True, forced=True,
                                give_rest=False, schneider_if_needed=True)
        side = {decl} if seat == decl else set(self.defenders())
        hands = {s: list(self.hands[s]) for s in self.roles}
        pos = (self.roles, hands, self.trick, self.turn_seat(), contract)
        if kind == "claim_rest":
            ok = solver.can_take_all(*pos, side)
            if ok:
                ev = self._ev("claim", f"{who} claims the rest: correct.", seat)
                rest = "declarer" if seat == decl else "defenders"
                return self._finish("rest claimed", [ev], rest_to=rest)
            if self.options.claim_policy == "verify_or_reject":
                return self, [self._ev("claim_refused", f"{who} claims the rest, but the other "
                                       "side can still take a trick: play on.", seat)]
            ev = self._ev("claim", f"{who} claims the rest wrongly: the other side takes "
                          "every remaining trick (rule 14).", seat)
            rest = "defenders" if seat == decl else "declarer"
            return self._finish("wrong claim of the rest", [ev], rest_to=rest)
        need = self._needed()
        if kind == "claim_win":
            if contract.is_null:
                ok = solver.can_avoid_tricks(*pos, decl)
                ev = self._ev("claim", f"{who} lays down his cards claiming the game: "
                              f"{'correct' if ok else 'wrong (rule 9)'}.", seat)
                return self._finish("claimed won" if ok else "wrong claim (rule 9)", [ev],
                                    forced=ok, give_rest=False)
            have = self._current_points(decl)
            ok = (solver.can_take_all(*pos, {decl}) if contract.schwarz_announced
                  else solver.can_reach(*pos, decl, need - have))
            ev = self._ev("claim", f"{who} lays down his cards claiming the game: "
                          f"{'correct' if ok else 'wrong (rule 9)'}.", seat)
            if not ok:
                return self._finish("wrong claim (rule 9)", [ev], rest_to="defenders",
                                    forced=False)
            # Correct: the Player gets the best level he can force (the solver's line).
            if solver.can_take_all(*pos, {decl}):
                return self._finish("claimed won", [ev], rest_to="declarer")
            rest = points_of([c for s in self.roles for c in self.hands[s]]
                             + [c for _, c in self.trick])
            threshold = self.options.schneider_threshold
            got = threshold if solver.can_reach(*pos, decl, threshold - have) else need
            got = min(max(got - have, 0), rest)
            return self._finish("claimed won", [ev], extra=(got, 1 if got else 0))
        # claim_defeat (an opponent, rule 10)
        if contract.is_null:
            ok = not solver.can_avoid_tricks(*pos, decl)
            ev = self._ev("claim", f"{who} claims the Player must take a trick: "
                          f"{'correct' if ok else 'wrong (rule 10)'}.", seat)
            if ok:
                return self._finish("claimed beaten", [ev], forced=False, give_rest=False)
            return self._finish("wrong claim (rule 10)", [ev], forced=True, give_rest=False,
                                penalty=seat)
        ev = self._ev("claim", f"{who} lays down his cards claiming the Player beaten: the "
                      "remaining cards go to the Player (rule 10).", seat)
        return self._finish("claim of defeat", [ev], rest_to="declarer", penalty=seat)

    def turn_seat(self) -> Seat:
        assert self.turn is not None
        return self.turn

    def _needed(self) -> int:
        c = self.effective_contract()
        if c.schwarz_announced:
            return 120
        if c.schneider_announced:
            return self.options.schneider_threshold
        return 61

    def _trick_points(self) -> dict[Seat, int]:
        """Card points in each active seat's tricks so far (the skat not counted)."""
        out = {s: 0 for s in self.roles}
        for t in self.tricks:
            out[t.winner] += points_of([c for _, c in t.plays])
        return out

    def _current_points(self, seat: Seat) -> int:
        own = sum(points_of([c for _, c in t.plays]) for t in self.tricks if t.winner == seat)
        return own + points_of(self.laid_away if self.picked_up else self.skat)

    # ---- the end of a deal -------------------------------------------------------------
    def _finish(self, ended: str, events: list[Event], *, simple: bool = False,
                forced: bool | None = None, give_rest: bool = True,
                rest_to: str | None = None, extra: tuple[int, int] | None = None,
                penalty: Seat | None = None,
                schneider_if_needed: bool = False) -> tuple[Self, list[Event]]:
        contract = self.effective_contract()
        n = self.players
        tricks = list(self.tricks)
        # Cards still in play go to a side when a claim or concession settles them.
        rest_cards = [c for s in self.roles for c in self.hands[s]] + [c for _, c in self.trick]
        rest_points = points_of(rest_cards)
        rest_tricks = 10 - len(tricks)
        trick_points = {s: 0 for s in self.roles}
        trick_count = {s: 0 for s in self.roles}
        for t in tricks:
            trick_points[t.winner] += points_of([c for _, c in t.plays])
            trick_count[t.winner] += 1
        skat_cards = self.laid_away if self.picked_up else self.skat
        deltas = [0] * n
        bonus = [0] * n
        score: SkatScore | None = None
        ramsch: RamschScore | None = None
        decl_points: int | None = None
        f = facts(contract)
        if f.is_ramsch:
            last = tricks[-1].winner
            ramsch = score_ramsch(trick_points, trick_count, points_of(self.skat), last,
                                  self.options)
            for s, v in ramsch.entries.items():
                deltas[s] += v
            points = ", ".join(f"{seat_names(n)[s]} {p}" for s, p in ramsch.points.items())
            text = N_("{ramsch} (card points: {points})").format(ramsch=ramsch.text,
                                                                 points=points)
        else:
            decl = self.declarer
            assert decl is not None
            pts = trick_points[decl] + points_of(skat_cards)
            ntricks = trick_count[decl]
            if give_rest and rest_to == "declarer":
                pts += rest_points
                ntricks += rest_tricks
            elif extra is not None:
                pts += extra[0]
                ntricks += extra[1]
            decl_points = pts
            cards12 = [*self._dealt(decl), *self.skat]
            score = score_game(contract, self.options, cards12=cards12, points=pts,
                               tricks=ntricks, bid=self.bid, simple=simple,
                               surrendered=ended == "surrendered", kontra=self.kontra,
                               won=forced)
            threshold = self.options.schneider_threshold
            if schneider_if_needed and score.overbid and pts + rest_points >= threshold:
                # A defenders' concession awards the schneider the Player needed for his bid
                # while he could still reach it ([I-2]).
                pts = max(pts, threshold)
                score = score_game(contract, self.options, cards12=cards12, points=pts,
                                   tricks=max(ntricks, 1), bid=self.bid, kontra=self.kontra,
                                   won=True)
            deltas[decl] += score.entry
            if penalty is not None and score.won:
                deltas[penalty] -= score.entry  # NASL 10 and 15: the erring opponent pays
            if self.options.score_sheet == "seeger_fabian":
                bonus = seeger_bonus(n, decl, self.defenders(), score.won)
            role = self.role_of(decl)
            who = _WHO.get((n, decl, role))
            if who is None:
                who = _WHO[n, decl, role] = N_("{name} ({role})").format(
                    name=seat_names(n)[decl], role=role)
            said = (N_("{who}: {game}. {score}") if f.is_null
                    else N_("{who}: {game}, {points} card points. {score}"))
            text = said.format(who=who, game=f.label, points=pts, score=score.text)
        shown: dict[Seat, list[Card]] = {}
        if f.is_open and self.declarer is not None and len(tricks) < 10:
            shown[self.declarer] = sorted(self.hands[self.declarer], key=card_key)
        result = trusted(DealResult, {
            "number": self.deal_no + 1, "dealer": self.dealer, "roles": self.roles,
            "declarer": self.declarer, "contract": f.code, "label": f.label,
            "bid": self.bid, "skat": self.skat, "laid_away": self.laid_away, "tricks": tricks,
            "declarer_points": decl_points, "trick_points": trick_points, "ended": ended,
            "score": score, "ramsch": ramsch, "deltas": deltas, "bonus": bonus, "text": text,
            "unfinished": list(self.trick), "shown": shown,
        })
        events.append(trusted(Event, {"kind": "result", "text": text,
                                      "data": {"skat": self.skat, "deltas": deltas}}))
        return self._record(result, events)

    def _dealt(self, seat: Seat) -> list[Card]:
        """The ten cards the seat was dealt (rebuilt: hand + played + laid away - skat)."""
        played = [c for t in self.tricks for s, c in t.plays if s == seat]
        played += [c for s, c in self.trick if s == seat]
        mine = [*self.hands[seat], *played]
        if seat == self.declarer and self.picked_up:
            mine = [c for c in [*mine, *self.laid_away] if c not in self.skat]
        return mine

    def _record(self, result: DealResult, events: list[Event]) -> tuple[Self, list[Event]]:
        sheet = self.sheet.add(trusted(SheetEntry, {"deal": result.number, "text": result.text,
                                                    "deltas": result.deltas,
                                                    "bonus": result.bonus}))
        if (self.deal_no + 1) % self.players == 0:
            names = seat_names(self.players)
            totals = ", ".join(f"{names[i]} {t:+d}" for i, t in enumerate(sheet.list_totals()))
            events.append(trusted(Event, {
                "kind": "round",
                "text": f"Round {(self.deal_no + 1) // self.players} is over. Totals: {totals}."}))
        if self.deal_no + 1 >= self.total_deals:
            events.append(trusted(Event, {"kind": "over", "text": "The series is over."}))
            return _evolve(self, {"sheet": sheet, "last": result, "phase": "over", "turn": None,
                                  "asker": None, "listener": None, "kontra_queue": []}), events
        nxt = self._deal(self.deal_no + 1, None, {"sheet": sheet, "last": result})
        key = (self.players, nxt.deal_no, nxt.roles[0])
        ev = _DEALT.get(key)
        if ev is None:  # made once per wording and shared (events are immutable)
            ev = _DEALT[key] = trusted(Event, {
                "kind": "deal", "text": f"Deal {nxt.deal_no + 1}: "
                f"{ROLE_NAMES[0]} is {seat_names(self.players)[nxt.roles[0]]}."})
        events.append(ev)
        return nxt, events

    # ---- dealing -----------------------------------------------------------------------
    def _deal(self, number: int, fixed: dict[str, object] | None,
              carried: dict[str, object] | None = None) -> Self:
        """Deal ``number`` (``fixed``: its cards given); ``carried``: other fields changed in
        the same copy (the sheet and last result of the deal just ended)."""
        n = self.players
        dealer = (self.first_dealer + number) % n
        roles = roles_for(n, dealer)
        hands: list[list[Card]] = [[] for _ in range(n)]
        if fixed and fixed.get("hands"):
            given = fixed["hands"]
            assert isinstance(given, list)
            for s in range(n):
                hands[s] = list(given[s])
            skat = list(fixed["skat"])  # type: ignore[call-overload]
        else:
            cards = shuffled(FULL_DECK, rng_for(self.seed, "deal", number))
            plan = _DEALINGS.get((n, dealer)) or _dealing(n, dealer)
            for s, take in plan:
                hands[s] = list(take(cards))
            skat = cards[9:11]
        forced_ramsch = (number + 1) in self.options.forced_ramsch_deals
        st = _evolve(self, {
            "deal_no": number, "dealer": dealer, "roles": roles, "hands": hands, "skat": skat,
            "laid_away": [], "bid": 0, "bid_stage": 0, "asker": roles[1], "listener": roles[0],
            "awaiting": "ask", "passed": [], "named": [], "bid_log": [], "declarer": None,
            "picked_up": False, "hand_game": False, "peek": None, "turned": None,
            "passt_nicht": False, "contract": None, "kontra": 0,
            "kontra_queue": [], "trick": [], "tricks": [], "turn": None, "phase": "bid",
            **(carried or {}),
        })
        if forced_ramsch:
            return st._start_ramsch([])[0]
        return st

    # ---- views -------------------------------------------------------------------------
    def view(self, seat: Seat | None) -> SkatView:
        contract = self.contract
        order = self.effective_contract()
        open_hands: dict[int, list[Card]] = {}
        in_play = self.phase in ("kontra", "play")
        if contract is not None and contract.is_open and in_play and self.declarer is not None:
            open_hands[self.declarer] = sorted(self.hands[self.declarer], key=order.sort_key)
            if (contract.kind == "revolution" and seat is not None
                    and seat in self.defenders()):
                for s in self.defenders():
                    if s != seat:
                        open_hands[s] = sorted(self.hands[s], key=order.sort_key)
        hand = sorted(self.hands[seat], key=order.sort_key) if seat is not None else []
        is_decl = seat is not None and seat == self.declarer
        last_trick = self.tricks[-1] if self.tricks and not self.trick else None
        return SkatView(
            game="skat", seat=seat, players=self.players, to_act=self.to_act,
            over=self.phase == "over", rules=self.options.rules, phase=self.phase,
            deal_no=self.deal_no, total_deals=self.total_deals, dealer=self.dealer,
            roles=self.roles, hand=hand, hand_sizes=[len(h) for h in self.hands],
            bid=self.bid, bid_log=self.bid_log, asker=self.asker, listener=self.listener,
            awaiting=self.awaiting, passed=self.passed, declarer=self.declarer,
            contract=contract.code if contract else None,
            contract_label=contract.label if contract else "",
            hand_game=self.hand_game, turned=self.turned, passt_nicht=self.passt_nicht,
            peek=self.peek if is_decl else None,
            skat=list(self.skat) if is_decl and self.picked_up else None,
            laid_away=list(self.laid_away) if is_decl else None,
            open_hands=open_hands, trick=self.trick, last_trick=last_trick,
            tricks=list(self.tricks) if self.options.trick_history == "all" else [],
            tricks_played=len(self.tricks), kontra=self.kontra,
            played=[p for t in self.tricks for p in t.plays],
            card_points=self._trick_points() if self.options.show_card_points else None,
            totals=self.sheet.list_totals(), last=self.last,
        )

    # ---- outcome -----------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        totals = self.sheet.list_totals()
        points = self.sheet.settlement() if self.options.settlement == "prove_score" else totals
        ranks = [1 + sum(1 for q in points if q > p) for p in points]
        names = seat_names(self.players)
        lines = [N_("Deal {n}: {line}").format(n=e.deal, line=e.text)
                 for e in self.sheet.entries]
        lines.append(N_("Totals: {totals}").format(totals=", ".join(
            f"{names[i]} {t:+d}" for i, t in enumerate(totals))))
        if self.options.settlement == "prove_score":
            lines.append(N_("Proving the score: {totals}").format(totals=", ".join(
                f"{names[i]} {p:+d}" for i, p in enumerate(points))))
        if self.options.point_stake:
            stake = self.options.point_stake
            money = ", ".join(f"{names[i]} {p * stake:+.2f}" for i, p in enumerate(points))
            lines.append(N_("At {stake} a point: {totals}").format(stake=f"{stake:g}",
                                                                   totals=money))
        return Outcome(points=[float(p) for p in points], ranks=ranks,
                       tallies={"list_points": [float(t) for t in totals]},
                       winners=[i for i, r in enumerate(ranks) if r == 1], lines=lines)


class SkatView(View):
    """What one seat sees. ``hand`` is its own cards (sorted for the contract); ``open_hands``
    the cards shown to it (the Player's in open games, the partner's in Revolution); ``skat`` and
    ``laid_away`` only for the Player who took the skat up; ``peek`` the first Tourne card, for
    the Player alone; ``turned`` the public trump card; ``last_trick`` only until the next lead
    (all ``tricks`` with ``trick_history='all'``); ``totals`` the score sheet; ``last`` the
    previous deal's public result (skat, tricks, score line).

    ``played`` is the player's memory, not the table: every card of this deal's completed
    tricks in play order. Each seat saw them fall and may remember and count them (the book
    forbids only *looking back* at turned tricks), so the AI gets them; renderers must keep
    showing ``last_trick`` alone (and ``card_points`` only when the table shows them)."""

    rules: str
    phase: str
    deal_no: int
    total_deals: int
    dealer: Seat
    roles: list[Seat]
    hand: list[Card]
    hand_sizes: list[int]
    bid: int
    bid_log: list[str]
    asker: Seat | None
    listener: Seat | None
    awaiting: str
    passed: list[Seat]
    declarer: Seat | None
    contract: str | None
    contract_label: str
    hand_game: bool
    turned: Card | None
    passt_nicht: bool
    peek: Card | None
    """The first Tourne card, seen by the Player alone."""
    skat: list[Card] | None
    """The original skat, for the Player who took it up."""
    laid_away: list[Card] | None
    open_hands: dict[int, list[Card]] = Field(default_factory=dict)
    trick: list[tuple[Seat, Card]]
    last_trick: Trick | None
    tricks: list[Trick]
    tricks_played: int
    kontra: int
    played: list[tuple[Seat, Card]] = Field(default_factory=list)
    """Completed tricks' cards in play order (three per trick, the leader first): memory."""
    card_points: dict[int, int] | None = None
    """Running card points per active seat, only when the table shows them
    (``show_card_points``)."""
    totals: list[int]
    last: DealResult | None


def _sort_key(contract: Contract, cards: list[Card]) -> Callable[[Card], tuple[int, int]]:
    """`Contract.sort_key` as a plain table lookup when every card is in its table."""
    table = card_order(contract.kind, contract.suit).sort
    return table.__getitem__ if all(c in table for c in cards) else contract.sort_key


_ACTIONS: dict[tuple[str, str], Action] = {}


def _action(kind: str, arg: str) -> Action:
    """One shared `Action` per legal move (actions are immutable), so listing the legal moves
    does not validate a new model for each of them every time. The engine's moves are a
    finite set (cards, bids, contracts, pairs of cards), so the table stays small."""
    made = _ACTIONS.get((kind, arg))
    if made is None:
        made = _ACTIONS[kind, arg] = act(kind, arg)
    return made


_MENUS: dict[int, tuple[tuple[tuple[str, str], ...], tuple[Action, ...],
                        frozenset[tuple[str, str]]]] = {}
"""Fixed menus of legal moves (kept alive here) by their id, with their `Action`s made once
and as a set: `legal_actions` copies them instead of looking each move up, `check_legal`
finds a move in one look."""


def _menu(pairs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """``pairs`` as a fixed menu: the same tuple (and its actions) every time it is asked."""
    got = _MENU_OF.get(pairs)
    if got is None:
        got = _MENU_OF[pairs] = pairs
        _MENUS[id(pairs)] = (pairs, tuple(_action(k, a) for k, a in pairs), frozenset(pairs))
    return got


_MENU_OF: dict[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = {}


@cache
def _bid_menu(rules: RuleSet, current: int, min_bid: int) -> tuple[tuple[str, str], ...]:
    return _menu((*(("bid", str(v)) for v in bids_above(rules, current, min_bid)),
                  ("pass", "")))


_ANSWER = _menu((("hold", ""), ("pass", "")))
_SKAT_MENUS: dict[tuple[object, ...], tuple[tuple[str, str], ...]] = {}
"""The moves of the skat phase by what they depend on (rules, bid, options, who plays)."""
_SURRENDER = (("surrender", ""),)
_PLAY = {c: ("play", c) for c in FULL_DECK}
_PLAY_ACTIONS = {c: _action("play", c) for c in FULL_DECK}
_STRENGTHS: dict[tuple[str, str | None, str | None], dict[Card, int]] = {}


def _strength(kind: str, suit: str | None, led: str | None) -> dict[Card, int]:
    """How strongly each card of the deck plays to a trick led with effective suit ``led``
    in the contract (kind, suit): a trump 1000 + its power, a card of the led suit its power
    (1 and up), any other 0; the first card of the highest strength wins, as
    `Contract.trick_winner` decides."""
    order = card_order(kind, suit)
    got = _STRENGTHS[kind, suit, led] = {
        c: 1000 + order.power[c] if e == "T" else order.power[c] if e == led else 0
        for c, e in order.eff.items()}
    return got


_LAST_PLAY: list[tuple[object, int, list[Card] | None, Seat | None,
                      dict[Card, Event] | None] | None] = [None]
"""The last play listed: state, seat, cards, the turn after the card (None: it ends the
trick), the seat's card events (`base.play_listed`)."""
_PLAY_EVENTS: dict[tuple[str, Seat], dict[Card, Event]] = {}


def _play_events(role: str, seat: Seat) -> dict[Card, Event]:
    """The events of every card the seat may play in its role (`_said`'s)."""
    got = _PLAY_EVENTS[role, seat] = {c: _said("play", role, seat, c) for c in FULL_DECK}
    return got


def _claim_pairs(concede: bool, claim: bool, nasl: bool, is_decl: bool
                 ) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    if concede:
        out.append(("concede", ""))
    if claim:
        out.append(("claim_rest", ""))
        if nasl:
            out.append(("claim_win" if is_decl else "claim_defeat", ""))
    return tuple(out)


_CLAIMS = {(a, b, c, d): _claim_pairs(a, b, c, d)
           for a in (False, True) for b in (False, True) for c in (False, True)
           for d in (False, True)}
"""`SkatState._claims` by (concede offered, cards few enough to claim, NASL policy, the
Player asking)."""

_ORDERS: dict[tuple[str, str | None], Any] = {}
"""`card_order`'s tables by (kind, suit), in a plain dict (the compiled listing reads it)."""


def _order(contract: Contract) -> Any:
    got = _ORDERS[contract.kind, contract.suit] = card_order(contract.kind, contract.suit)
    return got


_EXTRAS: dict[tuple[object, ...], tuple[Action, ...]] = {}
"""The moves offered to the seat to play beside its cards (`_surrender`, `_claims`), by what
they depend on: (contract kind, claim policy, Tourne surrender allowed, rules, the Player
asking, few enough cards to claim, before the lead to trick 2)."""


def _extras(key: tuple[object, ...]) -> tuple[Action, ...]:
    kind, policy, tourne_surrender, rules, is_decl, few, early = key
    surrender = bool(kind in ("tourne", "tourne_grand") and is_decl and tourne_surrender
                     and rules == "classic" and early)
    if policy == "off" or kind == "ramsch":
        got = _OFFERED[surrender, False, False, False, is_decl]
    else:
        got = _OFFERED[surrender, is_decl or policy == "verify_or_reject", few,
                       policy == "nasl", is_decl]
    _EXTRAS[key] = got
    return got


def _plays_py(state: SkatState, seat: Seat, cell: list[Any], orders: dict[Any, Any],
              actions: dict[Card, Action], events: dict[Any, Any],
              extras: dict[Any, Any], role_names: Sequence[str], claim_cards: int
              ) -> list[Action] | None:
    """`legal_actions`' card plays from its kept tables only, as `_copyc.skat_plays` lists
    them (the reference it is tested against): None (the general way, which makes the tables)
    for another phase or seat, no contract, a table not made yet or a card outside it."""
    d = state.__dict__
    if type(seat) is not int or d["phase"] != "play" or seat != d["turn"]:
        return None
    contract, roles, hands, trick = d["contract"], d["roles"], d["hands"], d["trick"]
    if (contract is None or type(roles) is not list or len(roles) != 3 or seat not in roles
            or type(hands) is not list or type(trick) is not list
            or not -len(hands) <= seat < len(hands)):
        return None
    c = contract.__dict__
    order = orders.get((c["kind"], c["suit"]))
    if order is None:
        return None
    try:
        cards, plays = follow_py(hands[seat], trick[0][1] if trick else None, order[0],
                                 order[3], actions)
    except KeyError:
        return None
    at = roles.index(seat)
    kept = events.get((role_names[at], seat))
    o = d["options"].__dict__
    tricks = d["tricks"]
    extra = extras.get((c["kind"], o["claim_policy"], o["tourne_surrender"], o["rules"],
                        seat == d["declarer"], len(hands[seat]) <= claim_cards,
                        not tricks or (len(tricks) == 1 and not trick)))
    if kept is None or extra is None:
        return None
    cell[0] = (state, seat, cards, roles[(at + 1) % 3] if len(trick) < 2 else None, kept)
    if extra:
        plays += extra
    return plays


_skat_plays = None if _copyc is None else _copyc.skat_plays


_OFFERED = {(sur, *key): tuple(_action(k, a) for k, a in (*(_SURRENDER if sur else ()),
                                                          *claims))
            for sur in (False, True) for key, claims in _CLAIMS.items()}
"""The moves offered to the seat to play beside its cards, as actions: by (the Tourne
surrender open, then `_CLAIMS`' key). A policy without claims looks up (..., False, False,
False, is_decl): nothing."""


_HANDLERS = {phase: f"_do_{phase}" for phase in Phase.__args__}  # type: ignore[attr-defined]


def _discard_pairs(hand: list[Card]) -> list[tuple[str, str]]:
    """Every two cards of the hand in deck order, as ``discard`` pairs."""
    try:
        ordered = sorted(hand, key=DECK_INDEX.__getitem__)
        return [_DISCARDS[ab] for ab in combinations(ordered, 2)]
    except KeyError:  # a card outside the deck (never dealt): spelled out
        ordered = sorted(hand, key=card_key)
        return [("discard", f"{a},{b}") for a, b in combinations(ordered, 2)]


_DISCARDS = {(a, b): ("discard", f"{a},{b}") for a, b in combinations(FULL_DECK, 2)}
"""The ``discard`` pair of every two cards of the deck, in deck order."""




_SAID: dict[tuple[str, str, Seat, object], Event] = {}
_PLAYER_EVENTS: dict[tuple[str, Seat, int], Event] = {}
"""The auction's end ("Mittelhand is the Player at 20.") by (role, seat, bid)."""
_SHARED: dict[tuple[str, str, Seat], Event] = {}


def _shared(kind: str, text: str, seat: Seat) -> Event:
    """`SkatState._ev`'s public event without data, made once per wording and shared (events
    are immutable); for the texts of a few fixed phrases and the role names."""
    ev = _SHARED.get((kind, text, seat))
    if ev is None:
        ev = _SHARED[kind, text, seat] = trusted(Event, {"kind": kind, "seat": seat,
                                                         "text": text, "private_to": None,
                                                         "data": {}})
    return ev


_DEALT: dict[tuple[int, int, Seat], Event] = {}
"""A new deal's announcement by (persons, deal, Vorhand's seat)."""
_DECLARED: dict[tuple[str, Seat, str, str], Event] = {}
"""The declarations ("Vorhand plays Grand.") by (role, seat, contract code, label)."""
_WHO: dict[tuple[int, Seat, str], str] = {}
"""The Player as a deal's result names him ("Seat 2 (Mittelhand)"), by (persons, seat, role)."""


def _said(kind: str, who: str, seat: Seat, what: object) -> Event:
    """The public event of the moves made most (a card played, a trick taken, a bid, a hold,
    a pass), made once per wording and shared (events are immutable): what `_ev` would make."""
    key = (kind, who, seat, what)
    ev = _SAID.get(key)
    if ev is not None:
        return ev
    if kind == "play":
        text, data = f"{who} plays {pretty(what)}.", {"card": what}  # type: ignore[arg-type]
    elif kind == "trick":
        text, data = f"{who} takes the trick ({what}).", {"points": what}
    elif kind == "bid":
        text, data = f"{who} says {what}.", {"value": what}
    elif kind == "hold":
        text, data = f"{who} holds {what} (ja).", {"value": what}
    else:  # pass
        text, data = f"{who} passes (passe).", {}
    ev = _SAID[key] = trusted(Event, {"kind": kind, "seat": seat, "text": text,
                                      "private_to": None, "data": data})
    return ev


def _canonical_discard(a: Action) -> Action:
    cards = a.arg.split(",")
    if len(cards) != 2 or any(c not in DECK_INDEX for c in cards):
        raise IllegalAction(N_("Lay away exactly two of your cards, e.g. `discard:CJ,HT`."))
    return act("discard", ",".join(sorted(cards, key=card_key)))


def new_state(players: int, options: SkatOptions, seed: int,
              deal: dict[str, object] | None = None) -> SkatState:
    """A fresh series; ``deal`` may fix the first deal: ``hands`` (per seat), ``skat``,
    ``dealer``."""
    total = options.deals or options.rounds * players
    if deal and "dealer" in deal:
        first = int(deal["dealer"])  # type: ignore[call-overload]
    elif options.dealer_selection == "fixed":
        first = players - 1
    else:
        first = rng_for(seed, "dealer").randrange(players)
    sheet = {"persons": players, "seeger_fabian": options.score_sheet == "seeger_fabian"}
    values = {"players": players, "seed": seed, "options": options, "total_deals": total,
              "first_dealer": first}
    if (type(players) is int and type(seed) is int and type(options) is SkatOptions
            and type(total) is int and type(first) is int):  # what validation would make
        st = trusted(SkatState, {**values, "sheet": trusted(SkatScoreSheet, sheet)})
    else:
        st = SkatState(**values, sheet=SkatScoreSheet(**sheet))
    if deal:
        _check_deal(players, first, deal)
    return st._deal(0, deal)


def _check_deal(players: int, dealer: Seat, deal: dict[str, object]) -> None:
    hands = deal.get("hands")
    if hands is None:
        return
    roles = roles_for(players, dealer)
    if not isinstance(hands, list) or len(hands) != players:
        raise InvalidOptions("A fixed deal needs one hand per seat.")
    skat = list(deal.get("skat") or [])  # type: ignore[call-overload]
    cards = [c for h in hands for c in h] + skat
    if sorted(cards) != sorted(FULL_DECK):
        raise InvalidOptions("A fixed deal must use each of the 32 cards once.")
    for s in range(players):
        if len(hands[s]) != (10 if s in roles else 0):
            raise InvalidOptions(f"Seat {s + 1} has the wrong number of cards for this dealer.")


plain_attributes(SkatState, Trick, DealResult, Contract, SkatOptions, SkatScore, SheetEntry,
                 SkatScoreSheet)
_TRICK_RECORD = recipe(Trick)
"""How `took` records a trick (`trusted`'s build of a `Trick`)."""
