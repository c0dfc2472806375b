"""No stall: 1817 games of every bot mix, title and player count play on until they end,
every choice legal and every payment explained.

While the map's decisions are not listed (home stations, lays, tokens, routes), a game can
go only as far as the first of them; the test then asserts that it stopped there and
nowhere else. When the map lists them, the same games must end (final phase or
bankruptcy).
"""

from __future__ import annotations

import random

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
MAP_KINDS = frozenset({"home_token", "track", "token", "route"})
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
        if not obs.legal:
            assert decision.kind in MAP_KINDS, f"stalled at {decision.kind}"
            return state
        action = bots[seat].choose(obs, rng)
        assert action in obs.legal
        before, rnd = state.clone(), state.round
        state.apply(action, seat)
        if (
            state.round is rnd
            and isinstance(rnd, AuctionRound | StockRound)
            and action.type in NON_MARKET
            and "P13" not in state.closed_companies
        ):
            assert unexplained(before, state) == 0, f"money from nowhere: {action}"
        for p in state.players:
            assert p.cash >= 0 or state.pending() is not None
    raise AssertionError(f"no end after {MAX_ACTIONS} actions")


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, list[str], list[str], int]:
    title = draw(st.sampled_from(sorted(PLAYERS)))
    low, high = PLAYERS[title]
    players = draw(st.integers(low, high))
    specs = draw(st.lists(st.sampled_from(SPECS), min_size=players, max_size=players))
    allowed = ["short_squeeze", "five_shorts", "modern_trains"]
    if title == "1817":
        allowed.append("volatility")
    options = draw(st.lists(st.sampled_from(allowed), unique=True, max_size=2))
    seed = draw(st.integers(0, 2**31))
    return title, players, specs, options, seed


@settings(max_examples=25)
@given(tables())
def test_games_of_any_mix_end_or_stop_only_at_a_map_decision(
    table: tuple[str, int, list[str], list[str], int],
) -> None:
    title, players, specs, options, seed = table
    state = play(title, players, specs, options, seed)
    assert state.is_terminal() or state.pending() is not None


def test_every_title_and_count_plays_with_heuristics() -> None:
    for title, (low, high) in PLAYERS.items():
        for players in (low, high):
            state = play(title, players, ["heuristic"] * players, [], seed=players)
            assert state.history, f"{title} with {players}: no action played"
