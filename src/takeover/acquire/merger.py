"""Mergers: survivor, defunct order, bonuses and disposals (rules 6.1-6.7)."""

from __future__ import annotations

from takeover.acquire.constants import DEFUNCT, DISPOSE
from takeover.acquire.data import bonuses


class MergerSteps:
    """Merger resolution, as a mixin of :class:`~takeover.acquire.state.AcquireState`."""

    __slots__ = ()

    def _begin_merger(self, survivor: int, forced: bool = False) -> None:
        self.survivor = survivor
        defunct = [c for c in self.merge_chains if c != survivor]
        self._defunct = defunct
        if self._log is not None:
            self._emit("survivor_chosen", chain=self._name(survivor), forced=forced)
        if self.ctx.ruleset.bonuses_first:
            sizes = self.sizes
            for c in sorted(defunct, key=lambda c: (-sizes[c], c)):
                self._pay_bonuses(c, "merger")
        self._next_defunct()

    def _next_defunct(self) -> None:
        if not self._defunct:
            self._finish_merger()
            return
        largest = self._largest(self._defunct)
        if len(largest) == 1:
            self._resolve_defunct(largest[0], forced=True)
        else:
            self.phase = DEFUNCT
            self.decider = self.active

    def _resolve_defunct(self, chain: int, forced: bool = False) -> None:
        defunct = self._defunct
        defunct.remove(chain)
        defunct.insert(0, chain)
        if self._log is not None:
            self._emit(
                "defunct_resolved",
                chain=self._name(chain),
                size=self.sizes[chain],
                survivor=self._name(self.survivor),
                forced=forced,
            )
        if not self.ctx.ruleset.bonuses_first:
            self._pay_bonuses(chain, "merger")
        n = self.num_players
        order = self.order
        seats = [order[(self.mergemaker_pos + i) % n] for i in range(n)]
        self._disposers = [s for s in seats if self.shares[s][chain]]
        self._next_disposer()

    def _next_disposer(self) -> None:
        if self._disposers:
            self.phase = DISPOSE
            self.decider = self._disposers[0]
            return
        self._defunct.pop(0)
        self.decider = self.active
        self._next_defunct()

    def _dispose(self, sell: int, trade: int) -> None:
        seat = self.decider
        assert seat is not None
        chain, survivor = self._defunct[0], self.survivor
        price = self.price(chain)
        held = self.shares[seat]
        held[chain] -= sell + trade
        self.bank[chain] += sell + trade
        self.cash[seat] += sell * price
        held[survivor] += trade // 2
        self.bank[survivor] -= trade // 2
        if self._log is not None:
            self._emit(
                "shares_disposed",
                player=seat,
                chain=self._name(chain),
                sold=sell,
                proceeds=sell * price,
                traded=trade,
                received=trade // 2,
                survivor=self._name(survivor),
                kept=held[chain],
            )
        self._disposers.pop(0)
        self._next_disposer()

    def _finish_merger(self) -> None:
        survivor, tile = self.survivor, self.merge_tile
        for c in self.merge_chains:
            if c != survivor:
                self.sizes[c] = 0
        self.board[tile] = survivor
        self.sizes[survivor] += 1 + self._absorb(tile, survivor)
        if self._log is not None:
            self._emit("merger_completed", chain=self._name(survivor), size=self.sizes[survivor])
        self.merge_chains = ()
        self._enter_buy()

    def _pay_bonuses(self, chain: int, why: str) -> None:
        holdings = [s[chain] for s in self.shares]
        paid = bonuses(self.price(chain), holdings)
        for seat, amount in enumerate(paid):
            if amount:
                self.cash[seat] += amount
        if self._log is not None and any(paid):
            self._emit(
                "bonuses_paid",
                chain=self._name(chain),
                size=self.sizes[chain],
                reason=why,
                holdings=holdings,
                paid=paid,
            )
