"""One-click unsubscribe: a signed link in every e-mail that turns e-mail off, no sign-in.

The link carries the recipient, signed (:mod:`.links`), so it works without a session and
cannot be made for someone else. Mail clients that follow RFC 8058
POST ``List-Unsubscribe=One-Click`` to it (the ``List-Unsubscribe`` and
``List-Unsubscribe-Post`` headers); a person who opens it gets a page with one button (a GET
changes nothing, since mail scanners open links).
"""

from __future__ import annotations

import html
import time

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from takeover.server.links import PATH, read
from takeover.server.services import services
from takeover.server.storage import notices


def _page(title: str, *body: str, status: int = 200) -> HTMLResponse:
    text = "".join(body)
    return HTMLResponse(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f'<meta name="viewport" content="width=device-width"></head><body><main>'
        f"<h1>{title}</h1>{text}</main></body></html>",
        status_code=status,
    )


async def _recipient(request: Request) -> str | None:
    found = services(request)
    key = await found.dispatch.key()
    return read(key, request.query_params.get("token", ""))


async def ask(request: Request) -> Response:
    """``GET``: a page with one button (a form that posts back here)."""
    if await _recipient(request) is None:
        return _page("This link does not work", "<p>It may have been cut short.</p>", status=400)
    action = html.escape(f"{PATH}?token={request.query_params['token']}")
    return _page(
        "Stop e-mail from takeover",
        "<p>You will get no more e-mail when it is your turn.</p>",
        f'<form method="post" action="{action}">'
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">'
        "<button>Unsubscribe</button></form>",
    )


async def confirm(request: Request) -> Response:
    """``POST`` (the page's button, or a mail client's one-click): e-mail off."""
    recipient = await _recipient(request)
    if recipient is None:
        return _page("This link does not work", "<p>It may have been cut short.</p>", status=400)
    found = services(request)
    await found.store.run(lambda c: notices.unsubscribe(c, recipient, time.time()))
    return _page(
        "Unsubscribed",
        "<p>You will get no more e-mail when it is your turn. Your settings, once signed in, "
        "turn it on again.</p>",
    )
