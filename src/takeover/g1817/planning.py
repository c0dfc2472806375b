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
        if kind == "withhold":
            paid = 0
        elif kind == "payout":
            paid = revenue
        elif corp.total_shares == 2:
            paid = revenue - revenue // 2
        else:
            paid = revenue - (revenue // 2 // corp.total_shares) * corp.total_shares
        price = 40 if game.in_acquisition(corp) else game.price(corp)
        index = corp.price_index
        steps = -1 if paid <= 0 else 2 if paid >= 2 * price else 1 if paid >= price else 0
        target = max(1 if index > 0 else 0, min(index + steps, len(MARKET_PRICES) - 1))
        return MARKET_PRICES[target]

    def route_revenue(self, sym: str, distances: list[int] | None = None, limit: int = 2000) -> int:
        """The best revenue the corporation's trains (or trains of ``distances``) could
        run now: the map's auto-router (:func:`takeover.g1817.map.router.best_routes`,
        keeping at most ``limit`` routes, the best by revenue: planning needs no more)."""
        from takeover.g1817.map.router import best_routes

        game = self.game
        corp = game.corps[sym]
        if distances is None:
            distances = [int(t.name.rstrip("+")) for t in corp.trains]
        if not distances or not corp.tokens_placed:
            return 0
        modern = "modern_trains" in game.optional_rules
        total, _ = best_routes(game.board, sym, distances, game.phase_colors, modern, limit)
        return total


PLANNING: Extension[Planner] = Extension("planning", Planner.__doc__ or "")
