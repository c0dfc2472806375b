"""1817's bots in real positions: every choice is legal, and each policy does what
docs/bots.md says in the positions it is for."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from g1817.games import GAMES, MORE_GAMES, position_before, positions
from takeover.bots import make_bot
from takeover.bots.base import Observation
from takeover.bots.g1817.context import Ctx
from takeover.bots.g1817.crisis import changes_presidency
from takeover.bots.g1817.heuristic import ranked
from takeover.bots.g1817.operating import train_need
from takeover.bots.g1817.values import private_value
from takeover.g1817.actions import Action
from takeover.g1817.extensions import PLANNING
from takeover.g1817.state import Game1817


def decisions(game: str, every: int = 1) -> Iterator[tuple[Game1817, int]]:
    """Copies of the positions of a real game where a seat has a choice (live)."""
    for n, (_, _, state) in enumerate(positions(game)):
        decision = state.pending()
        if decision is None or n % every:
            continue
        if len(state.legal_actions(decision.seats[0])) > 1:
            copy = state.clone()
            yield copy, decision.seats[0]


@pytest.mark.parametrize("game", ["1817__16852", "1817NA__25363", "1817WO__19926"])
@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_bots_choose_legal_actions_in_real_positions(game: str, spec: str) -> None:
    bot = make_bot(spec, "1817")
    rng = random.Random(7)
    kinds = set()
    for state, seat in decisions(game):
        obs = Observation(state, seat)
        assert bot.choose(obs, rng) in obs.legal
        kinds.add(obs.kind)
    assert {"selection_auction", "buy_sell_par_shares", "dividend", "buy_train"} <= kinds


def test_mcts_chooses_legal_actions_in_real_positions() -> None:
    bot = make_bot("mcts:iterations=4,depth=3", "1817")
    rng = random.Random(3)
    for state, seat in decisions("1817__16852", every=45):
        obs = Observation(state, seat)
        assert bot.choose(obs, rng) in obs.legal


def test_heuristic_never_bids_over_a_privates_value() -> None:
    bot = make_bot("heuristic", "1817")
    rng = random.Random(1)
    bids = 0
    for game in GAMES + MORE_GAMES:
        for state, seat in decisions(game):
            if state.pending().kind != "selection_auction":  # type: ignore[union-attr]
                break
            action = bot.choose(Observation(state, seat), rng)
            assert isinstance(action, Action)
            if action.type == "bid":
                bids += 1
                assert action.get("price") <= private_value(state, action.get("company"))
    assert bids > 20


def _dividend_position() -> Game1817:
    return position_before("1817__16852", lambda _, a, s: a.type == "dividend")


def _ranked_kinds(state: Game1817) -> list[str]:
    seat = state.pending().seats[0]  # type: ignore[union-attr]
    legal = state.legal_actions(seat)
    return [str(a.get("kind")) for a in ranked(state, seat, legal, random.Random(0))]


def test_dividend_withholds_for_a_needed_train_and_pays_out_otherwise() -> None:
    state = _dividend_position()
    seat = state.pending().seats[0]  # type: ignore[union-attr]
    ctx = Ctx(state, seat, state.legal_actions(seat), "dividend")
    sym = ctx.planner.operating()
    assert sym is not None and ctx.planner.revenue() > 0
    corp = state.corps[sym]
    for train in corp.trains:
        train.owner = None
    corp.trains.clear()
    corp.cash = 0
    assert train_need(ctx, corp) > ctx.planner.revenue() // 2
    assert _ranked_kinds(state)[0] == "withhold"
    corp.cash = 10_000
    assert _ranked_kinds(state)[0] in ("payout", "half")


def test_trainless_corporation_buys_a_train_it_can_pay_for() -> None:
    state = position_before(
        "1817__16852", lambda _, a, s: a.type == "buy_train" and not s.corps[str(a.entity)].trains
    )
    seat = state.pending().seats[0]  # type: ignore[union-attr]
    choice = ranked(state, seat, state.legal_actions(seat), random.Random(0))[0]
    assert choice.type in ("buy_train", "take_loan")


def test_cash_crisis_keeps_presidencies_when_a_sale_allows() -> None:
    state = position_before("1817__16852", lambda _, a, s: s.pending().kind == "cash_crisis")  # type: ignore[union-attr]
    seat = state.pending().seats[0]  # type: ignore[union-attr]
    legal = state.legal_actions(seat)
    ctx = Ctx(state, seat, legal, "cash_crisis")
    keeping = [a for a in legal if a.type == "sell_shares" and not changes_presidency(ctx, a)]
    choice = ranked(state, seat, legal, random.Random(0))[0]
    assert choice.type == "sell_shares"
    if keeping:
        assert choice in keeping


def test_bots_run_the_routers_set_rather_than_none() -> None:
    state = position_before(
        "1817__16852", lambda _, a, s: a.type == "run_routes" and bool(a.get("routes"))
    )
    seat = state.pending().seats[0]  # type: ignore[union-attr]
    legal = state.legal_actions(seat)
    runs = [a for a in legal if a.type == "run_routes"]
    assert len(runs) == 2 and any(not a.get("routes") for a in runs)
    for spec in ("random", "heuristic"):
        choice = make_bot(spec, "1817").choose(Observation(state, seat), random.Random(0))
        assert isinstance(choice, Action) and choice.get("routes"), spec


def test_heuristic_lays_track_where_a_free_lay_is_listed() -> None:
    laid = 0
    for state, seat in decisions("1817__16852", every=3):
        if state.pending().kind != "track":  # type: ignore[union-attr]
            continue
        legal = state.legal_actions(seat)
        ctx = Ctx(state, seat, legal, "track")
        free = [
            a
            for a in legal
            if a.type == "lay_tile"
            and a.entity_type == "corporation"
            and ctx.planner.lay_fee(str(a.get("hex"))) == 0
        ]
        if len(free) < 2:
            continue
        choice = ranked(state, seat, legal, random.Random(0))[0]
        assert choice.type == "lay_tile", f"passed with {len(free)} free lays"
        laid += 1
    assert laid > 10


def test_heuristic_gives_back_the_token_that_pays_least() -> None:
    # a generated game: R merged with H and holds ten tokens, two must go
    state = position_before(
        "1817-4p-shorts-s5-ten-tokens-after-a-merger",
        lambda i, a, s: s.round.step() == "ReduceTokens",
    )
    decision = state.pending()
    assert decision is not None and decision.kind == "reduce_tokens"
    seat = decision.seats[0]
    legal = state.legal_actions(seat)
    pays = {a: state.extension(PLANNING).stop_revenue(str(a.get("city"))) for a in legal}
    assert len(set(pays.values())) > 1  # a choice that matters
    order = ranked(state, seat, legal, random.Random(1))
    assert set(order) == set(legal) and len(order) == len(legal)
    assert [pays[a] for a in order] == sorted(pays.values())
    chosen = make_bot("heuristic", "1817").choose(Observation(state, seat), random.Random(1))
    assert chosen == order[0]


@pytest.mark.parametrize("players", [9, 12])
def test_heuristic_starts_corporations_at_a_large_table(players: int) -> None:
    """At 9 to 12 players a seat starts with $140 to $105 and spends most of it on a
    private: it must still start a corporation (paying with the private, rule 3.4), so
    that the first operating round has corporations to run."""
    from takeover.core import registry
    from takeover.g1817.rounds.operating import OperatingRound

    names = [f"P{i + 1}" for i in range(players)]
    state = registry.get("1817").new_game(names, "1817", seed=5)
    assert isinstance(state, Game1817)
    bots = [make_bot("heuristic", "1817") for _ in names]
    rng = random.Random(5)
    while not isinstance(state.round, OperatingRound):
        decision = state.pending()
        assert decision is not None, "the game ended before its first operating round"
        seat = decision.seats[0]
        state.apply(bots[seat].choose(Observation(state, seat), rng), seat)
    floated = [c for c in state.corps.values() if c.floated]
    assert len(floated) >= players // 2


def test_heuristic_shorts_only_what_its_cash_can_carry() -> None:
    """A short pays the corporation's dividends (rule 4.21): the
    heuristic shorts a doomed corporation only while its cash covers two rounds of them."""
    from takeover.bots.g1817.stock import dividend_guess, short_covered

    for state, seat in decisions("1817__16852", every=7):
        if state.pending() is None or not any(a.type == "short" for a in state.legal_actions(seat)):
            continue
        ctx = Ctx(state, seat, list(state.legal_actions(seat)), "buy_sell_par_shares")
        short = next(a for a in ctx.legal if a.type == "short")
        corp = ctx.corp(short)
        assert corp is not None
        need = 2 * dividend_guess(state, corp)
        assert need > 0
        ctx.player.cash = need - 1
        assert not short_covered(ctx, corp)
        ctx.player.cash = need + 10_000
        assert short_covered(ctx, corp)
        return
    pytest.fail("no position of the game offers a short")
