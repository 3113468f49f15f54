"""An instructor in a real browser: logs into the admin and reads the class progress page,
its near misses included."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from tests.near_miss_entries import near_miss

pytestmark = pytest.mark.browser


def open_class_progress(
    page: Any, live_server: Any, django_user_model: Any, students: list[dict[str, Any]]
) -> None:
    """A teacher logs in and opens the class progress page of a cohort of `students`
    (Challenger fields each, e.g. progress), named Student 1, Student 2…"""
    django_user_model.objects.create_superuser("teacher", "t@example.org", "s3cret-pass")
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    for n, fields in enumerate(students):
        Challenger.objects.create(
            guid=str(uuid.uuid4()), display_name=f"Student {n + 1}", cohort=cohort, **fields
        )
    target = f"/admin/challengers/cohort/{cohort.pk}/progress/"
    page.goto(f"{live_server.url}/admin/login/?next={target}")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password").fill("s3cret-pass")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}{target}")


def done_first(count: int) -> dict[str, str]:
    """Progress with the first `count` challenges (display order) done."""
    return {key: "2026-03-04T10:15:00Z" for key in keys_for("multi")[:count]}


def test_an_instructor_sees_the_class_matrix(
    live_server: Any, page: Any, django_user_model: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    students = [{"progress": done_first(done)} for done in (40, 12, 3, 99, 0)]
    open_class_progress(page, live_server, django_user_model, students)

    matrix = page.locator("table.cp-matrix")
    expect(matrix).to_be_visible()
    expect(matrix.locator("tbody tr")).to_have_count(5)
    expect(matrix.locator("td.cp-done")).to_have_count(40 + 12 + 3 + 99)
    first_done = matrix.locator("td.cp-done").first
    expect(first_done).to_have_text("✓")
    expect(first_done).to_have_attribute("title", "#01 done 2026-03-04 10:15 UTC")
    expect(page.locator("table.cp-bars tbody tr")).to_have_count(99)
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "class_progress.png"), full_page=False)
        page.locator("#bars-heading").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / "class_bars.png"), full_page=False)


def test_an_instructor_sees_near_miss_counts(
    live_server: Any, page: Any, django_user_model: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    reasons = ("your todos include 0 done todos", "your todos include 0 done todos", "not JSON")
    students = [
        {
            "progress": done_first(4 + n),
            "near_misses": {"GET_TODOS_FILTERED": near_miss(reason, at="2026-03-04T10:20:00Z")},
        }
        for n, reason in enumerate(reasons)
    ]
    open_class_progress(page, live_server, django_user_model, students)

    near_cells = page.locator("table.cp-matrix td.cp-near")
    expect(near_cells).to_have_count(3)
    expect(near_cells.first).to_have_text("≈")
    expect(near_cells.first).to_have_attribute(
        "title", re.compile(r"^#07 last try: GET /api/todos\?doneStatus=true → 200: ")
    )
    row = page.locator("table.cp-near-table tbody tr")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("GET /api/todos (200) ?filter")
    expect(row).to_contain_text("3 / 3")
    expect(row).to_contain_text("your todos include 0 done todos (2 of 3)")
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "class_near_misses.png"), full_page=False)
        page.locator("#near-heading").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / "class_near_table.png"), full_page=False)
