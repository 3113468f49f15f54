"""GET /challenges in the classic edition: 59 challenges (58 single-player), each
`{"id": <integer>, "name", "description", "status"}`, the XML children in the classic
service's order, statuses from the caller's progress."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from challengers.models import Challenger
from challenges.progress import stamp

pytestmark = pytest.mark.django_db

ORDER = ["name", "description", "id", "status"]


def listing(client: Client, guid: str | None = None) -> list[dict]:
    headers = {"X-CHALLENGER": guid} if guid else {}
    reply = client.get("/challenges", headers=headers)
    assert reply.status_code == 200
    assert reply["Content-Type"] == "application/json"
    return reply.json()["challenges"]


def test_it_lists_59_challenges_with_integer_ids_in_order(client: Client, session: str) -> None:
    rows = listing(client, session)
    assert [row["id"] for row in rows] == list(range(1, 60))
    assert all(list(row) == ["id", "name", "description", "status"] for row in rows)
    assert rows[0]["name"] == "POST /challenger (201)"
    assert rows[58]["name"] == "POST /todos (201) all"


def test_it_shows_the_callers_progress(client: Client, session: str) -> None:
    Challenger.objects.filter(pk=session).update(progress={"PUT_TODOS_400": stamp()})
    done = {row["name"] for row in listing(client, session) if row["status"]}
    # Listing the challenges is a challenge too, credited before the list is built.
    assert done == {"GET /challenges (200)", "PUT /todos/{id} (400)"}


def test_without_a_session_nothing_is_done(client: Client) -> None:
    rows = listing(client)
    assert len(rows) == 59
    assert not any(row["status"] for row in rows)


def test_its_xml_children_come_in_the_classic_order(client: Client, session: str) -> None:
    reply = client.get(
        "/challenges", headers={"X-CHALLENGER": session, "Accept": "application/xml"}
    )
    assert reply.status_code == 200
    first = reply.content.decode().split("</challenge>")[0]
    assert re.findall(r"<(\w+)>", first) == ["challenges", "challenge", *ORDER]
    assert "<name>POST /challenger (201)</name>" in first
    assert "<id>1</id><status>true</status>" in first


def test_single_mode_lists_58(client: Client, single_mode: None) -> None:
    client.post("/challenger")
    rows = listing(client)
    assert len(rows) == 58
    assert "PUT /challenger/guid CREATE" not in {row["name"] for row in rows}
    assert [row["id"] for row in rows] == list(range(1, 59))


def test_the_current_edition_keeps_its_own_listing(client: Client, settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_EDITION = "current"
    reply = client.get("/api/challenges", headers={"Accept": "application/xml"})
    assert reply.content.startswith(b"<challenges><challenge><id>1</id><name>")
    assert len(client.get("/api/challenges").json()["challenges"]) == 99
