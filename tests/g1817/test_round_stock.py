"""Stock round checks on real positions: IPO bids, the winner's choices, corporate actions,
and 1817WO's Nieuw Zeeland (no 2-share corporation there, a second home token)."""

from __future__ import annotations

import pytest

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.rounds.stock import StockRound
from takeover.g1817.state import Game1817

from .games import position_before
from .refusal import act, assert_listed, assert_refused


def stock_turn(raw_id: int, action: Action, state: Game1817) -> bool:
    rnd = state.round
    return (
        isinstance(rnd, StockRound) and rnd.step() == "BuySellParShares" and not rnd.ipo.under_way
    )


def test_an_ipo_bid_starts_at_100() -> None:
    game = position_before("1817WO__1817WO_game_end_bankrupt", stock_turn)
    rnd = game.round
    assert isinstance(rnd, StockRound)
    corp = next(c.sym for c in game.corps.values() if not c.ipoed)
    assert_listed(game, act("bid", rnd.player, corporation=corp, price=100))
    assert_refused(game, act("bid", rnd.player, corporation=corp, price=50), "below the minimum")


def test_the_ipo_winner_chooses_a_size_before_passing() -> None:
    def choosing(raw_id: int, action: Action, state: Game1817) -> bool:
        rnd = state.round
        return (
            isinstance(rnd, StockRound)
            and rnd.step() == "BuySellParShares"
            and rnd.ipo.winner is not None
            and not rnd.ipo.size_chosen
        )

    game = position_before("1817__20758", choosing)
    rnd = game.round
    assert isinstance(rnd, StockRound) and rnd.ipo.winner
    assert_refused(game, act("pass", rnd.ipo.winner[0]), "must first choose the size")


def test_a_corporation_acts_before_its_president_does() -> None:
    # player 289 has sold this turn; their NYOW may no longer take a loan
    game = position_before("1817__16281", lambda raw_id, a, s: raw_id == 396)
    rnd = game.round
    assert isinstance(rnd, StockRound) and rnd.player == 289 and "sell" in rnd.turn_actions
    assert game.corps["NYOW"].owner == 289 and game.can_take_loan(game.corps["NYOW"])
    assert_refused(game, act("take_loan", "NYOW"), "before its president's own actions")


def test_a_corporation_does_not_pass_or_short_for_its_president() -> None:
    def presiding(raw_id: int, action: Action, state: Game1817) -> bool:
        return stock_turn(raw_id, action, state) and any(
            c.owner == state.round.current() for c in state.corps.values()
        )

    game = position_before("1817__16281", presiding)
    corp = next(c.sym for c in game.corps.values() if c.owner == game.round.current())
    assert_refused(game, act("pass", corp), "player's decision")
    assert_refused(game, act("short", corp, corporation=corp), "player's decision")


def test_nieuw_zeeland_has_no_two_share_corporation_and_a_second_home_token() -> None:
    # 1817WO__19926: player 3763 won H, whose home token went to Nieuw Zeeland (L9)
    game = position_before("1817WO__19926", lambda raw_id, a, s: raw_id == 265)
    assert game.phase == "3" and game.corporation_sizes == (2, 5)
    assert game.in_new_zealand(game.corps["H"])
    assert [a.get("choice") for a in game.legal_actions()] == [5]
    assert_refused(game, act("choose", 3763, choice=2), "size 2 is not allowed")
    game.apply(act("choose", 3763, choice=5))
    # the second token H bought is placed at once, as a second home token
    corp = game.corps["H"]
    assert (corp.tokens, corp.tokens_placed) == (2, 1)
    assert game.round.step() == "HomeToken" and game.round.current() == "H"
    game.apply(act("place_token", "H", city="F1-0-0", slot=1))
    assert corp.tokens_placed == 2
    assert game.round.step() == "BuySellParShares" and game.round.current() == 2541


def test_no_corporation_starts_once_every_city_is_full() -> None:
    state = position_before(
        "1817__16852", lambda _, a, s: a.type == "bid" and a.get("corporation") is not None
    )
    pid = state.original_order[state.pending().seats[0]]  # type: ignore[union-attr]
    assert any(a.type == "bid" for a in state.legal_actions())
    board = state.board
    for coord, cities in list(board.tokens.items()):
        board.tokens[coord] = tuple(tuple("A&S" if c is None else c for c in s) for s in cities)
    assert not any(a.type == "bid" for a in state.legal_actions())
    unstarted = next(c.sym for c in state.corps.values() if not c.ipoed)
    with pytest.raises(IllegalAction, match="no city is open for its home"):
        state.push(Action.make("bid", pid, corporation=unstarted, price=100))


def test_a_sale_may_name_any_of_the_sellers_alike_certificates() -> None:
    # 18xx.games accepts any of the seller's certificates of a kind: the deal is the same,
    # and the certificates named are those that move (later actions name their ids)
    found: list[Action] = []

    def sale_of_one_among_several(raw_id: int, action: Action, state: Game1817) -> bool:
        if action.type != "sell_shares" or len(action.get("shares")) != 1:
            return False
        share = state.share_by_id(action.get("shares")[0])
        alike = [
            s
            for s in state.corps[share.corp].shares_of(action.entity)
            if s.percent == share.percent and not s.president
        ]
        found.append(action)
        return not share.president and len(alike) >= 2

    game = position_before("1817__15528", sale_of_one_among_several)
    seller = int(found[-1].entity)
    first = game.share_by_id(found[-1].get("shares")[0])
    corp = game.corps[first.corp]
    mine = [s for s in corp.shares_of(seller) if s.percent == first.percent and not s.president]
    assert mine[0] is first  # the record names the first received, as the listing does
    others = [s for s in corp.shares if s.owner not in (seller, None) and s.percent > 0]
    assert_refused(game, act("sell_shares", seller, shares=[others[0].id]), "cannot sell")
    game.push(act("sell_shares", seller, shares=[mine[-1].id]))
    assert mine[-1].owner != seller and first.owner == seller


def test_the_home_station_of_a_corporation_at_auction_is_the_openers() -> None:
    """Rule 3.5: only the opener is asked and may place it; 18xx.games lets anyone, and its
    trace (``round.active()``) keeps every player, so a replay without a seat still may."""
    state = position_before(
        "1817__16852", lambda _, a, s: a.type == "bid" and a.get("corporation") is not None
    )
    seat = state.pending().seats[0]  # type: ignore[union-attr]
    pid = state.original_order[seat]
    corp = next(a.get("corporation") for a in state.legal_actions() if a.type == "bid")
    state.apply(Action.make("bid", pid, corporation=corp, price=100), seat)
    assert state.pending() is not None and state.pending().kind == "home_token"  # type: ignore[union-attr]
    assert state.pending().seats == (seat,)  # type: ignore[union-attr]
    assert len(state.round.active()) > 1  # the reference's view
    other = (seat + 1) % len(state.original_order)
    assert state.legal_actions(other) == []
    token = state.legal_actions(seat)[0]
    twin = state.clone()
    with pytest.raises(IllegalAction, match="must home token"):
        twin.apply(token, other)
    twin.apply(token)  # a record (no seat) is accepted, as 18xx.games accepts it
    state.apply(token, seat)
    assert twin.view(None) == state.view(None)
