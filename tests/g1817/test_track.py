"""Legal lays and token cities against the reference's at every decision of the seven
games with map traces (the reference engine's set: what its interface offers, plus the
lays it hides among city upgrades, less those its engine refuses)."""

from __future__ import annotations

from typing import Any

import pytest

from takeover.g1817.actions import Action
from takeover.g1817.fixture import applied_actions, expand, new_game
from takeover.g1817.rounds.operating import OperatingRound
from takeover.g1817.state import Game1817
from takeover.g1817.track import Lays, company_lays, home_cities, legal_lays, token_cities

from .games import GAMES, record
from .map.maptraces import maptrace


def reference_lays(line: dict[str, Any], company: str | None = None) -> Lays:
    """``legal_lays`` + ``lay_ui_hidden`` - ``lay_rejects`` of a map-trace line (the
    ``_company`` fields for a private's lays)."""

    def field(key: str) -> dict[str, Any]:
        if company is None:
            return line.get(key) or {}
        return (line.get(f"{key}_company") or {}).get(company) or {}

    out: dict[str, dict[str, set[int]]] = {}
    for key in ("legal_lays", "lay_ui_hidden"):
        for coord, tiles in field(key).items():
            for name, rotations in tiles.items():
                out.setdefault(coord, {}).setdefault(name, set()).update(rotations)
    for coord, tiles in field("lay_rejects").items():
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
    by_id = {raw["id"]: raw for raw in applied}
    lines = maptrace(game)
    next(lines)
    for line in lines:
        raw = by_id.get(line["id"])
        if raw is None:
            continue
        yield line, state
        for action in expand(raw):
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


@pytest.mark.parametrize("game", GAMES)
def test_private_lays_are_the_reference_lays(game: str) -> None:
    checked = 0
    for line, state in decisions(game):
        for company in line.get("legal_lays_company") or {}:
            rnd = state.round
            assert isinstance(rnd, OperatingRound)
            ours = company_lays(state, rnd.corp, company, rnd.laid)
            diff = first_difference(ours, reference_lays(line, company))
            assert diff is None, f"{game} before action {line['id']}, {company}: {diff}"
            checked += 1
    assert checked > 0


def test_illegal_lays_and_tokens_are_refused_with_a_reason() -> None:
    from takeover.core.errors import IllegalAction

    from .games import fingerprint, position_before

    def lay_with_a_bad_rotation(_i: int, action: Action, state: Game1817) -> bool:
        if action.type != "lay_tile" or action.entity_type != "corporation":
            return False
        rnd = state.round
        assert isinstance(rnd, OperatingRound)
        lays = legal_lays(state, rnd.corp, rnd.laid)
        return any(len(r) < 6 for tiles in lays.values() for r in tiles.values())

    state = position_before("1817__15528", lay_with_a_bad_rotation)
    rnd = state.round
    assert isinstance(rnd, OperatingRound)
    lays = legal_lays(state, rnd.corp, rnd.laid)
    coord, name, rotations = next(
        (c, n, r) for c, tiles in lays.items() for n, r in tiles.items() if len(r) < 6
    )
    copy = f"{name}-{state.board.supply[name][0]}"
    bad_rotation = next(r for r in range(6) if r not in rotations)
    before = fingerprint(state)
    cases = {
        "may not be turned": {"hex": coord, "tile": copy, "rotation": bad_rotation},
        "may not lay on": {
            "hex": "A1" if "A1" in state.board.data.printed else "B3",
            "tile": copy,
            "rotation": 0,
        },
        "not in the supply": {"hex": coord, "tile": f"{name}-999", "rotation": rotations[0]},
    }
    for reason, fields in cases.items():
        action = Action.make("lay_tile", rnd.corp.sym, **fields)
        with pytest.raises(IllegalAction, match=reason):
            state.push(action)
        assert fingerprint(state) == before
    token = Action.make("place_token", rnd.corp.sym, city="B5-0-0", slot=0)
    with pytest.raises(IllegalAction, match="place_token is not possible now"):
        state.push(token)
    assert fingerprint(state) == before
    state.push(Action.make("lay_tile", rnd.corp.sym, hex=coord, tile=copy, rotation=rotations[0]))
    assert state.board.laid[coord] == (copy, rotations[0])
