"""An instructor's LTI launch logs them in to a staff account linked to that LMS user and
course (made on their first launch, not a superuser, teaching the course's cohort) and
lands on the cohort's class page."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse

from challengers.models import Cohort
from classroom.models import CohortInstructor
from tests.client import Client
from tests.lti_platform import INSTRUCTOR

pytestmark = pytest.mark.django_db

Launch = Callable[..., HttpResponse]


def teach(lms_launch: Launch, browser: Client | None = None, **claims: object) -> HttpResponse:
    return lms_launch(
        browser, sub="teacher-1", roles=(INSTRUCTOR,), names={"name": "Alan Turing"}, **claims
    )


def test_the_launch_lands_on_the_course_cohort_s_class_page(lms_launch: Launch) -> None:
    reply = teach(lms_launch)
    cohort = Cohort.objects.get()
    assert reply.status_code == 303
    assert reply["Location"] == f"/admin/challengers/cohort/{cohort.pk}/progress/"


def test_the_instructor_is_logged_in_and_sees_the_class_page(
    lms_launch: Launch, client: Client
) -> None:
    location = teach(lms_launch)["Location"]
    page = client.get(location)
    assert page.status_code == 200
    assert "Class progress: Testing HTTP APIs" in page.content.decode()


def test_the_account_is_staff_not_superuser_and_teaches_the_cohort(lms_launch: Launch) -> None:
    teach(lms_launch)
    user = User.objects.get()
    assert user.is_staff and not user.is_superuser
    assert not user.has_usable_password()
    assert CohortInstructor.objects.filter(user=user, cohort=Cohort.objects.get()).exists()


def test_a_later_launch_logs_in_to_the_same_account(lms_launch: Launch) -> None:
    teach(lms_launch)
    again = Client()
    teach(lms_launch, browser=again)
    assert User.objects.count() == 1
    assert again.session["_auth_user_id"] == str(User.objects.get().pk)


def test_the_custom_cohort_parameter_lands_on_that_cohort(lms_launch: Launch) -> None:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    reply = teach(lms_launch, custom={"cohort": "monday-am"})
    assert reply["Location"] == f"/admin/challengers/cohort/{cohort.pk}/progress/"
