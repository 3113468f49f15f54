"""A credit is judged late or on time against the due time in force when it was made, and
keeps that mark: changing the due time in the admin re-marks earlier completions only when
the instructor chooses "re-mark all"."""

from __future__ import annotations

import csv
import io
from datetime import datetime

from django.test import Client

from challengers.models import Cohort
from classroom.models import Assignment
from tests.assignment_fixtures import assign, change_form, minutes, student_done_first


def late(client: Client, guid: str) -> bool:
    """`late` of the first assigned challenge, as the assignment route answers it."""
    reply = client.get(f"/api/challenger/{guid}/assignment", headers={"X-CHALLENGER": guid})
    assert reply.status_code == 200
    return reply.json()["assignedChallenges"][0]["late"]


def change_due(client: Client, assignment: Assignment, due_at: datetime, **fields: object) -> None:
    reply = client.post(
        f"/admin/classroom/assignment/{assignment.pk}/change/",
        change_form(assignment, due_at=due_at, **fields),
    )
    assert reply.status_code == 302, reply.content.decode()


def test_a_late_mark_stays_when_the_due_time_moves_later(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(-90))
    guid = student_done_first(cohort, assignment, minutes(-60))
    assert late(client, guid)
    change_due(admin_client, assignment, minutes(60))
    assert late(client, guid)


def test_an_on_time_mark_stays_when_the_due_time_moves_earlier(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(60))
    guid = student_done_first(cohort, assignment, minutes(-30))
    change_due(admin_client, assignment, minutes(-60), earlier_marks="keep")
    assert not late(client, guid)


def test_a_credit_after_the_change_is_judged_by_the_new_due_time(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(60))
    change_due(admin_client, assignment, minutes(-60))
    guid = student_done_first(cohort, assignment, minutes(1))
    assert late(client, guid)


def test_re_mark_all_judges_earlier_credits_by_the_new_due_time(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(-90))
    guid = student_done_first(cohort, assignment, minutes(-60))
    change_due(admin_client, assignment, minutes(60), earlier_marks="remark")
    assert not late(client, guid)


def test_re_mark_all_forgets_the_due_times_kept_before(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(-90))
    guid = student_done_first(cohort, assignment, minutes(-60))
    change_due(admin_client, assignment, minutes(-30))  # kept: still late by the first
    change_due(admin_client, assignment, minutes(60), earlier_marks="remark")
    assert not late(client, guid)


def test_saving_without_changing_the_due_time_re_marks_nothing(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(-90))
    guid = student_done_first(cohort, assignment, minutes(-60))
    change_due(admin_client, assignment, minutes(60))  # kept: still late by the first
    assignment.refresh_from_db()
    change_due(admin_client, assignment, assignment.due_at, earlier_marks="remark")
    assert late(client, guid)


def test_an_unknown_choice_is_refused_and_changes_nothing(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    due = minutes(-90)
    assignment = assign(cohort, due_at=due)
    guid = student_done_first(cohort, assignment, minutes(-60))
    reply = admin_client.post(
        f"/admin/classroom/assignment/{assignment.pk}/change/",
        change_form(assignment, due_at=minutes(60), earlier_marks="forget"),
    )
    assert reply.status_code == 200
    assert "Select a valid choice" in reply.content.decode()
    assignment.refresh_from_db()
    assert assignment.due_at == due
    assert late(client, guid)


def test_the_form_asks_what_to_do_with_earlier_marks(admin_client: Client, cohort: Cohort) -> None:
    assignment = assign(cohort, due_at=minutes(60))
    html = admin_client.get(f"/admin/classroom/assignment/{assignment.pk}/change/").content
    text = html.decode()
    assert 'name="earlier_marks" value="keep"' in text
    assert "Keep earlier marks" in text
    assert "Re-mark all" in text


def test_the_class_page_keeps_the_late_mark(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(-90))
    student_done_first(cohort, assignment, minutes(-60))
    change_due(admin_client, assignment, minutes(60))
    html = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    assert "1 late</span>" in html
    assert 'class="cp-done cp-late"' in html


def test_the_csv_keeps_the_late_count(admin_client: Client, client: Client, cohort: Cohort) -> None:
    assignment = assign(cohort, due_at=minutes(-90))
    student_done_first(cohort, assignment, minutes(-60))
    change_due(admin_client, assignment, minutes(60))
    reply = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress.csv")
    header, row = list(csv.reader(io.StringIO(reply.content.decode("utf-8-sig"))))
    assert row[header.index("late")] == "1"


def test_the_progress_page_keeps_the_late_mark(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(-90))
    guid = student_done_first(cohort, assignment, minutes(-60))
    change_due(admin_client, assignment, minutes(60))
    assert "done after the due time" in client.get(f"/gui/challenges/{guid}").content.decode()
