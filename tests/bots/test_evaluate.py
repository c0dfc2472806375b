"""Position values: worths, rewards, and positions a rival could overturn counting for less."""

from __future__ import annotations

from takeover.acquire import new_game
from takeover.bots.evaluate import chain_values, relative, rewards, worths


def test_a_position_a_rival_could_overturn_counts_for_less() -> None:
    # A lone founder's share: 6000 if paid now, 2000 (minority) after a rival buys 3.
    lone = chain_values([1, 0, 0], 400, bank=24)[0] - 400
    assert lone == 0.5 * 6000 + 0.5 * 2000
    # A majority no rival can catch counts in full.
    locked = chain_values([13, 2, 0], 400, bank=10)[0] - 13 * 400
    assert locked == 4000
    # With nothing left in the bank, the position as it stands is certain.
    assert chain_values([1, 0, 0], 400, bank=0)[0] - 400 == 6000


def test_worth_relative_and_rewards() -> None:
    state = new_game(4, seed=2)
    vals = worths(state)
    assert vals == [6000.0] * 4  # nothing bought yet
    assert relative(vals, 0) == 0.0
    assert rewards(state) == [0.5] * 4
    state.cash[1] += 4000
    r = rewards(state)
    assert r[1] > 0.5 > r[0] and r[0] == r[2] == r[3]
