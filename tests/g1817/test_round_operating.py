"""Operating round checks on real positions: dividends, loan payoffs, depot trains."""

from __future__ import annotations

from takeover.g1817.actions import Action
from takeover.g1817.rounds.operating import OperatingRound
from takeover.g1817.rounds.turn import BuyTrain
from takeover.g1817.track import bridge_targets

from .games import position_before
from .refusal import act, assert_listed, assert_refused


def buy_step(rnd: OperatingRound) -> BuyTrain:
    step = rnd.turn_step
    assert isinstance(step, BuyTrain)
    return step


def test_a_dividend_is_decided_only_after_running() -> None:
    game = position_before(
        "1817WO__1817WO_game_end_bankrupt",
        lambda raw_id, a, s: (
            isinstance(s.round, OperatingRound)
            and s.round.step() == "Track"
            and bool(s.round.corp.trains)
        ),
    )
    corp = game.round.current()
    assert isinstance(corp, str)
    assert_refused(game, act("dividend", corp, kind="payout"), "dividend is not possible now")


def test_a_loan_is_paid_off_with_100_in_cash() -> None:
    # 1817__16281: NYOW has paid its interest and holds loans, but only $5
    game = position_before("1817__16281", lambda raw_id, a, s: raw_id == 131)
    assert game.round.step() == "Loan" and game.round.current() == "NYOW"
    assert game.corps["NYOW"].loans and game.corps["NYOW"].cash < 100
    assert_refused(game, act("payoff_loan", "NYOW"), "cannot pay off a loan")


def test_the_depot_sells_its_next_train() -> None:
    game = position_before(
        "1817WO__1817WO_game_end_bankrupt",
        lambda raw_id, a, s: isinstance(s.round, OperatingRound) and s.round.step() == "BuyTrain",
    )
    corp = game.round.current()
    assert isinstance(corp, str)
    game.corps[corp].cash = 300  # the scenario: cash enough for two trains
    first, second = game.depot[0], game.depot[1]
    assert first.name == second.name == "2"
    assert_listed(game, act("buy_train", corp, train=first.id, price=100))
    assert_refused(game, act("buy_train", corp, train=second.id, price=100), "next")
    assert_refused(game, act("buy_train", corp, train=first.id, price=90), "face value")


def test_no_bridge_while_the_loan_step_decides() -> None:
    """18xx.games' loan step blocks once interest is paid: a private's bridge waits for
    the next turn (1817__16281, action 118: Belt, with P8, decides on loans)."""
    game = position_before("1817__16281", lambda raw_id, a, s: raw_id == 118)
    assert game.round.step() == "Loan" and game.round.current() == "Belt"
    assert "H3" in bridge_targets(game, game.corps["Belt"], "UBC")
    bridge = Action.from_dict(
        {
            "type": "assign",
            "entity": "UBC",
            "entity_type": "company",
            "target": "H3",
            "target_type": "hex",
        }
    )
    assert_refused(game, bridge, "assign is not possible now")


def test_a_bridge_is_listed_in_the_train_step() -> None:
    """A bridge is accepted in every step before Loan, and listed there too
    (1817WO_game_end_bankrupt, action 81: Belt, with its bridge private, buys trains)."""
    game = position_before("1817WO__1817WO_game_end_bankrupt", lambda raw_id, a, s: raw_id == 81)
    assert game.round.step() == "BuyTrain" and game.round.current() == "Belt"
    bridges = [a for a in game.legal_actions() if a.type == "assign"]
    assert bridges
    act_on = game.clone()
    act_on.apply(bridges[0])
    assert act_on.round.step() == "BuyTrain"


def test_another_corporations_train_is_listed_with_its_price_range() -> None:
    game = position_before(
        "1817__16281",
        lambda raw_id, a, s: (
            isinstance(s.round, OperatingRound)
            and s.round.step() == "BuyTrain"
            and s.round.corp.cash > 10
            and len(s.round.corp.trains) < s.train_limit
            and any(c.trains and c is not s.round.corp for c in s.corps.values())
        ),
    )
    rnd = game.round
    assert isinstance(rnd, OperatingRound)
    corp = rnd.corp
    sales = [a for a in game.legal_actions() if a.get("max_price") is not None]
    assert sales and all(a.get("price") == 1 and a.get("max_price") == corp.cash for a in sales)
    train = str(sales[0].get("train"))
    assert_refused(game, act("buy_train", corp.sym, train=train, price=0), "may pay from 1")
    too_much = corp.cash + 1
    assert_refused(game, act("buy_train", corp.sym, train=train, price=too_much), "may pay")
    bought = game.clone()
    bought.apply(act("buy_train", corp.sym, train=train, price=corp.cash))
    assert train in {t.id for t in bought.corps[corp.sym].trains}
    assert "max_price" not in bought.history[-1]


def test_a_train_left_with_a_liquidated_corporation_keeps_the_train_step_open() -> None:
    """18xx.games resets a corporation the bank liquidates but leaves its trains with the
    old one, and still counts them among other corporations' trains ($1 each): a
    corporation that cannot pay for the depot's train must then pass its train step."""
    game = position_before(
        "1817WO__1817WO_game_end_bankrupt",
        lambda raw_id, a, s: isinstance(s.round, OperatingRound) and s.round.step() == "BuyTrain",
    )
    rnd = game.round
    assert isinstance(rnd, OperatingRound)
    corp = rnd.corp
    # the scenario: $50, no loan left, no other corporation with a train
    corp.cash, game.loans = 50, []
    others = [c for c in game.corps.values() if c is not corp]
    for other in others:
        other.trains = []
    assert not buy_step(rnd).waits()
    gone = others[0]
    train = game.depot.pop()
    gone.trains.append(train)
    game.reset_corporation(gone)
    assert game.left_trains == [train] and not game.corps[gone.sym].trains
    assert buy_step(rnd).waits()
    train.obsolete = True  # an obsolete train is not for sale
    assert not buy_step(rnd).waits()


def test_left_trains_rust() -> None:
    game = position_before("1817WO__1817WO_game_end_bankrupt", lambda raw_id, a, s: raw_id > 30)
    two = next(t for t in game.depot if t.name == "2")
    game.depot.remove(two)
    game.left_trains.append(two)
    four = next(t for t in game.depot if t.name == "4")
    game.train_bought(four)  # 2 trains rust on the first 4
    assert game.left_trains == []


def test_an_obsolete_train_given_back_to_the_depot_is_not_for_sale() -> None:
    """18xx.games does not sell obsolete trains (a 2+ once the first 4 is bought)."""
    game = position_before(
        "1817WO__1817WO_game_end_bankrupt",
        lambda raw_id, a, s: isinstance(s.round, OperatingRound) and s.round.step() == "BuyTrain",
    )
    rnd = game.round
    assert isinstance(rnd, OperatingRound)
    rnd.corp.cash = 1000
    rnd.corp.trains = []
    plus = next(t for t in game.depot if t.name == "2+")
    game.depot.remove(plus)
    game.discarded.append(plus)
    assert any(a.get("train") == plus.id for a in buy_step(rnd).options())
    game.train_bought(next(t for t in game.depot if t.name == "4"))
    assert plus.obsolete and plus in game.discarded
    assert all(a.get("train") != plus.id for a in buy_step(rnd).options())
