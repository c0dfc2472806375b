"""Random play over the listed actions from real-game positions (hypothesis).

From positions of the ten real games (record hints cleared: live play), a random listed
action is applied again and again. Nothing may crash; every listed action is accepted;
actions made by changing a listed one (another entity, price, certificate, train,
corporation, size...) are accepted exactly when they are listed, and a refused one leaves
the position unchanged. Certificates, loans and privates stay accounted for.
"""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from takeover.g1817.legal import is_listed_kind
from takeover.g1817.rounds.acquisition import AcquisitionRound
from takeover.g1817.state import Game1817

from .games import GAMES, MORE_GAMES, positions
from .mutations import variants
from .test_listing import accepted, listed

EVERY = 60
"""A starting position every this many recorded actions."""


@cache
def starts(game: str) -> tuple[Game1817, ...]:
    out = []
    for i, (_raw_id, _action, state) in enumerate(positions(game)):
        if i % EVERY == EVERY // 2:
            start = state.clone()
            out.append(start)
    return tuple(out)


def check_accounts(game: Game1817) -> None:
    for corp in game.corps.values():
        if corp.price_index is not None:
            assert sum(s.percent for s in corp.shares) == 100, corp.sym
    outstanding = sum(len(c.loans) for c in game.corps.values()) + len(game.loans)
    if isinstance(game.round, AcquisitionRound):
        outstanding += len(game.round.liquidation_loans)  # settled with the liquidation
    assert outstanding == game.edition.total_loans
    for player in game.players:
        assert all(game.company_owner[c] == player.id for c in player.companies)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(game=st.sampled_from((*GAMES, *MORE_GAMES)), data=st.data())
def test_random_play_from_real_positions(game: str, data: st.DataObject) -> None:
    options = starts(game)
    state = options[data.draw(st.integers(0, len(options) - 1), label="start")].clone()
    for _ in range(25):
        legal = state.legal_actions()
        if not legal or state.finished:
            break
        probe = legal[data.draw(st.integers(0, len(legal) - 1), label="probe")]
        tried = variants(state, probe, list(legal))
        picks = st.lists(st.sampled_from(tried), max_size=3) if tried else st.just([])
        for other in data.draw(picks, label="variants"):
            if not is_listed_kind(state, other):
                continue
            expected = listed(state, list(legal), other)
            assert accepted(state, other) == expected, f"listed {expected}, apply differs: {other}"
        chosen = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        state.apply(chosen)
        check_accounts(state)
