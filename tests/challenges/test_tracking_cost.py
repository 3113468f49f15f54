"""Tracking costs at most one write per request (credits and near misses share it), and
nothing when a request completes nothing new and nearly misses nothing."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from challengers.models import Challenger

pytestmark = pytest.mark.django_db


def writes(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith("UPDATE")
    ]


def test_a_request_completing_nothing_new_adds_no_query(client, guid) -> None:
    client.get("/api/heartbeat", headers={"X-CHALLENGER": guid})
    with CaptureQueriesContext(connection) as queries:
        client.get("/api/heartbeat", headers={"X-CHALLENGER": guid})
    assert len(queries) == 1  # resolving the session; tracking adds nothing


def test_completions_known_on_arrival_and_after_the_response_share_one_write(client, guid) -> None:
    # GET /api/todos credits GET_TODOS on arrival and GET_JSON_BY_DEFAULT_NO_ACCEPT after.
    with CaptureQueriesContext(connection) as queries:
        client.get("/api/todos", headers={"X-CHALLENGER": guid})
    progress = Challenger.objects.get(pk=guid).progress
    assert {"GET_TODOS", "GET_JSON_BY_DEFAULT_NO_ACCEPT"} <= set(progress)
    assert len(writes(queries)) == 1


def test_a_completion_known_on_arrival_shows_in_the_same_response(client, guid) -> None:
    response = client.get(f"/api/challenger/{guid}", headers={"X-CHALLENGER": guid})
    assert response.json()["challengeStatus"]["GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS"] is True


def test_a_completion_time_is_never_overwritten(client, guid) -> None:
    client.get("/api/heartbeat", headers={"X-CHALLENGER": guid})
    first = Challenger.objects.get(pk=guid).progress["GET_HEARTBEAT_204"]
    Challenger.objects.filter(pk=guid).update(
        progress={k: v for k, v in Challenger.objects.get(pk=guid).progress.items()}
    )
    client.get("/api/heartbeat", headers={"X-CHALLENGER": guid})
    assert Challenger.objects.get(pk=guid).progress["GET_HEARTBEAT_204"] == first


def test_a_request_completing_and_nearly_missing_nothing_adds_no_statement(client, guid) -> None:
    # The first OPTIONS completes OPTIONS_TODOS; the second is an attempt at nothing open.
    client.options("/api/todos", headers={"X-CHALLENGER": guid})
    with CaptureQueriesContext(connection) as queries:
        client.options("/api/todos", headers={"X-CHALLENGER": guid})
    assert len(queries) == 1  # resolving the session
    assert Challenger.objects.get(pk=guid).near_misses == {}


def test_a_near_miss_alone_is_one_write(client, guid) -> None:
    before = Challenger.objects.get(pk=guid).progress
    with CaptureQueriesContext(connection) as queries:
        client.get("/api/todos?doneStatus=true", headers={"X-CHALLENGER": guid})
    challenger = Challenger.objects.get(pk=guid)
    assert "GET_TODOS_FILTERED" in challenger.near_misses
    assert challenger.progress == before
    assert len(writes(queries)) == 1


CALENDAR = {"Accept": "text/calendar"}


def test_a_credit_and_a_near_miss_share_one_write(client, guid) -> None:
    # A missing todo asked for as a calendar entry completes GET_TODO_404 and nearly misses
    # GET_TODO_ACCEPT_TEXT_CALENDAR.
    with CaptureQueriesContext(connection) as queries:
        client.get("/api/todos/99", headers={"X-CHALLENGER": guid, **CALENDAR})
    challenger = Challenger.objects.get(pk=guid)
    assert "GET_TODO_404" in challenger.progress
    assert "GET_TODO_ACCEPT_TEXT_CALENDAR" in challenger.near_misses
    assert len(writes(queries)) == 1


def test_a_credit_removing_a_near_miss_is_one_write(client, guid) -> None:
    client.get("/api/todos/99", headers={"X-CHALLENGER": guid, **CALENDAR})
    with CaptureQueriesContext(connection) as queries:
        client.get("/api/todos/1", headers={"X-CHALLENGER": guid, **CALENDAR})
    challenger = Challenger.objects.get(pk=guid)
    assert "GET_TODO_ACCEPT_TEXT_CALENDAR" in challenger.progress
    assert "GET_TODO_ACCEPT_TEXT_CALENDAR" not in challenger.near_misses
    assert len(writes(queries)) == 1


def test_a_repeated_near_miss_adds_no_statement(client, guid) -> None:
    client.get("/api/todos?doneStatus=true", headers={"X-CHALLENGER": guid})
    with CaptureQueriesContext(connection) as queries:
        client.get("/api/todos?doneStatus=true", headers={"X-CHALLENGER": guid})
    assert writes(queries) == []
