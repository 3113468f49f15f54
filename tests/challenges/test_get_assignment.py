"""GET /api/challenger/{guid}/assignment: the open assignments of the session's class, one
row per assigned challenge, negotiated like the other progress routes."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from challengers.models import Cohort
from challenges.catalogue import by_key, keys_for
from tests.assignment_fixtures import assign, minutes

pytestmark = pytest.mark.django_db

KEYS = keys_for("multi")


@pytest.fixture
def cohort() -> Cohort:
    return Cohort.objects.create(code="monday-am", name="Monday morning")


def join(client: Client, guid: str, cohort: Cohort) -> None:
    reply = client.put(
        f"/api/challenger/{guid}/profile",
        {"cohort": cohort.code},
        content_type="application/json",
    )
    assert reply.status_code == 200


def test_it_lists_each_assigned_challenge_with_its_status(
    client: Client, guid: str, cohort: Cohort
) -> None:
    join(client, guid, cohort)
    assign(cohort, first=0, count=2, title="Warm-up")
    reply = client.get(f"/api/challenger/{guid}/assignment")
    assert reply.status_code == 200
    assert reply["Content-Type"].startswith("application/json")
    assert reply.json() == {
        "assignedChallenges": [
            {
                "assignment": "Warm-up",
                "dueAt": None,
                "closed": False,
                "id": 1,
                "name": by_key(KEYS[0]).name,
                "status": True,  # POST /api/challenger completed 01
                "late": False,
            },
            {
                "assignment": "Warm-up",
                "dueAt": None,
                "closed": False,
                "id": 2,
                "name": by_key(KEYS[1]).name,
                "status": False,
                "late": False,
            },
        ]
    }


def test_it_is_served_at_the_legacy_root_too(client: Client, guid: str, cohort: Cohort) -> None:
    join(client, guid, cohort)
    assign(cohort, count=3)
    assert len(client.get(f"/challenger/{guid}/assignment").json()["assignedChallenges"]) == 3


def test_a_session_in_no_class_gets_an_empty_list(client: Client, guid: str) -> None:
    assert client.get(f"/api/challenger/{guid}/assignment").json() == {"assignedChallenges": []}


def test_an_assignment_not_yet_open_is_left_out(client: Client, guid: str, cohort: Cohort) -> None:
    join(client, guid, cohort)
    assign(cohort, count=3, opens_at=minutes(5))
    assert client.get(f"/api/challenger/{guid}/assignment").json() == {"assignedChallenges": []}


def test_a_past_due_assignment_says_closed(client: Client, guid: str, cohort: Cohort) -> None:
    join(client, guid, cohort)
    assign(cohort, count=1, due_at=minutes(-1))
    (row,) = client.get(f"/api/challenger/{guid}/assignment").json()["assignedChallenges"]
    assert row["closed"] is True
    assert row["dueAt"].endswith("+00:00")
    assert row["late"] is True  # 01 was done when the session was made, after the due time


def test_it_answers_xml_when_asked(client: Client, guid: str, cohort: Cohort) -> None:
    join(client, guid, cohort)
    assign(cohort, count=1, title="Warm-up")
    reply = client.get(f"/api/challenger/{guid}/assignment", headers={"Accept": "application/xml"})
    assert reply.status_code == 200
    body = reply.content.decode()
    assert body.startswith("<assignedChallenges><assignedChallenge>")
    assert "<assignment>Warm-up</assignment>" in body


def test_an_unacceptable_type_is_406(client: Client, guid: str) -> None:
    reply = client.get(f"/api/challenger/{guid}/assignment", headers={"Accept": "image/png"})
    assert reply.status_code == 406


def test_an_unknown_session_is_404(client: Client, db: None) -> None:
    reply = client.get(f"/api/challenger/{uuid.uuid4()}/assignment")
    assert reply.status_code == 404


def test_it_is_documented_in_the_openapi_document(client: Client, db: None) -> None:
    document = client.get("/api/schema/", headers={"Accept": "application/json"}).json()
    path = next(p for p in document["paths"] if p.endswith("/challenger/{guid}/assignment"))
    operation = document["paths"][path]["get"]
    assert "200" in operation["responses"]
