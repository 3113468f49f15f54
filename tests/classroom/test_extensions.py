"""Extensions: an instructor gives one student a due time of their own for an assignment,
on the assignment's admin page; that student's credits are judged against it, the class
page marks them, and their progress page and the assignment route show it."""

from __future__ import annotations

import csv
import io
from datetime import datetime

from django.test import Client

from challengers.models import Cohort
from challenges.times import format_time
from classroom.models import Assignment, Extension
from tests.assignment_fixtures import assign, change_form, minutes, student_done_first


def assigned(client: Client, guid: str) -> dict:
    """The first row of the assignment route's answer for the session."""
    reply = client.get(f"/api/challenger/{guid}/assignment", headers={"X-CHALLENGER": guid})
    assert reply.status_code == 200
    return reply.json()["assignedChallenges"][0]


def extend(admin: Client, assignment: Assignment, guid: str, due_at: datetime) -> object:
    return admin.post(
        f"/admin/classroom/assignment/{assignment.pk}/change/",
        change_form(assignment, extensions=[(guid, due_at)]),
    )


def late_class(cohort: Cohort) -> tuple[Assignment, str, str]:
    """An assignment due 90 minutes ago that Ada and Ben both completed late."""
    assignment = assign(cohort, due_at=minutes(-90))
    ada = student_done_first(cohort, assignment, minutes(-60), "Ada")
    ben = student_done_first(cohort, assignment, minutes(-60), "Ben")
    return assignment, ada, ben


def test_the_admin_stores_a_students_own_due_time(admin_client: Client, cohort: Cohort) -> None:
    assignment, ada, _ = late_class(cohort)
    own = minutes(60).replace(microsecond=0)
    assert extend(admin_client, assignment, ada, own).status_code == 302
    assert Extension.objects.get(assignment=assignment).challenger_id == ada
    assert Extension.objects.get(assignment=assignment).due_at == own


def test_their_credits_are_judged_by_their_own_due_time(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment, ada, _ = late_class(cohort)
    extend(admin_client, assignment, ada, minutes(60))
    assert assigned(client, ada)["late"] is False


def test_the_others_are_still_judged_by_the_class_due_time(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment, ada, ben = late_class(cohort)
    extend(admin_client, assignment, ada, minutes(60))
    assert assigned(client, ben)["late"] is True


def test_the_assignment_route_gives_the_student_their_own_due_time(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment, ada, _ = late_class(cohort)
    own = minutes(60).replace(microsecond=0)
    extend(admin_client, assignment, ada, own)
    row = assigned(client, ada)
    assert datetime.fromisoformat(row["dueAt"]) == own
    assert row["closed"] is False


def test_the_progress_page_says_their_due_time(
    admin_client: Client, client: Client, cohort: Cohort
) -> None:
    assignment, ada, _ = late_class(cohort)
    own = minutes(60)
    extend(admin_client, assignment, ada, own)
    html = client.get(f"/gui/challenges/{ada}").content.decode()
    assert f"Your due time: <strong>{format_time(own)}</strong>" in html
    assert "done after the due time" not in html


def test_the_class_page_marks_the_student_with_their_due_time(
    admin_client: Client, cohort: Cohort
) -> None:
    assignment, ada, _ = late_class(cohort)
    own = minutes(60)
    extend(admin_client, assignment, ada, own)
    html = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    assert f'<span class="cp-extended" title="Own due time: {format_time(own)}">ext.</span>' in html
    assert html.count("1 late</span>") == 1  # Ben's; Ada's credit is on time


def test_the_csv_counts_late_by_the_students_own_due_time(
    admin_client: Client, cohort: Cohort
) -> None:
    assignment, ada, _ = late_class(cohort)
    extend(admin_client, assignment, ada, minutes(60))
    reply = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress.csv")
    header, *rows = list(csv.reader(io.StringIO(reply.content.decode("utf-8-sig"))))
    late = {row[header.index("display_name")]: row[header.index("late")] for row in rows}
    assert late == {"Ada": "0", "Ben": "1"}


def test_a_student_of_another_class_is_refused(admin_client: Client, cohort: Cohort) -> None:
    assignment, _, _ = late_class(cohort)
    other = Cohort.objects.create(code="tuesday", name="Tuesday")
    stranger = student_done_first(other, assignment, minutes(-60), "Eve")
    reply = extend(admin_client, assignment, stranger, minutes(60))
    assert reply.status_code == 200
    assert "Select a valid choice" in reply.content.decode()
    assert not Extension.objects.exists()


def test_moving_the_assignment_to_another_class_with_an_extension_is_refused(
    admin_client: Client, cohort: Cohort
) -> None:
    assignment, ada, _ = late_class(cohort)
    other = Cohort.objects.create(code="tuesday", name="Tuesday")
    data = change_form(assignment, extensions=[(ada, minutes(60))], cohort=other.pk)
    reply = admin_client.post(f"/admin/classroom/assignment/{assignment.pk}/change/", data)
    assert reply.status_code == 200
    assert "This student is not in the class this assignment is for." in reply.content.decode()
    assignment.refresh_from_db()
    assert assignment.cohort_id == cohort.pk


def test_one_student_gets_one_own_due_time(admin_client: Client, cohort: Cohort) -> None:
    assignment, ada, _ = late_class(cohort)
    data = change_form(assignment, extensions=[(ada, minutes(60)), (ada, minutes(120))])
    reply = admin_client.post(f"/admin/classroom/assignment/{assignment.pk}/change/", data)
    assert reply.status_code == 200
    assert "Please correct the duplicate data" in reply.content.decode()
    assert not Extension.objects.exists()


def test_the_form_offers_only_students_of_the_class(admin_client: Client, cohort: Cohort) -> None:
    assignment, ada, _ = late_class(cohort)
    other = Cohort.objects.create(code="tuesday", name="Tuesday")
    stranger = student_done_first(other, assignment, minutes(-60), "Eve")
    html = admin_client.get(f"/admin/classroom/assignment/{assignment.pk}/change/").content
    assert f'value="{ada}"' in html.decode()
    assert f'value="{stranger}"' not in html.decode()


def test_the_form_tells_two_students_of_one_name_apart(
    admin_client: Client, cohort: Cohort
) -> None:
    assignment = assign(cohort, due_at=minutes(-90))
    first = student_done_first(cohort, assignment, minutes(-60), "Ada")
    second = student_done_first(cohort, assignment, minutes(-60), "Ada")
    html = admin_client.get(f"/admin/classroom/assignment/{assignment.pk}/change/").content
    assert f"Ada ({first[:8]}…)" in html.decode()
    assert f"Ada ({second[:8]}…)" in html.decode()
