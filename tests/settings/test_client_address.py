"""practiceapi.clients.client_address: the address the admin-login lock-out and the
session limit count by. `X-Forwarded-For` is read only behind the proxy and only when the
TCP peer is one of `TRUSTED_PROXIES`, from the right, past the entries that are trusted
proxies themselves. IPv6 clients are counted by their /64."""

from __future__ import annotations

import ipaddress

import pytest
from django.test import RequestFactory

from practiceapi.clients import client_address

factory = RequestFactory()
PROXY = "127.0.0.1"  # where HAProxy connects from on the app's host: trusted by default


def address(**meta: str) -> str:
    return client_address(factory.get("/", **meta))


def test_it_is_the_peer_address_when_not_behind_a_proxy() -> None:
    assert address(REMOTE_ADDR="192.0.2.7", HTTP_X_FORWARDED_FOR="203.0.113.1") == "192.0.2.7"


def test_not_behind_a_proxy_even_a_trusted_peers_header_is_ignored() -> None:
    assert address(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.1") == PROXY


@pytest.fixture
def behind_proxy(settings) -> None:  # noqa: ANN001 - pytest-django's settings fixture
    settings.BEHIND_HTTPS_PROXY = True


def test_the_default_trusted_proxies_are_the_loopback_addresses(settings) -> None:  # noqa: ANN001
    trusted = [str(network) for network in settings.TRUSTED_PROXIES]
    assert trusted == ["127.0.0.1/32", "::1/128"]


def test_behind_the_proxy_it_is_the_entry_the_proxy_appended(behind_proxy: None) -> None:
    forwarded = "198.51.100.66, 203.0.113.5"  # the client wrote the first, the proxy the last
    assert address(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded) == "203.0.113.5"


def test_a_peer_that_is_no_trusted_proxy_is_the_client_whatever_it_forwards(
    behind_proxy: None,
) -> None:
    forwarded = "198.51.100.66, 203.0.113.5"
    assert address(REMOTE_ADDR="192.0.2.7", HTTP_X_FORWARDED_FOR=forwarded) == "192.0.2.7"


def test_the_loopback_ipv6_proxy_is_trusted(behind_proxy: None) -> None:
    assert address(REMOTE_ADDR="::1", HTTP_X_FORWARDED_FOR="203.0.113.5") == "203.0.113.5"


def test_a_trusted_proxy_seen_as_an_ipv4_mapped_address_is_trusted(behind_proxy: None) -> None:
    forwarded = "203.0.113.5"
    assert address(REMOTE_ADDR="::ffff:127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded) == forwarded


def test_trusted_proxies_in_the_header_are_passed_over_to_the_client(
    behind_proxy: None,
    settings,  # noqa: ANN001
) -> None:
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/8")]
    forwarded = "198.51.100.66, 203.0.113.5, 10.0.0.2"  # a load balancer appended 10.0.0.2
    assert address(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded) == "203.0.113.5"


def test_the_loopback_peer_is_not_trusted_once_the_list_leaves_it_out(
    behind_proxy: None,
    settings,  # noqa: ANN001
) -> None:
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/8")]
    assert address(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.5") == PROXY


def test_when_every_hop_is_trusted_the_leftmost_is_the_client(
    behind_proxy: None,
    settings,  # noqa: ANN001
) -> None:
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/8")]
    forwarded = "10.0.0.9, 10.0.0.2"  # a client on the proxies' own network
    assert address(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded) == "10.0.0.9"


def test_behind_the_proxy_without_the_header_it_is_the_peer(behind_proxy: None) -> None:
    assert address(REMOTE_ADDR=PROXY) == PROXY


def test_a_forwarded_value_that_is_no_address_stops_at_the_hop_to_its_right(
    behind_proxy: None,
) -> None:
    forwarded = "203.0.113.5, unknown"  # what is left of it cannot be told from a forgery
    assert address(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded) == PROXY


def test_ipv6_addresses_are_counted_by_their_64(behind_proxy: None) -> None:
    forwarded = "2001:DB8:1:2:a1b2:c3d4:e5f6:1"
    assert address(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded) == "2001:db8:1:2::"


def test_an_ipv6_peer_is_counted_by_its_64() -> None:
    assert address(REMOTE_ADDR="2001:db8:1:2:ffff::9") == "2001:db8:1:2::"


def test_an_ipv4_mapped_address_counts_as_the_ipv4_address() -> None:
    assert address(REMOTE_ADDR="::ffff:192.0.2.7") == "192.0.2.7"


def test_a_peer_that_is_no_address_is_no_client() -> None:
    assert address(REMOTE_ADDR="") == ""
