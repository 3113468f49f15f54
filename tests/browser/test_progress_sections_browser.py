"""The progress page fits: "Hide done challenges" and folding a section, both remembered in
the browser across a reload; following a link to a folded challenge shows it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import new_session

pytestmark = pytest.mark.browser


def test_hide_done_hides_done_challenges_and_is_remembered(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)  # completes challenge 01
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    done, todo = page.locator("#c-CREATE_NEW_CHALLENGER"), page.locator("#c-GET_TODOS")
    expect(done).to_be_visible()

    page.get_by_label("Hide done challenges").check()
    expect(done).to_be_hidden()
    expect(todo).to_be_visible()
    expect(page.locator("#getting-started .all-done-note")).to_be_visible()

    page.reload()
    expect(page.get_by_label("Hide done challenges")).to_be_checked()
    expect(page.locator("#c-CREATE_NEW_CHALLENGER")).to_be_hidden()
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "progress_hide_done.png"), full_page=False)

    page.get_by_label("Hide done challenges").uncheck()
    expect(page.locator("#c-CREATE_NEW_CHALLENGER")).to_be_visible()


def test_a_folded_section_stays_folded_and_a_link_unfolds_it(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    section = page.locator("section.challenge-section").nth(2)
    fold = section.locator(".section-fold")
    expect(fold).to_have_attribute("aria-expanded", "true")
    fold.click()
    expect(section).to_have_class(re.compile(r"\bis-folded\b"))
    expect(section.locator("table")).to_be_hidden()

    page.reload()
    section = page.locator("section.challenge-section").nth(2)
    expect(section).to_have_class(re.compile(r"\bis-folded\b"))
    expect(section.locator(".section-fold")).to_have_attribute("aria-expanded", "false")

    first_row = section.locator("tr[data-key]").first
    key = first_row.get_attribute("data-key")
    page.evaluate(f"window.location.hash = 'c-{key}'")
    expect(section).not_to_have_class(re.compile(r"\bis-folded\b"))
    expect(first_row).to_be_visible()


def test_the_api_docs_link_authorizes_the_session(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    page.get_by_role("link", name="Open the API docs").click()
    expect(page.locator(".swagger-ui .information-container")).to_be_visible(timeout=30_000)
    page.wait_for_function(
        "() => { try { return !!ui.getState().getIn(['auth', 'authorized', 'xChallenger']); }"
        " catch (e) { return false; } }"
    )
    value = page.evaluate(
        "() => ui.getState().getIn(['auth', 'authorized', 'xChallenger', 'value'])"
    )
    assert value == guid
