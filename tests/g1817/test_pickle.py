"""A position pickles whole: the server's bot workers receive the game that way."""

from __future__ import annotations

import pickle

from .games import fingerprint, positions


def test_every_kind_of_position_pickles_and_plays_on_alike() -> None:
    """One position per round and step of a real game survives pickling: the copy is the
    same position and lists the same actions. (The merger and acquisition rounds hold a
    train-discard step, which once kept a lambda that no pickle can carry.)"""
    seen: set[tuple[str, str]] = set()
    for _, _, state in positions("1817__15528"):
        kind = (type(state.round).__name__, state.round.step())
        if kind in seen:
            continue
        seen.add(kind)
        copy = pickle.loads(pickle.dumps(state))
        assert fingerprint(copy) == fingerprint(state), kind
        decision = state.pending()
        for seat in decision.seats if decision is not None else ():
            assert copy.legal_actions(seat) == state.legal_actions(seat), kind
    rounds = {name for name, _ in seen}
    assert {"OperatingRound", "MergerRound", "AcquisitionRound"} <= rounds, sorted(seen)
