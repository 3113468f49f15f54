"""A learner's LTI launch ends on their progress page, in a session of the course's
cohort named from the LMS's name claims; the same person launching again lands on the same
session, which works with X-CHALLENGER like any other."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.http import HttpResponse
from lti_tool.models import LtiUser

from challengers.models import Challenger, Cohort
from classroom.models import LtiLinkedAssignment
from tests.assignment_fixtures import assign
from tests.client import Client
from tests.lti_platform import COURSE

pytestmark = pytest.mark.django_db

Launch = Callable[..., HttpResponse]


def landed_guid(reply: HttpResponse) -> str:
    assert reply.status_code == 303, reply.content
    assert reply["Location"].startswith("/gui/challenges/")
    return reply["Location"].removeprefix("/gui/challenges/").removesuffix("?welcome=1")


def test_a_first_launch_makes_a_named_session_in_the_course_s_own_cohort(
    lms_launch: Launch,
) -> None:
    guid = landed_guid(lms_launch())
    session = Challenger.objects.get(pk=guid)
    assert session.display_name == "Ada Lovelace"
    assert session.cohort is not None
    assert session.cohort.name == COURSE["title"]
    assert session.cohort.code.startswith("http-101-")


def test_the_landing_page_shows_how_to_use_the_session_from_an_api_client(
    lms_launch: Launch, client: Client
) -> None:
    reply = lms_launch()
    assert reply["Location"].endswith("?welcome=1")
    guid = landed_guid(reply)
    html = client.get(reply["Location"]).content.decode()
    assert 'id="client-heading">In your API client' in html
    assert f'curl -i http://testserver/api/todos -H "X-CHALLENGER: {guid}"' in html
    assert "/postman/collection.json" in html
    # Opened again later, without the flag, the page is the usual one.
    assert "client-heading" not in client.get(f"/gui/challenges/{guid}").content.decode()


def test_the_name_comes_from_given_and_family_name_without_a_name_claim(
    lms_launch: Launch,
) -> None:
    guid = landed_guid(lms_launch(names={"given_name": "Grace", "family_name": "Hopper"}))
    assert Challenger.objects.get(pk=guid).display_name == "Grace Hopper"


def test_a_later_launch_of_the_same_person_lands_on_the_same_session(
    lms_launch: Launch,
) -> None:
    first = landed_guid(lms_launch())
    again = landed_guid(lms_launch(browser=Client()))
    assert again == first
    assert Challenger.objects.count() == 1
    assert Cohort.objects.count() == 1


def test_another_learner_of_the_course_gets_a_session_of_their_own_in_the_same_cohort(
    lms_launch: Launch,
) -> None:
    first = Challenger.objects.get(pk=landed_guid(lms_launch()))
    other = Challenger.objects.get(pk=landed_guid(lms_launch(browser=Client(), sub="student-2")))
    assert other.pk != first.pk
    assert other.cohort_id == first.cohort_id


def test_the_custom_cohort_parameter_puts_the_session_in_that_existing_cohort(
    lms_launch: Launch,
) -> None:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    guid = landed_guid(lms_launch(custom={"cohort": "monday-am"}))
    assert Challenger.objects.get(pk=guid).cohort == cohort
    assert Cohort.objects.count() == 1


def test_the_custom_assignment_parameter_links_the_resource_link_to_that_assignment(
    lms_launch: Launch, platform
) -> None:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    assignment = assign(cohort, title="Week 1")
    landed_guid(
        lms_launch(
            custom={"cohort": "monday-am", "assignment": "Week 1"},
            line_item=platform.line_item(),
        )
    )
    link = LtiLinkedAssignment.objects.get()
    assert link.assignment == assignment
    assert link.line_item_url == platform.line_item()


def test_the_session_answers_the_api_with_x_challenger(lms_launch: Launch) -> None:
    guid = landed_guid(lms_launch())
    reply = Client().get("/api/todos", HTTP_X_CHALLENGER=guid)
    assert reply.status_code == 200
    assert reply["X-CHALLENGER"] == guid


def test_the_progress_page_opens_for_the_session(lms_launch: Launch, client: Client) -> None:
    guid = landed_guid(lms_launch())
    assert client.get(f"/gui/challenges/{guid}").status_code == 200


def test_name_claims_longer_than_the_columns_are_cut_not_refused(lms_launch: Launch) -> None:
    long = "Ada " + "L" * 700
    guid = landed_guid(lms_launch(names={"name": long, "email": "not an address"}))
    user = LtiUser.objects.get()
    assert user.name == long[:500]
    assert user.email == ""
    assert Challenger.objects.get(pk=guid).display_name == long[:100]
