"""The project's PostgreSQL backend (practiceapi/backends/postgresql) finds dead connections without asking
the server, and Django then replaces them before a request's first statement.

Each test opens the backend on a scratch database of its own, the way a server thread
does, and goes through Django's request boundary (`close_if_unusable_or_obsolete`, which
the request signals call) between "requests". The server-level scenario, under load over
HTTP, is test_database_comes_back.py.
"""

from __future__ import annotations

import copy
import os
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from django.db import OperationalError, connections
from django.db.backends.postgresql.base import DatabaseWrapper as DjangoWrapper

from practiceapi.backends.postgresql.base import DatabaseWrapper
from practiceapi.server.harness import free_port, scratch_database
from practiceapi.server.serve import is_postgres
from tests.reliability.server import database_backends, terminate_backends

pytestmark = pytest.mark.skipif(
    not is_postgres(os.environ.get("DATABASE_URL")),
    reason="the backend is the PostgreSQL one; SQLite has no server to lose",
)


@pytest.fixture(scope="module")
def database_url() -> Iterator[str]:
    with scratch_database("conncheck") as url:
        yield url


@pytest.fixture
def admin(database_url: str) -> Iterator[psycopg.Connection[Any]]:
    """A connection of the test's own, on the server's maintenance database."""
    url = urlunsplit(urlsplit(database_url)._replace(path="/postgres"))
    with psycopg.connect(url, autocommit=True) as conn:
        yield conn


def make_wrapper(database_url: str, **overrides: Any) -> DatabaseWrapper:
    """The backend as the settings configure it, on the scratch database."""
    settings_dict = copy.deepcopy(connections["default"].settings_dict)
    settings_dict["NAME"] = urlsplit(database_url).path.lstrip("/")
    settings_dict.update(overrides)
    assert settings_dict["ENGINE"] == "practiceapi.backends.postgresql"
    return DatabaseWrapper(settings_dict, alias=f"check_{uuid.uuid4().hex[:8]}")


@pytest.fixture
def wrapper(database_url: str, django_db_blocker: Any) -> Iterator[DatabaseWrapper]:
    with django_db_blocker.unblock():
        wrapper = make_wrapper(database_url)
        yield wrapper
        wrapper.close()


def backends_of(admin: psycopg.Connection[Any], database_url: str) -> list[int]:
    return database_backends(admin, urlsplit(database_url).path.lstrip("/"))


def new_request(wrapper: DatabaseWrapper) -> None:
    """What Django's request_started/request_finished signals do to a connection."""
    wrapper.close_if_unusable_or_obsolete()


def select_one(wrapper: DatabaseWrapper) -> int:
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone()[0]


def last_activity(admin: psycopg.Connection[Any], pid: int) -> tuple:
    """The backend's last statement and when its state last changed, as the server sees it."""
    return admin.execute(
        "SELECT query, state_change FROM pg_stat_activity WHERE pid = %s", (pid,)
    ).fetchone()


def test_checking_a_live_connection_sends_nothing_to_the_server(
    wrapper: DatabaseWrapper, admin: psycopg.Connection[Any]
) -> None:
    wrapper.ensure_connection()
    pid = wrapper.connection.info.backend_pid
    wrapper.connection.execute("SELECT 'before the checks'")
    before = last_activity(admin, pid)

    assert all(wrapper.is_usable() for _ in range(1000))
    assert last_activity(admin, pid) == before

    # The probe sees a check that does talk to the server: Django's own (`SELECT 1`).
    assert DjangoWrapper.is_usable(wrapper)
    assert last_activity(admin, pid) != before


def test_a_terminated_connection_is_replaced_before_the_next_statement(
    wrapper: DatabaseWrapper, admin: psycopg.Connection[Any]
) -> None:
    assert select_one(wrapper) == 1
    old_pid = wrapper.connection.info.backend_pid
    new_request(wrapper)
    terminate_backends(admin, [old_pid])

    assert not wrapper.is_usable()
    assert select_one(wrapper) == 1  # the request's first statement
    assert wrapper.connection.info.backend_pid != old_pid


def test_without_health_checks_the_dead_connection_fails_the_request(
    database_url: str, admin: psycopg.Connection[Any], django_db_blocker: Any
) -> None:
    """What the settings' CONN_HEALTH_CHECKS buys: without it nothing looks before use."""
    with django_db_blocker.unblock():
        wrapper = make_wrapper(database_url, CONN_HEALTH_CHECKS=False)
        try:
            select_one(wrapper)
            new_request(wrapper)
            terminate_backends(admin, [wrapper.connection.info.backend_pid])
            with pytest.raises(OperationalError):
                select_one(wrapper)
        finally:
            wrapper.close()


def test_the_check_runs_once_per_request(
    wrapper: DatabaseWrapper, monkeypatch: pytest.MonkeyPatch
) -> None:
    checks: list[bool] = []
    check = DatabaseWrapper.is_usable

    def counted(self: DatabaseWrapper) -> bool:
        checks.append(True)
        return check(self)

    monkeypatch.setattr(DatabaseWrapper, "is_usable", counted)
    select_one(wrapper)
    assert checks == []  # a connection just opened is not checked
    for request in range(1, 4):
        new_request(wrapper)
        for _ in range(5):
            select_one(wrapper)
        assert len(checks) == request


def test_a_connection_whose_transaction_failed_is_not_usable(wrapper: DatabaseWrapper) -> None:
    """As with Django's `SELECT 1`, which would fail in an aborted transaction."""
    wrapper.ensure_connection()
    raw = wrapper.connection
    raw.autocommit = False
    with pytest.raises(psycopg.errors.DivisionByZero):
        raw.execute("SELECT 1 / 0")
    assert not wrapper.is_usable()
    raw.rollback()
    assert wrapper.is_usable()  # an open transaction that is waiting is fine
    raw.autocommit = True


def test_a_connection_that_failed_to_open_is_not_kept(
    database_url: str, django_db_blocker: Any
) -> None:
    """While the database cannot be reached every request tries afresh."""
    with django_db_blocker.unblock():
        wrapper = make_wrapper(database_url)
        good_port = wrapper.settings_dict["PORT"]
        wrapper.settings_dict["PORT"] = str(free_port())  # nothing listens there
        with pytest.raises(OperationalError):
            select_one(wrapper)
        assert wrapper.connection is None
        wrapper.settings_dict["PORT"] = good_port  # the database is back
        new_request(wrapper)
        try:
            assert select_one(wrapper) == 1
        finally:
            wrapper.close()


def test_with_the_pool_dead_connections_are_not_handed_out(
    database_url: str, admin: psycopg.Connection[Any], django_db_blocker: Any
) -> None:
    pytest.importorskip("psycopg_pool")
    with django_db_blocker.unblock():
        options = {**connections["default"].settings_dict["OPTIONS"]}
        options["pool"] = {"min_size": 3, "max_size": 3}
        wrapper = make_wrapper(
            database_url, OPTIONS=options, CONN_MAX_AGE=0, CONN_HEALTH_CHECKS=False
        )
        try:
            select_one(wrapper)
            wrapper.close()  # back to the pool
            wrapper.pool.wait()  # all three connections open
            old = backends_of(admin, database_url)
            assert len(old) == 3
            terminate_backends(admin, old)
            for _ in range(6):  # every connection the pool had, and then some
                new_request(wrapper)
                assert select_one(wrapper) == 1
                assert wrapper.connection.info.backend_pid not in old
                wrapper.close()
        finally:
            wrapper.close_pool()
