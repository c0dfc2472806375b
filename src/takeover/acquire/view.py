"""Per-seat views (section 9 of the rules): the one place hidden information is filtered.

A view is a JSON-ready dict of what ``seat`` may see (``None``: a spectator); the log
(events and actions) goes through :func:`event_view` and :func:`action_view` here too.
Other players' hands and the bag never appear; with ``hidden_holdings`` (rule 9.2),
neither do other players' cash and shares, nor the terms of other players' trades,
until the game is over. What is seen as it happens (purchases, founders' shares,
disposals and bonuses, all of which pass the public bank or are revealed at a merger)
stays in the log: rule 9.2 hides running totals, not moves.

``whole=True`` shows everything (the replay of a finished game, rule 9.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from takeover.acquire import trading
from takeover.acquire.actions import PlaceTile, ProposeTrade
from takeover.acquire.constants import (
    ANSWER,
    DEAD,
    DEFUNCT,
    DISPOSE,
    EMPTY,
    FOUNDING,
    GROWTH,
    LONE,
    MERGER,
    NO_CHAIN,
    PLACE,
    SURVIVOR,
)
from takeover.acquire.data import CHAIN_COLOURS, NUM_CHAINS, TIER_NAMES, bonuses
from takeover.core.memo import Memo
from takeover.core.protocol import Action, Event

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState


def secret_holdings(state: AcquireState) -> bool:
    """Whether other players' cash, shares and trade terms are hidden now (rule 9.2)."""
    return state.ctx.ruleset.hidden_holdings and not state.is_terminal()


def view(state: AcquireState, seat: int | None, whole: bool = False) -> dict[str, Any]:
    """The view of ``seat``; treat it as read-only (its parts are shared between seats).

    ``whole``: nothing hidden but hands (for the replay of a finished game, rule 9.3).
    """
    if whole and secret_holdings(state):
        cells, _ = _board(state)
        out = _public(state, cells, hidden=False)
        out["decision"] = _decision(state, None, whole=True)
        return out
    cached = state._view_cache
    if cached is not None and cached[0] is state.history:
        public, tiles = cached[1]
    else:
        cells, tiles = _board(state)
        public = _public(state, cells, secret_holdings(state))
        state._view_cache = (state.history, (public, tiles))
    out = dict(public)
    out["seat"] = seat
    hidden = secret_holdings(state)
    if state.phase == ANSWER and hidden:
        out["decision"] = _decision(state, seat)  # trade terms for its two parties only
    if hidden:
        out["players"] = [
            _player(state, p) if p == seat else _player(state, p, hidden=True)
            for p in range(state.num_players)
        ]
    if seat is not None and 0 <= seat < state.num_players:
        hand = []
        for t in sorted(state.hands[seat]):
            entry = tiles.get(t)
            if entry is None:
                entry = tiles[t] = _hand_entry(state, t)
            hand.append(entry)
        out["hand"] = hand
    return out


_BOARDS: Memo[tuple[Any, ...], tuple[dict[str, str | None], dict[int, dict[str, Any]]]] = Memo(4096)
"""Per distinct board: its cells as shown, and the hand entries of the tiles asked about
so far. What a tile would do depends on the board alone (chain sizes are counts of its
cells), so positions that share a board (every purchase, every disposal) share both."""


def _board(state: AcquireState) -> tuple[dict[str, str | None], dict[int, dict[str, Any]]]:
    ctx = state.ctx
    # A merger tile is on the table, in no chain yet, until the survivor takes it over
    # (when the merger is complete, or as soon as the survivor is known: rule 6.8).
    tile = state.merge_tile
    merging = tile if state.merge_chains and state.board[tile] == EMPTY else -1
    key = (ctx.notation, ctx.safe, merging, tuple(state.board))
    found = _BOARDS.get(key)
    if found is None:
        names = ctx.board.names
        labels = _cell_names(ctx.chain_names)  # ORPHAN (7) shows as None; EMPTY (-1) is left out
        cells = {names[t]: labels[label] for t, label in enumerate(state.board) if label >= 0}
        if merging >= 0:
            cells[names[merging]] = None
        found = _BOARDS.keep(key, (cells, {}))
    return found


_LABELS: dict[tuple[str, ...], tuple[str | None, ...]] = {}


