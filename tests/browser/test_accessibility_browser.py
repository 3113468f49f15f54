"""axe-core, the accessibility checker, finds no WCAG 2.1 A/AA violation on our own pages
in Chromium: the start page, the join page, its "Is this you?" page and its welcome page,
a progress page with progress, a near miss, history entries and a Try it panel open, the
mirror's and the simulator's explanation pages, the instructor's class page (laptop and
projector mode), the cohort's change page and the confirmation of merging two sessions. Django's own admin pages (lists, login) are left out.

axe-core is installed here from tests/browser/axe/package-lock.json (`npm ci`, once per
test run, when the installed copy is missing or older than the lock file). Without npm
the tests are skipped, saying so; with npm, a failed install fails them.

The pages forbid scripts from anywhere but our own files (Content-Security-Policy), so
these tests' browser context bypasses the policy to inject axe; the policy itself is
checked by test_content_security_policy_browser.py.

SCREENSHOTS=/some/dir keeps a picture of each page checked.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from history import writer
from tests.assignment_fixtures import assign, minutes
from tests.browser.helpers import api_get, log_in
from tests.near_miss_entries import near_miss

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        shutil.which("npm") is None,
        reason="npm is not installed: axe-core cannot be installed to check the pages",
    ),
]

AXE_DIR = Path(__file__).resolve().parent / "axe"
AXE = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
LOCK = AXE_DIR / "package-lock.json"
INSTALLED = AXE_DIR / "node_modules" / ".package-lock.json"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
KEYS = keys_for("multi")


@pytest.fixture(scope="session")
def axe_script() -> Path:
    fresh = INSTALLED.exists() and INSTALLED.stat().st_mtime >= LOCK.stat().st_mtime
    if not (AXE.exists() and fresh):
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=AXE_DIR,
            check=True,
            timeout=600,
        )
    return AXE


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    """A page whose Content-Security-Policy is bypassed, so axe can be injected."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.set_default_navigation_timeout(60_000)
    yield page
    context.close()


def violations(page: Any, axe_script: Path, shots: Path | None, name: str) -> list[str]:
    """axe's WCAG 2.1 A/AA violations on the page as it is now, one line each."""
    if shots:
        page.screenshot(path=str(shots / f"a11y_{name}.png"), full_page=True)
    page.add_script_tag(path=str(axe_script))
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", TAGS
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + json.dumps([n["target"] for n in v["nodes"]][:5])
        for v in result["violations"]
    ]


def assert_clean(page: Any, axe_script: Path, shots: Path | None, name: str) -> None:
    found = violations(page, axe_script, shots, name)
    assert found == [], "\n".join(found)


def make_class() -> tuple[Cohort, list[Challenger]]:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    assign(cohort, first=0, count=12, title="Sections 1-3", due_at=minutes(75))
    students = []
    for n, name in enumerate(("Ada Lovelace", "Grace Hopper", "Alan Turing")):
        done = (3, 9, 0)[n]
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


@pytest.mark.parametrize(
    "path", ["/", "/practice-modes/mirror", "/practice-modes/simulation"], ids=str
)
def test_a_page_has_no_violations(
    live_server: Any, page: Any, axe_script: Path, screenshot_dir: Path | None, path: str
) -> None:
    page.goto(f"{live_server.url}{path}")
    name = path.strip("/").replace("/", "_") or "start"
    assert_clean(page, axe_script, screenshot_dir, name)


def test_the_join_page_and_its_welcome_have_no_violations(
    live_server: Any, page: Any, axe_script: Path, screenshot_dir: Path | None
) -> None:
    Cohort.objects.create(code="monday-am", name="Monday morning")
    page.goto(f"{live_server.url}/join/monday-am")
    assert_clean(page, axe_script, screenshot_dir, "join")
    page.get_by_label("Display name").fill("Ada Lovelace")
    page.get_by_role("button", name="Join the class").click()
    page.wait_for_url(f"{live_server.url}/join/monday-am/welcome")
    assert_clean(page, axe_script, screenshot_dir, "join_welcome")


def test_the_join_pages_same_name_question_has_no_violations(
    live_server: Any, page: Any, axe_script: Path, screenshot_dir: Path | None
) -> None:
    cohort, _ = make_class()
    page.goto(f"{live_server.url}/join/monday-am")
    page.get_by_label("Display name").fill("Ada Lovelace")
    page.get_by_role("button", name="Join the class").click()
    page.get_by_role("heading", name="Is this you?").wait_for()
    assert_clean(page, axe_script, screenshot_dir, "join_same_name")


def test_a_progress_page_in_use_has_no_violations(
    live_server: Any, page: Any, axe_script: Path, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    writer.discard()
    cohort, students = make_class()
    guid = students[1].guid
    api_get(live_server.url, "/api/todos", guid)
    api_get(live_server.url, "/api/todos/999999", guid)
    writer.flush()
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    expect(page.locator("#history li[data-entry]")).to_have_count(2)
    page.locator("#history summary").first.click()
    row = page.locator("tr.is-todo[data-key]").first
    row.get_by_role("button", name="Try it").click()
    row.locator(".tryit").get_by_role("button", name="Send").click()
    expect(row.locator(".tryit-status")).to_have_text(re.compile(r"^HTTP "))
    assert_clean(page, axe_script, screenshot_dir, "progress")


@pytest.mark.parametrize("mode", ["laptop", "projector"])
def test_the_class_page_has_no_violations(
    live_server: Any,
    page: Any,
    django_user_model: Any,
    axe_script: Path,
    screenshot_dir: Path | None,
    mode: str,
) -> None:
    cohort, _ = make_class()
    target = f"/admin/challengers/cohort/{cohort.pk}/progress/"
    log_in(page, live_server.url, django_user_model, target)
    if mode == "projector":
        page.goto(f"{live_server.url}{target}?projector=1&names=initials")
    assert_clean(page, axe_script, screenshot_dir, f"class_{mode}")


def test_the_cohort_page_has_no_violations(
    live_server: Any,
    page: Any,
    django_user_model: Any,
    axe_script: Path,
    screenshot_dir: Path | None,
) -> None:
    cohort, _ = make_class()
    target = f"/admin/challengers/cohort/{cohort.pk}/change/"
    log_in(page, live_server.url, django_user_model, target)
    assert_clean(page, axe_script, screenshot_dir, "cohort")


def test_the_merge_confirmation_has_no_violations(
    live_server: Any,
    page: Any,
    django_user_model: Any,
    axe_script: Path,
    screenshot_dir: Path | None,
) -> None:
    _, students = make_class()
    target = "/admin/challengers/challenger/"
    log_in(page, live_server.url, django_user_model, target)
    for student in students[:2]:
        page.locator(f'input[name="_selected_action"][value="{student.guid}"]').check()
    page.locator('select[name="action"]').select_option("merge_two_sessions")
    page.get_by_role("button", name="Go", exact=True).click()
    page.get_by_role("group", name="Which session do you keep?").wait_for()
    assert_clean(page, axe_script, screenshot_dir, "merge_confirmation")
