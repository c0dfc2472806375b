"""The Acquire rules compiled with numba, over flat int64 arrays (``takeover[fast]``).

A second implementation of ``docs/rules/acquire.md`` for playouts and batched
simulation, and the only module that imports numba. The pure-Python engine
(:mod:`takeover.acquire`) stays the reference: records, the server and every
check of a player's action go through it; :mod:`takeover.kernel.bridge` converts
between the two and the differential tests hold them to the same games.

A game is one row of ``STATE_SIZE`` int64s (layout: the offsets below); a ruleset
is a config row (``C_*``), the board's neighbours (``-1`` padded) and the price
table. Each function here is one step of the reference's :mod:`~takeover.acquire.turn`
or :mod:`~takeover.acquire.merger`, under the same name where there is one, so the
two read side by side. Trades between players are not played here (no proposal is
ever made; the reference's rule that trading keeps a player without a playable tile
in the place step is).

Actions are int codes, listed in ascending order (the canonical order both engines
are compared in): ``0..127`` place a tile, ``FOUND0 + c``, ``SURVIVOR0 + c``,
``DEFUNCT0 + c``, ``DECLARE``, ``DISPOSE0 + 32 * trade + sell``, ``BUY0 + 2 * (64 a
+ 8 b + c) + end`` with ``a <= b <= c`` the chains bought, 7 for "none".
"""

from __future__ import annotations

import numpy as np
from numba import njit

# Phases, as the reference numbers them (takeover.acquire.constants).
PLACE, FOUND, SURVIVOR, DEFUNCT, DISPOSE, BUY, ANSWER, OVER = range(8)
EMPTY = -1
ORPHAN = 7
NCH = 7
END_DECLARED, END_ALL_TILES, END_NO_PLACEMENT = 1, 2, 3

# Action codes.
FOUND0 = 128
SURVIVOR0 = 136
DEFUNCT0 = 144
DECLARE = 152
DISPOSE0 = 256
BUY0 = 2048
NONE = 7
MAX_ACTIONS = 1024
"""More than any decision lists: 240 purchases (with end twins) or 182 disposals."""

# Config row.
C_BOARD, C_SAFE, C_END_SIZE, C_HAND, C_SHARES, C_MAX_BUY, C_CASH = range(7)
C_BY_COLUMN, C_COLUMNS, C_DRAWN_ORDER, C_REPEAT_DEAD, C_WITH_PURCHASE = range(7, 12)
C_BONUSES_FIRST, C_GROW_FIRST, C_TRADING = range(12, 15)
CONFIG_SIZE = 15

# State row.
S_NP, S_PHASE, S_ACTIVE, S_DECIDER, S_TURN_POS, S_TURN, S_PLACED, S_AT_START = range(8)
S_STREAK, S_MERGE_TILE, S_SURVIVOR, S_MAKER_POS, S_BAG_POS, S_BAG_LEN = range(8, 14)
S_NMERGE = 14  # then 4 merging chains
S_NDEFUNCT = 19  # then 4 defunct chains, the one being resolved first
S_NDISP = 24  # then 6 disposing seats, the deciding one first
S_END = 31
S_SIZES = 32
S_BANK = 39
S_CASH = 46
S_SHARES = 52  # 6 x 7, by seat
S_ORDER = 94
S_HAND_N = 100
S_REMOVED_N = 106
S_RESOLVING = 107  # 1 while the first defunct chain's holders dispose of their shares
S_BOARD = 110  # 128 cells
S_LOC = 238  # 128 tiles: a seat's hand, or one of the L_* places
S_BAG = 366  # 128 tiles in draw order
S_CAP = 494  # scratch: shares each chain may be bought (8, the last for "none")
S_COST = 502  # scratch: their prices (8)
S_STACK = 512  # scratch: the cells :func:`absorb` has still to visit (128)
STATE_SIZE = 640
L_BAG, L_BOARD, L_REMOVED = -1, -2, -3

MASK32 = 0xFFFFFFFF

jit = njit(cache=True, error_model="numpy")
"""Every kernel function: compiled once and cached beside this module (``cache``), and
with numpy's arithmetic errors (no Python exception checks on each division)."""


# ---------------------------------------------------------------- seeded shuffle
@jit
def _mt_next(mt: np.ndarray, pos: np.ndarray) -> int:
    """MT19937's next 32-bit output (CPython's ``genrand_uint32``)."""
    if pos[0] >= 624:
        for kk in range(624):
            y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % 624] & 0x7FFFFFFF)
            v = mt[(kk + 397) % 624] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[kk] = v
        pos[0] = 0
    y = mt[pos[0]]
    pos[0] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & MASK32


@jit
def shuffle_bag(key: np.ndarray, bag: np.ndarray) -> None:
    """Fill ``bag`` with :func:`takeover.acquire.setup.shuffled_bag` of the seed whose
    32-bit words (least significant first) are ``key``: ``random.Random(seed)``
    seeds MT19937 with ``init_by_array`` and ``getrandbits(k)`` keeps the top k bits."""
    mt = np.empty(624, np.int64)
    mt[0] = 19650218
    for i in range(1, 624):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & MASK32
    i, j = 1, 0
    n = len(key)
    for _ in range(max(624, n)):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & MASK32
        i += 1
        j += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
        if j >= n:
            j = 0
    for _ in range(623):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & MASK32
        i += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
    mt[0] = 0x80000000
    pos = np.full(1, 624, np.int64)
    size = len(bag)
    for t in range(size):
        bag[t] = t
    for i in range(size - 1, 0, -1):
        m = i + 1
        k = 0
        while (m >> k) != 0:
            k += 1
        j = _mt_next(mt, pos) >> (32 - k)
        while j >= m:
            j = _mt_next(mt, pos) >> (32 - k)
        bag[i], bag[j] = bag[j], bag[i]


