"""Imported games: a record from elsewhere (an 18xx.games export of a 1817 game) uploaded
to be watched move by move in the replay viewer.

The game whose importer accepts the record (``GameDefinition.imports``) replays it once
on upload (a record that cannot be replayed is refused, naming the action), and the
store keeps it as it came. An import is then served like a finished game: its summary
at ``/api/tables/{id}``, its steps at ``/api/games/{id}/steps/{n}`` and its record at
``/api/games/{id}/record``, so the replay viewer needs nothing new. Stepping goes through
a cursor per import that moves forward (and starts again to go back), since a replay
viewer asks for one step after another.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from takeover.core.errors import RecordError, TakeoverError
from takeover.core.protocol import GameDefinition, GameState, ImportedStep
from takeover.core.registry import get as get_game
from takeover.core.registry import importing, names
from takeover.server.archive import describe
from takeover.server.auth import BadName, clean_name, new_table_id, plainly_a_bot
from takeover.server.config import Settings
from takeover.server.errors import MasterError
from takeover.server.limits import address_bucket, client_address
from takeover.server.lobby import read_raw
from takeover.server.services import Services, services
from takeover.server.storage import Store
from takeover.server.storage.repository import ImportRecord
from takeover.server.table import iso

CURSORS = 16
"""Imports whose replay position is kept in memory."""


async def upload(request: Request) -> Response:
    """``POST /api/imports``: a record from elsewhere; 201 with its summary."""
    found = services(request)
    address = client_address(request)
    per_minute = found.settings.imports_per_minute
    bucket = address_bucket(found.import_buckets, address, per_minute / 60, 3)
    if not bucket.take():
        raise MasterError(
            "rate_limited",
            f"too many uploads: {found.settings.imports_per_minute:g} a minute at most",
        )
    raw = await read_raw(request, found.settings.import_bytes)
    try:
        data = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):
        raise MasterError("bad_request", "the record is not JSON") from None
    if not isinstance(data, dict):
        raise MasterError("bad_request", "the record must be a JSON object")
    definition = importing(data)
    if definition is None:
        raise MasterError("bad_request", f"this is not a record this server can import ({known()})")
    rec = await asyncio.to_thread(check, definition, data, found.settings.name_length)
    rec.creator = address
    keep = found.settings.imports_kept
    await found.store.run(lambda c: found.store.repo.insert_import(c, rec, keep))
    return JSONResponse(summary(rec), status_code=201)


def import_file(path: Path, settings: Settings) -> ImportRecord:
    """Import the record at ``path`` into the store of ``settings`` (``takeover serve
    --open``); ``ValueError`` saying why it cannot be."""
    try:
        data = msgspec.json.decode(path.read_bytes())
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    except (msgspec.DecodeError, RecursionError):
        raise ValueError(f"{path} is not JSON") from None
    definition = importing(data) if isinstance(data, dict) else None
    if definition is None:
        raise ValueError(f"{path} is not a record this server can import ({known()})")
    try:
        rec = check(definition, data, settings.name_length)
    except MasterError as exc:
        raise ValueError(f"{path}: {exc.message}") from None
    store = Store(settings.database)
    store.open()
    try:
        store.run_sync(lambda c: store.repo.insert_import(c, rec, settings.imports_kept))
    finally:
        store.close()
    return rec


def known() -> str:
    """The formats the registered games import, in words."""
    formats = []
    for name in names():
        definition = get_game(name)
        if definition.imports is not None:
            formats.append(f"{definition.imports.source} exports of {definition.title}")
    return "it reads " + ", ".join(formats) if formats else "no game imports records"


def check(definition: GameDefinition, data: dict[str, Any], name_length: int) -> ImportRecord:
    """Replay ``data`` once; its stored form, or ``bad_request`` naming what failed. Its
    players' names are held to the lobby's rules (:func:`player_names`)."""
    importer = definition.imports
    assert importer is not None
    try:
        title, players = importer.describe(data)
        players = player_names(players, name_length)
        importer.start(data)
        count = sum(1 for _ in importer.steps(data))
    except RecordError as exc:
        raise MasterError("bad_request", f"the record cannot be replayed: {exc}") from None
    except TakeoverError as exc:
        raise MasterError("bad_request", f"the record cannot be replayed: {exc}") from None
    return ImportRecord(new_table_id(), definition.name, title, players, count, data, time.time())


def player_names(names: list[str], limit: int) -> list[str]:
    """The players' names as a lobby would take them (normalised, at most ``limit``
    characters, no markup, no look-alike of a bot's name); a bot named plainly, as in a
    record of this server's (``Random bot``), stays one (:func:`summary`)."""
    out = []
    for n, raw in enumerate(names):
        try:
            out.append(clean_name(raw, limit, bots=True))
        except BadName as exc:
            raise MasterError("bad_request", f"player {n + 1}'s name: {exc}") from None
    return out


def summary(rec: ImportRecord) -> dict[str, Any]:
    """An import as a finished table of the lobby (``imported``: where it came from)."""
    definition = get_game(rec.game)
    return {
        "id": rec.id,
        "game": rec.game,
        "status": "finished",
        "created_at": iso(rec.created_at),
        "ruleset": rec.title,
        "seq": rec.actions,
        "seats": [
            {
                "seat": n,
                "kind": "bot" if plainly_a_bot(name) else "human",
                "name": name,
                "bot": None,
                "connected": False,
                "absent": False,
            }
            for n, name in enumerate(rec.players)
        ],
        "spectators": 0,
        "bot_only": False,
        "timer": "off",
        "on_timeout": "wait",
        "imported": definition.imports.source if definition.imports else rec.game,
        "replay": f"#/replay/{rec.id}",
    }


async def find(found: Services, import_id: str) -> ImportRecord | None:
    cursor = found.imports.get(import_id)
    if cursor is not None:
        return cursor.rec
    repo = found.store.repo
    return await found.store.run(lambda c: repo.imported(c, import_id))


async def step(found: Services, rec: ImportRecord, n: int) -> dict[str, Any]:
    """The position after the first ``n`` actions of import ``rec``."""
    if not 0 <= n <= rec.actions:
        raise MasterError("bad_request", f"step must be 0 to {rec.actions}, not {n}")
    cursor = found.imports.get(rec.id)
    if cursor is None:
        cursor = found.imports[rec.id] = Cursor(rec)
        if len(found.imports) > CURSORS:
            found.imports.popitem(last=False)
    found.imports.move_to_end(rec.id)
    return await asyncio.to_thread(cursor.at, n)


class Cursor:
    """One import's replay, moved forward step by step (and started again to go back)."""

    def __init__(self, rec: ImportRecord) -> None:
        self.rec = rec
        self.lock = threading.Lock()
        self._steps: Iterator[ImportedStep] | None = None
        self.n = 0
        self.state: GameState | None = None
        self.last: ImportedStep | None = None

    def _restart(self) -> None:
        importer = get_game(self.rec.game).imports
        assert importer is not None
        self.state = importer.start(self.rec.record)
        self._steps = importer.steps(self.rec.record)
        self.n, self.last = 0, None

    def at(self, n: int) -> dict[str, Any]:
        with self.lock:
            if self._steps is None or n < self.n:
                self._restart()
            assert self._steps is not None
            while self.n < n:
                self.last = next(self._steps)
                self.state = self.last.state
                self.n += 1
            assert self.state is not None
            last = self.last if n > 0 else None
            if last is None:
                return describe(self.state, n, self.rec.actions, None)
            return describe(self.state, n, self.rec.actions, (last.seat, last.action, last.events))
