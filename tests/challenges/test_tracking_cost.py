"""Tracking costs at most one write per request, and nothing when nothing new completes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from challenges.models import Challenger

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
