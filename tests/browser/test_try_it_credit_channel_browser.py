"""A challenge done with the progress page's Try it, in Chromium, is credited as done in
this site's pages: the browser marks its request same-origin, and the instructor's page of
the student says where each challenge was done from."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import log_in, new_session

pytestmark = pytest.mark.browser


def test_try_it_credits_in_the_page(live_server: Any, page: Any, django_user_model: Any) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)  # POST /api/challenger from the student's own client
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    row = page.locator("#c-GET_TODOS")
    row.get_by_role("button", name="Try it").click()
    editor = row.locator(".tryit")
    editor.get_by_role("button", name="Send").click()
    expect(editor.locator(".tryit-verdict")).to_have_text("✓ Challenge done.")

    log_in(
        page, live_server.url, django_user_model, f"/admin/challengers/challenger/{guid}/change/"
    )
    table = page.locator("table.cp-challenges").first

    def done_from(challenge: str) -> Any:
        cell = page.get_by_role("cell", name=challenge, exact=True)
        return table.locator("tr", has=cell).locator("td").nth(4)

    expect(done_from("GET /api/todos (200)")).to_have_text("Try it or the API docs")
    expect(done_from("POST /api/challenger (201)")).to_have_text("own client")


def test_the_assignment_panel_marks_a_try_it_credit_not_counted_yet(
    live_server: Any, page: Any
) -> None:
    from playwright.sync_api import expect

    from challengers.models import Challenger, Cohort
    from classroom.models import Assignment

    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    Assignment.objects.create(
        cohort=cohort, title="By hand", challenges=["GET_TODOS"], own_client_only=True
    )
    guid = new_session(live_server.url)
    Challenger.objects.filter(guid=guid).update(cohort=cohort)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    item = page.locator('[data-assigned-key="GET_TODOS"]')
    expect(item).to_have_class("is-todo")

    row = page.locator("#c-GET_TODOS")
    row.get_by_role("button", name="Try it").click()
    row.locator(".tryit").get_by_role("button", name="Send").click()
    # The page's status poll brings the credit, and the panel says it does not count yet.
    expect(item).to_have_class("is-uncounted", timeout=20_000)
    expect(item).to_contain_text(
        "done in Try it or the API docs: not counted yet, send it from your own client"
    )
    expect(page.locator("[data-assignment-done]")).to_have_text("0")
