"""Observations: a bot's samples hold nothing its seat may not know."""

from __future__ import annotations

import random

from takeover.acquire import new_game
from takeover.bots import Observation


def played(seed: int, ruleset: object = "standard", steps: int = 40):
    state = new_game(4, ruleset, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if state.is_terminal():
            break
    return state


def test_sample_keeps_what_the_seat_sees_and_redeals_the_rest() -> None:
    state = played(3)
    seat = state.current_player()
    others = [p for p in range(4) if p != seat]
    unknown = sorted([t for p in others for t in state.hands[p]] + list(state.bag[state.bag_pos :]))
    differs = False
    for k in range(20):
        s = Observation(state, seat).sample(random.Random(k))
        assert s.hands[seat] == state.hands[seat]
        assert s.board == state.board and s.cash == state.cash and s.shares == state.shares
        assert [len(s.hands[p]) for p in others] == [len(state.hands[p]) for p in others]
        assert sorted([t for p in others for t in s.hands[p]] + list(s.bag[s.bag_pos :])) == unknown
        differs |= any(s.hands[p] != state.hands[p] for p in others)
        # Neither the seed nor the order of tiles drawn so far survives.
        assert "seed" not in s.start and s.bag_pos == 0
    assert differs


def test_sample_plays_on_like_a_game() -> None:
    state = played(5)
    s = Observation(state, state.current_player()).sample(random.Random(0))
    rng = random.Random(1)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.play(legal[rng.randrange(len(legal))])
    assert s.scores() is not None


def test_hidden_holdings_are_redealt() -> None:
    ruleset = {"preset": "standard", "options": {"hidden_holdings": True}}
    state = played(8, ruleset, steps=80)
    seat = state.current_player()
    others = [p for p in range(4) if p != seat]
    seen_cash = set()
    for k in range(10):
        s = Observation(state, seat).sample(random.Random(k))
        assert s.shares[seat] == state.shares[seat] and s.cash[seat] == state.cash[seat]
        for c in range(7):
            assert sum(s.shares[p][c] for p in others) == sum(state.shares[p][c] for p in others)
        seen_cash |= {s.cash[p] for p in others}
    assert seen_cash == {state.cash[seat]}
