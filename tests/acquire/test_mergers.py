"""Mergers through real placements: every example of acquire-mergers.md (rules 6.1-6.8)."""

from __future__ import annotations

import pytest

from takeover.core.errors import IllegalAction

from .helpers import (
    act,
    bank,
    blob,
    chain,
    events_of,
    held,
    kinds,
    legal_dicts,
    orphans,
    player,
    position,
    rect,
    size,
    start,
    two_chains,
)

BAG = ["1E", "2E", "3E", "10E", "11E", "12E"]


def merge(big, big_size, small, small_size, holdings, ruleset="standard", extra_board=None):
    """Seat 0 places 6E, merging ``small`` into ``big``; ``holdings[i]`` are seat i's shares."""
    board = two_chains(big, big_size, small, small_size)
    board.update(extra_board or {})
    players = [
        player(f"P{i}", shares=h, hand=["6E", "12A"] if i == 0 else [f"{i}I"])
        for i, h in enumerate(holdings)
    ]
    # Bottom-row hand tiles may sit inside the small chain's blob: keep them out of it.
    for p in players[1:]:
        if p["hand"][0] in board:
            p["hand"] = []
    state = start(position(board, players, bag=BAG), ruleset)
    events = act(state, "place_tile", tile="6E")
    return state, events


# ---------------------------------------------------------------- survivor (rule 6.1)
def test_larger_chain_survives_and_choice_is_not_recorded() -> None:
    # American 5 tiles, Tower 3 tiles: American survives.
    state, events = merge("American", 5, "Tower", 3, [{}, {}])
    assert events_of(events, "survivor_chosen") == [{"chain": "American", "forced": True}]
    assert size(state, "American") == 9 and size(state, "Tower") == 0
    assert state.decision == "buy_shares"
    recorded = [a["type"] for a in state.to_record()["actions"]]
    assert recorded == ["place_tile"]


def test_equal_sizes_mergemaker_chooses_the_survivor() -> None:
    state, _ = merge("American", 4, "Festival", 4, [{}, {}])
    assert state.decision == "choose_survivor" and state.current_player() == 0
    options = sorted(d["chain"] for d in legal_dicts(state))
    assert options == ["American", "Festival"]
    with pytest.raises(IllegalAction, match="not a choice"):
        act(state, "choose_survivor", chain="Tower")
    events = act(state, "choose_survivor", chain="Festival")
    assert events_of(events, "survivor_chosen") == [{"chain": "Festival", "forced": False}]
    assert size(state, "Festival") == 9 and size(state, "American") == 0
    assert state.to_record()["actions"][-1] == {
        "player": 0,
        "type": "choose_survivor",
        "chain": "Festival",
    }


def test_safe_chain_survives() -> None:
    # Safe (15 tiles) + unsafe (8 tiles): the safe chain survives.
    state, _ = merge("Imperial", 15, "Luxor", 8, [{}, {}])
    assert size(state, "Imperial") == 24 and size(state, "Luxor") == 0


# ---------------------------------------------------------------- bonuses (rule 6.4)
def test_sole_stockholder_gets_both_bonuses() -> None:
    # Only A owns Tower (5 shares), Tower at 2 tiles: $2,000 + $1,000.
    state, events = merge("American", 5, "Tower", 2, [{"Tower": 5}, {}, {}])
    (paid,) = events_of(events, "bonuses_paid")
    assert paid["chain"] == "Tower" and paid["size"] == 2 and paid["paid"] == [3000, 0, 0]
    assert state.cash == [9000, 6000, 6000]


def test_tie_for_majority_splits_both_bonuses() -> None:
    # A and B 6 Tower shares each, Tower at 4 tiles: $3,000 each, no minority for C.
    state, _ = merge("American", 5, "Tower", 4, [{"Tower": 6}, {"Tower": 6}, {"Tower": 2}])
    assert state.cash == [9000, 9000, 6000]


def test_three_way_tie_for_majority() -> None:
    # A, B, C tie in American at 5 tiles: $9,000 / 3 each.
    holdings = [{"American": 3}, {"American": 3}, {"American": 3}]
    state, _ = merge("Continental", 6, "American", 5, holdings)
    assert state.cash == [9000, 9000, 9000]


