"""Rulesets (rules 10.1-10.3, the presets of section 12): presets, options, editions, parameters."""

from __future__ import annotations

import pytest

from takeover.acquire import PRESETS, Ruleset, new_game, replay, ruleset_from_json
from takeover.core.errors import IllegalAction, RecordError

from .helpers import act, chain, legal_dicts, orphans, player, position, rect, run, size, start


def opts(**options):
    return {"preset": "standard", "options": options}


def test_standard_preset() -> None:
    r = PRESETS["standard"]
    assert (r.player_trading, r.hidden_holdings, r.edition) == (True, False, "classic")
    assert (r.starting_cash, r.hand_size, r.shares_per_chain, r.max_purchase) == (6000, 6, 25, 3)
    assert (r.safe, r.end_size, r.min_players, r.max_players) == (11, 41, 2, 6)
    assert (r.closest_tile, r.turn_order, r.dead_replacement) == ("row", "clockwise", "once")
    assert (r.declare_end, r.bonuses_first, r.max_trade_offers) == ("turn_start", False, 5)
    assert r.grow_survivor_first is False


def test_tlstyer_preset() -> None:
    r = PRESETS["tlstyer"]
    assert (r.player_trading, r.min_players, r.max_players) == (False, 1, 6)
    assert (r.closest_tile, r.turn_order, r.dead_replacement) == ("column", "drawn", "repeat")
    assert (r.declare_end, r.bonuses_first, r.grow_survivor_first) == ("with_purchase", True, True)
    assert (r.starting_cash, r.safe, r.end_size) == (6000, 11, 41)


def test_ruleset_record_forms() -> None:
    assert ruleset_from_json(None) is PRESETS["standard"]
    assert ruleset_from_json("tlstyer") is not None
    assert ruleset_from_json("tlstyer") == PRESETS["tlstyer"]
    r = ruleset_from_json({"preset": "tlstyer", "options": {"hidden_holdings": True}})
    assert r.hidden_holdings and r.turn_order == "drawn"
    assert r.to_json() == {"preset": "tlstyer", "options": {"hidden_holdings": True}}
    assert PRESETS["standard"].to_json() == "standard"
    assert ruleset_from_json(r.to_json()) == r


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("chess", "unknown ruleset preset"),
        (5, "preset name"),
        (opts(colour="red"), "unknown ruleset option"),
        ({"preset": "standard", "options": []}, "must be an object"),
        (opts(player_trading="yes"), "true or false"),
        (opts(starting_cash="lots"), "integer"),
        (opts(starting_cash=True), "integer"),
        (opts(starting_cash=6050), "multiple of \\$100"),
        (opts(hand_size=0), "positive"),
        (opts(edition="1962"), "unknown edition"),
        (opts(edition=2008), "string"),
        (opts(safe_size=1), "at least 2"),
        (opts(closest_tile="diagonal"), "closest_tile must be one of"),
        (opts(turn_order="random"), "turn_order must be one of"),
        (opts(dead_replacement="never"), "dead_replacement must be one of"),
        (opts(declare_end="never"), "declare_end must be one of"),
        (opts(min_players=0), "min_players"),
        (opts(max_trade_offers=-1), "max_trade_offers"),
    ],
)
def test_bad_rulesets_are_refused(spec, why: str) -> None:
    with pytest.raises(RecordError, match=why):
        ruleset_from_json(spec)


def test_options_override_a_preset_switch_by_switch() -> None:
    # The standard preset with tlstyer's first-player rule only.
    r = ruleset_from_json(opts(closest_tile="column"))
    assert r.turn_order == "clockwise" and isinstance(r, Ruleset)


