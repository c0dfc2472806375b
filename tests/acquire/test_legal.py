"""The one checker: reason codes from legal.refusal and field_refusal, words from explain."""

from __future__ import annotations

import pytest

from takeover.acquire import (
    AnswerTrade,
    BuyShares,
    DeclareEnd,
    DisposeShares,
    FoundChain,
    Offer,
    PlaceTile,
    ProposeTrade,
)
from takeover.acquire.actions import field_refusal
from takeover.acquire.explain import _WORDS, words
from takeover.acquire.legal import refusal
from takeover.acquire.refusals import Reason, Refusal
from takeover.core.errors import IllegalAction

from .helpers import act, chain, player, position, start

BAG = ["1I", "2I", "3I", "4I", "5I", "6I", "7I", "8I", "9I", "10I"]
TOWER, IMPERIAL = 1, 6


def buying(cash: int = 6000, shares: dict[str, int] | None = None):
    """Seat 0 has placed 12I and buys; Tower has 2 tiles ($200), Imperial 3 ($500)."""
    board = {**chain("Tower", "1A", "2A"), **chain("Imperial", "1C", "2C", "3C")}
    players = [player("A", cash=cash, shares=shares, hand=["12I"]), player("B", hand=["12H"])]
    state = start(position(board, players, bag=BAG))
    act(state, "place_tile", tile="12I")
    return state


def test_every_reason_has_words() -> None:
    assert set(_WORDS) == set(Reason)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (BuyShares((TOWER, TOWER)), None),
        (BuyShares((TOWER,) * 4), Reason.TOO_MANY_SHARES),
        (BuyShares((0,)), Reason.NOT_ON_BOARD),
        (BuyShares((IMPERIAL,) * 3), Reason.TOO_EXPENSIVE),
        (BuyShares((), True), Reason.END_NOT_WITH_PURCHASE),
        (BuyShares((6, 1)), Reason.UNSORTED_PURCHASE),
        (PlaceTile(5), Reason.NOT_NOW),
        (FoundChain(3), Reason.NOT_NOW),
        (DeclareEnd(), Reason.NO_END_CONDITION),
        (AnswerTrade(True), Reason.NOT_NOW),
        (ProposeTrade(1, Offer(100)), Reason.TRADING_CLOSED),
        (DisposeShares(-1, 0), Reason.NOT_A_COUNT),
        ("buy 2 Tower", Reason.NOT_AN_ACTION),
    ],
)
def test_refusals_name_their_reason(action: object, reason: Reason | None) -> None:
    state = buying(cash=1400)
    found = refusal(state, action)
    assert (found and found.reason) == reason
    assert state.is_legal(action) == (reason is None)


def test_the_game_over_then_the_seat_are_checked_first() -> None:
    state = buying()
    assert refusal(state, BuyShares((9,)), seat=1) == Refusal(
        Reason.NOT_YOUR_DECISION, {"seat": 1, "decider": 0, "decision": "buy_shares"}
    )
    board = chain("Tower", *[f"{c}A" for c in range(1, 12)])  # 11 tiles: every chain safe
    state = start(position(board, [player("A", hand=["12I"]), player("B")], bag=BAG))
    state.apply(DeclareEnd())
    assert refusal(state, BuyShares((9,)), seat=1) == Refusal(Reason.GAME_OVER)


def test_the_bank_limits_a_purchase_with_its_particulars() -> None:
    state = buying(shares={"Tower": 24})
    assert refusal(state, BuyShares((TOWER, TOWER))) == Refusal(
        Reason.BANK_SHORT, {"chain": TOWER, "left": 1}
    )


@pytest.mark.parametrize(
    ("built", "record"),
    [
        (DisposeShares("1", 0), {"type": "dispose_shares", "sell": "1"}),
        (DisposeShares(0, -2), {"type": "dispose_shares", "sell": 0, "trade": -2}),
        (BuyShares((), "yes"), {"type": "buy_shares", "shares": [], "end_game": "yes"}),
        (AnswerTrade("yes"), {"type": "answer_trade", "accept": "yes"}),
        (ProposeTrade("1"), {"type": "propose_trade", "to": "1"}),
        (ProposeTrade(1, Offer(50)), {"type": "propose_trade", "to": 1, "give": {"cash": 50}}),
        (
            ProposeTrade(1, Offer(0, ((TOWER, -1),))),
            {"type": "propose_trade", "to": 1, "give": {"shares": {"Tower": -1}}},
        ),
    ],
)
def test_records_and_actions_built_in_code_meet_the_same_check(built, record) -> None:
    """One checker for fields: the record reader and apply refuse alike, in the same words."""
    state = buying()
    code = field_refusal(built, state.ctx.board.size)
    assert code is not None and code == refusal(state, built)
    with pytest.raises(IllegalAction) as from_record:
        state.action_from_dict(record)
    with pytest.raises(IllegalAction) as from_code:
        state.apply(built)
    assert str(from_record.value) == str(from_code.value)
    assert str(from_code.value) == words(code, state.ctx.board, state.ctx.chain_names)


def test_zero_share_counts_are_dropped_from_records_but_refused_in_code() -> None:
    state = buying()
    read = state.action_from_dict(
        {"type": "propose_trade", "to": 1, "give": {"cash": 100, "shares": {"Tower": 0}}}
    )
    assert read == ProposeTrade(1, Offer(100))
    built = ProposeTrade(1, Offer(100, ((TOWER, 0),)))
    assert field_refusal(built, state.ctx.board.size) == Refusal(
        Reason.ZERO_SHARE_COUNT, {"chain": TOWER}
    )


def test_trade_refusals_say_who_cannot_give() -> None:
    players = [player("A", cash=3000, hand=["12I"]), player("B", cash=2000, hand=["12H"])]
    state = start(position({}, players, bag=BAG))
    offer = ProposeTrade(1, Offer(100), Offer(2100))
    found = refusal(state, offer)
    assert found is not None and found.reason == Reason.CANNOT_GIVE_CASH
    text = words(found, state.ctx.board, state.ctx.chain_names)
    assert text == "seat 1 cannot give $2,100 (cash $2,000)"
