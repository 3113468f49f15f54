"""The class progress page and the CSV measured against the cohort's open assignment:
its columns by default (a switch shows all), done / assigned per student, completions
after the due time marked late."""

from __future__ import annotations

import csv
import io
import re

from django.test import Client

from challengers.models import Cohort
from challenges.catalogue import challenges_for, display_id
from tests.assignment_fixtures import assign, minutes
from tests.classroom.conftest import STAMP


def page(client: Client, cohort: Cohort, query: str = "") -> str:
    reply = client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/{query}")
    assert reply.status_code == 200
    return reply.content.decode()


def row_of(html: str, name: str) -> str:
    return re.search(rf">{name}</a></th>.*?</tr>", html, re.S).group(0)


def test_the_matrix_shows_the_assignments_columns(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    assign(cohort, first=2, count=4)
    make_session(3, name="Ada", cohort=cohort)
    html = page(admin_client, cohort)
    assert html.count('<th scope="col" title="') == 4
    assert '<th scope="col" title="03 ' in html
    assert '<th scope="col" title="01 ' not in html


def test_the_switch_shows_every_challenge(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    assign(cohort, count=4)
    make_session(3, name="Ada", cohort=cohort)
    html = page(admin_client, cohort, "?columns=all")
    assert html.count('<th scope="col" title="') == 99
    assert "Assignment&#x27;s columns" in html or "Assignment's columns" in html


def test_each_student_shows_done_of_assigned(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    assign(cohort, first=2, count=4)
    make_session(4, name="Ada", cohort=cohort)  # 01-04 done: two of the assigned 03-06
    assert '<td class="cp-total">2/4</td>' in row_of(page(admin_client, cohort), "Ada")


def test_a_not_yet_open_assignment_changes_nothing(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    assign(cohort, count=4, opens_at=minutes(30))
    make_session(2, name="Ada", cohort=cohort)
    html = page(admin_client, cohort)
    assert html.count('<th scope="col" title="') == 99
    assert '<td class="cp-total">2/99</td>' in row_of(html, "Ada")


def test_a_completion_after_the_due_time_is_marked_late(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    # The fixture's sessions completed everything at STAMP (2026-03-04 10:15 UTC).
    assign(cohort, count=3, due_at=minutes(-60 * 24 * 365 * 5))  # due five years ago
    make_session(2, name="Ada", cohort=cohort)
    row = row_of(page(admin_client, cohort), "Ada")
    assert row.count('class="cp-done cp-late"') == 2
    assert "after the due time" in row
    assert "2 late" in row


def test_a_completion_before_the_due_time_is_not_late(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    assign(cohort, count=3, due_at=minutes(60))
    make_session(2, name="Ada", cohort=cohort)
    row = row_of(page(admin_client, cohort), "Ada")
    assert "cp-late" not in row
    assert row.count('class="cp-done"') == 2


def test_the_page_names_the_open_assignments_the_one_due_first_leading(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    assign(cohort, count=3, title="Later", due_at=minutes(120))
    assign(cohort, count=2, title="Sooner", due_at=minutes(30))
    make_session(1, name="Ada", cohort=cohort)
    html = page(admin_client, cohort)
    assert html.index("<strong>Sooner</strong>") < html.index("<strong>Later</strong>")
    assert html.count('<th scope="col" title="') == 2


def csv_rows(client: Client, cohort: Cohort) -> list[list[str]]:
    reply = client.get(f"/admin/challengers/cohort/{cohort.pk}/progress.csv")
    return list(csv.reader(io.StringIO(reply.content.decode("utf-8-sig"))))


def test_the_csv_gains_the_assignment_columns(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    assign(cohort, first=1, count=4, title="Today", due_at=minutes(-60 * 24 * 365 * 5))
    make_session(3, name="Ada", cohort=cohort)
    header, row = csv_rows(admin_client, cohort)
    assert header[-8:-4] == ["assignment", "assigned", "assigned_done", "late"]
    assert header[8:-8] == [
        f"{display_id(c.key, 'multi')} {c.name}" for c in challenges_for("multi")
    ]
    assert row[-8:-4] == ["Today", "4", "2", "2"]
    assert row[8] == STAMP


def test_without_an_assignment_the_csv_columns_are_empty(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    make_session(3, name="Ada", cohort=cohort)
    header, row = csv_rows(admin_client, cohort)
    assert header[-8:-4] == ["assignment", "assigned", "assigned_done", "late"]
    assert row[-8:-4] == ["", "", "", ""]
