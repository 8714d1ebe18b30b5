"""The client's address and scheme behind a reverse proxy.

Daphne reports the peer of each connection. Behind nginx that peer is nginx,
and the client's own address is in X-Forwarded-For; but any client can send
that header, so it is believed only when the peer is one of the proxies the
operator names in TRUSTED_PROXIES. This middleware rewrites the ASGI scope
once, so everything after it (the connection limit reading scope["client"],
Django's REMOTE_ADDR, ``request.is_secure()`` and the HTTPS redirect) sees the
same trusted answer.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from django.core.exceptions import ImproperlyConfigured

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address
ASGIApp = Callable[[dict, Callable, Callable], Awaitable[Any]]

SECURE_SCHEMES = {"http": "https", "websocket": "wss"}
PLAIN_SCHEMES = {"http": "http", "websocket": "ws"}


def trusted_networks(listed: str) -> tuple[Network, ...]:
    """TRUSTED_PROXIES: comma-separated addresses or CIDR networks."""
    networks = []
    for item in (part.strip() for part in listed.split(",")):
        if not item:
            continue
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError as error:
            raise ImproperlyConfigured(
                f"TRUSTED_PROXIES: {item!r} is not an IP address or network"
            ) from error
    return tuple(networks)


def parse_address(text: str) -> Address | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    # A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d.
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address


def is_trusted(address: Address, trusted: Sequence[Network]) -> bool:
    return any(address in network for network in trusted)


def client_address(proxy: Address, forwarded_for: Sequence[str], trusted: Sequence[Network]) -> str:
    """Who is behind a trusted proxy: the right-most X-Forwarded-For hop that is
    not a trusted proxy itself. Hops further left were written by that
    untrusted party and may be anything."""
    address = proxy
    for hop in reversed(forwarded_for):
        parsed = parse_address(hop)
        if parsed is None:
            break  # garbage: keep the last address a trusted proxy vouched for
        address = parsed
        if not is_trusted(parsed, trusted):
            break
    return str(address)


def forwarded_scheme(kind: str, forwarded_proto: Sequence[str], scheme: str) -> str:
    """The scheme the nearest trusted proxy reports (its right-most value)."""
    if not forwarded_proto:
        return scheme
    reported = forwarded_proto[-1].strip().lower()
    if reported == "https":
        return SECURE_SCHEMES[kind]
    if reported == "http":
        return PLAIN_SCHEMES[kind]
    return scheme


def header_items(scope: dict, name: bytes) -> list[str]:
    """Every comma-separated item of every ``name`` header, in order."""
    values = [value.decode("latin-1") for key, value in scope.get("headers", ()) if key == name]
    return [item for value in values for item in value.split(",") if item.strip()]


def behind_proxy(scope: dict, trusted: Sequence[Network]) -> dict:
    """The scope as the client sees it, when the peer is a trusted proxy."""
    peer = parse_address(scope["client"][0])
    if peer is None or not is_trusted(peer, trusted):
        return scope
    scope = dict(scope)
    forwarded_for = header_items(scope, b"x-forwarded-for")
    if forwarded_for:
        # The client's port is not forwarded; the proxy's would be misleading.
        scope["client"] = [client_address(peer, forwarded_for, trusted), 0]
    kind = scope["type"]
    scheme = scope.get("scheme", PLAIN_SCHEMES[kind])
    scope["scheme"] = forwarded_scheme(kind, header_items(scope, b"x-forwarded-proto"), scheme)
    return scope


class ForwardedMiddleware:
    """Wraps the whole ASGI application, HTTP and websockets alike."""

    def __init__(self, app: ASGIApp, trusted: Sequence[Network]) -> None:
        self.app = app
        self.trusted = tuple(trusted)

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> Any:
        if self.trusted and scope["type"] in PLAIN_SCHEMES and scope.get("client"):
            scope = behind_proxy(scope, self.trusted)
        return await self.app(scope, receive, send)