def test_tie_for_minority_splits_the_minority() -> None:
    # A 8 Continental, B and C 4 each, Continental at 6 tiles: $8,000, $2,000, $2,000.
    holdings = [{"Continental": 8}, {"Continental": 4}, {"Continental": 4}]
    state, _ = merge("Tower", 7, "Continental", 6, holdings)
    assert state.cash == [14000, 8000, 8000]


def test_two_tied_for_majority_leave_nothing_for_the_third() -> None:
    holdings = [{"Festival": 5}, {"Festival": 5}, {"Festival": 3}]
    state, _ = merge("Tower", 7, "Festival", 3, holdings)
    # Festival at 3 tiles: ($4,000 + $2,000) / 2.
    assert state.cash == [9000, 9000, 6000]


def test_split_bonus_rounds_up_to_100() -> None:
    # American at 2 tiles, A and B tied: ($3,000 + $1,500) / 2 = $2,250 -> $2,300.
    state, _ = merge("Tower", 3, "American", 2, [{"American": 2}, {"American": 2}, {}])
    assert state.cash[:2] == [8300, 8300]


def test_bonuses_use_pre_merger_size_and_tier() -> None:
    # Imperial at 9 tiles (premium, 6-10): $8,000 / $4,000 although the survivor is bigger.
    _, events = merge("Tower", 10, "Imperial", 9, [{"Imperial": 1}, {"Imperial": 3}])
    assert events_of(events, "bonuses_paid")[0]["paid"] == [4000, 8000]


def test_no_stock_in_defunct_chain_no_bonus_no_disposal() -> None:
    state, events = merge("American", 5, "Tower", 4, [{"American": 2}, {}])
    assert events_of(events, "bonuses_paid") == []
    assert events_of(events, "shares_disposed") == []
    assert "merger_completed" in kinds(events)
    assert state.decision == "buy_shares" and state.cash == [6000, 6000]


# ---------------------------------------------------------------- disposal (rule 6.5)
def test_sell_at_pre_merger_price() -> None:
    # 5 Tower shares, Tower at 4 tiles ($400): selling all 5 brings $2,000.
    state, _ = merge("American", 5, "Tower", 4, [{"Tower": 5}, {"Tower": 6}])
    assert state.decision == "dispose_shares" and state.current_player() == 0
    before = state.cash[0]
    events = act(state, "dispose_shares", sell=5, trade=0)
    (d,) = events_of(events, "shares_disposed")
    assert d["sold"] == 5 and d["proceeds"] == 2000 and d["kept"] == 0
    assert state.cash[0] == before + 2000
    assert bank(state, "Tower") == 25 - 6
    assert held(state, 0, "Tower") == 0


def test_trade_two_for_one() -> None:
    # 6 defunct Tower shares become 3 American shares.
    state, _ = merge("American", 5, "Tower", 4, [{"Tower": 6}, {}])
    events = act(state, "dispose_shares", sell=0, trade=6)
    (d,) = events_of(events, "shares_disposed")
    assert (d["traded"], d["received"], d["survivor"]) == (6, 3, "American")
    assert held(state, 0, "Tower") == 0 and held(state, 0, "American") == 3
    assert bank(state, "Tower") == 25 and bank(state, "American") == 22


def test_seven_shares_trade_six_and_sell_or_hold_the_last() -> None:
    for sell, kept in ((1, 0), (0, 1)):
        state, _ = merge("American", 5, "Tower", 4, [{"Tower": 7}, {}])
        act(state, "dispose_shares", sell=sell, trade=6)
        assert held(state, 0, "American") == 3
        assert held(state, 0, "Tower") == kept
        # Sole holder bonus $6,000 plus $400 per sold share.
        assert state.cash[0] == 6000 + 6000 + 400 * sell


