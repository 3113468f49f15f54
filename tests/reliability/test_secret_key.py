"""Without SECRET_KEY, each installation signs with a random key of its own, made on its
first start and kept where every process finds it again: a 0600 file beside the SQLite
database, or the PostgreSQL database itself. A set SECRET_KEY wins.

The settings are loaded in subprocesses, as a server loads them; the HTTP tests run the
production server on a scratch database (PostgreSQL when the suite runs on it).
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from practiceapi.server.harness import PYTHON, ROOT, Server, scratch_database
from practiceapi.server.serve import is_postgres
from tests.reliability.server import Reply, create_instructor, request

TEACHER, PASSWORD = "teacher", "a-long-teacher-password-1"
PRINT_KEY = (
    "import django; django.setup(); from django.conf import settings; print(settings.SECRET_KEY)"
)
# What a server started with no SECRET_KEY sees (server_env sets a random one otherwise).
NO_KEY = {"SECRET_KEY": ""}


def settings_key(database_url: str, secret_key: str | None = None) -> str:
    """SECRET_KEY as the settings of a new process with this DATABASE_URL see it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.pop("SECRET_KEY", None)
    env.update(DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="practiceapi.settings")
    if secret_key is not None:
        env["SECRET_KEY"] = secret_key
    result = subprocess.run(
        [PYTHON, "-c", PRINT_KEY], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def sqlite_url(directory: Path) -> str:
    return f"sqlite:///{directory / 'db.sqlite3'}"


def test_a_first_start_writes_a_key_file_beside_the_sqlite_database(tmp_path: Path) -> None:
    key = settings_key(sqlite_url(tmp_path))
    key_file = tmp_path / "db.sqlite3.secret-key"
    assert key_file.read_text().strip() == key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert len(key) >= 50


def test_a_restart_reuses_the_key_file(tmp_path: Path) -> None:
    first = settings_key(sqlite_url(tmp_path))
    assert settings_key(sqlite_url(tmp_path)) == first


def test_two_fresh_installations_have_different_keys(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    assert settings_key(sqlite_url(tmp_path / "one")) != settings_key(sqlite_url(tmp_path / "two"))


def test_a_set_secret_key_wins_and_no_file_is_written(tmp_path: Path) -> None:
    assert settings_key(sqlite_url(tmp_path), "a-key-set-by-the-host") == "a-key-set-by-the-host"
    assert not (tmp_path / "db.sqlite3.secret-key").exists()


def test_the_key_file_is_ignored_by_git() -> None:
    result = subprocess.run(
        ["git", "check-ignore", "-q", "db.sqlite3.secret-key"], cwd=ROOT, check=False
    )
    assert result.returncode == 0


@pytest.mark.skipif(
    not is_postgres(os.environ.get("DATABASE_URL")), reason="the database key is PostgreSQL's"
)
def test_on_postgresql_every_process_reads_the_one_key_kept_in_the_database() -> None:
    with scratch_database(prefix="secretkey") as url:
        keys = set(_concurrently(url, 4))
        again = settings_key(url)
        with scratch_database(prefix="secretkey") as other:
            elsewhere = settings_key(other)
    assert len(keys) == 1
    assert again in keys
    assert elsewhere not in keys


def _concurrently(database_url: str, count: int) -> list[str]:
    """The key as `count` processes starting together see it (first use at once)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.pop("SECRET_KEY", None)
    env.update(DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="practiceapi.settings")
    processes = [
        subprocess.Popen(
            [PYTHON, "-c", PRINT_KEY], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
        )
        for _ in range(count)
    ]
    return [process.communicate(timeout=120)[0].strip() for process in processes]


# ----------------------------------------------------------------------- through HTTP


@pytest.fixture
def database() -> Iterator[str]:
    """A scratch database with an instructor login."""
    with scratch_database(prefix="secretkey") as url:
        create_instructor(url, TEACHER, PASSWORD)
        yield url


def _cookie(reply: Reply, name: str) -> str:
    for line in (reply.header("Set-Cookie") or "").split("\n"):
        if line.startswith(f"{name}="):
            return line.split(";", 1)[0]
    raise AssertionError(f"no {name} cookie in {reply.headers}")


def admin_login(server: Server) -> str:
    """Log in at /admin/login/ as a browser does; returns the session cookie."""
    page = request(server, "GET", "/admin/login/")
    csrf_cookie = _cookie(page, "csrftoken")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
    assert token is not None
    form = (
        f"csrfmiddlewaretoken={token.group(1).decode()}&username={TEACHER}"
        f"&password={PASSWORD}&next=/admin/"
    )
    reply = request(
        server,
        "POST",
        "/admin/login/",
        form,
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": csrf_cookie,
            "Origin": server.url,
        },
    )
    assert reply.status == 302, reply.body[:500]
    return _cookie(reply, "sessionid")


def signed_in(server: Server, session_cookie: str) -> bool:
    reply = request(server, "GET", "/admin/", headers={"Cookie": session_cookie})
    assert reply.status in (200, 302)
    return reply.status == 200


@pytest.mark.server
def test_an_admin_login_survives_a_restart_without_secret_key(database: str) -> None:
    with Server(database, env=dict(NO_KEY)) as before:
        cookie = admin_login(before)
        assert signed_in(before, cookie)
    with Server(database, env=dict(NO_KEY)) as after:
        assert signed_in(after, cookie)


@pytest.mark.server
def test_two_servers_on_one_database_share_the_generated_key(database: str) -> None:
    with Server(database, env=dict(NO_KEY)) as first, Server(database, env=dict(NO_KEY)) as second:
        cookie = admin_login(first)
        assert signed_in(second, cookie)
