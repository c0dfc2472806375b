"""The listing is the acceptance: from positions of generated and real games, and along
random play from them, a listed action and actions made by changing one of its fields
(:mod:`.mutations`) are applied to a copy; ``apply`` accepts exactly those the listing
covers (:func:`takeover.g1817.legal.covers`, in their listed form), and a refused one
leaves the position as it was (hypothesis)."""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.legal import covers, is_listed_kind, listed_form
from takeover.g1817.state import Game1817

from .games import fingerprint, positions
from .mutations import variants

SOURCES = (
    "1817-4p-s8-left-trains",
    "1817-6p-volatility-s22002-inventor-pays-for-a-discard",
    "1817-7p-modern_trains-s26003-city-tile-private-stays",
    "1817NA-4p-shorts-s11009-liquidated-privates-close",
    "1817WO-5p-s14005-lake-engineers",
    "1817WO__1817WO_game_end_bankrupt",
)
"""Generated games (every title, the options) and one real game."""

EVERY = 45
"""A starting position every this many recorded actions."""


@cache
def starts(game: str) -> tuple[Game1817, ...]:
    return tuple(
        state.clone()
        for i, (_raw_id, _action, state) in enumerate(positions(game))
        if i % EVERY == EVERY // 3
    )


def accepted(state: Game1817, action: Action) -> bool:
    """Whether ``push`` takes ``action`` on a copy; a refusal must change nothing."""
    trial = state.clone()
    before = fingerprint(trial)
    try:
        trial.push(action)
    except IllegalAction:
        assert fingerprint(trial) == before, f"refused but changed: {action}"
        return False
    return True


def listed(state: Game1817, legal: list[Action], action: Action) -> bool:
    try:
        form = listed_form(state, action)
    except IllegalAction:  # names a certificate that does not exist
        return False
    return covers(legal, form)


@settings(
    max_examples=30,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # shrinking a playout takes minutes
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(game=st.sampled_from(SOURCES), data=st.data())
def test_apply_accepts_exactly_what_is_listed(game: str, data: st.DataObject) -> None:
    options = starts(game)
    state = options[data.draw(st.integers(0, len(options) - 1), label="start")].clone()
    for _ in range(12):
        legal = list(state.legal_actions())
        if not legal or state.finished:
            break
        probe = legal[data.draw(st.integers(0, len(legal) - 1), label="probe")]
        assert accepted(state, probe), f"listed but refused: {probe}"
        tried = [v for v in variants(state, probe, legal) if is_listed_kind(state, v)]
        picks = st.lists(st.sampled_from(tried), max_size=4) if tried else st.just([])
        for other in data.draw(picks, label="variants"):
            expected = listed(state, legal, other)
            assert accepted(state, other) == expected, f"listed {expected}, apply differs: {other}"
        state.apply(legal[data.draw(st.integers(0, len(legal) - 1), label="action")])


def test_every_kind_of_field_is_changed() -> None:
    """The mutations reach the map's fields, prices and trains in these positions."""
    fields: set[str] = set()
    for game in SOURCES:
        for state in starts(game):
            legal = list(state.legal_actions())
            for action in legal[:30]:
                for other in variants(state, action, legal):
                    fields |= {k for k, v in other.fields if action.get(k) != other.get(k)}
    assert {"hex", "tile", "rotation", "price", "train", "shares", "corporation"} <= fields
