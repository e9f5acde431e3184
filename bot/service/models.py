"""What the service hands to the layers above: plain pydantic data, no database or discord."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from bot.games.base import Action, Event, Options, Outcome, State, View


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABORTED = "aborted"


class SeatInfo(BaseModel):
    model_config = ConfigDict(frozen=True)

    index: int
    user_id: int | None = None
    """Discord user id of a human seat; None for an AI seat."""
    name: str
    ai_level: str | None = None
    """Set when the AI plays this seat (added as AI, or handed over after timeouts)."""
    timeouts: int = 0
    resigned: bool = False
    """The user resigned: the AI plays the seat to the end and the user's result is a loss."""
    kept: bool = False
    """A rematch lobby's seat kept for its old player (``user_id``) until they press Join;
    nobody else may take it, and the start gives it to the AI if they never do."""

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None


class TablePolicy(BaseModel):
    """What a table keeps of its server's defaults for its whole life."""

    model_config = ConfigDict(frozen=True)

    turn_timeout_s: int | None = None
    """None: the bot's own turn timeout."""
    ai_allowed: bool = True
    """False: nobody seats the AI, Start does not fill seats with it, nobody resigns to it,
    and the AI never plays a late turn: a player out of time is waited for until they have
    missed the service's ``timeouts_before_ai`` deadlines in a row, then the game ends without
    a result (end reason ``abandoned``)."""


class Play:
    """A game in progress as the layers above may know it: a reader's view, a seat's legal
    actions, who is to act, the outcome. The Discord kit, the renderers and the cogs read a
    table's game through this (``TableInfo.play``), never through its state: every message is
    then composed from views, which hold no card hidden from their reader
    (``tests/test_layers.py`` checks that no module above the service reads a state)."""

    __slots__ = ("__state",)

    def __init__(self, state: State) -> None:
        self.__state = state

    @property
    def to_act(self) -> list[int]:
        return list(self.__state.to_act)

    @property
    def is_over(self) -> bool:
        return self.__state.is_over

    def view(self, seat: int | None) -> View:
        """What ``seat`` sees (None: the public, the channel)."""
        return self.__state.view(seat)

    def legal(self, seat: int) -> list[Action]:
        return self.__state.legal_actions(seat)

    def outcome(self) -> Outcome | None:
        return self.__state.outcome()

    def auto_move(self) -> Action | None:
        """The move a solo game's Auto button would make now (`Game.auto_move`), if any."""
        from bot.games import registry

        return registry.get(self.__state.game).auto_move(self.__state)


class TableInfo(BaseModel):
    """A snapshot of one table. ``state`` is the game state (None in the lobby): the service's
    own; the layers above read the game as `Play` (``play``)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    id: int
    guild_id: int | None
    channel_id: int
    game_key: str
    preset: str
    options: dict[str, Any]
    players: int
    """How many seats the game will have when it starts."""
    status: TableStatus
    host_id: int
    seats: list[SeatInfo]
    version: int
    seed: int
    state: State | None = None
    turn_deadline: datetime | None = None
    lobby_deadline: datetime | None = None
    message_id: int | None = None
    """The channel message that shows this table (set by the Discord layer)."""
    rules: Options | None = None
    """The table's options, validated once when it was opened: every layer reads them here."""
    rematch_of: int | None = None
    """The finished table this lobby repeats (same game, rules and seats), if it is a rematch."""
    policy: TablePolicy = Field(default_factory=TablePolicy)
    """The server's defaults this table keeps (turn timeout, AI allowed), set when it opened."""
    created_at: datetime
    updated_at: datetime

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def play(self) -> Play | None:
        """The game as the layers above may read it; None before the deal."""
        return None if self.state is None else Play(self.state)

    @property
    def is_open(self) -> bool:
        return self.status in (TableStatus.LOBBY, TableStatus.PLAYING)

    @property
    def awaited(self) -> list[SeatInfo]:
        """A rematch lobby's kept seats whose old players have not confirmed them yet."""
        return [s for s in self.seats if s.kept]


