"""Per-seat observation tensors for Acquire (layout documented in ``docs/research.md``).

One flat ``float32`` vector per seat, holding only what that seat may see (the same
rules as :func:`takeover.acquire.view.view`): the board, dead tiles, its own hand,
the chains, every player's public facts and, unless the ruleset hides holdings,
their cash and shares, and the pending decision. Players are listed from the
observer's point of view in turn order (the observer first, then whoever plays
after it), so a policy can be shared by every seat.

With ``recall=True`` (OpenSpiel's information-state tensor) holdings are always
shown: with trading off, every change of cash and shares is a public action, so a
player with perfect recall knows them even when the table hides them.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from takeover.acquire import DEFUNCT, DISPOSE, PHASE_NAMES
from takeover.acquire.data import NUM_CHAINS

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState

C = NUM_CHAINS
BOARD_PLANES = C + 2
"""Per tile: one plane per chain, one for an orphan (placed, no chain), one for dead."""
PLAYER_FEATURES = 5 + C
DECISION_PHASES = len(PHASE_NAMES)
CASH_SCALE = 10_000.0
PRICE_SCALE = 1_000.0
MAX_CASH = 10_000_000


class ObservationEncoder:
    """Encodes states of one table shape (tiles, players) into fixed-size vectors."""

    def __init__(
        self,
        tiles: int,
        players: int,
        *,
        hand_size: int = 6,
        shares_per_chain: int = 25,
        end_size: int = 41,
        safe_size: int = 11,
    ) -> None:
        self.tiles = t = tiles
        self.players = n = players
        self.hand_size = hand_size
        self.shares_per_chain = shares_per_chain
        self.end_size = end_size
        self.safe_size = safe_size
        self.board = 0
        self.hand = self.board + BOARD_PLANES * t
        self.chains = self.hand + t
        self.player_block = self.chains + 5 * C
        self.decision = self.player_block + PLAYER_FEATURES * n
        self.size = self.decision + DECISION_PHASES + 4 * C + 4 + n

    @staticmethod
    @cache
    def of(
        tiles: int,
        players: int,
        hand_size: int = 6,
        shares_per_chain: int = 25,
        end_size: int = 41,
        safe_size: int = 11,
    ) -> ObservationEncoder:
        return ObservationEncoder(
            tiles,
            players,
            hand_size=hand_size,
            shares_per_chain=shares_per_chain,
            end_size=end_size,
            safe_size=safe_size,
        )

    @staticmethod
    def for_state(state: AcquireState) -> ObservationEncoder:
        ctx = state.ctx
        return ObservationEncoder.of(
            ctx.board.size, ctx.num_players, ctx.hand_size, ctx.shares_per_chain,
            ctx.end_size, ctx.safe,
        )  # fmt: skip

    def high(self) -> np.ndarray:
        """Per-element upper bounds (all lower bounds are 0), for observation spaces.

        Cash is bounded at $10 million, far above any reachable fortune.
        """
        high = np.ones(self.size, dtype=np.float32)
        for c in range(C):
            base = self.chains + 5 * c
            high[base + 2] = max(1.0, self.tiles / self.end_size)
            high[base + 3] = 1.5
        for k in range(self.players):
            high[self.player_block + PLAYER_FEATURES * k + 1] = MAX_CASH / CASH_SCALE
        return high

    def space(self) -> Any:
        """A ``gymnasium.spaces.Box`` holding every observation of this table."""
        from gymnasium import spaces

        return spaces.Box(np.zeros(self.size, np.float32), self.high(), dtype=np.float32)

    def sections(self) -> dict[str, tuple[int, int]]:
        """Name -> (start, end) of each section of the vector."""
        return {
            "board": (self.board, self.hand),
            "hand": (self.hand, self.chains),
            "chains": (self.chains, self.player_block),
            "players": (self.player_block, self.decision),
            "decision": (self.decision, self.size),
        }

    def encode(
        self, state: AcquireState, seat: int, recall: bool = False, out: np.ndarray | None = None
    ) -> np.ndarray:
        """``seat``'s observation of ``state`` (a new array unless ``out`` is given)."""
        t = self.tiles
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        # Board: plane (chain 0..6 or orphan 7) * tiles + tile; dead tiles on plane 8.
        labels = np.array(state.board, dtype=np.intp)
        placed = np.flatnonzero(labels >= 0)
        out[labels[placed] * t + placed] = 1.0
        base = (BOARD_PLANES - 1) * t
        for tile in state.removed:
            out[base + tile] = 1.0
        base = self.hand
        for tile in state.hands[seat]:
            out[base + tile] = 1.0
        # Chains: on board, safe, size, price, shares left in the bank.
        sizes, bank = state.sizes, state.bank
        prices = state.ctx.prices
        spc, end_size, safe = self.shares_per_chain, self.end_size, self.safe_size
        chains: list[float] = []
        for c in range(C):
            size = sizes[c]
            chains += (
                1.0 if size else 0.0,
                1.0 if size >= safe else 0.0,
                size / end_size,
                prices[c][size] / PRICE_SCALE,
                bank[c] / spc,
            )
        out[self.chains : self.player_block] = chains
        # Players, from the observer's seat on in turn order.
        over = state.decider is None
        hidden = state.ctx.ruleset.hidden_holdings and not over and not recall
        active, decider = state.active, state.decider
        hands, cash, shares = state.hands, state.cash, state.shares
        hand_size = self.hand_size
        players: list[float] = []
        for p in _relative_order(state.order, seat):
            visible = not hidden or p == seat
            players += (
                1.0 if visible else 0.0,
                cash[p] / CASH_SCALE if visible else 0.0,
                len(hands[p]) / hand_size,
                1.0 if p == active and not over else 0.0,
                1.0 if p == decider else 0.0,
            )
            if visible:
                players += [n / spc for n in shares[p]]
            else:
                players += _ZEROS
        out[self.player_block : self.decision] = players
        # The decision.
        base = self.decision
        out[base + state.phase] = 1.0
        base += DECISION_PHASES
        for c in state.merge_chains:
            out[base + c] = 1.0
        base += C
        phase = state.phase
        if phase in (DEFUNCT, DISPOSE):
            out[base + state.survivor] = 1.0
        base += C
        defunct = state.defunct_chains if phase in (DEFUNCT, DISPOSE) else ()
        for c in defunct:
            out[base + c] = 1.0
        base += C
        if phase == DISPOSE and defunct:
            chain = defunct[0]
            out[base + chain] = 1.0
            if decider == seat or not hidden:
                out[base + C] = shares[decider][chain] / spc  # type: ignore[index]
        base += C + 1
        out[base] = 1.0 if state.can_end() else 0.0
        out[base + 1] = (len(state.bag) - state.bag_pos) / t
        out[base + 2] = state.no_place_streak / self.players
        out[base + 3 + state.order.index(seat)] = 1.0
        return out


_ZEROS = (0.0,) * C


@cache
def _relative_order(order: tuple[int, ...], seat: int) -> tuple[int, ...]:
    i = order.index(seat)
    return order[i:] + order[:i]
