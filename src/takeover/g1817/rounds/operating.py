"""The operating round: each corporation lays track, runs, pays, buys trains and pays interest.

Stage 1 applies map actions as recorded: a tile lay costs its terrain and second-lay fee, a
token placement is free (tokens are pre-bought) and route revenue is read from the action.
Whether the track, token, route or train step is still open for a corporation depends on
the map; without a map the round asks the game's *hint* (the next recorded actions) and
otherwise assumes the step is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.entities import Corporation
from takeover.g1817.game import LOAN_VALUE
from takeover.g1817.map.graph import can_run
from takeover.g1817.rounds.base import Round, Step, int_field, make, require
from takeover.g1817.rounds.interrupts import CashCrisis, DiscardTrain
from takeover.g1817.track import (
    bridge_targets,
    lay_refusal,
    map_actions,
    route_revenues,
    token_cities,
)

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817

DIVIDENDS = ("payout", "half", "withhold")
STEP_NAMES = {
    "track": "Track",
    "token": "Token",
    "route": "Route",
    "dividend": "Dividend",
    "buy_train": "BuyTrain",
    "loan": "Loan",
    "done": "",
}


class OperatingRound(Round):
    name = "Operating"

    def __init__(self, game: Game1817, round_num: int) -> None:
        super().__init__(game, round_num)
        game.interest_fixed = None
        game.interest_fixed = game.interest_rate()
        for company, owner in game.company_owner.items():
            if isinstance(owner, str) and owner in game.corps and game.corps[owner].trains:
                game.corps[owner].cash += game.company_data[company].mail
        self.entities = [c.sym for c in game.operating_order()]
        self.index = -1
        # the operating corporation's turn
        self.stage = "track"
        self.lays = 0
        self.laid: list[tuple[str, bool]] = []
        """This turn's lays: (hex, whether an upgrade)."""
        self.revenue = 0
        self.after_payoff = False
        self.paid_interest = False
        self.acted = False
        """Whether an action came while this corporation operated (see :meth:`process`)."""
        self.cash_crisis = CashCrisis(
            game,
            self.crisis,
            after_sale=self.advance,
            after_bankruptcy=self.after_bankruptcy,
            operating=True,
        )
        self.discard = DiscardTrain(game, then=self.advance)
        self.operate = Operate(self)
        self.next_entity()

    def process(self, action: Action) -> None:
        """Interest and the liquidation of a corporation without a train are settled after
        an action that comes while the corporation operates (rule 4.24): a corporation
        whose whole turn has nothing to decide pays no interest and keeps going without a
        train, as on 18xx.games, which settles both only after an action."""
        acted = self.acted
        if not self.finished:
            self.acted = True
        try:
            super().process(action)
        except IllegalAction:
            self.acted = acted  # (a refused action changes nothing)
            raise

    def steps(self) -> tuple[Step, ...]:
        if self.discarding() and self.stage == "loan" and self.loan_step_blocks():
            return (self.cash_crisis, self.operate, self.discard)
        return (self.cash_crisis, self.discard, self.operate)

    # -- who acts ----------------------------------------------------------------------------

    @property
    def corp(self) -> Corporation:
        return self.game.corps[self.entities[self.index]]

    def crisis(self) -> int | None:
        """The first player in debt, looking from the operating corporation's president."""
        if self.finished or not 0 <= self.index < len(self.entities):
            return None
        owner = self.corp.owner
        return self.game.crisis_player_from(owner) if isinstance(owner, int) else None

    def discarding(self) -> str | None:
        return self.game.corp_over_train_limit()

    def ahead_of_discard(self) -> bool:
        """Whether the operating corporation goes on before a corporation above the train
        limit discards (rule 4.23): once it cannot buy another train (its purchase lowered
        the limit, or left it at the limit or without the money), its train step ends at
        once; it pays interest and decides its loans, then the discard follows (as on
        18xx.games, whose loan step comes before the discard)."""
        if self.stage == "buy_train":
            return not self.can_buy_train()
        return self.stage == "loan" and self.loan_step_blocks()

    def after_bankruptcy(self) -> None:
        if not self.game.finished:
            self.advance()

    # -- turn machine ------------------------------------------------------------------------

    def next_entity(self) -> None:
        while True:
            self.index += 1
            if self.index >= len(self.entities):
                self.finished = True
                return
            corp = self.corp
            if not corp.floated or self.game.in_liquidation(corp):
                continue
            self.start_operating()
            return

    def start_operating(self) -> None:
        self.stage = "track"
        self.lays = 0
        self.laid = []
        self.revenue = 0
        self.after_payoff = False
        self.paid_interest = False
        self.acted = False
        self.advance()

    def advance(self) -> None:
        """Move past steps that have nothing to decide; settle interest; end the turn."""
        game = self.game
        while not self.finished:
            if self.crisis() is not None or (self.discarding() and not self.ahead_of_discard()):
                return
            corp = self.corp
            stage = self.stage
            # a corporation whose president went bankrupt in its turn has no one to decide
            # for it: it runs nothing, buys nothing and pays its interest
            led = isinstance(corp.owner, int)
            if stage == "track":
                affordable = game.buying_power(corp) >= game.lay_cost(corp, self.lays)
                if self.lays < 2 and affordable and corp.tokens and led:
                    return
                self.stage = "token"
            elif stage == "token":
                if corp.tokens_placed < corp.tokens and led and token_cities(game, corp):
                    return
                self.stage = "route"
            elif stage == "route":
                if corp.trains and led and can_run(game.board, corp.sym):
                    return
                self.revenue = 0
                self.pay_dividend("withhold")
                self.stage = "buy_train"
            elif stage == "dividend":
                if self.revenue:
                    return
                self.pay_dividend("withhold")
                self.stage = "buy_train"
            elif stage == "buy_train":
                if self.can_buy_train():
                    return
                self.stage = "loan"
                if self.acted:
                    self.pay_interest()
            elif stage == "loan":
                if self.loan_step_blocks():
                    return
                self.stage = "done"
            else:
                if not corp.trains and self.acted:
                    game.liquidate(corp)
                corp.operated = True
                self.next_entity()

    def loan_step_blocks(self) -> bool:
        corp = self.corp
        if self.game.in_liquidation(corp) or not isinstance(corp.owner, int):
            return False
        can_payoff = bool(corp.loans) and corp.cash >= LOAN_VALUE and not self.after_payoff
        return self.paid_interest and (can_payoff or self.game.can_take_loan(corp))

    def pay_interest(self) -> None:
        game = self.game
        corp = self.corp
        self.paid_interest = True
        owed = game.interest_owed_for(corp)
        if owed == 0:
            return
        while owed > corp.cash and game.loans and len(corp.loans) < corp.total_shares:
            game.take_loan(corp)
            owed = game.interest_owed_for(corp)
        if owed <= corp.cash:
            corp.cash -= owed
            return
        owner = corp.owner
        game.liquidate(corp)
        if isinstance(owner, int):
            player = game.player_by_id[owner]
            if corp.cash > 0:
                player.cash += corp.cash
                corp.cash = 0
            player.cash -= owed

    def pay_dividend(self, kind: str) -> None:
        self.game.pay_dividend(self.corp, self.revenue, kind)

    # -- what the operating corporation may do ------------------------------------------------

    def may_take_loan(self) -> bool:
        return self.game.can_take_loan(self.corp)

    def may_pay_off(self) -> bool:
        """After interest, a loan may be repaid with cash, but not once a loan was taken
        after interest (rule 4.26)."""
        corp = self.corp
        return (
            self.stage == "loan"
            and bool(corp.loans)
            and corp.cash >= LOAN_VALUE
            and not self.after_payoff
        )

    def can_buy_train(self) -> bool:
        """Room under the limit and the buying power for the cheapest train offered (a
        train of another corporation, obsolete ones aside, may be had for $1; as on
        18xx.games, that counts the trains left with corporations the bank liquidated)."""
        game, corp = self.game, self.corp
        if game.train_count(corp) >= game.train_limit or not isinstance(corp.owner, int):
            return False
        offered = [*game.depot[:1], *(t for t in game.discarded if not t.obsolete)]
        prices = [game.train_types[t.name].price for t in offered]
        others = [t for c in game.corps.values() if c is not corp for t in c.trains]
        if any(not t.obsolete for t in [*others, *game.left_trains]):
            prices.append(1)
        return bool(prices) and game.buying_power(corp) >= min(prices)

    def depot_trains(self) -> list[Action]:
        """The depot's next train and the first discarded train of each type, at face
        value, with room under the limit and the cash to pay (rule 4.23)."""
        game, corp = self.game, self.corp
        if self.stage != "buy_train" or len(corp.trains) >= game.train_limit:
            return []
        discarded = {t.name: t for t in reversed(game.discarded) if not t.obsolete}
        out = []
        for train in [*game.depot[:1], *discarded.values()]:
            price = game.train_types[train.name].price
            if price <= corp.cash:
                out.append(make("buy_train", corp.sym, train=train.id, price=price))
        return out

    def train_sale_refusal(self, train_id: str, price: int) -> str | None:
        """Why the operating corporation may not buy another corporation's train for
        ``price`` (any amount from $1 to its cash), or ``None`` when it may."""
        game, corp = self.game, self.corp
        owner = next((c for c in game.corps.values() for t in c.trains if t.id == train_id), None)
        if owner is None:
            return f"no train {train_id} is for sale"
        train = next(t for t in owner.trains if t.id == train_id)
        if owner.sym == corp.sym:
            return f"{corp.sym} cannot buy its own train"
        if game.in_liquidation(owner):
            return f"{owner.sym} is in liquidation: its trains cannot be bought"
        if train.obsolete:
            return f"{train_id} is obsolete"
        if not 1 <= price <= corp.cash:
            return f"{corp.sym} may pay from 1 to its cash {corp.cash} for {train_id}, not {price}"
        return None


