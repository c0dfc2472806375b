"""What a seat is shown: the suite's secret check finds a leak when there is one, and
Acquire's trade terms under ``hidden_holdings`` reach the two parties only.

Every view, event view and action view of the playouts goes through the same check
(``audit.check_views``, ``audit.check_shown``); these tests show that it can fail.
"""

from __future__ import annotations

import random
from typing import Any

from takeover.core.extensions import TRADE_OFFERS
from takeover.core.protocol import GameState

from .audit import check_views, playout
from .games import ACQUIRE, acquire_leak

HIDDEN = {"preset": "standard", "options": {"hidden_holdings": True}}


def test_a_hand_shown_to_another_seat_is_caught() -> None:
    state = ACQUIRE.definition.new_game(["A", "B", "C"], "standard", seed=3)
    check_views(ACQUIRE, state)  # as the game shows them: no leak
    for seat in range(3):
        own = state.view(seat)
        assert acquire_leak(state, seat, own) is None
        for other in [*range(3), None]:
            if other != seat:
                assert "tile" in str(acquire_leak(state, other, own))


def until_trading(seed: int) -> tuple[GameState, int]:
    """A hidden-holdings game of 3 played at random until the active seat may propose."""
    state = ACQUIRE.definition.new_game(["A", "B", "C"], HIDDEN, seed=seed)
    rng = random.Random(seed)
    for _ in range(50):
        decision = state.pending()
        assert decision is not None
        (seat,) = decision.seats
        offers = state.extension(TRADE_OFFERS)
        assert offers is not None
        if offers.can_propose(seat) and state.turn_number > 3:  # type: ignore[attr-defined]
            return state, seat
        state = playout(ACQUIRE, state, rng, limit=1, audit=0).state
    raise AssertionError("no turn to trade in 50 actions")


def test_trade_terms_reach_only_the_two_parties() -> None:
    state, seat = until_trading(5)
    to, third = [(seat + 1) % 3, (seat + 2) % 3]
    form: dict[str, Any] = {
        "type": "propose_trade",
        "to": to,
        "give": {"cash": 100, "shares": {}},
        "get": {"cash": 0, "shares": {}},
    }
    action = state.action_from_dict(form)
    events = state.apply(action, seat)
    proposed = [e for e in events if e.type == "trade_proposed"]
    assert proposed
    for viewer in (seat, to):
        told = state.action_view(action, seat, viewer)
        assert told["action"]["give"] == {"cash": 100, "shares": {}}
        assert state.event_view(proposed[0], viewer)["give"] == {"cash": 100, "shares": {}}  # type: ignore[index]
        # What the parties see would be a leak shown to anyone else.
        assert "terms" in str(acquire_leak(state, third, told))
    for viewer in (third, None):
        told = state.action_view(action, seat, viewer)
        assert "give" not in told["action"] and acquire_leak(state, viewer, told) is None
        seen = state.event_view(proposed[0], viewer)
        assert seen is not None and "give" not in seen
        assert acquire_leak(state, viewer, seen) is None
    check_views(ACQUIRE, state)