def test_trade_sell_and_hold_combined() -> None:
    # 10 Festival: trade 6 for 3 Continental, sell 2, hold 2.
    state, _ = merge("Continental", 7, "Festival", 6, [{"Festival": 10}, {}])
    cash0 = state.cash[0]
    act(state, "dispose_shares", sell=2, trade=6)
    assert held(state, 0, "Continental") == 3
    assert held(state, 0, "Festival") == 2
    assert state.cash[0] == cash0 + 2 * 700  # Festival at 6 tiles: $700
    # The held shares stay out of the bank (they may return if Festival is founded again).
    assert bank(state, "Festival") == 23


@pytest.mark.parametrize(
    ("sell", "trade", "why"),
    [
        (0, 3, "even"),
        (4, 4, "hold 6"),
        (7, 0, "hold 6"),
    ],
)
def test_impossible_disposals_are_refused(sell: int, trade: int, why: str) -> None:
    state, _ = merge("American", 5, "Tower", 4, [{"Tower": 6}, {}])
    before = state.view(0), state.to_record()
    with pytest.raises(IllegalAction, match=why):
        act(state, "dispose_shares", sell=sell, trade=trade)
    assert (state.view(0), state.to_record()) == before


def test_trade_limited_by_survivor_shares_left() -> None:
    # Only 2 American shares left in the bank: at most 4 Tower shares can be traded.
    holdings = [{"Tower": 8, "American": 13}, {"American": 10}]
    state, _ = merge("American", 5, "Tower", 4, holdings)
    trades = {d["trade"] for d in legal_dicts(state)}
    assert trades == {0, 2, 4}
    with pytest.raises(IllegalAction, match="only 2 American shares are left"):
        act(state, "dispose_shares", sell=0, trade=6)


def test_no_survivor_shares_left_means_no_trade() -> None:
    holdings = [{"Tower": 3, "American": 20}, {"American": 5}]
    state, _ = merge("American", 5, "Tower", 4, holdings)
    assert {d["trade"] for d in legal_dicts(state)} == {0}


def test_first_disposers_have_priority_on_scarce_survivor_shares() -> None:
    # 3 American shares left: the mergemaker trades 6 Tower for 3, the next holder can't trade.
    holdings = [{"Tower": 6, "American": 12}, {"Tower": 4, "American": 10}]
    state, _ = merge("American", 5, "Tower", 4, holdings)
    act(state, "dispose_shares", sell=0, trade=6)
    assert state.current_player() == 1 and state.decision == "dispose_shares"
    assert {d["trade"] for d in legal_dicts(state)} == {0}


def test_disposal_runs_from_the_mergemaker_clockwise() -> None:
    # Seat 2 makes the merger; holders are seats 0, 1, 3: order 3, 0, 1.
    board = two_chains("American", 5, "Tower", 4)
    players = [
        player("P0", shares={"Tower": 1}, hand=["12A"]),
        player("P1", shares={"Tower": 2}, hand=["12B"]),
        player("P2", hand=["6E"]),
        player("P3", shares={"Tower": 3}, hand=["12C"]),
    ]
    state = start(position(board, players, bag=BAG, current=2))
    act(state, "place_tile", tile="6E")
    order = []
    while state.decision == "dispose_shares":
        order.append(state.current_player())
        act(state, "dispose_shares", sell=0, trade=0)
    assert order == [3, 0, 1]
    assert state.decision == "buy_shares" and state.current_player() == 2


def test_wrong_seat_may_not_dispose() -> None:
    state, _ = merge("American", 5, "Tower", 4, [{"Tower": 2}, {"Tower": 2}])
    with pytest.raises(IllegalAction, match="not seat 1's decision"):
        act(state, "dispose_shares", seat=1, sell=2, trade=0)


# ---------------------------------------------------------------- completion (rule 6.6)
def test_merger_tile_and_orphans_join_the_survivor() -> None:
    board = {
        **chain("American", "6D", "6C", "6B", "6A", "5A"),
        **chain("Tower", "6F", "6G", "6H"),
        **orphans("5E", "4E"),
    }
    players = [player("A", hand=["6E"]), player("B", hand=["12I"])]
    state = start(position(board, players, bag=BAG))
    events = act(state, "place_tile", tile="6E")
    assert size(state, "American") == 5 + 3 + 1 + 2
    assert events_of(events, "merger_completed") == [{"chain": "American", "size": 11}]
    board = state.view(None)["board"]
    assert board["4E"] == board["6E"] == board["6F"] == "American"


