"""The site's pages work in Chromium under their Content-Security-Policy: no page reports a
violation (a `securitypolicyviolation` event or the console's "Refused to …") or a script
error, while a student uses Try it, Swagger UI authorizes and sends a request, the class
page updates itself and shows its join QR code, and an instructor uses the admin.

SCREENSHOTS=/some/dir keeps a picture of each page as the policy let it draw."""

from __future__ import annotations

import re
import shutil
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from challengers.models import Challenger, Cohort
from tests.browser.helpers import api_get, log_in, new_session

pytestmark = pytest.mark.browser

# Reported to the test through a binding: it survives every navigation of the page.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", function (event) {
  window.reportViolation(event.violatedDirective + " blocked " + (event.blockedURI || "inline")
    + " at " + event.sourceFile + ":" + event.lineNumber);
});
"""


@dataclass
class Watch:
    """What the browser reported while the test ran."""

    violations: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        refused = [m for m in self.console if "Content Security Policy" in m or "Refused" in m]
        return self.violations + refused + self.errors


@pytest.fixture
def watched(page: Any) -> Iterator[tuple[Any, Watch]]:
    watch = Watch()
    page.expose_binding("reportViolation", lambda _source, text: watch.violations.append(text))
    page.add_init_script(REPORT_VIOLATIONS)
    page.on("console", lambda message: watch.console.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: watch.errors.append(f"page error: {error}"))
    yield page, watch


def shot(page: Any, directory: Path | None, name: str) -> None:
    if directory:
        page.screenshot(path=str(directory / f"csp_{name}.png"), full_page=False)


def test_the_students_pages_run_under_the_policy(
    live_server: Any, watched: tuple[Any, Watch], screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    page, watch = watched
    Cohort.objects.create(code="monday-am", name="Monday morning")
    base = live_server.url
    page.goto(f"{base}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("API Challenges")
    shot(page, screenshot_dir, "start")
    page.goto(f"{base}/join/monday-am")
    page.get_by_label("Display name").fill("Ada Lovelace")
    page.get_by_role("button", name="Join the class").click()
    page.wait_for_url(f"{base}/join/monday-am/welcome")
    expect(page.get_by_role("button", name="Copy")).to_be_visible()  # dashboard.js ran
    page.get_by_role("link", name="Open my progress page").click()
    expect(page.locator("#live-note")).to_be_visible()  # the status poll started
    for path, heading in (
        ("/practice-modes/mirror", "Mirror mode"),
        ("/practice-modes/simulation", "Simulation mode"),
        (f"/gui/challenges/{uuid.uuid4()}", "We don't know that session"),
    ):
        page.goto(f"{base}{path}")
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    assert watch.problems() == [], "\n".join(watch.problems())


def test_try_it_sends_its_request_under_the_policy(
    live_server: Any, watched: tuple[Any, Watch], screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    page, watch = watched
    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    row = page.locator("#c-GET_TODOS")
    row.get_by_role("button", name="Try it").click()
    editor = row.locator(".tryit")
    editor.get_by_role("button", name="Send").click()
    expect(editor.locator(".tryit-status")).to_have_text(re.compile(r"^HTTP 200"))
    expect(editor.locator(".tryit-verdict")).to_have_text("✓ Challenge done.")
    expect(row).to_have_class(re.compile(r"\bis-done\b"), timeout=20_000)
    editor.scroll_into_view_if_needed()
    shot(page, screenshot_dir, "try_it")
    assert watch.problems() == [], "\n".join(watch.problems())


def test_swagger_ui_authorizes_and_tries_a_request_under_the_policy(
    live_server: Any, watched: tuple[Any, Watch], screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    page, watch = watched
    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/docs?challenger={guid}")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("API Challenges")
    # The progress page's link authorized the session at once (the start script's onComplete).
    page.get_by_role("button", name=re.compile("Authorize")).first.click()
    dialog = page.locator(".modal-ux")
    expect(dialog).to_contain_text("xChallenger")
    expect(dialog.get_by_role("button", name="Remove authorization")).to_be_visible()
    shot(page, screenshot_dir, "swagger_authorize")
    dialog.get_by_role("button", name="Close").last.click()
    expect(dialog).to_have_count(0)
    path = page.locator('.opblock-get .opblock-summary-path[data-path="/api/todos"]')
    path.click()
    operation = page.locator(".opblock.is-open")
    operation.get_by_role("button", name="Try it out").click()
    operation.get_by_role("button", name="Execute").click()
    answer = operation.locator(".live-responses-table tbody .response-col_status").first
    expect(answer).to_have_text("200", timeout=20_000)
    expect(operation.locator(".curl-command")).to_contain_text(guid)
    operation.scroll_into_view_if_needed()
    shot(page, screenshot_dir, "swagger_try_it_out")
    assert api_get(live_server.url, "/api/challenges", guid) == 200
    done = Challenger.objects.get(pk=guid).progress
    assert "GET_TODOS" in done  # Swagger's request counted for the session
    assert watch.problems() == [], "\n".join(watch.problems())


@pytest.fixture
def classroom_page(live_server: Any, chromium: Any) -> Iterator[tuple[Any, Watch, str]]:
    """A page of a second browser that reaches the live server as `classroom.test`, as
    students reach a classroom server by a name or LAN address rather than localhost
    (Swagger UI treats localhost apart). It is launched by the session's Playwright."""
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    port = live_server.url.rsplit(":", 1)[1]
    rules = "--host-resolver-rules=MAP classroom.test 127.0.0.1"
    executable = str(CHROMIUM) if CHROMIUM.exists() else shutil.which("chromium")
    browser = chromium.browser_type.launch(executable_path=executable, args=[*CHROMIUM_ARGS, rules])
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(30_000)
        watch = Watch()
        page.expose_binding("reportViolation", lambda _source, text: watch.violations.append(text))
        page.add_init_script(REPORT_VIOLATIONS)
        page.on("console", lambda message: watch.console.append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: watch.errors.append(f"page error: {error}"))
        yield page, watch, f"http://classroom.test:{port}"
    finally:
        browser.close()


