"""Random play over the listed actions from real-game positions (hypothesis).

From positions of the ten real games (record hints cleared: live play), a random listed
action is applied again and again. Nothing may crash; every listed action is accepted;
actions made by changing a listed one (another entity, price, certificate, train,
corporation, size...) are accepted exactly when they are listed, and a refused one leaves
the position unchanged. Certificates, loans and privates stay accounted for.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.legal import is_listed_kind
from takeover.g1817.rounds.acquisition import AcquisitionRound
from takeover.g1817.rounds.base import as_listed
from takeover.g1817.state import Game1817

from .games import GAMES, MORE_GAMES, fingerprint, positions

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


def variants(game: Game1817, action: Action) -> list[Action]:
    """Actions made by changing one thing in a listed action."""
    raw = action.to_dict()
    changed: list[dict[str, Any]] = []
    for pid in game.player_by_id:
        changed.append({**raw, "entity": pid, "entity_type": "player"})
    for sym in list(game.corps)[:6]:
        changed.append({**raw, "entity": sym, "entity_type": "corporation"})
    if "price" in raw:
        changed += [{**raw, "price": raw["price"] + d} for d in (-10, -5, -1, 1, 5, 10, 10_000)]
    if "shares" in raw:
        corp = game.corps[game.share_by_id(raw["shares"][0]).corp]
        changed += [{**raw, "shares": [s.id]} for s in corp.shares]
        changed.append({**raw, "shares": [s.id for s in corp.shares[:2]]})
        changed.append({**raw, "shares": ["XX_1"]})
    if "corporation" in raw:
        changed += [{**raw, "corporation": sym} for sym in game.corps]
    if "choice" in raw:
        changed += [{**raw, "choice": c} for c in (2, 5, 10, 3)]
    if "kind" in raw:
        changed.append({**raw, "kind": "everything"})
    if "train" in raw:
        for train in [*game.depot[:3], *game.discarded]:
            changed.append({**raw, "train": train.id})
    if "target" in raw:
        changed += [{**raw, "target": t} for t in [*game.company_data, *game.corps]]
    if "company" in raw:
        changed += [{**raw, "company": c} for c in game.company_data]
    return [Action.from_dict(c) for c in changed]


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
        listed = {a.key() for a in legal}
        probe = legal[data.draw(st.integers(0, len(legal) - 1), label="probe")]
        tried = variants(state, probe)
        for other in data.draw(st.lists(st.sampled_from(tried), max_size=3), label="variants"):
            if not is_listed_kind(state, other):
                continue
            trial = state.clone()
            before = fingerprint(trial)
            try:  # the form the listing gives a deal naming other alike certificates
                form = as_listed(state, other).key()
            except IllegalAction:
                form = other.key()
            try:
                trial.push(other)
            except IllegalAction:
                assert other.key() not in listed, f"listed but refused: {other}"
                assert fingerprint(trial) == before, f"refused but changed: {other}"
            else:
                assert form in listed, f"accepted but not listed: {other}"
        chosen = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        state.apply(chosen)
        check_accounts(state)
