"""The merger and conversion round.

In operating order each eligible corporation may convert (2 to 5 or 5 to 10 shares) or
merge with a corporation of its size. After a conversion the players may buy the new
treasury shares (the president as many as the 60% limit allows, the others one each) or
sell; the corporation may then take loans, and finally buys the tokens its new size needs
or liquidates (rules 5.1-5.9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.g1817.actions import Action
from takeover.g1817.data.editions import MARKET_PRICES
from takeover.g1817.entities import Corporation
from takeover.g1817.game import TOKEN_COST
from takeover.g1817.mergers import TOKEN_LIMIT, merge_assets, migrate_shares
from takeover.g1817.rounds.base import Round, Step, among, as_listed, make, require, share_ids
from takeover.g1817.rounds.interrupts import DiscardTrain, ReduceTokens, sale, sell_bundles

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817


class MergerRound(Round):
    name = "Merger"

    def __init__(self, game: Game1817, round_num: int) -> None:
        super().__init__(game, round_num)
        self.entities = [
            c.sym
            for c in game.operating_order()
            if not game.in_liquidation(c) and not game.in_acquisition(c)
        ]
        self.converts: list[str] = []
        self.converted: str | None = None
        self.converted_price: int | None = None
        self.tokens_to_buy: int | None = None
        self.passed_players: set[int] = set()
        self.loans_passed = False
        self.index = -1
        self.reduce_tokens = ReduceTokens(game, then=self.after_discard)
        self.discard = DiscardTrain(game, then=self.after_discard)
        self.post_conversion = PostConversion(self)
        self.post_conversion_loans = PostConversionLoans(self)
        self.conversion = Conversion(self)
        self.next_entity()

    def steps(self) -> tuple[Step, ...]:
        return (
            self.reduce_tokens,
            self.discard,
            self.post_conversion,
            self.post_conversion_loans,
            self.conversion,
        )

    @property
    def corp(self) -> Corporation:
        """The corporation whose conversion or merger is under way or up next."""
        return self.game.corps[self.converted or self.entities[self.index]]

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
            cost = self.conversion_token_cost(corp)
            if cost <= corp.cash:
                corp.tokens += self.tokens_to_buy
                corp.cash -= cost
            else:
                game.liquidate(corp)
        self.tokens_to_buy = None
        self.converted = None
        self.passed_players = set()
        self.loans_passed = False
        self.next_entity()

    def conversion_token_cost(self, corp: Corporation) -> int:
        """What the tokens a conversion makes ``corp`` buy cost its treasury: $50 each,
        one of them free to the owner of P21 (Station Subsidy, rule 5.9)."""
        if not self.tokens_to_buy:
            return 0
        free = 1 if "P21" in corp.companies else 0
        return max(0, self.tokens_to_buy - free) * TOKEN_COST

    def after_discard(self) -> None:
        """After a discard or a token given back: the round may now end."""
        if self.index >= len(self.entities):
            self.finished = self.settled()

    def settled(self) -> bool:
        game = self.game
        return game.corp_over_train_limit() is None and game.token_reduction is None

    def next_entity(self) -> None:
        """Advance to the next corporation with a choice (a 10-share one has none). The
        round ends after the last, once no corporation is above the train limit (as on
        18xx.games, whose round waits for its discard step: an export can lower the
        limit just before)."""
        while True:
            self.index += 1
            if self.index >= len(self.entities):
                self.finished = self.settled()
                return
            corp = self.game.corps[self.entities[self.index]]
            if corp.total_shares != 10 and not self.game.in_liquidation(corp):
                return

    # -- conversions and mergers --------------------------------------------------------------

    def mergeable(self, corp: Corporation, target: Corporation) -> bool:
        """Whether ``corp`` may merge with ``target``: two floated corporations of 2 or 5
        shares, the target outside the zones and not converted or merged this round; in
        a 5 + 5 merger one player must hold 40% of the two together; in a 2 + 2 merger of
        two presidents, the survivor's president must pay for the extra share."""
        game = self.game
        if (
            not target.floated
            or target.sym == corp.sym
            or target.sym in self.converts
            or game.in_zone(target)
            or target.total_shares == 10
            or target.total_shares != corp.total_shares
            or game.in_liquidation(corp)
        ):
            return False
        if target.total_shares == 5:
            combined = dict(game.player_percent(corp))
            for p, v in game.player_percent(target).items():
                combined[p] = combined.get(p, 0) + v
            if max(combined.values(), default=0) < 40:
                return False
        if target.total_shares == 2 and corp.owner != target.owner:
            owner = corp.owner
            price = MARKET_PRICES[self.merged_price_index(corp, target)]
            return isinstance(owner, int) and game.player_by_id[owner].cash >= price
        return True

    def merged_price_index(self, corp: Corporation, target: Corporation) -> int:
        """The market space of a merged corporation: the sum of the two prices (2 + 2) or
        their average (5 + 5), rounded down to a space (rule 5.4)."""
        game = self.game
        if corp.total_shares == 2:
            value = game.price(corp) + game.price(target)
        else:
            value = (game.price(corp) + game.price(target)) // 2
        return game.index_at_most(value)

    def convert(self, corp: Corporation) -> None:
        game = self.game
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

    def merge(self, corp: Corporation, target: Corporation) -> None:
        game = self.game
        index = self.merged_price_index(corp, target)
        corp.cash += target.cash
        target.cash = 0
        merge_assets(game, corp, target)
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