# ---------------------------------------------------------------- policy randomness
@jit
def mix64(x: np.uint64) -> np.uint64:
    """SplitMix64's output function: the seeded policies' random numbers (the same
    formula as :func:`takeover.kernel.bridge.mix64`, so both engines pick alike)."""
    z = x + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@jit
def pick(key: np.uint64, step: int, n: int) -> int:
    """The seeded policy's choice among ``n`` listed actions at decision ``step``."""
    return int(mix64(key + np.uint64(step)) % np.uint64(n))


# ---------------------------------------------------------------- queries
@jit
def price(s: np.ndarray, prices: np.ndarray, chain: int) -> int:
    return prices[chain, s[S_SIZES + chain]]


@jit
def can_end(s: np.ndarray, cfg: np.ndarray) -> bool:
    """Rule 8.1."""
    top = 0
    for c in range(NCH):
        if s[S_SIZES + c] > top:
            top = s[S_SIZES + c]
    if top >= cfg[C_END_SIZE]:
        return True
    safe = cfg[C_SAFE]
    if top < safe:
        return False
    for c in range(NCH):
        size = s[S_SIZES + c]
        if 0 < size < safe:
            return False
    return True


@jit
def _free_chain(s: np.ndarray) -> bool:
    for c in range(NCH):  # noqa: SIM110 (numba compiles loops, not generators)
        if s[S_SIZES + c] == 0:
            return True
    return False


@jit
def is_dead(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, tile: int) -> bool:
    """Rule 2.5: the tile would merge two safe chains."""
    safe = cfg[C_SAFE]
    first = -1
    for k in range(4):
        n = nb[tile, k]
        if n < 0:
            break
        label = s[S_BOARD + n]
        if 0 <= label < NCH and s[S_SIZES + label] >= safe:
            if first < 0:
                first = label
            elif label != first:
                return True
    return False


@jit
def is_playable(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, tile: int, free: bool) -> bool:
    """Rule 2.7 (``free``: some chain is off the board)."""
    if is_dead(s, cfg, nb, tile):
        return False
    if free:
        return True
    founds = False
    for k in range(4):
        n = nb[tile, k]
        if n < 0:
            break
        label = s[S_BOARD + n]
        if label == ORPHAN:
            founds = True
        elif label != EMPTY:
            return True
    return not founds


@jit
def has_playable(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, seat: int) -> bool:
    free = _free_chain(s)
    for t in range(cfg[C_BOARD]):
        if s[S_LOC + t] == seat and is_playable(s, cfg, nb, t, free):
            return True
    return False


@jit
def trading_open(s: np.ndarray, cfg: np.ndarray) -> bool:
    """Rules 7.1 and 7.5, with no proposal made yet (the kernel makes none)."""
    return s[S_PHASE] == PLACE and s[S_PLACED] == 0 and cfg[C_TRADING] != 0 and s[S_NP] > 1


@jit
def _buy_list(s: np.ndarray, cfg: np.ndarray, prices: np.ndarray, out: np.ndarray, n: int) -> int:
    """Append every purchase the active player can make (rule 5.6) to ``out[n:]``."""
    with_end = cfg[C_WITH_PURCHASE] != 0 and can_end(s, cfg)
    limit = cfg[C_MAX_BUY]
    cash = s[S_CASH + s[S_ACTIVE]]
    cap = s[S_CAP : S_CAP + 8]
    cost = s[S_COST : S_COST + 8]
    cap[:] = 0
    cost[:] = 0
    for c in range(NCH):
        if s[S_SIZES + c] > 0:
            cap[c] = min(s[S_BANK + c], limit)
            cost[c] = prices[c, s[S_SIZES + c]]
    for a in range(8):
        if a < NONE and (cap[a] == 0 or limit < 1):
            continue
        for b in range(a, 8):
            if b < NONE and (cap[b] == 0 or limit < 2 or (b == a and cap[a] < 2)):
                continue
            if a == NONE and b != NONE:
                continue
            for c in range(b, 8):
                if c < NONE:
                    if cap[c] == 0 or limit < 3:
                        continue
                    same = (c == a) + (c == b) + 1
                    if cap[c] < same:
                        continue
                elif c != NONE:
                    continue
                if b == NONE and c != NONE:
                    continue
                total = cost[a] + cost[b] + cost[c]  # cost[NONE] is 0
                if total > cash:
                    continue
                code = BUY0 + 2 * (64 * a + 8 * b + c)
                out[n] = code
                n += 1
                if with_end:
                    out[n] = code + 1
                    n += 1
    return n


@jit
def buy_is_decision(s: np.ndarray, cfg: np.ndarray, prices: np.ndarray) -> bool:
    """Whether more than buying nothing is listed (rule 11.1): some share the active
    player can pay for, or the end to declare with the purchase."""
    if cfg[C_WITH_PURCHASE] != 0 and can_end(s, cfg):
        return True
    if cfg[C_MAX_BUY] < 1:
        return False
    cash = s[S_CASH + s[S_ACTIVE]]
    for c in range(NCH):
        size = s[S_SIZES + c]
        if size > 0 and s[S_BANK + c] > 0 and prices[c, size] <= cash:
            return True
    return False


