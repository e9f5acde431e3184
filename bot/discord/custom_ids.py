"""Custom ids of Parlour's components, and the slash commands (a stable surface for e2e tests).

Every button and select the bot sends carries all it needs in its custom id (at most 100
characters), so it still works after a restart with no state kept in memory:

=====================================  ==================================================
custom id                              meaning
=====================================  ==================================================
``pa:<table_id>:<version>:<action>``   a game action button, e.g. ``pa:12:37:play:HJ``;
                                       refused as stale unless ``version`` is the table's
``ps:<table_id>:<version>[:<n>]``      a select menu of game actions; each option's value
                                       is the action (``play:HJ``); ``n`` numbers the
                                       selects when more than 25 actions need several
``pl:<table_id>:<op>``                 a lobby button; ``op`` is ``join``, ``leave``,
                                       ``ai`` (add an AI seat) or ``start``
``ph:<table_id>``                      "Show my hand": an ephemeral hand with fresh buttons
``pk:<table_id>:<version>``            the first step of a two-step move: a select of the
                                       cards (sources) that can move; the picked value is
                                       the source, and the answer shows its destinations
                                       as a ``ps`` select of whole actions, so the half-
                                       chosen move lives in the message, not in memory
``pr:<table_id>``                      "Rematch" on a finished seated game's table message:
                                       a new lobby in the same channel with the same game,
                                       rules and seats (players of that table only)
``pv:<table_id>:<step>:<op>``          a replay viewer's button: show step ``step`` (0 = as
                                       dealt) of finished table ``table_id``; ``op`` names
                                       the button (``f`` first, ``pd``/``nd`` previous/next
                                       deal, ``pt``/``nt`` trick, ``pm``/``nm`` move, ``l``
                                       last), so no two buttons of a message share an id
``pb:<game>:<scope>:<view>:<page>:<go>``
                                       a leaderboard's paging button: ``game`` a registry
                                       key, ``scope`` ``0`` (every server) or the guild id,
                                       ``view`` ``r`` (by rating), ``l`` (by list points,
                                       all time), ``s<year>q<n>`` (one season, a calendar
                                       quarter in UTC, e.g. ``s2026q4``), ``v<preset>`` (a
                                       solo variant's ladder) or ``v<preset>.<seed>`` (one
                                       deal's); ``page`` the 1-based page the message shows;
                                       ``go`` ``f``/``p``/``n``/``l`` (first, previous,
                                       next, last): the page is worked out at the click, so
                                       "last" stays last as the ladder grows
=====================================  ==================================================

Ids are decimal, the action is the game's compact form (``kind`` or ``kind:arg``). A custom id
that starts with one of these prefixes but is malformed is still answered (an ephemeral "I don't
recognise that button"), never silently dropped.

Slash commands (``<game>`` is a registry key: ``euchre``, ``skat``):

- ``/<game> new [preset] [players] [house_rules] [thread]``, ``/<game> join``, ``/<game> leave``,
  ``/<game> bot``, ``/<game> start [fill]``, ``/<game> hand``, ``/<game> rules [preset]``,
  ``/<game> score``, ``/<game> abort``, ``/<game> remove <seat>`` (1-based),
  ``/<game> resign`` (guild only; the table is the channel's open table);
  ``/<game> history [game]`` (the user's and the channel's recent finished games; with a
  table id, that game's replay viewer, answered ephemerally);
  ``/skat new`` also takes ``[deals]`` and ``[points]`` (running card points on the table);
- ``/leaderboard <game> [scope: server|global] [variant] [season: all time|this season]
  [order: rating|list points]``, ``/stats [user]``, ``/help`` (anywhere); the user context
  menu "Parlour stats" answers as ``/stats user:`` does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

MAX_CUSTOM_ID = 100
LOBBY_OPS = ("join", "leave", "ai", "start")
LobbyOp = Literal["join", "leave", "ai", "start"]
REPLAY_OPS = ("f", "pd", "pt", "pm", "nm", "nt", "nd", "l")
ReplayOp = Literal["f", "pd", "pt", "pm", "nm", "nt", "nd", "l"]

# The dispatch templates are deliberately loose (anything after the prefix, line breaks too:
# discord.py fullmatches them) so that a malformed id still reaches our callback and gets a
# polite answer; the strict patterns below decide.
ACTION_TEMPLATE = r"(?s)pa:(?P<rest>.*)"
SELECT_TEMPLATE = r"(?s)ps:(?P<rest>.*)"
LOBBY_TEMPLATE = r"(?s)pl:(?P<rest>.*)"
HAND_TEMPLATE = r"(?s)ph:(?P<rest>.*)"
PICK_TEMPLATE = r"(?s)pk:(?P<rest>.*)"
REMATCH_TEMPLATE = r"(?s)pr:(?P<rest>.*)"
REPLAY_TEMPLATE = r"(?s)pv:(?P<rest>.*)"
LADDER_TEMPLATE = r"(?s)pb:(?P<rest>.*)"
PREFIXES = ("pa:", "ps:", "pl:", "ph:", "pk:", "pr:", "pv:", "pb:")
"""Every prefix of ours: a click on one of them is answered even when malformed."""
LADDER_GOES = ("f", "p", "n", "l")
LadderGo = Literal["f", "p", "n", "l"]
MAX_PAGE = 99_999

MAX_ID = 2**63 - 1
"""Table ids and versions are SQLite integers: a larger number must never reach the database."""

_INT = r"(0|[1-9][0-9]{0,18})"
_ACTION = r"[A-Za-z0-9_]+(:[A-Za-z0-9_\-,.+>]+)?"
_ACTION_RE = re.compile(rf"pa:(?P<table>{_INT}):(?P<version>{_INT}):(?P<action>{_ACTION})")
_SELECT_RE = re.compile(rf"ps:(?P<table>{_INT}):(?P<version>{_INT})(:(?P<part>[0-4]))?")
_LOBBY_RE = re.compile(rf"pl:(?P<table>{_INT}):(?P<op>{'|'.join(LOBBY_OPS)})")
_HAND_RE = re.compile(rf"ph:(?P<table>{_INT})")
_PICK_RE = re.compile(rf"pk:(?P<table>{_INT}):(?P<version>{_INT})")
_REMATCH_RE = re.compile(rf"pr:(?P<table>{_INT})")
_REPLAY_RE = re.compile(rf"pv:(?P<table>{_INT}):(?P<step>{_INT}):(?P<op>{'|'.join(REPLAY_OPS)})")
_LADDER_RE = re.compile(
    rf"pb:(?P<game>[a-z][a-z0-9_]{{0,23}}):(?P<scope>{_INT})"
    r":(?P<view>r|l|s[0-9]{4}q[1-4]|v[a-z0-9_]{1,32}(\.(0|[1-9][0-9]{0,18}))?)"
    r":(?P<page>[1-9][0-9]{0,4}):(?P<go>[fpnl])"
)
_SOURCE_RE = re.compile(r"[A-Za-z0-9_\-.+]{1,32}")
_ACTION_VALUE_RE = re.compile(_ACTION)


class BadCustomId(ValueError):
    """A custom id we did not make (or cannot read): answered with an ephemeral error."""


@dataclass(frozen=True)
class ActionId:
    table_id: int
    version: int
    action: str

    def encode(self) -> str:
        return _checked(f"pa:{self.table_id}:{self.version}:{self.action}")


@dataclass(frozen=True)
class SelectId:
    table_id: int
    version: int
    part: int = 0

    def encode(self) -> str:
        suffix = f":{self.part}" if self.part else ""
        return _checked(f"ps:{self.table_id}:{self.version}{suffix}")


@dataclass(frozen=True)
class LobbyId:
    table_id: int
    op: LobbyOp

    def encode(self) -> str:
        return _checked(f"pl:{self.table_id}:{self.op}")


@dataclass(frozen=True)
class HandId:
    table_id: int

    def encode(self) -> str:
        return _checked(f"ph:{self.table_id}")


@dataclass(frozen=True)
class PickId:
    table_id: int
    version: int

    def encode(self) -> str:
        return _checked(f"pk:{self.table_id}:{self.version}")


@dataclass(frozen=True)
class RematchId:
    """Stateless: the finished table's id is all a rematch needs (the rest is in the store)."""

    table_id: int

    def encode(self) -> str:
        return _checked(f"pr:{self.table_id}")


