"""Django's four password validators are on: an instructor's password cannot be a common
one (`password`, `admin`), short, all digits, or close to the username; `createsuperuser`
asks again instead of taking such a password."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

from practiceapi.server.harness import PYTHON, ROOT, scratch_database, server_env

STRONG = "a-long-teacher-password-1"
PROMPTS = (b"Password: ", b"Password (again): ", b"[y/N]: ")


def refusals(password: str, username: str = "teacher") -> list[str]:
    try:
        validate_password(password, User(username=username))
    except ValidationError as error:
        return list(error.messages)
    return []


def test_password_is_refused_as_too_common(db: None) -> None:
    assert "This password is too common." in refusals("password")


def test_admin_is_refused(db: None) -> None:
    found = refusals("admin")
    assert "This password is too common." in found
    assert "This password is too short. It must contain at least 8 characters." in found


def test_a_short_password_is_refused(db: None) -> None:
    assert refusals("k3#Lq9z") == [
        "This password is too short. It must contain at least 8 characters."
    ]


def test_an_all_numeric_password_is_refused(db: None) -> None:
    assert "This password is entirely numeric." in refusals("48291736452")


def test_a_password_like_the_username_is_refused(db: None) -> None:
    assert "The password is too similar to the username." in refusals(
        "teacher-jones", "teacher-jones"
    )


def test_a_long_uncommon_password_is_accepted(db: None) -> None:
    assert refusals(STRONG) == []


@pytest.mark.server
def test_createsuperuser_asks_again_for_a_common_password() -> None:
    """The interactive command, on a terminal, as an instructor runs it."""
    with scratch_database(prefix="validators") as url:
        output = _createsuperuser_on_a_terminal(url, ["password", "password", "N", STRONG, STRONG])
    assert "This password is too common." in output
    assert "Bypass password validation and create user anyway? [y/N]" in output
    assert "Superuser created successfully." in output


def _createsuperuser_on_a_terminal(database_url: str, answers: list[str]) -> str:
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [PYTHON, "manage.py", "createsuperuser", "--username", "teacher", "--email", "t@e.edu"],
        cwd=ROOT,
        env=server_env(database_url),
        stdin=follower,
        stdout=follower,
        stderr=follower,
        start_new_session=True,
    )
    os.close(follower)
    output = b""
    pending = list(answers)
    sent = 0
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
                # One answer per prompt, each sent once its prompt has appeared.
                prompts = sum(output.count(prompt) for prompt in PROMPTS)
                while pending and sent < prompts:
                    os.write(leader, pending.pop(0).encode() + b"\n")
                    sent += 1
            elif process.poll() is not None:
                break
    finally:
        os.close(leader)
        process.wait(30)
    return output.decode(errors="replace")