@jit
def _one_largest(s: np.ndarray, at: int, count: int) -> int:
    """The chain of ``s[at:at+count]`` with the most tiles, or -1 if several tie."""
    top = -1
    best = -1
    for i in range(count):
        c = s[at + i]
        size = s[S_SIZES + c]
        if size > top:
            top = size
            best = c
        elif size == top:
            best = -1
    return best


@jit
def _largest(s: np.ndarray, at: int, count: int, out: np.ndarray, base: int, n: int) -> int:
    """Append ``base + c`` for each chain of ``s[at:at+count]`` with the most tiles,
    in chain order."""
    top = -1
    for i in range(count):
        size = s[S_SIZES + s[at + i]]
        if size > top:
            top = size
    for c in range(NCH):
        for i in range(count):
            if s[at + i] == c and s[S_SIZES + c] == top:
                out[n] = base + c
                n += 1
    return n


@jit
def legal(
    s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray, out: np.ndarray
) -> int:
    """Fill ``out`` with the deciding seat's legal actions in ascending code order (the
    reference's ``legal_actions``, trade proposals aside); return how many."""
    phase = s[S_PHASE]
    n = 0
    if phase == PLACE:
        seat = s[S_ACTIVE]
        free = _free_chain(s)
        for t in range(cfg[C_BOARD]):
            if s[S_LOC + t] == seat and is_playable(s, cfg, nb, t, free):
                out[n] = t
                n += 1
        if s[S_AT_START] != 0 and cfg[C_WITH_PURCHASE] == 0 and can_end(s, cfg):
            out[n] = DECLARE
            n += 1
        if n == 0 or (n == 1 and out[0] == DECLARE):
            n = _buy_list(s, cfg, prices, out, n)  # after DECLARE, as their codes sort
        return n
    if phase == BUY:
        return _buy_list(s, cfg, prices, out, 0)
    if phase == DISPOSE:
        seat = s[S_DECIDER]
        chain = s[S_NDEFUNCT + 1]
        held = s[S_SHARES + NCH * seat + chain]
        left = s[S_BANK + s[S_SURVIVOR]]
        top = min(held, 2 * left)
        for trade in range(0, top + 1, 2):
            for sell in range(held - trade + 1):
                out[n] = DISPOSE0 + 32 * trade + sell
                n += 1
        return n
    if phase == FOUND:
        for c in range(NCH):
            if s[S_SIZES + c] == 0:
                out[n] = FOUND0 + c
                n += 1
        return n
    if phase == SURVIVOR:
        return _largest(s, S_NMERGE + 1, s[S_NMERGE], out, SURVIVOR0, 0)
    if phase == DEFUNCT:
        return _largest(s, S_NDEFUNCT + 1, s[S_NDEFUNCT], out, DEFUNCT0, 0)
    return 0


# ---------------------------------------------------------------- board changes
@jit
def absorb(s: np.ndarray, nb: np.ndarray, tile: int, chain: int) -> int:
    """Relabel every labelled cell connected to ``tile`` (other than ``chain``) as
    ``chain``; how many changed. ``tile`` must already be ``chain``."""
    s[S_STACK] = tile
    top = 1
    changed = 0
    while top:
        top -= 1
        t = s[S_STACK + top]
        for k in range(4):
            n = nb[t, k]
            if n < 0:
                break
            label = s[S_BOARD + n]
            if label != EMPTY and label != chain:
                s[S_BOARD + n] = chain
                changed += 1
                s[S_STACK + top] = n
                top += 1
    return changed


