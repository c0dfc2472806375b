"""18xx.games exports as a format 1817 imports: the replay viewer steps through them.

A thin adapter over :mod:`takeover.g1817.fixture`, which reads the records (undo and
redo, ``auto_actions``, the hints map actions need).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from takeover.core.errors import RecordError
from takeover.core.protocol import ImportedStep
from takeover.g1817.actions import Action
from takeover.g1817.fixture import is_fixture, replay_steps
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

    def start(self, data: Mapping[str, Any]) -> Game1817:
        from takeover.g1817.definition import _from_record

        return _from_record(data)

    def steps(self, data: Mapping[str, Any]) -> Iterator[ImportedStep]:
        for raw, game, events in replay_steps(data):
            action = Action.from_dict(raw)
            yield ImportedStep(game.controller(action), action, events, game)


IMPORTS = EighteenXX()
