"""The operating round: each corporation in turn lays track, places a token, runs, pays,
buys trains and decides its loans (rules 4.1-4.26).

The turn is an ordered list of steps (:mod:`takeover.g1817.rounds.turn`); the round
keeps the turn's state (lays made, revenue, interest paid), moves past the steps that
have nothing to decide, settles interest after the train step and ends the turn. A
player's cash crisis and a corporation above the train limit interrupt it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.entities import Corporation
from takeover.g1817.rounds.base import Round, Step
from takeover.g1817.rounds.interrupts import CashCrisis, DiscardTrain
from takeover.g1817.rounds.turn import (
    Bridge,
    BuyTrain,
    Dividend,
    Loan,
    Route,
    TakeLoan,
    Token,
    Track,
    TurnStep,
)

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817


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
        self.turn: tuple[TurnStep, ...] = (
            Track(self),
            Token(self),
            Route(self),
            Dividend(self),
            BuyTrain(self),
            Loan(self),
        )
        self.at = 0
        """Which step of :attr:`turn` the operating corporation is in (past the end: done)."""
        self.loans = TakeLoan(self)
        self.bridges = Bridge(self)
        # the operating corporation's turn
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

    @property
    def turn_step(self) -> TurnStep | None:
        """The step of the turn the operating corporation is in (``None`` once done)."""
        return self.turn[self.at] if self.at < len(self.turn) else None

    def steps(self) -> tuple[Step, ...]:
        turn = self.turn_step
        own = () if turn is None else (turn,)
        if self.discarding() and isinstance(turn, Loan) and turn.waits():
            return (self.cash_crisis, *own, self.discard)
        return (self.cash_crisis, self.discard, *own)

    def beside(self, step: Step) -> Sequence[Step]:
        """A loan may be taken in any step of the turn (the Loan step takes its own), a
        bridge placed in any step before Loan."""
        if not isinstance(step, TurnStep) or isinstance(step, Loan):
            return ()
        return (self.loans, self.bridges)

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
        turn = self.turn_step
        return turn is not None and turn.before_discard()

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
        self.at = 0
        self.lays = 0
        self.laid = []
        self.revenue = 0
        self.after_payoff = False
        self.paid_interest = False
        self.acted = False
        self.advance()

    def move_on(self) -> None:
        """The turn's step is done (its decision ended it)."""
        self.at += 1

    def close_step(self) -> None:
        """The turn's step ends without a decision that ends it (a pass, or nothing left
        to decide): it settles what it leaves behind."""
        turn = self.turn_step
        if turn is not None:
            turn.skip()
        self.at += 1

    def advance(self) -> None:
        """Move past steps that have nothing to decide; end the turn."""
        game = self.game
        while not self.finished:
            if self.crisis() is not None or (self.discarding() and not self.ahead_of_discard()):
                return
            turn = self.turn_step
            if turn is not None:
                if turn.waits():
                    return
                self.close_step()
                continue
            corp = self.corp
            if not corp.trains and self.acted:
                game.liquidate(corp)
            corp.operated = True
            self.next_entity()

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
