"""The heuristic bot's decisions in small positions a club player would judge."""

from __future__ import annotations

import random

from takeover.acquire import (
    AnswerTrade,
    BuyShares,
    ChooseSurvivor,
    DeclareEnd,
    FoundChain,
    Offer,
    PlaceTile,
    ProposeTrade,
)
from takeover.bots import Observation, make_bot

from .positions import chain, game, row, seat

SAFE_TOWER = chain("Tower", row("A", 1, 11))
"""The only chain on the board, safe: the end may be declared."""


def choose(state, spec: str = "heuristic", seed: int = 0):
    player = state.current_player()
    return make_bot(spec).choose(Observation(state, player), random.Random(seed))


def tile(state, name: str) -> PlaceTile:
    return PlaceTile(state.ctx.board.tile(name))


def chain_id(state, name: str) -> int:
    return state.ctx.notation.chain(name)


def test_declares_the_end_when_winning() -> None:
    state = game(SAFE_TOWER, [seat("A", shares={"Tower": 10}, hand=["12I"]), seat("B")])
    assert DeclareEnd() in state.legal_actions()
    assert choose(state) == DeclareEnd()


def test_does_not_declare_the_end_when_losing() -> None:
    state = game(
        SAFE_TOWER, [seat("A", hand=["12I"]), seat("B", shares={"Tower": 10}, hand=["12H"])]
    )
    assert DeclareEnd() in state.legal_actions()
    assert choose(state) == tile(state, "12I")


def test_tlstyer_ends_with_the_purchase_only_when_winning() -> None:
    players = [seat("A", shares={"Tower": 10}, hand=["12I"]), seat("B", hand=["12H"])]
    state = game(SAFE_TOWER, players, "tlstyer")
    state.apply(tile(state, "12I"))
    action = choose(state)
    assert isinstance(action, BuyShares) and action.end_game
    players = [seat("A", hand=["12I"]), seat("B", shares={"Tower": 10}, hand=["12H"])]
    state = game(SAFE_TOWER, players, "tlstyer")
    state.apply(tile(state, "12I"))
    action = choose(state)
    assert isinstance(action, BuyShares) and not action.end_game


def test_buys_to_take_the_majority() -> None:
    board = chain("Luxor", row("A", 1, 3))
    players = [seat("A", shares={"Luxor": 2}, hand=["12I"]), seat("B", shares={"Luxor": 3})]
    state = game(board, players)
    state.apply(tile(state, "12I"))
    action = choose(state)
    assert isinstance(action, BuyShares)
    assert action.shares.count(chain_id(state, "Luxor")) >= 2


def test_merges_a_chain_it_leads_and_avoids_paying_a_rival() -> None:
    board = {**chain("Tower", row("A", 1, 6)), **chain("Luxor", row("C", 1, 3))}
    # 1B joins Tower (6 tiles) and Luxor (3): Luxor's holders are paid.
    mine = game(board, [seat("A", shares={"Luxor": 5}, hand=["1B", "12I"]), seat("B")])
    assert choose(mine) == tile(mine, "1B")
    theirs = game(
        board, [seat("A", hand=["1B", "12I"]), seat("B", shares={"Luxor": 5}, hand=["12H"])]
    )
    assert choose(theirs) == tile(theirs, "12I")


def test_survivor_choice_pays_its_own_bonus() -> None:
    board = {**chain("Tower", row("A", 1, 4)), **chain("Luxor", row("C", 1, 4))}
    players = [
        seat("A", shares={"Luxor": 6}, hand=["1B"]),
        seat("B", shares={"Tower": 1}, hand=["12H"]),
    ]
    state = game(board, players)
    state.apply(tile(state, "1B"))
    assert state.decision == "choose_survivor"
    # Tower survives, so Luxor (where A is the sole holder) pays its bonuses now.
    assert choose(state) == ChooseSurvivor(chain_id(state, "Tower"))


def test_founds_the_chain_whose_old_shares_it_holds() -> None:
    board = {"1A": None}
    players = [seat("A", shares={"Imperial": 6}, hand=["2A"]), seat("B")]
    state = game(board, players)
    state.apply(tile(state, "2A"))
    assert state.decision == "found_chain"
    assert choose(state) == FoundChain(chain_id(state, "Imperial"))


def test_disposes_of_every_share_when_the_end_is_near() -> None:
    board = {**chain("Tower", row("A", 1, 11)), **chain("Luxor", row("C", 1, 3))}
    players = [seat("A", shares={"Luxor": 5}, hand=["1B"]), seat("B", shares={"Luxor": 1})]
    state = game(board, players)
    state.apply(tile(state, "1B"))
    assert state.decision == "dispose_shares"
    action = choose(state)
    assert action.sell + action.trade == 5


def test_answers_trades_by_value() -> None:
    board = chain("Luxor", row("A", 1, 3))
    players = [
        seat("A", shares={"Luxor": 2}, hand=["12I"]),
        seat("B", shares={"Luxor": 4}, hand=["12H"]),
    ]
    gift = game(board, players)
    gift.apply(ProposeTrade(1, give=Offer(cash=1000), get=Offer()))
    assert choose(gift) == AnswerTrade(True)
    robbery = game(board, players)
    luxor = chain_id(robbery, "Luxor")
    robbery.apply(ProposeTrade(1, give=Offer(cash=100), get=Offer(0, ((luxor, 3),))))
    assert choose(robbery) == AnswerTrade(False)


def test_heuristic_proposes_some_trades_and_random_none() -> None:
    from takeover.arena import play_game

    proposals = {"heuristic": 0, "random": 0}
    turns = 0
    for seed in range(3):
        specs = ["heuristic", "heuristic", "heuristic", "random"]
        result = play_game(specs, [0, 1, 2, 3], seed, keep_record=True)
        assert result.record is not None
        turns += result.turns
        for a in result.record["actions"]:
            if a["type"] == "propose_trade":
                proposals[result.bots[a["player"]]] += 1
    assert proposals["random"] == 0
    # Occasional: some offers, far fewer than one per heuristic turn.
    assert 0 < proposals["heuristic"] < turns / 4


def test_never_reads_hidden_tiles() -> None:
    """Two games that differ only in what the seat cannot see get the same decisions."""
    from takeover.acquire import new_game

    state = new_game(4, seed=11)
    bot = make_bot("heuristic")
    for _ in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        other = state.determinize(player, random.Random(5))
        a = bot.choose(Observation(state, player), random.Random(1))
        b = bot.choose(Observation(other, player), random.Random(1))
        assert a == b
        state.apply(a, player)
