"""Webhooks: only https to public addresses (loopback, private, link-local, the metadata
service, IPv4 inside IPv6 and a name that resolves to any of them are refused), the
connection pinned to the checked address, no redirects; delivery to a local receiver
with private targets allowed (a setting, off by default)."""

from __future__ import annotations

import asyncio
import ipaddress

import pytest

from takeover.server.webhook import BadWebhook, Target, body, check, post, public

from .receiver import Receiver

REFUSED = [
    "https://127.0.0.1/hook",  # loopback
    "https://127.8.9.10/hook",
    "https://[::1]/hook",
    "https://10.1.2.3/hook",  # private
    "https://172.16.0.1/hook",
    "https://192.168.1.1/hook",
    "https://[fd00::1]/hook",
    "https://169.254.169.254/latest/meta-data/",  # link-local: the cloud metadata service
    "https://[fe80::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",  # IPv4-mapped IPv6
    "https://[::ffff:169.254.169.254]/hook",
    "https://[::ffff:8.8.8.8]/hook",  # even a public one: mapped addresses are refused
    "https://[64:ff9b::a00:1]/hook",  # NAT64 of 10.0.0.1
    "https://[2002:a00:1::]/hook",  # 6to4 of 10.0.0.1
    "https://100.64.0.1/hook",  # shared (carrier-grade NAT)
    "https://0.0.0.0/hook",
    "https://224.0.0.1/hook",
    "https://localhost/hook",  # a name that resolves to loopback
]


@pytest.mark.parametrize("url", REFUSED)
def test_a_webhook_to_a_private_address_is_refused(url: str) -> None:
    with pytest.raises(BadWebhook, match="public address") as refused:
        asyncio.run(check(url))
    assert refused.value.permanent


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("http://hooks.example.org/x", "https://"),
        ("ftp://hooks.example.org/x", "https://"),
        ("https://user:pw@hooks.example.org/x", "user name or password"),
        ("https:///x", "names a host"),
        ("https://hooks.example.org:99999/x", "not a URL"),
        ("https://hooks.example.org/a b", "spaces"),
        ("https://hooks.example.org/" + "x" * 2100, "2048 characters"),
        (None, "a URL"),
    ],
)
def test_a_webhook_that_is_not_an_https_url_is_refused(url: object, words: str) -> None:
    with pytest.raises(BadWebhook, match=words):
        asyncio.run(check(url))


def test_public_addresses_pass() -> None:
    target = asyncio.run(check("https://8.8.8.8:8443/hook?x=1"))
    assert (target.host, target.port, target.path, target.address) == (
        "8.8.8.8",
        8443,
        "/hook?x=1",
        "8.8.8.8",
    )
    assert public(ipaddress.ip_address("2606:4700:4700::1111"))


def test_private_targets_are_allowed_by_the_setting() -> None:
    target = asyncio.run(check("http://localhost:8080/hook", private_targets=True))
    assert target.address in ("127.0.0.1", "::1") and target.host == "localhost"


def test_delivery_posts_the_chat_services_json() -> None:
    with Receiver() as receiver:
        url = f"http://127.0.0.1:{receiver.port}/hooks/abc?wait=true"
        target = asyncio.run(check(url, private_targets=True))
        asyncio.run(post(target, "It is your turn", timeout=5))
        [got] = receiver.wait_for(1)
    assert got["path"] == "/hooks/abc?wait=true"
    assert (
        got["json"]
        == body("It is your turn")
        == {
            "content": "It is your turn",
            "text": "It is your turn",
        }
    )
    assert got["headers"]["Content-Type"] == "application/json"


def test_the_connection_goes_to_the_checked_address_with_the_name_as_host() -> None:
    """Pinned: the name is never resolved again (it would not resolve at all here)."""
    with Receiver() as receiver:
        target = Target(
            url="http://hooks.invalid/x",
            scheme="http",
            host="hooks.invalid",
            port=receiver.port,
            path="/x",
            address="127.0.0.1",
        )
        asyncio.run(post(target, "hi", timeout=5))
        [got] = receiver.wait_for(1)
    assert got["headers"]["Host"] == f"hooks.invalid:{receiver.port}"


def test_redirects_are_not_followed() -> None:
    with Receiver(status=302) as receiver:
        target = asyncio.run(check(f"http://127.0.0.1:{receiver.port}/x", private_targets=True))
        with pytest.raises(BadWebhook, match="answered 302") as refused:
            asyncio.run(post(target, "hi", timeout=5))
        assert refused.value.permanent
        assert [r["path"] for r in receiver.requests] == ["/x"]  # never /elsewhere


def test_a_server_error_is_worth_trying_again_a_refusal_is_not() -> None:
    for status, permanent in ((503, False), (429, False), (404, True)):
        with Receiver(status=status) as receiver:
            target = asyncio.run(check(f"http://127.0.0.1:{receiver.port}/", private_targets=True))
            with pytest.raises(BadWebhook) as failed:
                asyncio.run(post(target, "hi", timeout=5))
        assert failed.value.permanent is permanent, status


def test_a_receiver_that_is_down_is_worth_trying_again() -> None:
    with Receiver() as receiver:
        port = receiver.port
    target = asyncio.run(check(f"http://127.0.0.1:{port}/", private_targets=True))
    with pytest.raises(BadWebhook, match="did not answer") as failed:
        asyncio.run(post(target, "hi", timeout=2))
    assert not failed.value.permanent
