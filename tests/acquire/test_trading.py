"""Player-to-player trading (section 7 of the rules; on in standard, off in tlstyer)."""

from __future__ import annotations

import pytest

from takeover.acquire import Offer, ProposeTrade
from takeover.core.errors import IllegalAction

from .helpers import act, chain, events_of, held, legal_dicts, player, position, run, start

HIDDEN = {"preset": "standard", "options": {"hidden_holdings": True}}
BAG = ["1I", "2I", "3I", "4I", "5I", "6I", "7I", "8I"]


def trade_position(**kw):
    board = {**chain("Tower", "1A", "2A"), **chain("Imperial", "1C", "2C")}
    players = [
        player("A", cash=3000, shares={"Tower": 4, "Luxor": 2}, hand=["12I"]),
        player("B", cash=2000, shares={"Imperial": 3}, hand=["12H"]),
        player("C", cash=1000, shares={}, hand=["12G"]),
    ]
    return position(board, players, bag=BAG, **kw)


def propose(state, to, give=None, get=None, seat=None):
    return act(
        state,
        "propose_trade",
        seat=seat,
        to=to,
        give=give or {"cash": 0, "shares": {}},
        get=get or {"cash": 0, "shares": {}},
    )


def test_accepted_trade_moves_cash_and_shares() -> None:
    state = start(trade_position())
    assert state.trading_open()
    events = propose(state, 1, {"cash": 500, "shares": {"Tower": 2}}, {"shares": {"Imperial": 1}})
    assert state.decision == "answer_trade" and state.current_player() == 1
    assert events_of(events, "trade_proposed")[0]["give"] == {
        "cash": 500,
        "shares": {"Tower": 2},
    }
    assert [d["accept"] for d in legal_dicts(state)] == [True, False]
    events = act(state, "answer_trade", accept=True)
    assert events_of(events, "trade_answered")[0]["accepted"] is True
    assert state.cash[:2] == [2500, 2500]
    assert held(state, 0, "Tower") == 2 and held(state, 1, "Tower") == 2
    assert held(state, 0, "Imperial") == 1 and held(state, 1, "Imperial") == 2
    # Back to the active player, who still must place a tile.
    assert state.current_player() == 0 and state.decision == "place_tile"


def test_declined_trade_changes_nothing() -> None:
    state = start(trade_position())
    before = list(state.cash), [s[:] for s in state.shares]
    propose(state, 2, {"cash": 100}, {"cash": 0})
    act(state, "answer_trade", accept=False)
    assert (state.cash, state.shares) == before
    assert state.current_player() == 0


def test_defunct_shares_may_be_traded() -> None:
    state = start(trade_position())
    propose(state, 2, {"shares": {"Luxor": 2}}, {"cash": 300})  # Luxor is not on the board
    act(state, "answer_trade", accept=True)
    assert held(state, 2, "Luxor") == 2 and state.cash[0] == 3300


@pytest.mark.parametrize(
    ("to", "give", "get", "why"),
    [
        (0, {"cash": 100}, {}, "not another player"),
        (3, {"cash": 100}, {}, "not another player"),
        (1, {}, {}, "exchange something"),
        (1, {"cash": 3100}, {}, "cannot give \\$3,100"),
        (1, {"shares": {"Tower": 5}}, {}, "cannot give 5 Tower"),
        (1, {"shares": {"Imperial": 1}}, {}, "cannot give 1 Imperial"),
        (1, {}, {"cash": 2100}, "seat 1 cannot give"),
        (2, {}, {"shares": {"Tower": 1}}, "seat 2 cannot give 1 Tower"),
    ],
)
def test_impossible_offers_are_refused(to, give, get, why) -> None:
    state = start(trade_position())
    before = state.to_record(), state.view(None)
    with pytest.raises(IllegalAction, match=why):
        propose(state, to, give, get)
    assert (state.to_record(), state.view(None)) == before


