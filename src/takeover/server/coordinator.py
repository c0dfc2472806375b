"""What the master asks of the other instances: one interface, two implementations.

The master (:mod:`takeover.server.master`) is the same class on a single server
and on each of several instances sharing a store. Everything that differs goes
through its :class:`Coordinator`: news for the other instances, their presence
reports, which instance drives a table's bots, when to bring a table up to the
store, and the clean-up of tables nobody here holds. :class:`Solo` is the single
server (nothing to coordinate); ``ClusterCoordinator`` (:mod:`.cluster`) uses Redis
and the shared store.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from takeover.server.config import Settings
from takeover.server.storage import Store
from takeover.server.storage.repository import ChatLine
from takeover.server.table import Table, Update

if TYPE_CHECKING:
    from takeover.server.master import Master


class Coordinator(Protocol):
    shared: bool
    """Whether other instances write to the store too: the master then loads tables on
    demand and brings them up to the store (:meth:`Master.sync`), rather than holding
    every live table from start-up."""

    def bind(self, master: Master) -> None:
        """Serve ``master`` (called once, by the master it is given to)."""

    def start(self) -> None:
        """Begin the background work (in the running loop, after the master is loaded)."""

    async def stop(self) -> None:
        """Stop the background work (the master stops its bots next)."""

    async def close(self) -> None:
        """Last: hand back what this instance holds, send the news still queued."""

    async def checks(self) -> dict[str, str]:
        """Readiness checks beyond the store's, ``"ok"`` or why not."""

    # ------------------------------------------------------------------ news out
    def table_changed(self, table: Table) -> None:
        """Seats, status or presence of ``table`` changed here."""

    def acted(self, table: Table, update: Update) -> None:
        """``update`` was committed here (and told to this instance's listeners)."""

    def chatted(self, table: Table, line: ChatLine) -> None:
        """``line`` was said here."""

    def catch_up(self, table_id: str) -> None:
        """``table_id`` may lag the store (another writer won a race): sync it soon."""

    # ------------------------------------------------------------------ lobby and bots
    def lobby(self) -> Iterable[Table]:
        """Tables this master does not hold, as last seen (summaries only)."""

    async def claim_bots(self, table_id: str) -> bool:
        """Whether this instance is to drive ``table_id``'s bots (taking them if free)."""

    def drives(self, table_id: str) -> bool:
        """Whether this instance still drives ``table_id``'s bots (asked before each move)."""

    # ------------------------------------------------------------------ housekeeping
    async def sweep(self, now: float, deleted: list[str]) -> list[str]:
        """After the master deleted its idle tables ``deleted``: tell the others, delete
        idle tables nobody holds; the ids deleted here."""

    def holds(self, table_id: str) -> bool:
        """Whether the master must keep ``table_id`` in memory with nobody connected."""


class Solo:
    """A single server: the master holds every live table and is the store's only writer."""

    shared = False

    def bind(self, master: Master) -> None:
        pass

    def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def checks(self) -> dict[str, str]:
        return {}

    def table_changed(self, table: Table) -> None:
        pass

    def acted(self, table: Table, update: Update) -> None:
        pass

    def chatted(self, table: Table, line: ChatLine) -> None:
        pass

    def catch_up(self, table_id: str) -> None:
        pass

    def lobby(self) -> Iterable[Table]:
        return ()

    async def claim_bots(self, table_id: str) -> bool:
        return True

    def drives(self, table_id: str) -> bool:
        return True

    async def sweep(self, now: float, deleted: list[str]) -> list[str]:
        return []

    def holds(self, table_id: str) -> bool:
        return True


def coordinator_for(settings: Settings, store: Store) -> Coordinator:
    """:class:`Solo`, or with a broker the Redis coordinator (imported only then)."""
    if settings.broker is None:
        return Solo()
    from takeover.server.cluster import ClusterCoordinator

    return ClusterCoordinator(settings, store)
