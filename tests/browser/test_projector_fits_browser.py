"""The class page in projector mode fits a laptop's or a small projector's screen (1280×720
and 1366×768): with a class of 30, a long "where the class is stuck" list and every
challenge's column, the matrix's first row is on screen without scrolling, and the join
QR code covers no text and no matrix cell, before and after scrolling.

Each run saves its screenshots as /tmp/projector-<width>x<height>-<view>.png."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from tests.assignment_fixtures import assign, minutes
from tests.browser.test_class_live_browser import log_in
from tests.near_miss_entries import near_miss

pytestmark = pytest.mark.browser

KEYS = keys_for("multi")
FIRSTS = ("Ali", "Ana", "Ben", "Bea", "Chris", "Chloe")
LASTS = ("Lee", "Lopez", "Smith", "Stone", "Li")
LONG_REASON = (
    "the request's Accept header asked for application/xml but the body sent was JSON, "
    "and the todo's title was longer than the 50 characters the API allows"
)
SIZES = [(1280, 720), (1366, 768)]
VIEWS = {"assignment": "", "all": "&columns=all"}

# Every visible line of text outside the join box (one rectangle per line of a text
# node) and every matrix cell, clipped to the part its scrolling box shows; then the
# ones that meet the join box.
COVERED = """() => {
  const join = document.querySelector(".cp-join").getBoundingClientRect();
  const joinBox = document.querySelector(".cp-join");
  const scroller = document.querySelector(".cp-scroll").getBoundingClientRect();
  const inScroller = (node) => node.parentElement.closest(".cp-scroll") !== null;
  const clip = (r, c) => ({left: Math.max(r.left, c.left), right: Math.min(r.right, c.right),
                           top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom)});
  const meets = (r) => r.right > join.left && r.left < join.right &&
                       r.bottom > join.top && r.top < join.bottom &&
                       r.right > r.left && r.bottom > r.top;
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || joinBox.contains(node)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (let r of range.getClientRects()) {
      if (inScroller(node)) r = clip(r, scroller);
      if (meets(r)) found.push("text: " + node.textContent.trim().slice(0, 40));
    }
  }
  for (const cell of document.querySelectorAll(".cp-matrix th, .cp-matrix td")) {
    if (meets(clip(cell.getBoundingClientRect(), scroller))) {
      found.push("cell: " + cell.outerHTML.slice(0, 60));
    }
  }
  return found;
}"""


def make_projected_class() -> Cohort:
    """30 students still sending requests with no credit for 40 minutes, each with near
    misses on five challenges (long reasons), two open assignments, and sessions of no
    class: everything the page can show above the matrix."""
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    assign(cohort, first=0, count=24, title="Sections 1-6", due_at=minutes(75))
    assign(cohort, first=24, count=12, title="Sections 7-8", due_at=minutes(180))
    earlier = (timezone.now() - timedelta(minutes=40)).isoformat()
    for n in range(30):
        done = 3 + n % 12
        Challenger.objects.create(
            guid=str(uuid.uuid4()),
            display_name=f"{FIRSTS[n % 6]} {LASTS[n // 6]}",
            cohort=cohort,
            progress=dict.fromkeys(KEYS[:done], earlier),
            near_misses={key: near_miss(LONG_REASON) for key in KEYS[done : done + 5]},
            created_at=timezone.now() - timedelta(hours=1),
            last_api_request=timezone.now(),
        )
    for _ in range(3):
        Challenger.objects.create(guid=str(uuid.uuid4()))
    return cohort


def covered(page: Any) -> list[str]:
    found: list[str] = page.evaluate(COVERED)
    return found


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_projected_class_fits_the_screen(
    live_server: Any, page: Any, django_user_model: Any, width: int, height: int, view: str
) -> None:
    from playwright.sync_api import expect

    cohort = make_projected_class()
    target = f"/admin/challengers/cohort/{cohort.pk}/progress/"
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, live_server, django_user_model, target)
    page.goto(f"{live_server.url}{target}?projector=1&names=initials{VIEWS[view]}")
    expect(page.locator("body.cp-projector")).to_have_count(1)
    expect(page.locator(".cp-stalled")).to_have_count(30)
    page.screenshot(path=f"/tmp/projector-{width}x{height}-{view}.png")

    first = page.locator(".cp-matrix tbody tr").first.bounding_box()
    name = page.locator(".cp-matrix tbody th.cp-student").first.bounding_box()
    assert first is not None and name is not None
    assert first["y"] >= 0 and first["y"] + first["height"] <= height, first
    assert name["x"] >= 0 and name["x"] + name["width"] <= width, name

    qr = page.locator(".cp-join svg").bounding_box()
    assert qr is not None and qr["x"] + qr["width"] <= width and qr["y"] + qr["height"] <= height
    assert covered(page) == []
    page.locator(".cp-scroll").evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    assert covered(page) == []
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.screenshot(path=f"/tmp/projector-{width}x{height}-{view}-scrolled.png")
    assert covered(page) == []
