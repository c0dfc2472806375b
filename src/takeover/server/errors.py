"""The one error a refused request raises, from the master up to the routes."""

from __future__ import annotations


class MasterError(Exception):
    """A refused request: ``code`` for programs, ``message`` for people.

    The codes are those of docs/server-protocol.md ("Errors"); the routes turn them
    into HTTP statuses and WebSocket ``error`` messages.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
