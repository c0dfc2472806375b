"""Each game's definition: its schema is what its setup accepts, and nothing else.

The lobby draws its form from the schema alone, so every value the schema allows must
set a game up and every value it refuses must be refused by ``new_game``, by name.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from takeover.core.errors import RecordError
from takeover.core.options import Option

from .games import CASES, GameCase


def names(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_schema_is_json_and_its_defaults_are_allowed(case: GameCase) -> None:
    definition = case.definition
    schema = definition.schema
    shown = json.loads(json.dumps(schema.to_json()))
    assert [p["name"] for p in shown["presets"]] == list(definition.presets)
    assert shown["players"] == {"min": definition.min_players, "max": definition.max_players}
    for option in schema.options:
        assert option.problem(option.default) is None, option.name
    for preset in schema.presets:
        assert schema.read(preset.name) == (preset, schema.defaults(preset))
        assert schema.read({"preset": preset.name, "options": {}})[1] == schema.defaults(preset)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_every_preset_sets_up_its_player_counts_and_no_other(case: GameCase) -> None:
    definition = case.definition
    for preset in definition.schema.presets:
        for n in (preset.min_players, preset.max_players):
            state = definition.new_game(names(n), preset.name, seed=1)
            assert state.game == definition.name and state.num_players == n
            assert state.pending() is not None
        for n in (preset.min_players - 1, preset.max_players + 1):
            with pytest.raises(RecordError, match=f"got {n}"):
                definition.new_game(names(n), preset.name, seed=1)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_suite_changes_every_option(case: GameCase) -> None:
    """Together, the setups the suite plays change every option of the game."""
    schema = case.definition.schema
    changed: set[str] = set()
    for ruleset, _ in case.setups:
        preset, values = schema.read(ruleset)
        base = schema.defaults(preset)
        changed |= {name for name, value in values.items() if value != base[name]}
    assert changed == {o.name for o in schema.options}


def bad_values(option: Option) -> list[Any]:
    if option.kind == "bool":
        return [1, "yes"]
    if option.kind == "choice":
        return ["no_such_choice", 3]
    out: list[Any] = ["x", 2.5, True]
    if option.minimum is not None:
        out.append(option.minimum - 1)
    if option.maximum is not None:
        out.append(option.maximum + 1)
    if option.step is not None:
        out.append(option.default + 1 if isinstance(option.default, int) else option.step + 1)
    return out


@pytest.mark.parametrize("case", CASES, ids=str)
def test_values_the_schema_refuses_are_refused_by_name(case: GameCase) -> None:
    definition = case.definition
    for preset in definition.schema.presets:
        n = preset.min_players
        for option in definition.schema.options:
            for value in bad_values(option):
                ruleset = {"preset": preset.name, "options": {option.name: value}}
                with pytest.raises(RecordError, match=repr(option.name)):
                    definition.new_game(names(n), ruleset, seed=1)
        with pytest.raises(RecordError, match="'no_such_option'"):
            definition.new_game(names(n), {"preset": preset.name, "options": {"no_such_option": 1}})
    with pytest.raises(RecordError, match="'no_such_preset'"):
        definition.new_game(names(4), "no_such_preset")
    with pytest.raises(RecordError, match="unknown ruleset field"):
        definition.new_game(names(4), {"preset": definition.presets[0], "colour": "red"})


@pytest.mark.parametrize("case", CASES, ids=str)
def test_offered_options_set_a_game_up(case: GameCase) -> None:
    """Each option a preset offers, at a value next to its default, sets up a game
    (the setups the suite plays change every option further)."""
    definition = case.definition
    schema = definition.schema
    for preset in schema.presets:
        every = {o.name for o in schema.options}
        offered = set(preset.offers) if preset.offers is not None else every
        n = min(max(preset.min_players, 3), preset.max_players)
        for option in schema.options:
            if option.name in offered:
                ruleset = {"preset": preset.name, "options": {option.name: other(option, preset)}}
                assert definition.new_game(names(n), ruleset, seed=2).pending() is not None


def other(option: Option, preset: Any) -> Any:
    default = preset.defaults.get(option.name, option.default)
    if option.kind == "bool":
        return not default
    if option.kind == "choice":
        return next(c for c in option.choices if c != default)
    if default is None:
        return option.minimum if option.minimum is not None else 1
    step = option.step or 1
    return default + step if option.maximum is None or default < option.maximum else default - step
