"""What a tile does on the board: its class, whether it is playable, dead tiles (rules 2.1-2.7).

Functions of the position (board and chain sizes); the turn and the listing of legal
actions call them on the hot path, so they walk a tile's few neighbours in plain loops.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from takeover.acquire.constants import (
    DEAD,
    EMPTY,
    FOUNDING,
    GROWTH,
    LONE,
    MERGER,
    NO_CHAIN,
    ORPHAN,
)
from takeover.acquire.data import NUM_CHAINS

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState

SafeLabels = list[bool]
"""Whether each cell label is a safe chain, indexed by label: the chains, then ORPHAN (7),
then EMPTY (-1, the last item)."""

_NEITHER_SAFE = [False, False]  # ORPHAN and EMPTY, after the chains
assert ORPHAN == NUM_CHAINS and EMPTY == -1  # see safe_labels


def classify(state: AcquireState, tile: int) -> tuple[int, tuple[int, ...]]:
    """What placing ``tile`` would do now: ``(kind, chains it touches)``."""
    board = state.board
    chains: tuple[int, ...] = ()
    orphan = False
    for n in state.ctx.board.neighbours[tile]:
        label = board[n]
        if label >= 0:  # not EMPTY
            if label == ORPHAN:
                orphan = True
            elif label not in chains:
                chains += (label,)
    if not chains:
        if not orphan:
            return LONE, chains
        return (FOUNDING if 0 in state.sizes else NO_CHAIN), chains
    if len(chains) == 1:
        return GROWTH, chains
    sizes, safe = state.sizes, state.ctx.safe
    safe_count = 0
    for c in chains:
        if sizes[c] >= safe:
            safe_count += 1
    return (DEAD if safe_count >= 2 else MERGER), chains


def safe_labels(state: AcquireState) -> SafeLabels | None:
    """Which cell labels are safe chains; ``None`` while fewer than two chains are safe,
    when no tile can be dead (a dead tile merges two safe chains)."""
    sizes, safe = state.sizes, state.ctx.safe
    if sorted(sizes)[-2] < safe:
        return None
    return [size >= safe for size in sizes] + _NEITHER_SAFE


def playable_tiles(state: AcquireState, seat: int, safe: SafeLabels | None) -> list[int]:
    """``seat``'s playable tiles in tile order, given :func:`safe_labels`.

    The rules of :func:`classify`, asking only "playable?" (the hot path of every
    turn): a tile is unplayable only if it touches two safe chains, or founds a chain
    while none is left.
    """
    hand = sorted(state.hands[seat])
    sizes = state.sizes
    if safe is None:
        if 0 in sizes:
            return hand  # fewer than two safe chains and a chain to found: all playable
        out: list[int] = []
    else:
        out = dead_tiles(state, hand, safe)
    if 0 not in sizes:  # no chain left: a tile that would found one is unplayable
        board, neighbours = state.board, state.ctx.board.neighbours
        for t in hand:
            founds = False
            for n in neighbours[t]:
                label = board[n]
                if label == ORPHAN:
                    founds = True
                elif label != EMPTY:
                    break  # touches a chain: grows or merges it
            else:
                if founds:
                    out.append(t)
    return [t for t in hand if t not in out] if out else hand


def dead_tiles(state: AcquireState, tiles: Sequence[int], safe: SafeLabels | None) -> list[int]:
    """Those of ``tiles`` that would merge two safe chains: permanently unplayable
    (rule 2.5). ``safe``: :func:`safe_labels`."""
    if safe is None:
        return []
    board, neighbours = state.board, state.ctx.board.neighbours
    out = []
    for t in tiles:
        first = -1
        for n in neighbours[t]:
            label = board[n]
            if safe[label]:
                if first < 0:
                    first = label
                elif label != first:
                    out.append(t)
                    break
    return out


def merged_size(state: AcquireState) -> int:
    """The size the surviving chain has once the merger under way is complete: the merger
    tile, every merging chain and the orphans connected to the tile (rule 6.6)."""
    tile = state.merge_tile
    if state.board[tile] != EMPTY:  # the survivor has taken them over already (rule 6.8)
        return state.sizes[state.survivor]
    size = 1
    for c in state.merge_chains:
        size += state.sizes[c]
    # Orphans never touch a chain, so those joining touch the tile or each other.
    board, neighbours = state.board, state.ctx.board.neighbours
    seen = {tile}
    stack = [tile]
    while stack:
        for n in neighbours[stack.pop()]:
            if board[n] == ORPHAN and n not in seen:
                seen.add(n)
                stack.append(n)
    return size + len(seen) - 1


def absorb(state: AcquireState, tile: int, chain: int) -> int:
    """Relabel every labelled cell connected to ``tile`` (other than ``chain``) as ``chain``
    (rules 2.2-2.3, 6.6); return how many cells changed. ``tile`` must already be ``chain``."""
    board = state.board
    neighbours = state.ctx.board.neighbours
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