@dataclass(frozen=True)
class ReplayId:
    """A replay viewer's button: show ``step`` of finished table ``table_id``."""

    table_id: int
    step: int
    op: ReplayOp

    def encode(self) -> str:
        return _checked(f"pv:{self.table_id}:{self.step}:{self.op}")


@dataclass(frozen=True)
class LadderId:
    """A leaderboard paging button (``pb:``): which ladder, the page shown, where to go."""

    game: str
    scope: int
    view: str
    page: int
    go: LadderGo

    @property
    def table_id(self) -> int:
        """Ladders belong to no table (kept so every id answers ``table_id``)."""
        return 0

    @property
    def season(self) -> str | None:
        """``2026Q4`` for a season's ladder (``s2026q4``), else None."""
        return self.view[1:].upper() if self.view.startswith("s") else None

    @property
    def preset(self) -> str | None:
        """The solo variant of a ``v`` ladder."""
        return self.view[1:].split(".")[0] if self.view.startswith("v") else None

    @property
    def seed(self) -> int | None:
        """The one deal of a ``v<preset>.<seed>`` ladder."""
        if not self.view.startswith("v") or "." not in self.view:
            return None
        return int(self.view.split(".")[1])

    def encode(self) -> str:
        return _checked(f"pb:{self.game}:{self.scope}:{self.view}:{self.page}:{self.go}")