class TableUpdate(BaseModel):
    """Sent to listeners after every committed change, so the UI can refresh what it shows."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    table: TableInfo
    reason: str
    """'created', 'joined', 'left', 'ai_added', 'seat_removed', 'started', 'action', 'timeout',
    'seat_to_ai', 'resigned', 'finished', 'aborted', 'expired'; a rematch lobby opens with
    'created' too."""
    events: list[Event] = Field(default_factory=list)
    actor_seat: int | None = None
    notice: str | None = None
    """A sentence for the channel, e.g. "Bob timed out; the AI now plays his seat"."""


class ActResult(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    table: TableInfo
    events: list[Event]


class SolutionStep(BaseModel):
    """One position of the winning line of a finished solo game's deal ("show me a
    solution"): the player's view after ``step`` of ``total`` moves, the move that led there
    (with the view it was made from, to name it), and the solver's note."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    step: int
    total: int
    view: View
    move: str | None = None
    before: View | None = None
    note: str = ""


class LeaderboardRow(BaseModel):
    user_id: int
    name: str
    rating: float
    """Conservative OpenSkill ordinal (mu - 3 sigma), scaled for display."""
    games: int
    wins: int
    tallies: dict[str, float] = Field(default_factory=dict)
    """Every tally of the player in this ladder (games, wins, points, and the game's own such
    as Skat's ``list_points``)."""


class UserStats(BaseModel):
    user_id: int
    per_game: dict[str, dict[str, float]]
    """game key -> {'games', 'wins', 'rating', 'points'}"""


class VariantStats(BaseModel):
    """One player's record at one variant of a solo game (a patience)."""

    preset: str
    played: int
    won: int
    streak: int
    """Wins in a row up to the latest game."""
    best_streak: int
    fewest_moves: int | None = None
    """Of a won game."""
    best_seconds: float | None = None
    """Of a won game."""

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


class SoloLadderRow(BaseModel):
    """A player on a solo variant's ladder (or one deal's: the daily deal)."""

    user_id: int
    name: str
    games: int
    wins: int
    fewest_moves: int | None = None
    best_seconds: float | None = None


class GameSummary(BaseModel):
    """One finished game in a history list: what a line of ``/<game> history`` says."""

    model_config = ConfigDict(frozen=True)

    table_id: int
    game_key: str
    preset: str
    finished_at: datetime
    channel_id: int
    guild_id: int | None
    players: list[str]
    """Names by seat."""
    winners: list[str]
    result: str
    """One line: the winners, or the game's own first result line."""


class RecentGames(BaseModel):
    """A user's and a channel's recent finished games of one game, newest first."""

    model_config = ConfigDict(frozen=True)

    mine: list[GameSummary]
    here: list[GameSummary]


class ReplayStep(BaseModel):
    """One step of a finished game's replay: the position after the first ``step`` logged
    moves (0: as dealt). Views only: the public table, and the asking user's own seat's view
    when they had a seat; never a state."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    table_id: int
    game_key: str
    preset: str
    finished_at: datetime
    seats: list[SeatInfo]
    players: int
    step: int
    steps: int
    """The number of logged moves: steps run from 0 to ``steps``."""
    public: View
    own: View | None = None
    seat: int | None = None
    """The asking user's seat (whose view ``own`` is), None for a spectator."""
    move: str | None = None
    """The move that led to this step as everyone learned of it (a secret move without its
    secret), None at step 0."""
    mover: int | None = None
    before: View | None = None
    """The public view the move was made from (to name it in words)."""
    deal_starts: list[int] = Field(default_factory=list)
    """The steps at which each deal starts (empty for a game without deals)."""
    trick_starts: list[int] = Field(default_factory=list)
    """The steps at which a trick's first card is played (empty for a game without tricks)."""
    outcome: Outcome | None = None
    """The game's result (a Skat series' score sheet), at the last step only."""

    @property
    def deal(self) -> int | None:
        """The deal (1-based) this step belongs to, None for a game without deals."""
        return _index_at(self.deal_starts, self.step)

    @property
    def trick(self) -> int | None:
        """The trick (1-based, within this step's deal) under way or just taken at this step,
        None before the deal's first lead or for a game without tricks."""
        start = self.deal_starts[self.deal - 1] if self.deal else 0
        count = sum(1 for t in self.trick_starts if start <= t <= self.step)
        return count or None


def _index_at(starts: list[int], step: int) -> int | None:
    count = sum(1 for s in starts if s <= step)
    return count or None
