"""Acquire's tables as data: chains, tiers, editions, prices and bonuses.

Chains are identified by an index 0..6 everywhere in the engine; the names
depend on the edition (the 2008 edition calls Luxor "Sackson").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

BUDGET, STANDARD, PREMIUM = 0, 1, 2
TIER_NAMES = ("budget", "standard", "premium")

NUM_CHAINS = 7

CLASSIC_NAMES = (
    "Luxor",
    "Tower",
    "American",
    "Festival",
    "Worldwide",
    "Continental",
    "Imperial",
)


@dataclass(frozen=True)
class Edition:
    """An edition: chain names, their tiers, the board and the default safe size."""

    name: str
    chain_names: tuple[str, ...]
    tiers: tuple[int, ...]
    columns: int = 12
    rows: int = 9
    safe_size: int = 11


EDITIONS: dict[str, Edition] = {
    "classic": Edition(
        "classic",
        CLASSIC_NAMES,
        (BUDGET, BUDGET, STANDARD, STANDARD, STANDARD, PREMIUM, PREMIUM),
    ),
    "2008": Edition(
        "2008",
        ("Sackson", *CLASSIC_NAMES[1:]),
        # Sackson, Tower, American, Festival, Worldwide, Continental, Imperial
        (BUDGET, PREMIUM, STANDARD, STANDARD, BUDGET, PREMIUM, STANDARD),
    ),
    "2016": Edition(
        "2016",
        CLASSIC_NAMES,
        (BUDGET, BUDGET, STANDARD, STANDARD, STANDARD, PREMIUM, PREMIUM),
        columns=10,
        rows=10,
        safe_size=10,
    ),
}

CHAIN_COLOURS = {
    "Luxor": "#e44500",
    "Sackson": "#e44500",
    "Tower": "#f0e442",
    "American": "#0431ee",
    "Festival": "#039761",
    "Worldwide": "#a12570",
    "Continental": "#79d1ff",
    "Imperial": "#ad79af",
}
"""Chosen to stay apart under protanopia, deuteranopia and tritanopia (Machado 2009
simulation): every two chains, and each chain and an orphan tile (#a8a29e) or an empty
cell, differ by at least 15 CIEDE2000 (tests/web/test_colours.py). Every chain's cells
also carry its letter, so colour is never the only cue."""


def base_price(size: int) -> int:
    """Share price of a budget chain of ``size`` tiles (0 when off the board).

    >>> [base_price(n) for n in (2, 5, 6, 10, 11, 41)]
    [200, 500, 600, 600, 700, 1000]
    """
    if size < 2:
        return 0
    if size <= 5:
        return size * 100
    if size <= 10:
        return 600
    if size >= 41:
        return 1000
    return 700 + (size - 11) // 10 * 100


@cache
def price_table(tier: int, max_size: int = 128) -> tuple[int, ...]:
    """Share price by size for one tier, indexed by chain size."""
    return tuple(0 if n < 2 else base_price(n) + 100 * tier for n in range(max_size + 1))


def split_up(total: int, ways: int) -> int:
    """``total / ways`` rounded up to the next $100 (exact integer arithmetic).

    >>> split_up(9000, 2), split_up(4500, 2), split_up(3000, 3)
    (4500, 2300, 1000)
    """
    return -(-total // (ways * 100)) * 100


def bonuses(price: int, holdings: list[int]) -> list[int]:
    """Majority and minority bonuses per holder for one chain (rule 6.4).

    ``holdings[i]`` is seat i's number of shares; the result is what each seat
    receives. Majority is 10x the share price, minority 5x.

    >>> bonuses(400, [5, 0, 0])          # sole holder takes both
    [6000, 0, 0]
    >>> bonuses(400, [6, 6, 1])          # tie for majority: 6000 split, no minority
    [3000, 3000, 0]
    >>> bonuses(800, [8, 4, 4])          # tie for minority
    [8000, 2000, 2000]
    """
    # Counts and indexes rather than lists of holders: bots value every chain of every
    # position they look at with this, so it is kept allocation-light.
    n = len(holdings)
    result = [0] * n
    if not n:
        return result
    top = max(holdings)
    if not top:
        return result
    tied = holdings.count(top)
    if tied > 1:  # the majority holders share majority + minority; nobody is second
        each = split_up(15 * price, tied)
        for i in range(n):
            if holdings[i] == top:
                result[i] = each
        return result
    winner = holdings.index(top)
    second = 0
    for held in holdings:
        if second < held < top:
            second = held
    if not second:  # a sole holder takes both
        result[winner] = 15 * price
        return result
    result[winner] = 10 * price
    each = split_up(5 * price, holdings.count(second))
    for i in range(n):
        if holdings[i] == second:
            result[i] = each
    return result