@jit
def pay_bonuses(s: np.ndarray, prices: np.ndarray, chain: int) -> None:
    """Rules 6.4 and 8.4 (:func:`takeover.acquire.data.bonuses`)."""
    np_ = s[S_NP]
    p = price(s, prices, chain)
    top = 0
    for seat in range(np_):
        h = s[S_SHARES + NCH * seat + chain]
        if h > top:
            top = h
    if top == 0:
        return
    tied = 0
    for seat in range(np_):
        if s[S_SHARES + NCH * seat + chain] == top:
            tied += 1
    if tied > 1:
        each = -(-(15 * p) // (tied * 100)) * 100
        for seat in range(np_):
            if s[S_SHARES + NCH * seat + chain] == top:
                s[S_CASH + seat] += each
        return
    second = 0
    for seat in range(np_):
        h = s[S_SHARES + NCH * seat + chain]
        if second < h < top:
            second = h
    for seat in range(np_):
        if s[S_SHARES + NCH * seat + chain] == top:
            s[S_CASH + seat] += 15 * p if second == 0 else 10 * p
    if second == 0:
        return
    count = 0
    for seat in range(np_):
        if s[S_SHARES + NCH * seat + chain] == second:
            count += 1
    each = -(-(5 * p) // (count * 100)) * 100
    for seat in range(np_):
        if s[S_SHARES + NCH * seat + chain] == second:
            s[S_CASH + seat] += each


@jit
def draw(s: np.ndarray, seat: int, count: int) -> int:
    """Move up to ``count`` tiles from the bag to ``seat``'s hand; how many."""
    drawn = 0
    while drawn < count and s[S_BAG_POS] < s[S_BAG_LEN]:
        t = s[S_BAG + s[S_BAG_POS]]
        s[S_BAG_POS] += 1
        s[S_LOC + t] = seat
        s[S_HAND_N + seat] += 1
        drawn += 1
    return drawn


# ---------------------------------------------------------------- the turn
@jit
def end_game(s: np.ndarray, prices: np.ndarray, reason: int) -> None:
    """Rule 8.4: bonuses, then every share on the board sold."""
    s[S_END] = reason
    for c in range(NCH):
        if s[S_SIZES + c]:
            pay_bonuses(s, prices, c)
    for seat in range(s[S_NP]):
        for c in range(NCH):
            k = S_SHARES + NCH * seat + c
            if s[k] and s[S_SIZES + c]:
                s[S_CASH + seat] += s[k] * price(s, prices, c)
                s[S_BANK + c] += s[k]
                s[k] = 0
    s[S_PHASE] = OVER
    s[S_DECIDER] = -1


@jit
def start_turn(s: np.ndarray) -> None:
    seat = s[S_ORDER + s[S_TURN_POS]]
    s[S_ACTIVE] = seat
    s[S_DECIDER] = seat
    s[S_PHASE] = PLACE
    s[S_PLACED] = 0
    s[S_AT_START] = 1
    s[S_TURN] += 1


@jit
def enter_buy(s: np.ndarray) -> None:
    s[S_PHASE] = BUY
    s[S_DECIDER] = s[S_ACTIVE]
    s[S_AT_START] = 0


@jit
def settle(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray) -> None:
    """Take the decisions with one choice (rule 11.1) until a player must decide.

    A loop rather than the reference's calls from step to step: numba's cache
    cannot hold functions that call each other in a cycle."""
    while True:
        phase = s[S_PHASE]
        if phase == BUY:
            if buy_is_decision(s, cfg, prices):
                return
            end_turn(s, cfg, nb, prices)  # only buying nothing
        elif phase == PLACE:
            if has_playable(s, cfg, nb, s[S_ACTIVE]):
                return
            # Rules 5.3, 11.1: buy at once unless the end may be declared or a trade proposed.
            if cfg[C_WITH_PURCHASE] == 0 and s[S_AT_START] != 0 and can_end(s, cfg):
                return
            if trading_open(s, cfg):
                return
            enter_buy(s)
        else:
            return


@jit
def _second_largest(s: np.ndarray) -> int:
    a, b = 0, 0
    for c in range(NCH):
        size = s[S_SIZES + c]
        if size > a:
            a, b = size, a
        elif size > b:
            b = size
    return b


@jit
def replace_dead(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, seat: int) -> None:
    """Rule 5.8."""
    while True:
        dead = 0
        for t in range(cfg[C_BOARD]):
            if s[S_LOC + t] == seat and is_dead(s, cfg, nb, t):
                s[S_LOC + t] = L_REMOVED
                s[S_HAND_N + seat] -= 1
                s[S_REMOVED_N] += 1
                dead += 1
        if dead == 0:
            return
        drawn = draw(s, seat, dead)
        if cfg[C_REPEAT_DEAD] == 0 or drawn == 0:
            return


@jit
def end_turn(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray) -> None:
    seat = s[S_ACTIVE]
    need = cfg[C_HAND] - s[S_HAND_N + seat]
    if need > 0:
        draw(s, seat, need)
    if _second_largest(s) >= cfg[C_SAFE]:
        replace_dead(s, cfg, nb, seat)
    if s[S_PLACED]:
        s[S_STREAK] = 0
    else:
        s[S_STREAK] += 1
    empty = s[S_BAG_POS] >= s[S_BAG_LEN]
    if empty:
        for p in range(s[S_NP]):
            if s[S_HAND_N + p]:
                empty = False
    if empty:
        end_game(s, prices, END_ALL_TILES)
    elif s[S_STREAK] >= s[S_NP]:
        end_game(s, prices, END_NO_PLACEMENT)
    else:
        s[S_TURN_POS] = (s[S_TURN_POS] + 1) % s[S_NP]
        start_turn(s)


@jit
def found(s: np.ndarray, nb: np.ndarray, chain: int) -> None:
    """Rule 5.4."""
    tile = s[S_MERGE_TILE]
    s[S_BOARD + tile] = chain
    s[S_SIZES + chain] = 1 + absorb(s, nb, tile, chain)
    if s[S_BANK + chain] > 0:
        s[S_BANK + chain] -= 1
        s[S_SHARES + NCH * s[S_ACTIVE] + chain] += 1
    enter_buy(s)


@jit
def place(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray, tile: int) -> None:
    """Rules 5.3 and 2.1-2.4."""
    seat = s[S_ACTIVE]
    s[S_LOC + tile] = L_BOARD
    s[S_HAND_N + seat] -= 1
    s[S_PLACED] = 1
    s[S_AT_START] = 0
    # The chains it touches go straight where a merger keeps them (S_NMERGE + 1...).
    chains = S_NMERGE + 1
    nchains = 0
    orphan = False
    for k in range(4):
        n = nb[tile, k]
        if n < 0:
            break
        label = s[S_BOARD + n]
        if label == ORPHAN:
            orphan = True
        elif label != EMPTY:
            seen = False
            for i in range(nchains):
                if s[chains + i] == label:
                    seen = True
            if not seen:
                s[chains + nchains] = label
                nchains += 1
    if nchains == 0 and not orphan:  # lone
        s[S_BOARD + tile] = ORPHAN
        enter_buy(s)
    elif nchains == 1:  # growth
        chain = s[chains]
        s[S_BOARD + tile] = chain
        s[S_SIZES + chain] += 1 + absorb(s, nb, tile, chain)
        enter_buy(s)
    elif nchains == 0:  # founding
        s[S_BOARD + tile] = ORPHAN
        s[S_MERGE_TILE] = tile
        free = -1
        count = 0
        for c in range(NCH):
            if s[S_SIZES + c] == 0:
                free = c
                count += 1
        if count == 1:
            found(s, nb, free)
        else:
            s[S_PHASE] = FOUND
    else:  # merger
        s[S_MERGE_TILE] = tile
        s[S_NMERGE] = nchains
        s[S_MAKER_POS] = s[S_TURN_POS]
        survivor = _one_largest(s, chains, nchains)
        if survivor < 0:
            s[S_PHASE] = SURVIVOR
        elif begin_merger(s, cfg, nb, prices, survivor):
            enter_buy(s)


@jit
def _grow(s: np.ndarray, nb: np.ndarray) -> None:
    survivor = s[S_SURVIVOR]
    tile = s[S_MERGE_TILE]
    s[S_BOARD + tile] = survivor
    s[S_SIZES + survivor] += 1 + absorb(s, nb, tile, survivor)


@jit
def begin_merger(
    s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray, survivor: int
) -> bool:
    """Rule 6.1 onwards; True once the merger is complete."""
    s[S_SURVIVOR] = survivor
    nd = 0
    for i in range(s[S_NMERGE]):
        c = s[S_NMERGE + 1 + i]
        if c != survivor:
            s[S_NDEFUNCT + 1 + nd] = c
            nd += 1
    s[S_NDEFUNCT] = nd
    if cfg[C_GROW_FIRST]:  # rule 6.8
        _grow(s, nb)
    if cfg[C_BONUSES_FIRST]:  # rule 6.7: largest first, equal sizes in chain order
        done = 0  # a bit per chain paid
        for _ in range(nd):
            best = -1
            for i in range(nd):
                c = s[S_NDEFUNCT + 1 + i]
                if not (done >> c) & 1 and (
                    best < 0
                    or s[S_SIZES + c] > s[S_SIZES + best]
                    or (s[S_SIZES + c] == s[S_SIZES + best] and c < best)
                ):
                    best = c
            done |= 1 << best
            pay_bonuses(s, prices, best)
    s[S_RESOLVING] = 0
    return advance_merger(s, cfg, nb, prices)


@jit
def _finish(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray) -> None:
    """Rule 6.6."""
    survivor = s[S_SURVIVOR]
    for i in range(s[S_NMERGE]):
        c = s[S_NMERGE + 1 + i]
        if c != survivor:
            s[S_SIZES + c] = 0
    if not cfg[C_GROW_FIRST]:
        _grow(s, nb)
    s[S_NMERGE] = 0


@jit
def advance_merger(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray) -> bool:
    """Go on with the merger until someone decides; True once it is complete (rule 6.6).

    The reference's ``_next_defunct`` and ``_next_disposer`` as one loop."""
    while True:
        if s[S_RESOLVING]:
            k = s[S_NDISP]
            if k:
                s[S_PHASE] = DISPOSE
                s[S_DECIDER] = s[S_NDISP + 1]
                return False
            nd = s[S_NDEFUNCT]
            for i in range(nd - 1):
                s[S_NDEFUNCT + 1 + i] = s[S_NDEFUNCT + 2 + i]
            s[S_NDEFUNCT] = nd - 1
            s[S_RESOLVING] = 0
            s[S_DECIDER] = s[S_ACTIVE]
        nd = s[S_NDEFUNCT]
        if nd == 0:
            _finish(s, cfg, nb)
            return True
        chain = _one_largest(s, S_NDEFUNCT + 1, nd)
        if chain < 0:
            s[S_PHASE] = DEFUNCT
            s[S_DECIDER] = s[S_ACTIVE]
            return False
        resolve_defunct(s, cfg, prices, chain)


@jit
def resolve_defunct(s: np.ndarray, cfg: np.ndarray, prices: np.ndarray, chain: int) -> None:
    """Rule 6.3: ``chain`` is resolved next: its bonuses, then its holders in turn."""
    nd = s[S_NDEFUNCT]
    at = 0
    for i in range(nd):
        if s[S_NDEFUNCT + 1 + i] == chain:
            at = i
    for i in range(at, 0, -1):
        s[S_NDEFUNCT + 1 + i] = s[S_NDEFUNCT + i]
    s[S_NDEFUNCT + 1] = chain
    if not cfg[C_BONUSES_FIRST]:
        pay_bonuses(s, prices, chain)
    np_ = s[S_NP]
    k = 0
    for i in range(np_):
        seat = s[S_ORDER + (s[S_MAKER_POS] + i) % np_]
        if s[S_SHARES + NCH * seat + chain]:
            s[S_NDISP + 1 + k] = seat
            k += 1
    s[S_NDISP] = k
    s[S_RESOLVING] = 1


@jit
def dispose(s: np.ndarray, prices: np.ndarray, sell: int, trade: int) -> None:
    """Rule 6.5: the deciding holder's disposal."""
    seat = s[S_DECIDER]
    chain = s[S_NDEFUNCT + 1]
    survivor = s[S_SURVIVOR]
    s[S_SHARES + NCH * seat + chain] -= sell + trade
    s[S_BANK + chain] += sell + trade
    s[S_CASH + seat] += sell * price(s, prices, chain)
    s[S_SHARES + NCH * seat + survivor] += trade // 2
    s[S_BANK + survivor] -= trade // 2
    k = s[S_NDISP]
    for i in range(k - 1):
        s[S_NDISP + 1 + i] = s[S_NDISP + 2 + i]
    s[S_NDISP] = k - 1


@jit
def buy(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray, code: int) -> None:
    seat = s[S_ACTIVE]
    key = (code - BUY0) >> 1
    for c in ((key >> 6) & 7, (key >> 3) & 7, key & 7):
        if c != NONE:
            s[S_CASH + seat] -= price(s, prices, c)
            s[S_SHARES + NCH * seat + c] += 1
            s[S_BANK + c] -= 1
    if (code & 1) and can_end(s, cfg):
        end_game(s, prices, END_DECLARED)
    else:
        end_turn(s, cfg, nb, prices)


@jit
def step(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray, code: int) -> None:
    """Apply a legal action (unchecked, as the reference's ``play``)."""
    if code < FOUND0:
        place(s, cfg, nb, prices, code)
    elif code >= BUY0:
        buy(s, cfg, nb, prices, code)
    elif code >= DISPOSE0:
        k = code - DISPOSE0
        dispose(s, prices, k & 31, k >> 5)
        if advance_merger(s, cfg, nb, prices):
            enter_buy(s)
    elif code == DECLARE:
        end_game(s, prices, END_DECLARED)
    elif code >= DEFUNCT0:
        resolve_defunct(s, cfg, prices, code - DEFUNCT0)
        if advance_merger(s, cfg, nb, prices):
            enter_buy(s)
    elif code >= SURVIVOR0:
        if begin_merger(s, cfg, nb, prices, code - SURVIVOR0):
            enter_buy(s)
    else:
        found(s, nb, code - FOUND0)
    settle(s, cfg, nb, prices)


# ---------------------------------------------------------------- setting up
@jit
def setup(s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray, np_: int) -> None:
    """A new game from the bag already in ``s`` (rules 4.2-4.5): the draw for first
    player, the turn order, the deal and the first turn."""
    bag_len = s[S_BAG_LEN]
    bag = s[S_BAG : S_BAG + bag_len].copy()
    s[:] = 0
    s[S_BAG : S_BAG + bag_len] = bag
    s[S_BAG_LEN] = bag_len
    s[S_NP] = np_
    s[S_BOARD : S_BOARD + 128] = EMPTY
    s[S_LOC : S_LOC + 128] = L_BAG
    s[S_SURVIVOR] = -1
    s[S_MERGE_TILE] = -1
    for c in range(NCH):
        s[S_BANK + c] = cfg[C_SHARES]
    for p in range(np_):
        s[S_CASH + p] = cfg[C_CASH]
    keys = np.full(6, 1 << 30, np.int64)  # seats without a tile come last, in seat order
    for seat in range(np_):
        if s[S_BAG_POS] < bag_len:
            t = s[S_BAG + s[S_BAG_POS]]
            s[S_BAG_POS] += 1
            s[S_BOARD + t] = ORPHAN
            s[S_LOC + t] = L_BOARD
            if cfg[C_BY_COLUMN]:
                cols = cfg[C_COLUMNS]
                keys[seat] = (t % cols) * 256 + t // cols
            else:
                keys[seat] = t
    ranked = np.argsort(keys[:np_], kind="mergesort")
    first = ranked[0]
    for i in range(np_):
        s[S_ORDER + i] = ranked[i] if cfg[C_DRAWN_ORDER] else (first + i) % np_
    for i in range(np_):
        draw(s, s[S_ORDER + i], cfg[C_HAND])
    start_turn(s)
    settle(s, cfg, nb, prices)


@jit
def seed_words(seed: int) -> np.ndarray:
    """The 32-bit words of ``abs(seed)`` for :func:`shuffle_bag` (seeds below 2**63)."""
    n = abs(seed)
    if n == 0:
        return np.zeros(1, np.int64)
    words = np.zeros(2, np.int64)
    words[0] = n & MASK32
    words[1] = n >> 32
    return words[:1] if words[1] == 0 else words


@jit
def new_game(
    s: np.ndarray, cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray, np_: int, seed: int
) -> None:
    """The reference's ``new_game(np_, ruleset, seed=seed)``."""
    size = cfg[C_BOARD]
    bag = np.empty(size, np.int64)
    shuffle_bag(seed_words(seed), bag)
    s[S_BAG : S_BAG + size] = bag
    s[S_BAG_LEN] = size
    setup(s, cfg, nb, prices, np_)


# ---------------------------------------------------------------- playing
@jit
def play_seeded(
    s: np.ndarray,
    cfg: np.ndarray,
    nb: np.ndarray,
    prices: np.ndarray,
    key: np.uint64,
    actions: np.ndarray,
) -> int:
    """Play to the end, decision ``i`` taking listed action :func:`pick` ``(key, i)``;
    record the codes in ``actions``; return how many (the differential tests' policy)."""
    out = np.empty(MAX_ACTIONS, np.int64)
    i = 0
    while s[S_PHASE] != OVER:
        n = legal(s, cfg, nb, prices, out)
        code = out[pick(key, i, n)]
        actions[i] = code
        step(s, cfg, nb, prices, code)
        i += 1
    return i


@jit
def _xorshift(rng: np.ndarray) -> int:
    x = rng[0]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    rng[0] = x
    return int(x >> np.uint64(11))


@jit
def random_action(
    s: np.ndarray,
    cfg: np.ndarray,
    nb: np.ndarray,
    prices: np.ndarray,
    rng: np.ndarray,
    out: np.ndarray,
) -> int:
    """The ``random`` bot's choice: the end when it may be declared, else uniform."""
    n = legal(s, cfg, nb, prices, out)
    for i in range(n):
        code = out[i]
        if code == DECLARE or (code >= BUY0 and (code & 1)):
            return code
    return out[_xorshift(rng) % n]


@jit
def random_games(
    cfg: np.ndarray, nb: np.ndarray, prices: np.ndarray, np_: int, seed0: int, games: int
) -> int:
    """Play ``games`` random games (seeds ``seed0``...) one after another; the decisions
    made (``takeover bench kernel``)."""
    s = np.zeros(STATE_SIZE, np.int64)
    out = np.empty(MAX_ACTIONS, np.int64)
    rng = np.full(1, np.uint64(seed0) * np.uint64(2654435761) + np.uint64(1), np.uint64)
    decisions = 0
    for g in range(games):
        new_game(s, cfg, nb, prices, np_, seed0 + g)
        while s[S_PHASE] != OVER:
            step(s, cfg, nb, prices, random_action(s, cfg, nb, prices, rng, out))
            decisions += 1
    return decisions


# ---------------------------------------------------------------- many games at once
@jit
def _list_one(
    s: np.ndarray,
    cfg: np.ndarray,
    nb: np.ndarray,
    prices: np.ndarray,
    index_of: np.ndarray,
    listed: np.ndarray,
    mask: np.ndarray,
    out: np.ndarray,
) -> int:
    """One game's legal actions as research indices: ascending in ``listed`` and set in
    ``mask`` (whose previous entries, the old ``listed``, the caller has cleared)."""
    n = legal(s, cfg, nb, prices, out)
    for j in range(n):
        index = index_of[out[j]]
        listed[j] = index
        mask[index] = True
    return n


@jit
def list_batch(
    states: np.ndarray,
    cfg: np.ndarray,
    nb: np.ndarray,
    prices: np.ndarray,
    index_of: np.ndarray,
    listed: np.ndarray,
    counts: np.ndarray,
    masks: np.ndarray,
    deciders: np.ndarray,
) -> None:
    """Each game's legal actions (:func:`_list_one`), masks cleared first, and who
    decides."""
    out = np.empty(MAX_ACTIONS, np.int64)
    masks[:, :] = False
    for i in range(states.shape[0]):
        counts[i] = _list_one(states[i], cfg, nb, prices, index_of, listed[i], masks[i], out)
        deciders[i] = states[i, S_DECIDER]


@jit
def step_batch(
    states: np.ndarray,
    cfg: np.ndarray,
    nb: np.ndarray,
    prices: np.ndarray,
    code_of: np.ndarray,
    index_of: np.ndarray,
    listed: np.ndarray,
    counts: np.ndarray,
    masks: np.ndarray,
    deciders: np.ndarray,
    actions: np.ndarray,
    seeds: np.ndarray,
    scores: np.ndarray,
    done: np.ndarray,
) -> int:
    """Apply ``actions[i]`` (research indices) to game ``i`` and list its legal actions
    next (as :func:`list_batch`, while the row is at hand). A game that ends leaves its
    final cash in ``scores[i]``, ``done[i]`` set, and starts again from ``seeds[i] + 1``
    (the seed moves on). Nothing changes if some action is not legal: the first such
    game's number is returned, else -1."""
    g = states.shape[0]
    size = masks.shape[1]
    for i in range(g):
        a = actions[i]
        if a < 0 or a >= size or not masks[i, a]:
            return i
    out = np.empty(MAX_ACTIONS, np.int64)
    for i in range(g):
        s = states[i]
        step(s, cfg, nb, prices, code_of[actions[i]])
        if s[S_PHASE] == OVER:
            done[i] = True
            for p in range(s[S_NP]):
                scores[i, p] = s[S_CASH + p]
            seeds[i] += 1
            new_game(s, cfg, nb, prices, s[S_NP], seeds[i])
        else:
            done[i] = False
        row = listed[i]
        mask = masks[i]
        for j in range(counts[i]):
            mask[row[j]] = False
        counts[i] = _list_one(s, cfg, nb, prices, index_of, row, mask, out)
        deciders[i] = s[S_DECIDER]
    return -1


@jit
def reset_batch(
    states: np.ndarray,
    cfg: np.ndarray,
    nb: np.ndarray,
    prices: np.ndarray,
    players: int,
    seeds: np.ndarray,
) -> None:
    for i in range(states.shape[0]):
        new_game(states[i], cfg, nb, prices, players, seeds[i])


# ---------------------------------------------------------------- search
RIVAL_BUYS = 3
HOLD_WEIGHT = 0.5
ORPHAN_SHARE = 0.15
REWARD_SCALE = 4000.0
"""As :mod:`takeover.bots.evaluate` (the same position values, compiled)."""


@jit
def _held(s: np.ndarray, seat: int, chain: int, rival: int, extra: int) -> int:
    h = s[S_SHARES + NCH * seat + chain]
    return h + extra if seat == rival else h


@jit
def bonus_of(s: np.ndarray, chain: int, p: int, seat: int, rival: int, extra: int) -> int:
    """What ``seat`` receives of ``chain``'s bonuses at share price ``p`` (rule 6.4),
    with ``rival`` holding ``extra`` more shares than it does."""
    np_ = s[S_NP]
    top = 0
    for q in range(np_):
        top = max(top, _held(s, q, chain, rival, extra))
    mine = _held(s, seat, chain, rival, extra)
    if top == 0 or mine == 0:
        return 0
    tied = 0
    second = 0
    for q in range(np_):
        h = _held(s, q, chain, rival, extra)
        if h == top:
            tied += 1
        elif h > second:
            second = h
    if tied > 1:
        return -(-(15 * p) // (tied * 100)) * 100 if mine == top else 0
    if mine == top:
        return 15 * p if second == 0 else 10 * p
    if mine != second:
        return 0
    count = 0
    for q in range(np_):
        if _held(s, q, chain, rival, extra) == second:
            count += 1
    return -(-(5 * p) // (count * 100)) * 100


@jit
def worths(s: np.ndarray, prices: np.ndarray, vals: np.ndarray) -> None:
    """Each seat's worth: :func:`takeover.bots.evaluate.worths`, compiled."""
    np_ = s[S_NP]
    for q in range(np_):
        vals[q] = s[S_CASH + q]
    for c in range(NCH):
        size = s[S_SIZES + c]
        if size == 0:
            keep = ORPHAN_SHARE * prices[c, 2]
            for q in range(np_):
                vals[q] += s[S_SHARES + NCH * q + c] * keep
            continue
        p = prices[c, size]
        extra = min(RIVAL_BUYS, s[S_BANK + c])
        for q in range(np_):
            h = s[S_SHARES + NCH * q + c]
            now = bonus_of(s, c, p, q, -1, 0)
            if h == 0 and now == 0:
                continue
            if extra and np_ > 1:
                best, rival = -1, -1
                for r in range(np_):
                    if r != q and s[S_SHARES + NCH * r + c] > best:
                        best, rival = s[S_SHARES + NCH * r + c], r
                later = bonus_of(s, c, p, q, rival, extra)
                vals[q] += h * p + HOLD_WEIGHT * now + (1 - HOLD_WEIGHT) * later
            else:
                vals[q] += h * p + now


@jit
def reward(s: np.ndarray, prices: np.ndarray, seat: int, vals: np.ndarray) -> float:
    """``seat``'s reward in [0, 1]: :func:`takeover.bots.evaluate.rewards`, compiled."""
    np_ = s[S_NP]
    if s[S_PHASE] == OVER:
        top = s[S_CASH]
        for q in range(np_):
            top = max(top, s[S_CASH + q])
        if s[S_CASH + seat] != top:
            return 0.0
        winners = 0
        for q in range(np_):
            winners += s[S_CASH + q] == top
        return 1.0 / winners
    if np_ < 2:
        return 1.0
    worths(s, prices, vals)
    best = -1e18
    for q in range(np_):
        if q != seat and vals[q] > best:
            best = vals[q]
    return 1.0 / (1.0 + np.exp(-(vals[seat] - best) / REWARD_SCALE))


@jit
def rollout_action(
    s: np.ndarray,
    cfg: np.ndarray,
    nb: np.ndarray,
    prices: np.ndarray,
    rng: np.ndarray,
    out: np.ndarray,
    vals: np.ndarray,
) -> int:
    """The rollouts' policy: the end when the decider leads, a merger's shares traded
    as far as the bank allows and the rest sold, else uniform over the legal actions."""
    n = legal(s, cfg, nb, prices, out)
    phase = s[S_PHASE]
    if phase == DISPOSE:
        return out[n - 1]  # the most traded, the rest sold
    for i in range(n):
        code = out[i]
        if code == DECLARE or (code >= BUY0 and (code & 1)):
            worths(s, prices, vals)
            seat = s[S_DECIDER]
            lead = True
            for q in range(s[S_NP]):
                if vals[q] > vals[seat]:
                    lead = False
            if lead:
                return code
            if code == DECLARE:  # not declaring: uniform over the rest
                if n == 1:
                    return code
                j = _xorshift(rng) % (n - 1)
                return out[j + 1] if j >= i else out[j]
            break
    while True:
        code = out[_xorshift(rng) % n]
        if not (code >= BUY0 and (code & 1)):
            return code


@jit
def evaluate_actions(
    s: np.ndarray,
    cfg: np.ndarray,
    nb: np.ndarray,
    prices: np.ndarray,
    codes: np.ndarray,
    rollouts: int,
    depth: int,
    seat: int,
    seed: int,
    sums: np.ndarray,
) -> None:
    """Add to ``sums[i]`` the rewards of ``seat`` over ``rollouts`` playouts of ``depth``
    decisions after action ``codes[i]`` in the world ``s`` (flat Monte Carlo)."""
    row = np.empty_like(s)
    out = np.empty(MAX_ACTIONS, np.int64)
    vals = np.zeros(8, np.float64)
    rng = np.full(1, np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) | np.uint64(1), np.uint64)
    for i in range(len(codes)):
        for _ in range(rollouts):
            row[:] = s
            step(row, cfg, nb, prices, codes[i])
            for _ in range(depth):
                if row[S_PHASE] == OVER:
                    break
                step(row, cfg, nb, prices, rollout_action(row, cfg, nb, prices, rng, out, vals))
            sums[i] += reward(row, prices, seat, vals)
