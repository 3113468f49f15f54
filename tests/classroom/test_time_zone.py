"""With the server's zone set (`APICHALLENGES_TIME_ZONE`, here America/New_York through
Django's TIME_ZONE it sets), the assignment admin takes times in that zone, and every time
the instructor's and the student's pages show is in it and says so. Storage stays UTC and
the assignment route's due time stays ISO 8601 with its offset."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime

import pytest
from django.test import Client

from challengers.models import Challenger, Cohort
from classroom.models import Assignment
from tests.assignment_fixtures import assign

DUE = datetime(2040, 1, 15, 14, 0, tzinfo=UTC)  # 09:00 in New York (EST, UTC-05:00)
DONE = "2040-01-10T15:30:00.000000Z"  # 10:30 EST


@pytest.fixture(autouse=True)
def new_york(settings) -> None:  # noqa: ANN001 - pytest-django's settings fixture
    settings.TIME_ZONE = "America/New_York"


def student(cohort: Cohort, assignment: Assignment) -> str:
    guid = str(uuid.uuid4())
    Challenger.objects.create(
        guid=guid, display_name="Ada", cohort=cohort, progress={assignment.challenges[0]: DONE}
    )
    return guid


def test_the_admin_form_takes_a_local_time(admin_client: Client, cohort: Cohort) -> None:
    reply = admin_client.post(
        "/admin/classroom/assignment/add/",
        {
            "cohort": cohort.pk,
            "title": "Week 1",
            "sections": ["getting-started"],
            "opens_at_0": "",
            "opens_at_1": "",
            "due_at_0": "2040-01-15",
            "due_at_1": "09:00:00",
        },
    )
    assert reply.status_code == 302, reply.content.decode()
    assert Assignment.objects.get().due_at == DUE


def test_the_admin_form_names_the_zone(admin_client: Client, cohort: Cohort) -> None:
    html = admin_client.get("/admin/classroom/assignment/add/").content.decode()
    assert re.search(r"In America/New_York \(E[SD]T, UTC-0[45]:00\)", html)


def test_the_admin_list_shows_the_due_time_in_the_zone(
    admin_client: Client, cohort: Cohort
) -> None:
    assign(cohort, due_at=DUE)
    html = admin_client.get("/admin/classroom/assignment/").content.decode()
    assert "2040-01-15 09:00 EST" in html


def test_the_class_page_shows_the_due_time_in_the_zone(
    admin_client: Client, cohort: Cohort
) -> None:
    assign(cohort, due_at=DUE)
    html = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    assert "due 2040-01-15 09:00 EST" in html


def test_the_class_page_shows_completion_times_in_the_zone(
    admin_client: Client, cohort: Cohort
) -> None:
    student(cohort, assign(cohort, due_at=DUE))
    html = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    assert "done 2040-01-10 10:30 EST" in html


def test_the_progress_page_shows_the_due_time_in_the_zone(client: Client, cohort: Cohort) -> None:
    guid = student(cohort, assign(cohort, due_at=DUE))
    html = client.get(f"/gui/challenges/{guid}").content.decode()
    assert "(due 2040-01-15 09:00 EST)" in html


def test_the_progress_page_shows_completion_times_in_the_zone(
    client: Client, cohort: Cohort
) -> None:
    guid = student(cohort, assign(cohort, due_at=DUE))
    html = client.get(f"/gui/challenges/{guid}").content.decode()
    assert ">2040-01-10 10:30 EST</time>" in html


def test_the_assignment_route_gives_the_due_time_with_its_offset(
    client: Client, cohort: Cohort
) -> None:
    guid = student(cohort, assign(cohort, due_at=DUE))
    reply = client.get(f"/api/challenger/{guid}/assignment", headers={"X-CHALLENGER": guid})
    due = reply.json()["assignedChallenges"][0]["dueAt"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", due)
    assert datetime.fromisoformat(due) == DUE


def test_the_class_pages_update_time_is_in_the_zone(admin_client: Client, cohort: Cohort) -> None:
    reply = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/live.json")
    assert re.fullmatch(r"\d\d:\d\d:\d\d E[SD]T", reply.json()["atLabel"])


def test_a_local_time_the_clock_skips_is_refused(admin_client: Client, cohort: Cohort) -> None:
    """02:30 does not happen in New York on the night clocks go forward (11 March 2040)."""
    reply = admin_client.post(
        "/admin/classroom/assignment/add/",
        {
            "cohort": cohort.pk,
            "title": "Week 1",
            "sections": ["getting-started"],
            "opens_at_0": "",
            "opens_at_1": "",
            "due_at_0": "2040-03-11",
            "due_at_1": "02:30:00",
        },
    )
    assert reply.status_code == 200
    assert "interpreted in time zone America/New_York" in reply.content.decode()
    assert not Assignment.objects.exists()