def test_defunct_chain_can_be_founded_again_and_held_shares_count() -> None:
    state, _ = merge("American", 5, "Tower", 3, [{"Tower": 4}, {}], extra_board=orphans("12B"))
    act(state, "dispose_shares", sell=0, trade=0)  # hold all 4
    assert held(state, 0, "Tower") == 4 and bank(state, "Tower") == 21
    assert size(state, "Tower") == 0
    act(state, "buy_shares", shares=[])
    act(state, "place_tile", tile="1I")
    act(state, "buy_shares", shares=[])
    events = act(state, "place_tile", tile="12A")
    assert "Tower" in [d["chain"] for d in legal_dicts(state)]
    events = act(state, "found_chain", chain="Tower")
    assert events_of(events, "chain_founded")[0]["founder_share"] is True
    assert held(state, 0, "Tower") == 5 and bank(state, "Tower") == 20
    assert size(state, "Tower") == 2


# ---------------------------------------------------------------- multi-chain (rules 6.2-6.3)
def three_chain_position(holdings):
    """acquire-mergers.md: Tower (4 tiles) at 6C, American (6) at 5D, Continental (3) at 7D."""
    board = {
        **chain("Tower", "6C", "6B", "6A", "7A"),
        **chain("American", "1D", "2D", "3D", "4D", "5D", "1E"),
        **chain("Continental", "7D", "8D", "9D"),
    }
    players = [
        player(f"P{i}", shares=h, hand=["6D", "12I"] if i == 0 else [f"{i + 1}I"])
        for i, h in enumerate(holdings)
    ]
    return position(board, players, bag=["1G", "2G", "3G", "4G"])


def test_three_chain_merger_largest_defunct_first() -> None:
    holdings = [{"Tower": 2, "Continental": 1}, {"Tower": 1, "Continental": 3}, {}]
    state = start(three_chain_position(holdings))
    events = act(state, "place_tile", tile="6D")
    assert events_of(events, "merger")[0]["chains"] == {
        "Tower": 4,
        "American": 6,
        "Continental": 3,
    }
    assert events_of(events, "survivor_chosen") == [{"chain": "American", "forced": True}]
    # Tower first: its bonuses, then its disposals.
    assert events_of(events, "defunct_resolved")[0]["chain"] == "Tower"
    assert events_of(events, "bonuses_paid")[0]["chain"] == "Tower"
    assert events_of(events, "bonuses_paid")[0]["paid"] == [4000, 2000, 0]
    assert state.decision == "dispose_shares" and state.current_player() == 0
    act(state, "dispose_shares", sell=2, trade=0)
    events = act(state, "dispose_shares", sell=1, trade=0)
    # Then Continental: bonuses (B majority $5,000, A minority $2,500) and disposals.
    assert events_of(events, "defunct_resolved")[0]["chain"] == "Continental"
    assert events_of(events, "bonuses_paid")[0]["paid"] == [2500, 5000, 0]
    act(state, "dispose_shares", sell=1, trade=0)
    events = act(state, "dispose_shares", sell=3, trade=0)
    assert size(state, "American") == 6 + 4 + 3 + 1
    assert size(state, "Tower") == size(state, "Continental") == 0
    assert events_of(events, "merger_completed") == [{"chain": "American", "size": 14}]
    # Sold at pre-merger prices: Tower $400, Continental $500.
    assert state.cash == [6000 + 4000 + 800 + 2500 + 500, 6000 + 2000 + 400 + 5000 + 1500, 6000]
    assert all(a["type"] != "choose_defunct" for a in state.to_record()["actions"])


