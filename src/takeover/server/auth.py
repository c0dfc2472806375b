"""Seat tokens and display names: who may act for a seat, and what people are called.

A seat token is a random secret shown once to whoever joins the seat; the store
keeps only its SHA-256, so a leaked database does not leak seats.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

TOKEN_BYTES = 24


def new_token() -> tuple[str, str]:
    """A fresh ``(token, hash)`` pair."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_table_id() -> str:
    return secrets.token_urlsafe(6)


class BadName(ValueError):
    """A display name or chat line that cannot be used; the message says why."""


def clean_name(raw: object, limit: int) -> str:
    """A display name: trimmed, inner spaces collapsed, 1..``limit`` printable characters.

    Names are plain text everywhere; ``<`` and ``>`` are refused outright so that
    no client can be tricked into rendering markup.
    """
    if not isinstance(raw, str):
        raise BadName("a name must be a string")
    name = " ".join(raw.split())
    if not name:
        raise BadName("a name must not be empty")
    if len(name) > limit:
        raise BadName(f"a name must be at most {limit} characters (got {len(name)})")
    for ch in name:
        if ch in "<>" or unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            raise BadName(f"a name must not contain {ch!r}")
    return name


def clean_text(raw: str, limit: int) -> str:
    """A chat line: control characters dropped, whitespace collapsed, at most ``limit`` long."""
    text = "".join(
        ch for ch in raw if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    )
    text = " ".join(text.split())
    if not text:
        raise BadName("a chat message must not be empty")
    if len(text) > limit:
        raise BadName(f"a chat message must be at most {limit} characters (got {len(text)})")
    return text
