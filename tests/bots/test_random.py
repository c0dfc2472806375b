"""The random bot plays any game through the protocol; its one bias is the game's own."""

from __future__ import annotations

import random

from takeover.bots import Observation, make_bot
from takeover.core import registry
from takeover.core.extensions import VOLUNTARY_END


def test_it_takes_the_voluntary_end_whenever_it_is_listed() -> None:
    definition = registry.get("acquire")
    state = definition.new_game(["A", "B", "C"], "standard", 11)
    bot = make_bot("random")
    rng = random.Random(0)
    ending = state.extension(VOLUNTARY_END)
    assert ending is not None
    endings = 0
    while (decision := state.pending()) is not None:
        (seat,) = decision.seats
        obs = Observation(state, seat)
        action = bot.choose(obs, rng)
        assert action in obs.legal
        listed = [a for a in obs.legal if ending.ends_game(a)]
        if listed:
            assert action == listed[0]
            endings += 1
        state.apply(action, seat)
    assert endings == 1 and state.to_record()["actions"][-1]["type"] == "declare_end"


def test_it_plays_1817_from_the_legal_actions_alone() -> None:
    definition = registry.get("1817")
    bot = make_bot("random", "1817")
    chosen = set()
    for seed in range(3):
        state = definition.new_game(["A", "B", "C", "D"], "1817", seed)
        rng = random.Random(seed)
        for _ in range(12):
            decision = state.pending()
            assert decision is not None
            seat = decision.seats[0]
            obs = Observation(state, seat)
            action = bot.choose(obs, rng)
            assert action in obs.legal
            chosen.add(state.action_text(action))
            state.apply(action, seat)
    assert len(chosen) > 12  # uniform over many bids, not one fixed answer
