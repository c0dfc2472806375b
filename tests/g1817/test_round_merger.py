"""Merger round checks: who may sell after a conversion, when two 2-share corporations
may merge, and the certificate ids a 5 + 5 merger gives a short."""

from __future__ import annotations

from takeover.g1817.data.editions import MARKET_PRICES
from takeover.g1817.entities import POOL, Share
from takeover.g1817.mergers import migrate_shares
from takeover.g1817.rounds.merger import MergerRound
from takeover.g1817.state import Game1817

from .games import position_before
from .refusal import act, assert_listed, assert_refused


def test_the_president_does_not_sell_after_a_conversion() -> None:
    # 1817__16281: NYSW converted; its president 3467 may buy treasury shares, not sell
    game = position_before("1817__16281", lambda raw_id, a, s: raw_id == 807)
    rnd = game.round
    assert isinstance(rnd, MergerRound) and rnd.step() == "PostConversion"
    corp = game.corps["NYSW"]
    assert rnd.current() == corp.owner == 3467
    share = next(s for s in corp.shares_of(3467) if not s.president)
    assert_refused(game, act("sell_shares", 3467, shares=[share.id]), "cannot sell")


def started(game: Game1817, sym: str, owner: int, price: int, shares: int = 2) -> None:
    corp = game.corps[sym]
    game.set_price(corp, MARKET_PRICES.index(price))
    corp.shares = [Share(sym, 0, 100, owner, president=True)]
    corp.owner = owner
    corp.ipoed = corp.floated = corp.operated = True
    if shares != 2:
        game.resize(corp, shares)


def test_a_two_share_merger_costs_the_price_of_the_merged_space() -> None:
    # $65 + $60 = $125 lands on the $120 space: the survivor's president pays $120 for
    # the share the other president receives, so $120 in cash is enough
    game = Game1817("1817", [(1, "A"), (2, "B"), (3, "C")])
    started(game, "A&S", 1, 65)
    started(game, "Belt", 2, 60)
    game.player_by_id[1].cash = 120
    game.round = MergerRound(game, 1)
    assert game.round.current() == "A&S"
    assert_listed(game, act("merge", "A&S", corporation="Belt"))
    game.player_by_id[1].cash = 119
    assert_refused(game, act("merge", "A&S", corporation="Belt"), "cannot merge")
    game.player_by_id[1].cash = 120
    game.push(act("merge", "A&S", corporation="Belt"))
    assert game.price(game.corps["A&S"]) == 120 and game.player_by_id[1].cash == 0


def test_a_short_keeps_its_issue_order_through_a_five_plus_five_merger() -> None:
    # 1817NA__25363: a short of NYSW survives its merger into H as H_10, and the market's
    # certificate is H_11, the id a later purchase names
    game = Game1817("1817", [(1, "A"), (2, "B"), (3, "C")])
    started(game, "H", 1, 100, shares=5)
    started(game, "NYSW", 1, 100, shares=5)
    for share in game.corps["NYSW"].shares_of("NYSW"):
        share.owner = 1 if share.index == 1 else "NYSW"
    game.short(game.player_by_id[2], game.corps["NYSW"])
    assert [(s.id, s.owner) for s in game.shorts(game.corps["NYSW"])] == [("NYSW_11", 2)]
    migrate_shares(game, game.corps["H"], game.corps["NYSW"])
    h = game.corps["H"]
    assert [(s.id, s.owner) for s in game.shorts(h)] == [("H_10", 2)]
    assert [s.id for s in h.shares_of(POOL)] == ["H_11"]


def tokened(game: Game1817, sym: str, *cities: tuple[str, int], tokens: int = 0) -> None:
    """Put ``sym``'s tokens in ``cities`` (``(hex, city index)``); it owns ``tokens`` in all
    (at least those placed)."""
    corp = game.corps[sym]
    for coord, index in cities:
        game.board.place_token(coord, index, sym)
    corp.token_hexes = [f"{coord}#{index}" for coord, index in cities]
    corp.tokens_placed = len(cities)
    corp.tokens = max(tokens, len(cities))


def cities_of(game: Game1817, sym: str) -> list[tuple[str, int]]:
    return sorted(game.board.corporation_cities(sym))


def test_a_survivors_token_in_the_others_city_goes_back_to_its_charter() -> None:
    game = Game1817("1817", [(1, "A"), (2, "B"), (3, "C")])
    started(game, "A&S", 1, 65)
    started(game, "Belt", 1, 60)
    tokened(game, "A&S", ("B5", 0), ("D9", 0), tokens=2)  # D9: a city of two slots
    tokened(game, "Belt", ("D9", 0), ("C14", 0), tokens=2)
    game.round = MergerRound(game, 1)
    game.push(act("merge", "A&S", corporation="Belt"))
    assert game.round.step() != "ReduceTokens"
    assert cities_of(game, "A&S") == [("B5", 0), ("C14", 0), ("D9", 0)]
    assert game.board.tokens["D9"] == (("A&S", None),)  # one token left, first slot
    assert cities_of(game, "Belt") == []
    corp = game.corps["A&S"]
    assert (corp.tokens, corp.tokens_placed) == (4, 3)


