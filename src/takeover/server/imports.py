"""Imported games: a record from elsewhere (an 18xx.games export of a 1817 game) uploaded
to be watched move by move in the replay viewer.

The game whose importer accepts the record (``GameDefinition.imports``) reads it once
on upload (its undo and redo resolved in one pass; a record that cannot be replayed is
refused, naming the action), and the store keeps it as it came. An import is then
served like a finished game: its summary at ``/api/tables/{id}``, its steps at
``/api/games/{id}/steps/{n}`` and its record at ``/api/games/{id}/record``, so the
replay viewer needs nothing new.

Everything whose cost grows with the record (decoding it, checking it, replaying it,
encoding it) runs in the replay workers (:mod:`.replays`), never on the event loop:
the routes here only rate-limit, read the body and look up an import's summary. The
functions the workers run (:func:`accept`, :func:`step_at`, :func:`record_of`) read and
write the store themselves, so that a record never crosses to the server process. A
worker keeps a :class:`Cursor` per import it steps through (the record with its undos
resolved, and the position reached), within :data:`CURSORS` and :data:`CURSOR_ACTIONS`.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
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
from takeover.server.replays import Deadline, repository
from takeover.server.services import Services, services
from takeover.server.storage import Store
from takeover.server.storage.repository import ImportRecord
from takeover.server.table import iso

SUMMARIES = 256
"""Imports whose summary (not their record) the server process keeps in memory."""
CURSORS = 16
"""Imports whose replay a worker keeps (the standing actions and the position reached) ..."""
CURSOR_ACTIONS = 20_000
"""... with at most this many standing actions in all (about 1.5 kB each with the
position's history: some 30 MB a worker; the newest import is kept whatever its size)."""


# ---------------------------------------------------------------------- routes
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
    made = await found.replays.run(
        address,
        "upload",
        "takeover.server.imports:accept",
        found.settings.database,
        raw,
        address,
        found.settings.imports_kept,
        found.settings.name_length,
        what="reading this record",
    )
    return JSONResponse(made, status_code=201)


async def find(found: Services, import_id: str) -> ImportRecord | None:
    """Import ``import_id``'s summary (its ``record`` left empty), or ``None``."""
    rec = found.imports.get(import_id)
    if rec is None:
        repo = found.store.repo
        rec = await found.store.run(lambda c: repo.imported(c, import_id, record=False))
        if rec is None:
            return None
        found.imports[import_id] = rec
        if len(found.imports) > SUMMARIES:
            found.imports.popitem(last=False)
    found.imports.move_to_end(import_id)
    return rec


async def step(request: Request, rec: ImportRecord, n: int) -> Response:
    """The position after the first ``n`` actions of import ``rec``."""
    if not 0 <= n <= rec.actions:
        raise MasterError("bad_request", f"step must be 0 to {rec.actions}, not {n}")
    found = services(request)
    made = await found.replays.run(
        client_address(request),
        rec.id,
        "takeover.server.imports:step_at",
        found.settings.database,
        rec.id,
        n,
        what="replaying this game",
    )
    return JSONResponse(made)


async def record(request: Request, rec: ImportRecord) -> Response:
    """The record of import ``rec`` as it came (encoded by a worker)."""
    found = services(request)
    body = await found.replays.run(
        client_address(request),
        rec.id,
        "takeover.server.imports:record_of",
        found.settings.database,
        rec.id,
        what="reading this record",
    )
    return Response(body, media_type="application/json")


def import_file(path: Path, settings: Settings) -> ImportRecord:
    """Import the record at ``path`` into the store of ``settings`` (``takeover serve
    --open``); ``ValueError`` saying why it cannot be."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    try:
        rec = read(raw, Deadline(None), settings.name_length)
    except MasterError as exc:
        message = f"{path} is not JSON" if exc.message == NOT_JSON else f"{path}: {exc.message}"
        raise ValueError(message) from None
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


# ---------------------------------------------------------------------- in a worker
NOT_JSON = "the record is not JSON"


def accept(
    deadline: Deadline,
    database: str,
    raw: bytes,
    creator: str | None,
    keep: int,
    name_length: int,
) -> dict[str, Any]:
    """Read, check and store an uploaded record (a replay worker's job); its summary, or
    ``MasterError`` saying why it is refused."""
    rec = read(raw, deadline, name_length)
    rec.creator = creator
    repo = repository(database)
    with repo.engine.begin() as conn:
        repo.insert_import(conn, rec, keep)
    return summary(rec)


def read(raw: bytes, deadline: Deadline, name_length: int) -> ImportRecord:
    """The stored form of the record ``raw`` (checked by replaying it once), or
    ``bad_request`` naming what is wrong."""
    try:
        data = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):
        raise MasterError("bad_request", NOT_JSON) from None
    if not isinstance(data, dict):
        raise MasterError("bad_request", "the record must be a JSON object")
    definition = importing(data)
    if definition is None:
        raise MasterError("bad_request", f"this is not a record this server can import ({known()})")
    return check(definition, data, name_length, deadline)


def check(
    definition: GameDefinition,
    data: dict[str, Any],
    name_length: int,
    deadline: Deadline | None = None,
) -> ImportRecord:
    """Replay ``data`` once; its stored form, or ``bad_request`` naming what failed
    (``timeout`` past ``deadline``). Its players' names are held to the lobby's rules
    (:func:`player_names`)."""
    importer = definition.imports
    assert importer is not None
    clock = deadline or Deadline(None)
    try:
        title, players = importer.describe(data)
        players = player_names(players, name_length)
        standing = importer.resolve(data)
        importer.start(standing)
        count = 0
        for _ in importer.steps(standing):
            count += 1
            clock.check()
    except TakeoverError as exc:  # RecordError included: the message names the action
        raise MasterError("bad_request", f"the record cannot be replayed: {exc}") from None
    return ImportRecord(new_table_id(), definition.name, title, players, count, data, time.time())


def step_at(deadline: Deadline, database: str, import_id: str, n: int) -> dict[str, Any]:
    """The position after the first ``n`` actions of an import (a replay worker's job),
    from the worker's cursor for it (made on the first step asked of this worker)."""
    key = (database, import_id)
    with _cursors_lock:
        cursor = _cursors.get(key)
        if cursor is not None:
            _cursors.move_to_end(key)
    if cursor is None:
        rec = _load(database, import_id)
        cursor = Cursor(rec)
        _keep(key, cursor)
    return cursor.at(n, deadline)


def record_of(deadline: Deadline, database: str, import_id: str) -> bytes:
    """An import's record as it came, as JSON (a replay worker's job)."""
    return msgspec.json.encode(_load(database, import_id).record)


def _load(database: str, import_id: str) -> ImportRecord:
    repo = repository(database)
    with repo.engine.begin() as conn:
        rec = repo.imported(conn, import_id)
    if rec is None:
        raise MasterError("not_found", f"no game {import_id!r}")
    return rec


_cursors: OrderedDict[tuple[str, str], Cursor] = OrderedDict()
"""This process's cursors, by store and import id, least recently used first."""
_cursors_lock = threading.Lock()


def _keep(key: tuple[str, str], cursor: Cursor) -> None:
    """Remember ``cursor``; forget the least recently used ones beyond the bounds."""
    with _cursors_lock:
        _cursors[key] = cursor
        _cursors.move_to_end(key)
        held = sum(c.total for c in _cursors.values())
        while len(_cursors) > 1 and (len(_cursors) > CURSORS or held > CURSOR_ACTIONS):
            _, gone = _cursors.popitem(last=False)
            held -= gone.total


class Cursor:
    """One import's replay, moved forward step by step (and started again to go back).

    The record is resolved once (:meth:`RecordImport.resolve`: undone actions left out),
    so that every step costs one action of the game whatever the record undid."""

    def __init__(self, rec: ImportRecord) -> None:
        importer = get_game(rec.game).imports
        assert importer is not None
        self.importer = importer
        self.game = rec.game
        self.total = rec.actions
        try:
            self.record = importer.resolve(rec.record)
        except RecordError as exc:  # stored before a check that now refuses it
            raise MasterError("bad_request", f"the record cannot be replayed: {exc}") from None
        self.lock = threading.Lock()
        self.n = 0
        self.state: GameState | None = None
        self.last: ImportedStep | None = None
        self._steps: Any = None

    def _restart(self) -> None:
        self.state = self.importer.start(self.record)
        self._steps = self.importer.steps(self.record)
        self.n, self.last = 0, None

    def at(self, n: int, deadline: Deadline) -> dict[str, Any]:
        with self.lock:
            try:
                if self._steps is None or n < self.n:
                    self._restart()
                while self.n < n:
                    self.last = next(self._steps)
                    self.state = self.last.state
                    self.n += 1
                    deadline.check()
            except (TakeoverError, StopIteration) as exc:
                self._steps = None
                raise MasterError("bad_request", f"the record cannot be replayed: {exc}") from None
            except MasterError:
                self._steps = None  # cut short by the deadline: start again next time
                raise
            assert self.state is not None
            last = self.last if n > 0 else None
            if last is None:
                return describe(self.state, n, self.total, None)
            return describe(self.state, n, self.total, (last.seat, last.action, last.events))
