"""The ``PLANNING`` extension answers as the rules then act."""

from __future__ import annotations

from takeover.g1817.planning import PLANNING, Planner

from .games import GAMES, positions


def planner(state: object) -> Planner:
    found = state.extension(PLANNING)  # type: ignore[attr-defined]
    assert found is not None
    return found


def test_price_after_dividend_is_where_the_dividend_moves_it() -> None:
    checked = 0
    for game in GAMES:
        for _, action, state in positions(game):
            if action.type != "dividend":
                continue
            plan = planner(state)
            sym = plan.operating()
            assert sym == action.entity
            for kind in ("payout", "half", "withhold"):
                trial = state.clone()
                after = trial.corps[sym]
                trial.pay_dividend(after, plan.revenue(), kind)
                assert plan.price_after_dividend(sym, plan.revenue(), kind) == trial.price(after)
                checked += 1
    assert checked > 300


def test_auction_names_its_target_and_bids() -> None:
    seen = 0
    for _, action, state in positions("1817__16852"):
        auction = planner(state).auction()
        if action.type == "bid" and auction is not None:
            target = action.get("company") or action.get("corporation")
            assert auction.target == target
            assert all(price < action.get("price") for price in auction.bids.values())
            seen += 1
    assert seen > 10


def test_revenue_and_ipo_winner_follow_the_round() -> None:
    winners = 0
    for _, action, state in positions("1817__16852"):
        plan = planner(state)
        if action.type == "choose":
            won = plan.ipo_winner()
            assert won is not None and won[0] == action.entity
            winners += 1
        if action.type == "run_routes":
            assert plan.revenue() == 0
    assert winners > 3


def test_route_revenue_is_at_least_what_the_players_ran() -> None:
    checked = 0
    for game in GAMES[:3]:
        for _, action, state in positions(game):
            if action.type != "run_routes":
                continue
            ran = sum(int(r.get("revenue", 0)) for r in action.get("routes") or [])
            best = planner(state).route_revenue(str(action.entity))
            assert best >= ran, f"{game}: {action.entity} {best} < {ran}"
            checked += 1
    assert checked > 30


def test_revenue_with_a_lay_is_the_revenue_after_laying_it() -> None:
    checked = fees = 0
    for _, action, state in positions("1817__16852"):
        if action.type != "lay_tile" or action.entity_type != "corporation":
            continue
        plan = planner(state)
        sym = str(action.entity)
        trains = [2, 3]
        lay = (str(action.get("hex")), str(action.get("tile")), int(action.get("rotation")))
        predicted, stops = plan.revenue_with(sym, trains, lay=lay)
        fee = plan.lay_fee(lay[0])
        trial = state.clone()
        cash = trial.corps[sym].cash
        trial.push(action)
        after = planner(trial)
        assert predicted == after.route_revenue(sym, trains), f"{sym} lays {lay}"
        assert stops == after.stop_revenue(lay[0])
        if not any(state.company_data[c].tile_discount for c in state.corps[sym].companies):
            assert fee == cash - trial.corps[sym].cash, f"{sym} lays {lay}"
            fees += 1
        checked += 1
        if checked >= 40:
            break
    assert checked >= 40 and fees > 20
