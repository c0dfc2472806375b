"""The merger and conversion round.

In operating order each eligible corporation may convert (2 to 5 or 5 to 10 shares) or
merge with a corporation of its size. After a conversion the players may buy the new
treasury shares (the president as many as the 60% limit allows, the others one each) or
sell; the corporation may then take loans, and finally buys the tokens its new size needs
or liquidates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.data.editions import MARKET_PRICES
from takeover.g1817.entities import Corporation
from takeover.g1817.game import TOKEN_COST
from takeover.g1817.mergers import merge_assets, migrate_shares
from takeover.g1817.rounds.base import Round

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817

TOKEN_LIMIT = 8


class MergerRound(Round):
    name = "Merger"

    def __init__(self, game: Game1817, round_num: int) -> None:
        super().__init__(game, round_num)
        self.entities = [
            c.sym
            for c in game.operating_order()
            if not game.in_liquidation(c) and not game.in_acquisition(c)
        ]
        self.index = 0
        self.converts: list[str] = []
        self.converted: str | None = None
        self.converted_price: int | None = None
        self.tokens_to_buy: int | None = None
        self.passed_players: set[int] = set()
        self.loans_passed = False
        self.index = -1
        self.next_entity()

    # -- who acts ----------------------------------------------------------------------------

    def step(self) -> str:
        if self.game.corp_over_train_limit():
            return "DiscardTrain"
        if self.converted:
            if self.post_conversion_player() is not None:
                return "PostConversion"
            return "PostConversionLoans"
        return "Conversion"

    def current(self) -> int | str | None:
        over = self.game.corp_over_train_limit()
        if over:
            return over
        if self.finished:
            return None
        if self.converted:
            player = self.post_conversion_player()
            return player if player is not None else self.converted
        return self.entities[self.index]

    # -- post conversion ---------------------------------------------------------------------

    def post_conversion_player(self) -> int | None:
        game = self.game
        if self.converted is None:
            return None
        corp = game.corps[self.converted]
        if game.price(corp) != self.converted_price or corp.price_index is None:
            return None
        owner = corp.owner
        order = game.seat_order
        start = order.index(owner) if isinstance(owner, int) else 0
        for pid in order[start:] + order[:start]:
            player = game.player_by_id[pid]
            if player.bankrupt or pid in self.passed_players:
                continue
            if self.can_buy(pid, corp) or self.can_sell(pid, corp):
                return pid
        return None

    def can_buy(self, pid: int, corp: Corporation) -> bool:
        treasury = [s for s in corp.shares if s.owner == corp.sym and s.percent > 0]
        if not treasury:
            return False
        game = self.game
        player = game.player_by_id[pid]
        price = game.share_value(corp, treasury[0].percent)
        return player.cash >= price and game.can_gain(player, corp, treasury[0].percent)

    def can_sell(self, pid: int, corp: Corporation) -> bool:
        return corp.owner != pid and any(s.percent > 0 for s in corp.shares_of(pid))

    def loans_open(self) -> bool:
        if self.converted is None or self.loans_passed:
            return False
        return self.game.can_take_loan(self.game.corps[self.converted])

    def settle_conversion(self) -> None:
        """Once nobody acts after a conversion: buy the new tokens or liquidate, move on."""
        if self.converted is None:
            return
        if self.post_conversion_player() is not None or self.loans_open():
            return
        game = self.game
        corp = game.corps[self.converted]
        if self.tokens_to_buy:
            cost = self.tokens_to_buy * TOKEN_COST
            if "P21" in corp.companies:
                cost -= TOKEN_COST
            if cost <= corp.cash:
                corp.tokens += self.tokens_to_buy
                corp.cash -= max(0, cost)
            else:
                game.liquidate(corp)
        self.tokens_to_buy = None
        self.converted = None
        self.passed_players = set()
        self.loans_passed = False
        self.next_entity()

    def next_entity(self) -> None:
        """Advance to the next corporation with a choice (a 10-share one has none)."""
        while True:
            self.index += 1
            if self.index >= len(self.entities):
                self.finished = True
                return
            corp = self.game.corps[self.entities[self.index]]
            if corp.total_shares != 10 and not self.game.in_liquidation(corp):
                return

    # -- actions -----------------------------------------------------------------------------

    def the_corp(self, action: Action) -> Corporation:
        corp = self.game.acting_corporation(action)
        if self.converted or corp.sym != self.entities[self.index]:
            raise IllegalAction(f"{corp.sym} cannot convert or merge now")
        return corp

    def on_convert(self, action: Action) -> None:
        game = self.game
        corp = self.the_corp(action)
        if corp.total_shares not in (2, 5):
            raise IllegalAction(f"{corp.sym} cannot convert")
        game.resize(corp, 5 if corp.total_shares == 2 else 10)
        tokens = corp.tokens
        if corp.total_shares == 5:
            self.tokens_to_buy = 1 if tokens < TOKEN_LIMIT else 0
        else:
            self.tokens_to_buy = min(max(TOKEN_LIMIT - tokens, 0), 2)
        self.after_change(corp)

    def after_change(self, corp: Corporation) -> None:
        self.converts.append(corp.sym)
        self.converted = corp.sym
        self.converted_price = self.game.price(corp)
        self.settle_conversion()

    def on_merge(self, action: Action) -> None:
        game = self.game
        corp = self.the_corp(action)
        target = game.corps[str(action.get("corporation"))]
        if target.total_shares != corp.total_shares or target.total_shares == 10:
            raise IllegalAction(f"{corp.sym} cannot merge with {target.sym}")
        corp.cash += target.cash
        target.cash = 0
        merge_assets(game, corp, target)
        if corp.total_shares == 2:
            new_price = game.price(corp) + game.price(target)
        else:
            new_price = (game.price(corp) + game.price(target)) // 2
        index = max(i for i, p in enumerate(MARKET_PRICES) if p <= new_price)
        game.move(corp, index)
        price = MARKET_PRICES[index]
        owner, target_owner = corp.owner, target.owner
        if corp.total_shares == 2:
            game.resize(corp, 5)
            if owner != target_owner:
                assert isinstance(owner, int)
                game.player_by_id[owner].cash -= price
                corp.cash += price
                share = corp.shares_of(corp.sym)[0]
                assert target_owner is not None
                share.owner = target_owner
        else:
            migrate_shares(game, corp, target)
        game.reset_corporation(target)
        if target.sym in self.entities:
            pos = self.entities.index(target.sym)
            self.entities.remove(target.sym)
            if pos < self.index:
                self.index -= 1
        self.index = self.entities.index(corp.sym)
        self.tokens_to_buy = None
        self.after_change(corp)

    def on_buy_shares(self, action: Action) -> None:
        game = self.game
        if not action.is_player or self.converted is None:
            raise IllegalAction("shares are bought only after a conversion or merger")
        pid = int(action.entity)
        if pid != self.post_conversion_player():
            raise IllegalAction(f"player {pid} cannot buy now")
        corp = game.corps[self.converted]
        shares = [game.share_by_id(s) for s in action.get("shares")]
        had_short = corp.percent_of(pid) < 0
        game.buy_shares(pid, shares)
        if had_short:
            game.unshort(pid, shares[0])
        if corp.owner != pid or not self.can_buy(pid, corp):
            self.passed_players.add(pid)
        self.settle_conversion()

    def on_sell_shares(self, action: Action) -> None:
        game = self.game
        pid = int(action.entity)
        shares = [game.share_by_id(s) for s in action.get("shares")]
        game.sell_shares(pid, shares)
        self.passed_players.add(pid)
        self.settle_conversion()

    def on_take_loan(self, action: Action) -> None:
        corp = self.game.acting_corporation(action)
        if corp.sym != self.converted:
            raise IllegalAction(f"{corp.sym} cannot take a loan now")
        self.game.take_loan(corp)
        self.settle_conversion()

    def on_pass(self, action: Action) -> None:
        if action.is_player:
            self.passed_players.add(int(action.entity))
            self.settle_conversion()
            return
        corp = self.game.acting_corporation(action)
        if self.converted == corp.sym:
            self.loans_passed = True
            self.settle_conversion()
            return
        self.the_corp(action)
        self.next_entity()