def test_three_chain_merger_tlstyer_pays_every_bonus_first() -> None:
    holdings = [{"Tower": 2, "Continental": 1}, {"Tower": 1, "Continental": 3}, {}]
    state = start(three_chain_position(holdings), "tlstyer")
    events = act(state, "place_tile", tile="6D")
    order = [(e.type, e.data.get("chain")) for e in events if e.type != "tile_placed"]
    assert order[:5] == [
        ("merger", None),
        ("survivor_chosen", "American"),
        ("bonuses_paid", "Tower"),
        ("bonuses_paid", "Continental"),
        ("defunct_resolved", "Tower"),
    ]
    assert state.cash == [6000 + 4000 + 2500, 6000 + 2000 + 5000, 6000]
    act(state, "dispose_shares", sell=2, trade=0)
    events = act(state, "dispose_shares", sell=1, trade=0)
    assert events_of(events, "defunct_resolved")[0]["chain"] == "Continental"
    assert events_of(events, "bonuses_paid") == []  # already paid
    act(state, "dispose_shares", sell=1, trade=0)
    act(state, "dispose_shares", sell=3, trade=0)
    assert state.decision == "buy_shares"
    # Same money as standard (rule 6.7).
    assert state.cash == [6000 + 4000 + 800 + 2500 + 500, 6000 + 2000 + 400 + 5000 + 1500, 6000]


@pytest.mark.parametrize("ruleset", ["standard", "tlstyer"])
def test_when_the_survivor_grows(ruleset: str) -> None:
    """Rule 6.8: standard grows the survivor when the merger is complete; tlstyer as soon as
    it is known, the defunct chains keeping their sizes and prices for bonuses and sales."""
    holdings = [{"Tower": 2, "Continental": 1}, {"Tower": 1, "Continental": 3}, {}]
    pos = three_chain_position(holdings)
    pos["board"].update(orphans("6E", "6F"))  # join through the merger tile 6D
    state = start(pos, ruleset)
    assert state.merged_size() == 0
    act(state, "place_tile", tile="6D")
    assert state.decision == "dispose_shares"
    grown = ruleset == "tlstyer"
    american = 6 + 4 + 3 + 1 + 2 if grown else 6
    assert size(state, "American") == american
    assert (size(state, "Tower"), size(state, "Continental")) == (4, 3)
    assert state.price(1) == 400 and state.price(5) == 500  # Tower, Continental: as before
    assert state.merged_size() == 16
    view = state.view(0)
    shown = {c["name"]: c["size"] for c in view["chains"] if c["size"]}
    assert shown == {"American": american, "Tower": 4, "Continental": 3}
    survivor_cells = {"6D", "6C", "7D", "6E", "6F"} if grown else set()
    assert {t for t, label in view["board"].items() if label == "American"} >= survivor_cells
    assert view["board"]["6C"] == ("American" if grown else "Tower")
    assert view["board"]["6D"] == ("American" if grown else None)
    act(state, "dispose_shares", sell=2, trade=0)
    act(state, "dispose_shares", sell=1, trade=0)
    act(state, "dispose_shares", sell=1, trade=0)
    events = act(state, "dispose_shares", sell=3, trade=0)
    assert events_of(events, "merger_completed") == [{"chain": "American", "size": 16}]
    assert size(state, "American") == 16 and state.merged_size() == 0
    assert size(state, "Tower") == size(state, "Continental") == 0
    assert state.cash == [6000 + 4000 + 800 + 2500 + 500, 6000 + 2000 + 400 + 5000 + 1500, 6000]


def test_the_survivor_grows_first_in_standard_too_if_asked() -> None:
    options = {"preset": "standard", "options": {"grow_survivor_first": True}}
    state = start(three_chain_position([{"Tower": 1}, {}, {}]), options)
    act(state, "place_tile", tile="6D")
    assert state.decision == "dispose_shares" and size(state, "American") == 14


def four_chain_position():
    """6E touches four chains: Imperial 6D+rows A-C above, Tower and Luxor (3 each) in row E
    to the left and right, Festival below."""
    top = ["6D", *blob("6C", 6, rect("1A", "12C"))]
    return {
        **chain("Imperial", top),
        **chain("Tower", "5E", "4E", "3E"),
        **chain("Luxor", "7E", "8E", "9E"),
        **chain("Festival", "6F", "6G"),
    }


