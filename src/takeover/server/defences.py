"""The web's own defences, as one ASGI middleware around the app.

A browser lets any page send a form or a ``text/plain`` POST to any site, with no
preflight: a server that read such bodies as JSON would let every web page create
tables and upload records through its visitors' browsers. So a request that changes
something must say ``Content-Type: application/json`` (which a foreign page cannot
send without a CORS preflight this server never grants; 415 otherwise) and must not
come from another site (its ``Origin`` or ``Sec-Fetch-Site``; 403); nor may a WebSocket
(refused before it opens). Every HTTP
response carries the security headers: the strict Content-Security-Policy the client
is written for (docs/web-client.md), no MIME sniffing, no framing, no referrer to
other sites.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
"""The Content-Security-Policy of every response: no inline script or style, nothing
from elsewhere, never in a frame."""

SECURITY_HEADERS = [
    (b"content-security-policy", POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing; every other one must come from this site ..."""
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})
"""... and those that carry a body, as JSON ..."""
SIGNED_LINKS = frozenset({"/api/unsubscribe"})
"""... except at these paths, whose requests carry their own credential (a signed token in
the link) and come as a mail client's one-click form post (RFC 8058), from anywhere."""


class Defences:
    """Pure ASGI middleware: security headers on every HTTP response; state-changing
    requests only as JSON and only from this site's own pages."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and cross_site(Headers(scope=scope)) is not None:
            await receive()  # (websocket.connect) refused before it is accepted: a 403
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *SECURITY_HEADERS]
                message = {**message, "headers": headers}
            await send(message)

        refusal = None
        if scope["method"] not in SAFE_METHODS and scope["path"] not in SIGNED_LINKS:
            refusal = refuse(Headers(scope=scope), scope["method"] in BODY_METHODS)
        if refusal is not None:
            await refusal(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


def refuse(headers: Headers, body: bool) -> JSONResponse | None:
    """Why a state-changing request with these headers is refused, or ``None``."""
    foreign = cross_site(headers)
    if foreign is not None:
        return _error(403, "cross_site", f"requests from other sites are refused ({foreign})")
    kind = headers.get("content-type", "").partition(";")[0].strip().lower()
    if body and kind != "application/json":
        got = kind or "none"
        return _error(
            415, "bad_request", f"send JSON: Content-Type must be application/json, not {got}"
        )
    return None


def cross_site(headers: Headers) -> str | None:
    """The other site a browser says the request comes from (its ``Origin``, or its
    ``Sec-Fetch-Site``), or ``None``: this site, or a client that is not a browser."""
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return site
    origin = headers.get("origin")
    if origin is not None and not same_origin(origin, headers.get("host", "")):
        return origin
    return None


def same_origin(origin: str, host: str) -> bool:
    """Whether ``origin`` (``scheme://host[:port]``) names the host the request was sent to.

    The scheme is not compared: behind a proxy that ends TLS, the page's ``https`` origin
    reaches this server as plain HTTP.

    >>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000"), same_origin("null", "a:1")
    (True, False)
    >>> same_origin("https://evil.example", "play.example")
    False
    """
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc.lower() == host.lower()


def _error(status: int, code: str, message: str) -> JSONResponse:
    body: dict[str, Any] = {"error": {"code": code, "message": message}}
    return JSONResponse(body, status_code=status)
