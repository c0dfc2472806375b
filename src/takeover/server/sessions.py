"""Who is signed in: the session cookie, its anti-forgery token, and the sign-in limits.

The cookie holds a random session id (the store keeps only its SHA-256, so a leaked
database opens no session); it is ``HttpOnly`` (no script reads it), ``SameSite=Strict``
(no other site's page sends it), ``Secure`` when the page came over HTTPS (the scheme
uvicorn reads from a trusted proxy's headers), and replaced at every sign-in, so that an
id planted before it (session fixation) never becomes a signed-in session.

Forgery: every request that changes something must already be JSON and come from this
site (:mod:`.defences`). A request the cookie authenticates must also carry the
session's own token in ``X-CSRF-Token`` (:func:`check_forgery`): a page elsewhere can
neither read the token (same-origin policy; the server answers no CORS) nor send a custom
header without a preflight this server never grants, so it holds where ``Origin`` and
``Sec-Fetch-Site`` are missing (older browsers) and where ``SameSite`` does not reach (a
sibling site on the same registrable domain).

Sessions live in the store, so every instance sharing it knows every session.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

from sqlalchemy import Connection
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from takeover.server.auth import hash_token
from takeover.server.errors import MasterError
from takeover.server.limits import client_address
from takeover.server.services import Services, services
from takeover.server.storage import people
from takeover.server.storage.people import AccountRecord

COOKIE = "takeover_session"
CSRF_HEADER = "x-csrf-token"


@dataclass
class Signed:
    """A signed-in request: its account, its session's digest and anti-forgery token."""

    account: AccountRecord
    id_hash: str
    csrf: str


async def current(conn: HTTPConnection) -> Signed | None:
    """The session the request's cookie opens, if any (an unknown or expired id: none)."""
    raw = conn.cookies.get(COOKIE)
    if not raw or len(raw) > 128:
        return None
    found, digest, now = services(conn), hash_token(raw), time.time()
    got = await found.store.run(lambda c: people.session(c, digest, now))
    return None if got is None else Signed(got[0], digest, got[1])


async def signed_in(request: Request, change: bool = True) -> Signed:
    """The request's session, ``signed_out`` without one; ``change``: the request changes
    something, so it must carry the session's anti-forgery token too."""
    signed = await current(request)
    if signed is None:
        raise MasterError("signed_out", "you are not signed in (or your sign-in expired)")
    if change:
        check_forgery(request, signed)
    return signed


def check_forgery(request: Request, signed: Signed) -> None:
    given = request.headers.get(CSRF_HEADER, "")
    if not secrets.compare_digest(given.encode(), signed.csrf.encode()):
        raise MasterError(
            "forbidden", "this request lacks its anti-forgery token (X-CSRF-Token): reload the page"
        )


async def open_session(
    request: Request, response: Response, account_id: str, replacing: str | None = None
) -> str:
    """Sign ``account_id`` in on a fresh session id (the request's old session, and
    ``replacing``, end), set the cookie on ``response``; the new anti-forgery token."""
    found = services(request)
    token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
    now = time.time()
    expires = now + found.settings.session_days * 86400
    old = request.cookies.get(COOKIE)
    ended = [d for d in (replacing, hash_token(old) if old else None) if d is not None]

    def write(conn: Connection) -> None:
        for digest in ended:
            people.delete_session(conn, digest)
        people.insert_session(conn, hash_token(token), account_id, csrf, now, expires)

    await found.store.run(write)
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(found.settings.session_days * 86400),
        path="/",
        secure=request.url.scheme == "https",
        httponly=True,
        samesite="strict",
    )
    return csrf


def close_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        COOKIE, path="/", secure=request.url.scheme == "https", httponly=True, samesite="strict"
    )


# ---------------------------------------------------------------------- limits
def key(kind: str, value: str) -> str:
    """An attempts key: what is counted (``fail``, ``mail``), for whom (an address, or an
    e-mail address as its SHA-256: the store keeps no list of addresses tried)."""
    return f"{kind}:" + hashlib.sha256(value.encode("utf-8", "replace")).hexdigest()[:48]


async def take_attempts(
    found: Services, limits: dict[str, int], window: float, what: str
) -> list[int]:
    """Count an attempt under each key of ``limits`` (key -> the most in the last ``window``
    seconds), or ``rate_limited`` if any has its most already: the same words whichever it
    is, whether an account exists or not. The attempts' ids (to forgive a success)."""
    since, now = time.time() - window, time.time()
    taken = await found.store.run(lambda c: people.take_attempts(c, limits, since, now))
    if taken is None:
        minutes = max(1, round(window / 60))
        raise MasterError(
            "rate_limited",
            f"too many {what} from here or for this account: try again in {minutes} minutes",
        )
    return taken


async def forgive(found: Services, ids: list[int], key: str | None = None) -> None:
    """A success: its attempts are not failures (nor any before it under ``key``)."""
    await found.store.run(lambda c: people.forget_attempts(c, ids, key))


def address_key(request: Request, kind: str) -> str:
    return key(kind, "address:" + client_address(request))
