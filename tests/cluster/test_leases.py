"""Bot leases: one holder at a time, expiry, renewal, release, and tables nobody drives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import insert

from takeover.server.migrations import upgrade
from takeover.server.storage import Repository
from takeover.server.storage.models import SeatRow, TableRow


@pytest.fixture(params=["sqlite", "postgresql"])
def repo(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Repository]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'l.db'}"
    else:
        url = request.getfixturevalue("cluster_database")
    upgrade(url)
    repo = Repository(url)
    yield repo
    repo.close()


def _table(conn, table_id: str, status: str, bot: bool) -> None:  # type: ignore[no-untyped-def]
    conn.execute(
        insert(TableRow).values(
            id=table_id, status=status, num_seats=2, ruleset="standard", seq=0,
            created_at=0.0, updated_at=0.0, game="acquire",
        )
    )  # fmt: skip
    conn.execute(
        insert(SeatRow).values(table_id=table_id, seat=0, kind="bot" if bot else "human", name="x")
    )


def test_one_holder_until_expiry(repo: Repository) -> None:
    with repo.engine.begin() as c:
        assert repo.take_lease(c, "t1", "i1", now=100.0, ttl=10.0)
        assert not repo.take_lease(c, "t1", "i2", now=105.0, ttl=10.0)
        assert repo.take_lease(c, "t1", "i1", now=105.0, ttl=10.0)  # renewing is taking again
        assert not repo.take_lease(c, "t1", "i2", now=114.0, ttl=10.0)
        assert repo.take_lease(c, "t1", "i2", now=116.0, ttl=10.0)  # i1 let it expire
        assert repo.renew_leases(c, ["t1"], "i1", now=117.0, ttl=10.0) == set()
        assert repo.renew_leases(c, ["t1"], "i2", now=117.0, ttl=10.0) == {"t1"}
        assert not repo.take_lease(c, "t1", "i1", now=126.0, ttl=10.0)  # renewed to 127
        repo.release_leases(c, ["t1"], "i1")  # not the holder: no effect
        assert not repo.take_lease(c, "t1", "i1", now=126.0, ttl=10.0)
        repo.release_leases(c, ["t1"], "i2")
        assert repo.take_lease(c, "t1", "i1", now=126.0, ttl=10.0)


def test_orphans_are_playing_bot_tables_without_a_live_lease(repo: Repository) -> None:
    with repo.engine.begin() as c:
        _table(c, "bots", "playing", bot=True)
        _table(c, "people", "playing", bot=False)
        _table(c, "waiting", "open", bot=True)
        _table(c, "done", "finished", bot=True)
        assert repo.orphans(c, now=50.0) == ["bots"]
        repo.take_lease(c, "bots", "i1", now=50.0, ttl=10.0)
        assert repo.orphans(c, now=55.0) == []
        assert repo.orphans(c, now=61.0) == ["bots"]
