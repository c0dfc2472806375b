"""Passwords: Argon2id hashes (argon2-cffi), computed off the event loop, a few at once.

A sign-in for an address that has no account still verifies a password, against a
dummy hash made with the same parameters, so that the answer takes as long either way
(no account learnt from timing). Passwords are only ever held in local variables: never
logged, never stored, never sent back.
"""

from __future__ import annotations

import asyncio
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from takeover.server.config import Settings
from takeover.server.errors import MasterError

SHORTEST = 8
"""The shortest password (NIST SP 800-63B's minimum for one a person chose)."""


def check_password(raw: object, longest: int) -> str:
    """A new password as given, if it is one: ``bad_request`` naming the rule otherwise."""
    if not isinstance(raw, str):
        raise MasterError("bad_request", "a password must be a string")
    if len(raw) < SHORTEST:
        raise MasterError("bad_request", f"a password must be at least {SHORTEST} characters")
    if len(raw) > longest:
        raise MasterError("bad_request", f"a password must be at most {longest} characters")
    if not raw.strip():
        raise MasterError("bad_request", "a password must not be only spaces")
    return raw


class Passwords:
    """Hashing and verifying, at most ``password_hashes_at_once`` at a time (each takes
    ``password_hash_kib`` of memory), in threads."""

    def __init__(self, settings: Settings) -> None:
        self.hasher = PasswordHasher(
            time_cost=max(1, settings.password_hash_passes),
            memory_cost=max(8, settings.password_hash_kib),
            parallelism=1,
        )
        self.gate = asyncio.Semaphore(max(1, settings.password_hashes_at_once))
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        async with self.gate:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored``; ``None`` (no account) verifies against
        the dummy hash and is never a match."""
        async with self.gate:
            if stored is None:
                if self._dummy is None:
                    self._dummy = await asyncio.to_thread(self.hasher.hash, secrets.token_hex(16))
                await asyncio.to_thread(self._check, self._dummy, password)
                return False
            return await asyncio.to_thread(self._check, stored, password)

    def _check(self, stored: str, password: str) -> bool:
        try:
            return self.hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def stale(self, stored: str) -> bool:
        """Whether ``stored`` was made with other parameters (rehash at the next sign-in)."""
        return self.hasher.check_needs_rehash(stored)
