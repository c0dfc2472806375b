"""A person's notification preferences: read with defaults, changed field by field, a webhook
checked when it is set (refused with the reason, nothing changed)."""

from __future__ import annotations

from typing import Any

import pytest

from takeover.server import preferences
from takeover.server.errors import MasterError
from takeover.server.preferences import NoticeChoice

from .notices import call, services


def test_defaults_then_changes(make_client: Any) -> None:
    client = make_client()
    found = services(client)
    assert call(client, preferences.read, found, "a1") == {
        "email": True,
        "digest": False,
        "webhook": None,
    }
    choice = NoticeChoice(digest=True, webhook="https://8.8.8.8/hook")
    assert call(client, preferences.write, found, "a1", choice) == {
        "email": True,
        "digest": True,
        "webhook": "https://8.8.8.8/hook",
    }
    call(client, preferences.write, found, "a1", NoticeChoice(email=False, webhook=""))
    assert call(client, preferences.read, found, "a1") == {
        "email": False,
        "digest": True,
        "webhook": None,
    }
    assert call(client, preferences.read, found, "a2")["email"] is True  # only theirs


@pytest.mark.parametrize(
    ("hook", "words"),
    [
        ("https://169.254.169.254/latest", "public address"),
        ("https://localhost/hook", "public address"),
        ("http://8.8.8.8/hook", "https://"),
    ],
)
def test_a_webhook_that_cannot_be_used_is_refused(make_client: Any, hook: str, words: str) -> None:
    client = make_client()
    found = services(client)
    with pytest.raises(MasterError, match=words):
        call(client, preferences.write, found, "a1", NoticeChoice(digest=True, webhook=hook))
    assert call(client, preferences.read, found, "a1")["digest"] is False  # nothing changed
