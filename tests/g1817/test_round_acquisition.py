"""Acquisition round checks: the buyer decides on new loans before repaying acquired ones."""

from __future__ import annotations

from takeover.g1817.rounds.acquisition import AcquisitionRound

from .games import position_before
from .refusal import act, assert_listed, assert_refused


def test_acquired_loans_are_repaid_after_passing_on_new_ones() -> None:
    # 1817__15528: WT bought a corporation with loans and may still take loans
    game = position_before("1817__15528", lambda raw_id, a, s: raw_id == 857)
    rnd = game.round
    assert isinstance(rnd, AcquisitionRound) and rnd.buyer == "WT"
    assert rnd.unpaid_loans > 0 and game.corps["WT"].cash >= 100
    assert_listed(game, act("take_loan", "WT"))
    assert_refused(game, act("payoff_loan", "WT"), "after passing on loans")
    game.push(act("pass", "WT"))
    assert_listed(game, act("payoff_loan", "WT"))
