from __future__ import annotations

import random

import pytest

from takeover.acquire import new_game
from takeover.bots.base import Observation
from takeover.rl.spiel_bot import SpielBot


@pytest.mark.parametrize(
    ("make", "ruleset"),
    [
        (SpielBot.ismcts, "standard"),
        (SpielBot.mcts, {"preset": "tlstyer", "options": {"hidden_holdings": True}}),
    ],
)
def test_openspiel_bots_choose_legal_moves_in_every_kind_of_decision(make, ruleset) -> None:  # type: ignore[no-untyped-def]
    bot = make(simulations=3, seed=2)
    state = new_game(3, ruleset, seed=21)
    rng = random.Random(0)
    kinds = set()
    while not state.is_terminal() and len(kinds) < 4:
        seat = state.current_player()
        assert seat is not None
        obs = Observation(state, seat)
        if len(obs.legal) > 1 and state.decision not in kinds:
            action = bot.choose(obs, rng)
            assert action in obs.legal
            kinds.add(state.decision)
        else:
            action = obs.legal[rng.randrange(len(obs.legal))]
        state.apply(action, seat)
    assert {"place_tile", "buy_shares"} <= kinds


def test_an_openspiel_bot_never_reads_the_hidden_truth() -> None:
    """It decides from ``obs.sample``: two positions that differ only in what the seat
    cannot see give the same search, hence the same choice."""
    state = new_game(3, seed=5)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    seat = state.current_player()
    assert seat is not None
    other = state.determinize(seat, random.Random(9))
    assert other.hands != state.hands
    a = SpielBot.mcts(simulations=4, seed=1).choose(Observation(state, seat), random.Random(3))
    b = SpielBot.mcts(simulations=4, seed=1).choose(Observation(other, seat), random.Random(3))
    assert a == b