def test_equal_defunct_chains_mergemaker_chooses_the_order() -> None:
    players = [
        player("A", shares={"Tower": 1, "Luxor": 1}, hand=["6E"]),
        player("B", shares={"Luxor": 2, "Festival": 1}, hand=["12I"]),
    ]
    state = start(position(four_chain_position(), players, bag=["1I", "2I"]))
    act(state, "place_tile", tile="6E")
    assert state.decision == "choose_defunct" and state.current_player() == 0
    assert sorted(d["chain"] for d in legal_dicts(state)) == ["Luxor", "Tower"]
    with pytest.raises(IllegalAction, match="not a choice"):
        act(state, "choose_defunct", chain="Festival")
    events = act(state, "choose_defunct", chain="Luxor")
    assert events_of(events, "defunct_resolved")[0]["chain"] == "Luxor"
    # Luxor (3 tiles, $300): B majority $3,000, A minority $1,500.
    assert events_of(events, "bonuses_paid")[0]["paid"] == [1500, 3000]
    act(state, "dispose_shares", sell=1, trade=0)
    events = act(state, "dispose_shares", sell=2, trade=0)
    # Tower is now the only largest remaining: forced, then Festival.
    assert events_of(events, "defunct_resolved")[0] == {
        "chain": "Tower",
        "size": 3,
        "survivor": "Imperial",
        "forced": True,
    }
    events = act(state, "dispose_shares", sell=1, trade=0)
    assert events_of(events, "defunct_resolved")[0]["chain"] == "Festival"
    act(state, "dispose_shares", sell=1, trade=0)
    assert size(state, "Imperial") == 7 + 3 + 3 + 2 + 1
    recorded = [a["type"] for a in state.to_record()["actions"]]
    assert recorded.count("choose_defunct") == 1


def test_defunct_chains_tell_what_is_left_to_resolve_and_what_is_being_disposed_of() -> None:
    players = [
        player("A", shares={"Tower": 1, "Luxor": 1}, hand=["6E"]),
        player("B", shares={"Luxor": 2, "Festival": 1}, hand=["12I"]),
    ]
    state = start(position(four_chain_position(), players, bag=["1I", "2I"]))
    assert state.defunct_chains == ()
    names = state.ctx.chain_names
    act(state, "place_tile", tile="6E")
    assert [names[c] for c in state.defunct_chains] == ["Tower", "Luxor", "Festival"]
    act(state, "choose_defunct", chain="Luxor")
    assert state.decision == "dispose_shares"
    assert [names[c] for c in state.defunct_chains] == ["Luxor", "Tower", "Festival"]
    act(state, "dispose_shares", sell=1, trade=0)
    act(state, "dispose_shares", sell=2, trade=0)
    assert [names[c] for c in state.defunct_chains] == ["Tower", "Festival"]
    act(state, "dispose_shares", sell=1, trade=0)
    act(state, "dispose_shares", sell=1, trade=0)
    assert state.decision == "buy_shares" and state.defunct_chains == ()


@pytest.mark.parametrize("ruleset", ["standard", "tlstyer"])
def test_disposal_follows_the_turn_order_from_the_mergemaker(ruleset: str) -> None:
    # Turn order 2, 0, 3, 1 (as tlstyer's drawn order may give): seat 0 merges, so the
    # holders dispose in the order 0, 3, 1, 2.
    board = two_chains("American", 5, "Tower", 4)
    players = [
        player("P0", shares={"Tower": 1}, hand=["6E"]),
        player("P1", shares={"Tower": 2}, hand=["12B"]),
        player("P2", shares={"Tower": 2}, hand=["12C"]),
        player("P3", shares={"Tower": 3}, hand=["12A"]),
    ]
    pos = position(board, players, bag=BAG, current=0, order=[2, 0, 3, 1])
    state = start(pos, ruleset)
    act(state, "place_tile", tile="6E")
    order = []
    while state.decision == "dispose_shares":
        order.append(state.current_player())
        act(state, "dispose_shares", sell=1, trade=0)
    assert order == [0, 3, 1, 2]
    act(state, "buy_shares", shares=[])
    assert state.current_player() == 3  # the next in turn order
