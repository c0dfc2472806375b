"""The legal actions of each table's position, listed once and away from the event loop
where that can take long.

Most positions list their legal actions in microseconds, and are listed at once. A game
that says some of its positions can be slow (``SLOW_LISTING``: 1817's route decisions,
where the router searches the best routes) has those listed in one of
``listing_workers`` worker *processes* (the machinery of the bots',
:class:`~takeover.server.workers.WorkerPool`, shared fairly between tables), so one
table's search never delays another table's action. A listing that takes longer than
``listing_seconds`` is stopped (its worker killed and replaced) and the seat is offered
the game's quick listing instead, with the reason (``legal_error``). Each listing is kept
for its position (the table's ``seq``): another connection's ``hello``, a reconnect or a
bot deciding there costs nothing more.

While a slow listing is worked on, the deciding seat's ``state`` says
``"legal_pending": true`` with empty lists; a ``legal`` message brings them when ready
(``legal_error`` with the quick listing when the deadline passed). See
docs/server-protocol.md.

The workers run at a lower CPU priority (:data:`NICE`) than the server process.

``listing_burn_seconds`` is a hook for tests and benchmarks: every listing of a game that
offers ``SLOW_LISTING`` then counts as slow and first spends that much CPU time (in the
worker, or on the event loop with ``listing_workers = 0``), as the slowest route
decisions once did.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from takeover.core.extensions import SLOW_LISTING
from takeover.core.protocol import Action, GameState
from takeover.server.config import Settings
from takeover.server.table import Table
from takeover.server.workers import NotSent, NoWorkers, Overran, WorkerPool

log = logging.getLogger("takeover.server")

TASK = "takeover.server.listings:list_forms"
WARM = ("takeover.acquire", "takeover.g1817")
NICE = 10
"""How much lower a listing worker's CPU priority is than the server's: on a machine with
fewer free cores than busy workers, a long search takes the CPU the tables leave, not the
event loop's share."""


@dataclass(frozen=True, slots=True)
class Listed:
    """A seat's legal actions at one position, in record form and in words (read-only);
    ``error``: the full listing ran out of time and these are the game's quick ones."""

    forms: list[dict[str, Any]]
    texts: list[str]
    error: str | None = None

    def actions(self, state: GameState) -> list[Action]:
        """The listed actions, as ``state``'s own objects (for a bot)."""
        return [state.action_from_dict(form) for form in self.forms]


NOTHING = Listed([], [])


class ListingListener(Protocol):
    """Who hears that a slow listing is ready (the transport tells the seat's clients)."""

    def on_listing(self, table: Table, seq: int, seat: int, listed: Listed) -> None: ...


# ---------------------------------------------------------------------- in a worker
def burn(seconds: float) -> None:
    """Spend ``seconds`` of CPU time (the test hook ``listing_burn_seconds``)."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def list_forms(state: GameState, seat: int, burning: float) -> tuple[list[Any], list[str]]:
    """``state.legal_forms(seat)``: runs in a listing worker."""
    if burning:
        burn(burning)
    forms, texts = state.legal_forms(seat)
    return list(forms), list(texts)


# ---------------------------------------------------------------------- the server's side
class Listings:
    """Every held table's listings at its current position."""

    def __init__(self, settings: Settings) -> None:
        self.seconds = settings.listing_seconds
        self.burning = settings.listing_burn_seconds
        self.pool: WorkerPool | None = None
        if settings.listing_workers > 0:
            self.pool = WorkerPool(
                settings.listing_workers, self.seconds, TASK, WARM, label="listing", nice=NICE
            )
        self.listeners: list[ListingListener] = []
        self._kept: dict[str, tuple[int, dict[int, Listed | asyncio.Future[Listed]]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    def slow(self, state: GameState) -> bool:
        """Whether listing ``state`` goes to the workers."""
        found = state.extension(SLOW_LISTING)
        return found is not None and (self.burning > 0 or found.slow())

    def now(self, table: Table, seat: int) -> Listed | None:
        """``seat``'s listing at the table's position if it is known or fast (listed
        here and kept), else ``None``: it is being worked on (started now if it was not),
        and the listeners hear when it is ready."""
        entry = self._entry(table, seat)
        if isinstance(entry, Listed):
            return entry
        return entry.result() if entry.done() else None

    async def get(self, table: Table, seat: int) -> Listed:
        """``seat``'s listing at the table's position, waiting for it if it is slow."""
        entry = self._entry(table, seat)
        return entry if isinstance(entry, Listed) else await asyncio.shield(entry)

    def forget(self, table: Table) -> None:
        """Drop what is kept for ``table`` (closed, or no longer held here)."""
        self._kept.pop(table.id, None)

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        if self.pool is not None:
            self.pool.close()

    def _entry(self, table: Table, seat: int) -> Listed | asyncio.Future[Listed]:
        state, seq = table.state, table.seq
        if state is None:
            return NOTHING
        kept = self._kept.get(table.id)
        if kept is None or kept[0] != seq:
            kept = self._kept[table.id] = (seq, {})
        entry = kept[1].get(seat)
        if entry is not None:
            return entry
        decision = state.pending()
        if decision is None or seat not in decision.seats:
            entry = NOTHING
        elif not self.slow(state):
            entry = Listed(*state.legal_forms(seat))
        elif self.pool is None:  # listed here, on the event loop, as a server without workers
            entry = Listed(*list_forms(state, seat, self.burning))
        else:
            future: asyncio.Future[Listed] = asyncio.get_running_loop().create_future()
            entry = future
            task = asyncio.ensure_future(self._work(table, seq, seat, state.clone(), future))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        kept[1][seat] = entry
        return entry

    async def _work(
        self,
        table: Table,
        seq: int,
        seat: int,
        state: GameState,
        future: asyncio.Future[Listed],
    ) -> None:
        """List ``state`` (a copy: the table's own may move on meanwhile) in a worker."""
        assert self.pool is not None
        try:
            forms, texts = await self.pool.run(table.id, table.id, state, seat, self.burning)
            listed = Listed(forms, texts)
        except Overran:
            listed = self._quick(
                state,
                seat,
                f"the legal actions could not be listed within {self.seconds:g} s",
            )
        except (NoWorkers, NotSent) as exc:
            log.warning("a listing cannot go to a worker (%s); listing in a thread", exc)
            listed = Listed(*await asyncio.to_thread(list_forms, state, seat, self.burning))
        except Exception as exc:
            log.error("listing at table %s failed: %s", table.id, exc)
            listed = self._quick(state, seat, "the legal actions could not be listed")
        future.set_result(listed)
        kept = self._kept.get(table.id)
        if kept is None or kept[0] != seq or table.seq != seq:
            return  # the table moved on meanwhile: nobody waits for this one
        for listener in self.listeners:
            listener.on_listing(table, seq, seat, listed)

    @staticmethod
    def _quick(state: GameState, seat: int, why: str) -> Listed:
        """The game's quick listing for ``seat``, with the reason the full one is missing."""
        found = state.extension(SLOW_LISTING)
        quick: Sequence[Action] = found.quick(seat) if found is not None else ()
        forms = [state.action_to_dict(a) for a in quick]
        texts = [state.action_text(a) for a in quick]
        return Listed(forms, texts, f"{why}: only the quick ones are offered")
