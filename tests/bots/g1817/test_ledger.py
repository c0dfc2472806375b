"""The money tally agrees with real games: no unexplained money in any auction or
stock-round action that trades nothing with the market."""

from __future__ import annotations

import pytest

from g1817.games import GAMES, MORE_GAMES, positions
from takeover.g1817.rounds.auction import AuctionRound
from takeover.g1817.rounds.stock import StockRound

from .ledger import unexplained

CHECKED = ("bid", "choose", "assign", "pass", "take_loan", "place_token")


@pytest.mark.parametrize("game", GAMES + MORE_GAMES)
def test_real_games_explain_every_payment(game: str) -> None:
    checked = 0
    before = None
    for _, action, state in positions(game):
        if before is not None:
            rnd, kind, was = before
            if state.round is rnd and kind in CHECKED and "P13" not in state.closed_companies:
                assert unexplained(was, state) == 0, f"{game}: {kind}"
                checked += 1
        before = (state.round, action.type, state.clone())
        if not isinstance(state.round, AuctionRound | StockRound):
            before = None
    assert checked > 50
