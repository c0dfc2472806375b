"""Between the reference engine and the compiled kernel: rulesets, positions, actions.

The kernel (:mod:`takeover.kernel.compiled`) plays over flat arrays; this module
builds those arrays from a reference :class:`~takeover.acquire.state.AcquireState`
(its ruleset and any position, mid-merger included) and maps the kernel's action
codes to the reference's actions and back. Nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from takeover.acquire.actions import (
    AcquireAction,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    DisposeShares,
    FoundChain,
    PlaceTile,
)
from takeover.acquire.constants import _PLACE, ANSWER, DISPOSE, EMPTY
from takeover.acquire.rules import Ruleset, ruleset_from_json
from takeover.acquire.setup import new_game
from takeover.acquire.state import AcquireState
from takeover.kernel import compiled as k

MASK64 = (1 << 64) - 1


class Unsupported(ValueError):
    """A ruleset or position the kernel does not play (the reference does)."""


@dataclass(frozen=True)
class Tables:
    """One ruleset in the kernel's form: config row, neighbours, prices."""

    cfg: np.ndarray
    nb: np.ndarray
    prices: np.ndarray


@cache
def tables(ruleset: Ruleset) -> Tables:
    """The kernel's tables for ``ruleset``; :class:`Unsupported` names what it lacks."""
    from takeover.acquire.context import Context

    ctx = Context(ruleset, ("a", "b"))
    board = ctx.board
    if board.size > 128:
        raise Unsupported(f"the kernel plays boards of up to 128 cells, not {board.size}")
    if ruleset.max_purchase > 3:
        raise Unsupported("the kernel plays purchases of up to 3 shares")
    if ruleset.shares_per_chain > 31:
        raise Unsupported("the kernel plays up to 31 shares per chain")
    if ruleset.max_players > 6:
        raise Unsupported("the kernel plays up to 6 players")
    cfg = np.zeros(k.CONFIG_SIZE, np.int64)
    cfg[k.C_BOARD] = board.size
    cfg[k.C_SAFE] = ctx.safe
    cfg[k.C_END_SIZE] = ctx.end_size
    cfg[k.C_HAND] = ctx.hand_size
    cfg[k.C_SHARES] = ctx.shares_per_chain
    cfg[k.C_MAX_BUY] = ctx.max_purchase
    cfg[k.C_CASH] = ruleset.starting_cash
    cfg[k.C_BY_COLUMN] = ruleset.closest_tile == "column"
    cfg[k.C_COLUMNS] = board.columns
    cfg[k.C_DRAWN_ORDER] = ruleset.turn_order == "drawn"
    cfg[k.C_REPEAT_DEAD] = ruleset.dead_replacement == "repeat"
    cfg[k.C_WITH_PURCHASE] = ctx.end_with_purchase
    cfg[k.C_BONUSES_FIRST] = ruleset.bonuses_first
    cfg[k.C_GROW_FIRST] = ruleset.grow_survivor_first
    cfg[k.C_TRADING] = ruleset.player_trading and ruleset.max_trade_offers > 0
    nb = np.full((board.size, 4), -1, np.int64)
    for t, cells in enumerate(board.neighbours):
        nb[t, : len(cells)] = cells
    prices = np.array(ctx.prices, np.int64)
    for array in (cfg, nb, prices):
        array.setflags(write=False)
    return Tables(cfg, nb, prices)


def tables_of(ruleset: Ruleset | str | dict[str, Any] | None) -> Tables:
    return tables(ruleset_from_json(ruleset))


# ---------------------------------------------------------------- actions
def encode(action: AcquireAction) -> int:
    """The kernel's code for a listed action (trades have none)."""
    if isinstance(action, PlaceTile):
        return action.tile
    if isinstance(action, BuyShares):
        a, b, c = [*action.shares, k.NONE, k.NONE, k.NONE][:3]
        return k.BUY0 + 2 * (64 * a + 8 * b + c) + action.end_game
    if isinstance(action, DisposeShares):
        return k.DISPOSE0 + 32 * action.trade + action.sell
    if isinstance(action, FoundChain):
        return k.FOUND0 + action.chain
    if isinstance(action, ChooseSurvivor):
        return k.SURVIVOR0 + action.chain
    if isinstance(action, ChooseDefunct):
        return k.DEFUNCT0 + action.chain
    if isinstance(action, DeclareEnd):
        return k.DECLARE
    raise Unsupported(f"the kernel has no code for {action!r}")


def decode(code: int) -> AcquireAction:
    """The reference's action for a kernel code."""
    code = int(code)
    if code < k.FOUND0:
        return _PLACE[code]
    if code >= k.BUY0:
        key = (code - k.BUY0) >> 1
        chains = tuple(c for c in ((key >> 6) & 7, (key >> 3) & 7, key & 7) if c != k.NONE)
        return BuyShares(chains, bool(code & 1))
    if code >= k.DISPOSE0:
        rest = code - k.DISPOSE0
        return DisposeShares(rest & 31, rest >> 5)
    if code == k.DECLARE:
        return DeclareEnd()
    if code >= k.DEFUNCT0:
        return ChooseDefunct(code - k.DEFUNCT0)
    if code >= k.SURVIVOR0:
        return ChooseSurvivor(code - k.SURVIVOR0)
    return FoundChain(code - k.FOUND0)


