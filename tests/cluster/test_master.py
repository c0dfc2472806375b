"""The cluster game master in process: two masters sharing one store (no broker running)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import msgspec
import pytest

from takeover.server.bots import BotRunner
from takeover.server.broker import News
from takeover.server.cluster import ClusterCoordinator
from takeover.server.config import Settings
from takeover.server.master import Master, MasterError
from takeover.server.storage import Store


class Recorder:
    """A listener that keeps what it is told."""

    def __init__(self) -> None:
        self.updates: list[tuple[str, int, Any]] = []
        self.removed: list[str] = []

    def on_table(self, table: Any) -> None:
        pass

    def on_update(self, table: Any, update: Any) -> None:
        self.updates.append((table.id, table.seq, None if update is None else update.action))

    def on_chat(self, table: Any, line: Any) -> None:
        pass

    def on_removed(self, table: Any) -> None:
        self.removed.append(table.id)


@asynccontextmanager
async def _masters(url: str, n: int) -> AsyncIterator[list[tuple[Master, Recorder]]]:
    out = []
    for k in range(n):
        settings = Settings(database=url, broker="redis://127.0.0.1:1/0", instance=f"m{k}")
        store = Store(url)
        store.open()
        master = Master(store, BotRunner(1, 5.0), settings, ClusterCoordinator(settings, store))
        recorder = Recorder()
        master.listeners.append(recorder)
        out.append((master, recorder))
    try:
        yield out
    finally:
        for master, _ in out:
            master.bots.close()
            master.store.close()


def _run(url: str, n: int, body: Callable[..., Any]) -> Any:
    async def main() -> Any:
        async with _masters(url, n) as masters:
            return await body(*masters)

    return asyncio.run(main())


def test_a_master_catches_up_from_the_store_update_by_update(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"

    async def body(first: tuple, second: tuple) -> None:
        (m1, _), (m2, heard) = first, second
        table, _, token = await m1.create(2, name="Ann", seat=0)
        await m1.join(table.id, "Bob")
        await m1.start(table.id, token)
        mirror = await m2.fetch(table.id)
        assert mirror is not table and mirror.seq == 0
        played = []
        for _ in range(5):
            state = table.state
            seat = state.current_player()
            action = state.legal_actions()[0]
            await m1.act(table, seat, table.seq, action)
            played.append(action)
        await m2.sync(table.id)
        assert mirror.seq == table.seq == 5
        assert mirror.state.view(None) == table.state.view(None)
        assert [u[1] for u in heard.updates] == [1, 2, 3, 4, 5]
        assert [u[2] for u in heard.updates] == played
        # the game log of a page that says hello there: the same actions and events
        assert [(u.seq, u.action, u.events) for u in mirror.recent] == [
            (u.seq, u.action, u.events) for u in table.recent
        ]
        # the lagging master cannot apply a move for a decision already taken
        stale_state = mirror.state
        await m1.act(table, table.state.current_player(), 5, table.state.legal_actions()[0])
        seat = stale_state.current_player()
        with pytest.raises(MasterError) as refused:  # two masters never both apply decision 6
            await m2.act(mirror, seat, 5, stale_state.legal_actions()[-1])
        assert refused.value.code == "stale"
        await m2.sync(table.id)
        assert mirror.seq == 6 and mirror.state.view(None) == table.state.view(None)

    _run(url, 2, body)


def test_cleanup_spares_tables_with_people_at_any_instance(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"

    async def body(first: tuple, second: tuple) -> None:
        (m1, _), (m2, _) = first, second
        held, _, _ = await m1.create(2, name="Ann")
        watched, _, _ = await m1.create(2, name="Bob")
        m1.connect(watched, 0)
        elsewhere, _, _ = await m2.create(2, name="Cid")  # held by m2 only
        later = held.created_at + m1.settings.open_ttl_seconds + 60
        removed = await m1.cleanup(now=later)
        assert sorted(removed) == sorted([held.id, elsewhere.id])
        ids = {t.id for t in await m1.store.run(lambda c: m1.repo.live_tables(c))}
        assert ids == {watched.id}
        assert set(m1.tables) == {watched.id}

    _run(url, 2, body)


def test_a_seat_taken_elsewhere_opens_at_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'j.db'}"

    async def body(first: tuple, second: tuple) -> None:
        (m1, _), (m2, _) = first, second
        table, _, _ = await m1.create(2, name="Ann")
        held = await m2.fetch(table.id)  # m2 holds the table before Bob sits down at m1
        _, seat, token = await m1.join(table.id, "Bob")
        # no broker here: Bob's hello at m2 must find his seat from the store alone
        assert await m2.fetch(table.id) is held
        assert m2.authenticate(held, token) == seat

    _run(url, 2, body)


def _cluster(master: Master) -> ClusterCoordinator:
    assert isinstance(master.coordinator, ClusterCoordinator)
    return master.coordinator


async def _deliver(source: Master, target: Master) -> None:
    """Hand ``source``'s queued announcements to ``target``, as the broker would."""
    outbox = _cluster(source).broker._outbox
    while not outbox.empty():
        raw = outbox.get_nowait()
        if raw is not None:
            await _cluster(target).hear(msgspec.json.decode(raw, type=News))


def test_presence_counts_every_instance(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'p.db'}"

    async def body(first: tuple, second: tuple) -> None:
        (m1, _), (m2, _) = first, second
        table, _, _ = await m1.create(2, name="Ann", seat=0)
        mirror = await m2.fetch(table.id)
        summary = mirror.summary()
        assert summary["seats"][0]["connected"] is False and summary["spectators"] == 0
        m1.connect(table, 0)
        m1.connect(table, None)
        await _deliver(m1, m2)
        summary = mirror.summary()
        assert summary["seats"][0]["connected"] is True and summary["spectators"] == 1
        m2.connect(mirror, None)  # here, and there, at once
        assert mirror.summary()["spectators"] == 2
        m1.disconnect(table, 0)
        await _deliver(m1, m2)
        assert mirror.summary()["seats"][0]["connected"] is False
        # an instance that stops reporting (it died) stops counting
        reports = _cluster(m2).reports[table.id]
        reports["m0"] = (reports["m0"][0], 0.0)
        _cluster(m2).presence_upkeep()
        assert mirror.summary()["spectators"] == 1

    _run(url, 2, body)
