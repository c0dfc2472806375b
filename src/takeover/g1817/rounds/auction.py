"""The initial auction of private companies, with the bank's seed money (rules 2.1-2.7).

A player picks a private by bidding on it (or passes); everyone who can afford the next bid
joins, bids rise in $5 steps and the last bidder left wins. The bank pays the difference
between the face value and the winning bid out of the seed money (none with Volatility).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from takeover.g1817.actions import Action
from takeover.g1817.rounds.base import Round, Step, int_field, make, price_refusal, require

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817

MIN_INCREMENT = 5
"""Bids exceed the minimum by a multiple of $5 (the reference's 1817 setting)."""


class AuctionRound(Round):
    name = "Auction"

    def __init__(self, game: Game1817) -> None:
        super().__init__(game)
        self.entities = [p.id for p in game.active_players()]
        self.index = 0
        self.passed: set[int] = set()
        self.volatility = "volatility" in game.optional_rules
        self.companies = [c for c in game.company_order if c not in game.closed_companies]
        self.tiers: list[list[str | None]] = [list(self.companies)]
        if self.volatility:
            self.tiers = game.volatility_tiers(self.companies)
        self.seed: int | None = None if self.volatility else game.edition.seed_money
        self.auctioning: str | None = None
        self.bids: dict[int, int] = {}
        self.active_bidders: list[int] = []
        self.triggerer: int | None = None
        self.last_winner: int | None = None
        self.selection = SelectionAuction(self)

    def steps(self) -> tuple[Step, ...]:
        return (self.selection,)

    def auction_view(self) -> dict[str, Any] | None:
        if self.auctioning is None:
            return None
        return {"target": self.auctioning, "bids": self.bids, "bidders": self.active_bidders}

    # -- who acts ----------------------------------------------------------------------------

    def bidder(self) -> int:
        if self.auctioning and self.bids:
            high = self.highest()
            i = self.active_bidders.index(high)
            return self.active_bidders[(i + 1) % len(self.active_bidders)]
        return self.entities[self.index]

    def highest(self) -> int:
        return max(self.bids, key=lambda p: (self.bids[p], -list(self.bids).index(p)))

    def min_bid(self, company: str) -> int:
        if not self.bids:
            if self.volatility:
                return 0
            return max(0, self.game.company_data[company].value - (self.seed or 0))
        return self.bids[self.highest()] + MIN_INCREMENT

    def biddable(self) -> list[str]:
        """The privates a player may open an auction on (with Volatility, the last tier)."""
        if self.auctioning:
            return [self.auctioning]
        last = self.tiers[-1] if self.tiers else []
        return [c for c in last if c is not None and c in self.companies]

    def bid_prices(self, player: int, company: str) -> range:
        """Every bid the player may make on ``company``: from the minimum in $5 steps up
        to their cash."""
        low = self.min_bid(company)
        return range(low, self.game.player_by_id[player].cash + 1, MIN_INCREMENT)

    # -- transitions -------------------------------------------------------------------------

    def open_auction(self, player: int, company: str, price: int) -> None:
        self.bids = {player: price}
        self.triggerer = player
        self.auctioning = company
        need = self.min_bid(company)
        self.active_bidders = [
            p for p in self.entities if p == player or self.game.player_by_id[p].cash >= need
        ]
        self.resolve()
        if self.auctioning:
            self.next_entity()

    def raise_bid(self, player: int, price: int) -> None:
        assert self.auctioning is not None
        self.bids.pop(player, None)
        self.bids[player] = price
        need = self.min_bid(self.auctioning)
        for p in list(self.active_bidders):
            if p != player and self.game.player_by_id[p].cash < need:
                self.active_bidders.remove(p)
                self.bids.pop(p, None)
        self.resolve()

    def leave_auction(self, player: int) -> None:
        if player in self.active_bidders:
            self.active_bidders.remove(player)
        self.bids.pop(player, None)
        self.resolve()

    def pass_selection(self, player: int) -> None:
        self.passed.add(player)
        if all(p in self.passed for p in self.entities):
            for c in self.companies:
                self.game.close_company(c)
            self.companies = []
            self.index = (self.index + 1) % len(self.entities)
            self.finished = True
            return
        self.next_entity()

    def next_entity(self) -> None:
        for _ in range(len(self.entities)):
            self.index = (self.index + 1) % len(self.entities)
            if self.entities[self.index] not in self.passed:
                return

    def resolve(self) -> None:
        company = self.auctioning
        if company is None:
            return
        if not self.active_bidders:
            winner = None
        elif len(self.active_bidders) == 1 and self.bids:
            winner = self.active_bidders[0]
        else:
            return
        if winner is not None:
            self.win(winner, company, self.bids[winner])
        self.bids = {}
        self.active_bidders = []
        self.auctioning = None
        self.passed.clear()
        start = self.last_winner if self.volatility and self.last_winner else self.triggerer
        assert start is not None
        self.index = self.entities.index(start)
        self.next_entity()
        if not self.companies:
            self.finished = True

    def win(self, player_id: int, company: str, price: int) -> None:
        game = self.game
        player = game.player_by_id[player_id]
        self.last_winner = player_id
        seed = max(0, game.company_data[company].value - price)
        if self.seed is not None and seed > 0:
            self.seed -= seed
        player.cash -= price
        player.companies.append(company)
        game.company_owner[company] = player_id
        self.companies.remove(company)
        if not self.volatility:
            self.tiers[0].remove(company)
            return
        for row in self.tiers:
            if company not in row:
                continue
            i = row.index(company)
            row[i] = None
            for j, k in ((i - 1, i - 2), (i + 1, i + 2)):
                if self._filled(row, j) and not self._filled(row, k):
                    removed = row[j]
                    assert removed is not None
                    game.close_company(removed)
                    self.companies.remove(removed)
                    row[j] = None
            if all(c is None for c in row):
                self.tiers.remove(row)
            break

    @staticmethod
    def _filled(row: list[str | None], i: int) -> bool:
        return 0 <= i < len(row) and row[i] is not None


class SelectionAuction(Step):
    """Bid on a private (opening or raising its auction) or pass."""

    def __init__(self, rnd: AuctionRound) -> None:
        super().__init__(rnd.game)
        self.round = rnd
        self.takes = {"bid": self.on_bid, "pass": self.on_pass}

    def blocking(self) -> bool:
        return not self.round.finished

    def actor(self) -> int:
        return self.round.bidder()

    def may_pass(self) -> bool:
        """With Volatility a player must pick a private; passing is only leaving an auction."""
        return bool(self.round.auctioning) or not self.round.volatility

    def legal(self) -> list[Action]:
        rnd = self.round
        player = self.actor()
        out = [
            make("bid", player, company=company, price=price)
            for company in rnd.biddable()
            for price in rnd.bid_prices(player, company)
        ]
        if self.may_pass():
            out.append(make("pass", player))
        return out

    def on_bid(self, action: Action) -> None:
        rnd = self.round
        player = int(action.entity)
        company = str(action.get("company"))
        price = int_field(action, "price")
        if rnd.auctioning:
            require(company == rnd.auctioning, f"bidding is on {rnd.auctioning}, not {company}")
        else:
            require(company in rnd.biddable(), f"{company} is not up for auction")
        prices = rnd.bid_prices(player, company)
        refusal = price_refusal(prices, price, f"bid on {company}", f"player {player}'s cash")
        require(refusal is None, str(refusal))
        rnd.passed.discard(player)
        if rnd.auctioning:
            rnd.raise_bid(player, price)
        else:
            rnd.open_auction(player, company, price)

    def on_pass(self, action: Action) -> None:
        require(self.may_pass(), "with Volatility a player must bid on a private")
        player = int(action.entity)
        if self.round.auctioning:
            self.round.leave_auction(player)
        else:
            self.round.pass_selection(player)
