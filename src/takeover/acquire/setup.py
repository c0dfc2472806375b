"""Setting up a game: the draw for first player and the deal, or a given position."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from takeover.acquire.constants import EMPTY, ORPHAN
from takeover.acquire.context import Context
from takeover.acquire.data import NUM_CHAINS
from takeover.acquire.rules import Ruleset, ruleset_from_json
from takeover.acquire.state import AcquireState
from takeover.acquire.tiles import safe_labels
from takeover.acquire.turn import draw, start_turn
from takeover.core.errors import IllegalAction, RecordError


def shuffled_bag(size: int, seed: int) -> list[int]:
    """The tile bag for ``seed``: every tile id, in a seeded random order.

    Fisher-Yates from the last tile down, each swap index drawn from
    ``random.Random(seed).getrandbits`` by rejection: exactly what ``random.shuffle``
    does in CPython 3.11, written out so that records made with a seed keep their
    bag whatever a later Python does, and without two Python calls per tile.
    """
    bag = list(range(size))
    getrandbits = random.Random(seed).getrandbits
    for i in range(size - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        bag[i], bag[j] = bag[j], bag[i]
    return bag


def _context(players: Sequence[str], ruleset: Ruleset) -> Context:
    players = tuple(players)
    if not ruleset.min_players <= len(players) <= ruleset.max_players:
        raise RecordError(
            f"the {ruleset.preset} ruleset takes {ruleset.min_players} to "
            f"{ruleset.max_players} players, got {len(players)}"
        )
    return Context(ruleset, players)


def new_game(
    players: Sequence[str] | int,
    ruleset: Ruleset | str | Mapping[str, Any] | None = None,
    seed: int | None = None,
    tile_bag: Sequence[int] | None = None,
) -> AcquireState:
    """A new game: the first-player draw (rules 4.3-4.4) and the deal (rule 4.5).

    ``players`` is a list of names or a count. The bag is ``tile_bag`` (tile ids in
    draw order; a prefix is allowed) or a shuffle from ``seed`` (default: random).
    """
    if isinstance(players, int):
        players = [f"Player {i + 1}" for i in range(players)]
    rules = ruleset_from_json(ruleset)
    ctx = _context(players, rules)
    if tile_bag is None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        bag = tuple(shuffled_bag(ctx.board.size, seed))
    else:
        bag = tuple(tile_bag)
        if len(set(bag)) != len(bag):
            raise RecordError("the tile bag holds a tile twice")
    state = AcquireState(ctx)
    state.bag = bag
    state.start = {"tile_bag": list(bag)} if seed is None else {"seed": seed}
    # Draw for first player: each seat in seat order places one tile as an orphan.
    drawn: list[tuple[int, int]] = []
    for seat in range(ctx.num_players):
        drawn_tiles = draw(state, seat, 1)
        if drawn_tiles:
            (tile,) = drawn_tiles
            state.hands[seat] = ()
            state.board[tile] = ORPHAN
            drawn.append((seat, tile))
    state.opening = tuple(drawn)
    key = ctx.board.row_key if rules.closest_tile == "row" else ctx.board.column_key
    ranked = [seat for seat, tile in sorted(drawn, key=lambda st: key(st[1]))]
    ranked += [s for s in range(ctx.num_players) if s not in ranked]  # bag ran out
    first = ranked[0]
    n = ctx.num_players
    if rules.turn_order == "drawn":
        state.order = tuple(ranked)
    else:
        state.order = tuple((first + i) % n for i in range(n))
    # The deal: each player in turn order draws a full hand at once.
    for seat in state.order:
        draw(state, seat, ctx.hand_size)
    state.turn_pos = 0
    start_turn(state, safe_labels(state))
    return state


def from_position(
    position: Mapping[str, Any], ruleset: Ruleset | str | Mapping[str, Any] | None = None
) -> AcquireState:
    """A game that begins from a position (how scenarios are written).

    ``position``: ``board`` ``{tile: chain or null}``, ``players`` (``name``, ``cash``,
    ``shares``, ``hand``), ``bag`` (remaining tiles in draw order), ``current`` (the
    seat whose turn begins); optional ``order`` (turn order, default seat order) and
    ``removed`` (dead tiles already out of the game).
    """
    if not isinstance(position, Mapping):
        raise RecordError("a position must be a JSON object")
    rules = ruleset_from_json(ruleset)
    raw_players = position.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise RecordError('a position needs "players": a list of {name, cash, shares, hand}')
    for seat, p in enumerate(raw_players):
        if not isinstance(p, Mapping):
            raise RecordError(f"player {seat} must be an object {{name, cash, shares, hand}}")
    names = [str(p.get("name", f"Player {i + 1}")) for i, p in enumerate(raw_players)]
    ctx = _context(names, rules)
    notation = ctx.notation
    state = AcquireState(ctx)
    seen: set[int] = set()

    def tile_ids(raw: object, where: str) -> list[int]:
        if not isinstance(raw, list):
            raise RecordError(f"{where} must be a list of tile names")
        out = []
        for name in raw:
            try:
                t = notation.tile(name)
            except IllegalAction as exc:
                raise RecordError(f"{where}: {exc}") from None
            if t in seen:
                raise RecordError(f"{where}: tile {name} appears twice in the position")
            seen.add(t)
            out.append(t)
        return out

    board = position.get("board", {})
    if not isinstance(board, Mapping):
        raise RecordError('"board" must be an object {tile: chain name or null}')
    for name, chain in board.items():
        (t,) = tile_ids([name], "board")
        if chain is None:
            state.board[t] = ORPHAN
        else:
            try:
                state.board[t] = notation.chain(chain)
            except IllegalAction as exc:
                raise RecordError(f"board {name}: {exc}") from None
    for c in range(NUM_CHAINS):
        state.sizes[c] = sum(1 for label in state.board if label == c)
    _check_board(state)
    state.removed = tuple(tile_ids(position.get("removed", []), "removed"))
    for seat, p in enumerate(raw_players):
        if not isinstance(p, Mapping):
            raise RecordError(f"player {seat} must be an object")
        cash = p.get("cash", rules.starting_cash)
        if not isinstance(cash, int) or isinstance(cash, bool) or cash < 0 or cash % 100:
            raise RecordError(f"player {seat}: cash must be a non-negative multiple of $100")
        state.cash[seat] = cash
        held = p.get("shares", {})
        if not isinstance(held, Mapping):
            raise RecordError(f"player {seat}: shares must be an object {{chain: count}}")
        for chain_name, n in held.items():
            try:
                c = notation.chain(chain_name)
            except IllegalAction as exc:
                raise RecordError(f"player {seat}: {exc}") from None
            if not isinstance(n, int) or n < 0:
                raise RecordError(f"player {seat}: {chain_name} count must be >= 0")
            state.shares[seat][c] = n
        state.hands[seat] = tuple(tile_ids(p.get("hand", []), f"player {seat} hand"))
    for c in range(NUM_CHAINS):
        held_total = sum(s[c] for s in state.shares)
        if held_total > rules.shares_per_chain:
            raise RecordError(
                f"players hold {held_total} {ctx.chain_names[c]} shares; "
                f"only {rules.shares_per_chain} exist"
            )
        state.bank[c] = rules.shares_per_chain - held_total
    state.bag = tuple(tile_ids(position.get("bag", []), "bag"))
    n = ctx.num_players
    order = position.get("order", list(range(n)))
    seats = isinstance(order, list) and all(type(x) is int for x in order)
    if not seats or sorted(order) != list(range(n)):
        raise RecordError(f'"order" must list each seat 0..{n - 1} once')
    state.order = tuple(order)
    current = position.get("current", state.order[0])
    if current not in state.order:
        raise RecordError(f'"current" must be a seat 0..{n - 1}')
    state.turn_pos = state.order.index(current)
    state.start = {"start": _position_copy(position)}
    state._log = []
    start_turn(state, safe_labels(state))
    state._log = None
    assert all(label == EMPTY or 0 <= label <= ORPHAN for label in state.board)
    return state


def _check_board(state: AcquireState) -> None:
    """A position's board must be one that play can reach (rule 4.6): every chain one
    connected group of 2+ tiles, no orphan touching a chain, no two chains touching."""
    board, names = state.ctx.board, state.ctx.board.names
    chain_names = state.ctx.chain_names

    def what(label: int) -> str:
        return "an orphan" if label == ORPHAN else chain_names[label]

    for t, label in enumerate(state.board):
        if label == EMPTY:
            continue
        for n in board.neighbours[t]:
            other = state.board[n]
            if other != EMPTY and other != label:
                raise RecordError(
                    f"board: {names[t]} ({what(label)}) touches {names[n]} ({what(other)})"
                )
    for c in range(NUM_CHAINS):
        cells = [t for t, label in enumerate(state.board) if label == c]
        if not cells:
            continue
        if len(cells) < 2:
            raise RecordError(f"board: {chain_names[c]} has a single tile (a chain needs 2)")
        reached, stack = {cells[0]}, [cells[0]]
        while stack:
            for n in board.neighbours[stack.pop()]:
                if state.board[n] == c and n not in reached:
                    reached.add(n)
                    stack.append(n)
        if len(reached) != len(cells):
            raise RecordError(f"board: {chain_names[c]}'s tiles are not all connected")


def _position_copy(position: Mapping[str, Any]) -> dict[str, Any]:
    import json

    copy: dict[str, Any] = json.loads(json.dumps(position))
    return copy
