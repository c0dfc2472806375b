"""The protocol's checks at positions of the real 1817 games (``tests/data/1817``).

Random play stops at 1817's first home station until the map lists its decisions, so
the operating, merger and acquisition rounds are checked where real players took them:
at positions along each game, decisions and forms, views, refusals leaving the state
unchanged, clone independence and the record round trip.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from takeover.core import registry
from takeover.core.errors import RecordError
from takeover.core.protocol import GameState

from .audit import check_clone_independent, check_decision, check_refusals, check_views
from .games import G1817, real_1817_games, real_1817_record
from .test_records import check_round_trip

POSITIONS = 8
"""Positions checked per game, evenly spread over its actions (so over all its rounds)."""


def prefix(record: dict[str, Any], end: int) -> GameState:
    """The position after the first ``end`` actions of ``record``, or of the first longer
    prefix that replays (a record cut inside an action's automatic follow-ups may not)."""
    definition = registry.get("1817")
    for cut in range(end, min(end + 10, len(record["actions"]))):
        try:
            return definition.replay({**record, "actions": record["actions"][:cut]})
        except RecordError:
            continue
    raise AssertionError(f"no prefix of {end} to {end + 9} actions replays")


@pytest.mark.parametrize("name", real_1817_games())
def test_positions_of_a_real_game_keep_the_protocol(name: str) -> None:
    record = real_1817_record(name)
    rng = random.Random(name)
    kinds, seen, moved = set(), [], 0
    total = len(record["actions"])
    for end in range(total // POSITIONS, total, max(1, total // POSITIONS)):
        state = prefix(record, end)
        decision = state.pending()
        if decision is None:
            break
        kinds.add(decision.kind)
        check_decision(G1817, state)
        check_views(G1817, state)
        check_refusals(G1817, state, seen, rng)
        seen += list(state.legal_actions(decision.seats[0]))[:20]
        check_round_trip(state)
        moved += check_clone_independent(G1817, state, rng)
    assert moved > 0 and len(kinds) > 1, f"too few positions checked: {sorted(kinds)}"