def ladder_view(*, season: str | None = None, by: str | None = None, preset: str | None = None,
                seed: int | None = None) -> str:
    """The ``view`` field of a `LadderId` for a ladder's ordering (see the table above)."""
    if preset is not None:
        return f"v{preset}" + (f".{seed}" if seed is not None else "")
    if season is not None:
        return "s" + season.lower()
    return "l" if by == "list_points" else "r"


CustomId = ActionId | SelectId | LobbyId | HandId | PickId | RematchId | ReplayId | LadderId


def _checked(text: str) -> str:
    if len(text) > MAX_CUSTOM_ID:
        raise BadCustomId(f"custom id longer than {MAX_CUSTOM_ID} characters: {text[:40]}…")
    if parse(text) is None:  # pragma: no cover - guards against an encoder/parser mismatch
        raise BadCustomId(f"custom id does not parse back: {text!r}")
    return text


def fits(action: str, table_id: int, version: int) -> bool:
    """Whether a button for ``action`` fits in a custom id (else it goes into a select)."""
    return len(f"pa:{table_id}:{version}:{action}") <= MAX_CUSTOM_ID and valid_action(action)


def valid_action(value: str) -> bool:
    """Whether ``value`` looks like a compact action (select values are checked with this)."""
    return len(value) <= 64 and _ACTION_VALUE_RE.fullmatch(value) is not None


def valid_source(value: str) -> bool:
    """Whether ``value`` looks like a pile id a picker offered (``t3``, ``w``, ``f1``)."""
    return _SOURCE_RE.fullmatch(value) is not None


def parse(custom_id: str) -> CustomId | None:
    """The id's meaning, or None when it is not one of ours or is malformed (never raises)."""
    if not isinstance(custom_id, str) or len(custom_id) > MAX_CUSTOM_ID:
        return None
    parsed: CustomId | None = None
    if m := _ACTION_RE.fullmatch(custom_id):
        parsed = ActionId(int(m["table"]), int(m["version"]), m["action"])
    elif m := _SELECT_RE.fullmatch(custom_id):
        parsed = SelectId(int(m["table"]), int(m["version"]), int(m["part"] or 0))
    elif m := _LOBBY_RE.fullmatch(custom_id):
        parsed = LobbyId(int(m["table"]), m["op"])  # type: ignore[arg-type]
    elif m := _HAND_RE.fullmatch(custom_id):
        parsed = HandId(int(m["table"]))
    elif m := _PICK_RE.fullmatch(custom_id):
        parsed = PickId(int(m["table"]), int(m["version"]))
    elif m := _REMATCH_RE.fullmatch(custom_id):
        parsed = RematchId(int(m["table"]))
    elif m := _REPLAY_RE.fullmatch(custom_id):
        parsed = ReplayId(int(m["table"]), int(m["step"]), m["op"])  # type: ignore[arg-type]
    elif m := _LADDER_RE.fullmatch(custom_id):
        if int(m["scope"]) > MAX_ID or (
                (seed := LadderId(m["game"], 0, m["view"], 1, "f").seed) is not None
                and seed > MAX_ID):
            return None
        parsed = LadderId(m["game"], int(m["scope"]), m["view"], int(m["page"]),
                          m["go"])  # type: ignore[arg-type]
    if parsed is None or parsed.table_id > MAX_ID or max(
            getattr(parsed, "version", 0), getattr(parsed, "step", 0)) > MAX_ID:
        return None  # 19 digits may still be past SQLite's largest integer
    return parsed
