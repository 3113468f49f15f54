"""Behind HAProxy the app counts each client by the address HAProxy appended to
`X-Forwarded-For` (`BEHIND_HTTPS_PROXY=1`, and HAProxy's 127.0.0.1 in `TRUSTED_PROXIES`,
from deploy/apichallenges.env), not by HAProxy's own address, which every request comes
from, and not by anything the client wrote in `X-Forwarded-For` itself: both the limit on
new sessions (4 per client and hour in these tests) and the admin lock-out (3 failed
logins per user name and address) hold per real client, whichever app process answers.
A client that connects to an app process's own port is no trusted proxy: what it writes in
`X-Forwarded-For` is ignored.

Each test's clients connect from loopback addresses of their own (tests/hosted/shape.py).
"""

from __future__ import annotations

import re

import pytest

from tests.hosted.shape import Shape, send
from tests.reliability.server import Reply

pytestmark = pytest.mark.server

LIMIT = 4
FAILURES = 3


def create(shape: Shape, client: str, forged: str | None = None, port: int | None = None) -> int:
    headers = {"X-Forwarded-For": forged} if forged else {}
    reply = send(shape, "POST", "/api/challenger", headers=headers, client=client, port=port)
    return reply.status


def test_the_session_limit_counts_the_address_the_proxy_appended(shape: Shape) -> None:
    assert [create(shape, "127.0.0.11") for _ in range(LIMIT)] == [201] * LIMIT
    assert create(shape, "127.0.0.11") == 429
    # Same proxy, same app processes, another client: not limited.
    assert create(shape, "127.0.0.12") == 201


def test_a_forged_forwarded_for_does_not_escape_the_session_limit(shape: Shape) -> None:
    for _ in range(LIMIT):
        assert create(shape, "127.0.0.13") == 201
    assert create(shape, "127.0.0.13", forged="203.0.113.7") == 429


def test_a_forged_forwarded_for_does_not_spend_another_clients_sessions(shape: Shape) -> None:
    for _ in range(LIMIT):
        assert create(shape, "127.0.0.14", forged="127.0.0.15") == 201
    assert create(shape, "127.0.0.15") == 201


def test_a_client_that_bypasses_the_proxy_is_counted_as_itself(shape: Shape) -> None:
    app = shape.app_ports[0]
    statuses = [create(shape, "127.0.0.16", f"203.0.113.{n}", port=app) for n in range(LIMIT)]
    assert statuses == [201] * LIMIT
    assert create(shape, "127.0.0.16", "203.0.113.99", port=app) == 429
    # The address it named is not spent; it is a client of its own through the proxy.
    assert create(shape, "127.0.0.17", forged="203.0.113.0") == 201


def fail_login(shape: Shape, client: str, username: str, forged: str | None = None) -> Reply:
    """A wrong password for `username`, posted with the login form's CSRF token."""
    page = send(shape, "GET", "/admin/login/", client=client)
    assert page.status == 200, page
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
    cookie = re.search(r"csrftoken=([^;]+)", page.header("Set-Cookie") or "")
    assert token is not None and cookie is not None
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": f"csrftoken={cookie.group(1)}",
    }
    if forged:
        headers["X-Forwarded-For"] = forged
    form = (
        f"csrfmiddlewaretoken={token.group(1).decode()}&username={username}"
        "&password=wrong-guess&next=/admin/"
    )
    return send(shape, "POST", "/admin/login/", form, headers, client=client)


def test_the_admin_lock_out_counts_the_address_the_proxy_appended(shape: Shape) -> None:
    for _ in range(FAILURES - 1):
        assert fail_login(shape, "127.0.0.21", "teacher-a").status == 200
    # The failure that reaches the limit locks the name from that address, whatever the
    # client claims to be.
    assert fail_login(shape, "127.0.0.21", "teacher-a").status == 429
    assert fail_login(shape, "127.0.0.21", "teacher-a", forged="203.0.113.9").status == 429
    # Another client, behind the same proxy, is not locked out of that name.
    assert fail_login(shape, "127.0.0.22", "teacher-a").status == 200


def test_a_forged_forwarded_for_does_not_lock_another_client_out(shape: Shape) -> None:
    statuses = [
        fail_login(shape, "127.0.0.23", "teacher-c", forged="127.0.0.24").status
        for _ in range(FAILURES)
    ]
    assert statuses == [200] * (FAILURES - 1) + [429]
    assert fail_login(shape, "127.0.0.24", "teacher-c").status == 200
