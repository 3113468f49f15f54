"""Where a credit came from shows to the instructor: in the class matrix cell's title,
in the student's admin page (its challenge table's "Done from") and in the class CSV
(`done_in_page`, `done_by_collection`, `done_restored`, after every other column)."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from challengers.models import Cohort
from tests.client import Client as ApiClient
from tests.credit_channel_steps import cell, get_todos, student

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> ApiClient:
    return ApiClient()


def matrix(admin_client: Client, cohort: Cohort) -> str:
    reply = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/?columns=all")
    assert reply.status_code == 200
    return reply.content.decode()


def test_a_cell_done_in_the_page_says_so(admin_client, api, cohort: Cohort) -> None:
    get_todos(api, student(api, cohort, "Ada"), "page")
    assert " in Try it or the API docs" in cell(matrix(admin_client, cohort), "GET_TODOS")


def test_a_cell_done_by_the_collection_says_so(admin_client, api, cohort: Cohort) -> None:
    get_todos(api, student(api, cohort, "Ada"), "collection")
    assert " by the provided collection" in cell(matrix(admin_client, cohort), "GET_TODOS")


def test_a_cell_done_by_the_students_own_client_says_only_when(
    admin_client, api, cohort: Cohort
) -> None:
    get_todos(api, student(api, cohort, "Ada"), "own")
    title = cell(matrix(admin_client, cohort), "GET_TODOS").split('title="')[1].split('"')[0]
    assert title.endswith(" UTC")


def test_a_cell_says_when_the_own_client_did_it_too(admin_client, api, cohort: Cohort) -> None:
    guid = student(api, cohort, "Ada")
    get_todos(api, guid, "page")
    get_todos(api, guid, "own")
    found = cell(matrix(admin_client, cohort), "GET_TODOS")
    assert " in Try it or the API docs, from the student's own client " in found


def test_a_restored_cell_says_so(admin_client, api, cohort: Cohort) -> None:
    guid = student(api, cohort, "Ada")
    body = api.get(f"/api/challenger/{guid}").json()
    body["challengeStatus"]["GET_TODOS"] = True
    reply = api.put(f"/api/challenger/{guid}", body, content_type="application/json")
    assert reply.status_code == 200
    assert " restored from saved progress" in cell(matrix(admin_client, cohort), "GET_TODOS")


def test_the_students_admin_page_says_where_each_was_done_from(
    admin_client, api, cohort: Cohort
) -> None:
    guid = student(api, cohort, "Ada")
    get_todos(api, guid, "collection")
    html = admin_client.get(f"/admin/challengers/challenger/{guid}/change/").content.decode()
    assert '<th scope="col">Done from</th>' in html
    assert "GET /api/todos (200)</td><td>✓ Done</td>" in html
    row = html.split("GET /api/todos (200)</td>")[1].split("</tr>")[0]
    assert "<td>the provided collection</td>" in row
    created = html.split("POST /api/challenger (201)</td>")[1].split("</tr>")[0]
    assert "<td>own client</td>" in created


def csv_table(admin_client: Client, cohort: Cohort) -> list[list[str]]:
    reply = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress.csv")
    return list(csv.reader(io.StringIO(reply.content.decode("utf-8-sig"))))


def test_the_csv_counts_the_credits_of_each_channel_after_its_other_columns(
    admin_client, api, cohort: Cohort
) -> None:
    guid = student(api, cohort, "Ada")
    get_todos(api, guid, "page")  # GET_TODOS and GET_JSON_BY_DEFAULT_NO_ACCEPT
    reply = api.get(
        "/api/todos/1", headers={"X-CHALLENGER": guid, "X-Challenges-Client": "collection"}
    )
    assert reply.status_code == 200  # GET_TODO
    header, row = csv_table(admin_client, cohort)
    assert header[-3:] == ["done_in_page", "done_by_collection", "done_restored"]
    assert header[-8:-4] == ["assignment", "assigned", "assigned_done", "late"]
    assert row[3] == "4"  # with the session's creation, from its own client
    assert row[-3:] == ["2", "1", "0"]
