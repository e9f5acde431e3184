"""The rules-core contract every Parlour game implements.

One small protocol for every game (as OpenSpiel does), so the table service, the AI harness,
the property tests and the golden transcripts work on all of them without knowing the game:

- a `Game` knows its key, player counts, option model and presets, and makes a new `State`;
- a `State` is an immutable pydantic model: `to_act`, `legal_actions(seat)`, `apply(seat, action)`
  (returning a *new* state and the public/private `Event`s it caused), `view(seat)` (exactly what
  that seat may see; `None` is the public table) and `outcome()` once the game is over.

Everything here is pure and deterministic: all randomness comes from the seed given to `new`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from hashlib import sha512 as _sha512
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

Seat = int
"""Seats are numbered 0..n-1 clockwise."""


class GameError(Exception):
    """Base of every error the rules core raises; the message is meant for players."""


class IllegalAction(GameError):
    """The action is not legal now for that seat; the state is unchanged."""


class InvalidOptions(GameError):
    """A preset or option combination that cannot be played; the message says why."""


class Action(BaseModel):
    """A move in compact text form: ``kind`` plus an optional ``arg`` (``play:CJ``, ``bid:18``).

    One action type for every game keeps custom ids, logs and transcripts uniform; a game gives
    the kinds and args their meaning and refuses anything else with `IllegalAction`.
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.kind}:{self.arg}" if self.arg else self.kind

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        if isinstance(text, Action):
            return text
        text = str(text).strip()
        if not text or len(text) > 64:
            raise IllegalAction("That is not a move I understand.")
        kind, _, arg = text.partition(":")
        if not kind.replace("_", "").isalnum() or (arg and not _arg_ok(arg)):
            raise IllegalAction(f"`{text}` is not a move I understand.")
        return cls(kind=kind, arg=arg)


def _arg_ok(arg: str) -> bool:
    return all(ch.isalnum() or ch in "-_>,.+" for ch in arg)


def act(kind: str, arg: object = "") -> Action:
    """Shorthand used by the games: ``act("play", "CJ")``."""
    return Action(kind=kind, arg=str(arg))


