"""An assignment set to count the student's own client only: challenges done in this
site's pages (Try it, the API docs), by the provided Postman collection or restored from
saved progress do not count towards it, on the class page, in the CSV, in
`GET /api/challenger/{guid}/assignment` and on the student's progress page, until the
student's own client has done them too."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client

from challengers.models import Cohort
from classroom.models import Assignment
from tests.client import Client as ApiClient
from tests.credit_channel_steps import cell, get_todos, student

pytestmark = pytest.mark.django_db

ASSIGNED = ["GET_TODOS", "GET_TODO"]


@pytest.fixture
def api() -> ApiClient:
    return ApiClient()


def assign(cohort: Cohort, *, own_client_only: bool = True) -> Assignment:
    return Assignment.objects.create(
        cohort=cohort, title="By hand", challenges=ASSIGNED, own_client_only=own_client_only
    )


def class_page(admin_client: Client, cohort: Cohort) -> str:
    reply = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/")
    assert reply.status_code == 200
    return reply.content.decode()


def done_of(html: str, name: str) -> str:
    row = re.search(rf">{name}</a></th><td class=\"cp-total\">([^<]*)<", html)
    assert row
    return row.group(1).strip()


@pytest.mark.parametrize("channel", ["page", "collection"])
def test_the_class_page_does_not_count_a_credit_not_from_the_own_client(
    admin_client, api, cohort: Cohort, channel: str
) -> None:
    assign(cohort)
    get_todos(api, student(api, cohort, "Ada"), channel)
    html = class_page(admin_client, cohort)
    assert done_of(html, "Ada") == "0/2"
    uncounted = cell(html, "GET_TODOS")
    assert 'class="cp-done cp-uncounted"' in uncounted
    assert "not counted: the assignment counts the student's own client only" in uncounted


def test_the_class_page_counts_every_credit_when_the_setting_is_off(
    admin_client, api, cohort: Cohort
) -> None:
    assign(cohort, own_client_only=False)
    get_todos(api, student(api, cohort, "Ada"), "page")
    assert done_of(class_page(admin_client, cohort), "Ada") == "1/2"


def test_the_class_page_counts_a_credit_from_the_own_client(
    admin_client, api, cohort: Cohort
) -> None:
    assign(cohort)
    get_todos(api, student(api, cohort, "Ada"), "own")
    assert done_of(class_page(admin_client, cohort), "Ada") == "1/2"


def test_the_own_client_doing_it_later_makes_it_count(admin_client, api, cohort: Cohort) -> None:
    assign(cohort)
    guid = student(api, cohort, "Ada")
    get_todos(api, guid, "page")
    get_todos(api, guid, "own")
    html = class_page(admin_client, cohort)
    assert done_of(html, "Ada") == "1/2"
    assert "cp-uncounted" not in cell(html, "GET_TODOS")


def test_the_class_page_says_the_assignment_counts_the_own_client_only(
    admin_client, api, cohort: Cohort
) -> None:
    assign(cohort)
    student(api, cohort, "Ada")
    assert "(2 challenges, own client only)" in class_page(admin_client, cohort)


def test_a_restored_credit_does_not_count(admin_client, api, cohort: Cohort) -> None:
    assign(cohort)
    guid = student(api, cohort, "Ada")
    body = api.get(f"/api/challenger/{guid}").json()
    body["challengeStatus"] |= {"GET_TODOS": True, "GET_TODO": True}
    assert (
        api.put(f"/api/challenger/{guid}", body, content_type="application/json").status_code == 200
    )
    assert done_of(class_page(admin_client, cohort), "Ada") == "0/2"


def csv_row(admin_client: Client, cohort: Cohort) -> dict[str, str]:
    reply = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress.csv")
    header, row = csv.reader(io.StringIO(reply.content.decode("utf-8-sig")))
    return dict(zip(header, row, strict=True))


def test_the_csv_does_not_count_it_as_assigned_done(admin_client, api, cohort: Cohort) -> None:
    assign(cohort)
    get_todos(api, student(api, cohort, "Ada"), "collection")
    row = csv_row(admin_client, cohort)
    assert (row["assigned"], row["assigned_done"], row["done_by_collection"]) == ("2", "0", "2")


def assigned_status(api: ApiClient, guid: str) -> dict[str, bool]:
    reply = api.get(f"/api/challenger/{guid}/assignment")
    assert reply.status_code == 200
    return {row["name"]: row["status"] for row in reply.json()["assignedChallenges"]}


def test_the_assignment_route_says_not_done_until_the_own_client_did_it(
    api, cohort: Cohort
) -> None:
    assign(cohort)
    guid = student(api, cohort, "Ada")
    get_todos(api, guid, "page")
    assert assigned_status(api, guid)["GET /api/todos (200)"] is False
    get_todos(api, guid, "own")
    assert assigned_status(api, guid)["GET /api/todos (200)"] is True


def test_the_progress_page_says_so_and_marks_what_does_not_count_yet(api, cohort: Cohort) -> None:
    assign(cohort)
    guid = student(api, cohort, "Ada")
    get_todos(api, guid, "page")
    html = api.get(f"/gui/challenges/{guid}").content.decode()
    assert "Only your own client counts here." in html
    assert "from Postman with a request you write (not the provided" in html
    item = re.search(r'<li data-assigned-key="GET_TODOS".*?</li>', html, re.S)
    assert item
    assert 'class="is-uncounted"' in item.group(0)
    assert "done in Try it or the API docs: not counted yet, send it from your own client" in (
        item.group(0)
    )
    assert '<span class="big"><span data-assignment-done>0</span> / 2</span>' in html


def test_the_progress_pages_status_names_what_does_not_count_yet(api, cohort: Cohort) -> None:
    assign(cohort)
    guid = student(api, cohort, "Ada")
    get_todos(api, guid, "collection")
    (status,) = api.get(f"/gui/challenges/{guid}/status.json").json()["assignments"]
    assert status["done"] == 0
    assert status["uncounted"] == {"GET_TODOS": "done by the provided collection"}


def test_a_page_without_the_setting_says_nothing_of_it(api, cohort: Cohort) -> None:
    assign(cohort, own_client_only=False)
    guid = student(api, cohort, "Ada")
    get_todos(api, guid, "page")
    html = api.get(f"/gui/challenges/{guid}").content.decode()
    assert "Only your own client counts here." not in html
    assert 'class="is-uncounted"' not in html


def test_the_assignment_form_sets_it(admin_client, cohort: Cohort) -> None:
    form = admin_client.get(f"/admin/classroom/assignment/add/?cohort={cohort.pk}").content
    assert b'name="own_client_only"' in form
    reply = admin_client.post(
        "/admin/classroom/assignment/add/",
        {
            "cohort": cohort.pk,
            "title": "By hand",
            "add_challenges": ["GET_TODOS"],
            "own_client_only": "on",
        },
    )
    assert reply.status_code == 302
    assert Assignment.objects.get(title="By hand").own_client_only is True
