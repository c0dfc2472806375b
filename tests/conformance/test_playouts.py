"""Random legal play, audited at every step, through the game protocol alone.

Every game plays from each of its setups as far as its engine lists actions, every
position checked (decisions, forms, views, refusals, sampled worlds); the games in
``COMPLETE`` are played to the end from many seeds and their results checked.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.core import registry

from .audit import check_over, playout
from .games import CASES, COMPLETE, GameCase

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


def setups(cases: tuple[GameCase, ...] | list[GameCase]) -> list[tuple[GameCase, int]]:
    return [(case, i) for case in cases for i in range(len(case.setups))]


def label(param: tuple[GameCase, int]) -> str:
    case, i = param
    return f"{case.game}-{i}-{case.setups[i][1]}p"


def test_every_registered_game_is_in_the_suite() -> None:
    assert sorted(case.game for case in CASES) == registry.names()


@pytest.mark.parametrize("setup", setups(list(COMPLETE)), ids=label)
@settings(max_examples=3)
@given(seed=SEEDS)
def test_random_play_finishes_and_the_result_holds(setup: tuple[GameCase, int], seed: int) -> None:
    case, i = setup
    rng = random.Random(seed)
    played = playout(case, case.new_game(i, seed), rng, audit=5)
    assert not played.stuck, f"{case}: no legal action listed after {len(played.actions)}"
    check_over(played.state)


@pytest.mark.parametrize("setup", setups(list(CASES)), ids=label)
@settings(max_examples=2)
@given(seed=SEEDS)
def test_random_play_audited_at_every_step(setup: tuple[GameCase, int], seed: int) -> None:
    """Every game, as far as its engine lists actions (1817: to the first home station),
    or for 60 actions."""
    case, i = setup
    played = playout(case, case.new_game(i, seed), random.Random(seed), limit=60, audit=1)
    assert played.actions, f"{case} offered no first action"
    if played.stuck:
        decision = played.state.pending()
        assert decision is not None and case not in COMPLETE
