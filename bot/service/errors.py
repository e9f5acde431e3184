"""Refusals the table service gives. Each message is shown to the user as it is (ephemeral)."""

from __future__ import annotations


class Refusal(Exception):
    """A polite no: nothing was changed. ``str(refusal)`` is the message for the user."""


class NoTable(Refusal):
    pass


class TableExists(Refusal):
    pass


class NotSeated(Refusal):
    pass


class NotYourTurn(Refusal):
    pass


STALE = "That button is from an earlier moment of the game; use the newest message."


class StaleAction(Refusal):
    """The button or command was made for an older version of the table."""

    def __init__(self, message: str = STALE) -> None:
        super().__init__(message)


class NotAllowed(Refusal):
    """Host-only or manager-only actions, frozen seats, wrong phase."""


class BadOptions(Refusal):
    pass


class IllegalMove(Refusal):
    pass


class Restarting(NotAllowed):
    """The service is closing (a restart or shutdown): nothing was changed; try again soon."""

    def __init__(self, message: str = "Parlour is restarting; try again in a moment.") -> None:
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


class NotFinished(Refusal):
    """A replay asked of a table whose game is not finished (open, or closed unfinished):
    its replay would show cards still hidden, so none is given."""
