"""Legal lays and token cities against the reference's at every decision of the seven
games with map traces (the reference engine's set: what its interface offers, plus the
lays it hides among city upgrades, less those its engine refuses)."""

from __future__ import annotations

from typing import Any

import pytest

from takeover.g1817.actions import Remaining
from takeover.g1817.fixture import applied_actions, expand, new_game
from takeover.g1817.rounds.operating import OperatingRound
from takeover.g1817.state import Game1817
from takeover.g1817.track import Lays, home_cities, legal_lays, token_cities

from .games import GAMES, record
from .map.maptraces import maptrace


def reference_lays(line: dict[str, Any]) -> Lays:
    """``legal_lays`` + ``lay_ui_hidden`` - ``lay_rejects`` of a map-trace line."""
    out: dict[str, dict[str, set[int]]] = {}
    for key in ("legal_lays", "lay_ui_hidden"):
        for coord, tiles in (line.get(key) or {}).items():
            for name, rotations in tiles.items():
                out.setdefault(coord, {}).setdefault(name, set()).update(rotations)
    for coord, tiles in (line.get("lay_rejects") or {}).items():
        for name, refused in tiles.items():
            for rotation, _reason in refused:
                out[coord][name].discard(rotation)
    return {
        c: {n: sorted(r) for n, r in tiles.items() if r}
        for c, tiles in out.items()
        if any(tiles.values())
    }


def first_difference(ours: Lays, theirs: Lays) -> str | None:
    for coord in sorted(set(ours) | set(theirs)):
        a, b = ours.get(coord, {}), theirs.get(coord, {})
        if a != b:
            return f"hex {coord}: ours {a}, reference {b}"
    return None


def decisions(game: str) -> Any:
    """Each map-trace line of an applied decision with the position before it."""
    data = record(game)
    state = new_game(data)
    applied = applied_actions(data["actions"])
    flat = [a for raw in applied for a in expand(raw)]
    by_id = {raw["id"]: raw for raw in applied}
    position = 0
    lines = maptrace(game)
    next(lines)
    for line in lines:
        raw = by_id.get(line["id"])
        if raw is None:
            continue
        yield line, state
        for action in expand(raw):
            position += 1
            state.upcoming = Remaining(flat, position)
            if not state.finished:
                state.push(action)


def _our_lays(state: Game1817, line: dict[str, Any]) -> Lays:
    rnd = state.round
    assert isinstance(rnd, OperatingRound)
    corp = state.corps[line["dp"]["entity"]]
    assert rnd.corp is corp
    return legal_lays(state, corp, rnd.laid)


@pytest.mark.parametrize("game", GAMES)
def test_legal_lays_are_the_reference_lays(game: str) -> None:
    checked = 0
    for line, state in decisions(game):
        if "legal_lays" not in line:
            continue
        diff = first_difference(_our_lays(state, line), reference_lays(line))
        assert diff is None, f"{game} before action {line['id']} ({line['dp']}): {diff}"
        checked += 1
    assert checked > 0


def _slots(state: Game1817, cities: list[str]) -> list[list[Any]]:
    """``[[city, slot]]`` for every open slot of ``cities``, as the map traces list them."""
    out: list[list[Any]] = []
    for city in cities:
        coord, index = state.board.city_location(city)
        out += [[city, i] for i, c in enumerate(state.board.tokens[coord][index]) if c is None]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_token_cities_are_the_reference_cities(game: str) -> None:
    checked = 0
    for line, state in decisions(game):
        if "legal_tokens" not in line:
            continue
        corp = state.corps[line["dp"]["entity"]]
        if line["dp"]["step"] == "HomeToken":
            cities = home_cities(state, corp)
        else:
            cities = token_cities(state, corp)
        ours = sorted(_slots(state, cities))
        theirs = sorted(line["legal_tokens"])
        assert ours == theirs, f"{game} before action {line['id']} ({line['dp']})"
        checked += 1
    assert checked > 0
