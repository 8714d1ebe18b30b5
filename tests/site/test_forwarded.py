"""Who the client is behind a proxy: X-Forwarded-* count only from TRUSTED_PROXIES."""

from __future__ import annotations

import asyncio

import pytest
from django.core.exceptions import ImproperlyConfigured

from fishsite.forwarded import ForwardedMiddleware, behind_proxy, trusted_networks

NGINX = trusted_networks("10.0.0.5")
PROXY_NETWORK = trusted_networks("10.0.0.0/24, 2001:db8::/32")


def scope(
    peer: str, *headers: tuple[str, str], kind: str = "websocket", scheme: str = "ws"
) -> dict:
    return {
        "type": kind,
        "scheme": scheme,
        "client": [peer, 41000],
        "headers": [(name.encode(), value.encode()) for name, value in headers],
    }


def forwarded_for(value: str) -> tuple[str, str]:
    return ("x-forwarded-for", value)


def test_an_untrusted_peer_cannot_choose_its_address_or_scheme() -> None:
    spoofed = scope("203.0.113.7", forwarded_for("198.51.100.23"), ("x-forwarded-proto", "https"))
    seen = behind_proxy(spoofed, NGINX)
    assert seen["client"] == ["203.0.113.7", 41000]
    assert seen["scheme"] == "ws"


def test_a_trusted_proxy_names_the_client() -> None:
    seen = behind_proxy(scope("10.0.0.5", forwarded_for("198.51.100.23")), NGINX)
    assert seen["client"] == ["198.51.100.23", 0]


def test_what_the_client_wrote_left_of_the_proxys_entry_is_ignored() -> None:
    # A proxy that appends: the client's own header first, the real peer last.
    appended = forwarded_for("1.2.3.4, 198.51.100.23")
    assert behind_proxy(scope("10.0.0.5", appended), NGINX)["client"][0] == "198.51.100.23"


def test_a_chain_of_trusted_proxies_is_walked_to_the_first_untrusted_hop() -> None:
    chain = scope("10.0.0.5", forwarded_for("6.6.6.6, 198.51.100.23"), forwarded_for("10.0.0.9"))
    assert behind_proxy(chain, PROXY_NETWORK)["client"][0] == "198.51.100.23"


def test_garbage_in_the_header_leaves_the_last_vouched_address() -> None:
    garbage = scope("10.0.0.5", forwarded_for("198.51.100.23, not-an-address, 10.0.0.9"))
    assert behind_proxy(garbage, PROXY_NETWORK)["client"][0] == "10.0.0.9"


def test_addresses_are_compared_in_one_spelling() -> None:
    mapped = scope("::ffff:10.0.0.5", forwarded_for("2001:0db9::1, 2001:DB8:0:0::1"))
    assert behind_proxy(mapped, PROXY_NETWORK)["client"][0] == "2001:db9::1"


def test_a_trusted_proxy_without_the_header_stays_the_client() -> None:
    assert behind_proxy(scope("10.0.0.5"), NGINX)["client"] == ["10.0.0.5", 41000]


@pytest.mark.parametrize(
    ("kind", "scheme", "proto", "expected"),
    [
        ("http", "http", "https", "https"),
        ("websocket", "ws", "https", "wss"),
        ("websocket", "ws", "HTTP", "ws"),
        ("http", "http", "gopher", "http"),
        ("http", "http", "http, https", "https"),  # the nearest proxy's word
    ],
)
def test_the_scheme_comes_from_a_trusted_proxy(
    kind: str, scheme: str, proto: str, expected: str
) -> None:
    seen = behind_proxy(
        scope("10.0.0.5", ("x-forwarded-proto", proto), kind=kind, scheme=scheme), NGINX
    )
    assert seen["scheme"] == expected


def test_trusted_proxies_must_be_addresses_or_networks() -> None:
    assert [str(n) for n in trusted_networks(" 127.0.0.1 ,10.1.0.0/16,,")] == [
        "127.0.0.1/32",
        "10.1.0.0/16",
    ]
    with pytest.raises(ImproperlyConfigured, match="'nginx' is not an IP address"):
        trusted_networks("10.0.0.5,nginx")


class Recorder:
    def __init__(self) -> None:
        self.scopes: list[dict] = []

    async def __call__(self, scope: dict, receive, send) -> None:
        self.scopes.append(scope)


def test_the_middleware_hands_the_application_the_trusted_scope() -> None:
    inner = Recorder()
    middleware = ForwardedMiddleware(inner, NGINX)
    http = scope("10.0.0.5", forwarded_for("198.51.100.23"), kind="http", scheme="http")
    # A loop of its own: this needs nothing from the session's.
    asyncio.run(middleware(http, None, None))
    asyncio.run(middleware(scope("203.0.113.7", forwarded_for("198.51.100.23")), None, None))
    asyncio.run(middleware({"type": "lifespan"}, None, None))
    assert [s.get("client") for s in inner.scopes] == [
        ["198.51.100.23", 0],
        ["203.0.113.7", 41000],
        None,
    ]


def test_with_no_trusted_proxies_nothing_is_rewritten() -> None:
    inner = Recorder()
    spoofed = scope("127.0.0.1", forwarded_for("198.51.100.23"), ("x-forwarded-proto", "https"))
    asyncio.run(ForwardedMiddleware(inner, trusted_networks(""))(spoofed, None, None))
    assert inner.scopes[0]["client"] == ["127.0.0.1", 41000]
    assert inner.scopes[0]["scheme"] == "ws"