def test_swagger_ui_on_a_classroom_host_loads_nothing_from_elsewhere(
    classroom_page: tuple[Any, Watch, str],
) -> None:
    from playwright.sync_api import expect

    page, watch, base = classroom_page
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{base}/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("API Challenges")
    page.wait_for_timeout(1_000)  # a badge or a font would have been asked for by now
    assert [url for url in requested if not url.startswith(base)] == []
    assert watch.problems() == [], "\n".join(watch.problems())


def make_class() -> tuple[Cohort, Challenger]:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    for name in ("Ada Lovelace", "Grace Hopper"):
        Challenger.objects.create(guid=str(uuid.uuid4()), display_name=name, cohort=cohort)
    edsger = Challenger.objects.create(
        guid=str(uuid.uuid4()), display_name="Edsger Dijkstra", cohort=cohort
    )
    return cohort, edsger


def test_the_class_page_updates_under_the_policy(
    live_server: Any,
    watched: tuple[Any, Watch],
    django_user_model: Any,
    screenshot_dir: Path | None,
) -> None:
    from playwright.sync_api import expect

    page, watch = watched
    cohort, edsger = make_class()
    target = f"/admin/challengers/cohort/{cohort.pk}/progress/"
    log_in(page, live_server.url, django_user_model, target)
    expect(page.locator(".cp-join-qr svg")).to_be_visible()
    cell = page.locator('tr[data-name="edsger dijkstra"] td.cp-done')
    expect(cell).to_have_count(0)
    assert api_get(live_server.url, "/api/todos", edsger.guid) == 200
    expect(cell.first).to_be_visible(timeout=20_000)  # the every-5-seconds update swapped in
    bars = page.locator(".cp-bars .cp-bar > span")
    widths = bars.evaluate_all("all => all.map(el => el.getBoundingClientRect().width)")
    assert max(widths) > 0  # the width classes drew the bars
    if screenshot_dir:
        page.locator(".cp-bars").scroll_into_view_if_needed()
        shot(page, screenshot_dir, "class_page_bars")
    page.get_by_role("button", name="Progress").click()  # the sort buttons
    expect(page.locator(".cp-matrix tbody th.cp-student a").first).to_have_text("Edsger Dijkstra")
    shot(page, screenshot_dir, "class_page")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.get_by_role("link", name="Projector mode").click()
    expect(page.locator("body.cp-projector")).to_have_count(1)
    expect(page.locator(".cp-join svg")).to_be_visible()
    page.wait_for_timeout(6_000)  # an update arrives in projector mode too
    expect(page.locator("[data-live-status]")).to_contain_text("every 5 s")
    html = page.content()
    assert edsger.guid not in html
    shot(page, screenshot_dir, "projector")
    assert watch.problems() == [], "\n".join(watch.problems())


def test_the_admin_runs_under_the_policy(
    live_server: Any,
    watched: tuple[Any, Watch],
    django_user_model: Any,
    screenshot_dir: Path | None,
) -> None:
    from playwright.sync_api import expect

    page, watch = watched
    cohort, edsger = make_class()
    assert api_get(live_server.url, "/api/todos", edsger.guid) == 200
    log_in(page, live_server.url, django_user_model, "/admin/")
    page.get_by_role("button", name=re.compile("Toggle theme")).first.click()  # admin's theme.js
    page.goto(f"{live_server.url}/admin/challengers/cohort/{cohort.pk}/change/")
    expect(page.locator(".cp-join-qr svg")).to_be_visible()
    shot(page, screenshot_dir, "cohort_page")
    page.goto(f"{live_server.url}/admin/challengers/challenger/?q=Edsger")
    expect(page.locator("#result_list")).to_contain_text("Edsger Dijkstra")
    page.goto(f"{live_server.url}/admin/challengers/challenger/{edsger.guid}/change/")
    expect(page.locator(".history-admin")).to_be_visible()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messagelist")).to_contain_text("was changed successfully")
    page.goto(f"{live_server.url}/admin/challengers/cohort/{cohort.pk}/change/")
    page.get_by_role("link", name="Add an assignment").click()
    page.get_by_label("Title").fill("Sections 1-6")
    page.get_by_label("GET Challenges (4)").check()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messagelist")).to_contain_text("Sections 1-6")
    shot(page, screenshot_dir, "admin")
    assert watch.problems() == [], "\n".join(watch.problems())
