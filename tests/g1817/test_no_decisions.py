"""A game in which no corporation is ever started still runs to its end.

Every player spends all their money in the initial auction and then passes (or, with
privates too cheap to start a corporation with, has no decision at all); the operating
rounds still export a train each, the phases advance and the game ends with the final
phase. As on 18xx.games (the reference engine agrees on these three games, checked with
``takeover check-reference``), the end is armed only by an action after the first 8
train: in a game where nobody has a decision any more, nothing arms it, and the game
runs until a round finishes in turn 100, ending "did not finish" (``dnf``).
"""

from __future__ import annotations

import pytest

from takeover.core import registry
from takeover.g1817 import Game1817
from takeover.g1817.rounds.auction import AuctionRound


@pytest.mark.parametrize(
    ("title", "players", "end"),
    [
        ("1817", 3, (20, "Acquisition", "final_phase")),
        ("1817NA", 6, (15, "Acquisition", "final_phase")),
        ("1817WO", 4, (100, "Stock", "dnf")),  # no decision at all after the auction
    ],
)
def test_broke_players_watch_the_game_end_by_exports(
    title: str, players: int, end: tuple[int, str, str]
) -> None:
    game = registry.get("1817").new_game([f"P{i}" for i in range(players)], title, seed=1)
    assert isinstance(game, Game1817)
    while (decision := game.pending()) is not None:
        seat = decision.seats[0]
        legal = game.legal_actions(seat)
        assert legal, f"stuck at {decision}"
        bids = [a for a in legal if a.type == "bid"]
        if bids and isinstance(game.round, AuctionRound) and game.round.auctioning is None:
            # Open on the cheapest private, with every dollar; the others pass.
            cheapest = min(game.company_data[a.get("company")].value for a in bids)
            action = max(
                (a for a in bids if game.company_data[a.get("company")].value == cheapest),
                key=lambda a: int(a.get("price")),
            )
        else:
            action = next(a for a in legal if a.type == "pass")
        game.apply(action, seat)
    assert game.is_terminal() and game.phase == "8"
    assert (game.turn, game.round.name, game.game_end_reason) == end
    assert not any(c.floated for c in game.corps.values())
    assert game.scores() == [game.player_value(game.player_by_id[p]) for p in game.original_order]
    assert game.ranks() is not None
