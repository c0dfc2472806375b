"""The shared purchase tables against a brute-force list of every purchase."""

from __future__ import annotations

import dataclasses
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.acquire.context import _tables
from takeover.acquire.rules import PRESETS


@st.composite
def markets(draw: st.DrawFn) -> tuple[int, tuple[int, ...], list[int], bool, int]:
    limit = draw(st.integers(0, 4))
    chains = draw(st.lists(st.integers(0, 6), unique=True, max_size=7).map(sorted))
    caps = [draw(st.integers(min(limit, 1), limit)) for _ in chains]  # bank capped at limit
    shape = tuple(c + 8 * cap for c, cap in zip(chains, caps, strict=True))
    prices = [draw(st.sampled_from(range(200, 1300, 100))) for _ in chains]
    return limit, shape, prices, draw(st.booleans()), draw(st.integers(0, 5000))


def brute_force(
    limit: int, shape: tuple[int, ...], prices: list[int], with_end: bool, cash: int
) -> list[tuple[tuple[int, ...], bool]]:
    chains = [entry & 7 for entry in shape]
    caps = [entry >> 3 for entry in shape]
    price = dict(zip(chains, prices, strict=True))
    out = []
    for n in range(limit + 1):
        for bought in combinations_with_replacement(chains, n):
            if any(bought.count(c) > cap for c, cap in zip(chains, caps, strict=True)):
                continue
            if sum(price[c] for c in bought) <= cash:
                out += [(bought, False), (bought, True)] if with_end else [(bought, False)]
    return out


@settings(max_examples=400, deadline=None)
@given(markets())
def test_purchase_lists_hold_exactly_the_affordable_purchases(market) -> None:
    limit, shape, prices, with_end, cash = market
    tables = _tables(dataclasses.replace(PRESETS["standard"], max_purchase=limit))
    got = [(b.shares, b.end_game) for b in tables.buy_options(shape, prices, with_end, cash)]
    assert sorted(got) == sorted(brute_force(limit, shape, prices, with_end, cash))
    assert [len(shares) for shares, _ in got] == sorted(len(shares) for shares, _ in got)
    every = brute_force(limit, shape, prices, with_end, 10**9)
    rich = tables.buy_options(shape, prices, with_end, 10**9)
    assert tables.purchase_keys(rich) == frozenset(every)  # the shared list's keys
    assert tables.purchase_keys(rich) is tables.purchase_keys(rich)  # worked out once
    assert tables.purchase_keys([*rich]) == frozenset(every)  # any other list: its own keys


def test_a_shape_with_fewer_shares_left_lists_what_its_own_enumeration_lists() -> None:
    """Filtering the full-caps list gives the same list, in the same order."""
    tables = _tables(PRESETS["standard"])
    for caps in ((1, 3, 2), (2, 2, 2), (1, 1, 1), (3, 1, 3)):
        shape = tuple(c + 8 * cap for c, cap in zip((0, 3, 6), caps, strict=True))
        derived = tables._template(shape, False)[0]
        assert derived == tables._enumerate(shape, False)[0]
