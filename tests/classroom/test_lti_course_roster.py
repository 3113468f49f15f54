"""Where launches carry the NRPS claim, the class page imports the LMS course's roster on
demand: learners who have not launched yet show as "not started" until they do. The class
page also ties an LMS link of the course to one of the cohort's assignments."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.http import HttpResponse

from challengers.models import Cohort
from classroom.models import LtiLinkedAssignment
from tests.assignment_fixtures import assign
from tests.client import Client
from tests.lti_platform import INSTRUCTOR, LEARNER, FakePlatform

pytestmark = pytest.mark.django_db

Launch = Callable[..., HttpResponse]


def member(sub: str, name: str, role: str = LEARNER) -> dict[str, object]:
    return {"user_id": sub, "name": name, "roles": [role], "status": "Active"}


@pytest.fixture
def teacher(lms_launch: Launch, platform: FakePlatform, client: Client) -> str:
    """An instructor launched (logged in, on `client`); the class page's URL."""
    reply = lms_launch(
        sub="teacher-1",
        roles=(INSTRUCTOR,),
        names={"name": "Alan Turing"},
        line_item=platform.line_item(),
    )
    keys = client.get("/lti/jwks.json").json()
    platform.tool_keys = lambda: keys
    platform.members = [
        member("teacher-1", "Alan Turing", INSTRUCTOR),
        member("student-1", "Ada Lovelace"),
        member("student-2", "Grace Hopper"),
    ]
    return reply["Location"]


def import_roster(client: Client, page: str) -> str:
    reply = client.post(page + "roster/", follow=True)
    assert reply.status_code == 200
    return reply.content.decode()


def test_the_imported_roster_shows_learners_not_started(client: Client, teacher: str) -> None:
    html = import_roster(client, teacher)
    assert "The LMS roster lists 3 people." in html
    assert "<h3>Not started (2)</h3>" in html
    assert "<li>Ada Lovelace</li>" in html and "<li>Grace Hopper</li>" in html
    assert "<li>Alan Turing</li>" not in html


def test_a_learner_who_launches_is_started(
    client: Client, teacher: str, lms_launch: Launch
) -> None:
    import_roster(client, teacher)
    lms_launch(Client(), sub="student-2", names={"name": "Grace Hopper"})
    html = client.get(teacher).content.decode()
    assert "<h3>Not started (1)</h3>" in html
    assert "<li>Grace Hopper</li>" not in html


def test_an_lms_that_does_not_answer_is_a_message_not_an_error(
    client: Client, teacher: str, platform: FakePlatform
) -> None:
    platform.down = True
    html = import_roster(client, teacher)
    assert "The LMS did not give the roster" in html
    assert "Not started" not in html


def test_the_roster_is_not_shown_in_projector_mode(client: Client, teacher: str) -> None:
    import_roster(client, teacher)
    html = client.get(teacher + "?projector=1").content.decode()
    assert "Grace Hopper" not in html


def test_the_class_page_ties_an_lms_link_to_an_assignment(
    client: Client, teacher: str, platform: FakePlatform
) -> None:
    cohort = Cohort.objects.get()
    week = assign(cohort, title="Week 1")
    link = client.get(teacher).context["lms"]["links"][0].resource_link
    reply = client.post(
        teacher + "lms-link/", {"resource_link": link.pk, "assignment": week.pk}, follow=True
    )
    assert "Saved what API practice is tied to." in reply.content.decode()
    tied = LtiLinkedAssignment.objects.get()
    assert (tied.assignment, tied.line_item_url) == (week, platform.line_item())


def test_another_cohort_s_assignment_cannot_be_tied(client: Client, teacher: str) -> None:
    other = assign(Cohort.objects.create(code="other", name="Other"), title="Theirs")
    link = client.get(teacher).context["lms"]["links"][0].resource_link
    reply = client.post(
        teacher + "lms-link/", {"resource_link": link.pk, "assignment": other.pk}, follow=True
    )
    assert "That assignment is not one of this class&#x27;s." in reply.content.decode()
    assert not LtiLinkedAssignment.objects.exists()


def test_the_roster_and_link_forms_answer_post_only(client: Client, teacher: str) -> None:
    assert client.get(teacher + "roster/").status_code == 403
