"""A student joins a class in a real browser: opens the cohort's join link, types a name,
and reads the GUID and what to put in the API client; the cohort's admin page shows the
link and its QR code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from challengers.models import Challenger, Cohort

pytestmark = pytest.mark.browser


def test_a_student_joins_with_the_link(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    page.goto(f"{live_server.url}/join/monday-am")
    page.get_by_label("Display name").fill("Ada Lovelace")
    page.get_by_role("button", name="Join the class").click()
    page.wait_for_url(f"{live_server.url}/join/monday-am/welcome")
    session = Challenger.objects.get()
    assert session.cohort == cohort
    expect(page.locator("#guid-value")).to_have_text(session.guid)
    expect(page.locator("#base-url")).to_have_text(live_server.url)
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "join_welcome.png"), full_page=True)
    page.get_by_role("link", name="Open my progress page").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your progress: Ada Lovelace")


def test_the_cohort_page_shows_the_join_link_and_its_qr_code(
    live_server: Any, page: Any, django_user_model: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    django_user_model.objects.create_superuser("teacher", "t@example.org", "s3cret-pass")
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    target = f"/admin/challengers/cohort/{cohort.pk}/change/"
    page.goto(f"{live_server.url}/admin/login/?next={target}")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password").fill("s3cret-pass")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}{target}")
    expect(page.locator(".cp-join-url")).to_contain_text(f"{live_server.url}/join/monday-am")
    expect(page.locator(".cp-join-qr svg")).to_be_visible()
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "cohort_page.png"), full_page=True)
    page.get_by_role("link", name="Add an assignment").click()
    page.get_by_label("Title").fill("Sections 1-6")
    page.get_by_label("GET Challenges (4)").check()
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "assignment_form.png"), full_page=True)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messagelist")).to_contain_text("Sections 1-6")
