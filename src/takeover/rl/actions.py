"""The canonical integer action space for Acquire (documented in ``docs/research.md``).

Every engine action an RL seat can take has one fixed index, in blocks::

    place tile t            t                                  (one per board tile)
    found chain c           found + c                          (7)
    choose survivor c       survivor + c                       (7)
    choose defunct c        defunct + c                        (7)
    dispose (sell, trade)   dispose + k, k over trade 0, 2, 4.. then sell 0..   (182)
    buy bundle b            buy + b, b over multisets of 0..3 chains           (120)
    buy bundle b, and end   buy_end + b                                        (120)
    declare the end         declare                                            (1)
    answer trade yes / no   answer + 0 / answer + 1                            (2)

Sizes in brackets are the standard ruleset's (25 shares a chain, 3 a purchase):
554 actions on the classic 108-tile board. Trade *proposals* are open-ended and
have no index: the research environments play with player-to-player trading off
(see :func:`takeover.rl.table.rl_ruleset`), so the two answer indices are never legal
there; they exist so that the layout does not change if trading is ever encoded.

>>> from takeover.acquire import new_game
>>> space = ActionSpace.for_state(new_game(4, seed=1))
>>> len(space), space.found, space.buy, space.declare
(554, 108, 311, 551)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

import numpy as np

from takeover.acquire.actions import (
    AcquireAction,
    AnswerTrade,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    DisposeShares,
    FoundChain,
    PlaceTile,
)
from takeover.acquire.data import NUM_CHAINS

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState


_ID_CACHE_LIMIT = 50_000


class ActionSpace:
    """Index <-> engine action for one table shape (tiles, shares a chain, purchase limit).

    Build it with :meth:`for_state` or :meth:`of`; instances are shared and immutable.
    """

    def __init__(self, tiles: int, shares_per_chain: int = 25, max_purchase: int = 3) -> None:
        self.tiles = tiles
        self.shares_per_chain = shares_per_chain
        self.max_purchase = max_purchase
        actions: list[AcquireAction] = [PlaceTile(t) for t in range(tiles)]
        self.found = len(actions)
        actions += [FoundChain(c) for c in range(NUM_CHAINS)]
        self.survivor = len(actions)
        actions += [ChooseSurvivor(c) for c in range(NUM_CHAINS)]
        self.defunct = len(actions)
        actions += [ChooseDefunct(c) for c in range(NUM_CHAINS)]
        self.dispose = len(actions)
        s = shares_per_chain
        actions += [
            DisposeShares(sell, trade)
            for trade in range(0, s + 1, 2)
            for sell in range(s - trade + 1)
        ]
        self.bundles: tuple[tuple[int, ...], ...] = tuple(
            b
            for k in range(max_purchase + 1)
            for b in combinations_with_replacement(range(NUM_CHAINS), k)
        )
        self.buy = len(actions)
        actions += [BuyShares(b) for b in self.bundles]
        self.buy_end = len(actions)
        actions += [BuyShares(b, True) for b in self.bundles]
        self.declare = len(actions)
        actions.append(DeclareEnd())
        self.answer = len(actions)
        actions += [AnswerTrade(True), AnswerTrade(False)]
        self.actions: tuple[AcquireAction, ...] = tuple(actions)
        self.index: dict[AcquireAction, int] = {a: i for i, a in enumerate(actions)}
        self._by_id: dict[int, tuple[AcquireAction, int]] = {}

    @staticmethod
    @cache
    def of(tiles: int, shares_per_chain: int = 25, max_purchase: int = 3) -> ActionSpace:
        return ActionSpace(tiles, shares_per_chain, max_purchase)

    @staticmethod
    def for_state(state: AcquireState) -> ActionSpace:
        ctx = state.ctx
        return ActionSpace.of(ctx.board.size, ctx.shares_per_chain, ctx.max_purchase)

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: AcquireAction) -> int:
        """The index of an engine action; ``ValueError`` for one with no index (a proposal)."""
        try:
            return self.index[action]
        except (KeyError, TypeError):
            raise ValueError(f"{action!r} has no index in the research action space") from None

    def decode(self, index: int) -> AcquireAction:
        """The engine action at ``index``; ``ValueError`` naming the valid range."""
        if isinstance(index, bool) or not 0 <= int(index) < len(self.actions):
            raise ValueError(f"action index {index!r} is outside 0..{len(self.actions) - 1}")
        return self.actions[int(index)]

    def legal(self, state: AcquireState) -> list[int]:
        """Sorted indices of the deciding seat's legal actions (empty once the game is over)."""
        out = self.indices(state.legal_actions())
        out.sort()
        return out

    def indices(self, actions: Sequence[AcquireAction]) -> list[int]:
        """The index of each action (``KeyError`` for one without an index).

        The engine shares its action objects between calls, so indices are
        memoised by object identity; each entry holds its object, so an id is
        never reused while its entry lives.
        """
        by_id = self._by_id
        out = []
        for a in actions:
            hit = by_id.get(id(a))
            if hit is None:
                if len(by_id) >= _ID_CACHE_LIMIT:
                    by_id.clear()
                hit = by_id[id(a)] = (a, self.index[a])
            out.append(hit[1])
        return out

    def mask(self, legal: Sequence[int]) -> np.ndarray:
        """A 0/1 ``int8`` mask over the whole space with ``legal`` set."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        mask[legal] = 1
        return mask

    def block(self, index: int) -> str:
        """Which block ``index`` belongs to (``place``, ``found``, ... ``answer``)."""
        bounds = (
            ("place", self.found),
            ("found", self.survivor),
            ("survivor", self.defunct),
            ("defunct", self.dispose),
            ("dispose", self.buy),
            ("buy", self.buy_end),
            ("buy_end", self.declare),
            ("declare", self.answer),
            ("answer", len(self.actions)),
        )
        for name, end in bounds:
            if 0 <= index < end:
                return name
        raise ValueError(f"action index {index!r} is outside 0..{len(self.actions) - 1}")
