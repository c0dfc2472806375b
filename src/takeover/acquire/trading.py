"""Player-to-player trading: proposals, answers and transfers (section 7 of the rules)."""

from __future__ import annotations

from typing import Any

from takeover.acquire.actions import Offer, ProposeTrade
from takeover.acquire.constants import ANSWER, PLACE


class TradingSteps:
    """Trading, as a mixin of :class:`~takeover.acquire.state.AcquireState`."""

    __slots__ = ()

    def _proposal_problem(self, offer: ProposeTrade) -> str | None:
        if not self.ctx.ruleset.player_trading:
            return "player-to-player trading is not enabled at this table"
        if self.phase != PLACE or self.placed:
            return "trades may only be proposed by the active player before placing a tile"
        if self.trades_offered >= self.ctx.ruleset.max_trade_offers:
            return f"at most {self.ctx.ruleset.max_trade_offers} trade offers per turn"
        to = offer.to
        if not isinstance(to, int) or not 0 <= to < self.num_players or to == self.active:
            return f"seat {to!r} is not another player at this table"
        malformed = offer.give.problem() or offer.get.problem()
        if malformed:
            return malformed
        if offer.give.is_empty() and offer.get.is_empty():
            return "a trade must exchange something"
        problem = self._side_problem(self.active, offer.give, "you")
        if problem:
            return problem
        if not self.ctx.ruleset.hidden_holdings:
            return self._side_problem(offer.to, offer.get, f"seat {offer.to}")
        return None

    def _trade_problem(self, offer: ProposeTrade) -> str | None:
        """Whether both sides can still deliver (checked again on acceptance)."""
        return self._side_problem(self.active, offer.give, "the proposer") or self._side_problem(
            offer.to, offer.get, "you"
        )

    def _side_problem(self, seat: int, side: Offer, who: str) -> str | None:
        if side.cash > self.cash[seat]:
            return f"{who} cannot give ${side.cash:,} (cash ${self.cash[seat]:,})"
        for chain, n in side.shares:
            held = self.shares[seat][chain]
            if held < n:
                return f"{who} cannot give {n} {self._name(chain)} (holding {held})"
        return None

    def _propose(self, offer: ProposeTrade) -> None:
        self.trades_offered += 1
        self.at_start = False
        self.pending_trade = offer
        self.phase = ANSWER
        self.decider = offer.to
        if self._log is not None:
            self._emit("trade_proposed", player=self.active, **self._trade_data(offer))

    def _answer(self, accept: bool) -> None:
        offer = self.pending_trade
        assert offer is not None
        if accept:
            self._transfer(self.active, offer.to, offer.give)
            self._transfer(offer.to, self.active, offer.get)
        if self._log is not None:
            self._emit(
                "trade_answered", player=offer.to, accepted=accept, **self._trade_data(offer)
            )
        self.pending_trade = None
        self.phase = PLACE
        self.decider = self.active
        if not self._playable:
            self._maybe_skip_to_buy()

    def _transfer(self, giver: int, taker: int, side: Offer) -> None:
        self.cash[giver] -= side.cash
        self.cash[taker] += side.cash
        for chain, n in side.shares:
            self.shares[giver][chain] -= n
            self.shares[taker][chain] += n

    def _trade_data(self, offer: ProposeTrade) -> dict[str, Any]:
        notation = self.ctx.notation
        return {
            "from": self.active,
            "to": offer.to,
            "give": notation._offer_dict(offer.give),
            "get": notation._offer_dict(offer.get),
        }
