"""How often the open pages ask the server, in a real browser: a student's progress page
asks for its status and its history together every 5 s, the instructor's class page for
its class every 5 s, each a 304 while nothing changed, and none asks anything while the
page is hidden (another tab, a minimised window) until it is shown again."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from tests.browser.helpers import log_in, new_session

pytestmark = pytest.mark.browser

POLL = re.compile(r"/status\.json\?history=\d+$")
LIVE = re.compile(r"/progress/live\.json")
# The document's visibility as a minimised window has it, and as a shown one.
HIDE = """() => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
SHOW = """() => {
  delete document.hidden;
  delete document.visibilityState;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


class Answers:
    """The answers the page got, by the route they were for."""

    def __init__(self, page: Any) -> None:
        self.seen: list[tuple[str, int]] = []
        page.on("response", lambda response: self.seen.append((response.url, response.status)))

    def to(self, route: re.Pattern[str]) -> list[int]:
        return [status for url, status in self.seen if route.search(url)]

    def clear(self) -> None:
        self.seen.clear()


def open_progress_page(page: Any, base: str) -> Answers:
    from playwright.sync_api import expect

    guid = new_session(base)
    answers = Answers(page)
    page.goto(f"{base}/gui/challenges/{guid}")
    expect(page.locator("#live-note")).to_be_visible()  # the scripts are running
    return answers


def test_the_progress_page_asks_one_thing_every_5_seconds(live_server: Any, page: Any) -> None:
    answers = open_progress_page(page, live_server.url)
    page.wait_for_timeout(12_000)
    polls = answers.to(POLL)
    assert len(polls) == 2, answers.seen
    # Nothing changed since the page was drawn: not one full answer.
    assert set(polls) == {304}
    assert not [url for url, _ in answers.seen if url.endswith("/status.json")], answers.seen


def test_the_progress_page_asks_nothing_while_hidden(live_server: Any, page: Any) -> None:
    answers = open_progress_page(page, live_server.url)
    page.evaluate(HIDE)
    page.wait_for_timeout(500)  # a poll already on its way may still land
    answers.clear()
    page.wait_for_timeout(11_000)
    assert answers.to(POLL) == []
    page.evaluate(SHOW)
    # A poll was due while it was hidden: shown again, it asks at once.
    page.wait_for_timeout(1_500)
    assert len(answers.to(POLL)) == 1


def test_the_class_page_polls_an_unchanged_class_cheaply_and_not_while_hidden(
    live_server: Any, page: Any, django_user_model: Any
) -> None:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    for name, done in (("Ada Lovelace", 3), ("Grace Hopper", 9)):
        Challenger.objects.create(
            guid=str(uuid.uuid4()),
            display_name=name,
            cohort=cohort,
            progress={key: "2026-03-04T10:15:00Z" for key in keys_for("multi")[:done]},
        )
    target = f"/admin/challengers/cohort/{cohort.pk}/progress/"
    answers = Answers(page)
    log_in(page, live_server.url, django_user_model, target)
    page.wait_for_timeout(11_000)
    polls = answers.to(LIVE)
    assert 1 <= len(polls) <= 2, polls
    assert set(polls) == {304}
    page.evaluate(HIDE)
    page.wait_for_timeout(500)
    answers.clear()
    page.wait_for_timeout(11_000)
    assert answers.to(LIVE) == []
