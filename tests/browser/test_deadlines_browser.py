"""An instructor of a server set to New York time types a due time into the assignment
form as their clock reads it, and the class page shows it back with its zone; a student
given their own due time is marked on the class page."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from challengers.models import Challenger, Cohort
from classroom.models import Assignment

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def new_york(settings) -> None:  # noqa: ANN001 - pytest-django's settings fixture
    settings.TIME_ZONE = "America/New_York"


def log_in(page: Any, live_server: Any, django_user_model: Any, target: str) -> None:
    django_user_model.objects.create_superuser("teacher", "t@example.org", "s3cret-pass")
    page.goto(f"{live_server.url}/admin/login/?next={target}")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password").fill("s3cret-pass")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}{target}")


def test_the_form_takes_new_york_time_and_the_class_page_shows_it(
    live_server: Any, page: Any, django_user_model: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    Challenger.objects.create(guid=str(uuid.uuid4()), display_name="Ada", cohort=cohort)
    target = f"/admin/classroom/assignment/add/?cohort={cohort.pk}"
    log_in(page, live_server, django_user_model, target)

    expect(page.locator(".field-due_at .help:not(.timezonewarning)")).to_contain_text(
        "In America/New_York (E"
    )
    page.locator("#id_title").fill("Week 1")
    page.locator("#id_sections input[type=checkbox]").first.check()
    page.locator("#id_due_at_0").fill("2040-01-15")
    page.locator("#id_due_at_1").fill("09:00:00")
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "assignment_form_new_york.png"), full_page=True)
    page.locator("input[name=_save]").click()
    page.wait_for_url(f"{live_server.url}/admin/classroom/assignment/")
    expect(page.locator("#result_list")).to_contain_text("2040-01-15 09:00 EST")
    assert Assignment.objects.get().due_at == datetime(2040, 1, 15, 14, 0, tzinfo=UTC)

    page.goto(f"{live_server.url}/admin/challengers/cohort/{cohort.pk}/progress/")
    expect(page.locator(".cp-assignment-lead")).to_contain_text("due 2040-01-15 09:00 EST")
    # The page's clock is the server's, in its zone, even after the page updated itself.
    page.wait_for_timeout(6_000)
    status = page.locator("[data-live-status]")
    expect(status).to_have_text(re.compile(r"Updated \d\d:\d\d:\d\d E[SD]T \(every 5 s\)"))
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "class_page_new_york.png"), full_page=False)


def test_a_student_given_their_own_due_time_is_marked_on_the_class_page(
    live_server: Any, page: Any, django_user_model: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    ada = Challenger.objects.create(guid=str(uuid.uuid4()), display_name="Ada", cohort=cohort)
    assignment = Assignment.objects.create(
        cohort=cohort,
        title="Week 1",
        challenges=["CREATE_NEW_CHALLENGER"],
        due_at=datetime(2040, 1, 15, 14, 0, tzinfo=UTC),
    )
    target = f"/admin/classroom/assignment/{assignment.pk}/change/"
    log_in(page, live_server, django_user_model, target)

    page.locator("#id_extensions-0-challenger").select_option(ada.guid)
    page.locator("#id_extensions-0-due_at_0").fill("2040-01-17")
    page.locator("#id_extensions-0-due_at_1").fill("18:30:00")
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "assignment_extension.png"), full_page=True)
    page.locator("input[name=_save]").click()
    page.wait_for_url(f"{live_server.url}/admin/classroom/assignment/")

    page.goto(f"{live_server.url}/admin/challengers/cohort/{cohort.pk}/progress/")
    marker = page.locator(".cp-extended").last
    expect(marker).to_have_attribute("title", "Own due time: 2040-01-17 18:30 EST")
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "class_page_extension.png"), full_page=False)


def test_the_question_about_earlier_marks_shows_once_the_due_time_changes(
    live_server: Any, page: Any, django_user_model: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    assignment = Assignment.objects.create(
        cohort=cohort,
        title="Week 1",
        challenges=["CREATE_NEW_CHALLENGER"],
        due_at=datetime(2040, 1, 15, 14, 0, tzinfo=UTC),
    )
    target = f"/admin/classroom/assignment/{assignment.pk}/change/"
    log_in(page, live_server, django_user_model, target)

    question = page.locator(".field-earlier_marks")
    expect(question).to_be_hidden()
    page.locator("#id_title").fill("Week 1 (again)")
    expect(question).to_be_hidden()
    page.locator("#id_due_at_1").fill("10:00:00")
    expect(question).to_be_visible()
    expect(page.get_by_label("Keep earlier marks", exact=False)).to_be_checked()
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "assignment_due_changed.png"), full_page=False)
