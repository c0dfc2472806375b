"""Seat tokens and display names: who may act for a seat, and what people are called.

A seat token is a random secret shown once to whoever joins the seat; the store
keeps only its SHA-256, so a leaked database does not leak seats.
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
import unicodedata

from confusable_homoglyphs import confusables

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


BOT_WORDS = ("bot", "bots")
"""Words kept for the server's bots (``Random bot``, ``Bot (mcts:time=1)``)."""
_PLAIN_WORD = re.compile(r"[A-Za-z0-9]+")
LOOK_STEPS = 3
"""How far :func:`passes_for` follows look-alikes, case and compatibility forms: far
enough for a small capital (``\u0299`` looks like Cyrillic ``\u0432``, whose capital
looks like ``B``)."""


@functools.lru_cache(maxsize=4096)
def passes_for(ch: str) -> frozenset[str]:
    """The ASCII letters and digits (lower case) that ``ch`` may pass for: itself, its
    look-alikes in Unicode's confusables (UTS #39, through the ``confusable_homoglyphs``
    package), its other case and compatibility form, and theirs. An ASCII character is
    followed one step only, so that ``y`` does not become ``t`` by way of Greek.

    >>> sorted(passes_for("ʙ")), sorted(passes_for("0")), sorted(passes_for("y"))
    (['b'], ['0', 'o'], ['y'])
    """
    seen, frontier = {ch}, [ch]
    for _ in range(1 if ch.isascii() else LOOK_STEPS):
        found = []
        for c in frontier:
            if c.isascii() and c != ch:
                continue  # (a plain letter reached: what it looks like is settled)
            for other in _neighbours(c):
                if other not in seen:
                    seen.add(other)
                    found.append(other)
        frontier = found
    return frozenset(c.lower() for c in seen if c.isascii() and c.isalnum())


def _neighbours(ch: str) -> list[str]:
    base = unicodedata.normalize("NFD", ch)[:1]  # (the letter under an accent)
    near = {unicodedata.normalize("NFKC", ch), base, ch.lower(), ch.upper()}
    found = confusables.is_confusable(ch, greedy=True)
    if found:
        near.update(glyph["c"] for glyph in found[0]["homoglyphs"])
    return [c for c in near if len(c) == 1]


def looks_like_a_bot(name: str) -> bool:
    """Whether ``name`` has the word "bot" in it (in any case, width or look-alike letters),
    as every bot's name does: people cannot pass for a bot.

    >>> names = ("Random bot", "ROBOT", "Bot (mcts)", "b0t-3", "Abbott", "Boy")
    >>> [looks_like_a_bot(n) for n in names]
    [True, False, True, True, False, False]
    >>> look_alikes = ("Heuristic \u0412ot", "Random \u0299\u1d0f\u1d1b", "\uff42\uff4f\uff54")
    >>> [looks_like_a_bot(n) for n in (*look_alikes, "B\xf3t", "\u0432\u043e\u0442")]
    [True, True, True, True, True]
    """
    word: list[frozenset[str]] = []
    for ch in unicodedata.normalize("NFKC", name) + " ":
        letters = passes_for(ch)
        if letters or ch.isalnum():
            word.append(letters)
            continue
        if any(_spells(word, bot) for bot in BOT_WORDS):
            return True
        word = []
    return False


def _spells(word: list[frozenset[str]], text: str) -> bool:
    return len(word) == len(text) and all(
        c in letters for letters, c in zip(word, text, strict=True)
    )


def plainly_a_bot(name: str) -> bool:
    """Whether ``name`` names a bot in plain letters, as this server's bots are named
    (``Random bot 3``), rather than in look-alikes (``b0t``, ``\u0412ot``).

    >>> plainly_a_bot("Random bot 3"), plainly_a_bot("b0t"), plainly_a_bot("Ann")
    (True, False, False)
    """
    words = [w.lower() for w in _PLAIN_WORD.findall(name)]
    return name.isascii() and any(w in BOT_WORDS for w in words)


def clean_name(raw: object, limit: int, bots: bool = False) -> str:
    """A display name: NFKC-normalised (fullwidth ``\uff22\uff4f\uff42`` is ``Bob``),
    trimmed, inner spaces collapsed, 1..``limit`` printable characters.

    Names are plain text everywhere; ``<`` and ``>`` are refused outright so that
    no client can be tricked into rendering markup. The word "bot" is the server's
    (:func:`looks_like_a_bot`); with ``bots``, a name that says so plainly passes
    (:func:`plainly_a_bot`: a record of a game with bots), a look-alike never does.
    """
    if not isinstance(raw, str):
        raise BadName("a name must be a string")
    if len(raw) > 4 * limit:  # (before normalising: NFKC may multiply the length)
        raise BadName(f"a name must be at most {limit} characters (got {len(raw)})")
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise BadName("a name must not be empty")
    if len(name) > limit:
        raise BadName(f"a name must be at most {limit} characters (got {len(name)})")
    for ch in name:
        if ch in "<>" or unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            raise BadName(f"a name must not contain {ch!r}")
    if looks_like_a_bot(name) and not (bots and plainly_a_bot(name)):
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