def test_offers_with_negative_or_unknown_terms_are_refused() -> None:
    """Built directly (not from a record), an offer must still be well-formed."""
    state = start(trade_position())
    before = state.to_record(), state.view(None)
    bad = [
        ProposeTrade(1, Offer(cash=-500), Offer()),
        ProposeTrade(1, Offer(), Offer(cash=-500)),
        ProposeTrade(1, Offer(shares=((1, -2),)), Offer()),
        ProposeTrade(1, Offer(shares=((9, 1),)), Offer()),
        ProposeTrade(1, Offer(cash=150), Offer()),
    ]
    for offer in bad:
        with pytest.raises(IllegalAction):
            state.apply(offer)
        assert (state.to_record(), state.view(None)) == before


def test_only_the_active_player_proposes_and_only_before_placing() -> None:
    state = start(trade_position())
    with pytest.raises(IllegalAction, match="not seat 1's decision"):
        propose(state, 2, {"cash": 100}, seat=1)
    act(state, "place_tile", tile="12I")
    with pytest.raises(IllegalAction, match="before placing"):
        propose(state, 1, {"cash": 100})
    assert not state.trading_open()


def test_only_the_addressee_answers() -> None:
    state = start(trade_position())
    propose(state, 1, {"cash": 100})
    with pytest.raises(IllegalAction, match="not seat 2's decision"):
        act(state, "answer_trade", seat=2, accept=True)
    with pytest.raises(IllegalAction, match="not now"):
        act(state, "place_tile", seat=1, tile="12H")


def test_at_most_five_offers_per_turn() -> None:
    state = start(trade_position())
    for _ in range(5):
        propose(state, 2, {"cash": 100})
        act(state, "answer_trade", accept=False)
    assert not state.trading_open()
    with pytest.raises(IllegalAction, match="at most 5"):
        propose(state, 2, {"cash": 100})
    act(state, "place_tile", tile="12I")
    act(state, "buy_shares", shares=[])
    assert state.current_player() == 1 and state.trading_open()  # a new turn


def test_trading_closes_the_chance_to_declare() -> None:
    board = chain("Tower", *[f"{c}A" for c in range(1, 12)])  # 11 tiles: all safe
    players = [player("A", cash=1000, hand=["12I"]), player("B", hand=["12H"])]
    state = start(position(board, players, bag=BAG))
    assert {"type": "declare_end"} in legal_dicts(state)
    propose(state, 1, {"cash": 100})
    act(state, "answer_trade", accept=False)
    assert {"type": "declare_end"} not in legal_dicts(state)


def test_tlstyer_has_no_trading() -> None:
    state = start(trade_position(), "tlstyer")
    assert not state.trading_open()
    with pytest.raises(IllegalAction, match="not enabled"):
        propose(state, 1, {"cash": 100})


def test_hidden_holdings_checks_the_other_side_on_acceptance() -> None:
    # The proposer cannot see B's holdings: asking for what B lacks is allowed, but B
    # cannot accept it.
    state = start(trade_position(), HIDDEN)
    propose(state, 1, {"cash": 100}, {"shares": {"Tower": 3}})
    assert legal_dicts(state) == [{"type": "answer_trade", "accept": False}]
    with pytest.raises(IllegalAction, match="you cannot give 3 Tower"):
        act(state, "answer_trade", accept=True)
    act(state, "answer_trade", accept=False)
    assert state.cash[:2] == [3000, 2000]


def test_trades_replay_from_the_record() -> None:
    actions = [
        {
            "player": 0,
            "type": "propose_trade",
            "to": 1,
            "give": {"cash": 500, "shares": {}},
            "get": {"cash": 0, "shares": {"Imperial": 2}},
        },
        {"player": 1, "type": "answer_trade", "accept": True},
        {"player": 0, "type": "place_tile", "tile": "12I"},
    ]
    state = run(trade_position(), actions)
    assert held(state, 0, "Imperial") == 2 and state.cash[:2] == [2500, 2500]
    assert state.to_record()["actions"] == actions
