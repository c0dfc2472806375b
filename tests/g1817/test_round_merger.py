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
