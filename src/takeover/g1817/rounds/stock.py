"""The stock round: IPO auctions, buying, selling, shorting and corporate loans or redemptions.

A player's turn ends when they pass, after a purchase, or when the IPO they started is
settled. The round ends once every player has passed in a row; then prices fall one space
per share in the market, sold-out corporations rise, and corporations that could not buy
their required tokens liquidate.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.data.editions import MARKET_PRICES
from takeover.g1817.entities import POOL, Corporation, Share
from takeover.g1817.rounds.base import Round

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817

MIN_BID = 100
MAX_BID = 400
BID_STEP = 5


class StockRound(Round):
    name = "Stock"

    def __init__(self, game: Game1817) -> None:
        super().__init__(game)
        self.entities = [p.id for p in game.active_players()]
        self.index = 0
        self.passed: set[int] = set()
        self.turn_actions: list[str] = []
        self.corporate: str | None = None
        self.corporate_kinds: list[str] = []
        self.sold: dict[int, dict[str, str]] = {}
        self.last_to_act: int | None = None
        # IPO auction
        self.auctioning: str | None = None
        self.bids: dict[int, int] = {}
        self.active_bidders: list[int] = []
        self.triggerer: int | None = None
        self.winner: tuple[int, str, int] | None = None
        self.size_chosen = False
        self.pending_home: str | None = None
        self.start_turn()

    # -- who acts ----------------------------------------------------------------------------

    @property
    def player(self) -> int:
        return self.entities[self.index]

    def step(self) -> str:
        if self.pending_home:
            return "HomeToken"
        return "BuySellParShares"

    def current(self) -> int | str | None:
        if self.pending_home:
            return self.pending_home
        if self.winner:
            return self.winner[0]
        if self.auctioning and self.bids:
            high = self.highest()
            i = self.active_bidders.index(high)
            return self.active_bidders[(i + 1) % len(self.active_bidders)]
        return self.player

    def active(self) -> list[int]:
        if self.pending_home:
            owner = self.game.corps[self.pending_home].owner
            if isinstance(owner, int):
                return [owner]
            return [p.id for p in self.game.active_players()]
        return super().active()

    def highest(self) -> int:
        return max(self.bids, key=lambda p: (self.bids[p], -list(self.bids).index(p)))

    # -- turn bookkeeping --------------------------------------------------------------------

    def start_turn(self) -> None:
        self.turn_actions = []
        self.corporate = None
        self.corporate_kinds = []
        for corps in self.sold.values():
            for k in corps:
                corps[k] = "prev"
        if not self.has_action(self.player):
            self.passed.add(self.player)
            self.next_entity()

    def end_turn(self) -> None:
        if self.turn_actions:
            self.passed.discard(self.player)
        else:
            self.passed.add(self.player)
        self.next_entity()

    def next_entity(self) -> None:
        if all(p in self.passed for p in self.entities):
            self.index = (self.index + 1) % len(self.entities)
            self.finished = True
            return
        self.index = (self.index + 1) % len(self.entities)
        self.start_turn()

    # -- actions -----------------------------------------------------------------------------

    def on_place_token(self, action: Action) -> None:
        corp = self.game.corps[str(action.entity)]
        if self.pending_home != corp.sym:
            raise IllegalAction(f"{corp.sym} has no home token to place")
        self.game.place_token(corp, action)
        self.pending_home = corp.sym if self.game.second_home_due(corp) else None

    def on_bid(self, action: Action) -> None:
        player = int(action.entity)
        corp = self.game.corps[str(action.get("corporation"))]
        price = int(action.get("price"))
        if self.auctioning is None:
            if player != self.player:
                raise IllegalAction(f"it is not {player}'s turn")
            if corp.ipoed:
                raise IllegalAction(f"{corp.sym} has already started")
            self.validate_bid(player, price)
            self.last_to_act = player
            self.turn_actions = []
            corp.ipoed = True
            self.pending_home = corp.sym
            self.bids = {player: price}
            self.triggerer = player
            self.auctioning = corp.sym
            need = self.min_bid()
            self.active_bidders = [
                p for p in self.entities if p == player or self.max_bid(p) >= need
            ]
            self.resolve()
            return
        if corp.sym != self.auctioning:
            raise IllegalAction(f"bidding is on {self.auctioning}")
        if price < self.min_bid():
            raise IllegalAction(f"bid {price} below the minimum {self.min_bid()}")
        self.validate_bid(player, price)
        self.bids.pop(player, None)
        self.bids[player] = price
        need = self.min_bid()
        for p in list(self.active_bidders):
            if p != player and self.max_bid(p) < need:
                self.active_bidders.remove(p)
                self.bids.pop(p, None)
        self.resolve()

    def validate_bid(self, player: int, price: int) -> None:
        p = self.game.player_by_id[player]
        values = [self.game.company_data[c].value for c in p.companies]
        sums = {sum(combo) for n in range(len(values) + 1) for combo in combinations(values, n)}
        if not any(s <= price <= s + p.cash for s in sums):
            raise IllegalAction(f"bid {price} cannot be paid with cash and privates")
        if price % BID_STEP or price > MAX_BID:
            raise IllegalAction(f"bid {price} must be a multiple of 5 up to 400")

    def min_bid(self) -> int:
        if not self.bids:
            return MIN_BID
        return self.bids[self.highest()] + BID_STEP

    def max_bid(self, player_id: int) -> int:
        game = self.game
        player = game.player_by_id[player_id]
        if game.num_certs(player) >= game.cert_limit:
            return 0
        power = player.cash + sum(game.company_data[c].value for c in player.companies)
        return min(MAX_BID, power)

    def resolve(self) -> None:
        if self.auctioning is None:
            return
        if not self.active_bidders:
            return
        if len(self.active_bidders) != 1 or not self.bids:
            return
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
        self.turn_actions.append("par")
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

    def subsidiaries(self, player_id: int) -> list[str]:
        if not self.winner or self.winner[0] != player_id:
            return []
        player = self.game.player_by_id[player_id]
        corp = self.game.corps[self.winner[1]]
        values = [self.game.company_data[c].value for c in player.companies]
        low = -player.cash if player.cash < 0 else 0
        ok: set[int] = set()
        for n in range(len(values) + 1):
            for combo in combinations(values, n):
                if low <= sum(combo) <= corp.cash:
                    ok.update(combo)
        return [c for c in player.companies if self.game.company_data[c].value in ok]

    def size_choices(self) -> tuple[int, ...]:
        """The sizes the phase allows; a corporation in Nieuw Zeeland may not have 2 shares."""
        assert self.winner
        sizes = self.game.corporation_sizes
        if self.game.in_new_zealand(self.game.corps[self.winner[1]]):
            return tuple(s for s in sizes if s != 2)
        return sizes

    def on_choose(self, action: Action) -> None:
        if not self.winner or int(action.entity) != self.winner[0]:
            raise IllegalAction("no corporation size to choose")
        size = int(action.get("choice"))
        if size not in self.size_choices():
            raise IllegalAction(f"size {size} is not allowed for {self.winner[1]} now")
        self.set_size(size)
        if not self.subsidiaries(self.winner[0]):
            self.par_corporation()

    def on_assign(self, action: Action) -> None:
        game = self.game
        player_id = int(action.entity)
        company = str(action.get("target"))
        if not self.winner or company not in self.subsidiaries(player_id):
            raise IllegalAction(f"cannot contribute {company}")
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
        if not self.subsidiaries(player_id):
            self.par_corporation()

    def par_corporation(self) -> None:
        assert self.winner
        if not self.size_chosen:
            return
        corp = self.game.corps[self.winner[1]]
        self.buy_tokens(corp)
        if "P13" in corp.companies:
            self.game.close_company("P13")
        self.auctioning = None
        self.winner = None
        self.bids = {}
        self.active_bidders = []
        self.end_turn()

    def buy_tokens(self, corp: Corporation) -> None:
        """Buy the tokens the corporation's size requires, if it can; in 1817WO a new
        second token of a corporation at home in Nieuw Zeeland is placed at once."""
        self.game.try_buy_tokens(corp)
        if self.game.second_home_due(corp):
            self.pending_home = corp.sym

    def on_pass(self, action: Action) -> None:
        player = int(action.entity)
        if self.winner:
            if player != self.winner[0]:
                raise IllegalAction("the IPO winner must finish first")
            self.par_corporation()
            return
        if self.auctioning:
            if player in self.active_bidders:
                self.active_bidders.remove(player)
            self.bids.pop(player, None)
            self.resolve()
            return
        if player != self.player:
            raise IllegalAction(f"it is not {player}'s turn")
        if self.must_sell(player):
            raise IllegalAction(f"player {player} is over a limit and must sell first")
        if self.corporate:
            self.turn_actions.append("corporate")
        self.end_turn()

    def on_buy_shares(self, action: Action) -> None:
        game = self.game
        shares = [game.share_by_id(s) for s in action.get("shares")]
        corp = game.corps[shares[0].corp]
        if action.is_player:
            player = int(action.entity)
            self.check_turn(player)
            self.check_purchase(player, shares)
            had_short = corp.percent_of(player) < 0
            game.buy_shares(player, shares)
            if had_short:
                game.unshort(player, shares[0])
            self.turn_actions.append("buy")
            self.last_to_act = player
            self.buy_tokens(corp)
            self.end_turn()
            return
        buyer = game.corps[str(action.entity)]
        self.check_corporate(buyer)
        if buyer.sym != corp.sym:
            raise IllegalAction(f"{buyer.sym} can only redeem its own shares")
        cost = sum(game.share_value(corp, s.percent) for s in shares)
        if any(s.owner != POOL for s in shares) or cost > buyer.cash:
            raise IllegalAction(f"{buyer.sym} cannot redeem {action.get('shares')}")
        for share in shares:
            buyer.cash -= game.share_value(corp, share.percent)
            share.owner = buyer.sym
        self.corporate_act(buyer, "redeem")

    def check_turn(self, player: int, selling: bool = False) -> None:
        if player != self.player or self.auctioning or self.winner:
            raise IllegalAction(f"it is not player {player}'s turn to trade")
        if not selling and self.must_sell(player):
            raise IllegalAction(f"player {player} is over a limit and must sell first")

    def check_corporate(self, corp: Corporation) -> None:
        if corp.owner != self.player or self.auctioning or self.winner:
            raise IllegalAction(f"{corp.sym} is not the current player's corporation")

    def check_purchase(self, player: int, shares: list[Share]) -> None:
        """One purchase per turn, from one holder, of a corporation not sold this round."""
        game = self.game
        corp = game.corps[shares[0].corp]
        owners = {s.owner for s in shares}
        if any(k in ("buy", "par") for k in self.turn_actions):
            raise IllegalAction("only one purchase per turn")
        if len(owners) != 1 or not owners <= {corp.sym, POOL} or shares[0].percent <= 0:
            raise IllegalAction(f"{[s.id for s in shares]} are not for sale")
        if corp.sym in self.sold.get(player, {}):
            raise IllegalAction(f"player {player} sold or shorted {corp.sym} this round")
        if not game.can_gain(game.player_by_id[player], corp, shares[0].percent):
            raise IllegalAction(f"player {player} may not hold more of {corp.sym}")
        cost = sum(game.share_value(corp, s.percent) for s in shares)
        if cost > game.player_by_id[player].cash:
            raise IllegalAction(f"{cost} exceeds player {player}'s cash")

    def corporate_act(self, corp: Corporation, kind: str) -> None:
        if self.corporate and self.corporate != corp.sym:
            raise IllegalAction("cannot act as two corporations in one turn")
        self.corporate = corp.sym
        self.corporate_kinds.append(kind)
        self.last_to_act = self.player
        if not self.corporate_options(corp):
            self.turn_actions.append("corporate")
            self.end_turn()

    def corporate_options(self, corp: Corporation) -> bool:
        game = self.game
        if self.turn_actions:
            return False
        loan = game.can_take_loan(corp) and "redeem" not in self.corporate_kinds
        redeem = (
            not game.in_acquisition(corp)
            and not game.in_liquidation(corp)
            and any(s.owner == POOL and s.percent > 0 for s in corp.shares)
            and corp.cash >= game.price(corp)
        )
        return loan or redeem

    def on_take_loan(self, action: Action) -> None:
        corp = self.game.corps[str(action.entity)]
        self.check_corporate(corp)
        if "redeem" in self.corporate_kinds:
            raise IllegalAction(f"{corp.sym} cannot take a loan after redeeming shares")
        self.game.take_loan(corp)
        self.buy_tokens(corp)
        self.corporate_act(corp, "loan")

    def on_sell_shares(self, action: Action) -> None:
        game = self.game
        player = int(action.entity)
        self.check_turn(player, selling=True)
        shares = [game.share_by_id(s) for s in action.get("shares")]
        corp = game.corps[shares[0].corp]
        if any(s.owner != player or s.percent <= 0 for s in shares):
            raise IllegalAction(f"player {player} does not hold {action.get('shares')}")
        zone = game.in_acquisition(corp) or game.in_liquidation(corp)
        if zone or self.corporate or not corp.operated:
            raise IllegalAction(f"{corp.sym} cannot be sold now (zone, unoperated, or corporate)")
        if any(k in ("buy", "par") for k in self.turn_actions):
            raise IllegalAction("selling comes before buying")
        game.sell_shares(player, shares)
        self.sold.setdefault(player, {})[corp.sym] = "now"
        self.turn_actions.append("sell")
        self.last_to_act = player
        self.end_turn_if_idle()

    def on_short(self, action: Action) -> None:
        game = self.game
        player = game.player_by_id[int(action.entity)]
        self.check_turn(player.id)
        corp = game.corps[str(action.get("corporation"))]
        if not self.can_short(player.id, corp):
            raise IllegalAction(f"player {player.id} cannot short {corp.sym}")
        game.short(player, corp)
        self.sold.setdefault(player.id, {})[corp.sym] = "short"
        self.turn_actions.append("short")
        self.last_to_act = player.id
        self.end_turn_if_idle()

    def end_turn_if_idle(self) -> None:
        if not self.has_action(self.player):
            self.end_turn()

    def has_action(self, pid: int) -> bool:
        """Whether a player still has a stock-round action (otherwise the turn ends itself)."""
        game = self.game
        player = game.player_by_id[pid]
        if player.bankrupt:
            return False
        bought = any(k in ("buy", "par") for k in self.turn_actions)
        if bought:
            return False
        sold = self.sold.get(pid, {})
        for corp in game.corps.values():
            if corp.price_index is None or not corp.floated:
                continue
            zone = game.in_acquisition(corp) or game.in_liquidation(corp)
            price = game.price(corp)
            mine = [s for s in corp.shares if s.owner == pid and s.percent > 0]
            sellable = not zone and not self.corporate and corp.operated
            if sellable and any(game.can_sell_share(corp, s) for s in mine):
                return True
            if (
                corp.sym not in sold
                and player.cash >= price
                and game.can_gain(player, corp, corp.share_percent)
                and any(s.owner in (corp.sym, POOL) and s.percent > 0 for s in corp.shares)
            ):
                return True
            if self.can_short(pid, corp):
                return True
            if corp.owner == pid and not self.turn_actions and self.corporate_options(corp):
                return True
        return self.max_bid(pid) >= 100 and any(not c.ipoed for c in game.corps.values())

    def must_sell(self, pid: int) -> bool:
        """A player above the certificate or 60% holding limit must sell first (if able)."""
        game = self.game
        player = game.player_by_id[pid]
        over_certs = game.num_certs(player) > game.cert_limit
        sellable = []
        for corp in game.corps.values():
            if corp.price_index is None or not corp.operated:
                continue
            if game.in_acquisition(corp) or game.in_liquidation(corp):
                continue
            mine = [s for s in corp.shares_of(pid) if s.percent > 0]
            if any(game.can_sell_share(corp, s) for s in mine):
                limit = 100 if corp.total_shares == 2 else 60
                sellable.append(over_certs or corp.percent_of(pid) > limit)
        return any(sellable)

    def can_short(self, pid: int, corp: Corporation) -> bool:
        """Phase 8 ends shorting; only operated 5- and 10-share corporations outside the
        zones, one short per player per round, none while holding shares of it."""
        game = self.game
        shorts = len(game.shorts(corp))
        return (
            "short" not in self.sold.get(pid, {}).values()
            and not any(k in ("buy", "par") for k in self.turn_actions)
            and game.phase != "8"
            and corp.floated
            and corp.total_shares > 2
            and corp.operated
            and not game.in_acquisition(corp)
            and not game.in_liquidation(corp)
            and corp.percent_of(pid) <= 0
            and shorts < corp.total_shares
            and ("five_shorts" not in game.optional_rules or shorts < 5)
        )

    # -- end of round --------------------------------------------------------------------------

    def finish(self) -> None:
        game = self.game
        for corp in game.operating_order():
            if corp.price_index is None:
                continue
            if corp.total_shares > 2:
                held = sum(v for v in game.player_percent(corp).values() if v > 0)
                if held >= 100:
                    game.move_right(corp)
                    if "short_squeeze" in game.optional_rules and held > 100:
                        game.move_right(corp)
            market = game.num_market_shares(corp)
            if market > 0:
                game.move_left(corp, market)
        for corp in game.corps.values():
            if corp.floated and not corp.operated and game.tokens_needed(corp) > 0:
                game.liquidate(corp)
        if isinstance(game.company_owner.get("TS"), str):
            game.close_company("TS")
