"""What we record carries what 18xx.games needs to replay it: the reference reads
``target_type`` to find an assignment's target (listed so), and a ``loan`` id for a loan
action (it moves the pool's last loan, or the corporation's last, whatever the id names):
the record names the loan moved, while the listed action leaves it out, so that it does
not change with every loan taken."""

from __future__ import annotations

import pytest

from .games import positions

KINDS = ("assign", "take_loan", "payoff_loan")


@pytest.mark.parametrize("game", ["1817NA__20584", "1817WO__19926"])
def test_assignments_and_loans_carry_their_record_fields(game: str) -> None:
    seen: dict[str, int] = dict.fromkeys(KINDS, 0)
    for _raw_id, recorded, state in positions(game):
        if recorded.type not in KINDS:
            continue
        for action in state.legal_actions():
            if action.type == "assign":
                # a private's bridge (a hex), a private contributed at an IPO, or the
                # corporation a player buys with in an acquisition (ids may be both,
                # as "ME" in 1817NA)
                kind = (
                    "hex"
                    if action.entity_type == "company"
                    else "corporation"
                    if state.round.name == "Acquisition"
                    else "company"
                )
                assert action.get("target_type") == kind, action
                seen["assign"] += 1
            elif action.type in ("take_loan", "payoff_loan"):
                assert action.get("loan") is None, action
                after = state.clone()
                after.push(action)
                corp = after.corps[str(action.entity)]
                moved = corp.loans[-1] if action.type == "take_loan" else after.loans[-1]
                assert after.history[-1]["loan"] == moved
                seen[action.type] += 1
    assert all(seen.values()), seen


def test_an_action_is_shown_as_the_record_keeps_it() -> None:
    """A listed range's ``max_price`` decides nothing: the live log and the history show
    a bought train as the record does, without it."""
    from takeover.g1817.rounds.base import make
    from takeover.g1817.state import Game1817

    game = Game1817("1817", [(1, "P1"), (2, "P2"), (3, "P3")], 1, {})
    bought = make("buy_train", "A&S", train="2-0", price=80, max_price=300)
    shown = game.action_view(bought, 0, None)["action"]
    assert shown["price"] == 80 and shown["train"] == "2-0"
    assert "max_price" not in shown
