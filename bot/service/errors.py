"""Refusals the table service gives. Each message is shown to the user as it is (ephemeral)."""

from __future__ import annotations

from bot.games.words import N_


class Refusal(Exception):
    """A polite no: nothing was changed. ``str(refusal)`` is the message for the user."""


class NoTable(Refusal):
    pass


class TableExists(Refusal):
    pass


class NotSeated(Refusal):
    pass


class NotAPlayer(NotSeated):
    """A rematch asked by someone who had no seat at the finished table."""

    def __init__(self, table_id: int) -> None:
        super().__init__(N_("Only the players of table {id} can call its rematch.").format(
            id=table_id))
        self.table_id = table_id


class RematchOpen(TableExists):
    """The channel's open table is already the rematch of that table (a second click)."""

    def __init__(self, table_id: int, rematch_id: int) -> None:
        super().__init__(
            f"The rematch of table {table_id} is already open here (table {rematch_id})."
        )
        self.table_id = table_id
        self.rematch_id = rematch_id


class NotYourTurn(Refusal):
    pass


STALE = N_("That button is from an earlier moment of the game; use the newest message.")


class StaleAction(Refusal):
    """The button or command was made for an older version of the table."""

    def __init__(self, message: str = STALE) -> None:
        super().__init__(message)


class NotAllowed(Refusal):
    """Host-only or manager-only actions, frozen seats, wrong phase."""


class NotFinished(NotAllowed):
    """A rematch or a replay of a table that did not finish: still in play (a replay would
    show cards still hidden), or closed without a result."""

    def __init__(self, table_id: int, status: str, purpose: str = "played again") -> None:
        why = ("is not over yet" if status in ("lobby", "playing")
               else "was closed without a result")
        super().__init__(f"Table {table_id} {why}; only a finished game can be {purpose}.")
        self.table_id = table_id
        self.status = status


class SeatKept(NotAllowed):
    """The only seats left are kept for their players from the game before (a rematch)."""

    def __init__(self, kept: list[tuple[int, str]]) -> None:
        """``kept``: (seat index, name of the player it is kept for)."""
        listed = ", ".join(f"seat {i + 1} for {name}" for i, name in kept)
        super().__init__(
            f"No seat is free: the rest are kept for the players of the last game ({listed}) "
            "until they confirm."
        )
        self.kept = kept


class BadOptions(Refusal):
    pass


class IllegalMove(Refusal):
    pass


class Restarting(NotAllowed):
    """The service is closing (a restart or shutdown): nothing was changed; try again soon."""

    def __init__(self, message: str = N_("Parlour is restarting; try again in a moment.")
                 ) -> None:
        super().__init__(message)


class CannotSave(Refusal):
    """The database could not take the change now (disk full, locked too long, an I/O error,
    its file removed): nothing was changed, and nothing already saved is lost.

    ``fault`` is the store's word for it (``busy``, ``full``, ``io``, ``readonly``, ``corrupt``,
    ``gone``); ``transient`` says whether trying again later may work without an operator.
    Front ends phrase it for their readers (`bot.discord.replies`).
    """

    def __init__(self, fault: str) -> None:
        super().__init__(
            "The server cannot save moves right now, so nothing was changed (and nothing saved "
            "is lost); try again in a little while."
        )
        self.fault = fault

    @property
    def transient(self) -> bool:
        return self.fault in ("busy", "full", "io")


class OtherShard(Refusal):
    """The table belongs to a shard another process runs. The Discord layer drops another
    shard's interactions before they get here (`bot.client`); this keeps the table from being
    loaded, and so run, twice even if one slips through (e.g. SHARD_COUNT differing between
    processes)."""


OTHER_SHARD = "That table is run by another Parlour process; try again in a moment."
