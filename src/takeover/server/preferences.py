"""A person's choice of messages when it is their turn: read, checked and kept.

``GET`` and ``PUT /api/me/notifications`` (with the accounts' session) answer and take
``{"email": true, "digest": false, "webhook": "https://..." | null}``: e-mail at each turn
(or, with ``digest``, one a day), and a chat service's webhook. A webhook is checked when it is
set, as it will be at each delivery (:func:`.webhook.check`: ``https``, every address public),
so that a person hears at once that theirs cannot work; nothing is sent to it then.
"""

from __future__ import annotations

import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from takeover.server import sessions, webhook
from takeover.server.errors import MasterError
from takeover.server.lobby import read_body
from takeover.server.schemas import Body
from takeover.server.services import Services, services
from takeover.server.storage import notices
from takeover.server.storage.notices import Prefs


class NoticeChoice(Body):
    """What ``PUT /api/me/notifications`` takes (each field optional: unchanged)."""

    email: bool | None = None
    digest: bool | None = None
    webhook: str | None = None
    """A URL, or ``""`` to remove it."""


def shown(prefs: Prefs) -> dict[str, Any]:
    """A person's preferences as the API answers them."""
    return {"email": prefs.email_on, "digest": prefs.digest, "webhook": prefs.webhook}


async def read(found: Services, recipient: str) -> dict[str, Any]:
    chosen = await found.store.run(lambda c: notices.prefs(c, [recipient]))
    return shown(chosen.get(recipient) or Prefs(recipient))


async def write(found: Services, recipient: str, choice: NoticeChoice) -> dict[str, Any]:
    """Change ``recipient``'s preferences as ``choice`` says; ``bad_request`` naming what is
    wrong (a webhook that is not allowed), changing nothing."""
    hook = choice.webhook
    if hook:
        try:
            await webhook.check(hook, found.settings.webhook_private_targets)
        except webhook.BadWebhook as exc:
            raise MasterError("bad_request", f"webhook: {exc}") from None

    def change(conn: Any) -> Prefs:
        prefs = notices.prefs(conn, [recipient]).get(recipient) or Prefs(recipient)
        if choice.email is not None:
            prefs.email_on = choice.email
        if choice.digest is not None:
            prefs.digest = choice.digest
        if hook is not None:
            prefs.webhook = hook or None
        notices.set_prefs(conn, prefs, time.time())
        return prefs

    return shown(await found.store.run(change))


async def get_notices(request: Request) -> Response:
    """``GET /api/me/notifications``: the signed-in person's choice."""
    signed = await sessions.signed_in(request, change=False)
    return JSONResponse(await read(services(request), signed.account.id))


async def put_notices(request: Request) -> Response:
    """``PUT /api/me/notifications``: change it (with the anti-forgery token)."""
    signed = await sessions.signed_in(request)
    choice = await read_body(request, NoticeChoice)
    return JSONResponse(await write(services(request), signed.account.id, choice))
