"""Ratings: every finished rated game updates its players' openskill ratings, per pool.

A pool is a game (Acquire), or one title of a game whose titles play apart (1817's,
``GameDefinition.rated_by_preset``). People are rated by account; bots by their spec
(``bot:mcts:time=1``), so that beating a bot level has a number. A guest's seat is
passed over (the others keep their places); a game with no account in it, or fewer
than two rated players, changes nothing. The model is openskill's Plackett-Luce; the
rating shown, and the leaderboard's order, is its ordinal ``mu - 3 sigma``.

The update runs on the store's thread after the game's last action is committed, once:
the table row is locked (PostgreSQL) and a game with rating history already is passed
over, so instances hearing of the same finish do not count it twice.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, select
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from takeover.core.protocol import GameDefinition
from takeover.core.registry import get as get_game
from takeover.core.registry import names as game_names
from takeover.server.errors import MasterError
from takeover.server.storage import Store, people
from takeover.server.storage.models import TableRow
from takeover.server.storage.people import RatingRecord
from takeover.server.storage.repository import ChatLine, Repository
from takeover.server.table import Table, Update, iso

log = logging.getLogger("takeover.server")

MODEL = PlackettLuce()
HISTORY = 100
"""Rated games a profile shows (the latest)."""


def pool_of(definition: GameDefinition, ruleset: Any) -> str:
    """The pool a game of ``definition`` with ``ruleset`` is rated in."""
    if not definition.rated_by_preset:
        return definition.name
    return definition.schema.read(ruleset)[0].name


def all_pools() -> list[dict[str, str]]:
    out = []
    for name in game_names():
        definition = get_game(name)
        if definition.rated_by_preset:
            out += [
                {"pool": p.name, "game": name, "title": p.name} for p in definition.schema.presets
            ]
        else:
            out.append({"pool": name, "game": name, "title": definition.title})
    return out


def rate_game(conn: Connection, repo: Repository, table_id: str, pool: str, now: float) -> bool:
    """Update the ratings for finished table ``table_id``; whether anything changed."""
    if conn.dialect.name == "postgresql":  # one instance at a time rates a game
        conn.execute(select(TableRow.id).where(TableRow.id == table_id).with_for_update())
    if people.rated_already(conn, table_id):
        return False
    record = repo.table(conn, table_id)
    if record is None or record.status != "finished" or not record.rated or not record.result:
        return False
    ranks = record.result.get("ranks")
    if not isinstance(ranks, list) or len(ranks) != record.num_seats:
        return False
    holders = people.seat_holders(conn, table_id)
    entrants: dict[str, tuple[int, str]] = {}  # participant -> (best rank, name)
    for seat in record.seats:
        if seat.kind == "bot":
            participant, name = f"bot:{seat.bot}", seat.name
        elif seat.seat in holders:
            account = people.account(conn, holders[seat.seat])
            if account is None:
                continue
            participant, name = f"account:{account.id}", account.name
        else:
            continue  # a guest's seat
        rank = int(ranks[seat.seat])
        if participant not in entrants or rank < entrants[participant][0]:
            entrants[participant] = (rank, name)
    if len(entrants) < 2 or not any(p.startswith("account:") for p in entrants):
        return False
    order = sorted(entrants)
    held = people.ratings(conn, pool, order)
    teams = []
    for p in order:
        old = held.get(p)
        teams.append([MODEL.rating() if old is None else MODEL.rating(mu=old.mu, sigma=old.sigma)])
    after = MODEL.rate(teams, ranks=[entrants[p][0] for p in order])
    for p, [rating] in zip(order, after, strict=True):
        old, (rank, name) = held.get(p), entrants[p]
        rec = RatingRecord(
            pool=pool,
            participant=p,
            name=name,
            mu=rating.mu,
            sigma=rating.sigma,
            ordinal=rating.ordinal(),
            games=(old.games if old else 0) + 1,
            wins=(old.wins if old else 0) + (rank == 1),
            updated_at=now,
        )
        people.save_rating(conn, rec, fresh=old is None)
        people.add_history(conn, table_id, rec, rank)
    return True


class Ratings:
    """Listens to the master: a rated game that finishes is rated (in the background)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tasks: set[asyncio.Task[None]] = set()

    def on_update(self, table: Table, update: Update | None) -> None:
        if update is None or table.status != "finished" or not table.rated:
            return
        try:
            pool = pool_of(table.definition, table.ruleset)
        except (KeyError, ValueError):
            return
        task = asyncio.ensure_future(self._rate(table.id, pool))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _rate(self, table_id: str, pool: str) -> None:
        repo, now = self.store.repo, time.time()
        try:
            await self.store.run(lambda c: rate_game(c, repo, table_id, pool, now))
        except Exception:  # (another instance rated it first; or the store is away)
            log.warning("the game %s could not be rated", table_id, exc_info=True)

    async def close(self) -> None:
        await asyncio.gather(*self._tasks, return_exceptions=True)

    # (the rest of the master's listener protocol: nothing to do)
    def on_table(self, table: Table) -> None:
        pass

    def on_chat(self, table: Table, line: ChatLine) -> None:
        pass

    def on_removed(self, table: Table) -> None:
        pass

    def on_clock(self, table: Table, event: dict[str, Any] | None) -> None:
        pass


