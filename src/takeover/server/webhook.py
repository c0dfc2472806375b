"""Webhooks out: a JSON POST to an address a person gave, without opening the server's network.

A webhook URL is chosen by whoever sets it, so it is a way to make the server send requests
anywhere: to its own loopback, the private network behind it, a cloud's metadata service.
:func:`check` allows only ``https`` to a name whose every address is public (Python's
``ipaddress`` says ``is_global``, and none is multicast, reserved or an IPv4 address inside
IPv6), and :func:`post` connects to the address that was checked, naming the host in
``Host`` and TLS's SNI (so that the certificate is still checked against the name): a name
that resolves again to another address (DNS rebinding) is never asked. Short timeouts, no
redirects followed, no proxies from the environment. ``private_targets`` (the setting
``webhook_private_targets``, off by default) allows any address and plain ``http``, for a
server on a private network and for tests.

The body is the form chat services take: ``{"content": ...}`` (Discord) and ``{"text": ...}``
(Slack, Mattermost, Rocket.Chat), both in one object.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx2

MAX_URL = 2048
"""The longest webhook URL taken."""


class BadWebhook(Exception):
    """A webhook URL refused, or a delivery that failed; ``permanent``: trying the same
    URL again is no use (its target is not allowed, or it answered 4xx)."""

    def __init__(self, reason: str, *, permanent: bool) -> None:
        super().__init__(reason)
        self.permanent = permanent


@dataclass(frozen=True)
class Target:
    """A checked webhook: where to connect, and what to call it."""

    url: str
    scheme: str
    host: str
    """The name (or address) in the URL: ``Host`` and SNI."""
    port: int
    path: str
    """The path and query, as given."""
    address: str
    """The address checked, the one connected to."""


def public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether ``address`` is on the public internet: not loopback, private, link-local (the
    cloud metadata service, 169.254.169.254), shared, multicast, reserved or unspecified, and
    not an IPv4 address wrapped in IPv6 (mapped, 6to4, Teredo), which reaches IPv4's ranges.

    >>> [public(ipaddress.ip_address(a)) for a in ("8.8.8.8", "10.0.0.1", "169.254.169.254")]
    [True, False, False]
    >>> [public(ipaddress.ip_address(a)) for a in ("::1", "::ffff:8.8.8.8", "2606:4700::1111")]
    [False, False, True]
    """
    if address.is_multicast or address.is_reserved or address.is_unspecified:
        return False
    if isinstance(address, ipaddress.IPv6Address) and (
        address.ipv4_mapped is not None
        or address.sixtofour is not None
        or address.teredo is not None
        or address in ipaddress.IPv6Network("64:ff9b::/96")  # NAT64: IPv4 inside
    ):
        return False
    return address.is_global


def parse(url: object, private_targets: bool = False) -> tuple[str, str, int, str]:
    """``(scheme, host, port, path)`` of a webhook URL, or :class:`BadWebhook` naming what
    is wrong (no resolving: see :func:`check`).

    >>> parse("https://hooks.example.org/services/T0/B0/x?a=1")
    ('https', 'hooks.example.org', 443, '/services/T0/B0/x?a=1')
    >>> parse("http://hooks.example.org/x")
    Traceback (most recent call last):
    ...
    takeover.server.webhook.BadWebhook: a webhook must be an https:// URL
    """
    if not isinstance(url, str) or not url or len(url) > MAX_URL:
        raise BadWebhook(f"a webhook must be a URL of at most {MAX_URL} characters", permanent=True)
    if any(c.isspace() or ord(c) < 32 for c in url):
        raise BadWebhook("a webhook URL has no spaces or control characters", permanent=True)
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise BadWebhook(f"not a URL: {exc}", permanent=True) from None
    allowed = ("https", "http") if private_targets else ("https",)
    if parts.scheme not in allowed:
        raise BadWebhook("a webhook must be an https:// URL", permanent=True)
    if parts.username is not None or parts.password is not None:
        raise BadWebhook("a webhook URL carries no user name or password", permanent=True)
    host = parts.hostname
    if not host:
        raise BadWebhook("a webhook URL names a host", permanent=True)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return parts.scheme, host, port or (443 if parts.scheme == "https" else 80), path


async def check(url: object, private_targets: bool = False) -> Target:
    """The webhook ``url`` resolved and checked: :class:`BadWebhook` unless it is allowed
    (every address the name has is public, unless ``private_targets``)."""
    scheme, host, port, path = parse(url, private_targets)
    try:
        literal: ipaddress.IPv4Address | ipaddress.IPv6Address | None = ipaddress.ip_address(host)
    except ValueError:
        literal = None
    if literal is not None:
        addresses = [literal]
    else:
        try:
            found = await asyncio.get_running_loop().getaddrinfo(
                host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP
            )
        except (socket.gaierror, UnicodeError) as exc:
            raise BadWebhook(
                f"the webhook's host {host!r} is not found ({exc})", permanent=False
            ) from None
        addresses = [ipaddress.ip_address(str(info[4][0]).partition("%")[0]) for info in found]
        if not addresses:
            raise BadWebhook(f"the webhook's host {host!r} has no address", permanent=False)
    if not private_targets:
        for address in addresses:
            if not public(address):
                raise BadWebhook(
                    f"a webhook must reach a public address: {host} is {address}", permanent=True
                )
    return Target(str(url), scheme, host, port, path, str(addresses[0]))


def body(text: str) -> dict[str, str]:
    """The JSON chat services take: Discord reads ``content``, Slack and its kin ``text``."""
    return {"content": text, "text": text}


async def post(target: Target, text: str, *, timeout: float) -> None:
    """POST ``text`` to the checked ``target``, connecting to its checked address; a 2xx
    answer is delivered, anything else :class:`BadWebhook` (4xx permanent, as is a
    redirect, which is never followed)."""
    address = f"[{target.address}]" if ":" in target.address else target.address
    default = 443 if target.scheme == "https" else 80
    netloc = address if target.port == default else f"{address}:{target.port}"
    host = target.host if target.port == default else f"{target.host}:{target.port}"
    extensions = {"sni_hostname": target.host} if target.scheme == "https" else {}
    try:
        async with httpx2.AsyncClient(
            timeout=timeout, follow_redirects=False, trust_env=False
        ) as client:
            request = client.build_request(
                "POST",
                f"{target.scheme}://{netloc}{target.path}",
                json=body(text),
                headers={"Host": host, "User-Agent": "takeover-notify"},
                extensions=extensions,
            )
            response = await client.send(request, stream=True)
            await response.aclose()  # the answer's body is never read
    except httpx2.HTTPError as exc:
        raise BadWebhook(f"the webhook did not answer: {exc!r}", permanent=False) from None
    status = response.status_code
    if 200 <= status < 300:
        return
    permanent = 300 <= status < 500 and status not in (408, 429)
    raise BadWebhook(f"the webhook answered {status}", permanent=permanent)
