"""An API request records the session's latest API request (with `last_seen`) in a
statement it makes anyway, or, when it writes nothing else, in at most one UPDATE a minute
per session: requests in between add no statement."""

from __future__ import annotations

from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from challengers.models import Challenger
from tests.client import Client


def session_updates(client: Client, guid: str) -> list[str]:
    """The UPDATEs of the session's row that one `GET /api/todos` makes."""
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/todos", headers={"X-CHALLENGER": guid}).status_code == 200
    table = Challenger._meta.db_table
    return [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith("UPDATE") and table in q["sql"]
    ]


def test_requests_within_a_minute_of_the_last_write_nothing(client: Client, guid: str) -> None:
    session_updates(client, guid)  # completes GET /todos: recorded with its credit
    assert session_updates(client, guid) == []


def test_a_request_a_minute_after_the_last_writes_it_once(client: Client, guid: str) -> None:
    session_updates(client, guid)
    earlier = timezone.now() - timedelta(minutes=2)
    Challenger.objects.filter(pk=guid).update(last_api_request=earlier, last_seen=earlier)
    (update,) = session_updates(client, guid)
    assert "last_api_request" in update
    session = Challenger.objects.get(pk=guid)
    assert session.last_api_request is not None and session.last_api_request > earlier
    assert session.last_seen == session.last_api_request


def test_a_credit_records_the_api_request_in_its_own_update(client: Client, guid: str) -> None:
    Challenger.objects.filter(pk=guid).update(last_api_request=None)
    (update,) = session_updates(client, guid)  # completes GET /todos
    assert "progress" in update and "last_api_request" in update
