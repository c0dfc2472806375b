"""Signed links: the unsubscribe link of every e-mail, which works without signing in.

A token is the recipient and an HMAC of it under the server's own key (made once and shared
by every instance through the store, :func:`~.storage.notices.secret`): it cannot be made
for someone else, and it never expires (an old e-mail's link still unsubscribes).
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from takeover.server.defences import SIGNED_LINKS

PATH = "/api/unsubscribe"
"""Where the links point (form posts are let through to it: :mod:`.defences`)."""
assert PATH in SIGNED_LINKS
KEY_NAME = "unsubscribe"
"""The name of the key in the store's secrets."""


def token(key: str, recipient: str) -> str:
    """The unsubscribe token of ``recipient`` under ``key``.

    >>> t = token("k", "acct-1")
    >>> read("k", t), read("other key", t), read("k", "x.y"), read("k", "é.ü")
    ('acct-1', None, None, None)
    """
    who = base64.urlsafe_b64encode(recipient.encode()).decode().rstrip("=")
    return f"{who}.{_mac(key, who)}"


def read(key: str, given: str) -> str | None:
    """The recipient a token names, if it was signed with ``key``; ``None`` otherwise."""
    who, _, mac = given.partition(".")
    if not who or not mac or not hmac.compare_digest(mac.encode(), _mac(key, who).encode()):
        return None
    try:
        return base64.urlsafe_b64decode(who + "=" * (-len(who) % 4)).decode()
    except (ValueError, UnicodeDecodeError):
        return None


def _mac(key: str, text: str) -> str:
    digest = hmac.new(key.encode(), f"unsubscribe:{text}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def link(public_url: str, key: str, recipient: str) -> str:
    return f"{public_url}{PATH}?token={token(key, recipient)}"
