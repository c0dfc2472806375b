"""Clones are independent: nothing done to one changes the other."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .audit import check_clone_independent, playout
from .games import CASES, GameCase
from .test_playouts import SEEDS, label, setups


@pytest.mark.parametrize("setup", setups(list(CASES)), ids=label)
@settings(max_examples=3)
@given(seed=SEEDS, length=st.integers(min_value=0, max_value=60))
def test_a_clone_and_its_original_go_their_own_ways(
    setup: tuple[GameCase, int], seed: int, length: int
) -> None:
    case, i = setup
    rng = random.Random(seed)
    state = playout(case, case.new_game(i, seed), rng, limit=length, audit=0).state
    if state.pending() is not None:
        check_clone_independent(case, state, rng)
    else:
        before = state.clone()
        assert before.to_record() == state.to_record() and before is not state
