"""Differential tests: the kernel plays the reference engine's games exactly.

Both engines list the legal actions in the kernel's canonical order (ascending codes)
and a seeded policy picks the i-th; every action and every score must agree. CI runs a
few hundred games; ``takeover bench kernel --check N`` runs thousands.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.acquire import new_game
from takeover.acquire.state import AcquireState
from takeover.kernel import bridge
from takeover.kernel import compiled as k

RULESETS = ["standard", "tlstyer"]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_same_games_as_the_reference(ruleset: str, players: int) -> None:
    for seed in range(16):
        key = 1000 * players + seed
        assert bridge.kernel_game(players, ruleset, seed, key) == bridge.reference_game(
            players, ruleset, seed, key
        ), (ruleset, players, seed)


def test_a_wrong_rule_would_show() -> None:
    """The comparison can fail: a kernel game with another policy key differs."""
    assert bridge.kernel_game(4, "standard", 3, 1) != bridge.reference_game(4, "standard", 3, 2)


def _outcome(s: np.ndarray) -> dict[str, object]:
    """What a position is, in comparable form (the bag as the tiles still to come)."""
    n = int(s[k.S_NP])
    loc = s[k.S_LOC : k.S_LOC + 128]
    phase = int(s[k.S_PHASE])
    return {
        "phase": phase,
        "decider": int(s[k.S_DECIDER]),
        "sizes": s[k.S_SIZES : k.S_SIZES + 7].tolist(),
        "bank": s[k.S_BANK : k.S_BANK + 7].tolist(),
        "cash": s[k.S_CASH : k.S_CASH + n].tolist(),
        "shares": s[k.S_SHARES : k.S_SHARES + 7 * n].tolist(),
        "board": s[k.S_BOARD : k.S_BOARD + 128].tolist(),
        "hands": [sorted(np.flatnonzero(loc == p).tolist()) for p in range(n)],
        "removed": sorted(np.flatnonzero(loc == k.L_REMOVED).tolist()),
        "bag": s[k.S_BAG + s[k.S_BAG_POS] : k.S_BAG + s[k.S_BAG_LEN]].tolist(),
        "defunct": s[k.S_NDEFUNCT + 1 : k.S_NDEFUNCT + 1 + s[k.S_NDEFUNCT]].tolist(),
        "over": phase == k.OVER,
    }


def _position(ruleset: str, players: int, seed: int, steps: int, seat: int) -> AcquireState:
    """A position ``steps`` random decisions into a game, as ``seat`` might imagine it."""
    state = new_game(players, ruleset, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.play(legal[rng.randrange(len(legal))])
    if seat < players:
        state = state.determinize(seat, rng)
    return state


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(RULESETS),
    st.integers(2, 6),
    st.integers(0, 2**32),
    st.integers(0, 400),
    st.integers(0, 6),
)
def test_random_positions_list_and_apply_alike(
    ruleset: str, players: int, seed: int, steps: int, seat: int
) -> None:
    state = _position(ruleset, players, seed, steps, seat)
    t = bridge.tables_of(ruleset)
    s = bridge.from_state(state)
    assert _outcome(s) == _outcome(bridge.from_state(state.clone()))
    codes = bridge.legal_codes(state)
    assert bridge.kernel_legal(s, t) == codes
    for code in codes[:12]:  # each (of the first few) applied in both
        after = state.clone()
        after.play(bridge.decode(code))
        row = s.copy()
        k.step(row, t.cfg, t.nb, t.prices, code)
        assert _outcome(row) == _outcome(bridge.from_state(after)), bridge.decode(code)
        assert bridge.encode(bridge.decode(code)) == code


def test_unsupported_rulesets_are_named() -> None:
    with pytest.raises(bridge.Unsupported, match="3 shares"):
        bridge.tables_of({"preset": "standard", "options": {"max_purchase": 4}})
