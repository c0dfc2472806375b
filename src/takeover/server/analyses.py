"""The analysis board on the server: every finished game analysed once, stored with it.

When a game finishes (or its analysis is first asked for), its id joins a queue; at most
``analysis_games`` analyses run at once per instance. An analysis replays the stored game
move by move and sends each decision, with the position before it, to the bot workers
(:meth:`~takeover.server.bots.BotRunner.appraise`: every analysis in one group of their fair
queue, each decision under the bots' think time), and stores each appraised decision as it
comes, so that the replay viewer shows the analysis growing. The store's ``analyses`` row
is claimed by one instance (:meth:`~.repository.Repository.claim_analysis`): a game is
analysed once even where several instances share the store; an analysis whose instance
stopped writing for ``analysis_stale_seconds`` is taken over where it stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from takeover.analysis.board import BLUNDER, MEASURE, SECONDS, analysis_spec
from takeover.core.registry import get as get_game
from takeover.server.bots import BotRunner
from takeover.server.config import Settings
from takeover.server.errors import MasterError
from takeover.server.storage import Store
from takeover.server.table import Table, Update, start_state

log = logging.getLogger("takeover.server")

SAVE_EVERY = 2.0
"""Seconds between two writes of an analysis's progress (each decision is kept meanwhile)."""


class Analyses:
    """The analyses of one instance: a queue, and at most ``analysis_games`` running."""

    def __init__(self, settings: Settings, store: Store, bots: BotRunner) -> None:
        self.settings = settings
        self.store = store
        self.bots = bots
        self.waiting: deque[str] = deque()
        self.running: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    def seconds(self, game: str) -> float:
        """Search a decision: the setting, or the game's default; at most half the think
        time (the worker is stopped past the think time)."""
        wanted = self.settings.analysis_seconds or SECONDS.get(game, 0.25)
        return min(wanted, self.settings.bot_think_seconds / 2)

    def request(self, table_id: str) -> bool:
        """Queue the analysis of finished game ``table_id`` (nothing if it is queued or
        running here); ``False`` when the queue is full."""
        if table_id in self.running or table_id in self.waiting:
            return True
        if self._closed or self.settings.analysis_games <= 0:
            return False
        if len(self.waiting) >= self.settings.analysis_queue:
            return False
        self.waiting.append(table_id)
        self._pump()
        return True

    def _pump(self) -> None:
        while self.waiting and len(self.running) < self.settings.analysis_games:
            table_id = self.waiting.popleft()
            self.running.add(table_id)
            task = asyncio.get_running_loop().create_task(self._run(table_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run(self, table_id: str) -> None:
        try:
            await self._analyse(table_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the analysis of %s failed", table_id)
            await self._save(table_id, 0, [], "failed")
        finally:
            self.running.discard(table_id)
            if not self._closed:
                self._pump()

    async def _analyse(self, table_id: str) -> None:
        repo = self.store.repo
        rec = await self.store.run(lambda c: repo.table(c, table_id, actions=True))
        if rec is None or rec.status != "finished":
            return
        definition = get_game(rec.game)
        spec = analysis_spec(rec.game, self.seconds(rec.game), clock="wall")
        header = {
            "game": rec.game,
            "players": [s.name for s in rec.seats],
            "analyser": spec,
            "measure": MEASURE.get(rec.game, "win"),
            "blunder": BLUNDER,
            "total": len(rec.actions),
        }
        instance, stale = self.settings.instance, self.settings.analysis_stale_seconds
        done = await self.store.run(
            lambda c: repo.claim_analysis(c, table_id, instance, header, time.time(), stale)
        )
        if done is None:  # done, failed, or another instance runs it
            return
        state = start_state(definition, rec.setup or {})
        entries: list[dict[str, Any]] = []
        saved = time.monotonic()
        for step, (seat, data) in enumerate(rec.actions, start=1):
            action = state.action_from_dict(data)
            if step > done and len(state.legal_actions(seat)) > 1:
                entry = await self.bots.appraise(table_id, spec, state, seat, action, step)
                if entry is not None:
                    entries.append(entry)
            state.apply(action, seat)
            if entries and time.monotonic() - saved > SAVE_EVERY:
                await self._save(table_id, step, entries)
                entries, saved = [], time.monotonic()
        await self._save(table_id, len(rec.actions), entries, "done")

    async def _save(
        self, table_id: str, done: int, entries: list[dict[str, Any]], status: str = "running"
    ) -> None:
        repo, instance, now = self.store.repo, self.settings.instance, time.time()
        await self.store.run(
            lambda c: repo.save_analysis(c, table_id, instance, done, entries, now, status)
        )

    async def close(self) -> None:
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):  # stopping: its work no longer matters
                await task


class FinishedGames:
    """A master listener that queues the analysis of each game as it finishes."""

    def __init__(self, analyses: Analyses) -> None:
        self.analyses = analyses

    def on_update(self, table: Table, update: Update | None) -> None:
        finished = update is not None and table.status == "finished"
        if finished and not self.analyses.request(table.id):
            log.warning("the analysis queue is full: %s is left unanalysed", table.id)

    def on_table(self, table: Table) -> None:
        pass

    def on_chat(self, table: Table, line: Any) -> None:
        pass

    def on_removed(self, table: Table) -> None:
        pass

    def on_clock(self, table: Table, event: dict[str, Any] | None) -> None:
        pass


async def analysis(request: Request) -> Response:
    """``GET /api/games/{id}/analysis?since=N``: a finished game's analysis so far (its
    decisions after move ``N``), asking for it if it was never made."""
    from takeover.server.archive import check_replay_rate
    from takeover.server.services import services

    check_replay_rate(request)
    try:
        since = max(0, int(request.query_params.get("since", 0)))
    except ValueError:
        raise MasterError("bad_request", "since must be an integer") from None
    found, table_id = services(request), request.path_params["table_id"]
    repo = found.store.repo
    table = await found.store.run(lambda c: repo.table(c, table_id))
    if table is None:
        raise MasterError("not_found", f"no game {table_id!r}")
    if table.status != "finished":
        raise MasterError("conflict", "this game is not finished: it is analysed once it is")
    rec = await found.store.run(lambda c: repo.analysis(c, table_id, since))
    if rec is None:
        queued = found.analyses.request(table_id)
        status = "queued" if queued else "off" if found.settings.analysis_games <= 0 else "busy"
        return JSONResponse({"status": status, "done": 0, "total": table.seq, "decisions": []})
    if rec.status == "running" and _abandoned(found.settings, rec.updated_at):
        found.analyses.request(table_id)  # its instance stopped: go on with it here
    return JSONResponse(
        {**rec.header, "status": rec.status, "done": rec.done, "decisions": rec.decisions}
    )


def _abandoned(settings: Settings, updated_at: float) -> bool:
    return time.time() - updated_at > settings.analysis_stale_seconds
