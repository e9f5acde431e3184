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


class StaleAction(Refusal):
    """The button or command was made for an older version of the table."""


class NotAllowed(Refusal):
    """Host-only or manager-only actions, frozen seats, wrong phase."""


class BadOptions(Refusal):
    pass


class IllegalMove(Refusal):
    pass
