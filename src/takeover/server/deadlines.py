"""Read deadlines for HTTP requests: uvicorn's protocol, with a timer on heads and bodies.

uvicorn closes a connection idle between requests (``timeout_keep_alive``) but never one
that has sent half a request: a client that sends a request line and no more, or a
body a byte at a time, holds a connection (and its memory) for ever, and a few hundred
of them hold the server. Here a request's head must be complete within
``request_head_seconds`` of its first byte (or of the connection opening), and its body
within ``request_body_seconds`` of the head; otherwise the connection is closed (with a
``408`` when no response is under way). A WebSocket, once upgraded, is not timed here.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from takeover.server.defences import SECURITY_HEADERS

LATE_BODY = json.dumps(
    {"error": {"code": "bad_request", "message": "the request did not arrive in time"}}
).encode()
LATE = b"".join(
    [
        b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n",
        b"content-length: %d\r\nconnection: close\r\n" % len(LATE_BODY),
        *(name + b": " + value + b"\r\n" for name, value in SECURITY_HEADERS),
        b"\r\n",
        LATE_BODY,
    ]
)
"""The answer to a request whose head came too late (uvicorn never saw it: written here)."""


class DeadlineProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol (httptools) with read deadlines; see :func:`protocol`."""

    head_seconds = 10.0
    body_seconds = 30.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._timer: asyncio.TimerHandle | None = None
        self._seen: object = None  # the request whose head was read last
        self._reading_body = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(self.head_seconds)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            self._disarm()  # closed, or upgraded to a WebSocket
            return
        cycle = self.cycle
        if cycle is not None and cycle is not self._seen:  # a head arrived
            self._seen = cycle
            self._disarm()
            self._reading_body = cycle.more_body
            if self._reading_body:
                self._arm(self.body_seconds)
        elif self._reading_body:
            if not cycle.more_body:  # the body is complete
                self._reading_body = False
                self._disarm()
        elif self._timer is None:  # the first bytes of the next request's head
            self._arm(self.head_seconds)

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, self._late)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _late(self) -> None:
        self._timer = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if not self._reading_body and (cycle is None or cycle.response_complete):
            self.transport.write(LATE)
        self.transport.close()


def protocol(head: float, body: float) -> type[DeadlineProtocol]:
    """The protocol class for ``uvicorn.Config(http=...)`` with these deadlines."""

    class Timed(DeadlineProtocol):
        head_seconds = head
        body_seconds = body

    return Timed