# ---------------------------------------------------------------------- routes
def entry(rec: RatingRecord) -> dict[str, Any]:
    kind, _, ident = rec.participant.partition(":")
    out: dict[str, Any] = {
        "name": rec.name,
        "kind": "bot" if kind == "bot" else "person",
        "rating": round(rec.ordinal, 2),
        "mu": round(rec.mu, 3),
        "sigma": round(rec.sigma, 3),
        "games": rec.games,
        "wins": rec.wins,
    }
    out["bot" if kind == "bot" else "id"] = ident
    return out


def _page(request: Request) -> tuple[int, int]:
    from takeover.server.services import services

    most = services(request).settings.my_games_page_max
    try:
        limit = min(most, max(1, int(request.query_params.get("limit", 20))))
        offset = max(0, int(request.query_params.get("offset", 0)))
    except ValueError:
        raise MasterError("bad_request", "limit and offset must be integers") from None
    return limit, offset


async def pools(request: Request) -> Response:
    """The pools there are leaderboards for."""
    return JSONResponse({"pools": all_pools()})


async def leaderboard(request: Request) -> Response:
    from takeover.server.services import services

    pool = request.path_params["pool"]
    known = {p["pool"]: p for p in all_pools()}
    if pool not in known:
        raise MasterError("not_found", f"no leaderboard {pool!r} (there are: {', '.join(known)})")
    limit, offset = _page(request)
    store = services(request).store
    rows, total = await store.run(lambda c: people.leaderboard(c, pool, limit, offset))
    entries = [{"place": offset + i + 1, **entry(r)} for i, r in enumerate(rows)]
    return JSONResponse(
        {**known[pool], "entries": entries, "total": total, "limit": limit, "offset": offset}
    )


async def profile(request: Request) -> Response:
    """A person's page: ratings per pool with their history, games played and won, and
    their latest finished games (to replay)."""
    from takeover.server.lobby import record_summary
    from takeover.server.services import services

    found = services(request)
    account_id = request.path_params["account_id"]
    participant = f"account:{account_id}"
    repo = found.store.repo

    def read(conn: Connection) -> dict[str, Any] | None:
        account = people.account(conn, account_id)
        if account is None:
            return None
        held, total = people.games_of(conn, account_id, 20, 0, finished=True)
        finished = []
        for table_id, seat in held:
            record = repo.table(conn, table_id)
            if record is not None:
                game = record_summary(record)
                game["my_seat"] = seat
                game["result"] = record.result
                game["finished_at"] = iso(record.finished_at) if record.finished_at else None
                finished.append(game)
        return {
            "id": account.id,
            "name": account.name,
            "since": iso(account.created_at),
            "ratings": [entry(r) | {"pool": r.pool} for r in people.ratings_of(conn, participant)],
            "history": people.history_of(conn, participant, HISTORY),
            "games": total,
            "finished": finished,
        }

    found_profile = await found.store.run(read)
    if found_profile is None:
        raise MasterError("not_found", f"no person {account_id!r}")
    wins = sum(r["wins"] for r in found_profile["ratings"])
    found_profile["wins"] = wins
    for h in found_profile["history"]:
        h["at"] = iso(h["at"])
        h["rating"] = round(h["rating"], 2)
    return JSONResponse(found_profile)