def _cell_names(chain_names: tuple[str, ...]) -> tuple[str | None, ...]:
    """What a board cell shows, indexed by its label: a chain's name; ``None`` (ORPHAN)."""
    labels = _LABELS.get(chain_names)
    if labels is None:
        labels = _LABELS[chain_names] = (*chain_names, None)
    return labels


def _public(state: AcquireState, cells: dict[str, str | None], hidden: bool) -> dict[str, Any]:
    """Everything every seat sees alike, computed once per position."""
    ctx = state.ctx
    board_names = ctx.board.names
    chains = []
    for c in range(NUM_CHAINS):
        size = state.sizes[c]
        holdings = None if hidden or not size else tuple(held[c] for held in state.shares)
        key = (ctx.notation, ctx.tiers, c, size, state.bank[c], holdings, ctx.safe)
        entry = _CHAINS.get(key)
        if entry is None:
            entry = _CHAINS.keep(key, _chain_entry(state, c, holdings))
        chains.append(entry)
    return {
        "game": "acquire",
        "seat": None,
        "ruleset": ctx.ruleset_json,
        "columns": ctx.board.columns,
        "rows": ctx.board.rows,
        "board": cells,
        "dead": [board_names[t] for t in state.removed],
        "last_tile": _last_tile(state),
        "chains": chains,
        "players": [_player(state, p, hidden) for p in range(state.num_players)],
        "order": list(state.order),
        "opening": _opening(state),
        "bag": state.tiles_left(),
        "turn": state.turn_number,
        "active": state.active,
        "decision": _decision(state, None),
        "can_end": state.can_end(),
        "finished": state.is_terminal(),
        "end_reason": state.end_reason,
        "scores": state.scores(),
    }


_CHAINS: Memo[tuple[Any, ...], dict[str, Any]] = Memo(50_000)
"""Chain rows met so far, by everything they show: a row changes far less often
than the position, and bonuses take a while to work out."""


def _chain_entry(state: AcquireState, c: int, holdings: tuple[int, ...] | None) -> dict[str, Any]:
    ctx = state.ctx
    names = ctx.chain_names
    size = state.sizes[c]
    price = state.price(c)
    entry: dict[str, Any] = {
        "name": names[c],
        "tier": TIER_NAMES[ctx.tiers[c]],
        "colour": CHAIN_COLOURS[names[c]],
        "size": size,
        "price": price,
        "available": state.bank[c],
        "safe": state.is_safe(c),
    }
    if holdings is not None:
        entry["bonuses"] = bonuses(price, list(holdings))
    return entry


def _player(state: AcquireState, p: int, hidden: bool = False) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": p, "name": state.ctx.players[p], "tiles": len(state.hands[p])}
    if not hidden:
        names = state.ctx.chain_names
        entry["cash"] = state.cash[p]
        held = tuple(state.shares[p])
        shares = _HOLDINGS.get((names, held))
        if shares is None:
            shares = _HOLDINGS.keep((names, held), {names[c]: n for c, n in enumerate(held) if n})
        entry["shares"] = shares
    return entry


_HOLDINGS: Memo[tuple[tuple[str, ...], tuple[int, ...]], dict[str, int]] = Memo(50_000)
"""A player's shares by chain name, shared between views: holdings change rarely."""


_HAND: Memo[tuple[Any, ...], dict[str, Any]] = Memo(50_000)
"""Hand entries met so far, by tile and what it would do: the same few hundred recur."""


def _hand_entry(state: AcquireState, tile: int) -> dict[str, Any]:
    """``tile``, whether it can be played and what it would do (shared: read-only)."""
    kind, chains = state.classify(tile)
    ctx = state.ctx
    if kind == DEAD:  # its text names the chains safe now
        return {"tile": ctx.board.names[tile], **_status(state, kind, chains)}
    key = (ctx.notation, tile, kind, chains)  # the notation: one per board and names
    entry = _HAND.get(key)
    if entry is None:
        entry = _HAND.keep(key, {"tile": ctx.board.names[tile], **_status(state, kind, chains)})
    return entry


