"""practiceapi.clients.client_address: the address the admin-login lock-out and the
session limit count by. X-Forwarded-For is read only behind the proxy, and then only the
entry the proxy itself appended."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from practiceapi.clients import client_address

factory = RequestFactory()


def address(**meta: str) -> str:
    return client_address(factory.get("/", **meta))


def test_it_is_the_peer_address_when_not_behind_a_proxy() -> None:
    assert address(REMOTE_ADDR="192.0.2.7", HTTP_X_FORWARDED_FOR="203.0.113.1") == "192.0.2.7"


@pytest.fixture
def behind_proxy(settings) -> None:  # noqa: ANN001 - pytest-django's settings fixture
    settings.BEHIND_HTTPS_PROXY = True


def test_behind_the_proxy_it_is_the_entry_the_proxy_appended(behind_proxy: None) -> None:
    forwarded = "198.51.100.66, 203.0.113.5"  # the client wrote the first, the proxy the last
    assert address(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded) == "203.0.113.5"


def test_two_trusted_proxies_count_two_entries_from_the_right(
    behind_proxy: None,
    settings,  # noqa: ANN001
) -> None:
    settings.TRUSTED_PROXY_COUNT = 2
    forwarded = "198.51.100.66, 203.0.113.5, 10.0.0.2"
    assert address(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded) == "203.0.113.5"


def test_behind_the_proxy_without_the_header_it_is_the_peer(behind_proxy: None) -> None:
    assert address(REMOTE_ADDR="10.0.0.1") == "10.0.0.1"


def test_a_forwarded_value_that_is_no_address_falls_back_to_the_peer(behind_proxy: None) -> None:
    assert address(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="unknown") == "10.0.0.1"


def test_ipv6_addresses_are_normalised(behind_proxy: None) -> None:
    forwarded = "2001:DB8:0:0::1"
    assert address(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded) == "2001:db8::1"
