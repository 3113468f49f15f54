"""Fixtures shared by the HTTP tests: a client and fresh challenger sessions."""

from __future__ import annotations

import pytest

from tests.client import Client


def pytest_configure(config: pytest.Config) -> None:
    # Request history is written by a thread of each serving process; here a test writes
    # it with history.writer.flush(), inside its own transaction, which a second
    # thread's connection would not see. Servers the tests start keep the thread.
    from django.conf import settings

    settings.APICHALLENGES_HISTORY_BATCH_SECONDS = 0
    # The same for LTI grades: a test posts them with classroom.lti.grades.sync().
    settings.APICHALLENGES_LTI_GRADE_SECONDS = 0


_DATABASE_FIXTURES = {"db", "transactional_db", "live_server"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Any request may write, read or delete request history, which on SQLite is a
    # database of its own (history/routers.py): a test that uses the database uses
    # every one, as the server does (and each is a test database, set up and rolled back).
    for item in items:
        marker = item.get_closest_marker("django_db")
        if marker is None and not _DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            continue
        args, kwargs = (marker.args, dict(marker.kwargs)) if marker else ((), {})
        if "databases" in kwargs or len(args) > 2:
            continue
        kwargs["databases"] = "__all__"
        item.add_marker(pytest.mark.django_db(*args, **kwargs), append=False)


@pytest.fixture
def client() -> Client:
    """Django's test client, serving each path with the middleware stack production
    serves it with (tests/client.py)."""
    return Client()


@pytest.fixture
def guid(client: Client, db: None) -> str:
    """A fresh multi-player session, created the way a student does: POST /api/challenger."""
    response = client.post("/api/challenger")
    assert response.status_code == 201
    return response["X-CHALLENGER"]


@pytest.fixture
def single_mode(settings) -> None:  # noqa: ANN001 - pytest-django's settings fixture
    settings.APICHALLENGES_MODE = "single"