def test_two_tokens_in_one_hex_make_the_survivor_give_one_back_there_first() -> None:
    # E22 has two cities: A&S in one, Belt in the other; a merger must first clear E22
    game = Game1817("1817", [(1, "A"), (2, "B"), (3, "C")])
    started(game, "A&S", 1, 65)
    started(game, "Belt", 2, 60)
    game.player_by_id[1].cash = 1000
    tokened(game, "A&S", ("E22", 0), ("B5", 0))
    tokened(game, "Belt", ("E22", 1), ("C14", 0))
    game.round = MergerRound(game, 1)
    game.push(act("merge", "A&S", corporation="Belt"))
    assert game.round.step() == "ReduceTokens"
    decision = game.pending()
    assert decision is not None and decision.seats == (0,)  # A&S's president, seat 0
    assert decision.kind == "reduce_tokens" and game.round.current() == "A&S"
    e22 = [game.board.city_id("E22", i) for i in (0, 1)]
    assert sorted((a.get("city"), a.get("slot")) for a in game.legal_actions()) == [
        (e22[0], 0),
        (e22[1], 0),
    ]
    b5 = game.board.city_id("B5", 0)
    assert_refused(game, act("remove_token", "A&S", city=b5, slot=0), "in a hex both hold first")
    game.push(act("remove_token", "A&S", city=e22[1], slot=0))  # Belt's token goes
    assert game.round.step() == "PostConversion"  # the merger goes on
    assert cities_of(game, "A&S") == [("B5", 0), ("C14", 0), ("E22", 0)]
    assert cities_of(game, "Belt") == []
    corp = game.corps["A&S"]
    assert (corp.tokens, corp.tokens_placed) == (4, 3)
    exported = game.to_record()["actions"][-1]
    assert {k: exported[k] for k in ("type", "entity", "city", "slot")} == {
        "type": "remove_token",
        "entity": "A&S",
        "city": e22[1],
        "slot": 0,
    }


def test_more_than_eight_placed_tokens_make_the_survivor_give_back_any_until_eight() -> None:
    game = Game1817("1817", [(1, "A"), (2, "B"), (3, "C")])
    started(game, "A&S", 1, 100, shares=5)
    started(game, "Belt", 1, 100, shares=5)
    mine = [("B5", 0), ("B17", 0), ("C14", 0), ("C22", 0), ("F3", 0)]
    theirs = [("F13", 0), ("F19", 0), ("I16", 0), ("D7", 0), ("D19", 0)]
    tokened(game, "A&S", *mine)
    tokened(game, "Belt", *theirs)
    game.round = MergerRound(game, 1)
    game.push(act("merge", "A&S", corporation="Belt"))
    assert game.round.step() == "ReduceTokens"
    listed = {(a.get("city"), a.get("slot")) for a in game.legal_actions()}
    assert listed == {(game.board.city_id(c, i), 0) for c, i in mine + theirs}
    assert_refused(
        game, act("remove_token", "A&S", city=game.board.city_id("I12", 0), slot=0), "cannot"
    )
    game.push(act("remove_token", "A&S", city=game.board.city_id("B5", 0), slot=0))
    assert game.round.step() == "ReduceTokens"  # nine placed: one more
    assert cities_of(game, "Belt") == sorted(theirs)  # still Belt's until the end
    game.push(act("remove_token", "A&S", city=game.board.city_id("D7", 0), slot=0))
    assert game.round.step() != "ReduceTokens"
    assert cities_of(game, "A&S") == sorted(mine[1:] + theirs[:3] + theirs[4:])
    corp = game.corps["A&S"]
    assert (corp.tokens, corp.tokens_placed) == (8, 8)


def test_the_tokens_a_conversion_buys_cost_50_each_and_p21_takes_50_off() -> None:
    # 1817__16281: NYSW converted; the round knows how many tokens it must buy
    game = position_before("1817__16281", lambda raw_id, a, s: raw_id == 807)
    rnd = game.round
    assert isinstance(rnd, MergerRound) and rnd.tokens_to_buy
    corp = game.corps["NYSW"]
    n = rnd.tokens_to_buy
    corp.companies = [c for c in corp.companies if c != "P21"]
    assert rnd.conversion_token_cost(corp) == 50 * n
    corp.companies = [*corp.companies, "P21"]
    assert rnd.conversion_token_cost(corp) == 50 * (n - 1)
