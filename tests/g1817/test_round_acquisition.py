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


def test_a_corporation_a_crisis_moves_into_a_zone_is_no_longer_auctioned() -> None:
    """Rule 6.1: J, auctioned from the acquisition zone, is dropped once it is in the
    liquidation zone (there its bidder's bankruptcy moved it; here the crisis ends with a
    sale), and only when the crisis is over; the next corporation is then offered."""
    game = position_before(
        "1817-6p-s18007-bankruptcy-drops-the-auction", lambda raw_id, a, s: raw_id == 834
    )
    rnd = game.round
    assert isinstance(rnd, AcquisitionRound) and rnd.auctioning == "J" and rnd.crisis() == 6
    game.liquidate(game.corps["J"])
    rnd.after_sale()  # player 6 is still in debt: the auction waits
    assert rnd.auctioning == "J"
    game.player_by_id[6].cash = 0
    rnd.after_sale()
    assert (rnd.auctioning, rnd.offer) == (None, "NYOW") and "J" not in rnd.offering
