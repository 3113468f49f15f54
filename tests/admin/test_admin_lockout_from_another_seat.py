"""Students cannot lock the instructor out of the admin from their own seats.

Wrong passwords typed for the instructor's user name at another seat (another client
address) lock that name from that seat only: the instructor logs in from theirs. One
address trying many user names (password spraying) is still locked for every name once
its failures over all names reach 20; that count is per address, so it locks the
sprayer's address and no other, and a few failures from the instructor's own address (a
class behind one NAT shares it) stay well under it.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.client import Client

TEACHER, PASSWORD = "teacher", "a-long-teacher-password-1"
ASSISTANT, ASSISTANT_PASSWORD = "assistant", "another-long-password-2"
STUDENT_SEAT, TEACHER_SEAT = "192.0.2.10", "192.0.2.20"
PAIR_LIMIT, ADDRESS_LIMIT = 5, 20


@pytest.fixture(autouse=True)
def staff(db: None) -> None:
    User.objects.create_superuser(TEACHER, "teacher@example.edu", PASSWORD)
    User.objects.create_superuser(ASSISTANT, "assistant@example.edu", ASSISTANT_PASSWORD)


def log_in(client: Client, username: str, password: str, address: str) -> int:
    reply = client.post(
        "/admin/login/?next=/admin/",
        {"username": username, "password": password, "next": "/admin/"},
        REMOTE_ADDR=address,
    )
    return reply.status_code


def fail(times: int, address: str, *, username: str = TEACHER) -> None:
    for n in range(times):
        assert log_in(Client(), username, f"wrong-guess-{n}", address) in (200, 429)


def spray(times: int, address: str) -> None:
    """One failure for each of `times` user names, none of them near its own limit."""
    for n in range(times):
        assert log_in(Client(), f"guess-{n}", "wrong-guess", address) in (200, 429)


def test_wrong_passwords_for_the_instructors_name_at_another_seat_do_not_lock_them_out(
    client: Client,
) -> None:
    fail(PAIR_LIMIT * 3, STUDENT_SEAT)
    assert log_in(client, TEACHER, PASSWORD, TEACHER_SEAT) == 302


def test_the_seat_that_typed_them_is_locked_for_that_name(client: Client) -> None:
    fail(PAIR_LIMIT, STUDENT_SEAT)
    assert log_in(client, TEACHER, PASSWORD, STUDENT_SEAT) == 429


def test_one_address_trying_many_names_is_locked_for_every_name(client: Client) -> None:
    spray(ADDRESS_LIMIT, STUDENT_SEAT)
    assert log_in(client, ASSISTANT, ASSISTANT_PASSWORD, STUDENT_SEAT) == 429


def test_the_spraying_lock_holds_only_the_address_that_sprayed(client: Client) -> None:
    spray(ADDRESS_LIMIT, STUDENT_SEAT)
    assert log_in(client, TEACHER, PASSWORD, TEACHER_SEAT) == 302


def test_a_few_failures_for_several_names_from_the_instructors_address_do_not_lock_it(
    client: Client,
) -> None:
    spray(ADDRESS_LIMIT - 1, TEACHER_SEAT)
    assert log_in(client, TEACHER, PASSWORD, TEACHER_SEAT) == 302
