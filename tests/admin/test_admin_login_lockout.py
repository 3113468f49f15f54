"""The admin login refuses further attempts after 5 failures for one username from one
client address, or 20 from one address whatever the usernames (django-axes), for 15
minutes, on the admin login page's own frame; other users and addresses, and every API
route, are unaffected. Students at other seats: test_admin_lockout_from_another_seat.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.db.models import F

from tests.client import Client

TEACHER, PASSWORD = "teacher", "a-long-teacher-password-1"
ASSISTANT, ASSISTANT_PASSWORD = "assistant", "another-long-password-2"
STUDENT_ADDRESS, TEACHER_ADDRESS = "192.0.2.10", "192.0.2.20"
ADDRESS_LIMIT = 20


@pytest.fixture(autouse=True)
def staff(db: None) -> None:
    User.objects.create_superuser(TEACHER, "teacher@example.edu", PASSWORD)
    User.objects.create_superuser(ASSISTANT, "assistant@example.edu", ASSISTANT_PASSWORD)


def log_in(client: Client, username: str, password: str, address: str, **headers: str):  # noqa: ANN201
    return client.post(
        "/admin/login/?next=/admin/",
        {"username": username, "password": password, "next": "/admin/"},
        REMOTE_ADDR=address,
        headers=headers,
    )


def fail(client: Client, times: int, *, username: str = TEACHER, address: str) -> None:
    for n in range(times):
        reply = log_in(client, username, f"wrong-guess-{n}", address)
        assert reply.status_code in (200, 429)


def test_four_failed_logins_do_not_lock(client: Client) -> None:
    fail(client, 4, address=STUDENT_ADDRESS)
    assert log_in(client, TEACHER, PASSWORD, STUDENT_ADDRESS).status_code == 302


def test_five_failed_logins_for_a_username_lock_it_from_that_address(client: Client) -> None:
    fail(client, 5, address=STUDENT_ADDRESS)
    reply = log_in(client, TEACHER, PASSWORD, STUDENT_ADDRESS)
    assert reply.status_code == 429
    assert "_auth_user_id" not in client.session


def test_failed_logins_for_a_username_from_several_addresses_are_counted_apart(
    client: Client,
) -> None:
    for n in range(4):
        fail(client, 4, address=f"198.51.100.{n + 1}")
    assert log_in(client, TEACHER, PASSWORD, "198.51.100.1").status_code == 302


def spray(client: Client, address: str) -> None:
    """Failures from one address for as many usernames as lock it, one each."""
    for n in range(ADDRESS_LIMIT):
        fail(client, 1, username=f"guess-{n}", address=address)


def test_the_locked_out_answer_is_the_admin_login_page_saying_why(client: Client) -> None:
    fail(client, 5, address=STUDENT_ADDRESS)
    reply = log_in(client, TEACHER, PASSWORD, STUDENT_ADDRESS)
    assert reply.status_code == 429
    assert reply["Content-Type"].startswith("text/html")
    page = reply.content.decode()
    assert '<p class="errornote" id="locked-out">' in page
    assert "Too many failed login attempts" in page
    assert "locked for 15 minutes" in page
    assert "admin/css/login.css" in page


def test_another_user_logs_in_while_one_is_locked(client: Client) -> None:
    fail(client, 5, address=STUDENT_ADDRESS)
    reply = log_in(Client(), ASSISTANT, ASSISTANT_PASSWORD, TEACHER_ADDRESS)
    assert reply.status_code == 302
    assert reply["Location"] == "/admin/"


def test_the_lock_ends_after_the_cool_off(client: Client) -> None:
    fail(client, 5, address=STUDENT_ADDRESS)
    assert log_in(client, TEACHER, PASSWORD, STUDENT_ADDRESS).status_code == 429
    # Fifteen minutes pass.
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=16))
    reply = log_in(client, TEACHER, PASSWORD, STUDENT_ADDRESS)
    assert reply.status_code == 302


def test_the_lock_holds_until_the_cool_off_is_over(client: Client) -> None:
    fail(client, 5, address=STUDENT_ADDRESS)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=14))
    assert log_in(client, TEACHER, PASSWORD, STUDENT_ADDRESS).status_code == 429


def test_the_api_answers_a_locked_out_address(client: Client) -> None:
    spray(client, STUDENT_ADDRESS)
    assert log_in(client, TEACHER, PASSWORD, STUDENT_ADDRESS).status_code == 429
    reply = client.post("/api/challenger", REMOTE_ADDR=STUDENT_ADDRESS)
    assert reply.status_code == 201
    guid = reply["X-CHALLENGER"]
    page = client.get(f"/gui/challenges/{guid}", REMOTE_ADDR=STUDENT_ADDRESS)
    assert page.status_code == 200


def test_behind_the_proxy_the_forwarded_client_is_locked_not_the_proxy(
    client: Client,
    settings,  # noqa: ANN001 - pytest-django's settings fixture
) -> None:
    settings.BEHIND_HTTPS_PROXY = True
    proxy = "127.0.0.1"  # a trusted proxy: HAProxy on the app's host
    for n in range(5):
        log_in(client, TEACHER, f"wrong-{n}", proxy, X_Forwarded_For=STUDENT_ADDRESS)
    locked = log_in(client, TEACHER, PASSWORD, proxy, X_Forwarded_For=STUDENT_ADDRESS)
    assert locked.status_code == 429
    other = log_in(Client(), TEACHER, PASSWORD, proxy, X_Forwarded_For=TEACHER_ADDRESS)
    assert other.status_code == 302


def test_without_the_proxy_setting_a_forwarded_header_does_not_escape_the_lock(
    client: Client,
) -> None:
    for n in range(5):
        log_in(client, TEACHER, f"wrong-{n}", STUDENT_ADDRESS, X_Forwarded_For=f"203.0.113.{n}")
    reply = log_in(client, TEACHER, PASSWORD, STUDENT_ADDRESS, X_Forwarded_For="203.0.113.99")
    assert reply.status_code == 429
