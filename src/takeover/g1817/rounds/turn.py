"""The steps of a corporation's operating turn, in order: Track, Token, Route, Dividend,
BuyTrain, Loan; and two that act beside them: a loan taken in any step, a private's bridge
placed in any step before Loan (rules 4.5-4.26).

Each step owns its actions. :meth:`TurnStep.options` lists them and
:meth:`TurnStep.refusal` says why one is not legal, from the same rule (the listing's
own options, or the map's rule the listing enumerates), so what is listed is what is
accepted; :meth:`TurnStep.waits` says whether the step has a decision for the
corporation (otherwise the round moves past it, calling :meth:`TurnStep.skip`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.g1817.actions import Action
from takeover.g1817.entities import Corporation, Train
from takeover.g1817.game import LOAN_VALUE
from takeover.g1817.map.graph import can_run
from takeover.g1817.rounds.base import Step, among, int_field, make, require
from takeover.g1817.track import (
    bridge_actions,
    lay_actions,
    lay_refusal,
    route_actions,
    route_revenues,
    token_actions,
    token_cities,
)

if TYPE_CHECKING:
    from takeover.g1817.rounds.operating import OperatingRound

DIVIDENDS = ("payout", "half", "withhold")


class TurnStep(Step):
    """One step of the operating corporation's turn; ``types`` are the action types it
    owns, ``passes`` whether the corporation may pass it."""

    types: tuple[str, ...] = ()
    passes = False

    def __init__(self, rnd: OperatingRound) -> None:
        super().__init__(rnd.game)
        self.round = rnd
        takes = dict.fromkeys(self.types, self.on_action)
        if self.passes:
            takes["pass"] = self.on_pass
        self.takes = takes

    @property
    def corp(self) -> Corporation:
        return self.round.corp

    @property
    def led(self) -> bool:
        """Whether a president decides for the corporation (not after a bankruptcy in its
        turn: it then runs and buys nothing and pays its interest)."""
        return isinstance(self.corp.owner, int)

    def blocking(self) -> bool:
        return not self.round.finished and self.round.turn_step is self

    def actor(self) -> str:
        return self.corp.sym

    def waits(self) -> bool:
        """Whether the corporation has a decision in this step now."""
        raise NotImplementedError

    def skip(self) -> None:
        """What ending the step without a decision that ends it does (a pass, or nothing
        left to decide)."""

    def before_discard(self) -> bool:
        """Whether the corporation goes on in this step before a corporation above the
        train limit discards (see :meth:`OperatingRound.ahead_of_discard`)."""
        return False

    def options(self) -> list[Action]:
        """The step's own listed actions (a pass apart)."""
        raise NotImplementedError

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` (one of :attr:`types`) is not legal now, or ``None``."""
        wanted = action.key()
        if any(option.key() == wanted for option in self.options()):
            return None
        return f"{action} is not legal in {self.corp.sym}'s {self.name} step"

    def act(self, action: Action) -> None:
        """Apply ``action``, already checked."""
        raise NotImplementedError

    def legal(self) -> list[Action]:
        out = self.options()
        if self.passes:
            out.append(make("pass", self.corp.sym))
        for helper in self.round.beside(self):
            out += helper.legal()
        return out

    def on_action(self, action: Action) -> None:
        refusal = self.refusal(action)
        require(refusal is None, str(refusal))
        self.act(action)
        self.round.advance()

    def on_pass(self, action: Action) -> None:
        self.round.close_step()
        self.round.advance()


class Track(TurnStep):
    """Up to two lays, the second for a fee and not an upgrade after an upgrade; a
    private's lay counts as one (rules 4.5-4.14). Open while a lay is left that the
    corporation could pay for, even when none is legal, as on 18xx.games."""

    types = ("lay_tile",)
    passes = True

    def waits(self) -> bool:
        rnd, game, corp = self.round, self.game, self.corp
        affordable = game.buying_power(corp) >= game.lay_cost(corp, rnd.lays)
        return rnd.lays < 2 and affordable and bool(corp.tokens) and self.led

    def options(self) -> list[Action]:
        return lay_actions(self.game, self.corp, self.round.laid)

    def refusal(self, action: Action) -> str | None:
        company = str(action.entity) if action.entity_type == "company" else None
        hex_id, tile = str(action.get("hex")), str(action.get("tile"))
        rotation = action.get("rotation")
        return lay_refusal(self.game, self.corp, company, self.round.laid, hex_id, tile, rotation)

    def act(self, action: Action) -> None:
        rnd = self.round
        company = str(action.entity) if action.entity_type == "company" else None
        hex_id, tile, rotation = (
            str(action.get("hex")),
            str(action.get("tile")),
            action.get("rotation"),
        )
        assert isinstance(rotation, int)
        upgrade = self.game.board.tile_at(hex_id)[1].color != "white"
        self.game.lay_tile(rnd.corp, hex_id, tile, rotation, rnd.lays, company)
        rnd.laid.append((hex_id, upgrade))
        rnd.lays += 1


class Token(TurnStep):
    """One token in a city the network reaches (rule 4.15); the step ends with it."""

    types = ("place_token",)
    passes = True

    def waits(self) -> bool:
        corp = self.corp
        return corp.tokens_placed < corp.tokens and self.led and bool(token_cities(self.game, corp))

    def options(self) -> list[Action]:
        return token_actions(self.game, self.corp)

    def refusal(self, action: Action) -> str | None:
        if super().refusal(action) is None:
            return None
        return (
            f"{self.corp.sym} may not place a token in {action.get('city')} (not reached, "
            f"no open slot, no token left, or already in that hex)"
        )

    def act(self, action: Action) -> None:
        self.game.place_token(self.corp, action)
        self.round.move_on()


class Route(TurnStep):
    """The trains run; any legal set of routes is accepted, the router's best and none
    are listed (rules 4.16-4.20)."""

    types = ("run_routes",)

    def waits(self) -> bool:
        corp = self.corp
        return bool(corp.trains) and self.led and can_run(self.game.board, corp.sym)

    def skip(self) -> None:
        self.round.revenue = 0

    def options(self) -> list[Action]:
        return route_actions(self.game, self.corp)

    def on_action(self, action: Action) -> None:
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
        rnd.revenue = sum(computed)
        rnd.move_on()
        rnd.advance()


class Dividend(TurnStep):
    """Pay out, half pay or withhold the revenue; none is withheld (rules 4.21-4.22)."""

    types = ("dividend",)

    def waits(self) -> bool:
        return self.round.revenue > 0

    def skip(self) -> None:
        self.round.pay_dividend("withhold")

    def options(self) -> list[Action]:
        return [make("dividend", self.corp.sym, kind=k) for k in DIVIDENDS]

    def refusal(self, action: Action) -> str | None:
        kind = action.get("kind")
        return None if kind in DIVIDENDS else f"unknown dividend {kind} (payout, half or withhold)"

    def act(self, action: Action) -> None:
        self.round.pay_dividend(str(action.get("kind")))
        self.round.move_on()


class BuyTrain(TurnStep):
    """Trains, one at a time, below the train limit (rule 4.23): the depot's next and the
    first discarded one of each type at face value, for cash; another corporation's for
    any price from $1 to the buyer's cash, listed once per train with that range (``price``
    its lowest, ``max_price`` its highest). Interest follows the step (rule 4.24)."""

    types = ("buy_train",)
    passes = True

    def waits(self) -> bool:
        """Room, a president, and the buying power for the cheapest train offered; as on
        18xx.games, any other corporation's train counts at $1, even one of a corporation
        in liquidation or left with one the bank liquidated (neither is for sale)."""
        game, corp = self.game, self.corp
        if not game.room_for_train(corp) or not self.led:
            return False
        offered = [*game.depot[:1], *(t for t in game.discarded if not t.obsolete)]
        prices = [game.train_types[t.name].price for t in offered]
        others = [t for c in game.corps.values() if c is not corp for t in c.trains]
        if any(not t.obsolete for t in [*others, *game.left_trains]):
            prices.append(1)
        return bool(prices) and game.buying_power(corp) >= min(prices)

    def skip(self) -> None:
        if self.round.acted:
            self.round.pay_interest()

    def before_discard(self) -> bool:
        return not self.waits()

    def depot_offers(self) -> list[Train]:
        """The depot's next train and the first discarded train of each type."""
        game = self.game
        discarded = {t.name: t for t in reversed(game.discarded) if not t.obsolete}
        return [*game.depot[:1], *discarded.values()]

    def sellers(self) -> list[tuple[Corporation, Train]]:
        """Other corporations' trains for sale: not obsolete, not in liquidation."""
        game, corp = self.game, self.corp
        return [
            (other, train)
            for other in game.operating_order()
            if other is not corp and not game.in_liquidation(other)
            for train in other.trains
            if not train.obsolete
        ]

    def options(self) -> list[Action]:
        game, corp = self.game, self.corp
        if not game.room_for_train(corp):
            return []
        out = []
        for train in self.depot_offers():
            price = game.train_types[train.name].price
            if price <= corp.cash:
                out.append(make("buy_train", corp.sym, train=train.id, price=price))
        if corp.cash >= 1:
            out += [
                make("buy_train", corp.sym, train=t.id, price=1, max_price=corp.cash)
                for _, t in self.sellers()
            ]
        return out

    def refusal(self, action: Action) -> str | None:
        game, corp = self.game, self.corp
        train_id = str(action.get("train"))
        price = action.get("price")
        if not isinstance(price, int) or isinstance(price, bool):
            return "buy_train needs an integer price"
        if not game.room_for_train(corp):
            return f"{corp.sym} is at the train limit of {game.train_limit}"
        for option in self.options():
            if option.get("train") != train_id:
                continue
            low, high = option.get("price"), option.get("max_price")
            if high is None:
                return None if price == low else f"{train_id} costs {low} (face value), not {price}"
            if low <= price <= high:
                return None
            return f"{corp.sym} may pay from {low} to {high} for {train_id}, not {price}"
        return (
            f"{corp.sym} cannot buy {train_id}: the depot sells its next train and the first "
            f"discarded one of each type, at face value, for cash; other corporations' trains "
            f"(not obsolete, not in liquidation) cost $1 to the buyer's cash"
        )

    def act(self, action: Action) -> None:
        rnd = self.round
        rnd.game.buy_train(
            rnd.corp, str(action.get("train")), int_field(action, "price"), rnd.round_num
        )


class Loan(TurnStep):
    """After interest: repay loans with cash, or take more, but not a repayment after a
    loan taken then (rule 4.26)."""

    types = ("payoff_loan", "take_loan")
    passes = True

    def waits(self) -> bool:
        rnd, game, corp = self.round, self.game, self.corp
        if game.in_liquidation(corp) or not self.led:
            return False
        return rnd.paid_interest and (self.may_pay_off() or game.can_take_loan(corp))

    def before_discard(self) -> bool:
        return self.waits()

    def may_pay_off(self) -> bool:
        corp = self.corp
        return bool(corp.loans) and corp.cash >= LOAN_VALUE and not self.round.after_payoff

    def options(self) -> list[Action]:
        sym = self.corp.sym
        out = [make("take_loan", sym)] if self.game.can_take_loan(self.corp) else []
        return out + ([make("payoff_loan", sym)] if self.may_pay_off() else [])

    def refusal(self, action: Action) -> str | None:
        if super().refusal(action) is None:
            return None
        if action.type == "take_loan":
            return f"{self.corp.sym} cannot take another loan"
        return (
            f"{self.corp.sym} cannot pay off a loan now (only after interest, with $100 in "
            f"cash, and not after taking a loan then)"
        )

    def act(self, action: Action) -> None:
        rnd = self.round
        if action.type == "take_loan":
            if rnd.paid_interest:
                rnd.after_payoff = True
            self.game.take_loan(rnd.corp)
        else:
            self.game.payoff_loan(rnd.corp)


class Beside(Step):
    """A step that acts beside the turn's step (never blocking): see
    :meth:`OperatingRound.beside`."""

    def __init__(self, rnd: OperatingRound) -> None:
        super().__init__(rnd.game)
        self.round = rnd

    def blocking(self) -> bool:
        return False

    def actor(self) -> str:
        return self.round.corp.sym

    def check(self, action: Action, reason: str) -> None:
        among(action, self.legal(), reason)


class TakeLoan(Beside):
    """A loan, in any step of the turn (rule 4.25)."""

    def __init__(self, rnd: OperatingRound) -> None:
        super().__init__(rnd)
        self.takes = {"take_loan": self.on_take_loan}

    def legal(self) -> list[Action]:
        corp = self.round.corp
        return [make("take_loan", corp.sym)] if self.game.can_take_loan(corp) else []

    def on_take_loan(self, action: Action) -> None:
        self.check(action, f"{self.round.corp.sym} cannot take another loan")
        self.game.take_loan(self.round.corp)
        self.round.advance()


class Bridge(Beside):
    """A bridge private's bridge, in any step before Loan, as on 18xx.games (whose loan
    step blocks it)."""

    def __init__(self, rnd: OperatingRound) -> None:
        super().__init__(rnd)
        self.takes = {"assign": self.on_assign}

    def legal(self) -> list[Action]:
        return bridge_actions(self.game, self.round.corp)

    def on_assign(self, action: Action) -> None:
        require(action.entity_type == "company", "only a private assigns in an operating round")
        target = action.get("target")
        self.check(action, f"{action.entity} may not place a bridge on {target} now")
        self.game.assign_company(action)
        self.round.advance()
