"""The cash crisis (rules 7.1-7.3) on a real position: which sales 18xx.games allows.

1817NA__25351, action 799: in an acquisition round player 145 owes $189 and holds WC_6
(10% at $135) and NYSW (president: NYSW_0, 20%, then NYSW_4-6, 10% each at $80; player
757 holds 10%). The reference refuses there a sale of NYSW_4-6 plus the president's
certificate, and at action 800 (owing $54) one of NYSW_4 and NYSW_5; it accepts all
three of NYSW_4-6 and a bankruptcy (checked with ``takeover check-reference`` on the
game cut there).
"""

from __future__ import annotations

from takeover.g1817.actions import Action
from takeover.g1817.state import Game1817

from .games import position_before
from .refusal import act, assert_listed, assert_refused

GAME = "1817NA__25351"
PLAYER = 145


def crisis_at(raw_id: int) -> Game1817:
    game = position_before(GAME, lambda r, a, s: r == raw_id)
    decision = game.pending()
    assert decision is not None and decision.kind == "cash_crisis"
    return game


def sell(*shares: str) -> Action:
    return act("sell_shares", PLAYER, shares=list(shares))


def test_the_smallest_sufficient_sale_and_smaller_ones_are_listed() -> None:
    game = crisis_at(799)
    assert game.player_by_id[PLAYER].cash == -189
    # two certificates raise $160, short of the debt: the third is needed
    for shares in (["NYSW_4"], ["NYSW_4", "NYSW_5"], ["NYSW_4", "NYSW_5", "NYSW_6"], ["WC_6"]):
        assert_listed(game, sell(*shares))


def test_a_sale_bigger_than_the_debt_needs_is_refused() -> None:
    game = crisis_at(800)
    assert game.player_by_id[PLAYER].cash == -54
    assert_listed(game, sell("NYSW_4"))
    assert_refused(game, sell("NYSW_4", "NYSW_5"), r"raises \$160, more than the debt of \$54")


def test_the_presidents_certificate_is_not_sold() -> None:
    game = crisis_at(799)
    refused = "the president's certificate of NYSW is not sold in a cash crisis"
    assert_refused(game, sell("NYSW_4", "NYSW_5", "NYSW_6", "NYSW_0"), refused)
    # Alone, with 757 holding as much, the president would keep the most: 18xx.games'
    # check accepts that (its interface never offers it) and leaves the certificate in
    # the market with its seller president; we refuse it.
    game.share_by_id("NYSW_1").owner = 757
    assert_refused(game, sell("NYSW_0"), refused)


def test_a_sale_that_would_hand_over_a_presidency_is_refused() -> None:
    game = crisis_at(799)
    for share in ("NYSW_1", "NYSW_2", "NYSW_3"):  # from the treasury: 757 holds 40%
        game.share_by_id(share).owner = 757
    assert_listed(game, sell("NYSW_4"))  # 40% kept: a tie keeps the presidency
    assert_refused(
        game,
        sell("NYSW_4", "NYSW_5"),
        r"hand over the presidency of NYSW \(30% kept, another player holds 40%\)",
    )


def test_outside_an_operating_round_only_operated_corporations_are_sold() -> None:
    game = crisis_at(799)
    game.corps["WC"].operated = False
    assert_refused(game, sell("WC_6"), "WC has not operated yet")
    # in an operating round (action 1055: player 757 owes $276), it may be sold
    game = position_before(GAME, lambda r, a, s: r == 1055)
    game.corps["ME"].operated = False
    assert_listed(game, act("sell_shares", 757, shares=["ME_3", "ME_1"]))


def test_bankruptcy_is_open_while_sales_could_pay_the_debt() -> None:
    game = crisis_at(799)
    assert_listed(game, act("bankrupt", PLAYER))
    game.push(act("bankrupt", PLAYER))
    assert game.player_by_id[PLAYER].bankrupt
