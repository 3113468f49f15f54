"""The class page's poll answers 200 with a new version when what the page shows of a
student's activity, deadlines or credit channels changes (an API request, the reason
their latest near miss was told, an own due time, a due time changed with the marks kept,
a credit's channel, an assignment made to count the student's own client only), stays 304 when only a page view happened, and
answers no version of a class to an instructor who does not teach it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from django.contrib.auth.models import Permission, User
from django.test import Client
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from challenges.channels import PAGE
from classroom.models import Assignment, CohortInstructor, EarlierDueTime, Extension
from tests.assignment_fixtures import assign, minutes
from tests.near_miss_entries import near_miss


def live(client: Client, cohort: Cohort, version: str = ""):  # noqa: ANN201
    headers = {"If-None-Match": version} if version else {}
    return client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/live.json", headers=headers)


def changed(client: Client, cohort: Cohort, first) -> str:  # noqa: ANN001
    """The class's HTML, asked for with the version of `first`: a 200 with a new one."""
    again = live(client, cohort, first["ETag"])
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
    return again.json()["html"]


def test_an_api_request_makes_a_quiet_student_active(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    ada = make_session(2, name="Ada Lovelace", cohort=cohort, api_minutes_ago=20)
    first = live(admin_client, cohort)
    assert "cp-row-active" not in first.json()["html"]
    Challenger.objects.filter(pk=ada.pk).update(last_api_request=timezone.now())
    assert "cp-row-active" in changed(admin_client, cohort, first)


def test_a_page_view_alone_leaves_the_class_not_modified(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    ada = make_session(2, name="Ada Lovelace", cohort=cohort, api_minutes_ago=20)
    first = live(admin_client, cohort)
    # Her progress page was open: seen, but no API request, which is all the page shows.
    Challenger.objects.filter(pk=ada.pk).update(last_seen=timezone.now())
    assert live(admin_client, cohort, first["ETag"]).status_code == 304


def test_a_new_reason_told_changes_where_the_class_is_stuck(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    key = keys_for("multi")[3]
    ada = make_session(2, name="Ada Lovelace", cohort=cohort, api_minutes_ago=1)
    Challenger.objects.filter(pk=ada.pk).update(near_misses={key: near_miss("first reason")})
    first = live(admin_client, cohort)
    Challenger.objects.filter(pk=ada.pk).update(near_misses={key: near_miss("second reason")})
    html = changed(admin_client, cohort, first)
    assert 'class="cp-reason" title="second reason"' in html


def test_an_own_due_time_given_changes_the_class(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    assignment = assign(cohort, 0, 5, due_at=minutes(60))
    ada = make_session(2, name="Ada Lovelace", cohort=cohort)
    first = live(admin_client, cohort)
    assert "cp-extended" not in first.json()["html"]
    Extension.objects.create(assignment=assignment, challenger=ada, due_at=minutes(120))
    assert 'class="cp-extended"' in changed(admin_client, cohort, first)


def test_an_earlier_due_time_kept_changes_the_class(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    assignment = assign(cohort, 0, 5, due_at=minutes(60))
    make_session(2, name="Ada Lovelace", cohort=cohort)
    first = live(admin_client, cohort)
    assert "cp-late" not in first.json()["html"]
    # Until a minute ago the assignment was due before her credits were stamped.
    EarlierDueTime.objects.create(
        assignment=assignment, due_at=datetime(2026, 3, 1, tzinfo=UTC), until=minutes(-1)
    )
    assert 'class="cp-done cp-late"' in changed(admin_client, cohort, first)


def test_a_credits_channel_changes_the_class(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    ada = make_session(2, name="Ada Lovelace", cohort=cohort)
    first = live(admin_client, cohort)
    Challenger.objects.filter(pk=ada.pk).update(credit_channels={keys_for("multi")[0]: PAGE})
    assert " in Try it or the API docs" in changed(admin_client, cohort, first)


def test_counting_the_own_client_only_changes_the_class(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    assignment = assign(cohort, 0, 5)
    ada = make_session(2, name="Ada Lovelace", cohort=cohort)
    Challenger.objects.filter(pk=ada.pk).update(credit_channels={keys_for("multi")[0]: PAGE})
    first = live(admin_client, cohort)
    assert "cp-uncounted" not in first.json()["html"]
    Assignment.objects.filter(pk=assignment.pk).update(own_client_only=True)
    assert 'class="cp-done cp-uncounted"' in changed(admin_client, cohort, first)


def test_an_instructor_gets_no_version_of_a_class_they_do_not_teach(
    admin_client: Client, cohort: Cohort, make_session: Callable[..., Challenger]
) -> None:
    make_session(2, name="Ada Lovelace", cohort=cohort)
    version = live(admin_client, cohort)["ETag"]
    tutor = User.objects.create_user("tutor", password="not-used-here", is_staff=True)
    tutor.user_permissions.set(Permission.objects.filter(codename__in=["view_cohort"]))
    CohortInstructor.objects.create(cohort=Cohort.objects.create(code="other-1"), user=tutor)
    client = Client()
    client.force_login(tutor)
    assert live(client, cohort, version).status_code == 404
