"""Records carry what 18xx.games needs to replay them: the reference engine reads
``target_type`` to find an assignment's target (listed actions carry it) and a ``loan``
id for a loan action (it moves the pool's last loan, or the corporation's last, whatever
the id names). A listed loan action names no loan, since which one moves is not a
choice; the record of an applied one names the loan it moved."""

from __future__ import annotations

import pytest

from .games import positions

KINDS = ("assign", "take_loan", "payoff_loan")


@pytest.mark.parametrize("game", ["1817NA__20584", "1817WO__19926"])
def test_listed_assignments_and_loans_have_their_record_fields(game: str) -> None:
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
                taking = action.type == "take_loan"
                moved = (state.loans if taking else state.corps[str(action.entity)].loans)[-1]
                after = state.clone()
                after.apply(action)
                assert after.history[-1]["loan"] == moved, action
                seen[action.type] += 1
        if recorded.type in ("assign", "take_loan", "payoff_loan"):
            listed = {a.key() for a in state.legal_actions()}
            assert recorded.key() in listed or recorded.entity_type == "company"
    assert all(seen.values()), seen