def legal_codes(state: AcquireState) -> list[int]:
    """The reference's legal actions as kernel codes, in the canonical (ascending) order."""
    return sorted(encode(a) for a in state.legal_actions())


# ---------------------------------------------------------------- positions
def from_state(state: AcquireState) -> np.ndarray:
    """The kernel's row for a reference position (any phase but a trade's answer).

    The bag's drawn part is left out: the row's bag is what is still to come.
    """
    if state.phase == ANSWER:
        raise Unsupported("the kernel plays no trades: a pending answer has no row")
    n = state.num_players
    s = np.zeros(k.STATE_SIZE, np.int64)
    s[k.S_NP] = n
    s[k.S_PHASE] = state.phase
    s[k.S_ACTIVE] = state.active
    s[k.S_DECIDER] = -1 if state.decider is None else state.decider
    s[k.S_TURN_POS] = state.turn_pos
    s[k.S_TURN] = state.turn_number
    s[k.S_PLACED] = state.placed
    s[k.S_AT_START] = state.at_start
    s[k.S_STREAK] = state.no_place_streak
    s[k.S_MERGE_TILE] = state.merge_tile
    s[k.S_SURVIVOR] = state.survivor
    s[k.S_MAKER_POS] = state.mergemaker_pos
    s[k.S_RESOLVING] = state.phase == DISPOSE
    for at, items in (
        (k.S_NMERGE, state.merge_chains),
        (k.S_NDEFUNCT, state.defunct_chains),
        (k.S_NDISP, state._disposers),
    ):
        s[at] = len(items)
        s[at + 1 : at + 1 + len(items)] = items
    s[k.S_SIZES : k.S_SIZES + 7] = state.sizes
    s[k.S_BANK : k.S_BANK + 7] = state.bank
    s[k.S_CASH : k.S_CASH + n] = state.cash
    for seat in range(n):
        s[k.S_SHARES + 7 * seat : k.S_SHARES + 7 * seat + 7] = state.shares[seat]
    s[k.S_ORDER : k.S_ORDER + n] = state.order
    s[k.S_BOARD : k.S_BOARD + 128] = EMPTY
    s[k.S_LOC : k.S_LOC + 128] = k.L_BAG
    for t, label in enumerate(state.board):
        s[k.S_BOARD + t] = label
        if label != EMPTY:
            s[k.S_LOC + t] = k.L_BOARD
    for seat in range(n):
        for t in state.hands[seat]:
            s[k.S_LOC + t] = seat
        s[k.S_HAND_N + seat] = len(state.hands[seat])
    for t in state.removed:
        s[k.S_LOC + t] = k.L_REMOVED
    s[k.S_REMOVED_N] = len(state.removed)
    rest = list(state.bag[state.bag_pos :])
    s[k.S_BAG : k.S_BAG + len(rest)] = rest
    s[k.S_BAG_LEN] = len(rest)
    if state.final_scores is not None:
        s[k.S_END] = 1
    return s


def scores(s: np.ndarray) -> list[int]:
    """Each seat's cash: its final score once the game is over."""
    return [int(x) for x in s[k.S_CASH : k.S_CASH + s[k.S_NP]]]


def kernel_legal(s: np.ndarray, t: Tables) -> list[int]:
    out = np.empty(k.MAX_ACTIONS, np.int64)
    n = k.legal(s, t.cfg, t.nb, t.prices, out)
    return [int(x) for x in out[:n]]


# ---------------------------------------------------------------- the seeded policy
def mix64(x: int) -> int:
    """SplitMix64's output function, as :func:`takeover.kernel.compiled.mix64`."""
    z = (x + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def pick(key: int, step: int, n: int) -> int:
    """The seeded policy's choice among ``n`` listed actions at decision ``step``."""
    return mix64((key + step) & MASK64) % n


def reference_game(
    players: int, ruleset: Ruleset | str, seed: int, key: int
) -> tuple[list[int], list[int]]:
    """A game of the reference engine under the seeded policy: its action codes and scores."""
    state = new_game(players, ruleset, seed=seed)
    codes: list[int] = []
    while not state.is_terminal():
        listed = legal_codes(state)
        code = listed[pick(key, len(codes), len(listed))]
        codes.append(code)
        state.play(decode(code))
    assert state.final_scores is not None
    return codes, list(state.final_scores)


def kernel_game(
    players: int, ruleset: Ruleset | str, seed: int, key: int
) -> tuple[list[int], list[int]]:
    """The same game in the kernel (compiled setup, shuffle, rules and policy)."""
    t = tables_of(ruleset)
    s = np.zeros(k.STATE_SIZE, np.int64)
    k.new_game(s, t.cfg, t.nb, t.prices, players, seed)
    actions = np.empty(4096, np.int64)
    n = k.play_seeded(s, t.cfg, t.nb, t.prices, np.uint64(key), actions)
    return [int(x) for x in actions[:n]], scores(s)
