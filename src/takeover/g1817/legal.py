"""Legal actions where stage 1 knows them: every decision that does not need the map.

Auction, stock, merger and acquisition rounds are listed completely except the home-token
city (a map choice). In operating rounds the money decisions are listed (loans, dividends,
trains from the depot, discards, passes, cash crisis); tile lays, token placements and
routes need the map and come with stage 2; so does buying a train from another
corporation, whose price is any amount from $1 (accepted, not listed). Each action is in
record form, so a recorded decision can be looked up with :func:`key`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from takeover.g1817.actions import Action
from takeover.g1817.entities import POOL, Corporation, Share
from takeover.g1817.game import LOAN_VALUE
from takeover.g1817.rounds.acquisition import AcquisitionRound
from takeover.g1817.rounds.auction import MIN_INCREMENT, AuctionRound
from takeover.g1817.rounds.merger import MergerRound
from takeover.g1817.rounds.operating import OperatingRound
from takeover.g1817.rounds.stock import BID_STEP, MIN_BID, StockRound

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817

KEY_FIELDS = {
    "bid": ("company", "corporation", "price"),
    "choose": ("choice",),
    "assign": ("target",),
    "buy_shares": ("shares",),
    "sell_shares": ("shares",),
    "short": ("corporation",),
    "merge": ("corporation",),
    "buy_train": ("train", "price"),
    "discard_train": ("train",),
    "dividend": ("kind",),
}
"""The fields that make a decision; others (a loan's id, a share percentage) follow."""


MAP_DECISIONS = frozenset({"place_token", "lay_tile", "run_routes"})
BOOKKEEPING = frozenset(
    {"message", "program_share_pass", "program_merger_pass", "program_disable", "end_game"}
)


def is_listed_kind(game: Game1817, action: Action) -> bool:
    """Whether :func:`legal_actions` lists every action of this kind (stage 1 leaves out
    map decisions, privates' special powers and trains bought from other corporations)."""
    if action.type in MAP_DECISIONS or action.type in BOOKKEEPING:
        return False
    if action.entity_type == "company" or game.finished:
        return False
    if action.type == "buy_train":
        train = game.depot_train(str(action.get("train")))
        return train is not None
    return True


def key(action: Action) -> tuple[Any, ...]:
    """What identifies a decision: type, entity and its deciding fields."""
    fields = tuple(
        (name, tuple(v) if isinstance(v := action.get(name), list) else v)
        for name in KEY_FIELDS.get(action.type, ())
        if action.get(name) is not None
    )
    return (action.type, str(action.entity), fields)


def make(type_: str, entity: int | str, **fields: Any) -> Action:
    entity_type = "player" if isinstance(entity, int) else "corporation"
    return Action.from_dict({"type": type_, "entity": entity, "entity_type": entity_type, **fields})


def legal_actions(game: Game1817) -> list[Action]:
    if game.finished:
        return []
    rnd = game.round
    if isinstance(rnd, AuctionRound):
        return auction_actions(game, rnd)
    if isinstance(rnd, StockRound):
        return stock_actions(game, rnd)
    if isinstance(rnd, OperatingRound):
        return operating_actions(game, rnd)
    if isinstance(rnd, MergerRound):
        return merger_actions(game, rnd)
    if isinstance(rnd, AcquisitionRound):
        return acquisition_actions(game, rnd)
    return []


# -- auction ---------------------------------------------------------------------------------


def auction_actions(game: Game1817, rnd: AuctionRound) -> list[Action]:
    player = rnd.current()
    assert isinstance(player, int)
    cash = game.player_by_id[player].cash
    if rnd.auctioning:
        low = rnd.min_bid(rnd.auctioning)
        bids = [
            make("bid", player, company=rnd.auctioning, price=p)
            for p in range(low, cash + 1, MIN_INCREMENT)
        ]
        return [*bids, make("pass", player)]
    out: list[Action] = []
    for company in rnd.tiers[-1] if rnd.tiers else ():
        if company is None or company not in rnd.companies:
            continue
        low = rnd.min_bid(company)
        out += [
            make("bid", player, company=company, price=p)
            for p in range(low, cash + 1, MIN_INCREMENT)
        ]
    if not rnd.volatility:
        out.append(make("pass", player))
    return out


# -- stock round ------------------------------------------------------------------------------


def ipo_prices(game: Game1817, rnd: StockRound, player: int, low: int) -> list[int]:
    """Bids from ``low`` the player can pay with cash and privates (at face value)."""
    p = game.player_by_id[player]
    values = [game.company_data[c].value for c in p.companies]
    sums = {sum(c) for n in range(len(values) + 1) for c in combinations(values, n)}
    top = rnd.max_bid(player)
    return [
        price
        for price in range(low, top + 1, BID_STEP)
        if any(s <= price <= s + p.cash for s in sums)
    ]


def first(shares: Iterable[Share]) -> Share | None:
    return next(iter(shares), None)


def sell_bundles(game: Game1817, corp: Corporation, player: int) -> list[list[Share]]:
    """The sales a player may make of one corporation: 1..n certificates, president last."""
    mine = [s for s in corp.shares_of(player) if s.percent > 0]
    normal = [s for s in mine if not s.president]
    bundles = [normal[:n] for n in range(1, len(normal) + 1)]
    pres = [s for s in mine if s.president]
    if pres and game.can_sell_share(corp, pres[0]):
        bundles += [normal[:n] + pres for n in range(len(normal) + 1)]
    return bundles


def stock_actions(game: Game1817, rnd: StockRound) -> list[Action]:
    if rnd.pending_home:
        return []  # the home city is a map choice (stage 2)
    if rnd.winner:
        pid, _sym, _price = rnd.winner
        if not rnd.size_chosen:
            return [make("choose", pid, choice=size) for size in rnd.size_choices()]
        out = [make("assign", pid, target=c) for c in rnd.subsidiaries(pid)]
        if game.player_by_id[pid].cash >= 0:
            out.append(make("pass", pid))
        return out
    if rnd.auctioning:
        bidder = rnd.current()
        assert isinstance(bidder, int)
        prices = ipo_prices(game, rnd, bidder, rnd.min_bid())
        out = [make("bid", bidder, corporation=rnd.auctioning, price=p) for p in prices]
        return [*out, make("pass", bidder)]
    player = rnd.player
    out = []
    if rnd.corporate:
        corp = game.corps[rnd.corporate]
        out += corporate_actions(game, rnd, corp)
        return [*out, make("pass", player)]
    if rnd.must_sell(player):
        return [
            make("sell_shares", player, shares=[s.id for s in bundle])
            for corp in game.corps.values()
            if corp.price_index is not None
            and corp.operated
            and not (game.in_acquisition(corp) or game.in_liquidation(corp))
            for bundle in sell_bundles(game, corp, player)
        ]
    bought = any(k in ("buy", "par") for k in rnd.turn_actions)
    sold = rnd.sold.get(player, {})
    for corp in game.corps.values():
        if corp.price_index is None or not corp.floated:
            continue
        zone = game.in_acquisition(corp) or game.in_liquidation(corp)
        if not bought and not zone and corp.operated:
            for bundle in sell_bundles(game, corp, player):
                out.append(make("sell_shares", player, shares=[s.id for s in bundle]))
        if not bought and corp.sym not in sold:
            for holder in (corp.sym, POOL):
                share = first(s for s in corp.shares_of(holder) if s.percent > 0)
                if share is not None and can_buy(game, corp, player, share):
                    out.append(make("buy_shares", player, shares=[share.id]))
        if rnd.can_short(player, corp):
            out.append(make("short", player, corporation=corp.sym))
        if corp.owner == player and not rnd.turn_actions:
            out += corporate_actions(game, rnd, corp)
    if not bought:
        for corp in game.corps.values():
            if not corp.ipoed:
                out += [
                    make("bid", player, corporation=corp.sym, price=p)
                    for p in ipo_prices(game, rnd, player, MIN_BID)
                ]
    if out or rnd.turn_actions:
        out.append(make("pass", player))
    return out


def can_buy(game: Game1817, corp: Corporation, player: int, share: Share) -> bool:
    p = game.player_by_id[player]
    return p.cash >= game.share_value(corp, share.percent) and game.can_gain(p, corp, share.percent)


def corporate_actions(game: Game1817, rnd: StockRound, corp: Corporation) -> list[Action]:
    out = []
    if not rnd.turn_actions and "redeem" not in rnd.corporate_kinds and game.can_take_loan(corp):
        out.append(make("take_loan", corp.sym))
    if game.in_acquisition(corp) or game.in_liquidation(corp):
        return out
    pool = [s for s in corp.shares_of(POOL) if s.percent > 0]
    for n in range(1, len(pool) + 1):
        if sum(game.share_value(corp, s.percent) for s in pool[:n]) > corp.cash:
            break
        out.append(make("buy_shares", corp.sym, shares=[s.id for s in pool[:n]]))
    return out


# -- operating round ---------------------------------------------------------------------------


def crisis_actions(game: Game1817, player: int) -> list[Action]:
    out = []
    for corp in game.corps.values():
        if corp.price_index is None or game.in_acquisition(corp) or game.in_liquidation(corp):
            continue
        for bundle in sell_bundles(game, corp, player):
            out.append(make("sell_shares", player, shares=[s.id for s in bundle]))
    return [*out, make("bankrupt", player)]


def operating_actions(game: Game1817, rnd: OperatingRound) -> list[Action]:
    crisis = rnd.crisis()
    if crisis is not None:
        return crisis_actions(game, crisis)
    over = rnd.discarding()
    if over:
        return [make("discard_train", over, train=t.id) for t in game.corps[over].trains]
    if rnd.finished:
        return []
    corp = rnd.corp
    out = []
    if game.can_take_loan(corp) and not (rnd.stage == "loan" and not rnd.paid_interest):
        out.append(make("take_loan", corp.sym))
    if rnd.stage in ("track", "token", "buy_train", "loan"):
        out.append(make("pass", corp.sym))
    if rnd.stage == "dividend":
        out += [make("dividend", corp.sym, kind=k) for k in ("payout", "half", "withhold")]
    if rnd.stage == "buy_train" and len(corp.trains) < game.train_limit:
        seen: set[str] = set()
        for train in [*game.depot[:1], *game.discarded]:
            price = game.train_types[train.name].price
            if train.name not in seen and price <= corp.cash:
                seen.add(train.name)
                out.append(make("buy_train", corp.sym, train=train.id, price=price))
    payoff = corp.loans and corp.cash >= LOAN_VALUE and not rnd.after_payoff
    if rnd.stage == "loan" and payoff:
        out.append(make("payoff_loan", corp.sym))
    return out


# -- merger and acquisition rounds ----------------------------------------------------------------


def merger_actions(game: Game1817, rnd: MergerRound) -> list[Action]:
    over = game.corp_over_train_limit()
    if over:
        return [make("discard_train", over, train=t.id) for t in game.corps[over].trains]
    if rnd.finished:
        return []
    if rnd.converted:
        corp = game.corps[rnd.converted]
        pid = rnd.post_conversion_player()
        if pid is not None:
            out = []
            share = first(s for s in corp.shares_of(corp.sym) if s.percent > 0)
            if share is not None and rnd.can_buy(pid, corp):
                out.append(make("buy_shares", pid, shares=[share.id]))
            if rnd.can_sell(pid, corp):
                for bundle in sell_bundles(game, corp, pid):
                    out.append(make("sell_shares", pid, shares=[s.id for s in bundle]))
            return [*out, make("pass", pid)]
        if rnd.loans_open():
            return [make("take_loan", corp.sym), make("pass", corp.sym)]
        return []
    corp = game.corps[rnd.entities[rnd.index]]
    out = []
    if corp.total_shares in (2, 5):
        out.append(make("convert", corp.sym))
    for target in game.corps.values():
        if mergeable(game, rnd, corp, target):
            out.append(make("merge", corp.sym, corporation=target.sym))
    return [*out, make("pass", corp.sym)]


def mergeable(game: Game1817, rnd: MergerRound, corp: Corporation, target: Corporation) -> bool:
    if (
        not target.floated
        or target.sym == corp.sym
        or target.sym in rnd.converts
        or game.in_liquidation(target)
        or game.in_acquisition(target)
        or target.total_shares == 10
        or target.total_shares != corp.total_shares
    ):
        return False
    if target.total_shares == 5:
        combined: dict[int, int] = dict(game.player_percent(corp))
        for p, v in game.player_percent(target).items():
            combined[p] = combined.get(p, 0) + v
        if max(combined.values(), default=0) < 40:
            return False
    if target.total_shares == 2 and corp.owner != target.owner:
        owner = corp.owner
        price = game.price(corp) + game.price(target)
        return isinstance(owner, int) and game.player_by_id[owner].cash >= min(price, 600)
    return True


def acquisition_actions(game: Game1817, rnd: AcquisitionRound) -> list[Action]:
    crisis = rnd.crisis()
    if crisis is not None:
        return crisis_actions(game, crisis)
    over = game.corp_over_train_limit()
    if over:
        return [make("discard_train", over, train=t.id) for t in game.corps[over].trains]
    if rnd.finished:
        return []
    if rnd.offer:
        owner = game.corps[rnd.offer].owner
        assert isinstance(owner, int)
        return [make("assign", owner, target=rnd.offer), make("pass", owner)]
    if rnd.auctioning:
        corp = game.corps[rnd.auctioning]
        bidder = rnd.current()
        assert isinstance(bidder, int)
        top = rnd.max_bid(bidder, corp)
        low = rnd.min_bid(corp)
        bids = [make("bid", bidder, corporation=corp.sym, price=p) for p in range(low, top + 1, 10)]
        return [*bids, make("pass", bidder)]
    if rnd.buyer:
        buyer = game.corps[rnd.buyer]
        out = []
        if rnd.can_take(buyer):
            out.append(make("take_loan", buyer.sym))
        elif rnd.can_payoff(buyer):
            out.append(make("payoff_loan", buyer.sym))
        return [*out, make("pass", buyer.sym)]
    if rnd.winner:
        pid, sym, price = rnd.winner
        target = game.corps[sym]
        return [make("merge", pid, corporation=c.sym) for c in rnd.mergeable(pid, target, price)]
    return []
