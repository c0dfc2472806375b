"""The IPO auction inside a stock round: bids, the winner's size choice and contributions.

A player starts a corporation by bidding $100-$400 for it (owned privates count at face
value, the rest is cash); its home token goes down at once. Everyone who can pay the next
bid may raise by $5 steps; the last bidder left wins, pars at half the bid, chooses the
size the phase allows and may contribute privates; the corporation then buys the tokens
its size requires, and the winner's turn ends (rules 3.4-3.9).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from takeover.g1817.actions import Action
from takeover.g1817.data.editions import MARKET_PRICES
from takeover.g1817.entities import Corporation, Share
from takeover.g1817.rounds.base import int_field, make, price_refusal, require

if TYPE_CHECKING:
    from takeover.g1817.rounds.stock import StockRound

MIN_BID = 100
MAX_BID = 400
BID_STEP = 5


class IpoAuction:
    """The auction of one corporation and its settlement; idle between auctions."""

    def __init__(self, rnd: StockRound) -> None:
        self.round = rnd
        self.game = rnd.game
        self.auctioning: str | None = None
        self.bids: dict[int, int] = {}
        self.active_bidders: list[int] = []
        self.winner: tuple[int, str, int] | None = None
        """(player, corporation, price) once the auction is won, until the IPO is settled."""
        self.size_chosen = False

    @property
    def under_way(self) -> bool:
        return self.auctioning is not None

    def actor(self) -> int:
        if self.winner:
            return self.winner[0]
        assert self.bids, "an IPO auction opens with a bid"
        high = self.highest()
        i = self.active_bidders.index(high)
        return self.active_bidders[(i + 1) % len(self.active_bidders)]

    def highest(self) -> int:
        return max(self.bids, key=lambda p: (self.bids[p], -list(self.bids).index(p)))

    # -- money limits ------------------------------------------------------------------------

    def min_bid(self) -> int:
        if not self.bids:
            return MIN_BID
        return self.bids[self.highest()] + BID_STEP

    def max_bid(self, player_id: int) -> int:
        """Cash plus privates at face value, capped at $400; nothing at the certificate limit."""
        game = self.game
        player = game.player_by_id[player_id]
        if game.num_certs(player) >= game.cert_limit:
            return 0
        power = player.cash + sum(game.company_data[c].value for c in player.companies)
        return min(MAX_BID, power)

    def private_sums(self, player_id: int) -> set[int]:
        player = self.game.player_by_id[player_id]
        values = [self.game.company_data[c].value for c in player.companies]
        return {sum(c) for n in range(len(values) + 1) for c in combinations(values, n)}

    def bid_refusal(self, player_id: int, price: int) -> str | None:
        """Why ``price`` is not a bid the player may make now, or ``None`` if it is."""
        prices = range(self.min_bid(), self.max_bid(player_id) + 1, BID_STEP)
        refusal = price_refusal(prices, price, "bid", f"player {player_id}'s maximum")
        if refusal is not None:
            return refusal
        cash = self.game.player_by_id[player_id].cash
        if not any(s <= price <= s + cash for s in self.private_sums(player_id)):
            return f"bid {price} cannot be paid with privates at face value and cash {cash}"
        return None

    def bid_prices(self, player_id: int) -> list[int]:
        low, top = self.min_bid(), self.max_bid(player_id)
        return [
            price
            for price in range(low, top + 1, BID_STEP)
            if self.bid_refusal(player_id, price) is None
        ]

    def size_choices(self) -> tuple[int, ...]:
        """The sizes the phase allows; a corporation in Nieuw Zeeland may not have 2 shares."""
        assert self.winner
        sizes = self.game.corporation_sizes
        if self.game.in_new_zealand(self.game.corps[self.winner[1]]):
            return tuple(s for s in sizes if s != 2)
        return sizes

    def subsidiaries(self, player_id: int) -> list[str]:
        """The winner's privates that may go into the corporation: those in some set whose
        value covers the winner's debt and does not exceed the corporation's cash."""
        if not self.winner or self.winner[0] != player_id:
            return []
        game = self.game
        player = game.player_by_id[player_id]
        corp = game.corps[self.winner[1]]
        values = [game.company_data[c].value for c in player.companies]
        low = -player.cash if player.cash < 0 else 0
        ok: set[int] = set()
        for n in range(len(values) + 1):
            for combo in combinations(values, n):
                if low <= sum(combo) <= corp.cash:
                    ok.update(combo)
        return [c for c in player.companies if game.company_data[c].value in ok]

    def may_settle(self, player_id: int) -> bool:
        """Whether the winner may stop contributing: the size is chosen, no debt is left."""
        return self.size_chosen and self.game.player_by_id[player_id].cash >= 0

    # -- decisions ---------------------------------------------------------------------------

    def legal(self) -> list[Action]:
        pid = self.actor()
        if self.winner:
            if not self.size_chosen:
                return [make("choose", pid, choice=size) for size in self.size_choices()]
            out = [
                make("assign", pid, target=c, target_type="company") for c in self.subsidiaries(pid)
            ]
            if self.may_settle(pid):
                out.append(make("pass", pid))
            return out
        out = [make("bid", pid, corporation=self.auctioning, price=p) for p in self.bid_prices(pid)]
        return [*out, make("pass", pid)]

    def on_bid(self, action: Action) -> None:
        player = int(action.entity)
        require(not self.winner, f"{self.auctioning} is won: the winner settles it first")
        corp = str(action.get("corporation"))
        require(corp == self.auctioning, f"bidding is on {self.auctioning}, not {corp}")
        price = int_field(action, "price")
        refusal = self.bid_refusal(player, price)
        require(refusal is None, str(refusal))
        self.bids.pop(player, None)
        self.bids[player] = price
        need = self.min_bid()
        for p in list(self.active_bidders):
            if p != player and self.max_bid(p) < need:
                self.active_bidders.remove(p)
                self.bids.pop(p, None)
        self.resolve()

    def on_pass(self, action: Action) -> None:
        player = int(action.entity)
        if self.winner:
            require(self.size_chosen, f"player {player} must first choose the size")
            require(self.may_settle(player), f"player {player} must contribute privates first")
            self.par_corporation()
            return
        self.active_bidders.remove(player)
        self.bids.pop(player, None)
        self.resolve()

    def on_choose(self, action: Action) -> None:
        require(self.winner and not self.size_chosen, "no corporation size to choose")
        size = int_field(action, "choice")
        require(size in self.size_choices(), f"size {size} is not allowed for {self.auctioning}")
        self.set_size(size)
        if not self.subsidiaries(int(action.entity)):
            self.par_corporation()

    def on_assign(self, action: Action) -> None:
        player_id = int(action.entity)
        company = str(action.get("target"))
        require(self.winner and self.size_chosen, "no corporation to contribute privates to")
        require(
            company in self.subsidiaries(player_id),
            f"player {player_id} cannot contribute {company} to {self.auctioning}",
        )
        self.contribute(player_id, company)
        if not self.subsidiaries(player_id):
            self.par_corporation()

    # -- transitions -------------------------------------------------------------------------

    def open(self, player: int, corp: Corporation, price: int) -> None:
        """Start the auction of ``corp`` with the player's bid (already checked)."""
        corp.ipoed = True
        self.bids = {player: price}
        self.auctioning = corp.sym
        need = self.min_bid()
        self.active_bidders = [
            p for p in self.round.entities if p == player or self.max_bid(p) >= need
        ]
        self.resolve()

    def resolve(self) -> None:
        if len(self.active_bidders) != 1 or not self.bids:
            return
        assert self.auctioning
        winner = self.active_bidders[0]
        self.win(winner, self.game.corps[self.auctioning], self.bids[winner])

    def win(self, player_id: int, corp: Corporation, price: int) -> None:
        game = self.game
        self.winner = (player_id, corp.sym, price)
        par = price // 2
        index = max(i for i, p in enumerate(MARKET_PRICES) if p <= par)
        game.set_price(corp, index)
        corp.shares = [Share(corp.sym, 0, 100, player_id, president=True)]
        corp.owner = player_id
        corp.floated = True
        corp.cash = price
        game.player_by_id[player_id].cash -= price
        self.round.turn_actions.append("par")
        self.size_chosen = False
        if len(game.corporation_sizes) == 1:
            self.set_size(game.corporation_sizes[0])
            if not self.subsidiaries(player_id):
                self.par_corporation()

    def set_size(self, size: int) -> None:
        assert self.winner
        corp = self.game.corps[self.winner[1]]
        self.size_chosen = True
        if size != 2:
            self.game.resize(corp, size)

    def contribute(self, player_id: int, company: str) -> None:
        """A private goes into the corporation at face value; the winner gets its value."""
        assert self.winner
        game = self.game
        corp = game.corps[self.winner[1]]
        value = game.company_data[company].value
        player = game.player_by_id[player_id]
        player.companies.remove(company)
        corp.companies.append(company)
        game.company_owner[company] = corp.sym
        corp.cash -= value
        player.cash += value
        if company == "P12":
            corp.cash += 60
        if game.company_data[company].extra_token:
            corp.tokens += 1

    def par_corporation(self) -> None:
        assert self.winner
        corp = self.game.corps[self.winner[1]]
        self.round.buy_tokens(corp)
        if "P13" in corp.companies:
            self.game.close_company("P13")
        self.auctioning = None
        self.winner = None
        self.bids = {}
        self.active_bidders = []
        self.round.end_turn()
