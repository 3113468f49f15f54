"""Near misses: a request that meets every attempt condition of an open challenge but not
every credit condition is recorded on the session, one per challenge, the latest wins, and
a credit removes it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from challengers.models import Challenger
from challenges.progress import stamp

pytestmark = pytest.mark.django_db

FILTERED = "GET_TODOS_FILTERED"


def near_misses(guid: str) -> dict:
    return Challenger.objects.get(pk=guid).near_misses


def get(client: Client, guid: str, path: str):  # noqa: ANN201 - the test client's response
    return client.get(path, headers={"X-CHALLENGER": guid})


def test_the_issue_example_is_recorded_with_its_reason(client, guid) -> None:
    get(client, guid, "/api/todos?doneStatus=true")
    recorded = near_misses(guid)[FILTERED]
    assert recorded["request"] == "GET /api/todos?doneStatus=true"
    assert recorded["status"] == 200
    assert recorded["reason"] == (
        "your todos include 0 done todos; this challenge needs at least one done and one not done"
    )


def test_a_newer_near_miss_replaces_the_older(client, guid) -> None:
    key = "GET_TODOS_FILTERED_ID_GREATER_THAN"
    get(client, guid, "/api/todos?id%3E10")
    get(client, guid, "/api/todos?id%3E0")
    recorded = near_misses(guid)[key]
    assert recorded["request"] == "GET /api/todos?id%3E0"
    assert recorded["reason"].startswith("10 of your 10 todos came back")


def test_a_credit_removes_the_challenges_near_miss(client, guid) -> None:
    get(client, guid, "/api/todos?doneStatus=true")
    client.post(
        "/api/todos",
        {"title": "done", "doneStatus": True},
        content_type="application/json",
        headers={"X-CHALLENGER": guid},
    )
    get(client, guid, "/api/todos?doneStatus=true")
    challenger = Challenger.objects.get(pk=guid)
    assert FILTERED in challenger.progress
    assert FILTERED not in challenger.near_misses


def test_a_completed_challenge_records_no_near_miss(client, guid) -> None:
    get(client, guid, "/api/todos")  # GET_TODOS done
    get(client, guid, "/api/todos?_limit=5")
    assert "GET_TODOS" not in near_misses(guid)


def test_a_repeated_near_miss_keeps_its_time_for_a_minute(client, guid) -> None:
    get(client, guid, "/api/todos?doneStatus=true")
    first = near_misses(guid)[FILTERED]
    get(client, guid, "/api/todos?doneStatus=true")
    assert near_misses(guid)[FILTERED] == first


def test_a_repeated_near_miss_is_rewritten_after_a_minute(client, guid) -> None:
    get(client, guid, "/api/todos?doneStatus=true")
    challenger = Challenger.objects.get(pk=guid)
    earlier = stamp(timezone.now() - timedelta(seconds=61))
    challenger.near_misses[FILTERED]["at"] = earlier
    Challenger.objects.filter(pk=guid).update(near_misses=challenger.near_misses)
    get(client, guid, "/api/todos?doneStatus=true")
    assert near_misses(guid)[FILTERED]["at"] > earlier


def test_the_request_line_keeps_at_most_200_characters(client, guid) -> None:
    path = "/api/todos?doneStatus=true&title=" + "x" * 300
    get(client, guid, path)
    assert near_misses(guid)[FILTERED]["request"] == ("GET " + path)[:200]


def test_the_request_line_shows_the_overriding_method(client, guid) -> None:
    client.post(
        "/api/todos?doneStatus=true",
        headers={"X-CHALLENGER": guid, "X-HTTP-Method-Override": "GET"},
    )
    assert near_misses(guid)[FILTERED]["request"] == "GET /api/todos?doneStatus=true"


def test_a_near_miss_is_recorded_in_single_player_mode(client, single_mode) -> None:
    response = client.get("/api/todos?doneStatus=true")
    recorded = near_misses(response["X-CHALLENGER"])[FILTERED]
    assert recorded["request"] == "GET /api/todos?doneStatus=true"


def test_a_plain_list_read_records_nothing_once_get_todos_is_done(client, guid) -> None:
    headers = {"X-CHALLENGER": guid, "Accept": "*/*"}
    client.get("/api/todos", headers=headers)
    before = near_misses(guid)
    client.get("/api/todos", headers={"X-CHALLENGER": guid})
    client.get("/api/todos", headers=headers)
    assert near_misses(guid) == before == {}
