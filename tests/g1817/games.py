"""The real 1817 games the tests replay: ``tests/data/1817`` (see its README)."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from takeover.g1817.actions import Action
from takeover.g1817.fixture import applied_actions, expand, new_game
from takeover.g1817.map.board import Board, MapData
from takeover.g1817.state import Game1817

GAMES = (
    "1817WO__1817WO_game_end_bankrupt",
    "1817__20758",
    "1817__16281",
    "1817__15528",
    "1817NA__20584",
    "1817NA__25351",
    "1817__1817_game_end_bankrupt",
)
"""The games with a map trace as well as a trace."""

MORE_GAMES = ("1817__16852", "1817NA__25363", "1817WO__19926")
"""Real games with a trace but no map trace."""


def games_dir() -> Path:
    return Path(__file__).resolve().parents[1] / "data" / "1817"


def fixture_path(game: str) -> Path:
    """A real game's record (``fixtures``), or one our bots played (``generated``)."""
    base = games_dir() / "fixtures"
    revenue = base / f"{game}.revenue.json"
    if revenue.exists():
        return revenue
    generated = games_dir() / "generated" / f"{game}.json"
    return generated if generated.exists() else base / f"{game}.json"


def trace_path(game: str) -> Path:
    return games_dir() / "traces" / f"{game}.trace.jsonl.gz"


def maptrace_path(game: str) -> Path:
    return games_dir() / "maptraces" / f"{game}.maptrace.jsonl.gz"


def record(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(fixture_path(game).read_text())
    return data


def positions(game: str) -> Iterator[tuple[int, Action, Game1817]]:
    """Replay a real game, yielding each next recorded action (with the id of its record
    entry) and the position before it: the same object throughout, clone it to keep it."""
    data = record(game)
    state = new_game(data)
    flat = [(raw["id"], a) for raw in applied_actions(data["actions"]) for a in expand(raw)]
    for raw_id, action in flat:
        if state.finished:
            return
        yield raw_id, action, state
        state.push(action)


def position_before(game: str, test: Callable[[int, Action, Game1817], bool]) -> Game1817:
    """A copy of the first position of a real game where ``test`` holds."""
    for raw_id, action, state in positions(game):
        if test(raw_id, action, state):
            found = state.clone()
            return found
    raise AssertionError(f"no position of {game} fits the scenario")


def fingerprint(obj: object) -> object:
    """Everything a position holds, as nested tuples (objects by their fields), so that
    two positions compare equal exactly when nothing in them differs. The history and
    the record hints are left out."""
    memo: dict[int, int] = {}

    def walk(value: object) -> object:
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if isinstance(value, MapData):
            return ("map", value.title)  # the printed map, shared and never changed
        if isinstance(value, Board):  # dicts of immutable values: compared as they are
            return ("board", value.data.title, *(
                tuple(sorted(d.items()))
                for d in (value.laid, value.tokens, value.markers, value.supply, value.issued)
            ))  # fmt: skip
        if id(value) in memo:
            return ("seen", memo[id(value)])
        memo[id(value)] = len(memo)
        if isinstance(value, dict):
            return ("dict", tuple((walk(k), walk(v)) for k, v in value.items()))
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, tuple(walk(v) for v in value))
        if isinstance(value, (set, frozenset)):
            return ("set", tuple(sorted(repr(v) for v in value)))
        if inspect.ismethod(value):
            return ("method", value.__func__.__name__, walk(value.__self__))
        if inspect.isfunction(value) or inspect.isbuiltin(value):
            return ("function", value.__qualname__)
        fields: dict[str, object] = dict(getattr(value, "__dict__", {}))
        for cls in type(value).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(value, name):
                    fields[name] = getattr(value, name)
        for skipped in ("history",):
            fields.pop(skipped, None)
        return (type(value).__name__, tuple((k, walk(v)) for k, v in sorted(fields.items())))

    return walk(obj)
