"""Per-game constants shared (never copied) by every clone of a state."""

from __future__ import annotations

from functools import cache, cached_property
from typing import Any

from takeover.acquire.actions import BuyShares, DisposeShares, Notation
from takeover.acquire.board import Board
from takeover.acquire.data import price_table
from takeover.acquire.rules import Ruleset

BuyKey = tuple[tuple[int, ...], bool]
"""A purchase as ``(shares, end_game)``: tuples of ints hash fast, dataclasses do not."""
Template = tuple[list[BuyShares], list[list[Any]]]
"""A purchase list and the same grouped by length: group 0 holds the empty
purchase(s), group n ``(action, *positions in the shape)`` tuples."""

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
        self.end_with_purchase = ruleset.declare_end == "with_purchase"
        self.grow_survivor_first = ruleset.grow_survivor_first
        self.buy_options = tables.buy_options
        self.purchase_keys = tables.purchase_keys
        self.dispose_options = tables.dispose_options

    @cached_property
    def ruleset_json(self) -> str | dict[str, Any]:
        """The ruleset's record form, in every view (read-only: it is shared)."""
        return self.ruleset.to_json()


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
        self._templates: dict[BuyKey, Template] = {}
        self._keys: dict[int, frozenset[BuyKey] | None] = {}
        """By ``id``: the keys of each shared purchase list (None until asked for). The
        lists live as long as the tables, so their ids are their own."""
        self._dispose: dict[
            tuple[int, int], tuple[list[DisposeShares], frozenset[DisposeShares]]
        ] = {}

    def buy_options(
        self, shape: tuple[int, ...], prices: list[int], with_end: bool, cash: int
    ) -> list[BuyShares]:
        """Every purchase of 0..max_purchase shares ``cash`` can pay, fewest shares first.

        ``shape`` holds ``chain + 8 * cap`` for each chain on the board with shares
        left, ``cap`` being the shares in the bank capped at ``max_purchase``;
        ``prices`` their prices. ``with_end`` adds the ``end_game`` twin of each
        purchase (tlstyer). A player who can pay for any purchase gets the shared
        list itself (read-only: copy it to change it); a poorer one a filtered copy,
        skipping the longer purchases when even the cheapest of them is out of reach.
        """
        template = self._templates.get((shape, with_end))
        if template is None:
            template = self._template(shape, with_end)
        purchases, groups = template
        if not prices or cash >= self.max_purchase * max(prices):
            return purchases
        cheapest = min(prices)
        out = groups[0][:]
        if cheapest <= cash:
            out += [b for b, i in groups[1] if prices[i] <= cash]
            if 2 * cheapest <= cash and len(groups) > 2:
                out += [b for b, i, j in groups[2] if prices[i] + prices[j] <= cash]
                if 3 * cheapest <= cash and len(groups) > 3:
                    out += [
                        b for b, i, j, k in groups[3] if prices[i] + prices[j] + prices[k] <= cash
                    ]
                    for length in range(4, len(groups)):
                        if length * cheapest > cash:
                            break
                        out += [
                            b
                            for b, *chosen in groups[length]
                            if sum(prices[i] for i in chosen) <= cash
                        ]
        return out

    def purchase_keys(self, purchases: list[BuyShares]) -> frozenset[BuyKey]:
        """The ``(shares, end_game)`` keys of a list :meth:`buy_options` returned, to
        check one purchase against it: worked out once for a shared list."""
        key = id(purchases)
        if key not in self._keys:
            return frozenset([(b.shares, b.end_game) for b in purchases])
        keys = self._keys[key]
        if keys is None:
            keys = self._keys[key] = frozenset([(b.shares, b.end_game) for b in purchases])
        return keys

    def _template(self, shape: tuple[int, ...], with_end: bool) -> Template:
        """The purchases of ``shape``, fewest shares first, and the same grouped by
        length as ``(action, *positions in shape)`` for pricing.

        Built once per set of chains with every cap at ``max_purchase``; a shape
        with fewer shares left in some chain filters that list.
        """
        limit = self.max_purchase
        full = tuple((entry & 7) + 8 * limit for entry in shape)
        if full == shape:
            template = self._enumerate(shape, with_end)
        else:
            base = self._templates.get((full, with_end)) or self._template(full, with_end)
            caps = [entry >> 3 for entry in shape]
            groups: list[list[Any]] = base[1][:2]
            if limit >= 2:
                groups.append([e for e in base[1][2] if e[1] != e[2] or caps[e[1]] >= 2])
            if limit >= 3:
                groups.append(
                    [
                        e
                        for e in base[1][3]
                        if (e[1] != e[2] or caps[e[1]] >= 2)
                        and (e[2] != e[3] or caps[e[2]] >= 2)
                        and (e[1] != e[3] or caps[e[1]] >= 3)
                    ]
                )
            for group in base[1][4:]:
                groups.append([e for e in group if _within(e[1:], caps)])
            purchases = groups[0] + [e[0] for group in groups[1:] for e in group]
            template = (purchases, groups)
        self._templates[(shape, with_end)] = template
        self._keys[id(template[0])] = None
        return template

    def _enumerate(self, shape: tuple[int, ...], with_end: bool) -> Template:
        limit = self.max_purchase
        caps = [entry >> 3 for entry in shape]
        chains = [entry & 7 for entry in shape]
        by_length: list[list[tuple[int, ...]]] = [[] for _ in range(limit + 1)]

        def extend(start: int, chosen: tuple[int, ...]) -> None:
            by_length[len(chosen)].append(chosen)
            if len(chosen) == limit:
                return
            for i in range(start, len(shape)):
                if chosen.count(i) < caps[i]:
                    extend(i, (*chosen, i))

        extend(0, ())
        purchases: list[BuyShares] = []
        groups: list[list[Any]] = []
        for positions in by_length:
            group: list[Any] = []
            for chosen in positions:
                bought = tuple(chains[i] for i in chosen)
                for end_game in (False, True) if with_end else (False,):
                    action = _buy_action(bought, end_game)
                    purchases.append(action)
                    group.append((action, *chosen))
            groups.append(group)
        groups[0] = [action for action, *_ in groups[0]]
        return purchases, groups

    def dispose_options(
        self, held: int, survivor_left: int
    ) -> tuple[list[DisposeShares], frozenset[DisposeShares]]:
        """Every (sell, trade) for ``held`` defunct shares (rule 6.5)."""
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


def _within(positions: tuple[int, ...], caps: list[int]) -> bool:
    """Whether a purchase (sorted positions) buys no position more than its cap."""
    run, previous = 0, -1
    for i in positions:
        run = run + 1 if i == previous else 1
        if run > caps[i]:
            return False
        previous = i
    return True


@cache
def _tables(ruleset: Ruleset) -> _Tables:
    return _Tables(ruleset)
