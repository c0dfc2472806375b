"""The turn: placing, founding, buying, drawing, dead tiles, the end (rules 5.1-5.9, 8.1-8.5)."""

from __future__ import annotations

from takeover.acquire.constants import (
    BUY,
    EMPTY,
    END_ALL_TILES,
    END_DECLARED,
    END_NO_PLACEMENT,
    FOUND,
    FOUNDING,
    GROWTH,
    LONE,
    ORPHAN,
    OVER,
    PLACE,
    SURVIVOR,
)
from takeover.acquire.data import NUM_CHAINS


class TurnSteps:
    """The steps of a turn, as a mixin of :class:`~takeover.acquire.state.AcquireState`."""

    __slots__ = ()

    def _start_turn(self, safe_labels: list[bool] | None) -> None:
        """The next turn, given the board's :meth:`_safe_labels`."""
        self.active = seat = self.order[self.turn_pos]
        self.decider = seat
        self.phase = PLACE
        self.placed = False
        self.at_start = True
        self.trades_offered = 0
        self.pending_trade = None
        self.turn_number += 1
        if self._log is not None:
            self._emit("turn_started", player=seat, turn=self.turn_number)
        self._playable = playable = self._playable_tiles(seat, safe_labels)
        if not playable:
            if self.hands[seat] and self._log is not None:
                names = self.ctx.board.names
                self._emit(
                    "hand_revealed",
                    player=seat,
                    tiles=[names[t] for t in sorted(self.hands[seat])],
                    reason="no playable tile",
                )
            self._maybe_skip_to_buy()

    def _maybe_skip_to_buy(self) -> None:
        """With no playable tile the player places nothing (rules 5.3, 11.1)."""
        if not self._may_declare_now() and not self.trading_open():
            self._enter_buy()

    def _place(self, tile: int) -> None:
        seat = self.active
        hand = self.hands[seat]
        i = hand.index(tile)
        self.hands[seat] = hand[:i] + hand[i + 1 :]
        self.placed = True
        self.at_start = False
        kind, chains = self.classify(tile)
        board = self.board
        if self._log is not None:
            self._emit("tile_placed", player=seat, tile=self.ctx.board.names[tile])
        if kind == LONE:
            board[tile] = ORPHAN
            self._enter_buy()
        elif kind == GROWTH:
            chain = chains[0]
            board[tile] = chain
            added = 1 + self._absorb(tile, chain)
            self.sizes[chain] += added
            if self._log is not None:
                self._emit("chain_grew", chain=self._name(chain), size=self.sizes[chain])
            self._enter_buy()
        elif kind == FOUNDING:
            board[tile] = ORPHAN
            self.merge_tile = tile
            free = [c for c in range(NUM_CHAINS) if not self.sizes[c]]
            if len(free) == 1:
                self._found(free[0], forced=True)
            else:
                self.phase = FOUND
        else:  # MERGER
            self.merge_tile = tile
            self.merge_chains = chains
            self.mergemaker_pos = self.turn_pos
            if self._log is not None:
                self._emit(
                    "merger",
                    player=seat,
                    tile=self.ctx.board.names[tile],
                    chains={self._name(c): self.sizes[c] for c in chains},
                )
            largest = self._largest(chains)
            if len(largest) == 1:
                self._begin_merger(largest[0], forced=True)
            else:
                self.phase = SURVIVOR

    def _absorb(self, tile: int, chain: int) -> int:
        """Relabel every labelled cell connected to ``tile`` (other than ``chain``) as
        ``chain``; return how many cells changed. ``tile`` itself must already be ``chain``."""
        board = self.board
        neighbours = self.ctx.board.neighbours
        stack = [tile]
        changed = 0
        while stack:
            for n in neighbours[stack.pop()]:
                label = board[n]
                if label != EMPTY and label != chain:
                    board[n] = chain
                    changed += 1
                    stack.append(n)
        return changed

    def _found(self, chain: int, forced: bool = False) -> None:
        tile = self.merge_tile
        self.board[tile] = chain
        self.sizes[chain] = 1 + self._absorb(tile, chain)
        seat = self.active
        got_share = self.bank[chain] > 0
        if got_share:
            self.bank[chain] -= 1
            self.shares[seat][chain] += 1
        if self._log is not None:
            self._emit(
                "chain_founded",
                player=seat,
                chain=self._name(chain),
                size=self.sizes[chain],
                founder_share=got_share,
                forced=forced,
            )
        self._enter_buy()

    def _enter_buy(self) -> None:
        self.phase = BUY
        self.decider = self.active
        self.at_start = False
        self._purchases = purchases = self._buy_options()
        if len(purchases) < 2:  # only buying nothing: no decision (rule 11.1)
            if self._log is not None:
                self._emit("shares_bought", player=self.active, shares={}, cost=0, forced=True)
            self._end_turn()

    def _buy(self, shares: tuple[int, ...], end_game: bool) -> None:
        seat = self.active
        cost = 0
        held, bank, sizes, prices = self.shares[seat], self.bank, self.sizes, self.ctx.prices
        for c in shares:
            cost += prices[c][sizes[c]]
            held[c] += 1
            bank[c] -= 1
        self.cash[seat] -= cost
        if self._log is not None:
            counts: dict[str, int] = {}
            for c in shares:
                counts[self._name(c)] = counts.get(self._name(c), 0) + 1
            self._emit("shares_bought", player=seat, shares=counts, cost=cost, forced=False)
        if end_game and self.can_end():
            self._emit("end_declared", player=seat)
            self._end_game(END_DECLARED)
            return
        self._end_turn()

    def _draw(self, seat: int, count: int) -> tuple[int, ...]:
        start = self.bag_pos
        drawn = self.bag[start : start + count]
        self.bag_pos = start + len(drawn)
        self.hands[seat] += drawn
        return drawn

    def _end_turn(self) -> None:
        seat = self.active
        need = self.ctx.hand_size - len(self.hands[seat])
        if need > 0:
            drawn = self._draw(seat, need)
            if drawn and self._log is not None:
                names = self.ctx.board.names
                self._emit("tiles_drawn", player=seat, tiles=[names[t] for t in drawn])
        safe_labels = self._safe_labels()  # the board does not change until the next turn
        if safe_labels is not None:
            self._replace_dead(seat, safe_labels)
        if self.placed:
            self.no_place_streak = 0
        else:
            self.no_place_streak += 1
        if self.bag_pos >= len(self.bag) and not any(self.hands):
            self._end_game(END_ALL_TILES)
        elif self.no_place_streak >= self.num_players:
            self._end_game(END_NO_PLACEMENT)
        else:
            self.turn_pos = (self.turn_pos + 1) % self.num_players
            self._start_turn(safe_labels)

    def _replace_dead(self, seat: int, safe_labels: list[bool]) -> None:
        """Rule 5.8: reveal, remove and replace permanently unplayable tiles."""
        repeat = self.ctx.ruleset.dead_replacement == "repeat"
        while True:
            dead = self.dead_tiles(self.hands[seat], safe_labels)
            if not dead:
                return
            self.hands[seat] = tuple(t for t in self.hands[seat] if t not in dead)
            self.removed += tuple(dead)
            drawn = self._draw(seat, len(dead))
            if self._log is not None:
                names = self.ctx.board.names
                self._emit(
                    "dead_tiles_replaced",
                    player=seat,
                    dead=[names[t] for t in dead],
                    tiles=[names[t] for t in drawn],
                )
            if not repeat or not drawn:
                return

    def _end_game(self, reason: str) -> None:
        """Final scoring (rule 8.4): bonuses, then every share on the board sold."""
        self.end_reason = reason
        if self._log is not None:
            self._emit("game_ended", reason=reason)
        for chain in range(NUM_CHAINS):
            if self.sizes[chain]:
                self._pay_bonuses(chain, "final")
        for seat in range(self.num_players):
            sold: dict[str, int] = {}
            for chain in range(NUM_CHAINS):
                n = self.shares[seat][chain]
                if n and self.sizes[chain]:
                    value = n * self.price(chain)
                    self.cash[seat] += value
                    self.shares[seat][chain] = 0
                    self.bank[chain] += n
                    sold[self._name(chain)] = value
            if sold and self._log is not None:
                self._emit("final_sale", player=seat, proceeds=sold)
        self.final_scores = list(self.cash)
        self.phase = OVER
        self.decider = None
        if self._log is not None:
            self._emit("final_scores", scores=list(self.final_scores), ranks=self.ranks())
