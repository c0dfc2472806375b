"""What changed in a view from one action to the next, as a JSON Patch (RFC 6902).

A client that says ``"patches": true`` in its ``hello`` gets, after an action, the changes
to the view it was last sent (``view_patch``) instead of the whole view: a 1817 view is
mostly its map, which most actions leave as it was. The patch uses ``add``, ``remove`` and
``replace`` only; lists of the same length are compared item by item, others replaced
whole. Views share their unchanged parts between positions (1817's hexes), so most of the
comparison is a test of identity.
"""

from __future__ import annotations

from typing import Any

Patch = list[dict[str, Any]]


def diff(old: Any, new: Any) -> Patch:
    """The operations that turn ``old`` into ``new`` (both JSON-ready values).

    >>> diff({"a": 1, "b": [1, 2], "c": {"d/e": 0}}, {"a": 1, "b": [1, 3], "c": {}, "f": None})
    [{'op': 'replace', 'path': '/b/1', 'value': 3}, {'op': 'remove', 'path': '/c/d~1e'}, \
{'op': 'add', 'path': '/f', 'value': None}]
    """
    ops: Patch = []
    _diff(old, new, "", ops)
    return ops


def _diff(old: Any, new: Any, path: str, ops: Patch) -> None:
    if old is new:
        return
    kind = type(old)
    if kind is not type(new):
        ops.append({"op": "replace", "path": path, "value": new})
    elif kind is dict:
        for key, value in old.items():
            where = f"{path}/{_escape(key)}"
            if key not in new:
                ops.append({"op": "remove", "path": where})
            else:
                _diff(value, new[key], where, ops)
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
    elif kind is list and len(old) == len(new):
        if old != new:
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                _diff(a, b, f"{path}/{i}", ops)
    elif old != new:
        ops.append({"op": "replace", "path": path, "value": new})


def _escape(key: Any) -> str:
    """A key as a JSON Pointer token (RFC 6901): ``~`` and ``/`` escaped."""
    return str(key).replace("~", "~0").replace("/", "~1")
