"""What a seat sees: the whole position (1817 has no hidden information).

The trace-format snapshot (money, certificates, trains, round) plus what a table shows
besides: the depot and the trains still to come, the market row and each space's stack,
the phase and what the next train changes, the interest rate ahead, names, net worths,
each corporation's holders and interest due, the privates, any auction under way, and
for a dividend decision what each choice would pay and where the price would go
(computed by the engine on copies, so the browser never re-implements a rule), and the
map (:func:`takeover.g1817.map.view.board_view`). Every seat, and spectators, see the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from takeover.g1817.data.companies import POWERS
from takeover.g1817.data.editions import MARKET_CODES, MARKET_PRICES, PHASES
from takeover.g1817.entities import POOL
from takeover.g1817.game import LOAN_VALUE
from takeover.g1817.map.view import board_view
from takeover.g1817.trace import snapshot

if TYPE_CHECKING:
    from takeover.g1817.entities import Corporation
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
        "trains": _train_types(game),
    }
    out["market"] = list(MARKET_CODES)
    out["market_order"] = {sym: i for i, slot in enumerate(game.market_slots) for sym in slot}
    out["market_stacks"] = {str(i): list(slot) for i, slot in enumerate(game.market_slots) if slot}
    out["future_interest_rate"] = game.future_interest_rate()
    out["loan_value"] = LOAN_VALUE
    out["cert_limit"] = game.cert_limit
    out["seats"] = [str(pid) for pid in game.original_order]
    out["priority_order"] = [str(pid) for pid in game.seat_order]
    out["title"] = game.title
    out["optional_rules"] = list(game.optional_rules)
    out["phases"] = _phases(game)
    for pid, entry in out["players"].items():
        player = game.player_by_id[int(pid)]
        entry["name"] = player.name
        entry["seat"] = game.original_order.index(player.id)
        entry["certs"] = game.num_certs(player)
        entry["value"] = game.player_value(player)
    order = [c.sym for c in game.operating_order()]
    for sym, entry in out["corps"].items():
        corp = game.corps[sym]
        entry["holders"] = _holders(corp)
        entry["interest_due"] = game.interest_owed(corp)
        entry["train_ids"] = [t.id for t in corp.trains]
        entry["operated"] = corp.operated
        entry["order"] = order.index(sym) if sym in order else None
        entry["buying_power"] = game.buying_power(corp)
        entry["revenues"] = dict(game.revenues.get(sym, {}))
        entry["certificates"] = {
            share.id: "market" if share.owner == POOL else share.owner for share in corp.shares
        }
    out["companies"] = {
        sym: {
            "name": data.name,
            "value": data.value,
            "revenue": data.mail,
            "owner": game.company_owner.get(sym),
            "closed": sym in game.closed_companies,
            "power": POWERS.get(data.name, ""),
        }
        for sym, data in game.company_data.items()
    }
    out["corporations"] = list(game.corps)
    decision = game.pending()
    out["decision"] = (
        None if decision is None else {"seats": list(decision.seats), "kind": decision.kind}
    )
    if decision is not None and decision.kind == "conversion":
        converts = conversion_costs(game)
        if converts:
            out["conversion_costs"] = converts
    if decision is not None and decision.kind == "track":
        out["tiles"] = tile_catalogue(game)
        costs = lay_costs(game)
        if costs is not None:
            out["lay_costs"] = costs
    auction = None if game.finished else game.round.auction_view()
    if auction is not None:
        out["auction"] = {
            "target": auction["target"],
            "bids": {str(p): v for p, v in auction["bids"].items()},
            "bidders": [str(p) for p in auction["bidders"]],
        }
    dividend = None if game.finished else dividend_preview(game)
    if dividend is not None:
        out["dividend"] = dividend
    acquisition = None if game.finished else acquisition_view(game)
    if acquisition is not None:
        out["acquisition"] = acquisition
    sales = None if game.finished else train_sales(game)
    if sales is not None:
        out["train_sales"] = sales
    out["game_end_reason"] = game.game_end_reason
    out["map"] = board_view(game.board, game.phase_colors)
    return out


def _holders(corp: Corporation) -> dict[str, int]:
    """Percent held by each holder: player ids, the corporation's own symbol (treasury) and
    ``market``; a short is negative and counted apart from a holding (``"<id>:short"``)."""
    out: dict[str, int] = {}
    for share in corp.shares:
        owner = "market" if share.owner == POOL else str(share.owner)
        key = f"{owner}:short" if share.percent < 0 else owner
        out[key] = out.get(key, 0) + share.percent
    return out


def _train_types(game: Game1817) -> list[dict[str, Any]]:
    """Every train type: price, how many are left in the depot (``None``: unlimited) and
    in the discard pile, and the phase that rusts or obsoletes it."""
    left: dict[str, int] = {}
    for train in game.depot:
        left[train.name] = left.get(train.name, 0) + 1
    discarded: dict[str, int] = {}
    for train in game.discarded:
        discarded[train.name] = discarded.get(train.name, 0) + 1
    return [
        {
            "name": t.name,
            "price": t.price,
            "count": t.count,
            "left": None if t.count is None else left.get(t.name, 0),
            "discarded": discarded.get(t.name, 0),
            "rusts_on": t.rusts_on,
            "obsolete_on": t.obsolete_on,
        }
        for t in game.edition.trains
    ]


def _phases(game: Game1817) -> list[dict[str, Any]]:
    """The phases in order (the current one marked): train limit and corporation sizes."""
    return [
        {
            "name": p.name,
            "train_limit": p.train_limit,
            "sizes": list(p.sizes),
            "current": i == game.phase_index,
        }
        for i, p in enumerate(PHASES)
    ]


def dividend_preview(game: Game1817) -> dict[str, Any] | None:
    """While a corporation decides its dividend: for each choice, the corporation's cash,
    each player's cash and the share price afterwards, by the engine's own rule on a copy."""
    from takeover.g1817.rounds.operating import OperatingRound
    from takeover.g1817.rounds.turn import Dividend

    rnd = game.round
    if not isinstance(rnd, OperatingRound) or not isinstance(rnd.turn_step, Dividend):
        return None
    sym = rnd.corp.sym
    out: dict[str, Any] = {"corporation": sym, "revenue": rnd.revenue, "choices": {}}
    for kind in ("payout", "half", "withhold"):
        twin = game.clone()
        corp = twin.corps[sym]
        before = {p.id: p.cash for p in twin.players}
        cash_before = corp.cash
        twin.pay_dividend(corp, rnd.revenue, kind)
        assert corp.price_index is not None
        out["choices"][kind] = {
            "corporation_cash": corp.cash - cash_before,
            "players": {
                str(p.id): p.cash - before[p.id] for p in twin.players if p.cash != before[p.id]
            },
            "price": MARKET_PRICES[corp.price_index],
            "price_index": corp.price_index,
        }
    return out


def train_sales(game: Game1817) -> dict[str, Any] | None:
    """While a corporation may buy trains: the other corporations' trains it may buy and
    the most it may pay (any whole amount from $1), from the step's own listing."""
    from takeover.g1817.rounds.operating import OperatingRound
    from takeover.g1817.rounds.turn import BuyTrain

    rnd = game.round
    step = rnd.turn_step if isinstance(rnd, OperatingRound) else None
    if not isinstance(step, BuyTrain) or not step.blocking():
        return None
    corp = step.corp
    if not game.room_for_train(corp) or corp.cash < 1:
        return None
    trains = [{"id": t.id, "name": t.name, "owner": other.sym} for other, t in step.sellers()]
    return {"buyer": corp.sym, "max_price": corp.cash, "trains": trains}


