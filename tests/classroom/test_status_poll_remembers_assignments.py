"""The progress page's status poll reads no assignment while none changed: each process
remembers a class's assignments by the cohort's `assignments_version`, which every change
an instructor makes (an assignment, a due time kept or moved, an extension, a merge that
carries an extension over) moves on. The process that answers the poll is not told
otherwise, as one serving another process's students would not be: only the version
read with the session tells it to read again."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.test import Client

from challengers.models import Challenger, Cohort
from classroom.models import Assignment, Extension
from tests.assignment_fixtures import assign, change_form, minutes, student_done_first


def poll(client: Client, guid: str) -> dict:
    reply = client.get(f"/gui/challenges/{guid}/status.json")
    assert reply.status_code == 200
    return reply.json()


def leading(client: Client, guid: str) -> dict:
    return poll(client, guid)["assignments"][0]


def save_in_admin(admin: Client, assignment: Assignment, **changes: object) -> None:
    """The instructor saves the assignment's change form with `changes` (`change_form`)."""
    reply = admin.post(
        f"/admin/classroom/assignment/{assignment.pk}/change/", change_form(assignment, **changes)
    )
    assert reply.status_code == 302


def due(status: dict) -> datetime:
    return datetime.fromisoformat(status["dueAt"])


def test_an_unchanged_class_is_not_read_again(
    client: Client, cohort: Cohort, django_assert_num_queries: object
) -> None:
    guid = student_done_first(cohort, assign(cohort, due_at=minutes(60)), minutes(-5), "Ada")
    poll(client, guid)  # read once by this process
    poll(client, guid)  # and the session's `last_seen` is fresh now
    with django_assert_num_queries(1):  # type: ignore[operator]
        poll(client, guid)


def test_an_assignment_changed_in_the_admin_is_shown_at_the_next_poll(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(60))
    guid = student_done_first(cohort, assignment, minutes(-5), "Ada")
    assert leading(client, guid)["title"] == "Today"
    save_in_admin(admin_client, assignment, title="Tomorrow")
    assert leading(client, guid)["title"] == "Tomorrow"


def test_a_due_time_moved_in_the_admin_is_shown_at_the_next_poll(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(60))
    guid = student_done_first(cohort, assignment, minutes(-5), "Ada")
    leading(client, guid)
    later = minutes(120).replace(microsecond=0)
    save_in_admin(admin_client, assignment, due_at=later, earlier_marks="keep")
    assert due(leading(client, guid)) == later


def test_an_extension_given_in_the_admin_is_shown_at_the_next_poll(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(60))
    guid = student_done_first(cohort, assignment, minutes(-5), "Ada")
    leading(client, guid)
    own = minutes(180).replace(microsecond=0)
    save_in_admin(admin_client, assignment, extensions=[(guid, own)])
    assert due(leading(client, guid)) == own


def test_a_new_assignment_is_shown_at_the_next_poll(client: Client, cohort: Cohort) -> None:
    guid = student_done_first(cohort, assign(cohort, due_at=minutes(60)), minutes(-5), "Ada")
    leading(client, guid)
    assign(cohort, title="Sooner", due_at=minutes(30))
    assert leading(client, guid)["title"] == "Sooner"


def test_a_deleted_assignment_is_gone_at_the_next_poll(client: Client, cohort: Cohort) -> None:
    assignment = assign(cohort, due_at=minutes(60))
    guid = student_done_first(cohort, assignment, minutes(-5), "Ada")
    leading(client, guid)
    assignment.delete()
    assert poll(client, guid)["assignments"] == []


def test_an_extension_carried_over_by_a_merge_is_shown_at_the_next_poll(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(60))
    kept = student_done_first(cohort, assignment, minutes(-5), "Ada")
    other = student_done_first(cohort, assignment, minutes(-6), "Ada (phone)")
    own = minutes(240).replace(microsecond=0)
    Extension.objects.create(assignment=assignment, challenger_id=other, due_at=own)
    leading(client, kept)
    reply = admin_client.post(
        "/admin/challengers/challenger/",
        {
            "action": "merge_two_sessions",
            "_selected_action": [kept, other],
            "post": "yes",
            "keep": kept,
        },
    )
    assert reply.status_code == 302
    assert not Challenger.objects.filter(pk=other).exists()
    assert due(leading(client, kept)) == own


@pytest.mark.parametrize("change", ["title", "extension"])
def test_the_cohorts_version_moves_on_with_each_change(
    admin_client: Client, cohort: Cohort, change: str
) -> None:
    assignment = assign(cohort, due_at=minutes(60))
    guid = student_done_first(cohort, assignment, minutes(-5), "Ada")
    before = Cohort.objects.get(pk=cohort.pk).assignments_version
    if change == "title":
        save_in_admin(admin_client, assignment, title="Renamed")
    else:
        save_in_admin(admin_client, assignment, extensions=[(guid, minutes(90))])
    assert Cohort.objects.get(pk=cohort.pk).assignments_version > before
    assert Assignment.objects.filter(pk=assignment.pk).exists()
