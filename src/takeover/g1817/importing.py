"""18xx.games exports as a format 1817 imports: the replay viewer steps through them.

A thin adapter over :mod:`takeover.g1817.fixture`, which reads the records (undo and
redo, ``auto_actions``, the hints map actions need).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from takeover.core.errors import RecordError
from takeover.core.protocol import ImportedStep
from takeover.g1817.fixture import applied_actions, is_fixture, new_game, play
from takeover.g1817.state import Game1817


class EighteenXX:
    """Games exported from 18xx.games (``1817``, ``1817NA``, ``1817WO``)."""

    source = "18xx.games"

    def accepts(self, data: Mapping[str, Any]) -> bool:
        return is_fixture(data)

    def describe(self, data: Mapping[str, Any]) -> tuple[str, list[str]]:
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, Mapping) for p in players):
            raise RecordError('"players" must be a list of {"id", "name"} objects')
        return str(data["title"]), [str(p.get("name", p.get("id"))) for p in players]

    def resolve(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The record with only the actions that stand (undo and redo resolved in one
        pass, :func:`~takeover.g1817.fixture.applied_actions`); resolving it again
        changes nothing."""
        return {**data, "actions": applied_actions(data["actions"])}

    def start(self, data: Mapping[str, Any]) -> Game1817:
        return new_game(data)

    def steps(self, data: Mapping[str, Any]) -> Iterator[ImportedStep]:
        game = new_game(data)
        for _raw, action, events in play(game, applied_actions(data["actions"])):
            yield ImportedStep(game.controller(action), action, events, game)


IMPORTS = EighteenXX()
