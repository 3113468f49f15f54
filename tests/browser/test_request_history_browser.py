"""A session's recent requests in a real browser: on the student's progress page, where
they appear without reloading, each entry opening to its headers and bodies; and on the
instructor's admin page. What a student sent (a header, a path, a body holding
`<script>`, `<img onerror=…>`, `"><svg onload=…>`) is drawn as text and runs nowhere.

The live server runs in this process, where history is written when a test calls
`writer.flush()`, as a server's batch thread does every second.
"""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from history import writer

pytestmark = pytest.mark.browser

HOSTILE_HEADER = "<img src=x onerror=\"window.__owned='header'\">"
HOSTILE_PATH = "/api/todos?title=%22%3E%3Csvg%20onload=window.__owned='path'%3E"
HOSTILE_BODY = (
    '{"title":"<script>window.__owned=\'body\'</script>",'
    '"description":"\\"><svg onload=window.__owned=\'svg\'>"}'
)
# Marks the page when anything a student sent ran: an alert, or one of the bodies' code.
WATCH = "window.__owned = undefined; window.alert = function () { window.__owned = 'alert'; };"


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()


def send(base: str, path: str, guid: str, body: str | None = None, **headers: str) -> int:
    data = body.encode() if body is not None else None
    request = urllib.request.Request(
        f"{base}{path}",
        data=data,
        method="POST" if data is not None else "GET",
        headers={"X-CHALLENGER": guid, "Content-Type": "application/json", **headers},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def new_session_page(page: Any, live_server: Any) -> str:
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/")
    page.get_by_role("button", name="Create a session").click()
    page.wait_for_url(re.compile(r"/gui/challenges/[0-9a-f-]{36}$"))
    expect(page.locator("#live-note")).to_be_visible()  # the scripts are running
    return page.locator("#guid-value").inner_text().strip()


def send_hostile(base: str, guid: str) -> None:
    send(base, "/api/todos", guid, HOSTILE_BODY, **{"X-Note": HOSTILE_HEADER})
    send(base, HOSTILE_PATH, guid)


def nothing_ran(page: Any, scope: str) -> None:
    assert page.evaluate("window.__owned") is None
    injected = page.evaluate(
        f"document.querySelectorAll('{scope} img, {scope} svg, {scope} script').length"
    )
    assert injected == 0


def test_requests_appear_newest_first_without_reloading(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    guid = new_session_page(page, live_server)
    card = page.locator("#history")
    expect(card.locator("[data-history-empty]")).to_be_visible()
    page.evaluate("window.__notReloaded = true")

    assert send(live_server.url, "/api/todos?doneStatus=true", guid) == 200
    writer.flush()
    entries = card.locator("li.history-entry")
    expect(entries).to_have_count(1, timeout=20_000)
    expect(entries.first.locator("summary")).to_contain_text("GET /api/todos?doneStatus=true")
    expect(entries.first.locator("summary")).to_contain_text("200")
    expect(entries.first.locator(".history-tag-near")).to_be_visible()
    expect(card.locator("[data-history-empty]")).to_be_hidden()

    entries.first.locator("summary").click()
    detail = entries.first.locator(".history-detail")
    expect(detail).to_be_visible()
    expect(detail.locator("table.history-headers")).to_contain_text(guid)
    expect(detail).to_contain_text("GET /api/todos (200) ?filter")

    assert send(live_server.url, "/api/challenges", guid) == 200
    writer.flush()
    expect(entries).to_have_count(2, timeout=20_000)
    expect(entries.first.locator("summary")).to_contain_text("GET /api/challenges")
    expect(entries.first.locator(".history-tag-done")).to_have_text("completed 1")
    # The entry the student opened stays open when the list is redrawn.
    expect(entries.nth(1).locator(".history-detail")).to_be_visible()
    assert page.evaluate("window.__notReloaded") is True
    if screenshot_dir:
        card.scroll_into_view_if_needed()
        card.screenshot(path=str(screenshot_dir / "history.png"))


def test_what_a_student_sent_runs_nowhere_on_the_progress_page(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    page.add_init_script(WATCH)
    page.on("dialog", lambda dialog: dialog.dismiss())
    guid = new_session_page(page, live_server)
    entries = page.locator("#history li.history-entry")

    # Drawn by the page's script, as the list updates itself.
    send_hostile(live_server.url, guid)
    writer.flush()
    expect(entries).to_have_count(2, timeout=20_000)
    for n in range(2):
        entries.nth(n).locator("summary").click()
    expect(page.locator("#history")).to_contain_text(HOSTILE_HEADER)
    expect(page.locator("#history")).to_contain_text("<script>window.__owned='body'</script>")
    page.wait_for_timeout(500)
    nothing_ran(page, "#history")

    # Drawn by the server, on a fresh load.
    page.reload()
    expect(entries).to_have_count(2)
    for n in range(2):
        entries.nth(n).locator("summary").click()
    expect(page.locator("#history")).to_contain_text(HOSTILE_HEADER)
    expect(page.locator("#history")).to_contain_text("%3Csvg%20onload=window.__owned=")
    page.wait_for_timeout(500)
    nothing_ran(page, "#history")


def test_what_a_student_sent_runs_nowhere_on_the_admin_page(
    live_server: Any, page: Any, django_user_model: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    guid = urllib.request.urlopen(
        urllib.request.Request(f"{live_server.url}/api/challenger", method="POST"), timeout=30
    ).headers["X-CHALLENGER"]
    send_hostile(live_server.url, guid)
    send(live_server.url, "/api/todos", guid, Authorization="Basic c2VjcmV0OnBhc3M=")
    writer.flush()

    django_user_model.objects.create_superuser("teacher", "t@example.org", "s3cret-pass")
    page.add_init_script(WATCH)
    page.on("dialog", lambda dialog: dialog.dismiss())
    target = f"/admin/challengers/challenger/{guid}/change/"
    page.goto(f"{live_server.url}/admin/login/?next={target}")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password").fill("s3cret-pass")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}{target}")

    section = page.locator(".history-admin")
    entries = section.locator("li.history-entry")
    expect(entries).to_have_count(3)
    for n in range(3):
        entries.nth(n).locator("summary").click()
    expect(section).to_contain_text(HOSTILE_HEADER)
    expect(section).to_contain_text("<script>window.__owned='body'</script>")
    expect(entries.first.locator("table.history-headers")).to_contain_text("Authorization")
    expect(section).not_to_contain_text("c2VjcmV0OnBhc3M=")
    page.wait_for_timeout(500)
    nothing_ran(page, ".history-admin")
    if screenshot_dir:
        section.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / "admin_history.png"), full_page=False)


def test_a_poll_asks_only_for_what_is_newer_than_the_list(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    guid = new_session_page(page, live_server)
    card = page.locator("#history")
    entries = card.locator("li.history-entry")
    for n in (1, 2):
        assert send(live_server.url, f"/api/todos?n={n}", guid) == 200
        writer.flush()
        expect(entries).to_have_count(n, timeout=20_000)
    newest = entries.first.get_attribute("data-entry")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    assert send(live_server.url, "/api/todos?n=3", guid) == 200
    writer.flush()
    expect(entries).to_have_count(3, timeout=20_000)
    assert any(url.endswith(f"/status.json?history={newest}") for url in asked), asked
    paths = [entries.nth(i).locator("code.history-request").inner_text() for i in range(3)]
    assert paths == ["GET /api/todos?n=3", "GET /api/todos?n=2", "GET /api/todos?n=1"]


def test_requests_of_a_session_merged_in_appear_in_the_list(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    from classroom.services import merge_sessions
    from tests.browser.helpers import new_session

    # The student's phone session, used first: its requests are older than the laptop's.
    phone = new_session(live_server.url)
    assert send(live_server.url, "/api/todos?from=phone", phone) == 200
    writer.flush()
    laptop = new_session_page(page, live_server)
    card = page.locator("#history")
    entries = card.locator("li.history-entry")
    assert send(live_server.url, "/api/todos?from=laptop", laptop) == 200
    writer.flush()
    expect(entries.filter(has_text="from=laptop")).to_have_count(1, timeout=20_000)

    merge_sessions(laptop, phone)  # as the instructor does in the admin
    expect(entries.filter(has_text="from=phone")).to_have_count(1, timeout=30_000)
    expect(entries.filter(has_text="from=laptop")).to_have_count(1)