class Operate(Step):
    """The operating corporation's turn; ``name`` follows its stage (Track, Token, Route,
    Dividend, BuyTrain, Loan). Loans may be taken in any stage, privates used any time."""

    def __init__(self, rnd: OperatingRound) -> None:
        super().__init__(rnd.game)
        self.round = rnd
        self.takes = {
            "lay_tile": self.on_lay_tile,
            "place_token": self.on_place_token,
            "run_routes": self.on_run_routes,
            "dividend": self.on_dividend,
            "buy_train": self.on_buy_train,
            "pass": self.on_pass,
            "take_loan": self.on_take_loan,
            "payoff_loan": self.on_payoff_loan,
            "assign": self.on_assign,
        }

    @property
    def name(self) -> str:
        return STEP_NAMES[self.round.stage]

    def blocking(self) -> bool:
        return not self.round.finished

    def actor(self) -> str:
        return self.round.corp.sym

    def may_pass(self) -> bool:
        return self.round.stage in ("track", "token", "buy_train", "loan")

    def legal(self) -> list[Action]:
        """Every decision of the operating corporation but a train from another
        corporation, which may cost any amount from $1 (not listed); of the routes, the
        router's best set and running none."""
        rnd = self.round
        sym = rnd.corp.sym
        out = map_actions(self.game, rnd.corp, rnd.stage, rnd.laid)
        if rnd.stage == "loan":  # the loan step blocks a private's bridge, as on 18xx.games
            out = [a for a in out if a.type != "assign"]
        out += [make("take_loan", rnd.corp.sym)] if rnd.may_take_loan() else []
        if self.may_pass():
            out.append(make("pass", sym))
        if rnd.stage == "dividend":
            out += [make("dividend", sym, kind=k) for k in DIVIDENDS]
        out += rnd.depot_trains()
        if rnd.may_pay_off():
            out.append(make("payoff_loan", rnd.corp.sym))
        return out

    def on_lay_tile(self, action: Action) -> None:
        rnd = self.round
        require(rnd.stage == "track", f"{rnd.corp.sym} cannot lay track now")
        company = str(action.entity) if action.entity_type == "company" else None
        hex_id = str(action.get("hex"))
        tile, rotation = str(action.get("tile")), action.get("rotation")
        refusal = lay_refusal(self.game, rnd.corp, company, rnd.laid, hex_id, tile, rotation)
        require(refusal is None, str(refusal))
        assert isinstance(rotation, int)
        upgrade = self.game.board.tile_at(hex_id)[1].color != "white"
        self.game.lay_tile(rnd.corp, hex_id, tile, rotation, rnd.lays, company)
        rnd.laid.append((hex_id, upgrade))
        rnd.lays += 1
        rnd.advance()

    def on_place_token(self, action: Action) -> None:
        rnd = self.round
        city = str(action.get("city"))
        require(
            city in token_cities(self.game, rnd.corp),
            f"{rnd.corp.sym} may not place a token in {city} (not reached, no open slot, "
            f"or already in that hex)",
        )
        self.game.place_token(rnd.corp, action)
        if rnd.stage in ("track", "token"):
            rnd.stage = "route"
        rnd.advance()

    def on_run_routes(self, action: Action) -> None:
        rnd = self.round
        routes = action.get("routes") or []
        require(isinstance(routes, list), "run_routes needs a list of routes")
        computed = route_revenues(self.game, rnd.corp, list(routes))
        for route, value in zip(routes, computed, strict=True):
            recorded = route.get("revenue")
            require(
                recorded is None or int(recorded) == value,
                f"the route of {route.get('train')} earns {value}, not {recorded}",
            )
        revenue = sum(computed)
        rnd.revenue = revenue
        rnd.stage = "dividend"
        rnd.advance()

    def on_dividend(self, action: Action) -> None:
        rnd = self.round
        require(rnd.stage == "dividend", f"{rnd.corp.sym} has no revenue to pay out now")
        kind = str(action.get("kind"))
        require(kind in DIVIDENDS, f"unknown dividend {kind} (payout, half or withhold)")
        rnd.pay_dividend(kind)
        rnd.stage = "buy_train"
        rnd.advance()

    def on_buy_train(self, action: Action) -> None:
        rnd, game = self.round, self.game
        corp = rnd.corp
        require(rnd.stage == "buy_train", f"{corp.sym} cannot buy trains now")
        require(
            len(corp.trains) < game.train_limit,
            f"{corp.sym} is at the train limit of {game.train_limit}",
        )
        train_id = str(action.get("train"))
        price = int_field(action, "price")
        if game.depot_train(train_id) is not None:
            options = rnd.depot_trains()
            require(
                action.key() in {a.key() for a in options},
                f"{corp.sym} cannot buy {train_id} for {price}: the depot sells its next "
                f"train and the first discarded one of each type, at face value, for cash "
                f"({', '.join(str(a.get('train')) for a in options) or 'none affordable'})",
            )
        else:
            refusal = rnd.train_sale_refusal(train_id, price)
            require(refusal is None, str(refusal))
        game.buy_train(corp, train_id, price, rnd.round_num)
        rnd.advance()

    def on_pass(self, action: Action) -> None:
        rnd = self.round
        require(self.may_pass(), f"{rnd.corp.sym} cannot pass in the {self.name} step")
        if rnd.stage == "track":
            rnd.stage = "token"
        elif rnd.stage == "token":
            rnd.stage = "route"
        elif rnd.stage == "buy_train":
            rnd.stage = "loan"
            rnd.pay_interest()
        else:
            rnd.stage = "done"
        rnd.advance()

    def on_take_loan(self, action: Action) -> None:
        rnd = self.round
        require(rnd.may_take_loan(), f"{rnd.corp.sym} cannot take another loan")
        if rnd.stage == "loan" and rnd.paid_interest:
            rnd.after_payoff = True
        self.game.take_loan(rnd.corp)
        rnd.advance()

    def on_payoff_loan(self, action: Action) -> None:
        rnd = self.round
        require(
            rnd.may_pay_off(),
            f"{rnd.corp.sym} cannot pay off a loan now (only after interest, with $100 "
            f"in cash, and not after taking a loan then)",
        )
        self.game.payoff_loan(rnd.corp)
        rnd.advance()

    def on_assign(self, action: Action) -> None:
        require(action.entity_type == "company", "only a private assigns in an operating round")
        require(
            self.round.stage != "loan",
            f"{action.entity} may not place a bridge while {self.round.corp.sym} decides on loans",
        )
        company, target = str(action.entity), str(action.get("target"))
        require(
            target in bridge_targets(self.game, self.round.corp, company),
            f"{company} may not place a bridge on {target} now",
        )
        self.game.assign_company(action)
        self.round.advance()
