"""The compiled kernel's own pieces: the seeded shuffle and the policy's numbers."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.acquire.setup import shuffled_bag
from takeover.kernel import bridge
from takeover.kernel import compiled as k


@settings(max_examples=60, deadline=None)
@given(st.integers(-(2**63) + 1, 2**63 - 1), st.sampled_from([100, 108]))
def test_the_shuffle_is_the_reference_bag(seed: int, size: int) -> None:
    bag = np.empty(size, np.int64)
    k.shuffle_bag(k.seed_words(seed), bag)
    assert bag.tolist() == shuffled_bag(size, seed)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 10_000), st.integers(1, 300))
def test_the_policy_picks_alike(key: int, step: int, n: int) -> None:
    assert k.pick(np.uint64(key), step, n) == bridge.pick(key, step, n)


def test_random_games_end() -> None:
    t = bridge.tables_of("standard")
    decisions = k.random_games(t.cfg, t.nb, t.prices, 4, 1, 20)
    assert 20 * 40 < decisions < 20 * 400
