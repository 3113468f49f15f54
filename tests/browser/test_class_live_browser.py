"""The live class page in a real browser: a student's request shows up without a reload
(the matrix keeps its scroll position), the students sort by progress, projector mode
shows initials and the join link's QR code; and a student's assignment panel.

SCREENSHOTS=/some/dir keeps a picture of the class page at laptop and projector sizes and
of the student's assignment panel."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import display_id, keys_for
from tests.assignment_fixtures import assign, minutes
from tests.browser.helpers import api_get, log_in
from tests.near_miss_entries import near_miss

pytestmark = pytest.mark.browser

KEYS = keys_for("multi")
NAMES = ("Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson", "Edsger Dijkstra")


def make_class(with_assignment: bool = True) -> tuple[Cohort, list[Challenger]]:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    if with_assignment:
        assign(cohort, first=0, count=24, title="Sections 1-6", due_at=minutes(75))
    students = []
    for n, name in enumerate(NAMES):
        done = (3, 17, 9, 22, 0)[n]
        near = {KEYS[done]: near_miss("your todos include 0 done todos")} if done else {}
        students.append(
            Challenger.objects.create(
                guid=str(uuid.uuid4()),
                display_name=name,
                cohort=cohort,
                progress={key: "2026-03-04T10:15:00Z" for key in KEYS[:done]},
                near_misses=near,
                last_api_request=timezone.now(),
            )
        )
    return cohort, students


def test_a_students_request_shows_up_without_reload(
    live_server: Any, page: Any, django_user_model: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    cohort, students = make_class(with_assignment=False)
    target = f"/admin/challengers/cohort/{cohort.pk}/progress/"
    log_in(page, live_server.url, django_user_model, target)
    if screenshot_dir:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.screenshot(path=str(screenshot_dir / "class_live_laptop_all.png"))
    page.evaluate("window.stillTheSamePage = true")
    page.locator(".cp-scroll").evaluate("el => { el.scrollLeft = 120; }")
    edsger = students[4]  # nothing done yet
    cell = page.locator(
        f'tr[data-name="edsger dijkstra"] td[title^="#{display_id("GET_TODOS", "multi")} done"]'
    )
    expect(cell).to_have_count(0)
    assert api_get(live_server.url, "/api/todos", edsger.guid) == 200
    expect(cell).to_have_count(1, timeout=20_000)
    assert page.evaluate("window.stillTheSamePage") is True
    assert page.locator(".cp-scroll").evaluate("el => el.scrollLeft") == 120
    expect(page.locator("[data-live-status]")).to_contain_text("Updated")


def test_the_students_sort_by_progress_and_stay_sorted(
    live_server: Any, page: Any, django_user_model: Any
) -> None:
    from playwright.sync_api import expect

    cohort, _ = make_class()
    log_in(
        page, live_server.url, django_user_model, f"/admin/challengers/cohort/{cohort.pk}/progress/"
    )
    names = page.locator(".cp-matrix tbody th.cp-student a")
    expect(names.first).to_have_text("Ada Lovelace")
    page.get_by_role("button", name="Progress").click()
    expect(names.first).to_have_text("Katherine Johnson")  # 22 of the 24 assigned
    expect(page.get_by_role("button", name="Progress")).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(6_000)  # an update arrives: the order holds
    expect(names.first).to_have_text("Katherine Johnson")


def test_projector_mode_shows_initials_and_the_join_code(
    live_server: Any, page: Any, django_user_model: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    cohort, _ = make_class()
    target = f"/admin/challengers/cohort/{cohort.pk}/progress/"
    log_in(page, live_server.url, django_user_model, target)
    if screenshot_dir:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.screenshot(path=str(screenshot_dir / "class_live_laptop.png"))
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.get_by_role("link", name="Projector mode").click()
    expect(page.locator("body.cp-projector")).to_have_count(1)
    expect(page.locator(".cp-matrix tbody th.cp-student a").first).to_have_text("AL")
    expect(page.get_by_text("Ada Lovelace")).to_have_count(0)
    qr = page.locator(".cp-join svg")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    matrix = page.locator(".cp-scroll").bounding_box()
    # A column of its own at the right, beside the matrix rather than over it.
    assert box["width"] >= 150 and box["x"] > 1920 / 2 and box["x"] >= matrix["x"] + matrix["width"]
    expect(page.locator("#header")).to_be_hidden()
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "class_live_projector.png"))
    page.get_by_role("link", name="Hide names").click()
    expect(page.locator(".cp-matrix tbody th.cp-student a").first).to_have_text("#1")


def test_a_student_sees_the_assignment_panel(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    cohort, students = make_class()
    edsger = students[4]
    page.goto(f"{live_server.url}/gui/challenges/{edsger.guid}")
    card = page.locator("#assignment-1")
    expect(card).to_contain_text("Your assignment: Sections 1-6")
    expect(card.locator("[data-assignment-done]")).to_have_text("0")
    expect(card).to_contain_text("min left")
    if screenshot_dir:
        page.screenshot(path=str(screenshot_dir / "assignment_panel.png"))
    assert api_get(live_server.url, "/api/todos", edsger.guid) == 200
    expect(card.locator("[data-assignment-done]")).to_have_text("1", timeout=20_000)
    expect(card.locator('[data-assigned-key="GET_TODOS"]')).to_have_class("is-done")
