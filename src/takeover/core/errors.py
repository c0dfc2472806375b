"""Typed errors: every refusal names what was wrong."""

from __future__ import annotations


class TakeoverError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalAction(TakeoverError, ValueError):
    """An action that the rules do not allow now. The state is left unchanged."""


class UnknownField(IllegalAction):
    """An action's form with a field its kind does not have: a malformed message (a server
    answers ``bad_request``) rather than a move the rules refuse."""


class RecordError(TakeoverError, ValueError):
    """A game record (or position) that cannot be read or replayed.

    ``index`` is the position of the offending action in the record's ``actions``
    list (``None`` when the problem is in the header), ``action`` its raw form.
    """

    def __init__(self, message: str, index: int | None = None, action: object = None) -> None:
        self.reason = message
        self.index = index
        self.action = action
        if index is not None:
            message = f"action {index} {action!r}: {message}"
        super().__init__(message)