# ---------------------------------------------------------------- editions (rule 10.1)
def test_2008_edition_names_and_tiers() -> None:
    rules = opts(edition="2008")
    pos = position(orphans("6C"), [player("A", hand=["6D"]), player("B")], bag=["1I", "2I"])
    state = start(pos, rules)
    act(state, "place_tile", tile="6D")
    names = sorted(d["chain"] for d in legal_dicts(state))
    assert "Sackson" in names and "Luxor" not in names
    with pytest.raises(IllegalAction, match="unknown chain 'Luxor'"):
        act(state, "found_chain", chain="Luxor")
    act(state, "found_chain", chain="Tower")
    assert state.price(1) == 400  # Tower is premium in 2008
    state = start(pos, rules)
    act(state, "place_tile", tile="6D")
    act(state, "found_chain", chain="Worldwide")
    assert state.price(4) == 200  # Worldwide is budget in 2008
    assert state.view(None)["chains"][0]["name"] == "Sackson"


def test_2016_edition_board_and_safe_size() -> None:
    state = new_game(3, opts(edition="2016"), seed=5)
    assert state.ctx.board.size == 100 and len(state.bag) == 100
    assert state.ctx.board.names[-1] == "10J"
    with pytest.raises(IllegalAction, match="unknown tile"):
        state.ctx.board.tile("11A")
    # Chains of 10 are safe: a tile between two of them is dead.
    board = {**chain("Tower", rect("1A", "10A")), **chain("Luxor", rect("1C", "10C"))}
    pos = position(board, [player("A", hand=["1B", "1J"]), player("B")], bag=["2J"])
    state = start(pos, opts(edition="2016"))
    assert state.is_safe(0) and state.can_end()
    assert {"type": "place_tile", "tile": "1B"} not in legal_dicts(state)
    pos["players"][0]["hand"], pos["bag"] = ["1B", "12I"], ["2I"]
    state = start(pos)  # classic: 10 tiles are not safe, 1B merges them
    assert {"type": "place_tile", "tile": "1B"} in legal_dicts(state)


def test_2016_record_replays() -> None:
    state = new_game(2, opts(edition="2016"), seed=9)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[len(legal) // 2])
    assert replay(state.to_record()).scores() == state.scores()


# ---------------------------------------------------------------- parameters (rule 10.2)
def test_starting_cash_hand_size_and_shares_per_chain() -> None:
    state = new_game(3, opts(starting_cash=8000, hand_size=5, shares_per_chain=10), seed=1)
    assert state.cash == [8000] * 3
    assert all(len(h) == 5 for h in state.hands)
    assert state.bank == [10] * 7


def test_max_purchase() -> None:
    board = chain("Tower", "1A", "2A")
    pos = position(board, [player("A", hand=["12I"]), player("B", hand=["12H"])], bag=["1I"])
    state = start(pos, opts(max_purchase=2))
    act(state, "place_tile", tile="12I")
    assert max(len(d["shares"]) for d in legal_dicts(state)) == 2
    with pytest.raises(IllegalAction, match="at most 2"):
        act(state, "buy_shares", shares=["Tower"] * 3)


def test_safe_size_and_end_size() -> None:
    board = {**chain("Tower", rect("1A", "8A")), **chain("Luxor", rect("1C", "9C"))}
    pos = position(board, [player("A", hand=["12I"]), player("B")], bag=["1I"])
    assert not start(pos).can_end()
    assert start(pos, opts(safe_size=8)).can_end()
    assert start(pos, opts(end_size=9)).can_end()
    assert not start(pos, opts(end_size=10)).can_end()


def test_shares_per_chain_limits_holdings_in_a_position() -> None:
    pos = position({}, [player("A", shares={"Tower": 11}), player("B")])
    with pytest.raises(RecordError, match="only 10 exist"):
        start(pos, opts(shares_per_chain=10))


def test_options_travel_in_the_record() -> None:
    rules = opts(hidden_holdings=True, max_purchase=2)
    board = chain("Tower", "1A", "2A")
    pos = position(board, [player("A", hand=["3A"]), player("B", hand=["12H"])], bag=["1I"])
    actions = [
        {"player": 0, "type": "place_tile", "tile": "3A"},
        {"player": 0, "type": "buy_shares", "shares": ["Tower", "Tower"]},
    ]
    state = run(pos, actions, rules)
    record = state.to_record()
    assert record["ruleset"] == rules
    assert size(replay(record), "Tower") == 3
