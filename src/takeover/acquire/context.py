"""Per-game constants shared (never copied) by every clone of a state."""

from __future__ import annotations

from takeover.acquire.actions import BuyShares, DisposeShares, Notation
from takeover.acquire.board import Board
from takeover.acquire.data import NUM_CHAINS, price_table
from takeover.acquire.rules import Ruleset


class Context:
    """Ruleset, board, names, price tables and memoised option lists for one game.

    Option lists (what can be bought, how shares can be disposed of) depend on a
    few small numbers only, so they are computed once per distinct key and shared
    by every state of the game; the actions in them are immutable.
    """

    def __init__(self, ruleset: Ruleset, players: tuple[str, ...]) -> None:
        edition = ruleset.edition_data
        self.ruleset = ruleset
        self.players = players
        self.num_players = len(players)
        self.board = Board.of(edition.columns, edition.rows)
        self.chain_names = edition.chain_names
        self.tiers = edition.tiers
        self.notation = Notation(self.board, self.chain_names)
        self.prices: tuple[tuple[int, ...], ...] = tuple(
            price_table(tier, self.board.size) for tier in self.tiers
        )
        self.safe = ruleset.safe
        self.end_size = ruleset.end_size
        self.hand_size = ruleset.hand_size
        self.shares_per_chain = ruleset.shares_per_chain
        self.max_purchase = ruleset.max_purchase
        self._buy_cache: dict[tuple, tuple[list[BuyShares], frozenset[BuyShares]]] = {}
        self._dispose_cache: dict[
            tuple[int, int], tuple[list[DisposeShares], frozenset[DisposeShares]]
        ] = {}

    def buy_options(
        self, offers: tuple[tuple[int, int, int], ...], cash: int, with_end: bool
    ) -> tuple[list[BuyShares], frozenset[BuyShares]]:
        """Every purchase of 0..max_purchase shares.

        ``offers`` holds ``(chain, shares in the bank, price)`` for each chain on the
        board with shares left; purchases are sorted multisets of chain indices.
        ``with_end`` adds the ``end_game`` twin of each purchase (tlstyer).
        """
        limit = self.max_purchase
        # Cash beyond what the dearest full purchase costs changes nothing: cap the key.
        top = max((p for _, _, p in offers), default=0) * limit
        key = (offers, min(cash, top), with_end)
        hit = self._buy_cache.get(key)
        if hit is not None:
            return hit
        result: list[BuyShares] = []

        def extend(start: int, chosen: tuple[int, ...], spent: int) -> None:
            result.append(BuyShares(chosen))
            if len(chosen) == limit:
                return
            for i in range(start, len(offers)):
                chain, left, price = offers[i]
                if spent + price > cash or chosen.count(chain) >= left:
                    continue
                extend(i, (*chosen, chain), spent + price)

        extend(0, (), 0)
        if with_end:
            result += [BuyShares(b.shares, True) for b in result]
        if len(self._buy_cache) > 50_000:
            self._buy_cache.clear()
        hit = self._buy_cache[key] = (result, frozenset(result))
        return hit

    def dispose_options(
        self, held: int, survivor_left: int
    ) -> tuple[list[DisposeShares], frozenset[DisposeShares]]:
        """Every (sell, trade) for ``held`` defunct shares (RULINGS 21)."""
        key = (held, survivor_left)
        hit = self._dispose_cache.get(key)
        if hit is None:
            options = [
                DisposeShares(sell, trade)
                for trade in range(0, min(held, 2 * survivor_left) + 1, 2)
                for sell in range(held - trade + 1)
            ]
            hit = self._dispose_cache[key] = (options, frozenset(options))
        return hit

    def price(self, chain: int, size: int) -> int:
        return self.prices[chain][size]

    @property
    def chains(self) -> range:
        return range(NUM_CHAINS)
