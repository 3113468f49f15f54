"""A student in a real browser: creates a session on the dashboard, sends a request from
"their API client", and sees the challenge ticked, or nearly missed, without reloading."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import api_get

pytestmark = pytest.mark.browser


def test_a_completion_appears_without_reloading(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/")
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "start.png"), full_page=True)
    page.get_by_role("button", name="Create a session").click()
    page.wait_for_url(re.compile(r"/gui/challenges/[0-9a-f-]{36}$"))
    guid = page.locator("#guid-value").inner_text().strip()
    # The button sent POST /api/challenger itself, which completes challenge 01.
    expect(page.locator("#c-CREATE_NEW_CHALLENGER")).to_have_class(re.compile(r"\bis-done\b"))
    row = page.locator("#c-GET_CHALLENGES")
    expect(row).to_have_class(re.compile(r"\bis-todo\b"))
    expect(page.locator("#live-note")).to_be_visible()  # the script is running
    page.evaluate("window.__notReloaded = true")

    assert api_get(live_server.url, "/api/challenges", guid) == 200

    expect(row).to_have_class(re.compile(r"\bis-done\b"), timeout=20_000)
    expect(row.locator("td.col-done")).to_contain_text("Done")
    expect(row.locator("td.col-done time")).to_have_text(re.compile(r"UTC$"))
    expect(page.locator("[data-done-count]")).to_have_text("2")
    expect(page.locator('[data-section-done="first-real-challenge"]').first).to_have_text("1")
    assert page.evaluate("window.__notReloaded") is True
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "progress.png"), full_page=False)


def test_a_near_miss_appears_without_reloading(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/")
    page.get_by_role("button", name="Create a session").click()
    page.wait_for_url(re.compile(r"/gui/challenges/[0-9a-f-]{36}$"))
    guid = page.locator("#guid-value").inner_text().strip()
    row = page.locator("#c-GET_TODOS_FILTERED")
    expect(row).not_to_contain_text("last try")
    expect(page.locator("#live-note")).to_be_visible()  # the script is running
    page.evaluate("window.__notReloaded = true")

    # A fresh session has no done todo, so this filter cannot show done and not-done todos.
    assert api_get(live_server.url, "/api/todos?doneStatus=true", guid) == 200

    line = row.locator(".near-miss")
    expect(line).to_contain_text(
        re.compile(r"^last try: GET /api/todos\?doneStatus=true → 200: \S.*done", re.S),
        timeout=20_000,
    )
    expect(row).to_have_class(re.compile(r"\bis-todo\b"))
    assert page.evaluate("window.__notReloaded") is True
    if screenshot_dir:
        line.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / "near_miss.png"), full_page=False)


def test_the_session_is_remembered_on_the_start_page(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/")
    page.get_by_role("button", name="Create a session").click()
    page.wait_for_url(re.compile(r"/gui/challenges/"))
    guid = page.locator("#guid-value").inner_text().strip()
    page.goto(f"{live_server.url}/")
    expect(page.locator("#remembered")).to_be_visible()
    expect(page.locator("#remembered-list")).to_contain_text(guid)


def test_the_unknown_session_page_offers_a_way_back(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    response = page.goto(f"{live_server.url}/gui/challenges/3f0c2a8e-5b7d-4c1e-9a62-0d3b8e4f7a10")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("We don't know that session")
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "unknown.png"), full_page=True)
    page.get_by_role("button", name="Create a new session").click()
    page.wait_for_url(re.compile(r"/gui/challenges/[0-9a-f-]{36}$"))
