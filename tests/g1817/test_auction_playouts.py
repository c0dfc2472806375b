"""Random playouts of the initial auction through ``legal_actions`` and ``apply``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.g1817 import Game1817
from takeover.g1817.rounds.auction import AuctionRound


@settings(max_examples=15)
@given(
    title=st.sampled_from(["1817", "1817NA", "1817WO"]),
    players=st.integers(min_value=3, max_value=5),
    choices=st.lists(st.integers(min_value=0, max_value=10**6), min_size=120, max_size=120),
)
def test_auction_playout_keeps_money_and_privates_consistent(
    title: str, players: int, choices: list[int]
) -> None:
    game = Game1817(title, [(i + 1, f"P{i + 1}") for i in range(players)])
    start = sum(p.cash for p in game.players)
    for choice in choices:
        if not isinstance(game.round, AuctionRound):
            break
        actions = game.legal_actions()
        assert actions, "the auction always offers a decision"
        game.apply(actions[choice % len(actions)])
    owned = [c for p in game.players for c in p.companies]
    assert len(owned) == len(set(owned))
    paid = start - sum(p.cash for p in game.players)
    assert all(p.cash >= 0 for p in game.players)
    assert paid >= 0
    if not isinstance(game.round, AuctionRound):
        assert set(owned) | game.closed_companies >= set(game.company_order)
