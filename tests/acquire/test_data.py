"""Prices and bonuses as data: every bonus and tie example of acquire-mergers.md."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from takeover.acquire.data import (
    BUDGET,
    EDITIONS,
    PREMIUM,
    STANDARD,
    bonuses,
    price_table,
    split_up,
)

# acquire-chains.md / acquire-stocks.md price table: size -> (budget, standard, premium).
PRICE_ROWS = {
    2: (200, 300, 400),
    3: (300, 400, 500),
    4: (400, 500, 600),
    5: (500, 600, 700),
    6: (600, 700, 800),
    10: (600, 700, 800),
    11: (700, 800, 900),
    20: (700, 800, 900),
    21: (800, 900, 1000),
    30: (800, 900, 1000),
    31: (900, 1000, 1100),
    40: (900, 1000, 1100),
    41: (1000, 1100, 1200),
    108: (1000, 1100, 1200),
}

# acquire-mergers.md bonus table: size -> ((maj, min) budget, standard, premium).
BONUS_ROWS = {
    2: ((2000, 1000), (3000, 1500), (4000, 2000)),
    3: ((3000, 1500), (4000, 2000), (5000, 2500)),
    4: ((4000, 2000), (5000, 2500), (6000, 3000)),
    5: ((5000, 2500), (6000, 3000), (7000, 3500)),
    8: ((6000, 3000), (7000, 3500), (8000, 4000)),
    15: ((7000, 3500), (8000, 4000), (9000, 4500)),
    25: ((8000, 4000), (9000, 4500), (10000, 5000)),
    35: ((9000, 4500), (10000, 5000), (11000, 5500)),
    41: ((10000, 5000), (11000, 5500), (12000, 6000)),
}


@pytest.mark.parametrize("size", sorted(PRICE_ROWS))
def test_price_table(size: int) -> None:
    got = tuple(price_table(tier)[size] for tier in (BUDGET, STANDARD, PREMIUM))
    assert got == PRICE_ROWS[size]


def test_price_off_the_board_is_zero() -> None:
    assert price_table(PREMIUM)[0] == 0
    assert price_table(PREMIUM)[1] == 0


@pytest.mark.parametrize("size", sorted(BONUS_ROWS))
@pytest.mark.parametrize("tier", [BUDGET, STANDARD, PREMIUM])
def test_bonus_table_majority_and_minority(size: int, tier: int) -> None:
    """A clear majority and a clear minority get exactly the table's amounts."""
    majority, minority = BONUS_ROWS[size][tier]
    price = price_table(tier)[size]
    assert bonuses(price, [5, 3, 0]) == [majority, minority, 0]
    assert minority * 2 == majority


def test_sole_stockholder_takes_both() -> None:
    # Only Player A owns Tower stock (5 shares), Tower at 2 tiles: $2,000 + $1,000.
    assert bonuses(price_table(BUDGET)[2], [5, 0, 0]) == [3000, 0, 0]


def test_tie_for_majority_splits_both_no_minority() -> None:
    # A and B have 6 shares each in Tower (4 tiles): ($4,000 + $2,000) / 2 each.
    assert bonuses(price_table(BUDGET)[4], [6, 6, 2]) == [3000, 3000, 0]


def test_three_way_tie_for_majority() -> None:
    # A, B and C tie in American (5 tiles): ($6,000 + $3,000) / 3 each.
    assert bonuses(price_table(STANDARD)[5], [4, 4, 4]) == [3000, 3000, 3000]


def test_tie_for_minority_splits_minority() -> None:
    # A has 8 Continental (6 tiles), B and C 4 each: A $8,000, B and C $4,000 / 2.
    assert bonuses(price_table(PREMIUM)[6], [8, 4, 4]) == [8000, 2000, 2000]


def test_two_tie_for_majority_third_gets_nothing() -> None:
    assert bonuses(price_table(STANDARD)[3], [5, 5, 3, 1]) == [3000, 3000, 0, 0]


def test_split_rounds_up_to_the_next_hundred() -> None:
    # American at 2 tiles: ($3,000 + $1,500) / 2 = $2,250 -> $2,300 each.
    assert bonuses(price_table(STANDARD)[2], [3, 3]) == [2300, 2300]
    # Continental at 5 tiles, minority $3,500 split two ways: $1,750 -> $1,800.
    assert bonuses(price_table(PREMIUM)[5], [6, 2, 2]) == [7000, 1800, 1800]
    # Three-way majority tie on Tower at 3 tiles: $4,500 / 3 = $1,500 exactly.
    assert bonuses(price_table(BUDGET)[3], [1, 1, 1]) == [1500, 1500, 1500]
    # Six-way tie: $9,000 / 6 = $1,500; Imperial at 2: $6,000 / 6 = $1,000.
    assert bonuses(price_table(STANDARD)[5], [2] * 6) == [1500] * 6
    assert split_up(100, 3) == 100
    assert split_up(0, 2) == 0


def test_no_stock_no_bonus() -> None:
    assert bonuses(price_table(PREMIUM)[9], [0, 0, 0, 0]) == [0, 0, 0, 0]


def test_editions() -> None:
    classic, e2008, e2016 = EDITIONS["classic"], EDITIONS["2008"], EDITIONS["2016"]
    tiers = dict(zip(classic.chain_names, classic.tiers, strict=True))
    assert tiers == {
        "Luxor": BUDGET,
        "Tower": BUDGET,
        "American": STANDARD,
        "Festival": STANDARD,
        "Worldwide": STANDARD,
        "Continental": PREMIUM,
        "Imperial": PREMIUM,
    }
    tiers = dict(zip(e2008.chain_names, e2008.tiers, strict=True))
    assert tiers == {
        "Sackson": BUDGET,
        "Worldwide": BUDGET,
        "Festival": STANDARD,
        "Imperial": STANDARD,
        "American": STANDARD,
        "Continental": PREMIUM,
        "Tower": PREMIUM,
    }
    assert (e2016.columns, e2016.rows, e2016.safe_size) == (10, 10, 10)
    assert (classic.columns, classic.rows, classic.safe_size) == (12, 9, 11)


def _bonuses_as_written(price: int, holdings: list[int]) -> list[int]:
    """Rule 6.4 read literally: the holders of the most shares, then of the next most."""
    paid = [0] * len(holdings)
    counts = sorted({n for n in holdings if n}, reverse=True)
    if not counts:
        return paid
    first = [i for i, n in enumerate(holdings) if n == counts[0]]
    if len(first) > 1 or len(counts) == 1:
        for i in first:
            paid[i] = split_up(15 * price, len(first))
        return paid
    paid[first[0]] = 10 * price
    second = [i for i, n in enumerate(holdings) if n == counts[1]]
    for i in second:
        paid[i] = split_up(5 * price, len(second))
    return paid


@given(
    price=st.integers(2, 12).map(lambda x: x * 100),
    holdings=st.lists(st.integers(0, 25), min_size=1, max_size=6),
)
def test_bonuses_follow_the_rule_as_written(price: int, holdings: list[int]) -> None:
    assert bonuses(price, holdings) == _bonuses_as_written(price, holdings)
