"""Per-game constants shared (never copied) by every clone of a state."""

from __future__ import annotations

from functools import cache

from takeover.acquire.actions import BuyShares, DisposeShares, Notation
from takeover.acquire.board import Board
from takeover.acquire.data import NUM_CHAINS, price_table
from takeover.acquire.rules import Ruleset

BuyKey = tuple[tuple[tuple[int, int], ...], bool]
Allowed = frozenset[tuple[tuple[int, ...], bool]]
"""Purchases as ``(shares, end_game)`` keys: tuples of ints hash fast, dataclasses do not."""

_BUY: dict[tuple[tuple[int, ...], bool], BuyShares] = {}
"""Every ``BuyShares`` built so far, shared: they are immutable."""


def _buy_action(shares: tuple[int, ...], end_game: bool) -> BuyShares:
    action = _BUY.get((shares, end_game))
    if action is None:
        action = _BUY[(shares, end_game)] = BuyShares(shares, end_game)
    return action


class Context:
    """Ruleset, board, names and price tables for one game, plus the players' names."""

    def __init__(self, ruleset: Ruleset, players: tuple[str, ...]) -> None:
        tables = _tables(ruleset)
        self.ruleset = ruleset
        self.players = players
        self.num_players = len(players)
        self.board: Board = tables.board
        self.chain_names: tuple[str, ...] = tables.chain_names
        self.tiers: tuple[int, ...] = tables.tiers
        self.notation: Notation = tables.notation
        self.prices: tuple[tuple[int, ...], ...] = tables.prices
        self.safe = ruleset.safe
        self.end_size = ruleset.end_size
        self.hand_size = ruleset.hand_size
        self.shares_per_chain = ruleset.shares_per_chain
        self.max_purchase = ruleset.max_purchase
        self.buy_options = tables.buy_options
        self.dispose_options = tables.dispose_options

    def price(self, chain: int, size: int) -> int:
        return self.prices[chain][size]

    @property
    def chains(self) -> range:
        return range(NUM_CHAINS)


class _Tables:
    """Everything derived from a ruleset alone, shared by all its games.

    Option lists (what can be bought, how shares can be disposed of) depend on a
    few small numbers only, so each distinct list is built once and shared; the
    actions in them are immutable.
    """

    def __init__(self, ruleset: Ruleset) -> None:
        edition = ruleset.edition_data
        self.board = Board.of(edition.columns, edition.rows)
        self.chain_names = edition.chain_names
        self.tiers = edition.tiers
        self.notation = Notation(self.board, self.chain_names)
        self.prices = tuple(price_table(tier, self.board.size) for tier in self.tiers)
        self.max_purchase = ruleset.max_purchase
        self._templates: dict[
            BuyKey, tuple[list[BuyShares], Allowed, list[list[tuple[int, ...]]]]
        ] = {}
        self._costs: dict[tuple[tuple[tuple[int, int, int], ...], bool], list[int]] = {}
        self._dispose: dict[
            tuple[int, int], tuple[list[DisposeShares], frozenset[DisposeShares]]
        ] = {}

    def buy_options(
        self, offers: tuple[tuple[int, int, int], ...], with_end: bool, cash: int
    ) -> tuple[list[BuyShares], Allowed]:
        """Every purchase of 0..max_purchase shares: ``(affordable ones, keys of all)``.

        ``offers`` holds ``(chain, shares in the bank capped at max_purchase, price)``
        for each chain on the board with shares left. ``with_end`` adds the
        ``end_game`` twin of each purchase (tlstyer).
        """
        shape = tuple((c, left) for c, left, _ in offers)
        template = self._templates.get((shape, with_end))
        if template is None:
            template = self._template(shape, with_end)
        purchases, allowed, by_length = template
        if not offers or cash >= self.max_purchase * max(p for _, _, p in offers):
            return list(purchases), allowed
        costs = self._costs.get((offers, with_end))
        if costs is None:
            costs = self._priced(offers, with_end, by_length)
        return [b for b, cost in zip(purchases, costs, strict=True) if cost <= cash], allowed

    def _priced(
        self,
        offers: tuple[tuple[int, int, int], ...],
        with_end: bool,
        by_length: list[list[tuple[int, ...]]],
    ) -> list[int]:
        """The cost of each purchase of a template, in the template's order."""
        pr = [p for _, _, p in offers]
        costs = [0]
        for length, group in enumerate(by_length):
            if length == 1:
                costs += [pr[i] for (i,) in group]
            elif length == 2:
                costs += [pr[i] + pr[j] for i, j in group]
            elif length == 3:
                costs += [pr[i] + pr[j] + pr[k] for i, j, k in group]
            elif length > 3:
                costs += [sum(pr[i] for i in chosen) for chosen in group]
        if with_end:
            costs = [cost for cost in costs for _ in (0, 1)]
        if len(self._costs) > 100_000:
            self._costs.clear()
        self._costs[(offers, with_end)] = costs
        return costs

    def _template(
        self, shape: tuple[tuple[int, int], ...], with_end: bool
    ) -> tuple[list[BuyShares], Allowed, list[list[tuple[int, ...]]]]:
        """The purchases for chains with shares left, fewest shares first.

        Also returns them grouped by length as positions in ``shape``, so that
        pricing a template is a few flat list comprehensions.
        """
        limit = self.max_purchase
        by_length: list[list[tuple[int, ...]]] = [[] for _ in range(limit + 1)]

        def extend(start: int, chosen: tuple[int, ...]) -> None:
            by_length[len(chosen)].append(chosen)
            if len(chosen) == limit:
                return
            for i in range(start, len(shape)):
                if chosen.count(i) < shape[i][1]:
                    extend(i, (*chosen, i))

        extend(0, ())
        purchases: list[BuyShares] = []
        for group in by_length:
            for chosen in group:
                chains = tuple(shape[i][0] for i in chosen)
                purchases.append(_buy_action(chains, False))
                if with_end:
                    purchases.append(_buy_action(chains, True))
        allowed = frozenset((b.shares, b.end_game) for b in purchases)
        template = (purchases, allowed, by_length)
        self._templates[(shape, with_end)] = template
        return template

    def dispose_options(
        self, held: int, survivor_left: int
    ) -> tuple[list[DisposeShares], frozenset[DisposeShares]]:
        """Every (sell, trade) for ``held`` defunct shares (RULINGS 21)."""
        key = (held, min(survivor_left, held // 2))
        hit = self._dispose.get(key)
        if hit is None:
            options = [
                DisposeShares(sell, trade)
                for trade in range(0, min(held, 2 * survivor_left) + 1, 2)
                for sell in range(held - trade + 1)
            ]
            hit = self._dispose[key] = (options, frozenset(options))
        return hit


@cache
def _tables(ruleset: Ruleset) -> _Tables:
    return _Tables(ruleset)
