"""A shared classroom computer in a real browser: a progress page opened from a link
someone sent leaves nothing behind for the next student (no cookie, nothing in the
browser's storage); a session the student remembers is offered on the start page until
"Forget" clears both.

SCREENSHOTS=/some/dir keeps a picture of the start page offering to forget, and of the
progress page offering to remember."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import new_session

pytestmark = pytest.mark.browser

STORE = "apichallenges.sessions"  # static/dashboard/dashboard.js


def test_a_sent_link_leaves_nothing_for_the_next_student(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    expect(page.locator("#live-note")).to_be_visible()  # the page's script ran
    expect(
        page.get_by_role("button", name="Remember this session on this computer")
    ).to_be_visible()
    if screenshot_dir:
        page.locator("#remember-form").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / "shared_remember.png"))
    assert "X-CHALLENGER" not in {cookie["name"] for cookie in page.context.cookies()}
    assert page.evaluate(f"window.localStorage.getItem('{STORE}')") is None
    page.goto(f"{live_server.url}/")
    expect(page.get_by_text("Welcome back")).to_have_count(0)
    expect(page.locator("#remembered")).to_be_hidden()
    assert guid not in page.content()


def test_remembering_then_forgetting_on_a_shared_computer(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    page.get_by_role("button", name="Remember this session on this computer").click()
    expect(page.get_by_role("button", name="Forget it on this computer")).to_be_visible()
    page.goto(f"{live_server.url}/")
    expect(page.get_by_role("heading", name="Welcome back")).to_be_visible()
    expect(page.locator("#remembered-list")).to_contain_text(guid)
    if screenshot_dir:
        page.locator("#forget-form").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / "shared_forget.png"))
    page.get_by_role("button", name="Forget this session on this computer").click()
    page.wait_for_url(f"{live_server.url}/")
    expect(page.get_by_text("Welcome back")).to_have_count(0)
    expect(page.locator("#remembered")).to_be_hidden()
    assert page.evaluate(f"window.localStorage.getItem('{STORE}')") is None
    assert guid not in page.content()
    page.goto(f"{live_server.url}/gui/challenges")
    page.wait_for_url(f"{live_server.url}/")


def test_the_start_pages_button_remembers_the_session_it_creates(
    live_server: Any, page: Any
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/")
    page.get_by_role("button", name="Create a session").click()
    page.wait_for_url(re.compile(r"/gui/challenges/[0-9a-f-]{36}$"))
    guid = page.locator("#guid-value").inner_text().strip()
    # The button's script sent POST /api/challenger (challenge 01) before opening the page.
    expect(page.locator("#c-CREATE_NEW_CHALLENGER")).to_have_class(re.compile(r"\bis-done\b"))
    expect(page.get_by_role("button", name="Forget it on this computer")).to_be_visible()
    page.goto(f"{live_server.url}/")
    expect(page.get_by_role("link", name="Continue with my progress")).to_have_attribute(
        "href", f"/gui/challenges/{guid}"
    )
