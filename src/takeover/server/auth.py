"""Seat tokens and display names: who may act for a seat, and what people are called.

A seat token is a random secret shown once to whoever joins the seat; the store
keeps only its SHA-256, so a leaked database does not leak seats.
"""

from __future__ import annotations

import hashlib
import re
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


BOT_WORDS = frozenset({"bot", "bots"})
"""Words kept for the server's bots (``Random bot``, ``Bot (mcts:time=1)``)."""
_LOOK_ALIKE = str.maketrans(
    {"0": "o", "\u043e": "o", "\u03bf": "o", "\u0585": "o", "\u0442": "t", "\u03c4": "t"}
)
"""Letters that pass for those of "bot": zero, Cyrillic, Greek and Armenian o, Cyrillic and
Greek t."""
_WORD = re.compile(r"[^\W_]+")


def looks_like_a_bot(name: str) -> bool:
    """Whether ``name`` has the word "bot" in it (in any case, width or look-alike letters),
    as every bot's name does: people cannot pass for a bot.

    >>> [looks_like_a_bot(n) for n in ("Random bot", "ROBOT", "Bot (mcts)", "b0t-3", "Abbott")]
    [True, False, True, True, False]
    """
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_LOOK_ALIKE)
    return any(word in BOT_WORDS for word in _WORD.findall(folded))


def clean_name(raw: object, limit: int) -> str:
    """A display name: trimmed, inner spaces collapsed, 1..``limit`` printable characters.

    Names are plain text everywhere; ``<`` and ``>`` are refused outright so that
    no client can be tricked into rendering markup. The word "bot" is the server's
    (:func:`looks_like_a_bot`).
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
    if looks_like_a_bot(name):
        raise BadName(f"{name!r} looks like a bot's name: the word 'bot' is kept for bots")
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
