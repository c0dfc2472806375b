"""Money accounting for 1817 playouts (1817's bank is unlimited, so "money conserved"
means every change in the money players and corporations hold is a payment the rules
name): the tally below counts cash, privates at face value (they pay IPO bids), loans
(owed to the bank) and station tokens (bought from the bank); the seed money the bank
adds to a private won below face value and Loan Shark's $60 are the payments left over.
"""

from __future__ import annotations

from takeover.g1817.state import Game1817

TOKEN_COST = 50
"""A station token bought from the bank (the rules' price; Train Station's is free)."""


def tally(game: Game1817) -> int:
    owned = [
        c for c, o in game.company_owner.items() if o is not None and c not in game.closed_companies
    ]
    corps = game.corps.values()
    return (
        sum(p.cash for p in game.players)
        + sum(c.cash for c in corps)
        + sum(game.company_data[c].value for c in owned)
        - 100 * sum(len(c.loans) for c in corps)
        + TOKEN_COST * sum(c.tokens - ("TS" in c.companies) for c in corps)
        - 60 * sum("P12" in c.companies for c in corps)
    )


def seed_money(before: Game1817, after: Game1817) -> int:
    """What the bank added to privates won in an auction: face value less the price."""
    out = 0
    for player in after.players:
        was = before.player_by_id[player.id]
        for company in set(player.companies) - set(was.companies):
            out += after.company_data[company].value - (was.cash - player.cash)
    return out


def unexplained(before: Game1817, after: Game1817) -> int:
    """The change in money no payment explains (0 when money is conserved)."""
    return tally(after) - tally(before) - seed_money(before, after)
