"""Actions: record form and text form, both ways."""

from __future__ import annotations

import pytest

from takeover.acquire import (
    AnswerTrade,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    DisposeShares,
    FoundChain,
    Offer,
    PlaceTile,
    ProposeTrade,
    new_game,
)
from takeover.core.errors import IllegalAction

STATE = new_game(3, seed=1)
B = STATE.ctx.board

CASES = [
    (PlaceTile(B.tile("6D")), {"type": "place_tile", "tile": "6D"}, "place 6D"),
    (FoundChain(2), {"type": "found_chain", "chain": "American"}, "found American"),
    (
        ChooseSurvivor(5),
        {"type": "choose_survivor", "chain": "Continental"},
        "Continental survives",
    ),
    (ChooseDefunct(0), {"type": "choose_defunct", "chain": "Luxor"}, "resolve Luxor next"),
    (DisposeShares(2, 4), {"type": "dispose_shares", "sell": 2, "trade": 4}, "sell 2, trade 4"),
    (
        BuyShares((1, 1, 6)),
        {"type": "buy_shares", "shares": ["Tower", "Tower", "Imperial"]},
        "buy 2 Tower, 1 Imperial",
    ),
    (BuyShares(()), {"type": "buy_shares", "shares": []}, "buy nothing"),
    (
        BuyShares((3,), True),
        {"type": "buy_shares", "shares": ["Festival"], "end_game": True},
        "buy 1 Festival and end the game",
    ),
    (DeclareEnd(), {"type": "declare_end"}, "declare the end"),
    (
        ProposeTrade(2, Offer(500, ((1, 2),)), Offer(0, ((6, 1),))),
        {
            "type": "propose_trade",
            "to": 2,
            "give": {"cash": 500, "shares": {"Tower": 2}},
            "get": {"cash": 0, "shares": {"Imperial": 1}},
        },
        "offer seat 2: $500 + 2 Tower for 1 Imperial",
    ),
    (AnswerTrade(False), {"type": "answer_trade", "accept": False}, "decline the trade"),
]


@pytest.mark.parametrize(("action", "record", "text"), CASES)
def test_record_and_text_forms(action, record, text) -> None:
    assert STATE.action_to_dict(action) == record
    assert STATE.action_from_dict(record) == action
    assert STATE.text(action) == text


def test_reading_is_lenient_about_case_and_order() -> None:
    read = STATE.action_from_dict
    assert read({"type": "place_tile", "tile": " 6d "}) == PlaceTile(B.tile("6D"))
    assert read({"type": "buy_shares", "shares": ["imperial", "TOWER"]}) == BuyShares((1, 6))
    trade = {"type": "propose_trade", "to": 1, "give": {"shares": {"Tower": 0}, "cash": 100}}
    assert read(trade) == ProposeTrade(1, Offer(100), Offer())


def test_actions_are_small_immutable_values() -> None:
    action = PlaceTile(5)
    assert action == PlaceTile(5) and hash(action) == hash(PlaceTile(5))
    with pytest.raises(AttributeError):
        action.tile = 6  # type: ignore[misc]
    assert eval(repr(BuyShares((1,)))) == BuyShares((1,))


def test_unknown_names_are_refused() -> None:
    with pytest.raises(IllegalAction, match="unknown chain 'Hilton'"):
        STATE.action_from_dict({"type": "found_chain", "chain": "Hilton"})
    with pytest.raises(IllegalAction, match="unknown action type"):
        STATE.action_from_dict({"type": "resign"})


def test_forms_of_a_list_match_each_action_and_are_shared_for_the_same_objects() -> None:
    actions = [action for action, _, _ in CASES]
    records, texts = STATE.ctx.notation.forms(actions)
    assert records == [record for _, record, _ in CASES]
    assert texts == [text for _, _, text in CASES]
    again = STATE.ctx.notation.forms(list(actions))
    assert again[0] is records and again[1] is texts  # the same objects: converted once
    # Equal actions that are other objects are converted afresh, and still right.
    copies = [PlaceTile(B.tile("6E")) if isinstance(a, PlaceTile) else a for a in actions]
    fresh, _ = STATE.ctx.notation.forms(copies)
    assert fresh is not records and fresh[0] == {"type": "place_tile", "tile": "6E"}
