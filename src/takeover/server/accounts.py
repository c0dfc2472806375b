"""Accounts over HTTP: sign up, sign in and out, the signed-in person, their password,
the seats they hold and their games (docs/server-protocol.md, "Accounts").

No answer tells whether an e-mail address has an account. Signing up always answers
"we sent you a link": the account is made when the link is opened (its address shown to
be the person's), and an address that has one already gets a mail saying so instead.
Signing in answers the same words, after as long, for an unknown address (a dummy hash
is verified: :mod:`.passwords`) as for a wrong password. Asking for a reset always answers
the same. Display names are not unique, so a name tells nothing either.

Guests keep playing with seat tokens. A browser hands its seat tokens over at sign-in
(``seats``): those seats become the account's, with tokens derived from the account's
secret (:func:`seat_token`), which every device signed in to it is given
(``GET /api/me/games``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from typing import Annotated, Any

import msgspec
from sqlalchemy import Connection
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from takeover.server import accountmail, sessions
from takeover.server.auth import hash_token
from takeover.server.errors import MasterError
from takeover.server.lobby import read_body
from takeover.server.passwords import check_password
from takeover.server.schemas import Body, Name, Token
from takeover.server.seating import display_name
from takeover.server.services import Services, services
from takeover.server.sessions import address_key, forgive, key, take_attempts
from takeover.server.storage import people
from takeover.server.storage.people import AccountRecord, Taken
from takeover.server.table import Table, iso

Email = Annotated[str, msgspec.Meta(max_length=320)]
Password = Annotated[str, msgspec.Meta(max_length=4096)]

SIGNED_UP = (
    "We sent a link to {email}: open it to finish signing up (it works for {hours:g} hours). "
    "No e-mail? Look in the spam folder, or sign up again."
)
RESET_SENT = (
    "If {email} has an account, we sent it a link to choose a new password (it works "
    "for {minutes:g} minutes, once)."
)
SIGN_IN_FAILED = "wrong e-mail address or password"
BAD_LINK = "this link does not work any more (used, expired, or replaced by a newer one)"
_EMAIL = re.compile(r"^[^@\s<>()\[\],;:\"\\]+@[^@\s<>()\[\],;:\"\\]+\.[^@\s<>()\[\],;:\"\\]+$")


class SeatClaim(Body):
    table: Annotated[str, msgspec.Meta(max_length=32)]
    token: Token


class SignUp(Body):
    name: Name
    email: Email
    password: Password


class Confirm(Body):
    token: Token
    seats: list[SeatClaim] = []


class SignIn(Body):
    email: Email
    password: Password
    seats: list[SeatClaim] = []


class Claim(Body):
    seats: list[SeatClaim]


class ChangePassword(Body):
    password: Password
    new_password: Password


class ResetAsk(Body):
    email: Email


class ResetDone(Body):
    token: Token
    password: Password
    seats: list[SeatClaim] = []


def clean_email(raw: str) -> str:
    """An e-mail address as accounts are found by: trimmed, lower case; ``bad_request``
    if it cannot be one.

    >>> clean_email("  Ann@Example.ORG ")
    'ann@example.org'
    """
    email = raw.strip().lower()
    if len(email) > 254 or not _EMAIL.match(email):
        raise MasterError("bad_request", "that is not an e-mail address (name@example.org)")
    return email


def seat_token(account: AccountRecord, table_id: str, seat: int) -> str:
    """The token of ``seat`` at ``table_id`` held by ``account``: derived from the
    account's secret, so any device signed in to it can be given it again."""
    mac = hmac.new(account.seat_key.encode(), f"{table_id}/{seat}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode().rstrip("=")


def me(
    account: AccountRecord, csrf: str, claimed: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": account.id,
        "name": account.name,
        "email": account.email,
        "email_verified": account.email_verified_at is not None,
        "created_at": iso(account.created_at),
        "csrf": csrf,
    }
    if claimed is not None:
        out["seats"] = claimed
    return out


def _mailer(found: Services) -> accountmail.Outbox:
    box = found.outbox
    if box is None:
        raise MasterError(
            "no_mail",
            "this server sends no e-mail, so it cannot make accounts or reset "
            "passwords (its operator sets mail_dir or an SMTP server)",
        )
    return box


async def _mail_limits(found: Services, request: Request, email: str) -> None:
    s = found.settings
    keys = {
        address_key(request, "mail"): s.account_mails_per_hour,
        key("mail", email): s.account_mails_per_hour,
    }
    await take_attempts(found, keys, 3600, "e-mails asked for")


def _link(found: Services, page: str, token: str) -> str:
    return f"{found.settings.public_url.rstrip('/')}/#/{page}/{token}"


# ---------------------------------------------------------------------- sign up
async def sign_up(request: Request) -> Response:
    found = services(request)
    body = await read_body(request, SignUp)
    s = found.settings
    name = display_name(body.name, s.name_length)
    email = clean_email(body.email)
    password = check_password(body.password, s.password_length)
    box = _mailer(found)
    await _mail_limits(found, request, email)
    digest = await found.passwords.hash(password)  # (hashed either way: the same time)
    token = secrets.token_urlsafe(32)
    now = time.time()
    expires = now + s.signup_link_hours * 3600

    def write(conn: Connection) -> bool:
        if people.account_by_email(conn, email) is not None:
            return False
        payload = {"name": name, "password_hash": digest}
        people.insert_token(
            conn, hash_token(token), "signup", expires, email=email, payload=payload
        )
        return True

    if await found.store.run(write):
        text = (
            f"Hello {name},\n\nopen this link to finish signing up to Takeover:\n\n"
            f"{_link(found, 'welcome', token)}\n\nIt works once, for {s.signup_link_hours:g} "
            "hours. If you did not sign up, ignore this e-mail: nothing is made without it.\n"
        )
        accountmail.post(box, email, "Finish signing up to Takeover", text)
    else:
        text = (
            "Someone (you, we hope) tried to sign up to Takeover with this address, which has "
            "an account already. Sign in instead, or choose a new password here:\n\n"
            f"{found.settings.public_url.rstrip('/')}/#/signin\n\nIf it was not you, "
            "ignore this e-mail: nothing changed.\n"
        )
        accountmail.post(box, email, "You have a Takeover account already", text)
    message = SIGNED_UP.format(email=email, hours=s.signup_link_hours)
    return JSONResponse({"status": "sent", "message": message}, status_code=202)


async def confirm(request: Request) -> Response:
    """Open a sign-up link: the account is made, and signed in."""
    found = services(request)
    body = await read_body(request, Confirm)
    now = time.time()
    link = await found.store.run(
        lambda c: people.use_token(c, hash_token(body.token), "signup", now)
    )
    if link is None or link.email is None or not isinstance(link.payload, dict):
        raise MasterError("bad_request", f"{BAD_LINK}: sign up again")
    account = AccountRecord(
        id=secrets.token_urlsafe(9),
        name=str(link.payload["name"]),
        email=link.email,
        password_hash=str(link.payload["password_hash"]),
        seat_key=secrets.token_hex(32),
        created_at=now,
        email_verified_at=now,
    )
    try:
        await found.store.run(lambda c: people.insert_account(c, account))
    except Taken:
        raise MasterError(
            "conflict",
            "this address has an account already (another link was opened first): sign in",
        ) from None
    return await _signed_in(request, account, body.seats, 201)


async def _signed_in(
    request: Request,
    account: AccountRecord,
    claims: list[SeatClaim],
    status: int = 200,
    replacing: str | None = None,
) -> Response:
    claimed = await claim_seats(services(request), account, claims)
    response = JSONResponse({})
    csrf = await sessions.open_session(request, response, account.id, replacing)
    done = JSONResponse(me(account, csrf, claimed), status_code=status)
    done.raw_headers.extend(h for h in response.raw_headers if h[0] == b"set-cookie")
    return done


# ---------------------------------------------------------------------- sign in and out
async def sign_in(request: Request) -> Response:
    found = services(request)
    body = await read_body(request, SignIn)
    s = found.settings
    email = body.email.strip().lower()
    who, where = key("fail", email), address_key(request, "fail")
    limits = {where: s.sign_in_failures_per_address, who: s.sign_in_failures_per_account}
    # counted as failures before the password is checked (taken back if it is right), so
    # that attempts sent together cannot all pass the count
    taken = await take_attempts(found, limits, s.sign_in_window_seconds, "failed sign-ins")
    account = await found.store.run(lambda c: people.account_by_email(c, email))
    stored = account.password_hash if account is not None else None
    if not await found.passwords.verify(stored, body.password) or account is None:
        raise MasterError("sign_in_failed", SIGN_IN_FAILED)
    await _fresh_hash(found, account, body.password)
    await forgive(found, taken, who)
    return await _signed_in(request, account, body.seats)


async def _fresh_hash(found: Services, account: AccountRecord, password: str) -> None:
    """Rehash a password made with older parameters, now that it is known to be right."""
    if found.passwords.stale(account.password_hash):
        digest = await found.passwords.hash(password)
        await found.store.run(lambda c: people.update_account(c, account.id, password_hash=digest))


async def sign_out(request: Request) -> Response:
    signed = await sessions.current(request)
    if signed is not None:
        sessions.check_forgery(request, signed)
        await services(request).store.run(lambda c: people.delete_session(c, signed.id_hash))
    response = Response(status_code=204)
    sessions.close_cookie(request, response)
    return response


async def get_me(request: Request) -> Response:
    signed = await sessions.signed_in(request, change=False)
    return JSONResponse(me(signed.account, signed.csrf))


# ---------------------------------------------------------------------- passwords
async def change_password(request: Request) -> Response:
    """A new password, given the current one: every other session ends, this one is renewed."""
    found = services(request)
    signed = await sessions.signed_in(request)
    body = await read_body(request, ChangePassword)
    s = found.settings
    new = check_password(body.new_password, s.password_length)
    who = key("fail", signed.account.email)
    limits = {
        address_key(request, "fail"): s.sign_in_failures_per_address,
        who: s.sign_in_failures_per_account,
    }
    taken = await take_attempts(found, limits, s.sign_in_window_seconds, "failed sign-ins")
    if not await found.passwords.verify(signed.account.password_hash, body.password):
        raise MasterError("sign_in_failed", "that is not your current password")
    await forgive(found, taken)
    digest = await found.passwords.hash(new)
    account_id = signed.account.id

    def write(conn: Connection) -> None:
        people.update_account(conn, account_id, password_hash=digest)
        people.delete_sessions(conn, account_id)

    await found.store.run(write)
    return await _signed_in(request, signed.account, [])


async def ask_reset(request: Request) -> Response:
    found = services(request)
    body = await read_body(request, ResetAsk)
    email = clean_email(body.email)
    box = _mailer(found)
    await _mail_limits(found, request, email)
    s = found.settings
    token = secrets.token_urlsafe(32)
    expires = time.time() + s.reset_link_minutes * 60

    def write(conn: Connection) -> AccountRecord | None:
        account = people.account_by_email(conn, email)
        if account is not None:
            people.insert_token(conn, hash_token(token), "reset", expires, account_id=account.id)
        return account

    account = await found.store.run(write)
    if account is not None:
        text = (
            f"Hello {account.name},\n\nopen this link to choose a new Takeover password:\n\n"
            f"{_link(found, 'reset', token)}\n\nIt works once, for {s.reset_link_minutes:g} "
            "minutes. If you did not ask for it, ignore this e-mail: your password stays.\n"
        )
        accountmail.post(box, email, "A new Takeover password", text)
    message = RESET_SENT.format(email=email, minutes=s.reset_link_minutes)
    return JSONResponse({"status": "sent", "message": message}, status_code=202)


async def reset(request: Request) -> Response:
    """Open a reset link with a new password: every session ends, this browser signs in."""
    found = services(request)
    body = await read_body(request, ResetDone)
    password = check_password(body.password, found.settings.password_length)
    digest = await found.passwords.hash(password)
    now = time.time()

    def write(conn: Connection) -> AccountRecord | None:
        link = people.use_token(conn, hash_token(body.token), "reset", now)
        if link is None or link.account_id is None:
            return None
        people.update_account(conn, link.account_id, password_hash=digest)
        people.delete_sessions(conn, link.account_id)
        account = people.account(conn, link.account_id)
        if account is not None:
            people.forget_attempts(conn, [], key("fail", account.email))
        return account

    account = await found.store.run(write)
    if account is None:
        raise MasterError("bad_request", f"{BAD_LINK}: ask for a new one")
    return await _signed_in(request, account, body.seats)


# ---------------------------------------------------------------------- seats and games
async def claim(request: Request) -> Response:
    signed = await sessions.signed_in(request)
    body = await read_body(request, Claim)
    claimed = await claim_seats(services(request), signed.account, body.seats)
    return JSONResponse({"seats": claimed})


async def claim_seats(
    found: Services, account: AccountRecord, claims: list[SeatClaim]
) -> list[dict[str, Any]]:
    """Give ``account`` the seats whose tokens a browser holds (a person's, not held by
    another account); each with its new token. Tokens that open nothing are passed over."""
    most = found.settings.seats_per_claim
    if len(claims) > most:
        raise MasterError("bad_request", f"at most {most} seats may be handed over at once")
    out = []
    for c in claims:
        seat = await _claim_one(found, account, c.table, c.token)
        if seat is not None:
            out.append(
                {"table": c.table, "seat": seat, "token": seat_token(account, c.table, seat)}
            )
    return out


async def _claim_one(
    found: Services, account: AccountRecord, table_id: str, token: str
) -> int | None:
    digest = hash_token(token)
    repo = found.store.repo

    def write(conn: Connection) -> int | None:
        record = repo.table(conn, table_id)
        if record is None:
            return None
        holders = people.seat_holders(conn, table_id)
        for s in record.seats:
            if (
                s.kind == "human"
                and s.token_hash is not None
                and secrets.compare_digest(s.token_hash, digest)
            ):
                if holders.get(s.seat, account.id) != account.id:
                    return None
                new = hash_token(seat_token(account, table_id, s.seat))
                people.attach_seat(conn, table_id, s.seat, account.id, new)
                return s.seat
        return None

    table = found.master.tables.get(table_id)
    if table is None:
        return await found.store.run(write)
    async with table.lock:  # (no start or leave meanwhile: the seat in memory follows)
        seat = await found.store.run(write)
        held = table.seats.get(seat) if seat is not None else None
        if held is not None:
            held.token_hash = hash_token(seat_token(account, table_id, held.seat))
    return seat


async def my_games(request: Request) -> Response:
    """The signed-in person's games, the latest active first: live ones with whose turn it
    is and since when, and the seat's token; finished ones with the result."""
    found = services(request)
    signed = await sessions.signed_in(request, change=False)
    query = request.query_params
    most = found.settings.my_games_page_max
    try:
        limit = min(most, max(1, int(query.get("limit", 20))))
        offset = max(0, int(query.get("offset", 0)))
    except ValueError:
        raise MasterError("bad_request", "limit and offset must be integers") from None
    status = query.get("status")
    if status not in (None, "live", "finished"):
        raise MasterError("bad_request", 'status must be "live" or "finished"')
    finished = None if status is None else status == "finished"
    account = signed.account
    held, total = await found.store.run(
        lambda c: people.games_of(c, account.id, limit, offset, finished)
    )
    games = [await _game(found, account, table_id, seat) for table_id, seat in held]
    return JSONResponse(
        {
            "games": [g for g in games if g is not None],
            "total": total,
            "limit": limit,
            "offset": offset,
        }
    )


async def _game(
    found: Services, account: AccountRecord, table_id: str, seat: int
) -> dict[str, Any] | None:
    from takeover.server.lobby import record_summary

    table: Table | None = found.master.tables.get(table_id)
    if table is None:
        try:
            table = await found.master.fetch(table_id)
        except MasterError:
            table = None
    if table is not None and table.status != "finished":
        entry = table.summary()
        entry["turn"] = _turn(table, seat)
        entry["token"] = seat_token(account, table_id, seat)
        entry["updated_at"] = iso(table.updated_at)
    else:
        record = await found.store.run(lambda c: found.store.repo.table(c, table_id))
        if record is None:
            return None
        entry = record_summary(record)
        entry["result"] = record.result
        entry["finished_at"] = iso(record.finished_at) if record.finished_at else None
        entry["updated_at"] = iso(record.updated_at)
    entry["my_seat"] = seat
    return entry


def _turn(table: Table, mine: int) -> dict[str, Any] | None:
    """Whose decision the table waits for, and since when (its last action, or the start)."""
    state = table.state
    decision = state.pending() if state is not None and not state.is_terminal() else None
    if decision is None:
        return None
    seats = [n for n in decision.seats if n in table.seats]
    return {
        "seats": seats,
        "names": [table.seats[n].name for n in seats],
        "yours": mine in seats,
        "since": iso(table.updated_at),
    }
