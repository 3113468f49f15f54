"""The progress page's "Try it" editor in a real browser: it sends a challenge's example
with the student's session and shows the answer and the challenge done; a request the
browser cannot send (TRACE) is refused with the curl command to use instead."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import new_session

pytestmark = pytest.mark.browser


def progress(base: str, guid: str) -> dict[str, bool]:
    with urllib.request.urlopen(f"{base}/api/challenger/{guid}", timeout=30) as response:
        return json.loads(response.read())["challengeStatus"]


def test_try_it_sends_the_example_and_the_challenge_is_done(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    row = page.locator("#c-GET_TODOS")
    row.get_by_role("button", name="Try it").click()
    editor = row.locator(".tryit")
    expect(editor.get_by_label("Method")).to_have_value("GET")
    expect(editor.get_by_label("Path")).to_have_value("/api/todos")
    expect(editor.get_by_label("Headers (one Name: value a line)")).to_have_value(
        f"X-CHALLENGER: {guid}"
    )
    editor.get_by_role("button", name="Send").click()

    expect(editor.locator(".tryit-status")).to_have_text(re.compile(r"^HTTP 200"))
    expect(editor.locator(".tryit-answer-headers")).to_contain_text(f"x-challenger: {guid}")
    expect(editor.locator(".tryit-answer-body")).to_contain_text('"todos"')
    expect(editor.locator(".tryit-verdict")).to_have_text("✓ Challenge done.")
    expect(row).to_have_class(re.compile(r"\bis-done\b"), timeout=20_000)
    assert progress(live_server.url, guid)["GET_TODOS"] is True

    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    editor.get_by_role("button", name="Copy as curl").click()
    expect(editor.get_by_role("button", name="Copied")).to_be_visible()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"curl -i '{live_server.url}/api/todos' -H 'X-CHALLENGER: {guid}'"
    if screenshot_dir:
        editor.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / "try_it.png"), full_page=False)


def test_a_body_goes_with_its_content_type(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    row = page.locator("#c-POST_TODOS")
    row.get_by_role("button", name="Try it").click()
    editor = row.locator(".tryit")
    editor.get_by_role("button", name="Send").click()
    expect(editor.locator(".tryit-status")).to_have_text(re.compile(r"^HTTP 201"))
    expect(editor.locator(".tryit-verdict")).to_have_text("✓ Challenge done.")


def test_trace_is_refused_with_the_curl_command_offered(
    live_server: Any, page: Any, screenshot_dir: Path | None
) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    row = page.locator("#c-TRACE_HEARTBEAT_501")
    row.get_by_role("button", name="Try it").click()
    editor = row.locator(".tryit")
    editor.get_by_role("button", name="Send").click()

    refusal = editor.locator(".tryit-refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("Browsers do not send TRACE requests.")
    expect(refusal.locator("pre")).to_have_text(
        f"curl -i -X TRACE '{live_server.url}/api/heartbeat' -H 'X-CHALLENGER: {guid}'"
    )
    expect(editor.locator(".tryit-result")).to_be_hidden()
    assert progress(live_server.url, guid)["TRACE_HEARTBEAT_501"] is False
    if screenshot_dir:
        editor.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / "try_it_trace.png"), full_page=False)


def test_a_forbidden_header_is_refused(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    row = page.locator("#c-GET_TODOS")
    row.get_by_role("button", name="Try it").click()
    editor = row.locator(".tryit")
    headers = editor.get_by_label("Headers (one Name: value a line)")
    headers.fill(f"X-CHALLENGER: {guid}\nContent-Length: 0")
    editor.get_by_role("button", name="Send").click()
    expect(editor.locator(".tryit-refusal")).to_contain_text(
        "Browsers set Content-Length themselves"
    )
    expect(editor.locator(".tryit-refusal pre")).to_contain_text("-H 'Content-Length: 0'")


def test_a_body_on_get_is_refused(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    row = page.locator("#c-GET_TODOS")
    row.get_by_role("button", name="Try it").click()
    editor = row.locator(".tryit")
    editor.get_by_label("Body", exact=True).fill('{"title": "x"}')
    editor.get_by_role("button", name="Send").click()
    expect(editor.locator(".tryit-refusal")).to_contain_text(
        "Browsers do not send a body with GET."
    )
    expect(editor.locator(".tryit-refusal pre")).to_have_text(
        f"curl -i -X GET '{live_server.url}/api/todos' -H 'X-CHALLENGER: {guid}'"
        ' --data-binary \'{"title": "x"}\''
    )


def test_the_next_challenge_panel_opens_its_editor(live_server: Any, page: Any) -> None:
    from playwright.sync_api import expect

    guid = new_session(live_server.url)
    page.goto(f"{live_server.url}/gui/challenges/{guid}")
    panel = page.locator("#next-challenge")
    expect(panel).to_have_attribute("data-next", "GET_CHALLENGES")
    panel.get_by_role("button", name="Try it").click()
    editor = page.locator("#c-GET_CHALLENGES .tryit")
    expect(editor.get_by_label("Path")).to_have_value("/api/challenges")
    editor.get_by_role("button", name="Send").click()
    expect(editor.locator(".tryit-verdict")).to_have_text("✓ Challenge done.")
    # The panel moves on to the next open challenge, and its button with it.
    expect(panel).to_have_attribute("data-next", "GET_TODOS", timeout=20_000)
    panel.get_by_role("button", name="Try it").click()
    expect(page.locator("#c-GET_TODOS .tryit").get_by_label("Path")).to_have_value("/api/todos")