class Conversion(Step):
    """The corporation up next converts, merges or passes."""

    def __init__(self, rnd: MergerRound) -> None:
        super().__init__(rnd.game)
        self.round = rnd
        self.takes = {"convert": self.on_convert, "merge": self.on_merge, "pass": self.on_pass}

    def blocking(self) -> bool:
        return not self.round.finished and self.round.converted is None

    def actor(self) -> str:
        return self.round.entities[self.round.index]

    def merges(self, corp: Corporation) -> list[Action]:
        rnd = self.round
        return [
            make("merge", corp.sym, corporation=target.sym)
            for target in self.game.corps.values()
            if rnd.mergeable(corp, target)
        ]

    def legal(self) -> list[Action]:
        corp = self.round.corp
        out = [make("convert", corp.sym)] if corp.total_shares in (2, 5) else []
        return [*out, *self.merges(corp), make("pass", corp.sym)]

    def on_convert(self, action: Action) -> None:
        corp = self.round.corp
        require(corp.total_shares in (2, 5), f"{corp.sym} has 10 shares and cannot convert")
        self.round.convert(corp)

    def on_merge(self, action: Action) -> None:
        corp = self.round.corp
        target = self.game.corps.get(str(action.get("corporation")))
        require(target is not None, f"no corporation {action.get('corporation')}")
        assert target is not None
        among(
            action,
            self.merges(corp),
            f"{corp.sym} cannot merge with {target.sym}: both must be floated, of 2 or 5 "
            f"shares alike, outside the zones and not yet changed this round; a 5 + 5 merger "
            f"needs a 40% holder, a 2 + 2 merger a president who can pay the extra share",
        )
        self.round.merge(corp, target)

    def on_pass(self, action: Action) -> None:
        self.round.next_entity()


class PostConversion(Step):
    """After a conversion or merger each player in turn, from the president, may buy a
    treasury share (the president as many as the limits allow) or sell (not the
    president), until all have passed."""

    def __init__(self, rnd: MergerRound) -> None:
        super().__init__(rnd.game)
        self.round = rnd
        self.takes = {
            "buy_shares": self.on_buy_shares,
            "sell_shares": self.on_sell_shares,
            "pass": self.on_pass,
        }

    def blocking(self) -> bool:
        return self.round.post_conversion_player() is not None

    def actor(self) -> int | None:
        return self.round.post_conversion_player()

    def purchases(self, pid: int) -> list[Action]:
        corp = self.round.corp
        share = next((s for s in corp.shares_of(corp.sym) if s.percent > 0), None)
        if share is None or not self.round.can_buy(pid, corp):
            return []
        return [make("buy_shares", pid, shares=[share.id])]

    def sales(self, pid: int) -> list[Action]:
        corp = self.round.corp
        if not self.round.can_sell(pid, corp):
            return []
        return [sale(pid, bundle) for bundle in sell_bundles(self.game, corp, pid)]

    def legal(self) -> list[Action]:
        pid = self.actor()
        if pid is None:
            return []
        return [*self.purchases(pid), *self.sales(pid), make("pass", pid)]

    def on_buy_shares(self, action: Action) -> None:
        rnd, game = self.round, self.game
        pid = int(action.entity)
        corp = rnd.corp
        among(
            as_listed(game, action),
            self.purchases(pid),
            f"player {pid} cannot buy {action.get('shares')}: only {corp.sym}'s first treasury "
            f"certificate, within cash and holding limits",
        )
        shares = [game.share_by_id(s) for s in share_ids(action)]
        had_short = corp.percent_of(pid) < 0
        game.buy_shares(pid, shares)
        if had_short:
            game.unshort(pid, shares[0])
        if corp.owner != pid or not rnd.can_buy(pid, corp):
            rnd.passed_players.add(pid)
        rnd.settle_conversion()

    def on_sell_shares(self, action: Action) -> None:
        rnd, game = self.round, self.game
        pid = int(action.entity)
        among(
            as_listed(game, action),
            self.sales(pid),
            f"player {pid} cannot sell {action.get('shares')}: not a bundle of their own "
            f"{rnd.corp.sym} certificates (the president does not sell here)",
        )
        game.sell_shares(pid, [game.share_by_id(s) for s in share_ids(action)])
        rnd.passed_players.add(pid)
        rnd.settle_conversion()

    def on_pass(self, action: Action) -> None:
        self.round.passed_players.add(int(action.entity))
        self.round.settle_conversion()


class PostConversionLoans(Step):
    """Then the corporation may take loans (before it buys its new tokens)."""

    def __init__(self, rnd: MergerRound) -> None:
        super().__init__(rnd.game)
        self.round = rnd
        self.takes = {"take_loan": self.on_take_loan, "pass": self.on_pass}

    def blocking(self) -> bool:
        return self.round.converted is not None and self.round.post_conversion_player() is None

    def actor(self) -> str | None:
        return self.round.converted

    def legal(self) -> list[Action]:
        sym = self.round.converted
        if sym is None or not self.round.loans_open():
            return []
        return [make("take_loan", sym), make("pass", sym)]

    def on_take_loan(self, action: Action) -> None:
        rnd = self.round
        require(rnd.loans_open(), f"{action.entity} cannot take another loan")
        self.game.take_loan(rnd.corp)
        rnd.settle_conversion()

    def on_pass(self, action: Action) -> None:
        self.round.loans_passed = True
        self.round.settle_conversion()
