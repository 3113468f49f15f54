"""The instructor's class progress page and progress CSV in the classic edition: one
column per classic challenge (59), counted against 59."""

from __future__ import annotations

import csv
import io
import uuid

import pytest
from django.test import Client

from challengers.models import Challenger, Cohort
from challenges.catalogue import by_key, challenges_for, display_id, keys_for

STAMP = "2026-03-04T10:15:00Z"
CLASSIC_ONLY = ("PUT_TODOS_400", "PUT_TODOS_MISSING_TITLE_400", "PUT_TODOS_400_NO_AMEND_ID")


@pytest.fixture
def staff(admin_client: Client, settings) -> Client:  # noqa: ANN001 - pytest-django
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return admin_client


@pytest.fixture
def student(db: None) -> Challenger:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    return Challenger.objects.create(
        guid=str(uuid.uuid4()),
        display_name="Ada",
        cohort=cohort,
        progress=dict.fromkeys(CLASSIC_ONLY, STAMP),
    )


def test_the_csv_has_a_column_per_classic_challenge(staff: Client, student: Challenger) -> None:
    reply = staff.post(
        "/admin/challengers/challenger/",
        {"action": "export_progress_csv", "_selected_action": [student.guid]},
    )
    assert reply.content.startswith(b"\xef\xbb\xbf")
    header, row = list(csv.reader(io.StringIO(reply.content.decode("utf-8-sig"))))
    named = {key: f"{display_id(key, 'multi')} {by_key(key).name}" for key in keys_for("multi")}
    assert header[8:-8] == list(named.values())
    assert len(header[8:-8]) == 59
    assert "16 PUT /todos/{id} (400)" in header
    assert row[3:6] == ["3", "59", "5"]
    assert [row[header.index(named[key])] for key in CLASSIC_ONLY] == [STAMP] * 3


def test_the_class_page_has_a_column_per_classic_challenge(
    staff: Client, student: Challenger
) -> None:
    html = staff.get(f"/admin/challengers/cohort/{student.cohort.pk}/progress/").content.decode()
    assert html.count('<th scope="col" title="') == 59
    assert '<th scope="col" title="16 PUT /todos/{id} (400)">16</th>' in html
    assert html.count('class="cp-done"') == 3
    assert len(challenges_for("multi")) == 59


def test_the_session_page_lists_the_classic_challenges(staff: Client, student: Challenger) -> None:
    html = staff.get(f"/admin/challengers/challenger/{student.guid}/change/").content.decode()
    assert "3 of 59 challenges done (5%)" in html
    assert "PUT /todos/{id} no amend id (400)" in html
