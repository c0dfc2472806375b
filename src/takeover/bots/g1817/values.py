"""What things are worth to a 1817 player: privates, trains, corporations, a seat.

Without the map a train's earnings are a table by type (a typical run on a mid-game
board); with the map, :meth:`Planner.route_revenue` gives the corporation's real best
revenue. A seat's *worth* is its score (cash, shares at market, privates at face value)
plus a share of what its corporations' trains will still earn, so a plan that keeps a
corporation running counts before the market shows it.
"""

from __future__ import annotations

import math

from takeover.g1817.data.editions import MARKET_PRICES, PHASES
from takeover.g1817.entities import Corporation, Train
from takeover.g1817.state import Game1817

TRAIN_EARNING = {"2": 50, "2+": 60, "3": 100, "4": 150, "5": 220, "6": 290, "7": 350, "8": 420}
"""A train's typical revenue per operating round, by type (an estimate, not a rule)."""

ACQUISITION_EDGE = 7
"""Market index at or below which a corporation is close to the acquisition zone ($55)."""


def private_value(game: Game1817, sym: str) -> int:
    """Face value, plus its mail income for a few rounds, plus a little for a power."""
    data = game.company_data[sym]
    power = 10 if data.tile_income or data.tile_discount or data.extra_token else 0
    return data.value + 2 * data.mail + power


def next_train_price(game: Game1817) -> int:
    """The price of the depot's next train (the last type's when the depot is empty)."""
    if game.depot:
        return game.train_types[game.depot[0].name].price
    return max(t.price for t in game.train_types.values())


def next_train_name(game: Game1817) -> str:
    """The name of the depot's next train (the last type's when the depot is empty)."""
    if game.depot:
        return game.depot[0].name
    return max(game.train_types.values(), key=lambda t: t.price).name


def rusts_soon(game: Game1817, train: Train) -> bool:
    """Whether the train rusts or goes obsolete when the next phase's train is bought."""
    ttype = game.train_types[train.name]
    doom = ttype.rusts_on or ttype.obsolete_on
    if doom is None:
        return False
    coming = [p.name for p in PHASES[game.phase_index + 1 : game.phase_index + 2]]
    return doom in coming or train.obsolete


def earning(game: Game1817, corp: Corporation) -> int:
    """Revenue per operating round the corporation's trains can expect."""
    trains = sorted((TRAIN_EARNING.get(t.name, 0) for t in corp.trains), reverse=True)
    return sum(trains[: game.train_limit])


def lasting_earning(game: Game1817, corp: Corporation) -> int:
    """Like :func:`earning`, counting only trains that will not rust at the next phase."""
    return sum(TRAIN_EARNING.get(t.name, 0) for t in corp.trains if not rusts_soon(game, t))


def corp_value(game: Game1817, corp: Corporation) -> int:
    """The corporation's assets net of loans (an acquirer's view): cash, trains at their
    earnings over two rounds, privates at face value, placed tokens, less loans."""
    trains = sum(
        min(game.train_types[t.name].price, 2 * TRAIN_EARNING.get(t.name, 0))
        for t in corp.trains
        if not t.obsolete
    )
    companies = sum(game.company_data[c].value for c in corp.companies)
    return corp.cash + trains + companies + 20 * corp.tokens_placed - 100 * len(corp.loans)


def doomed(game: Game1817, corp: Corporation) -> bool:
    """A corporation heading for the acquisition zone: trainless without the money for a
    train, or priced at the zone's edge with loans it cannot carry."""
    if not corp.floated or corp.price_index is None:
        return False
    if game.in_zone(corp):
        return True
    trainless = not corp.trains and game.buying_power(corp) < next_train_price(game)
    weak = corp.price_index <= ACQUISITION_EDGE and earning(game, corp) < 40 * len(corp.loans) + 40
    return trainless or weak


def quality(game: Game1817, corp: Corporation) -> float:
    """How good a holding the corporation is, in [-1, 1]: earnings against its price
    and loans, less when heading for the zone."""
    if corp.price_index is None or not corp.floated:
        return 0.0
    if doomed(game, corp):
        return -1.0
    cap = max(1, MARKET_PRICES[corp.price_index] * corp.total_shares)
    earn = lasting_earning(game, corp) - game.interest_rate() * len(corp.loans)
    if not corp.trains:
        earn = min(corp.cash, next_train_price(game)) // 4
    return max(-1.0, min(1.0, 3.0 * earn / cap))


def worth(game: Game1817, pid: int) -> float:
    """The player's score plus a third of two rounds of its corporations' lasting
    earnings by share, less what shorts of healthy corporations may cost."""
    player = game.player_by_id[pid]
    total = float(game.player_value(player))
    for corp in game.corps.values():
        if corp.price_index is None or not corp.floated:
            continue
        pct = corp.percent_of(pid)
        if pct:
            total += pct / 100 * (2 * lasting_earning(game, corp)) / 3
    return total


def rewards(game: Game1817) -> list[float]:
    """Per seat in [0, 1]: exact ranks once the game is over, else worth against the best
    rival, squashed (for search)."""
    order = game.original_order
    n = len(order)
    if game.finished:
        ranks = game.ranks()
        assert ranks is not None
        return [1.0 - (r - 1) / max(1, n - 1) for r in ranks]
    worths = [worth(game, pid) for pid in order]
    scale = max(200.0, sum(abs(w) for w in worths) / n / 2)
    out = []
    for i, w in enumerate(worths):
        rival = max(worths[j] for j in range(n) if j != i)
        out.append(1.0 / (1.0 + math.exp(-(w - rival) / scale)))
    return out
