"""The stock round: IPO auctions, buying, selling, shorting and corporate loans or redemptions.

A player's turn ends when they pass, after a purchase, or when the IPO they started is
settled. The round ends once every player has passed in a row; then prices fall one space
per share in the market, sold-out corporations rise, and corporations that could not buy
their required tokens liquidate (rules 3.1-3.19).

Two steps decide: :class:`HomeToken` (a corporation whose auction just opened places its
home token, a map choice) and :class:`BuySellParShares` (everything else; during an IPO
auction it hands the decision to :class:`~takeover.g1817.rounds.ipo.IpoAuction`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from takeover.g1817.actions import Action
from takeover.g1817.entities import POOL, Corporation, Share
from takeover.g1817.rounds.base import Round, Step, as_listed, int_field, make, require, share_ids
from takeover.g1817.rounds.interrupts import sale, sell_bundles
from takeover.g1817.rounds.ipo import IpoAuction
from takeover.g1817.track import has_home_city, home_cities

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817

PURCHASES = ("buy", "par")
"""Turn actions after which the player may not sell, short or buy again this turn."""
CORPORATE = ("take_loan", "buy_shares")
"""What a president may do for a corporation in a stock round (a loan, a redemption)."""


class StockRound(Round):
    name = "Stock"

    def __init__(self, game: Game1817) -> None:
        super().__init__(game)
        self.entities = [p.id for p in game.active_players()]
        self.index = 0
        self.passed: set[int] = set()
        self.turn_actions: list[str] = []
        """What the player has done this turn: ``buy``, ``par``, ``sell``, ``short``..."""
        self.corporate: str | None = None
        """The corporation the player is acting for this turn, once it has acted."""
        self.corporate_kinds: list[str] = []
        self.sold: dict[int, dict[str, str]] = {}
        """Per player, the corporations sold (``now``/``prev``: this turn or before) or shorted."""
        self.pending_home: str | None = None
        self.ipo = IpoAuction(self)
        self.home = HomeToken(self)
        self.trading = BuySellParShares(self)
        self.start_turn()

    def steps(self) -> tuple[Step, ...]:
        return (self.home, self.trading)

    def auction_view(self) -> dict[str, Any] | None:
        ipo = self.ipo
        if ipo.auctioning is None:
            return None
        return {"target": ipo.auctioning, "bids": ipo.bids, "bidders": ipo.active_bidders}

    @property
    def player(self) -> int:
        return self.entities[self.index]

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

    def end_turn_if_idle(self) -> None:
        if not self.has_action(self.player):
            self.end_turn()

    def next_entity(self) -> None:
        self.index = (self.index + 1) % len(self.entities)
        if all(p in self.passed for p in self.entities):
            self.finished = True
            return
        self.start_turn()

    def buy_tokens(self, corp: Corporation) -> None:
        """Buy the tokens the corporation's size requires, if it can; in 1817WO a
        corporation at home in Nieuw Zeeland that so buys tokens places its second token
        at once (a Train Station's token waits for this purchase: rule 9.4)."""
        if self.game.try_buy_tokens(corp) and self.game.second_home_due(corp):
            self.pending_home = corp.sym

    # -- what a player may do ------------------------------------------------------------------

    def bought(self) -> bool:
        return any(k in PURCHASES for k in self.turn_actions)

    def sellable(self, corp: Corporation) -> bool:
        """Shares of ``corp`` may be sold now: it has operated, is outside the zones, and
        the player is not acting for a corporation this turn."""
        return corp.operated and not self.game.in_zone(corp) and not self.corporate

    def sales(self, pid: int, corp: Corporation) -> list[Action]:
        if self.bought() or not self.sellable(corp):
            return []
        return [sale(pid, bundle) for bundle in sell_bundles(self.game, corp, pid)]

    def purchases(self, pid: int, corp: Corporation) -> list[Action]:
        """At most one purchase a turn, of the first certificate the treasury or the market
        received, never of a corporation the player sold or shorted this round."""
        game = self.game
        if self.bought() or corp.sym in self.sold.get(pid, {}) or not corp.floated:
            return []
        player = game.player_by_id[pid]
        out = []
        for holder in (corp.sym, POOL):
            share = next((s for s in corp.shares_of(holder) if s.percent > 0), None)
            if (
                share is not None
                and player.cash >= game.share_value(corp, share.percent)
                and game.can_gain(player, corp, share.percent)
            ):
                out.append(make("buy_shares", pid, shares=[share.id]))
        return out

    def can_short(self, pid: int, corp: Corporation) -> bool:
        """Phase 8 ends shorting; only operated 5- and 10-share corporations outside the
        zones, one short per player per turn, none while holding shares of it, at most
        as many shorts as shares (five with ``five_shorts``), not after a purchase (rule 3.14)."""
        game = self.game
        shorts = len(game.shorts(corp))
        return (
            "short" not in self.sold.get(pid, {}).values()
            and not self.bought()
            and game.phase != "8"
            and corp.floated
            and corp.total_shares > 2
            and corp.operated
            and not game.in_zone(corp)
            and corp.percent_of(pid) <= 0
            and shorts < corp.total_shares
            and ("five_shorts" not in game.optional_rules or shorts < 5)
        )

    def has_home(self, corp: Corporation) -> bool:
        """A corporation may start only with a city open for its home station (once every
        city's slots are full, nothing more starts: otherwise the home-token step would
        wait for a choice nobody can make)."""
        return has_home_city(self.game, corp)

    def ipo_bids(self, pid: int) -> Iterator[Action]:
        unstarted = [c.sym for c in self.game.corps.values() if not c.ipoed and self.has_home(c)]
        if self.bought() or not unstarted:
            return
        prices = self.ipo.bid_prices(pid)
        for sym in unstarted:
            for price in prices:
                yield make("bid", pid, corporation=sym, price=price)

    def redemptions(self, corp: Corporation) -> list[Action]:
        """A corporation buys back market shares, first received first, as it can pay."""
        game = self.game
        if game.in_zone(corp):
            return []
        pool = [s for s in corp.shares_of(POOL) if s.percent > 0]
        out = []
        for n in range(1, len(pool) + 1):
            if sum(game.share_value(corp, s.percent) for s in pool[:n]) > corp.cash:
                break
            out.append(make("buy_shares", corp.sym, shares=[s.id for s in pool[:n]]))
        return out

    def loan_refusal(self, corp: Corporation) -> str | None:
        """Why ``corp`` may not take a loan now (only before its president's own actions,
        not after redeeming, with a loan left), or ``None``."""
        if self.turn_actions:
            return f"{corp.sym} acts only before its president's own actions"
        if "redeem" in self.corporate_kinds:
            return f"{corp.sym} cannot take a loan after redeeming shares"
        if not self.game.can_take_loan(corp):
            return f"{corp.sym} cannot take another loan"
        return None

    def may_take_loan(self, corp: Corporation) -> bool:
        return self.loan_refusal(corp) is None

    def corporate_actions(self, corp: Corporation) -> list[Action]:
        """What a president may do for ``corp`` before any action of their own this turn:
        take a loan (not after redeeming) or redeem shares."""
        if self.turn_actions or self.corporate not in (None, corp.sym):
            return []
        out = [make("take_loan", corp.sym)] if self.may_take_loan(corp) else []
        return out + self.redemptions(corp)

    def has_action(self, pid: int) -> bool:
        """Whether a player still has a stock-round action (otherwise the turn ends itself).
        Asked when no corporation acts yet, so the player's free options decide."""
        if self.game.player_by_id[pid].bankrupt:
            return False
        return next(self.trading.free_options(pid), None) is not None

    def must_sell(self, pid: int) -> bool:
        """A player above the certificate or 60% holding limit must sell first (if able)."""
        game = self.game
        over_certs = game.num_certs(game.player_by_id[pid]) > game.cert_limit
        for corp in game.corps.values():
            if corp.price_index is None or not corp.operated or game.in_zone(corp):
                continue
            mine = [s for s in corp.shares if s.owner == pid and s.percent > 0]
            if not mine:
                continue
            limit = 100 if corp.total_shares == 2 else 60
            over = over_certs or corp.percent_of(pid) > limit
            if over and any(game.can_sell_share(corp, s) for s in mine):
                return True
        return False

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


class HomeToken(Step):
    """The corporation whose auction opened places its home token (a map choice; rule 3.5)."""

    def __init__(self, rnd: StockRound) -> None:
        super().__init__(rnd.game)
        self.round = rnd
        self.takes = {"place_token": self.on_place_token}

    def blocking(self) -> bool:
        return self.round.pending_home is not None

    def actor(self) -> str | None:
        return self.round.pending_home

    def active_players(self) -> list[int]:
        """The president; before the auction is won, every player (the reference's view)."""
        assert self.round.pending_home
        owner = self.game.corps[self.round.pending_home].owner
        if isinstance(owner, int):
            return [owner]
        return [p.id for p in self.game.active_players()]

    def legal(self) -> list[Action]:
        assert self.round.pending_home
        corp = self.game.corps[self.round.pending_home]
        board = self.game.board
        out = []
        for city in home_cities(self.game, corp):
            coord, index = board.city_location(city)
            slot = board.tokens[coord][index].index(None)
            out.append(make("place_token", corp.sym, city=city, slot=slot))
        return out

    def on_place_token(self, action: Action) -> None:
        corp = self.game.corps[str(action.entity)]
        city = str(action.get("city"))
        require(
            city in home_cities(self.game, corp),
            f"{corp.sym} may not place its home token in {city} (no open slot, or Nieuw "
            f"Zeeland before phase 3)",
        )
        self.game.place_token(corp, action)
        second = self.game.second_home_due(corp) and has_home_city(self.game, corp)
        self.round.pending_home = corp.sym if second else None


class BuySellParShares(Step):
    """A player's turn: sell, buy, short, start an IPO, act for a corporation, or pass."""

    def __init__(self, rnd: StockRound) -> None:
        super().__init__(rnd.game)
        self.round = rnd
        self.takes = {
            "bid": self.on_bid,
            "pass": self.on_pass,
            "choose": self.on_choose,
            "assign": self.on_assign,
            "buy_shares": self.on_buy_shares,
            "sell_shares": self.on_sell_shares,
            "short": self.on_short,
            "take_loan": self.on_take_loan,
        }

    def blocking(self) -> bool:
        return not self.round.finished

    def actor(self) -> int:
        return self.round.ipo.actor() if self.round.ipo.under_way else self.round.player

    def check_actor(self, action: Action) -> None:
        """The player whose turn it is, or a corporation they preside taking a loan or
        redeeming shares."""
        if action.entity_type == "corporation" and not self.round.ipo.under_way:
            require(
                action.type in CORPORATE,
                f"{action.type} is a player's decision, not {action.entity}'s",
            )
            corp = self.game.acting_corporation(action)
            require(
                corp.owner == self.round.player,
                f"{corp.sym} is not a corporation of player {self.round.player}, whose turn it is",
            )
            return
        super().check_actor(action)

    # -- the listing -------------------------------------------------------------------------

    def legal(self) -> list[Action]:
        rnd = self.round
        if rnd.ipo.under_way:
            return rnd.ipo.legal()
        out = list(self.turn_options(rnd.player))
        if out or rnd.turn_actions:
            out.append(make("pass", rnd.player))
        return out

    def turn_options(self, pid: int) -> Iterator[Action]:
        """Everything but passing that the player may do in their turn (lazily: whether
        there is anything at all decides if a turn ends by itself)."""
        rnd, game = self.round, self.game
        if rnd.corporate:
            yield from rnd.corporate_actions(game.corps[rnd.corporate])
        elif rnd.must_sell(pid):
            for corp in game.corps.values():
                yield from rnd.sales(pid, corp)
        else:
            yield from self.free_options(pid)

    def free_options(self, pid: int) -> Iterator[Action]:
        """What a player not acting for a corporation nor obliged to sell may do (a player
        obliged to sell finds those sales among these too)."""
        rnd, game = self.round, self.game
        for corp in game.corps.values():
            if corp.price_index is None or not corp.floated:
                continue
            yield from rnd.sales(pid, corp)
            yield from rnd.purchases(pid, corp)
            if rnd.can_short(pid, corp):
                yield make("short", pid, corporation=corp.sym)
            if corp.owner == pid:
                yield from rnd.corporate_actions(corp)
        yield from rnd.ipo_bids(pid)

    # -- handlers ----------------------------------------------------------------------------

    def in_turn(self, action: Action) -> int:
        """The player acting in their own turn (no IPO under way), not obliged to sell."""
        rnd = self.round
        require(
            not rnd.ipo.under_way,
            f"{action.type} is not possible while {rnd.ipo.auctioning} is auctioned",
        )
        pid = rnd.player
        if action.type != "sell_shares":
            require(
                not rnd.must_sell(pid),
                f"player {pid} is over a holding or certificate limit and must sell first",
            )
        require(
            not rnd.corporate or action.entity == rnd.corporate or action.type == "pass",
            f"player {pid} is acting for {rnd.corporate} this turn",
        )
        return pid

    def on_bid(self, action: Action) -> None:
        rnd = self.round
        if rnd.ipo.under_way:
            rnd.ipo.on_bid(action)
            return
        pid = self.in_turn(action)
        corp = self.game.corps.get(str(action.get("corporation")))
        require(corp is not None, f"no corporation {action.get('corporation')}")
        assert corp is not None
        require(not corp.ipoed, f"{corp.sym} has already started")
        require(rnd.has_home(corp), f"{corp.sym} cannot start: no city is open for its home")
        require(not rnd.bought(), f"player {pid} has already bought this turn")
        refusal = rnd.ipo.bid_refusal(pid, int_field(action, "price"))
        require(refusal is None, str(refusal))
        rnd.turn_actions = []
        rnd.pending_home = corp.sym
        rnd.ipo.open(pid, corp, int(action.get("price")))

    def on_choose(self, action: Action) -> None:
        require(self.round.ipo.under_way, "no corporation size to choose")
        self.round.ipo.on_choose(action)

    def on_assign(self, action: Action) -> None:
        require(self.round.ipo.under_way, "no IPO to contribute privates to")
        self.round.ipo.on_assign(action)

    def on_pass(self, action: Action) -> None:
        rnd = self.round
        if rnd.ipo.under_way:
            rnd.ipo.on_pass(action)
            return
        pid = self.in_turn(action)
        require(
            rnd.turn_actions or next(self.turn_options(pid), None) is not None,
            f"player {pid} has nothing to pass on",
        )
        if rnd.corporate:
            rnd.turn_actions.append("corporate")
        rnd.end_turn()

    def on_buy_shares(self, action: Action) -> None:
        if action.entity_type == "corporation":
            self.on_redeem(action)
            return
        rnd, game = self.round, self.game
        pid = self.in_turn(action)
        shares = [game.share_by_id(s) for s in share_ids(action)]
        corp = game.corps[shares[0].corp]
        require(not rnd.bought(), f"player {pid} has already bought this turn")
        require(
            corp.sym not in rnd.sold.get(pid, {}),
            f"player {pid} sold or shorted {corp.sym} this round",
        )
        among_purchases(as_listed(game, action), rnd.purchases(pid, corp), pid, shares)
        had_short = corp.percent_of(pid) < 0
        game.buy_shares(pid, shares)
        if had_short:
            game.unshort(pid, shares[0])
        rnd.turn_actions.append("buy")
        rnd.buy_tokens(corp)
        rnd.end_turn()

    def on_redeem(self, action: Action) -> None:
        rnd, game = self.round, self.game
        self.in_turn(action)
        buyer = game.acting_corporation(action)
        options = rnd.corporate_actions(buyer)
        require(
            as_listed(game, action).key() in {a.key() for a in options if a.type == "buy_shares"},
            f"{buyer.sym} cannot redeem {action.get('shares')}: it buys back the market's "
            f"certificates that it can pay for, before its "
            f"president acts this turn",
        )
        for share in [game.share_by_id(s) for s in share_ids(action)]:
            buyer.cash -= game.share_value(buyer, share.percent)
            share.owner = buyer.sym
        self.corporate_act(buyer, "redeem")

    def on_take_loan(self, action: Action) -> None:
        rnd = self.round
        self.in_turn(action)
        corp = self.game.acting_corporation(action)
        refusal = rnd.loan_refusal(corp)
        require(refusal is None, str(refusal))
        self.game.take_loan(corp)
        rnd.buy_tokens(corp)
        self.corporate_act(corp, "loan")

    def corporate_act(self, corp: Corporation, kind: str) -> None:
        rnd = self.round
        rnd.corporate = corp.sym
        rnd.corporate_kinds.append(kind)
        if not rnd.corporate_actions(corp):
            rnd.turn_actions.append("corporate")
            rnd.end_turn()

    def on_sell_shares(self, action: Action) -> None:
        rnd, game = self.round, self.game
        pid = self.in_turn(action)
        shares = [game.share_by_id(s) for s in share_ids(action)]
        corp = game.corps[shares[0].corp]
        require(not rnd.bought(), "selling comes before buying")
        require(
            rnd.sellable(corp),
            f"{corp.sym} cannot be sold now: it has not operated, is in the acquisition or "
            f"liquidation zone, or its president acts for a corporation",
        )
        among_sales(as_listed(game, action), rnd.sales(pid, corp), pid, shares)
        game.sell_shares(pid, shares)
        rnd.sold.setdefault(pid, {})[corp.sym] = "now"
        rnd.turn_actions.append("sell")
        rnd.end_turn_if_idle()

    def on_short(self, action: Action) -> None:
        rnd, game = self.round, self.game
        pid = self.in_turn(action)
        corp = game.corps.get(str(action.get("corporation")))
        require(corp is not None, f"no corporation {action.get('corporation')}")
        assert corp is not None
        require(rnd.can_short(pid, corp), f"player {pid} cannot short {corp.sym}")
        game.short(game.player_by_id[pid], corp)
        rnd.sold.setdefault(pid, {})[corp.sym] = "short"
        rnd.turn_actions.append("short")
        rnd.end_turn_if_idle()


def among_purchases(action: Action, options: list[Action], pid: int, shares: list[Share]) -> None:
    """Refuse a purchase that is not one of ``options`` (one certificate, the first the
    treasury or the market received, within the player's cash and limits)."""
    require(
        action.key() in {a.key() for a in options},
        f"player {pid} cannot buy {[s.id for s in shares]}: one certificate a turn, from "
        f"the treasury or the market, within cash and holding limits",
    )


def among_sales(action: Action, options: list[Action], pid: int, shares: list[Share]) -> None:
    """Refuse a sale that is not one of ``options`` (the player's own certificates, first
    received first, the president's only where another player can take it)."""
    require(
        action.key() in {a.key() for a in options},
        f"player {pid} cannot sell {[s.id for s in shares]}: not a bundle of their own "
        f"certificates they may sell (the president's certificate only where another "
        f"player could take the presidency)",
    )
