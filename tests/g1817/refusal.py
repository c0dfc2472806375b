"""One check for every refusal test: not listed, refused naming why, nothing changed."""

from __future__ import annotations

import pytest

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.state import Game1817

from .games import fingerprint


def act(type_: str, entity: int | str, **fields: object) -> Action:
    return Action.make(type_, entity, **fields)


def assert_refused(state: Game1817, action: Action, reason: str) -> None:
    """``action`` is not among the legal actions, ``push`` (the unchecked-copy path a
    replay takes) refuses it with a message containing ``reason``, and the position is
    exactly as before."""
    assert action.key() not in {a.key() for a in state.legal_actions()}
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match=reason):
        state.push(action)
    assert fingerprint(state) == before


def assert_listed(state: Game1817, action: Action) -> None:
    assert action.key() in {a.key() for a in state.legal_actions()}
