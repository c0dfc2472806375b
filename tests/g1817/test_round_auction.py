"""The initial auction's checks: whose turn, and bids on the $5 grid above the minimum."""

from __future__ import annotations

from takeover.g1817 import Game1817

from .refusal import act, assert_listed, assert_refused


def new() -> Game1817:
    return Game1817("1817WO", [(7, "Ann"), (9, "Bob")])


def test_only_the_player_to_act_bids() -> None:
    game = new()
    assert game.round.current() == 7
    assert_refused(game, act("bid", 9, company="TS", price=5), "cannot act now")


def test_a_bid_exceeds_the_minimum_by_a_multiple_of_5() -> None:
    game = new()
    # Train Station is worth $80 and the bank's $100 of seed money covers it: $0 opens
    assert_listed(game, act("bid", 7, company="TS", price=5))
    assert_refused(game, act("bid", 7, company="TS", price=7), "multiple of 5")


def test_a_bid_is_paid_in_cash() -> None:
    game = new()
    cash = game.player_by_id[7].cash
    assert_refused(game, act("bid", 7, company="TS", price=cash + 5), "exceeds")
