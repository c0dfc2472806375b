"""A finished game as the analysis board walks it: each move with the position before it.

Two sources: a game's own record (Acquire's format, ``{"player": seat, ...}`` per action;
the server's stored ``(seat, action)`` pairs are the same shape), and a record format the
game imports (an 18xx.games export of 1817, through ``GameDefinition.imports``). Moves are
numbered from 1 as the replay viewer numbers its steps: move ``n`` leads to step ``n``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from takeover.core import registry
from takeover.core.errors import IllegalAction, RecordError
from takeover.core.protocol import Action, GameState


@dataclass(frozen=True, slots=True)
class Move:
    """Move ``step`` (from 1): ``seat`` took ``action`` in ``before``.

    ``before`` is the walk's own state: valid only until the next move is asked for
    (copy it to keep it). ``seat`` is ``None`` where no one seat decided."""

    step: int
    seat: int | None
    action: Action
    before: GameState


@dataclass(frozen=True, slots=True)
class Game:
    """A record read for analysis: the game, its players, its length and its moves."""

    game: str
    players: list[str]
    total: int
    moves: Iterator[Move]


def read(data: Any) -> Game:
    """The moves of an Acquire record or of a record a game imports (1817's 18xx.games
    exports); ``RecordError`` naming what is wrong."""
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object")
    definition = registry.importing(data)
    if definition is not None and definition.imports is not None:
        imports = definition.imports
        resolved = imports.resolve(data)
        _title, players = imports.describe(resolved)
        return Game(
            definition.name, players, len(resolved["actions"]), _imported(imports, resolved)
        )
    name = data.get("game")
    if not isinstance(name, str):
        raise RecordError('a record needs a "game" field naming the game, e.g. "acquire"')
    try:
        definition = registry.get(name)
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from None
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError('"actions" must be a list')
    pairs = []
    for index, raw in enumerate(actions):
        seat = raw.get("player") if isinstance(raw, Mapping) else None
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise RecordError('an action needs "player": the seat index', index, raw)
        pairs.append((seat, raw))
    start = definition.from_record(data)
    players = [str(p) for p in data.get("players", [])] or [
        f"seat {i}" for i in range(start.num_players)
    ]
    return Game(definition.name, players, len(pairs), stored(start, pairs))


def stored(start: GameState, pairs: Iterable[tuple[int, Mapping[str, Any]]]) -> Iterator[Move]:
    """The moves of ``(seat, action record form)`` pairs from ``start`` (which they move
    on): a record's actions, or a server's stored ones."""
    state = start
    for index, (seat, raw) in enumerate(pairs):
        try:
            action = state.action_from_dict(raw)
        except IllegalAction as exc:
            raise RecordError(str(exc), index, dict(raw)) from None
        yield Move(index + 1, seat, action, state)
        try:
            state.apply(action, seat)
        except IllegalAction as exc:
            raise RecordError(str(exc), index, dict(raw)) from None


def _imported(imports: Any, data: Mapping[str, Any]) -> Iterator[Move]:
    """The moves of an imported record: the seat is the one deciding before the move
    (the importer's ``seat`` where several may). The importer moves its one state on as
    it steps, so the position before each move is a copy."""
    before: GameState = imports.start(data)
    for number, step in enumerate(imports.steps(data), start=1):
        decision = before.pending()
        seats = decision.seats if decision is not None else ()
        seat = seats[0] if len(seats) == 1 else step.seat if step.seat in seats else None
        yield Move(number, seat, step.action, before)
        before = step.state.clone()