def _status(state: AcquireState, kind: int, chains: tuple[int, ...]) -> dict[str, Any]:
    names = state.ctx.chain_names
    if kind == DEAD:
        return {
            "playable": False,
            "why": "permanently unplayable: it would merge safe chains "
            + " and ".join(names[c] for c in chains if state.is_safe(c)),
        }
    if kind == NO_CHAIN:
        return {"playable": False, "why": "temporarily unplayable: it would found an 8th chain"}
    effect = {LONE: "orphan", FOUNDING: "founds", GROWTH: "grows", MERGER: "merges"}[kind]
    return {"playable": True, "effect": effect, "chains": [names[c] for c in chains]}


def _opening(state: AcquireState) -> list[dict[str, Any]]:
    """The draw for first player (rule 4.3), public: each seat's tile in seat order. A game
    begun from a position (rule 4.6) had none."""
    names = state.ctx.board.names
    return [{"player": p, "tile": names[t]} for p, t in state.opening]


def _last_tile(state: AcquireState) -> str | None:
    cell = state.history
    while cell is not None:
        cell, _, action = cell
        if isinstance(action, PlaceTile):
            return state.ctx.board.names[action.tile]
    return None


def _decision(state: AcquireState, seat: int | None, whole: bool = False) -> dict[str, Any] | None:
    if state.is_terminal():
        return None
    names = state.ctx.chain_names
    d: dict[str, Any] = {"player": state.current_player(), "kind": state.decision}
    if state.phase in (SURVIVOR, DEFUNCT) or state.merge_chains:
        d["merger"] = {
            "chains": [names[c] for c in state.merge_chains],
            # While the survivor is being chosen, state.survivor may still name the last merger's.
            "survivor": names[state.survivor]
            if state.survivor >= 0 and state.phase != SURVIVOR
            else None,
        }
    if state.phase == DISPOSE:
        chain = state._defunct[0]
        d["defunct"] = names[chain]
        d["survivor"] = names[state.survivor]
        d["price"] = state.price(chain)
        d["held"] = state.shares[state.decider][chain]  # type: ignore[index]
        d["survivor_available"] = state.bank[state.survivor]
    offer = state.pending_trade
    # Like the trade events: with hidden holdings only the two parties see the terms.
    if (
        state.phase == ANSWER
        and offer is not None
        and (whole or not secret_holdings(state) or seat in (state.active, offer.to))
    ):
        d["trade"] = trading.trade_data(state, offer)
    if state.phase == PLACE:
        d["trading_open"] = state.trading_open()
    return d


def event_view(
    state: AcquireState, event: Event, seat: int | None, whole: bool = False
) -> dict[str, Any] | None:
    """``event`` as ``seat`` may see it: other players' drawn tiles are hidden, and with
    secret holdings the terms of other players' trades (``whole``: nothing is hidden).

    Treat the result as read-only: an event every seat sees alike is one dict for all.
    """
    kind = event.type
    if not whole and kind in _SECRET_TILES:
        data = event.to_dict()
        if data.get("player") != seat:
            data["count"] = len(data.pop("tiles"))
        return data
    if not whole and kind in _SECRET_TERMS and secret_holdings(state):
        data = event.to_dict()
        if seat not in (data.get("from"), data.get("to")):
            data.pop("give", None)
            data.pop("get", None)
        return data
    entry = _PUBLIC_EVENTS.get(id(event))
    if entry is None or entry[0] is not event:
        entry = _PUBLIC_EVENTS.keep(id(event), (event, event.to_dict()))
    return entry[1]


def action_view(
    state: AcquireState, action: Action, actor: int, seat: int | None
) -> dict[str, Any]:
    """``actor``'s ``action`` as ``seat`` may see it: with ``hidden_holdings`` a trade
    proposal's terms are for its two parties only until the game is over, like its events."""
    if type(action) is ProposeTrade and secret_holdings(state) and seat not in (actor, action.to):
        return {
            "player": actor,
            "action": {"type": action.type, "to": action.to},
            "text": f"offer seat {action.to} a trade",
        }
    return {
        "player": actor,
        "action": state.action_to_dict(action),
        "text": state.action_text(action),
    }


_SECRET_TILES = frozenset(("tiles_drawn", "dead_tiles_replaced"))
_SECRET_TERMS = frozenset(("trade_proposed", "trade_answered"))
_PUBLIC_EVENTS: Memo[int, tuple[Event, dict[str, Any]]] = Memo(4096)
"""Public events in their dict form, by identity (the entry keeps its event alive, so
the id cannot be reused meanwhile): every seat is sent the same one."""
