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
from takeover.g1817.rounds.base import Round

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817

STEP_NAMES = {
    "track": "Track",
    "token": "Token",
    "route": "Route",
    "dividend": "Dividend",
    "buy_train": "BuyTrain",
    "loan": "Loan",
    "done": "",
}
UNKNOWN = "?"
"""What :meth:`OperatingRound.next_kind` says without a record: every step stays open."""
FREE_ACTIONS = frozenset(
    {"take_loan", "assign", "message", "program_share_pass", "program_merger_pass"}
)
"""Actions a corporation may take in any step of its turn; hints look past them."""


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
        self.revenue = 0
        self.after_payoff = False
        self.paid_interest = False
        self.forced_token = False
        self.next_entity()

    # -- who acts ----------------------------------------------------------------------------

    @property
    def corp(self) -> Corporation:
        return self.game.corps[self.entities[self.index]]

    def step(self) -> str:
        if self.crisis():
            return "CashCrisis"
        if self.discarding():
            return "DiscardTrain"
        return STEP_NAMES[self.stage]

    def current(self) -> int | str | None:
        crisis = self.crisis()
        if crisis is not None:
            return crisis
        discard = self.discarding()
        if discard:
            return discard
        if self.finished:
            return None
        return self.corp.sym

    def crisis(self) -> int | None:
        """The first player in debt, looking from the operating corporation's president."""
        if self.finished or not 0 <= self.index < len(self.entities):
            return None
        owner = self.corp.owner
        return self.game.crisis_player_from(owner) if isinstance(owner, int) else None

    def discarding(self) -> str | None:
        return self.game.corp_over_train_limit()

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
        self.revenue = 0
        self.after_payoff = False
        self.paid_interest = False
        self.forced_token = False
        self.advance()

    def hint(self) -> list[Action]:
        """The corporation's next recorded actions in this turn (empty without a record)."""
        return self.game.upcoming_actions_of(self.corp)

    def next_kind(self, skip: int = 0) -> str | None:
        """The type of the corporation's next recorded decision (:data:`UNKNOWN` live)."""
        if self.game.upcoming is None:
            return UNKNOWN
        kinds = [a.type for a in self.hint() if a.type not in FREE_ACTIONS]
        return kinds[skip] if len(kinds) > skip else None

    def token_step_fits(self) -> bool:
        """Whether the recorded turn reads right with the token step still open.

        A corporation without trains that passes may be passing its token step or its
        train step; only the map knows. Replaying the rest of its recorded turn on a copy
        with the token step open tells which reading ends the turn exactly.
        """
        if self.forced_token:
            return True
        game = self.game
        actions = self.hint()
        trial = game.clone()
        rnd = trial.round
        assert isinstance(rnd, OperatingRound)
        rnd.forced_token = True
        index = self.index
        try:
            for i, action in enumerate(actions):
                if rnd.finished or rnd.index != index:
                    return False
                trial.upcoming = actions[i + 1 :]
                trial.push(action)
        except Exception:
            return False
        return rnd.finished or rnd.index != index or trial.round is not rnd

    def advance(self) -> None:
        """Move past steps that have nothing to decide; settle interest; end the turn."""
        game = self.game
        while not self.finished:
            if self.crisis() is not None or self.discarding():
                return
            corp = self.corp
            stage = self.stage
            if stage == "track":
                nxt = self.next_kind()
                affordable = game.buying_power(corp) >= game.lay_cost(corp, self.lays)
                if self.lays < 2 and affordable and nxt in ("lay_tile", "pass", UNKNOWN):
                    return
                self.stage = "token"
            elif stage == "token":
                nxt = self.next_kind()
                if corp.tokens_placed < corp.tokens and nxt in ("place_token", UNKNOWN):
                    return
                if corp.tokens_placed < corp.tokens and nxt == "pass":
                    if corp.trains and self.next_kind(1) == "run_routes":
                        return
                    if not corp.trains and self.token_step_fits():
                        return
                self.stage = "route"
            elif stage == "route":
                if corp.trains and self.next_kind() in ("run_routes", UNKNOWN):
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
                room = game.train_count(corp) < game.train_limit
                nxt = self.next_kind()
                if room and nxt in ("buy_train", "pass", "discard_train", "sell_shares", UNKNOWN):
                    return
                self.stage = "loan"
                self.pay_interest()
            elif stage == "loan":
                if self.loan_step_blocks():
                    return
                self.stage = "done"
            else:
                if not corp.trains:
                    game.liquidate(corp)
                corp.operated = True
                self.next_entity()

    def loan_step_blocks(self) -> bool:
        corp = self.corp
        if self.game.in_liquidation(corp):
            return False
        can_payoff = bool(corp.loans) and corp.cash >= LOAN_VALUE and not self.after_payoff
        return can_payoff or (self.paid_interest and self.game.can_take_loan(corp))

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

    # -- actions -----------------------------------------------------------------------------

    def check_operator(self, action: Action) -> Corporation:
        corp = self.game.acting_corporation(action)
        if self.finished or corp.sym != self.corp.sym:
            raise IllegalAction(f"{corp.sym} is not operating")
        return corp

    def after(self) -> None:
        self.advance()

    def on_lay_tile(self, action: Action) -> None:
        corp = self.check_operator(action)
        if self.stage != "track":
            raise IllegalAction(f"{corp.sym} cannot lay track now")
        company = str(action.entity) if action.entity_type == "company" else None
        hex_id = str(action.get("hex"))
        self.game.lay_tile(corp, hex_id, str(action.get("tile")), self.lays, company)
        self.lays += 1
        self.after()

    def on_place_token(self, action: Action) -> None:
        corp = self.check_operator(action)
        self.game.place_token(corp, action)
        if self.stage in ("track", "token"):
            self.stage = "route"
        self.after()

    def on_run_routes(self, action: Action) -> None:
        self.check_operator(action)
        routes = action.get("routes") or []
        revenue = 0
        for route in routes:
            if "revenue" not in route:
                raise IllegalAction(
                    "route revenue is not recorded (stage 1 reads it from the action)"
                )
            revenue += int(route["revenue"])
        revenue += int(action.get("extra_revenue") or 0)
        self.revenue = revenue
        self.stage = "dividend"
        self.after()

    def on_dividend(self, action: Action) -> None:
        self.check_operator(action)
        kind = str(action.get("kind"))
        if kind not in ("payout", "half", "withhold"):
            raise IllegalAction(f"unknown dividend {kind}")
        self.pay_dividend(kind)
        self.stage = "buy_train"
        self.after()

    def pay_dividend(self, kind: str) -> None:
        self.game.pay_dividend(self.corp, self.revenue, kind)

    def on_buy_train(self, action: Action) -> None:
        corp = self.check_operator(action)
        if self.stage != "buy_train":
            raise IllegalAction(f"{corp.sym} cannot buy trains now")
        self.game.buy_train(
            corp, str(action.get("train")), int(action.get("price")), self.round_num
        )
        self.after()

    def after_discard(self) -> None:
        self.after()

    def on_pass(self, action: Action) -> None:
        if action.is_player:
            raise IllegalAction("a player cannot pass in an operating round")
        corp = self.check_operator(action)
        if self.stage == "track":
            self.stage = "token"
        elif self.stage == "token":
            self.stage = "route"
        elif self.stage == "buy_train":
            self.stage = "loan"
            self.pay_interest()
        elif self.stage == "loan":
            self.stage = "done"
        else:
            raise IllegalAction(f"{corp.sym} cannot pass in the {self.stage} step")
        self.after()

    def on_take_loan(self, action: Action) -> None:
        corp = self.check_operator(action)
        if self.stage == "loan" and self.paid_interest:
            self.after_payoff = True
        self.game.take_loan(corp)
        self.after()

    def on_payoff_loan(self, action: Action) -> None:
        corp = self.check_operator(action)
        if self.stage != "loan":
            raise IllegalAction(f"{corp.sym} pays off loans only after interest")
        self.game.payoff_loan(corp)
        self.after()

    def on_assign(self, action: Action) -> None:
        self.game.assign_company(action)
        self.after()

    def on_sell_shares(self, action: Action) -> None:
        self.game.crisis_sell(action)
        self.after()

    def on_bankrupt(self, action: Action) -> None:
        if int(action.entity) != self.crisis():
            raise IllegalAction(f"player {action.entity} is not in a cash crisis")
        self.game.bankrupt(action)
        if not self.game.finished:
            self.after()
