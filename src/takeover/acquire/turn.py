"""The turn: placing, founding, buying, drawing, dead tiles, the end (rules 5.1-5.9, 8.1-8.5).

Steps are functions of the :class:`~takeover.acquire.state.AcquireState` they change: the
state holds the position, each step module one concern (this one, :mod:`.merger`,
:mod:`.trading`). A step runs the steps that follow it until a player must decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.acquire.constants import (
    BUY,
    DECLARE_END,
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
from takeover.acquire.merger import begin_merger, pay_bonuses
from takeover.acquire.tiles import (
    SafeLabels,
    absorb,
    classify,
    dead_tiles,
    playable_tiles,
    safe_labels,
)

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState


def start_turn(state: AcquireState, safe: SafeLabels | None) -> None:
    """The next turn, given the board's :func:`.tiles.safe_labels`."""
    state.active = seat = state.order[state.turn_pos]
    state.decider = seat
    state.phase = PLACE
    state.placed = False
    state.at_start = True
    state.trades_offered = 0
    state.pending_trade = None
    state.turn_number += 1
    if state._log is not None:
        state._emit("turn_started", player=seat, turn=state.turn_number)
    state._playable = playable = playable_tiles(state, seat, safe)
    if not playable:
        if state.hands[seat] and state._log is not None:
            names = state.ctx.board.names
            state._emit(
                "hand_revealed",
                player=seat,
                tiles=[names[t] for t in sorted(state.hands[seat])],
                reason="no playable tile",
            )
        maybe_skip_to_buy(state)


def maybe_skip_to_buy(state: AcquireState) -> None:
    """With no playable tile the player places nothing (rules 5.3, 11.1), and buys at once
    unless the end may still be declared (then listed first) or a trade proposed."""
    listed = state.legal_actions()
    if not (listed and listed[0] is DECLARE_END) and not state.trading_open():
        enter_buy(state)


def place(state: AcquireState, tile: int) -> None:
    seat = state.active
    hand = state.hands[seat]
    i = hand.index(tile)
    state.hands[seat] = hand[:i] + hand[i + 1 :]
    state.placed = True
    state.at_start = False
    kind, chains = classify(state, tile)
    board = state.board
    if state._log is not None:
        state._emit("tile_placed", player=seat, tile=state.ctx.board.names[tile])
    if kind == LONE:
        board[tile] = ORPHAN
        enter_buy(state)
    elif kind == GROWTH:
        chain = chains[0]
        board[tile] = chain
        added = 1 + absorb(state, tile, chain)
        state.sizes[chain] += added
        if state._log is not None:
            state._emit("chain_grew", chain=state._name(chain), size=state.sizes[chain])
        enter_buy(state)
    elif kind == FOUNDING:
        board[tile] = ORPHAN
        state.merge_tile = tile
        free = [c for c in range(NUM_CHAINS) if not state.sizes[c]]
        if len(free) == 1:
            found(state, free[0], forced=True)
        else:
            state.phase = FOUND
    else:  # MERGER
        state.merge_tile = tile
        state.merge_chains = chains
        state.mergemaker_pos = state.turn_pos
        if state._log is not None:
            state._emit(
                "merger",
                player=seat,
                tile=state.ctx.board.names[tile],
                chains={state._name(c): state.sizes[c] for c in chains},
            )
        largest = state._largest(chains)
        if len(largest) != 1:
            state.phase = SURVIVOR
        elif begin_merger(state, largest[0], forced=True):
            enter_buy(state)


def found(state: AcquireState, chain: int, forced: bool = False) -> None:
    """Rule 5.4: the chain founded on the last tile, and the founder's share."""
    tile = state.merge_tile
    state.board[tile] = chain
    state.sizes[chain] = 1 + absorb(state, tile, chain)
    seat = state.active
    got_share = state.bank[chain] > 0
    if got_share:
        state.bank[chain] -= 1
        state.shares[seat][chain] += 1
    if state._log is not None:
        state._emit(
            "chain_founded",
            player=seat,
            chain=state._name(chain),
            size=state.sizes[chain],
            founder_share=got_share,
            forced=forced,
        )
    enter_buy(state)


def enter_buy(state: AcquireState) -> None:
    state.phase = BUY
    state.decider = state.active
    state.at_start = False
    state._purchases = purchases = state._buy_options()
    if len(purchases) < 2:  # only buying nothing: no decision (rule 11.1)
        if state._log is not None:
            state._emit("shares_bought", player=state.active, shares={}, cost=0, forced=True)
        end_turn(state)


