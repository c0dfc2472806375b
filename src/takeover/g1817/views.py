"""What a seat sees: the whole position (1817 has no hidden information).

The trace-format snapshot (money, certificates, trains, round) plus what a table shows
besides: the depot, the market row, the interest rate ahead, any auction under way and
the map (:func:`takeover.g1817.map.view.board_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from takeover.g1817.data.editions import MARKET_CODES
from takeover.g1817.map.view import board_view
from takeover.g1817.trace import snapshot

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817


def view(game: Game1817, seat: int | None = None) -> dict[str, Any]:
    """JSON-ready state for ``seat`` (every seat, and spectators, see the same)."""
    out = snapshot(game)
    first_of_type: dict[str, str] = {}
    for train in game.depot:
        first_of_type.setdefault(train.name, train.id)
    out["depot"] = {
        "next": game.depot[0].id if game.depot else None,
        "upcoming": first_of_type,
        "discarded": [t.id for t in game.discarded],
    }
    out["market"] = list(MARKET_CODES)
    out["market_order"] = {sym: i for i, slot in enumerate(game.market_slots) for sym in slot}
    out["future_interest_rate"] = game.future_interest_rate()
    out["cert_limit"] = game.cert_limit
    out["seats"] = [str(pid) for pid in game.original_order]
    out["priority_order"] = [str(pid) for pid in game.seat_order]
    auction = None if game.finished else game.round.auction_view()
    if auction is not None:
        out["auction"] = {
            "target": auction["target"],
            "bids": {str(p): v for p, v in auction["bids"].items()},
            "bidders": [str(p) for p in auction["bidders"]],
        }
    out["game_end_reason"] = game.game_end_reason
    out["map"] = board_view(game.board, game.phase_colors)
    return out
