"""A student whose session the join link made does challenge 01 the way a class counts it:
POST /api/challenger from their own client, then the join link again with the same name
and that new GUID. The class follows the new session, and the link's session is merged
into it: its progress and request history move over, and it is deleted. Only a session
the join link made is merged so, and only when the student proves it theirs: the browser
remembers it, or they paste its GUID too."""

from __future__ import annotations

import pytest

from challengers.cookie import COOKIE
from challengers.models import Challenger, Cohort
from classroom.models import LinkSession
from history import writer
from tests.client import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()  # what earlier tests of this process sent


@pytest.fixture
def browser(cohort: Cohort) -> Client:
    """The student's browser, after joining with the link and sending a request as the
    session it made."""
    browser = Client()
    assert browser.post("/join/monday-am", {"display_name": "Ada"}).status_code == 303
    linked = Challenger.objects.get()
    assert browser.get("/api/challenges", headers={"X-CHALLENGER": linked.guid}).status_code == 200
    return browser


def own_session(client: Client) -> str:
    reply = client.post("/api/challenger")
    assert reply.status_code == 201
    return reply["X-CHALLENGER"]


def paths(client: Client, guid: str) -> list[str]:
    writer.flush()
    reply = client.get(f"/api/challenger/{guid}/requests")
    return [entry["path"] for entry in reply.json()["requests"]]


def test_the_link_session_is_merged_into_the_new_one(browser: Client, cohort: Cohort) -> None:
    linked = Challenger.objects.get()
    new = own_session(Client())

    reply = browser.post("/join/monday-am", {"display_name": "ada", "guid": new})

    assert reply.status_code == 303
    assert reply["Location"] == "/join/monday-am/welcome?merged=1"
    assert reply.cookies[COOKIE].value == new
    session = Challenger.objects.get()  # the link's session is gone
    assert session.guid == new
    assert (session.cohort, session.display_name) == (cohort, "ada")
    assert {"CREATE_NEW_CHALLENGER", "GET_CHALLENGES"} <= set(session.progress)
    assert session.progress["GET_CHALLENGES"] == linked.progress["GET_CHALLENGES"]


def test_the_link_sessions_requests_move_to_the_new_one(browser: Client, cohort: Cohort) -> None:
    linked = Challenger.objects.get()
    laptop = Client()
    new = own_session(laptop)
    laptop.get("/api/heartbeat", headers={"X-CHALLENGER": new})
    writer.flush()
    # Still in this process's buffer, not yet written: the merge writes it first.
    browser.get("/api/todos", headers={"X-CHALLENGER": linked.guid})

    browser.post("/join/monday-am", {"display_name": "Ada", "guid": new})

    assert sorted(paths(Client(), new)) == ["/api/challenges", "/api/heartbeat", "/api/todos"]


def test_the_welcome_page_says_the_earlier_session_is_merged(
    browser: Client, cohort: Cohort
) -> None:
    new = own_session(Client())
    browser.post("/join/monday-am", {"display_name": "Ada", "guid": new})
    html = browser.get("/join/monday-am/welcome?merged=1").content.decode()
    assert "What you did in your earlier session of this class is now part" in html
    assert f'<code id="guid-value" class="guid">{new}</code>' in html


def test_another_browser_is_asked_for_the_earlier_guid(browser: Client, cohort: Cohort) -> None:
    laptop = Client()
    new = own_session(laptop)

    asked = laptop.post("/join/monday-am", {"display_name": "Ada", "guid": new})

    assert asked.status_code == 409
    assert "Is this you?" in asked.content.decode()
    assert 'name="previous_guid"' in asked.content.decode()
    assert Challenger.objects.count() == 2
    assert Challenger.objects.get(pk=new).cohort is None


def test_the_earlier_guid_pasted_proves_it_and_merges(browser: Client, cohort: Cohort) -> None:
    linked = Challenger.objects.get()
    laptop = Client()
    new = own_session(laptop)

    reply = laptop.post(
        "/join/monday-am", {"display_name": "Ada", "guid": new, "previous_guid": linked.guid}
    )

    assert reply.status_code == 303
    assert list(Challenger.objects.values_list("guid", flat=True)) == [new]


def test_a_wrong_earlier_guid_changes_nothing(browser: Client, cohort: Cohort) -> None:
    laptop = Client()
    new = own_session(laptop)
    stranger = own_session(Client())

    reply = laptop.post(
        "/join/monday-am", {"display_name": "Ada", "guid": new, "previous_guid": stranger}
    )

    assert reply.status_code == 422
    assert "is not the one of the session with this name" in reply.content.decode()
    assert Challenger.objects.count() == 3
    assert Challenger.objects.filter(cohort=cohort).count() == 1


def test_a_session_the_student_made_is_never_merged_away(client: Client, cohort: Cohort) -> None:
    first = own_session(client)
    client.post("/join/monday-am", {"display_name": "Ada", "guid": first})
    second = own_session(Client())

    reply = client.post("/join/monday-am", {"display_name": "Ada", "guid": second})

    assert reply.status_code == 422
    assert "was not made by this join link" in reply.content.decode()
    assert Challenger.objects.get(pk=first).cohort == cohort
    assert Challenger.objects.get(pk=second).cohort is None
    assert not LinkSession.objects.exists()
