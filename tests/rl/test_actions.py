from __future__ import annotations

import pytest

from takeover.acquire.actions import (
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
)
from takeover.rl.actions import ActionSpace

from .helpers import random_positions


def test_standard_layout_is_the_documented_one() -> None:
    space = ActionSpace.of(108, 25, 3)
    assert len(space) == 554
    assert (space.found, space.survivor, space.defunct, space.dispose) == (108, 115, 122, 129)
    assert (space.buy, space.buy_end, space.declare, space.answer) == (311, 431, 551, 552)
    assert space.decode(0) == PlaceTile(0)
    assert space.decode(107) == PlaceTile(107)
    assert space.decode(108 + 3) == FoundChain(3)
    assert space.decode(115 + 6) == ChooseSurvivor(6)
    assert space.decode(122) == ChooseDefunct(0)
    assert space.decode(129) == DisposeShares(0, 0)
    assert space.decode(129 + 25) == DisposeShares(25, 0)
    assert space.decode(129 + 26) == DisposeShares(0, 2)
    assert space.decode(310) == DisposeShares(1, 24)
    assert space.decode(311) == BuyShares(())
    assert space.decode(312) == BuyShares((0,))
    assert space.decode(319) == BuyShares((0, 0))
    assert space.decode(430) == BuyShares((6, 6, 6))
    assert space.decode(431) == BuyShares((), True)
    assert space.decode(551) == DeclareEnd()
    assert space.decode(552) == AnswerTrade(True)
    assert space.decode(553) == AnswerTrade(False)


def test_every_index_round_trips_and_names_its_block() -> None:
    space = ActionSpace.of(100, 25, 3)  # the 2016 edition's board
    assert len(space) == 546
    for i, action in enumerate(space.actions):
        assert space.encode(action) == i
        assert space.decode(i) == action
    assert [space.block(i) for i in (0, 100, 107, 114, 121, 303, 423, 543, 544)] == [
        "place", "found", "survivor", "defunct", "dispose", "buy", "buy_end", "declare", "answer",
    ]  # fmt: skip


@pytest.mark.parametrize("bad", [-1, 554, True, 10**9])
def test_decode_rejects_indices_outside_the_space(bad: int) -> None:
    with pytest.raises(ValueError, match=r"outside 0\.\.553"):
        ActionSpace.of(108).decode(bad)


def test_trade_proposals_have_no_index() -> None:
    with pytest.raises(ValueError, match="no index"):
        ActionSpace.of(108).encode(ProposeTrade(1, Offer(100), Offer()))


@pytest.mark.parametrize("ruleset", ["standard", "tlstyer"])
def test_every_legal_action_of_real_games_has_an_index(ruleset: str) -> None:
    blocks: set[str] = set()
    for state in random_positions(6, ruleset=ruleset, seed=11):
        space = ActionSpace.for_state(state)
        legal = state.legal_actions()
        indices = space.legal(state)
        assert indices == sorted(space.encode(a) for a in legal)
        assert len(set(indices)) == len(legal)
        assert [space.decode(i) for i in indices] == sorted(legal, key=space.encode)
        mask = space.mask(indices)
        assert mask.dtype.name == "int8" and int(mask.sum()) == len(legal)
        blocks |= {space.block(i) for i in indices}
    ends = {"standard": "declare", "tlstyer": "buy_end"}[ruleset]
    assert {"place", "found", "dispose", "buy", ends} <= blocks
    assert "answer" not in blocks  # trading is off at research tables
