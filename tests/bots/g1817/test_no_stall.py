"""No stall: 1817 games of every bot mix, title and player count play until they end
(final phase or bankruptcy), every choice legal, every payment explained, and no debt
left waiting while someone else decides.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.bots import make_bot
from takeover.bots.base import Observation
from takeover.core import registry
from takeover.g1817.rounds.auction import AuctionRound
from takeover.g1817.rounds.stock import StockRound
from takeover.g1817.state import Game1817

from .ledger import unexplained

PLAYERS = {"1817": (3, 12), "1817NA": (2, 6), "1817WO": (2, 5)}
SPECS = ("random", "heuristic", "mcts:iterations=2,depth=2,width=3")
MAX_ACTIONS = 20_000
NON_MARKET = ("bid", "choose", "assign", "pass", "take_loan")


def play(title: str, players: int, specs: list[str], options: list[str], seed: int) -> Game1817:
    ruleset = {"preset": title, "options": {o: True for o in options}}
    names = [f"P{i}" for i in range(players)]
    state = registry.get("1817").new_game(names, ruleset, seed=seed)
    assert isinstance(state, Game1817)
    bots = [make_bot(s, "1817") for s in specs]
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        decision = state.pending()
        if decision is None:
            return state
        seat = decision.seats[0]
        obs = Observation(state, seat)
        assert obs.legal, f"nothing listed at {decision.kind}"
        action = bots[seat].choose(obs, rng)
        assert action in obs.legal
        rnd = state.round
        audit = isinstance(rnd, AuctionRound | StockRound) and action.type in NON_MARKET
        before = state.clone() if audit else None
        state.apply(action, seat)
        if before is not None and state.round is rnd and "P13" not in state.closed_companies:
            assert unexplained(before, state) == 0, f"money from nowhere: {action}"
        if not state.is_terminal():
            deciding = state.pending()
            assert deciding is not None
            debtors = {state.original_order.index(p.id) for p in state.players if p.cash < 0}
            # A train over the limit goes first, and in an acquisition round a survivor's
            # token reduction (the reference's order of steps: checked on a generated game).
            waits = deciding.kind in ("discard_train", "reduce_tokens")
            assert not debtors or waits or debtors & set(deciding.seats), "debts wait"
    raise AssertionError(f"no end after {MAX_ACTIONS} actions")


@st.composite
def tables(draw: st.DrawFn, specs: tuple[str, ...]) -> tuple[str, int, list[str], list[str], int]:
    title = draw(st.sampled_from(sorted(PLAYERS)))
    low, high = PLAYERS[title]
    players = draw(st.integers(low, high))
    seats = draw(st.lists(st.sampled_from(specs), min_size=players, max_size=players))
    allowed = ["short_squeeze", "five_shorts", "modern_trains"]
    if title == "1817":
        allowed.append("volatility")
    options = draw(st.lists(st.sampled_from(allowed), unique=True, max_size=2))
    seed = draw(st.integers(0, 2**31))
    return title, players, seats, options, seed


@settings(max_examples=12)
@given(tables(SPECS[:2]))
def test_games_of_random_and_heuristic_bots_end(
    table: tuple[str, int, list[str], list[str], int],
) -> None:
    title, players, specs, options, seed = table
    assert play(title, players, specs, options, seed).is_terminal()


@pytest.mark.slow
@settings(max_examples=6)
@given(tables(SPECS))
def test_games_with_search_bots_end(table: tuple[str, int, list[str], list[str], int]) -> None:
    """Six tables (about 2 CPU s a game), searchers among them."""
    title, players, specs, options, seed = table
    assert play(title, players, specs, options, seed).is_terminal()


@pytest.mark.slow
def test_every_title_and_count_plays_with_heuristics() -> None:
    for title, (low, high) in PLAYERS.items():
        for players in (low, high):
            state = play(title, players, ["heuristic"] * players, [], seed=players)
            assert state.is_terminal(), f"{title} with {players}"