def conversion_costs(game: Game1817) -> dict[str, dict[str, int]]:
    """While a corporation may convert: the tokens a conversion makes it buy once the
    shareholders have bought, and what they cost its treasury (the round's own count, on
    a copy; a P21 owner's first token is free)."""
    from takeover.g1817.rounds.merger import MergerRound

    out: dict[str, dict[str, int]] = {}
    for action in game.legal_actions():
        if action.type != "convert":
            continue
        twin = game.clone()
        twin.round.process(action)
        rnd = twin.round
        if not isinstance(rnd, MergerRound):
            continue
        corp = twin.corps[str(action.entity)]
        tokens = rnd.tokens_to_buy or 0
        out[str(action.entity)] = {"tokens": tokens, "cost": rnd.conversion_token_cost(corp)}
    return out


def lay_costs(game: Game1817) -> dict[str, Any] | None:
    """While a corporation lays track: who pays, this lay's own fee (a second lay costs
    more) and, where terrain adds to it, what a lay on that hex would cost in all (before
    a private's discount), by the ``PLANNING`` extension's rule."""
    from takeover.g1817.planning import PLANNING
    from takeover.g1817.rounds.operating import OperatingRound

    rnd = game.round
    planner = game.extension(PLANNING)
    if not isinstance(rnd, OperatingRound) or planner is None:
        return None
    fee = game.lay_cost(rnd.corp, rnd.lays)
    hexes = {h: planner.lay_fee(h) for h in game.board.data.printed}
    return {
        "payer": rnd.corp.sym,
        "fee": fee,
        "second": rnd.lays > 0,
        "hexes": {h: cost for h, cost in hexes.items() if cost != fee},
    }


def tile_catalogue(game: Game1817) -> dict[str, dict[str, Any]]:
    """While track may be laid: each tile of the phase's colours still in the supply, as
    designed (unrotated), so that a client can show a lay before it is made. Paths and
    stops are in the map view's notation (docs/1817.md, "The map view")."""
    board = game.board
    colors = game.phase_colors
    out: dict[str, dict[str, Any]] = {}
    for name, tile in board.data.tiles.items():
        if tile.color not in colors or not board.supply.get(name):
            continue
        out[name] = {
            "color": tile.color,
            "label": tile.label or None,
            "paths": [[a, b] for a, b in tile.paths],
            "cities": [{"slots": c.slots, "revenue": c.revenue_at(colors)} for c in tile.cities],
            "towns": [{"revenue": t.revenue_at(colors)} for t in tile.towns],
            "junction": tile.junctions > 0,
        }
    return out


def acquisition_view(game: Game1817) -> dict[str, Any] | None:
    """In an acquisition round: what is happening to which corporation (``mode``:
    ``liquidate``, ``acquisition`` or ``offered``), the corporation offered or auctioned,
    the auction's winner (player id, corporation, price), the buying corporation, and while
    a corporation is auctioned each player's corporations that may buy it with the most
    each may pay (``buyers``: the corporation pays, not the player)."""
    from takeover.g1817.rounds.acquisition import AcquisitionRound

    rnd = game.round
    if not isinstance(rnd, AcquisitionRound):
        return None
    won = rnd.winner
    buyers: dict[str, dict[str, int]] = {}
    target = game.corps.get(rnd.auctioning) if rnd.auctioning else None
    if target is not None:
        for corp in game.corps.values():
            if isinstance(corp.owner, int) and rnd.can_acquire(target, corp):
                buyers.setdefault(str(corp.owner), {})[corp.sym] = rnd.max_bid_for(corp, target)
    return {
        "buyers": buyers,
        "mode": rnd.mode or None,
        "offer": rnd.offer,
        "auctioning": rnd.auctioning,
        "winner": None
        if won is None
        else {"player": won[0], "corporation": won[1], "price": won[2]},
        "buyer": rnd.buyer,
    }
