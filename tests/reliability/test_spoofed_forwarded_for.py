"""A client that reaches the app directly cannot pick the address it is counted by.

Behind the proxy (`BEHIND_HTTPS_PROXY=1`) with the app listening on every interface, a
student who connects to the app's port instead of the proxy's and writes a new
`X-Forwarded-For` on every request is still counted as its own TCP address: by the limit
on new sessions (3 an hour here) and by the admin lock-out (5 failures per user name and
address, 8 from one address over all names here), and it cannot spend or lock the count
of the address it names. Only a request whose peer is a trusted proxy (HAProxy on the same host,
127.0.0.1) is counted as the client the proxy names. An IPv6 host making up a new privacy
address for each request is counted once, by its /64.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.client import Client

LIMIT = 3
FAILURES, ADDRESS_FAILURES = 5, 8
PROXY = "127.0.0.1"
STUDENT, TEACHER_SEAT = "198.51.100.7", "192.0.2.20"
TEACHER, PASSWORD = "teacher", "a-long-teacher-password-1"


@pytest.fixture(autouse=True)
def behind_the_proxy(settings, db: None) -> None:  # noqa: ANN001 - pytest-django's settings
    settings.BEHIND_HTTPS_PROXY = True
    settings.APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR = LIMIT
    settings.ADMIN_LOGIN_FAILURE_LIMIT = FAILURES
    settings.ADMIN_LOGIN_ADDRESS_FAILURE_LIMIT = ADDRESS_FAILURES
    # Staff logins hash passwords; the production hasher is slow on purpose.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def create(client: Client, peer: str, forwarded: str | None = None) -> int:
    extra: dict[str, Any] = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    return client.post("/api/challenger", REMOTE_ADDR=peer, **extra).status_code


def test_rotating_forwarded_for_from_a_direct_client_does_not_escape_the_session_limit(
    client: Client,
) -> None:
    statuses = [create(client, STUDENT, f"203.0.113.{n}") for n in range(LIMIT + 1)]
    assert statuses == [201] * LIMIT + [429]


def test_a_direct_client_naming_another_in_forwarded_for_spends_its_own_sessions(
    client: Client,
) -> None:
    for _ in range(LIMIT):
        create(client, STUDENT, TEACHER_SEAT)
    assert create(client, PROXY, TEACHER_SEAT) == 201


def test_through_the_trusted_proxy_the_forwarded_client_is_counted(client: Client) -> None:
    statuses = [create(client, PROXY, "192.0.2.10") for _ in range(LIMIT + 1)]
    statuses.append(create(client, PROXY, "192.0.2.11"))
    assert statuses == [201] * LIMIT + [429, 201]


def test_ipv6_privacy_addresses_in_one_64_share_one_count(client: Client) -> None:
    statuses = [create(client, f"2001:db8:1:2:{n}::7") for n in range(1, LIMIT + 2)]
    assert statuses == [201] * LIMIT + [429]


def test_another_ipv6_64_has_its_own_count(client: Client) -> None:
    for n in range(1, LIMIT + 1):
        create(client, f"2001:db8:1:2:{n}::7")
    assert create(client, "2001:db8:1:3::7") == 201


def log_in(
    client: Client,
    password: str,
    peer: str,
    forwarded: str | None = None,
    username: str = TEACHER,
) -> int:
    extra: dict[str, Any] = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    reply = client.post(
        "/admin/login/?next=/admin/",
        {"username": username, "password": password, "next": "/admin/"},
        REMOTE_ADDR=peer,
        **extra,
    )
    return reply.status_code


@pytest.fixture
def teacher(db: None) -> None:
    User.objects.create_superuser(TEACHER, "teacher@example.edu", PASSWORD)


def test_rotating_forwarded_for_from_a_direct_client_does_not_escape_the_lock_out(
    client: Client,
    teacher: None,
) -> None:
    # A name of its own each time, so that only the count per address can lock.
    for n in range(ADDRESS_FAILURES):
        log_in(client, "wrong-guess", STUDENT, f"203.0.113.{n}", username=f"guess-{n}")
    assert log_in(client, PASSWORD, STUDENT, "203.0.113.99") == 429


def test_a_direct_client_cannot_lock_out_the_address_it_names(
    client: Client,
    teacher: None,
) -> None:
    for n in range(FAILURES):
        log_in(client, f"wrong-guess-{n}", STUDENT, TEACHER_SEAT)
    assert log_in(Client(), PASSWORD, PROXY, TEACHER_SEAT) == 302


def test_ipv6_privacy_addresses_in_one_64_share_one_lock_out_count(
    client: Client,
    teacher: None,
) -> None:
    for n in range(1, ADDRESS_FAILURES + 1):
        log_in(client, "wrong-guess", f"2001:db8:1:2:{n}::7", username=f"guess-{n}")
    assert log_in(client, PASSWORD, "2001:db8:1:2:ffff::7") == 429
