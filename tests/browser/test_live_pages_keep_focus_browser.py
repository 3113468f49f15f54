"""Live pages keep the keyboard's place in a real browser: on the instructor's class page
(laptop and projector mode) a student's link keeps its focus through polls that bring no
change, and the same student's link has it again after a poll that does; on a student's
progress page an entry arriving in "Your recent requests" leaves the focused entry
focused, Try it's Send has the focus back once the answer is shown, and the answer's
headers box can be reached and scrolled by keyboard."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from history import writer
from tests.browser.helpers import api_get, log_in

pytestmark = pytest.mark.browser

KEYS = keys_for("multi")
FOCUSED = "document.activeElement"


def make_class() -> tuple[Cohort, list[Challenger]]:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    students = [
        Challenger.objects.create(
            guid=str(uuid.uuid4()),
            display_name=name,
            cohort=cohort,
            progress={key: "2026-03-04T10:15:00Z" for key in KEYS[:done]},
        )
        for name, done in (("Ada Lovelace", 3), ("Grace Hopper", 9), ("Alan Turing", 0))
    ]
    return cohort, students


def next_poll(page: Any) -> None:
    """Waits for the class page's next poll to be answered and handled."""
    with page.expect_response(re.compile(r"/progress/live\.json"), timeout=20_000):
        pass
    page.wait_for_timeout(300)


@pytest.mark.parametrize("query", ["", "?projector=1&names=initials"], ids=["laptop", "projector"])
def test_a_student_link_keeps_the_focus_through_polls(
    live_server: Any, page: Any, django_user_model: Any, query: str
) -> None:

    cohort, students = make_class()
    target = f"/admin/challengers/cohort/{cohort.pk}/progress/"
    log_in(page, live_server.url, django_user_model, target)
    if query:
        page.goto(f"{live_server.url}{target}{query}")
    link = page.locator(".cp-matrix tbody th.cp-student a").nth(1)
    href = link.get_attribute("href")
    link.focus()
    page.evaluate(f"{FOCUSED}.dataset.marked = 'yes'")

    next_poll(page)
    next_poll(page)
    # Nothing changed: the very element the keyboard is on is still there, focused.
    assert page.evaluate(f"{FOCUSED}.dataset.marked") == "yes"

    api_get(live_server.url, "/api/todos", students[2].guid)  # Alan completes one
    done_cells = page.locator(".cp-matrix td.cp-done")
    for _ in range(40):  # the page's CSP forbids wait_for_function's evaluated predicate
        if done_cells.count() > 3 + 9:
            break
        page.wait_for_timeout(500)
    assert done_cells.count() > 3 + 9
    assert page.evaluate(f"{FOCUSED}.getAttribute('href')") == href


def new_session_page(page: Any, live_server: Any) -> str:
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/")
    page.get_by_role("button", name="Create a session").click()
    page.wait_for_url(re.compile(r"/gui/challenges/[0-9a-f-]{36}$"))
    expect(page.locator("#live-note")).to_be_visible()  # the scripts are running
    return page.locator("#guid-value").inner_text().strip()


def test_a_history_entry_arriving_keeps_the_focus(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    writer.discard()
    guid = new_session_page(page, live_server)
    api_get(live_server.url, "/api/todos", guid)
    writer.flush()
    entries = page.locator("#history li[data-entry]")
    expect(entries).to_have_count(1, timeout=20_000)
    summary = entries.first.locator("summary")
    summary.focus()
    page.keyboard.press("Enter")  # opens it
    page.evaluate(f"{FOCUSED}.dataset.marked = 'yes'")

    api_get(live_server.url, "/api/todos/999999", guid)
    writer.flush()
    expect(entries).to_have_count(2, timeout=20_000)
    assert page.evaluate(f"{FOCUSED}.dataset.marked") == "yes"
    assert page.evaluate(f"{FOCUSED}.closest('details').open") is True


def test_send_has_the_focus_back_after_the_answer(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    new_session_page(page, live_server)
    row = page.locator("#c-GET_TODOS")
    row.get_by_role("button", name="Try it").click()
    editor = row.locator(".tryit")
    send = editor.get_by_role("button", name="Send")
    send.focus()
    page.keyboard.press("Enter")
    expect(editor.locator(".tryit-verdict")).to_have_text("✓ Challenge done.")
    expect(send).to_be_focused()


def test_the_response_headers_box_is_reachable_by_keyboard(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    new_session_page(page, live_server)
    row = page.locator("#c-GET_TODOS")
    row.get_by_role("button", name="Try it").click()
    editor = row.locator(".tryit")
    editor.get_by_role("button", name="Send").click()
    box = editor.get_by_role("region", name="Response headers")
    expect(box).to_have_attribute("tabindex", "0")
    expect(box).to_contain_text("x-challenger")
    box.focus()
    expect(box).to_be_focused()
