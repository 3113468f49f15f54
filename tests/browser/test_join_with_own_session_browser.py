"""In Chromium: a student who made a session from their own client (POST /api/challenger)
joins a class with it on the join page, sees it on the welcome page and challenge 01 done
on its progress page; and an instructor merges two sessions of one student from the
sessions' list, through the confirmation page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from challengers.models import Challenger, Cohort
from tests.browser.helpers import log_in, new_session

pytestmark = pytest.mark.browser

GUID_FIELD = "I already have a session: paste its X-CHALLENGER GUID (optional)"


def test_a_student_joins_with_the_session_their_client_made(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    guid = new_session(live_server.url)

    page.goto(f"{live_server.url}/join/monday-am")
    page.get_by_label("Display name").fill("Ada Lovelace")
    page.get_by_label(GUID_FIELD).fill(guid)
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "join_with_guid.png"), full_page=True)
    page.get_by_role("button", name="Join the class").click()
    page.wait_for_url(f"{live_server.url}/join/monday-am/welcome")

    expect(page.locator("#guid-value")).to_have_text(guid)
    expect(page.get_by_role("heading", name="Your progress")).to_be_visible()
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "join_with_guid_welcome.png"), full_page=True)
    assert Challenger.objects.get().cohort == cohort  # the only session, in the class

    page.get_by_role("link", name="Open my progress page").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your progress: Ada Lovelace")
    first = page.locator("#c-CREATE_NEW_CHALLENGER")
    expect(first).to_have_class("is-done")
    expect(first.locator("td.col-done")).to_contain_text("Done")
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "join_with_guid_progress.png"))
        first.screenshot(path=str(screenshot_dir / "join_with_guid_progress_01.png"))


def test_a_second_join_under_the_same_name_asks(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    Challenger.objects.create(
        guid="0b8f6a1e-58c3-4f7e-9a51-3c2d4e5f6a7b", display_name="Ada Lovelace", cohort=cohort
    )
    page.goto(f"{live_server.url}/join/monday-am")
    page.get_by_label("Display name").fill("ada lovelace")
    page.get_by_role("button", name="Join the class").click()

    expect(page.get_by_role("heading", name="Is this you?")).to_be_visible()
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "join_same_name.png"), full_page=True)
    page.get_by_label("Another display name").fill("Ada Byron")
    page.get_by_role("button", name="Join with this name").click()
    page.wait_for_url(f"{live_server.url}/join/monday-am/welcome")
    assert Challenger.objects.filter(cohort=cohort).count() == 2


def test_an_instructor_merges_two_sessions_of_one_student(
    live_server: Any, page: Any, django_user_model: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    linked = Challenger.objects.create(
        guid="0b8f6a1e-58c3-4f7e-9a51-3c2d4e5f6a7b",
        display_name="Ada Lovelace",
        cohort=cohort,
        progress={"GET_CHALLENGES": "2026-03-04T10:15:00Z"},
    )
    own = new_session(live_server.url)
    target = "/admin/challengers/challenger/"
    log_in(page, live_server.url, django_user_model, target)

    for guid in (linked.guid, own):
        page.locator(f'input[name="_selected_action"][value="{guid}"]').check()
    page.locator('select[name="action"]').select_option("merge_two_sessions")
    page.get_by_role("button", name="Go", exact=True).click()

    expect(page.get_by_role("group", name="Which session do you keep?")).to_be_visible()
    expect(page.locator(".merge-warning")).to_contain_text("deleted, with its todos")
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "merge_confirmation.png"), full_page=True)
    page.locator(f'input[name="keep"][value="{own}"]').check()
    page.get_by_role("button", name="Merge the two sessions").click()

    page.wait_for_url(f"{live_server.url}{target}{own}/change/")
    expect(page.locator(".messagelist")).to_contain_text(f"Merged session {linked.guid}")
    kept = Challenger.objects.get()
    assert kept.guid == own
    assert {"CREATE_NEW_CHALLENGER", "GET_CHALLENGES"} <= set(kept.progress)
    assert (kept.display_name, kept.cohort) == ("Ada Lovelace", cohort)
