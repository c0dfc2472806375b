"""1817's ``SLOW_LISTING``: exactly its route decisions are slow to list, and the quick
listing there (running no routes) is one of the listed actions and is taken."""

from __future__ import annotations

import json
from pathlib import Path

from takeover.core.extensions import SLOW_LISTING
from takeover.g1817.fixture import applied_actions, expand, new_game
from takeover.g1817.rounds.operating import OperatingRound
from takeover.g1817.rounds.turn import Route

GAME = Path(__file__).resolve().parents[1] / "data" / "1817" / "cases"
GAME = GAME / "1817-4p-heuristic-seed3.json"


def test_slow_exactly_at_route_decisions_and_the_quick_listing_is_legal() -> None:
    data = json.loads(GAME.read_text())
    game = new_game(data)
    slow = fast = 0
    for raw in applied_actions(data["actions"]):
        if game.finished or slow >= 8:
            break
        found = game.extension(SLOW_LISTING)
        assert found is not None
        rnd = game.round
        routing = (
            isinstance(rnd, OperatingRound)
            and isinstance(rnd.turn_step, Route)
            and rnd.active_step() is rnd.turn_step
        )
        assert found.slow() == routing, raw
        decision = game.pending()
        if found.slow() and decision is not None:
            slow += 1
            seat = decision.seats[0]
            quick = list(found.quick(seat))
            assert [a.to_dict()["routes"] for a in quick] == [[]]
            assert quick[0] in game.legal_actions(seat)
            assert found.quick((seat + 1) % game.num_players) == []
            twin = game.clone()
            twin.apply(quick[0], seat)  # taken as any listed action
        elif decision is not None and fast < 20:
            fast += 1
            seat = decision.seats[0]
            assert list(found.quick(seat)) == list(game.legal_actions(seat))
        for action in expand(raw):
            if not game.finished:
                game.push(action)
    assert slow == 8 and fast == 20
