from __future__ import annotations

import random
from itertools import pairwise

import numpy as np

from takeover.acquire import ORPHAN
from takeover.rl.observation import BOARD_PLANES, PLAYER_FEATURES, ObservationEncoder

from .helpers import random_positions


def test_sections_tile_the_vector() -> None:
    enc = ObservationEncoder.of(108, 4)
    spans = list(enc.sections().values())
    assert spans[0][0] == 0 and spans[-1][1] == enc.size == 1207
    assert all(a[1] == b[0] for a, b in pairwise(spans))
    assert enc.sections()["players"] == (1115, 1115 + 4 * PLAYER_FEATURES)
    assert enc.sections()["decision"] == (1163, 1207)


def test_board_hand_dead_tiles_and_money_are_where_documented() -> None:
    for i, state in enumerate(random_positions(2, seed=3)):
        if i % 15:
            continue
        enc = ObservationEncoder.for_state(state)
        t = enc.tiles
        for seat in range(state.num_players):
            obs = enc.encode(state, seat)
            planes = obs[: BOARD_PLANES * t].reshape(BOARD_PLANES, t)
            for tile, label in enumerate(state.board):
                expected = np.zeros(BOARD_PLANES)
                if label >= 0:
                    expected[label] = 1  # chains 0..6, ORPHAN == 7
                if tile in state.removed:
                    expected[BOARD_PLANES - 1] = 1
                assert (planes[:, tile] == expected).all(), (tile, label)
            hand = obs[enc.hand : enc.chains]
            assert set(np.flatnonzero(hand)) == set(state.hands[seat])
            me = obs[enc.player_block : enc.player_block + PLAYER_FEATURES]
            assert me[0] == 1.0 and me[1] == np.float32(state.cash[seat] / 10_000)
            assert (me[5:] * 25).round().tolist() == state.shares[seat]
            assert me[4] == (1.0 if state.decider == seat else 0.0)
            assert enc.space().contains(obs)
    assert ORPHAN == BOARD_PLANES - 2


def _scramble_hidden(state, seat: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """Everything ``seat`` may not see, changed: other hands, the bag, and (with hidden
    holdings, while the game runs) other players' cash and shares."""
    other = state.determinize(seat, rng)
    if state.ctx.ruleset.hidden_holdings and not state.is_terminal():
        for p in range(state.num_players):
            if p != seat:
                other.cash[p] += 100 * rng.randrange(1, 50)
                other.shares[p] = [rng.randrange(4) for _ in other.shares[p]]
    return other


def test_nothing_a_seat_may_not_see_changes_its_observation() -> None:
    rng = random.Random(5)
    for ruleset in ("standard", {"preset": "tlstyer", "options": {"hidden_holdings": True}}):
        changed_by_recall = 0
        for i, state in enumerate(random_positions(3, ruleset=ruleset, seed=20)):
            if i % 7:
                continue
            enc = ObservationEncoder.for_state(state)
            for seat in range(state.num_players):
                other = _scramble_hidden(state, seat, rng)
                assert (enc.encode(state, seat) == enc.encode(other, seat)).all()
                if not (
                    enc.encode(state, seat, recall=True) == enc.encode(other, seat, True)
                ).all():
                    changed_by_recall += 1
        # With hidden holdings, perfect recall does reveal them (the test can fail).
        hidden = isinstance(ruleset, dict)
        assert (changed_by_recall > 0) == hidden


def test_hidden_holdings_are_blank_until_the_end() -> None:
    ruleset = {"preset": "standard", "options": {"hidden_holdings": True}}
    *positions, last = list(random_positions(1, players=3, ruleset=ruleset, seed=8))
    enc = ObservationEncoder.for_state(last)
    state = positions[-1]
    obs = enc.encode(state, 0)
    for k in range(1, 3):
        block = obs[
            enc.player_block + k * PLAYER_FEATURES : enc.player_block + (k + 1) * PLAYER_FEATURES
        ]
        assert block[0] == 0.0 and block[1] == 0.0 and not block[5:].any()
    final = enc.encode(last, 0)
    for k in range(3):
        assert final[enc.player_block + k * PLAYER_FEATURES] == 1.0
