"""The API's handler runs its own request cycle instead of sending Django's request
signals (practiceapi/server/handlers.py, `ApiHandler`): it keeps the database connections' upkeep
and answers as Django's WSGI handler would."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.signals import request_finished, request_started
from django.db import connection

from tests.served import served

# What Django connects to the request signals, by module and name. `ApiHandler` does the
# connection upkeep itself and leaves the rest out; a receiver that is not here was
# connected since, and must be weighed for API requests in `ApiHandler.__call__`.
KNOWN_RECEIVERS = {
    request_started: {
        "django.db.reset_queries",
        "django.db.close_old_connections",
    },
    request_finished: {
        "django.core.cache.close_caches",
        "django.db.close_old_connections",
        "django.core.handlers.base.reset_urlconf",
    },
}


def receivers(signal: Any) -> set[str]:
    names = set()
    for _key, reference, _is_async in signal.receivers:
        receiver = reference()  # weak references, resolved
        names.add(f"{receiver.__module__}.{receiver.__qualname__}")
    return names


@pytest.mark.parametrize("signal", [request_started, request_finished], ids=["started", "finished"])
def test_the_request_signals_have_only_the_receivers_the_api_cycle_accounts_for(
    signal: Any,
) -> None:
    assert receivers(signal) == KNOWN_RECEIVERS[signal]


@pytest.mark.django_db(transaction=True)
def test_an_api_answer_reaches_the_server_with_its_status_headers_and_body() -> None:
    status, headers, body = served("GET", "/api/challenges")
    assert status == "200 OK"
    assert headers["Content-Type"] == "application/json"
    assert int(headers["Content-Length"]) == len(body)
    assert body.startswith(b'{"challenges":[')


@pytest.mark.django_db(transaction=True)
def test_the_connection_upkeep_runs_before_and_after_an_api_requests_statements(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    events: list[str] = []
    upkeep = connection.close_if_unusable_or_obsolete

    def recorded_upkeep() -> None:
        events.append("upkeep")
        upkeep()

    def recorded_statement(execute, sql, params, many, context):  # noqa: ANN001, ANN202
        events.append("statement")
        return execute(sql, params, many, context)

    connection.ensure_connection()
    monkeypatch.setattr(connection, "close_if_unusable_or_obsolete", recorded_upkeep)
    with connection.execute_wrapper(recorded_statement):
        status, _headers, _body = served("POST", "/api/challenger")
    assert status == "201 Created"
    assert events[0] == events[-1] == "upkeep"
    assert "statement" in events[1:-1]
