"""The lobby's checks: display names, rulesets, bot specs, seat numbers, a full table.

Each answers the clean value (a new table, the seats at the start) or raises
:class:`MasterError` (``bad_request`` or ``conflict``) with a sentence that names
what was wrong; none of them writes anything.
"""

from __future__ import annotations

import time
from typing import Any

from takeover.core.errors import TakeoverError
from takeover.core.protocol import GameDefinition
from takeover.server.auth import BadName, clean_name, new_table_id, new_token
from takeover.server.bots import BadBot, BotRunner, bot_label
from takeover.server.errors import MasterError
from takeover.server.table import Seat, Table


def display_name(raw: object, limit: int) -> str:
    try:
        return clean_name(raw, limit)
    except BadName as exc:
        raise MasterError("bad_request", str(exc)) from None


def check_ruleset(definition: GameDefinition, ruleset: Any, seats: int) -> Any:
    """The ruleset's shortest record form, if a game of ``seats`` players can be set up
    with it: the game's own schema and setup say (a preset's seats range, its options)."""
    try:
        form = definition.schema.record_form(ruleset)
        preset = definition.schema.read(ruleset)[0]
    except (TakeoverError, ValueError, TypeError) as exc:
        raise MasterError("bad_request", f"ruleset: {exc}") from None
    if not preset.min_players <= seats <= preset.max_players:
        raise MasterError(
            "bad_request",
            f"a table of {definition.title} ({preset.name}) has {preset.min_players} to "
            f"{preset.max_players} seats, not {seats}",
        )
    try:
        definition.new_game([f"P{i}" for i in range(seats)], ruleset, seed=0)
    except (TakeoverError, ValueError, TypeError) as exc:
        raise MasterError("bad_request", f"ruleset: {exc}") from None
    return form


def check_bot(bots: BotRunner, spec: object, game: str) -> str:
    try:
        return bots.check(spec, game)
    except BadBot as exc:
        raise MasterError("bad_request", f"bot: {exc}") from None


def free_seat(table: Table, seat: int | None) -> int:
    """``seat`` if it is free at ``table``; without one, the first free seat."""
    if seat is None:
        for n in range(table.num_seats):
            if n not in table.seats:
                return n
        raise MasterError("conflict", "every seat at this table is taken")
    if not isinstance(seat, int) or not 0 <= seat < table.num_seats:
        raise MasterError("bad_request", f"seat must be 0 to {table.num_seats - 1}, not {seat!r}")
    if seat in table.seats:
        raise MasterError("conflict", f"seat {seat} is taken")
    return seat


def check_bot_only(table: Table, bot_only: bool, name: str | None, allowed: int) -> None:
    """A table of bots only is asked for by name (``bot_only``), has a bot in every seat,
    and needs a server that runs such tables (``allowed``: how many at once)."""
    every_seat_a_bot = name is None and len(table.seats) == table.num_seats
    if bot_only:
        if allowed <= 0:
            raise MasterError(
                "bad_request", "this server runs no tables of bots only: take a seat yourself"
            )
        if not every_seat_a_bot:
            raise MasterError(
                "bad_request", "a table of bots only has a bot in every seat and nobody sitting"
            )
    elif every_seat_a_bot:
        raise MasterError(
            "bad_request",
            'every seat is a bot: a table of bots only must say "bot_only": true '
            "(where the server runs them)",
        )


def new_table(
    definition: GameDefinition,
    runner: BotRunner,
    name_length: int,
    seats: int,
    ruleset: Any,
    bots: dict[int, str],
    name: str | None,
    seat: int | None,
    bot_only: bool = False,
    bot_tables: int = 0,
) -> tuple[Table, int | None, str | None]:
    """A new open table with its bots, and (with ``name``) its creator at ``seat`` (or
    the first free one) with the seat's token. ``bot_only``: whether the creator asks for
    a table of bots only; ``bot_tables``: how many the server runs at once."""
    ruleset = check_ruleset(definition, ruleset, seats)
    now = time.time()
    table = Table(
        new_table_id(), "open", seats, ruleset, now, now, game=definition.name, no_chat=True
    )
    for n, spec in bots.items():
        if not 0 <= n < seats:
            raise MasterError("bad_request", f"bot seat {n} is not a seat of this table")
        spec = check_bot(runner, spec, definition.name)
        table.seats[n] = Seat(n, "bot", bot_label(spec, definition.name), spec)
    check_bot_only(table, bot_only, name, bot_tables)
    table.bot_only = bot_only
    if name is None:
        return table, None, None
    seat = free_seat(table, seat)
    token, digest = new_token()
    table.seats[seat] = Seat(seat, "human", display_name(name, name_length), token_hash=digest)
    return table, seat, token


def seats_at_start(
    table: Table, runner: BotRunner, fill: str | None
) -> tuple[dict[int, Seat], list[Seat]]:
    """Every seat of ``table`` at its start, empty ones given to ``fill`` bots; and those."""
    added = []
    if fill is not None:
        spec = check_bot(runner, fill, table.game)
        added = [
            Seat(n, "bot", bot_label(spec, table.game), spec)
            for n in range(table.num_seats)
            if n not in table.seats
        ]
    seats = {**table.seats, **{s.seat: s for s in added}}
    empty = [n for n in range(table.num_seats) if n not in seats]
    if empty:
        raise MasterError(
            "conflict",
            f"seat(s) {', '.join(map(str, empty))} are empty: wait for players, "
            'or start with "fill" to give them to bots',
        )
    return seats, added