def buy(state: AcquireState, shares: tuple[int, ...], end_game: bool) -> None:
    seat = state.active
    cost = 0
    held, bank, sizes, prices = state.shares[seat], state.bank, state.sizes, state.ctx.prices
    for c in shares:
        cost += prices[c][sizes[c]]
        held[c] += 1
        bank[c] -= 1
    state.cash[seat] -= cost
    if state._log is not None:
        counts: dict[str, int] = {}
        for c in shares:
            counts[state._name(c)] = counts.get(state._name(c), 0) + 1
        state._emit("shares_bought", player=seat, shares=counts, cost=cost, forced=False)
    if end_game and state.can_end():
        declare_end(state)
        return
    end_turn(state)


def declare_end(state: AcquireState) -> None:
    """Rule 8.2: the active player ends the game."""
    state._emit("end_declared", player=state.active)
    end_game(state, END_DECLARED)


def draw(state: AcquireState, seat: int, count: int) -> tuple[int, ...]:
    if state.set_aside:
        return _draw_returned(state, seat, count)
    start = state.bag_pos
    drawn = tuple(state.bag[start : start + count])
    state.bag_pos = start + len(drawn)
    state.hands[seat] += drawn
    return drawn


def _draw_returned(state: AcquireState, seat: int, count: int) -> tuple[int, ...]:
    """A draw after an undo took draws back: the seat's returned tiles first, then the
    bag past the tiles set aside (:mod:`takeover.acquire.undo`)."""
    mine = state.returned[seat] if seat < len(state.returned) else ()
    drawn = list(mine[:count])
    if drawn:
        returned = list(state.returned)
        returned[seat] = mine[len(drawn) :]
        state.returned = tuple(returned)
    bag, pos = state.bag, state.bag_pos
    while len(drawn) < count and pos < len(bag):
        if bag[pos] not in state.set_aside:
            drawn.append(bag[pos])
        pos += 1
    state.bag_pos = pos
    state.hands[seat] += tuple(drawn)
    return tuple(drawn)


def end_turn(state: AcquireState) -> None:
    seat = state.active
    need = state.ctx.hand_size - len(state.hands[seat])
    if need > 0:
        drawn = draw(state, seat, need)
        if drawn and state._log is not None:
            names = state.ctx.board.names
            state._emit("tiles_drawn", player=seat, tiles=[names[t] for t in drawn])
    safe = safe_labels(state)  # the board does not change until the next turn
    if safe is not None:
        replace_dead(state, seat, safe)
    if state.placed:
        state.no_place_streak = 0
    else:
        state.no_place_streak += 1
    if state.tiles_left() == 0 and not any(state.hands):
        end_game(state, END_ALL_TILES)
    elif state.no_place_streak >= state.num_players:
        end_game(state, END_NO_PLACEMENT)
    else:
        state.turn_pos = (state.turn_pos + 1) % state.num_players
        start_turn(state, safe)


def replace_dead(state: AcquireState, seat: int, safe: SafeLabels) -> None:
    """Rule 5.8: reveal, remove and replace permanently unplayable tiles."""
    repeat = state.ctx.ruleset.dead_replacement == "repeat"
    while True:
        dead = dead_tiles(state, state.hands[seat], safe)
        if not dead:
            return
        state.hands[seat] = tuple(t for t in state.hands[seat] if t not in dead)
        state.removed += tuple(dead)
        drawn = draw(state, seat, len(dead))
        if state._log is not None:
            names = state.ctx.board.names
            state._emit(
                "dead_tiles_replaced",
                player=seat,
                dead=[names[t] for t in dead],
                tiles=[names[t] for t in drawn],
            )
        if not repeat or not drawn:
            return


def end_game(state: AcquireState, reason: str) -> None:
    """Final scoring (rule 8.4): bonuses, then every share on the board sold."""
    state.end_reason = reason
    if state._log is not None:
        state._emit("game_ended", reason=reason)
    for chain in range(NUM_CHAINS):
        if state.sizes[chain]:
            pay_bonuses(state, chain, "final")
    for seat in range(state.num_players):
        sold: dict[str, int] = {}
        for chain in range(NUM_CHAINS):
            n = state.shares[seat][chain]
            if n and state.sizes[chain]:
                value = n * state.price(chain)
                state.cash[seat] += value
                state.shares[seat][chain] = 0
                state.bank[chain] += n
                sold[state._name(chain)] = value
        if sold and state._log is not None:
            state._emit("final_sale", player=seat, proceeds=sold)
    state.final_scores = list(state.cash)
    state.phase = OVER
    state.decider = None
    if state._log is not None:
        state._emit("final_scores", scores=list(state.final_scores), ranks=state.ranks())
