"""The acquisition round: liquidations, hostile acquisitions and friendly sales.

Corporations are offered in reverse operating order. One in the liquidation zone is
auctioned with the bank bidding $0; one in the acquisition zone is auctioned from $10;
any other may be offered for sale by its president from its market value. Bids rise by
$10, starting left of the president. The winner picks which of their corporations buys
it; the buyer receives cash, privates, loans, trains and tokens, may take or repay loans,
and the shareholders (shorts included) are paid off (rules 6.1-6.11).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from takeover.g1817.actions import Action
from takeover.g1817.entities import POOL, Corporation
from takeover.g1817.game import LOAN_VALUE
from takeover.g1817.mergers import merge_assets
from takeover.g1817.rounds.base import (
    Round,
    Step,
    among,
    int_field,
    make,
    price_refusal,
    require,
)
from takeover.g1817.rounds.interrupts import CashCrisis, DiscardTrain, ReduceTokens

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817


BID_STEP = 10
"""Bids exceed the minimum by a multiple of $10."""


class AcquisitionRound(Round):
    name = "Acquisition"

    def __init__(self, game: Game1817, round_num: int) -> None:
        super().__init__(game, round_num)
        self.offering = [c.sym for c in reversed(game.operating_order())]
        self.entities = [
            p.id
            for p in game.players
            if any(c.owner == p.id and c.floated for c in game.corps.values())
        ]
        self.acquired: list[str] = []
        self.crisis_player: int | None = None
        self.shareholder_cash = 0
        self.reduce_tokens = ReduceTokens(game, then=self.after_sale)
        self.discard = DiscardTrain(game, then=self.after_sale)
        self.cash_crisis = CashCrisis(
            game, self.crisis, after_sale=self.after_sale, after_bankruptcy=self.after_bankruptcy
        )
        self.acquire_step = Acquire(self)
        self.setup_auction()

    def steps(self) -> tuple[Step, ...]:
        return (self.reduce_tokens, self.cash_crisis, self.discard, self.acquire_step)  # as there

    def auction_view(self) -> dict[str, Any] | None:
        if self.auctioning is None:
            return None
        return {"target": self.auctioning, "bids": self.bids, "bidders": self.active_bidders}

    # -- who acts ----------------------------------------------------------------------------

    def crisis(self) -> int | None:
        if self.crisis_player is None:
            return None
        return self.game.crisis_player_from(self.crisis_player)

    def after_sale(self) -> None:
        """The round ends once the last corporation is settled, no one is in debt and no
        corporation is above the train limit (as on 18xx.games, whose round waits for its
        discard step)."""
        if self.settled():
            self.drop_moved_target()
        if not self.offering and self.settled():
            self.finished = True

    def drop_moved_target(self) -> None:
        """A corporation offered or auctioned that a cash crisis (sales, a bankruptcy)
        moved into the acquisition or liquidation zone is skipped, as one that entered a
        zone before its turn (rule 6.1), unless a buyer already holds it; the next one
        comes up once the crisis is over (as on 18xx.games)."""
        target = self.offer or self.auctioning or (self.winner[1] if self.winner else None)
        if target is None or self.buyer is not None:
            return
        if self.entered_zone_this_round(self.game.corps[target]):
            if target in self.offering:
                self.offering.remove(target)
            self.setup_auction()

    def settled(self) -> bool:
        game = self.game
        return (
            self.crisis() is None
            and game.corp_over_train_limit() is None
            and game.token_reduction is None
        )

    def after_bankruptcy(self) -> None:
        """A bankrupt president's corporations now belong to the market, which cannot
        offer one for sale: an offer left waiting on one moves on to the next. The cash
        crisis goes on with the next player in debt after the bankrupt one (as on
        18xx.games, which keeps the crisis's starting player), and a bankrupt bidder
        leaves the auction under way."""
        if self.settled():
            self.drop_moved_target()
        if self.offer is not None and not isinstance(self.game.corps[self.offer].owner, int):
            self.setup_auction()
        elif self.auctioning is not None:
            gone = [p for p in self.active_bidders if self.game.player_by_id[p].bankrupt]
            for pid in gone:
                self.active_bidders.remove(pid)
                self.bids.pop(pid, None)
            if gone:
                self.resolve()
        self.after_sale()

    def decider(self) -> int | str | None:
        """Who decides in the acquisition step: the president offering, the next bidder,
        the buyer (loans) or the winner (which corporation buys)."""
        if self.offer:
            return self.game.corps[self.offer].owner
        if self.auctioning:
            if self.bids:
                high = self.highest()
                i = self.active_bidders.index(high)
                return self.active_bidders[(i + 1) % len(self.active_bidders)]
            return self.first_bidder()
        if self.buyer:
            return self.buyer
        if self.winner:
            return self.winner[0]
        return None

    def highest(self) -> int:
        return max(self.bids, key=lambda p: (self.bids[p], -list(self.bids).index(p)))

    def first_bidder(self) -> int | None:
        game = self.game
        assert self.auctioning
        corp = game.corps[self.auctioning]
        owner = corp.owner
        if owner == POOL or not isinstance(owner, int):
            owner = game.owner_when_liquidated.get(corp.sym)
        order = game.seat_order
        start = (order.index(owner) + 1) % len(order) if owner in order else 0
        for pid in order[start:] + order[:start]:
            if pid in self.active_bidders:
                return pid
        return None

    # -- auction setup -----------------------------------------------------------------------

    def entered_zone_this_round(self, corp: Corporation) -> bool:
        kind = self.game.price_type(corp)
        return kind in (
            "acquisition",
            "liquidation",
        ) and kind != self.game.stock_prices_at_merger.get(corp.sym)

    def setup_auction(self) -> None:
        game = self.game
        self.offer: str | None = None
        self.auctioning: str | None = None
        self.bids: dict[int, int] = {}
        self.active_bidders: list[int] = []
        self.winner: tuple[int, str, int] | None = None
        self.buyer: str | None = None
        self.liquidation_cash = 0
        self.liquidation_loans: list[int] = []
        self.unpaid_loans = 0
        self.passed_take = False
        self.passed_payoff = False
        self.mode = ""
        while True:
            if not self.offering:
                # A debt the last settlement left (a liquidated corporation's loans, a
                # short's share of the payout) is settled first: see after_sale.
                self.finished = self.settled()
                return
            corp = game.corps[self.offering[0]]
            if self.entered_zone_this_round(corp):
                self.offering.pop(0)
                continue
            if game.in_liquidation(corp):
                self.liquidation_cash = corp.cash
                self.liquidation_loans = list(corp.loans)
                corp.cash = 0
                corp.loans = []
                self.mode = "liquidate"
                self.auction_entity(corp)
                return
            if game.in_acquisition(corp):
                self.mode = "acquisition"
                self.auction_entity(corp)
                return
            self.mode = "offered"
            need = self.min_bid(corp)
            if any(self.max_bid(p, corp) >= need for p in self.entities):
                self.offer = corp.sym
                return
            self.offering.pop(0)

    def auction_entity(self, corp: Corporation) -> None:
        """Open bidding on ``corp`` among the players who can afford the first bid."""
        self.auctioning = corp.sym
        need = self.min_bid(corp)
        self.active_bidders = [p for p in self.entities if self.max_bid(p, corp) >= need]
        self.resolve()

    # -- money limits ------------------------------------------------------------------------

    def starting_bid(self, corp: Corporation) -> int:
        game = self.game
        if game.in_liquidation(corp) or game.in_acquisition(corp):
            return 10
        return math.ceil(corp.total_shares * game.price(corp) / 10) * 10

    def min_bid(self, corp: Corporation) -> int:
        if self.bids:
            return self.bids[self.highest()] + 10
        return self.starting_bid(corp)

    def treasury_compensation(self, corp: Corporation) -> int:
        if self.mode != "offered":
            return 0
        return corp.percent_of(corp.sym) // corp.share_percent * self.game.price(corp)

    def can_acquire(self, target: Corporation, buyer: Corporation) -> bool:
        game = self.game
        return (
            buyer.floated
            and not game.in_liquidation(buyer)
            and not game.in_acquisition(buyer)
            and buyer.sym != target.sym
        )

    def max_bid_for(self, buyer: Corporation, target: Corporation) -> int:
        return (
            self.game.buying_power(buyer, extra_loans=len(target.loans))
            + target.cash
            + self.treasury_compensation(target)
            - len(target.loans) * LOAN_VALUE
        )

    def max_bid(self, pid: int, corp: Corporation) -> int:
        buyers = [
            c for c in self.game.corps.values() if c.owner == pid and self.can_acquire(corp, c)
        ]
        bid = max((self.max_bid_for(c, corp) for c in buyers), default=0)
        if corp.owner == pid:
            return min(bid, self.min_bid(corp))
        return bid

    # -- bidding -----------------------------------------------------------------------------

    def resolve(self) -> None:
        """Settle the auction once one bidder is left with a bid, or nobody can bid."""
        assert self.auctioning
        corp = self.game.corps[self.auctioning]
        while True:
            if self.active_bidders and not self.bids:
                first = self.first_bidder()
                if first is not None and self.game.player_by_id[first].bankrupt:
                    self.active_bidders.remove(first)
                    continue
            break
        if not self.active_bidders:
            winner = None
        elif len(self.active_bidders) == 1 and self.bids:
            pid = self.active_bidders[0]
            winner = (pid, corp.sym, self.bids[pid])
        else:
            return
        self.bids = {}
        self.active_bidders = []
        self.auctioning = None
        if winner is None:
            if self.mode == "liquidate":
                self.bank_liquidate(corp)
            else:
                self.offering.remove(corp.sym)
                self.setup_auction()
            return
        self.winner = winner
        buyers = self.mergeable(winner[0], corp, winner[2])
        if len(buyers) == 1:
            self.acquire(buyers[0])

    def raise_bid(self, pid: int, corp: Corporation, price: int) -> None:
        self.bids.pop(pid, None)
        self.bids[pid] = price
        need = self.min_bid(corp)
        for p in list(self.active_bidders):
            if p != pid and self.max_bid(p, corp) < need:
                self.active_bidders.remove(p)
                self.bids.pop(p, None)
        self.resolve()

    def leave_auction(self, pid: int) -> None:
        self.active_bidders.remove(pid)
        self.bids.pop(pid, None)
        self.resolve()

    def mergeable(self, pid: int, corp: Corporation, bid: int) -> list[Corporation]:
        return [
            c
            for c in self.game.corps.values()
            if c.owner == pid and self.can_acquire(corp, c) and self.max_bid_for(c, corp) >= bid
        ]

    # -- settlement --------------------------------------------------------------------------

    def acquire(self, buyer: Corporation) -> None:
        game = self.game
        assert self.winner
        target = game.corps[self.winner[1]]
        price = self.winner[2]
        self.buyer = buyer.sym
        self.golden_parachute(target, buyer)
        if self.mode == "offered":
            target.cash += self.treasury_compensation(target)
        buyer.cash += target.cash
        target.cash = 0
        if game.in_liquidation(target):
            self.liquidation_cash += price
        self.shareholder_cash = price
        self.unpaid_loans = len(target.loans)
        merge_assets(game, buyer, target)
        while buyer.cash < price:
            game.take_loan(buyer)
        buyer.cash -= price
        self.passed_take = False
        self.passed_payoff = False
        self.post_loan()

    def can_take(self, buyer: Corporation) -> bool:
        return not self.passed_take and self.game.can_take_loan(buyer)

    def can_payoff(self, buyer: Corporation) -> bool:
        return self.unpaid_loans > 0 and buyer.cash >= LOAN_VALUE and not self.passed_payoff

    def post_loan(self) -> None:
        game = self.game
        assert self.buyer and self.winner
        buyer = game.corps[self.buyer]
        if self.can_take(buyer):
            return
        while len(buyer.loans) > buyer.total_shares:
            loan = buyer.loans.pop()
            buyer.cash -= LOAN_VALUE
            game.loans.append(loan)
            self.unpaid_loans -= 1
        if self.can_payoff(buyer):
            return
        if self.unpaid_loans > 0:
            game.move_left(buyer, self.unpaid_loans)
            if game.in_acquisition(buyer) and buyer.sym in self.offering:
                self.offering.remove(buyer.sym)
        self.settle_president(game.corps[self.winner[1]])

    def golden_parachute(self, target: Corporation, buyer: Corporation | None) -> None:
        if "P20" not in target.companies or not isinstance(target.owner, int):
            return
        if buyer is not None and buyer.owner == target.owner:
            return
        self.game.player_by_id[target.owner].cash += 100

    def bank_liquidate(self, corp: Corporation) -> None:
        self.golden_parachute(corp, None)
        corp.tokens_placed = 0
        corp.token_hexes = []
        self.game.board.replace_tokens(corp.sym, None)
        self.shareholder_cash = 0
        self.settle_president(corp)

    def settle_president(self, corp: Corporation) -> None:
        game = self.game
        if game.in_liquidation(corp):
            president = corp.owner
            loan_value = len(self.liquidation_loans) * LOAN_VALUE
            debt = max(0, loan_value - self.liquidation_cash)
            game.loans.extend(self.liquidation_loans)
            self.liquidation_loans = []
            if debt > 0:
                if isinstance(president, int):
                    game.player_by_id[president].cash -= debt
                self.shareholder_cash = 0
            elif loan_value > 0:
                self.shareholder_cash = self.liquidation_cash - loan_value
            else:
                self.shareholder_cash = self.liquidation_cash
        if self.shareholder_cash > 0:
            per_share = self.shareholder_cash // corp.total_shares
            for player in game.players:
                pct = corp.percent_of(player.id)
                if pct:
                    player.cash += pct // corp.share_percent * per_share
        self.finalize(corp)

    def finalize(self, corp: Corporation) -> None:
        game = self.game
        owner = corp.owner
        if owner == POOL or not isinstance(owner, int):
            owner = game.owner_when_liquidated.get(corp.sym)
        self.crisis_player = owner if isinstance(owner, int) else None
        game.reset_corporation(corp)
        self.shareholder_cash = 0
        if corp.sym in self.offering:
            self.offering.remove(corp.sym)
        self.acquired.append(corp.sym)
        self.setup_auction()


class Acquire(Step):
    """Offers, auctions, the winner's choice of buyer, and the buyer's loans."""

    def __init__(self, rnd: AcquisitionRound) -> None:
        super().__init__(rnd.game)
        self.round = rnd
        self.takes = {
            "assign": self.on_assign,
            "bid": self.on_bid,
            "pass": self.on_pass,
            "merge": self.on_merge,
            "take_loan": self.on_take_loan,
            "payoff_loan": self.on_payoff_loan,
        }

    def blocking(self) -> bool:
        return not self.round.finished

    def actor(self) -> int | str | None:
        return self.round.decider()

    def bid_prices(self, pid: int, corp: Corporation) -> range:
        """Every bid the player may make: from the minimum in $10 steps up to what their
        corporations can pay."""
        rnd = self.round
        return range(rnd.min_bid(corp), rnd.max_bid(pid, corp) + 1, BID_STEP)

    def bids(self, pid: int, corp: Corporation) -> list[Action]:
        return [make("bid", pid, corporation=corp.sym, price=p) for p in self.bid_prices(pid, corp)]

    def buyers(self) -> list[Action]:
        rnd = self.round
        assert rnd.winner
        pid, sym, price = rnd.winner
        target = self.game.corps[sym]
        return [make("merge", pid, corporation=c.sym) for c in rnd.mergeable(pid, target, price)]

    def legal(self) -> list[Action]:
        rnd, game = self.round, self.game
        actor = self.actor()
        if actor is None:
            return []
        if rnd.offer:
            return [
                make("assign", actor, target=rnd.offer, target_type="corporation"),
                make("pass", actor),
            ]
        if rnd.auctioning:
            assert isinstance(actor, int)
            return [*self.bids(actor, game.corps[rnd.auctioning]), make("pass", actor)]
        if rnd.buyer:
            buyer = game.corps[rnd.buyer]
            if rnd.can_take(buyer):
                return [make("take_loan", buyer.sym), make("pass", buyer.sym)]
            if rnd.can_payoff(buyer):
                return [make("payoff_loan", buyer.sym), make("pass", buyer.sym)]
            return [make("pass", buyer.sym)]
        return self.buyers()

    def on_assign(self, action: Action) -> None:
        rnd = self.round
        target = str(action.get("target"))
        require(rnd.offer is not None and rnd.offer == target, f"{target} is not up for sale")
        rnd.offer = None
        rnd.auction_entity(self.game.corps[target])

    def on_bid(self, action: Action) -> None:
        rnd = self.round
        pid = int(action.entity)
        corp = self.game.corps.get(str(action.get("corporation")))
        require(
            corp is not None and rnd.auctioning == corp.sym,
            f"{action.get('corporation')} is not being auctioned",
        )
        assert corp is not None
        price = int_field(action, "price")
        most = f"what player {pid}'s corporations can pay"
        refusal = price_refusal(self.bid_prices(pid, corp), price, "bid", most)
        require(refusal is None, str(refusal))
        rnd.raise_bid(pid, corp, price)

    def on_pass(self, action: Action) -> None:
        rnd, game = self.round, self.game
        if rnd.offer:
            rnd.offering.remove(rnd.offer)
            rnd.setup_auction()
        elif rnd.auctioning:
            rnd.leave_auction(int(action.entity))
        elif rnd.buyer:
            buyer = game.corps[rnd.buyer]
            if rnd.can_take(buyer):
                rnd.passed_take = True
            else:
                rnd.passed_payoff = True
            rnd.post_loan()
        else:
            require(False, "the winner chooses which corporation acquires; passing is not possible")

    def on_merge(self, action: Action) -> None:
        rnd = self.round
        require(rnd.winner is not None and not rnd.buyer, "no auction has been won")
        buyer = self.game.corps.get(str(action.get("corporation")))
        require(buyer is not None, f"no corporation {action.get('corporation')}")
        assert buyer is not None and rnd.winner is not None
        among(
            action,
            self.buyers(),
            f"{buyer.sym} cannot acquire {rnd.winner[1]}: the buyer must be a floated "
            f"corporation of the winner, outside the zones, able to pay the bid",
        )
        rnd.acquire(buyer)

    def on_take_loan(self, action: Action) -> None:
        rnd = self.round
        buyer = self.game.acting_corporation(action)
        require(
            rnd.buyer == buyer.sym and rnd.can_take(buyer), f"{buyer.sym} cannot take a loan now"
        )
        self.game.take_loan(buyer)
        if not rnd.can_take(buyer):
            rnd.post_loan()

    def on_payoff_loan(self, action: Action) -> None:
        rnd = self.round
        buyer = self.game.acting_corporation(action)
        require(
            rnd.buyer == buyer.sym and not rnd.can_take(buyer) and rnd.can_payoff(buyer),
            f"{buyer.sym} cannot pay off an acquired loan now (after passing on loans, with "
            f"$100 in cash)",
        )
        self.game.payoff_loan(buyer, adjust_price=False)
        rnd.unpaid_loans -= 1
        rnd.passed_take = True
        if not rnd.can_payoff(buyer):
            rnd.post_loan()
