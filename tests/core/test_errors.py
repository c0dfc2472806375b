"""Typed errors: what a refusal carries."""

from __future__ import annotations

from takeover.core.errors import IllegalAction, RecordError, TakeoverError


def test_error_hierarchy() -> None:
    assert issubclass(IllegalAction, TakeoverError) and issubclass(IllegalAction, ValueError)
    assert issubclass(RecordError, TakeoverError) and issubclass(RecordError, ValueError)


def test_record_error_names_the_action() -> None:
    err = RecordError("tile 6D is not in your hand", 3, {"player": 0, "type": "place_tile"})
    assert (err.index, err.reason) == (3, "tile 6D is not in your hand")
    assert err.action == {"player": 0, "type": "place_tile"}
    assert str(err) == ("action 3 {'player': 0, 'type': 'place_tile'}: tile 6D is not in your hand")


def test_record_error_in_the_header() -> None:
    err = RecordError('"players" must be a list')
    assert err.index is None and str(err) == '"players" must be a list'
