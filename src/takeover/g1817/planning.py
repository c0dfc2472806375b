"""What a planning player may ask the rules beyond the legal actions (``PLANNING``).

Bots decide among the listed actions, but some decisions turn on facts the list does not
carry: the revenue the operating corporation has just run (for its dividend), where the
price would move for each dividend, which auction is under way and at what bid, and the
best revenue a corporation's trains could run now (the map's auto-router). :class:`Planner` answers
those from the position, read-only, so no bot reads a round's fields.

>>> from takeover.g1817.state import Game1817
>>> game = Game1817("1817", [(1, "a"), (2, "b"), (3, "c")])
>>> planner = Planner(game)
>>> planner.auction() is None, planner.revenue(), planner.operating() is None
(True, 0, True)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING

from takeover.core.extensions import Extension
from takeover.g1817.data.editions import MARKET_PRICES

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817


@dataclass(frozen=True)
class AuctionUnderWay:
    """An auction in progress: its target (a private or a corporation) and the bids by
    player id."""

    target: str
    bids: dict[int, int]


class Planner:
    """Read-only planning facts about one position."""

    __slots__ = ("game",)

    def __init__(self, game: Game1817) -> None:
        self.game = game

    def auction(self) -> AuctionUnderWay | None:
        """The private, IPO or acquisition auction under way, if any."""
        view = self.game.round.auction_view()
        if view is None:
            return None
        return AuctionUnderWay(str(view["target"]), dict(view["bids"]))

    def operating(self) -> str | None:
        """The corporation whose operating turn it is (``None`` outside one)."""
        from takeover.g1817.rounds.operating import OperatingRound

        rnd = self.game.round
        if not isinstance(rnd, OperatingRound) or rnd.finished:
            return None
        return rnd.corp.sym

    def revenue(self) -> int:
        """The revenue the operating corporation ran this turn (0 before its run)."""
        from takeover.g1817.rounds.operating import OperatingRound

        rnd = self.game.round
        return rnd.revenue if isinstance(rnd, OperatingRound) else 0

    def ipo_winner(self) -> tuple[int, str, int] | None:
        """(player, corporation, price) of an IPO won and not yet settled."""
        from takeover.g1817.rounds.stock import StockRound

        rnd = self.game.round
        return rnd.ipo.winner if isinstance(rnd, StockRound) else None

    def price_after_dividend(self, sym: str, revenue: int, kind: str) -> int:
        """The share price after paying ``revenue`` as ``kind`` (payout, half, withhold),
        by the same rule :meth:`GameData.pay_dividend` moves it."""
        game = self.game
        corp = game.corps[sym]
        if corp.price_index is None:
            return 0
        paid = revenue - game.withheld(corp, revenue, kind)
        return MARKET_PRICES[game.index_after(corp, game.dividend_steps(corp, paid))]

    def route_revenue(self, sym: str, distances: list[int] | None = None) -> int:
        """The best revenue the corporation's trains (or trains of ``distances``) could
        run now: the map's auto-router (:func:`takeover.g1817.map.router.best_routes`)."""
        from takeover.g1817.map.router import best_routes

        game = self.game
        corp = game.corps[sym]
        if distances is None:
            distances = [int(t.name.rstrip("+")) for t in corp.trains]
        if not distances or not corp.tokens_placed:
            return 0
        modern = "modern_trains" in game.optional_rules
        total, _ = best_routes(game.board, sym, distances, game.phase_colors, modern)
        return total

    def stop_revenue(self, place: str) -> int:
        """What the stops of a hex (``H9``), or of the hex of a city (``57-0-0``), pay a
        train now: its cities', towns' and off-board areas' revenue in this phase."""
        board = self.game.board
        coord = board.city_location(place)[0] if "-" in place else place
        tile = board.tile_at(coord)[1]
        colors = self.game.phase_colors
        stops = (*tile.cities, *tile.towns, *tile.offboards)
        return sum(stop.revenue_at(colors) for stop in stops)

    def revenue_with(
        self,
        sym: str,
        distances: list[int],
        lay: tuple[str, str, int] | None = None,
        token: str | None = None,
    ) -> tuple[int, int]:
        """(best revenue, what the stops on the changed hex pay) after a hypothetical lay
        (hex, tile copy, rotation) or token (city id) on a copy of the board alone: no
        money changes and no step moves, so a planner can try many options quickly."""
        from takeover.g1817.map.router import best_routes

        game = self.game
        board = copy.deepcopy(game.board)
        coord: str | None = None
        if lay is not None:
            coord = lay[0]
            board.lay(*lay)
        if token is not None:
            coord, index = board.city_location(token)
            board.place_token(coord, index, sym)
        stops = 0
        if coord is not None:
            tile = board.tile_at(coord)[1]
            found = (*tile.cities, *tile.towns, *tile.offboards)
            stops = sum(stop.revenue_at(game.phase_colors) for stop in found)
        if not distances or not board.corporation_cities(sym):
            return 0, stops
        modern = "modern_trains" in game.optional_rules
        total, _ = best_routes(board, sym, distances, game.phase_colors, modern)
        return total, stops

    def lay_fee(self, hex_id: str) -> int:
        """What the operating corporation pays to lay on ``hex_id`` now: the engine's own
        fee (the lay's, the terrain's on a hex not yet laid, less the privates' discounts)."""
        from takeover.g1817.rounds.operating import OperatingRound

        game = self.game
        rnd = game.round
        if not isinstance(rnd, OperatingRound):
            return 0
        return game.lay_fee(rnd.corp, hex_id, rnd.lays, None)


PLANNING: Extension[Planner] = Extension("planning", Planner.__doc__ or "")
