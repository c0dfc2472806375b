"""Market moves, loans and interest, the Volatility generator."""

from __future__ import annotations

import pytest

from takeover.core.errors import IllegalAction
from takeover.g1817.data.editions import EDITIONS, MARKET_PRICES
from takeover.g1817.state import Game1817


def game(title: str = "1817", players: int = 4) -> Game1817:
    return Game1817(title, [(i + 1, f"P{i + 1}") for i in range(players)])


def started(g: Game1817, sym: str = "A&S", price: int = 100) -> object:
    corp = g.corps[sym]
    g.set_price(corp, MARKET_PRICES.index(price))
    corp.floated = True
    return corp


def test_editions_have_their_loans_and_cash() -> None:
    assert EDITIONS["1817"].total_loans == 70
    assert EDITIONS["1817NA"].total_loans == 56
    assert EDITIONS["1817WO"].total_loans == 39
    assert game("1817WO", 2).players[0].cash == 330


def test_interest_rate_steps_with_loans_taken() -> None:
    g = game("1817WO", 2)
    assert g.interest_rate() == 5
    del g.loans[-10:]
    assert g.interest_rate() == 20


def test_loan_moves_left_and_payoff_moves_right() -> None:
    g = game()
    corp = started(g)
    g.take_loan(corp)
    assert (corp.cash, g.price(corp), len(corp.loans)) == (100, 90, 1)
    g.payoff_loan(corp)
    assert (corp.cash, g.price(corp), len(corp.loans)) == (0, 100, 0)


def test_loans_are_limited_by_shares() -> None:
    g = game()
    corp = started(g)
    g.take_loan(corp)
    g.take_loan(corp)
    with pytest.raises(IllegalAction):
        g.take_loan(corp)


def test_normal_movement_never_enters_liquidation() -> None:
    g = game()
    corp = started(g, price=40)
    g.move_left(corp, 10)
    assert g.price_type(corp) == "acquisition"
    g.liquidate(corp)
    assert g.price_type(corp) == "liquidation"


def test_operating_order_breaks_ties_by_arrival() -> None:
    g = game()
    a = started(g, "A&S", 100)
    b = started(g, "Belt", 100)
    c = started(g, "Bess", 110)
    assert [x.sym for x in g.operating_order()] == [c.sym, a.sym, b.sym]


def test_volatility_generator_is_the_reference_lcg() -> None:
    g = game()
    g.rng_state = 1
    assert g.rand() == (1103515245 + 12345) % 2**31


def test_every_private_of_a_reset_corporation_closes() -> None:
    """Rule 6.3: a corporation the bank takes loses all its privates (we once closed
    every other one, and a corporation later started under the name kept the rest)."""
    g = game()
    corp = started(g)
    privates = ["MINM", "MAIL", "MAJM"]
    for company in privates:
        g.company_owner[company] = corp.sym
        corp.companies.append(company)
    g.reset_corporation(corp)
    assert all(g.company_owner[c] is None and c in g.closed_companies for c in privates)
    assert g.corps["A&S"].companies == []
