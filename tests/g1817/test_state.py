"""The protocol surface: apply leaves the state unchanged on error, clone, record, view."""

from __future__ import annotations

import json

import pytest

from takeover.core import registry
from takeover.core.errors import IllegalAction
from takeover.g1817 import Game1817
from takeover.g1817.actions import Action


def new() -> Game1817:
    return Game1817("1817WO", [(7, "Ann"), (9, "Bob")])


def bid(player: int, company: str, price: int) -> Action:
    return Action.from_dict(
        {
            "type": "bid",
            "entity": player,
            "entity_type": "player",
            "company": company,
            "price": price,
        }
    )


def test_action_round_trips() -> None:
    raw = {"type": "bid", "entity": 7, "entity_type": "player", "company": "TS", "price": 5}
    action = Action.from_dict({**raw, "id": 3, "created_at": 1})
    assert action.to_dict() == raw
    assert Action.from_dict(action.to_dict()) == action


def test_auction_bid_and_refusal_leaves_state_unchanged() -> None:
    g = new()
    g.apply(bid(7, "TS", 5))
    before = json.dumps(g.view(None), sort_keys=True)
    with pytest.raises(IllegalAction):
        g.apply(bid(9, "TS", 5))
    assert json.dumps(g.view(None), sort_keys=True) == before
    assert g.current_player() == 1


def test_clone_is_independent_and_record_replays() -> None:
    g = new()
    g.apply(bid(7, "TS", 5))
    copy = g.clone()
    copy.apply(bid(9, "TS", 10))
    assert g.round.bids != copy.round.bids
    record = copy.to_record()
    rebuilt = registry.get("1817").replay(record)
    assert rebuilt.view(None) == copy.view(None)


def test_scores_only_at_the_end() -> None:
    g = new()
    assert g.scores() is None
    assert not g.is_terminal()


def test_view_is_json_and_the_same_for_every_seat() -> None:
    g = new()
    g.apply(bid(7, "TS", 5))
    views = [g.view(seat) for seat in (None, 0, 1)]
    assert views[0] == views[1] == views[2]
    data = json.loads(json.dumps(views[0]))
    assert data["auction"] == {"target": "TS", "bids": {"7": 5}, "bidders": ["7", "9"]}
    assert data["depot"]["next"] == "2-0"


def test_apply_refuses_an_action_of_another_game() -> None:
    class Foreign:
        type = "bid"

        def to_dict(self) -> dict[str, object]:
            return {"type": "bid"}

    g = new()
    with pytest.raises(IllegalAction, match="not a 1817 action"):
        g.apply(Foreign())


def test_a_bankrupt_presidents_corporation_over_the_limit_is_decided_by_every_player() -> None:
    """As on 18xx.games (tests/data/1817/generated/1817-7p-s29006-*: its trace names every
    player still in the game as active): the market's corporation discards, and any
    player left chooses which train."""
    from takeover.g1817.entities import POOL, Train

    from .games import position_before

    state = position_before("1817__16852", lambda _, a, s: s.pending().kind == "cash_crisis")  # type: ignore[union-attr]
    player = state.player_by_id[state.original_order[state.pending().seats[0]]]  # type: ignore[union-attr]
    corp = next(c for c in state.corps.values() if c.owner == player.id and c.floated)
    while len(corp.trains) <= state.train_limit:
        state.gain_train(corp, Train("2", 90 + len(corp.trains)))
    state.bankrupt(player)
    assert corp.owner == POOL and len(corp.trains) > state.train_limit
    state.settle()
    assert state.corp_over_train_limit() == corp.sym
    decision = state.pending()
    assert decision is not None and decision.kind == "discard_train"
    left = [p.id for p in state.players if not p.bankrupt]
    assert sorted(decision.seats) == sorted(state.original_order.index(p) for p in left)
    discard = state.legal_actions(decision.seats[0])[0]
    state.apply(discard, decision.seats[0])
    assert len(corp.trains) == state.train_limit


def test_a_move_with_a_field_its_kind_lacks_is_refused_by_name() -> None:
    g = new()
    before = json.dumps(g.to_record(), sort_keys=True)
    move = {**bid(7, "TS", 5).to_dict(), "evil": 1}
    with pytest.raises(IllegalAction, match="bid has no field 'evil'"):
        g.action_from_dict(move)
    with pytest.raises(IllegalAction, match="no move is called 'fly'"):
        g.action_from_dict({"type": "fly", "entity": 7, "entity_type": "player"})
    assert json.dumps(g.to_record(), sort_keys=True) == before
    assert g.action_from_dict(bid(7, "TS", 5).to_dict()) == bid(7, "TS", 5)


def test_every_listed_move_of_a_real_game_passes_the_field_check() -> None:
    from .games import positions

    kinds = set()
    for _, _, state in positions("1817WO__19926"):
        for action in state.legal_actions():
            assert state.action_from_dict(action.to_dict()) == action
            kinds.add(action.type)
    assert {"lay_tile", "place_token", "run_routes", "buy_train", "bid"} <= kinds, kinds


def test_an_end_by_agreement_is_recorded_for_any_seat_acting_for_itself() -> None:
    """The server applies ``end_game`` for the seat whose vote completed the agreement,
    whoever decides (rule 8.5); a seat still cannot act for another player."""
    g = new()
    assert g.pending().seats == (0,)  # type: ignore[union-attr]
    end = Action.from_dict({"type": "end_game", "entity": 7, "entity_type": "player"})
    with pytest.raises(IllegalAction, match="does not act for 7"):
        g.clone().apply(end, 1)
    later = Action.from_dict({"type": "end_game", "entity": 9, "entity_type": "player"})
    g.apply(later, 1)
    assert g.finished and g.game_end_reason == "manually_ended"