class Event(BaseModel):
    """Something that happened, for the table's running commentary.

    ``private_to`` is None for an event everyone may read; otherwise only that seat may read it
    (a dealer's discard, a card drawn). The service sends private events only to their seat.
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    seat: Seat | None = None
    text: str
    private_to: Seat | None = None
    data: dict[str, Any] = Field(default_factory=dict)


class Outcome(BaseModel):
    """The end of a game: per-seat points, ranks (1 = best, ties share) and readable lines.

    ``teams`` groups seats that win or lose together (Euchre partnerships, Skat's opponents);
    ratings use it. ``None`` means every seat plays for itself.
    """

    points: list[float]
    ranks: list[int]
    winners: list[Seat]
    lines: list[str] = Field(default_factory=list)
    teams: list[list[Seat]] | None = None
    tallies: dict[str, list[float]] = Field(default_factory=dict)
    """Game-specific counters per seat (Skat's ``list_points``): the service adds each to the
    player's tallies beside games, wins and points, and leaderboards may show them."""


class View(BaseModel):
    """What one seat (or the public, ``seat=None``) may see. Games subclass it.

    A view never holds a card hidden from its seat: renderers, AIs and Discord messages are
    built from views only.
    """

    model_config = ConfigDict(frozen=True)

    game: str
    seat: Seat | None
    players: int
    to_act: list[Seat]
    over: bool = False


class Options(BaseModel):
    """Variants and house rules of one game; subclasses add fields and cross-field checks."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    preset: str = ""


OptionsT = TypeVar("OptionsT", bound=Options)


class Traits(BaseModel):
    """What kind of game this is, as data (OpenSpiel's ``GameType``).

    The service and the Discord kit choose their flow from traits, never from game keys: a
    ``solo`` game opens at once for one player with no lobby; a ``public`` game carries its
    actions on the table message; a game without an AI is never auto-played; a ``clocked``
    game's results carry time.
    """

    model_config = ConfigDict(frozen=True)

    mode: Literal["table", "solo"] = "table"
    information: Literal["private", "public"] = "private"
    has_ai: bool = True
    clocked: bool = False
    conserves_cards: bool = False
    """Every card of the game's pack is somewhere in every state (the property suites check it)."""


class Advice(BaseModel):
    """A move suggested to a player (a patience's Hint): ``action`` None when none is left;
    ``certain`` when it is proved good; ``note`` says how sure it is, in words."""

    model_config = ConfigDict(frozen=True)

    action: str | None
    certain: bool = False
    note: str = ""


class Solution(BaseModel):
    """How a deal could have come out ("show me a solution", after giving up): ``line`` the
    winning moves from the deal, empty when there is none or none was found in time; ``note``
    says which, and how sure, in words."""

    model_config = ConfigDict(frozen=True)

    line: list[str] = Field(default_factory=list)
    note: str = ""


class Variant(BaseModel):
    """One entry of a family's catalogue: a preset players pick by name or by an alias."""

    model_config = ConfigDict(frozen=True)

    id: str
    title: str
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        return (self.id, self.title, *self.aliases)

    def score(self, query: str) -> int:
        """How well ``query`` names this variant: 3 exact, 2 prefix, 1 substring, 0 not at all."""
        q = _fold(query)
        if not q:
            return 1
        best = 0
        for name in self.names():
            n = _fold(name)
            best = max(best, 3 if n == q else 2 if n.startswith(q) else 1 if q in n else 0)
        return best


def _fold(text: str) -> str:
    """Names compared without case, punctuation or a leading "the" ("Napoleon at St. Helena")."""
    words = "".join(ch if ch.isalnum() else " " for ch in text.lower()).split()
    if words[:1] == ["the"]:
        words = words[1:]
    return " ".join(words)


class State(BaseModel, ABC):
    """An immutable game state. ``apply`` returns a new state; the old one stays valid."""

    model_config = ConfigDict(frozen=True)

    game: str
    players: int
    seed: int

    @property
    @abstractmethod
    def to_act(self) -> list[Seat]:
        """The seats that must act now; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action ``seat`` may take now (empty if it is not that seat's turn)."""

    @abstractmethod
    def apply(self, seat: Seat, action: Action | str) -> tuple[Self, list[Event]]:
        """Apply a legal action, or raise `IllegalAction` with a message a player can read."""

    @abstractmethod
    def view(self, seat: Seat | None) -> View:
        """Exactly what ``seat`` may see; ``None`` is the public table."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    secret_kinds: ClassVar[frozenset[str]] = frozenset()
    """Action kinds whose argument only the acting seat may know (a discard laid face down)."""

    @property
    def is_over(self) -> bool:
        return not self.to_act

    def public_action(self, action: Action | str) -> Action:
        """The move as the other seats learn of it: a secret kind loses its argument
        (``discard:CQ`` -> ``discard``), so words made from it cannot tell the secret."""
        parsed = Action.parse(action)
        return Action(kind=parsed.kind) if parsed.kind in self.secret_kinds else parsed

    def normalise(self, action: Action) -> Action:
        """The canonical spelling of ``action`` (``discard:HT,CJ`` -> ``discard:CJ,HT``).

        Games whose actions can be written several ways override this, so a typed move is
        judged by what it means, not by how it was spelled.
        """
        return action

    def check_legal(self, seat: Seat, action: Action | str) -> Action:
        """Parse ``action`` and refuse it unless it is among ``legal_actions(seat)``."""
        parsed = self.normalise(Action.parse(action))
        if seat not in self.to_act:
            raise IllegalAction("It is not your turn.")
        if parsed not in self.legal_actions(seat):
            raise IllegalAction(f"`{parsed}` is not a legal move now.")
        return parsed


StateT = TypeVar("StateT", bound=State)


class Game(ABC, Generic[StateT, OptionsT]):
    """A game family: key, allowed player counts, options with named presets, new states."""

    key: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    options_model: ClassVar[type[Options]]
    presets: ClassVar[Mapping[str, Mapping[str, Any]]]
    default_preset: ClassVar[str]
    state_model: ClassVar[type[State]]
    traits: ClassVar[Traits] = Traits()

    def variants(self) -> list[Variant]:
        """The family's catalogue; by default one variant per preset. Families with many
        variants (patience, dominoes, dice) override it with their catalogue rows."""
        return [Variant(id=name, title=f"{self.title} ({name})") for name in self.presets]

    def advise(self, state: StateT) -> Advice | None:
        """A move to suggest to the seat to act (Hint), or None for a game that gives none.
        May take seconds of CPU: the service runs it off the event loop, with a limit."""
        return None

    def solution(self, options: OptionsT, seed: int) -> Solution | None:
        """A winning line for deal ``seed`` from its start, or why there is none; None for a
        game that shows none. May take many seconds: run off the event loop, with a limit."""
        return None

    def auto_move(self, state: StateT) -> Action | None:
        """A move the Auto button may make for the player because it cannot hurt (a patience
        card going home when nothing could want it any more); None: no such move now."""
        return None

    def follow_ups(self, options: OptionsT, outcome: Outcome) -> list[str]:
        """Variants worth offering once a game of ``options`` ended so (none by default)."""
        return []

    def find_variants(self, query: str, limit: int = 25) -> list[Variant]:
        """Variants whose id, title or an alias matches ``query``, best first (autocomplete)."""
        scored = [(v.score(query), i, v) for i, v in enumerate(self.variants())]
        return [v for s, _, v in sorted(scored, key=lambda t: (-t[0], t[1])) if s][:limit]

    def options(self, preset: str | None = None, **overrides: Any) -> OptionsT:
        """Validate a preset plus overrides; raise `InvalidOptions` with a readable reason."""
        name = preset or self.default_preset
        if name not in self.presets:
            known = ", ".join(sorted(self.presets))
            raise InvalidOptions(
                f"Unknown preset `{name}` for {self.title}; choose one of {known}."
            )
        try:
            opts = self.options_model.model_validate(
                {**self.presets[name], **overrides, "preset": name}
            )
        except ValidationError as exc:
            raise InvalidOptions(_readable(exc)) from None
        return opts  # type: ignore[return-value]

    def default_players_for(self, options: OptionsT) -> int:
        """How many seats a table of these options has when nobody says (a family whose
        variants seat different counts, such as dominoes, overrides it)."""
        return self.default_players

    def check_players(self, players: int, options: OptionsT) -> None:
        """Refuse a player count this game (with these options) cannot seat."""
        if players not in self.players:
            allowed = ", ".join(str(p) for p in self.players)
            raise InvalidOptions(f"{self.title} is played by {allowed} players, not {players}.")

    @abstractmethod
    def new(
        self, players: int, options: OptionsT, seed: int, deal: Any | None = None
    ) -> StateT:
        """A fresh game. All randomness comes from ``seed``; ``deal`` fixes the cards."""

    def load(self, data: str | bytes | dict[str, Any]) -> StateT:
        """Rebuild a state from its JSON snapshot."""
        if isinstance(data, dict):
            return self.state_model.model_validate(data)  # type: ignore[return-value]
        return self.state_model.model_validate_json(data)  # type: ignore[return-value]

    def teams(self, players: int, options: OptionsT) -> list[list[Seat]] | None:
        """Fixed partnerships for ratings, or None when seats play for themselves."""
        return None

    def seat_names(self, players: int, options: OptionsT) -> list[str]:
        """How the game calls its seats (North/East/... or Vorhand/...); default Seat 1.."""
        return [f"Seat {i + 1}" for i in range(players)]

    @abstractmethod
    def choose(
        self, view: View, legal: Sequence[Action], rng: random.Random, budget_ms: int
    ) -> Action:
        """The AI's move for the seat whose ``view`` this is (it sees nothing more)."""

    @abstractmethod
    def rules_text(self, options: OptionsT) -> str:
        """A short explanation of the rules and the game's own words, for ``/… rules``."""


def _readable(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "options"
        msg = str(err["msg"]).removeprefix("Value error, ")
        parts.append(msg if where == "options" else f"{where}: {msg}")
    return "; ".join(parts) or "Those options are not valid."


ModelT = TypeVar("ModelT", bound=BaseModel)


try:  # the compiled core (setup.py builds it when a C compiler is there); else Python alone
    from bot.games import _copyc
except ImportError:  # pragma: no cover - depends on the build
    _copyc = None  # type: ignore[assignment]

_new_object = object.__new__
_set = object.__setattr__


def evolve_py(model: ModelT, update: dict[str, Any]) -> ModelT:
    """``model.model_copy(update=update)`` without its generic copying: the same fields, the
    same fields-set, no validation (as model_copy), the unchanged values shared. For the rules
    cores' hot paths: a state is immutable, and every move builds new lists for what it
    changes, so sharing the rest is safe. (`evolve` is this, compiled where it built.)"""
    if model.__pydantic_private__ is not None or model.__pydantic_extra__ is not None:
        return model.model_copy(update=update)
    new = _new_object(model.__class__)
    _set(new, "__dict__", {**model.__dict__, **update})
    _set(new, "__pydantic_extra__", None)
    fields_set = model.__pydantic_fields_set__
    if not update.keys() <= fields_set:  # else shared: a frozen model's never changes
        fields_set = fields_set | update.keys()
    _set(new, "__pydantic_fields_set__", fields_set)
    _set(new, "__pydantic_private__", None)
    return new


evolve = evolve_py if _copyc is None else _copyc.evolve


def trusted(cls: type[ModelT], values: dict[str, Any]) -> ModelT:
    """``cls(**values)`` without validation, for values the rules core made itself and that are
    already what validation would make of them (the field types exactly: lists, tuples, ints,
    models): the same ``__dict__`` (defaults filled in, fresh for a mutable default), the same
    fields-set. A hot path's models (a trick, a deal's result) are built so; anything from
    outside (storage, users) is validated as ever."""
    template, fresh = _TEMPLATES.get(cls) or _template(cls)
    if _copyc is not None:
        return _copyc.build(cls, values, template, fresh)  # type: ignore[no-any-return]
    return _build_py(cls, values, template, fresh)


def _build_py(cls: type[ModelT], values: dict[str, Any], template: dict[str, Any],
              fresh: tuple[tuple[str, Any], ...]) -> ModelT:
    """`trusted`'s model in Python (the reference for `_copyc.build`)."""
    data = {**template, **values}
    for name, factory in fresh:
        if name not in values:
            data[name] = factory()
    new = _new_object(cls)
    _set(new, "__dict__", data)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_fields_set__", set(values))
    _set(new, "__pydantic_private__", None)
    return new


_TEMPLATES: dict[type[BaseModel], tuple[dict[str, Any], tuple[tuple[str, Any], ...]]] = {}


def _template(cls: type[BaseModel]) -> tuple[dict[str, Any], tuple[tuple[str, Any], ...]]:
    """Per model class: its fields' defaults in field order (None for a required field, which
    `trusted` callers always give), and the fields whose default must be made fresh."""
    if cls.model_config.get("extra") == "allow" or cls.__private_attributes__:
        raise TypeError(f"{cls.__name__} has extra or private attributes: validate it")
    template: dict[str, Any] = {}
    fresh: list[tuple[str, Any]] = []
    for name, field in cls.model_fields.items():
        if field.default_factory is not None:
            template[name] = None
            fresh.append((name, field.default_factory))
        elif isinstance(field.default, list | dict | set):
            template[name] = None
            fresh.append((name, lambda d=field.default: type(d)(d)))
        else:
            template[name] = None if field.is_required() else field.default
    got = _TEMPLATES[cls] = (template, tuple(fresh))
    return got


def played_py(model: ModelT, seat: int, card: str, turn: int) -> ModelT:
    """A card played to a trick it does not finish: the seat's hand without it, the trick with
    ``(seat, card)``, the turn passed on; the other hands shared. (`played` is this, compiled
    where it built.)"""
    hands = list(model.hands)  # type: ignore[attr-defined]
    mine = list(hands[seat])
    mine.remove(card)
    hands[seat] = mine
    return evolve(model, {"hands": hands, "trick": [*model.trick, (seat, card)],  # type: ignore[attr-defined]
                          "turn": turn})


def follow_py(hand: list[str], led: str | None, eff: Mapping[str, object],
              rank: Mapping[str, int] | None, actions: Mapping[str, Action]
              ) -> tuple[list[str], list[Action]]:
    """The cards a hand may play to a trick led with ``led`` (None: nothing led yet): those
    whose ``eff`` (effective suit) is the led card's, or all when none is; sorted by ``rank``
    (stable; None keeps the hand's order); with their ``actions``. A card missing from a table
    raises KeyError: the caller then asks its definitions. (`follow` is this, compiled where
    it built.)"""
    if led is not None:
        suit = eff[led]
        cards = [c for c in hand if eff[c] == suit] or list(hand)
    else:
        cards = list(hand)
    if rank is not None:
        cards.sort(key=rank.__getitem__)
    return cards, [actions[c] for c in cards]


def recipe(cls: type[ModelT]) -> tuple[type[ModelT], dict[str, Any], tuple[tuple[str, Any], ...]]:
    """What `trusted` builds a model of ``cls`` from: the class, its template and its fresh
    defaults (for `took`, which builds a trick's record so)."""
    template, fresh = _TEMPLATES.get(cls) or _template(cls)
    return cls, template, fresh


def took_py(model: ModelT, seat: int, card: str, power: Mapping[str, Any],
            record: tuple[type[BaseModel], dict[str, Any], tuple[tuple[str, Any], ...]],
            leader: int | None, lead: bool) -> tuple[ModelT, int]:
    """The card that finishes a trick: the winner is the first card of the highest ``power``
    (KeyError, before anything is made, for a card missing from it); the trick is recorded as
    a ``record`` (`recipe`) with ``leader``, its plays and the winner; the new state has the
    seat's hand without the card, an empty trick, the record added to its tricks, the turn
    (and with ``lead`` its ``leader``) the winner's. Returns (state, winner). (`took` is this,
    compiled where it built.)"""
    trick = [*model.trick, (seat, card)]  # type: ignore[attr-defined]
    winner, best = trick[0][0], power[trick[0][1]]
    for s, c in trick[1:]:
        p = power[c]
        if p > best:
            winner, best = s, p
    hands = list(model.hands)  # type: ignore[attr-defined]
    mine = list(hands[seat])
    mine.remove(card)
    hands[seat] = mine
    cls, template, fresh = record
    done = _build_py(cls, {"leader": leader, "plays": trick, "winner": winner}, template, fresh)
    update = {"hands": hands, "trick": [], "tricks": [*model.tricks, done],  # type: ignore[attr-defined]
              "turn": winner}
    if lead:
        update["leader"] = winner
    return evolve(model, update), winner


def play_listed_py(model: ModelT, seat: int, action: object, cell: list[Any],
                   action_type: type[Action]) -> tuple[ModelT, list[Event]] | None:
    """A card that `legal_actions` just listed, played to a trick it does not finish, or None
    (the caller then goes its general way). ``cell[0]`` is what the listing kept: ``(state,
    seat, cards, turn after, {card: its event})``, with turn None where the card would finish
    the trick. Taken only for this very state and seat, an action of exactly ``action_type``
    playing a listed card. (`play_listed` is this, compiled where it built.)"""
    last = cell[0]
    if (type(last) is not tuple or len(last) != 5 or last[0] is not model or last[3] is None
            or type(action) is not action_type or type(last[4]) is not dict
            or last[1] != seat):
        return None
    if action.kind != "play" or action.arg not in last[2]:  # type: ignore[attr-defined]
        return None
    event = last[4].get(action.arg)  # type: ignore[attr-defined]
    if event is None:
        return None
    return played(model, seat, action.arg, last[3]), [event]  # type: ignore[attr-defined]


played = played_py if _copyc is None else _copyc.played
play_listed = play_listed_py if _copyc is None else _copyc.play_listed
took = took_py if _copyc is None else _copyc.took
follow = follow_py if _copyc is None else _copyc.follow


def plain_attributes(*classes: type[BaseModel]) -> None:
    """Let the instances of ``classes`` (the rules cores' hot models) read their attributes
    the generic way, as a plain object does, where the compiled core built.

    Pydantic's ``BaseModel.__getattr__`` serves private attributes and extra values; any class
    that defines it takes Python's slow way for every attribute read (three type lookups and
    a hook each, and the interpreter cannot specialise the read). A model with neither private
    attributes nor extra values gains nothing from it: a missing attribute raises the same
    AttributeError ("'X' object has no attribute 'y'") either way. So those classes (only
    those: others, and subclasses made later, keep pydantic's way) get the generic lookup.
    Without the compiled core this does nothing: the same answers, read the slow way."""
    for cls in classes:
        if not (isinstance(cls, type) and issubclass(cls, BaseModel)):
            raise TypeError(f"{cls!r} is not a pydantic model class")
        if (cls.__private_attributes__ or cls.model_config.get("extra") == "allow"
                or cls.__getattr__ is not BaseModel.__getattr__  # type: ignore[attr-defined]
                or cls.__getattribute__ is not object.__getattribute__):
            continue  # pydantic's way (or the class's own) is needed
        if _copyc is not None:
            _copyc.plain_attributes(cls)


def rng_for(seed: int, *salt: object) -> random.Random:
    """A deterministic RNG for one purpose (``rng_for(seed, "deal", 3)``): exactly
    ``random.Random("7:deal:3")``, seeded as its ``seed`` seeds from a string (version 2: the
    text and its SHA-512 as one big integer) without the Python steps around it (a deal's
    fixed cost)."""
    text = ":".join([str(seed), *map(str, salt)]).encode()
    rng = _NEW_RANDOM(random.Random)
    _SEED(rng, int.from_bytes(text + _sha512(text).digest()))
    rng.gauss_next = None
    return rng


_NEW_RANDOM = random.Random.__new__
_SEED = random.Random.__mro__[1].seed  # _random.Random.seed, the generator's own


plain_attributes(Action, Event)
