"""The class page's live JSON (`…/progress/live.json`): staff only, the same class view
rendered now, so a student's request shows up without reloading; and the page's switches
(projector mode, names as initials or hidden)."""

from __future__ import annotations

from django.test import Client

from challengers.models import Cohort
from challenges.catalogue import display_id
from tests.assignment_fixtures import assign
from tests.client import Client as ApiClient


def live(client: Client, cohort: Cohort, query: str = "") -> dict:
    reply = client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/live.json{query}")
    assert reply.status_code == 200
    assert reply["Content-Type"] == "application/json"
    assert "no-store" in reply["Cache-Control"]
    return reply.json()


def test_it_needs_a_staff_login(client: Client, cohort: Cohort) -> None:
    reply = client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/live.json")
    assert reply.status_code == 302
    assert reply["Location"].startswith("/admin/login/")


def test_an_unknown_cohort_is_404(admin_client: Client, db: None) -> None:
    assert admin_client.get("/admin/challengers/cohort/999/progress/live.json").status_code == 404


def test_a_students_request_shows_up_in_the_next_answer(
    admin_client: Client, cohort: Cohort
) -> None:
    student = ApiClient()
    guid = student.post("/api/challenger")["X-CHALLENGER"]
    profile = {"displayName": "Ada", "cohort": cohort.code}
    reply = student.put(f"/api/challenger/{guid}/profile", profile, content_type="application/json")
    assert reply.status_code == 200
    before = live(admin_client, cohort)
    assert before["students"] == 1
    assert ">Ada</a></th>" in before["html"]
    cell = f'<td class="cp-done" title="#{display_id("GET_TODOS", "multi")} done '
    assert cell not in before["html"]
    assert student.get("/api/todos", headers={"X-CHALLENGER": guid}).status_code == 200
    assert cell in live(admin_client, cohort)["html"]


def test_the_page_points_its_script_at_the_live_json(admin_client: Client, cohort: Cohort) -> None:
    html = admin_client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/").content.decode()
    assert f'data-live-url="/admin/challengers/cohort/{cohort.pk}/progress/live.json"' in html
    assert "dashboard/class_progress.js" in html


def test_rows_carry_what_the_sort_needs(admin_client: Client, cohort: Cohort, make_session) -> None:
    ada = make_session(3, name="Ada Lovelace", cohort=cohort, api_minutes_ago=1)
    html = live(admin_client, cohort)["html"]
    assert '<tr data-name="ada lovelace" data-done="3"' in html
    assert f'data-last="{ada.last_api_request:%s}"' in html  # the time of its API request
    assert 'class="cp-row-active"' in html  # an API request a minute ago
    assert 'title="an API request in the last 10 minutes">●</span>' in html


def test_projector_mode_shows_initials(admin_client: Client, cohort: Cohort, make_session) -> None:
    make_session(3, name="Ada Lovelace", cohort=cohort)
    page = admin_client.get(
        f"/admin/challengers/cohort/{cohort.pk}/progress/?projector=1"
    ).content.decode()
    assert "cp-projector" in page
    assert ">AL</a></th>" in page
    assert "Ada Lovelace" not in page
    assert '<svg viewBox="' in page  # the join link's QR code
    assert f"/join/{cohort.code}" in page


def test_projector_mode_can_hide_names(admin_client: Client, cohort: Cohort, make_session) -> None:
    make_session(3, name="Ada Lovelace", cohort=cohort)
    html = live(admin_client, cohort, "?projector=1&names=hidden")["html"]
    assert ">#1</a></th>" in html
    assert "Ada" not in html
    assert ">AL<" not in html


def test_the_live_answer_keeps_the_columns_switch(
    admin_client: Client, cohort: Cohort, make_session
) -> None:
    assign(cohort, count=4)
    make_session(1, cohort=cohort)
    assert live(admin_client, cohort)["html"].count('<th scope="col" title="') == 4
    assert live(admin_client, cohort, "?columns=all")["html"].count('<th scope="col" title="') == 99
