"""On the class page "active" means API requests: a student who joined, or whose progress
page is open (with its polls), or whose dashboard the instructor opened, is not active;
one API request, from any client or from the progress page's "Try it", makes them active,
even while an open page keeps them seen."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client as SiteClient
from django.utils import timezone

from challengers.models import Challenger, Cohort
from tests.client import Client

PAGE = "/admin/challengers/cohort/{pk}/progress/"


@pytest.fixture
def student(cohort: Cohort) -> tuple[Client, str]:
    """A browser that joined the class through its join link, yesterday: its session and
    the time it was last seen are a day old, so anything that still touches it shows."""
    browser = Client()
    assert browser.post(f"/join/{cohort.code}", {"display_name": "Ada"}).status_code == 303
    session = Challenger.objects.get(cohort=cohort)
    yesterday = timezone.now() - timedelta(days=1)
    Challenger.objects.filter(pk=session.pk).update(created_at=yesterday, last_seen=yesterday)
    return browser, session.guid


def activity(instructor: SiteClient, cohort: Cohort) -> tuple[int, int]:
    """What the class page says: how many students sent API requests in the last 30
    minutes, and how many rows are marked active."""
    html = instructor.get(PAGE.format(pk=cohort.pk)).content.decode()
    found = re.search(r"<strong>(\d+)</strong> sent API requests in the last 30 minutes", html)
    assert found, "no activity count"
    return int(found.group(1)), html.count('class="cp-row-active"')


def test_joining_does_not_make_a_student_active(
    admin_client: SiteClient, cohort: Cohort, student: tuple[Client, str]
) -> None:
    browser = Client()
    assert browser.post(f"/join/{cohort.code}", {"display_name": "Bob"}).status_code == 303
    assert activity(admin_client, cohort) == (0, 0)


def test_the_progress_page_does_not_make_a_student_active(
    admin_client: SiteClient, cohort: Cohort, student: tuple[Client, str]
) -> None:
    browser, guid = student
    assert browser.get(f"/gui/challenges/{guid}").status_code == 200
    assert activity(admin_client, cohort) == (0, 0)


def test_the_progress_pages_polls_do_not_make_a_student_active(
    admin_client: SiteClient, cohort: Cohort, student: tuple[Client, str]
) -> None:
    browser, guid = student
    assert browser.get(f"/gui/challenges/{guid}/status.json").status_code == 200
    assert browser.get(f"/gui/challenges/{guid}/status.json?history=0").status_code == 200
    assert activity(admin_client, cohort) == (0, 0)


def test_the_instructor_opening_a_students_pages_does_not_make_them_active(
    admin_client: SiteClient, cohort: Cohort, student: tuple[Client, str]
) -> None:
    _, guid = student
    assert admin_client.get(f"/gui/challenges/{guid}").status_code == 200
    assert admin_client.get(f"/admin/challengers/challenger/{guid}/change/").status_code == 200
    assert activity(admin_client, cohort) == (0, 0)


def test_an_api_request_makes_a_student_active(
    admin_client: SiteClient, cohort: Cohort, student: tuple[Client, str]
) -> None:
    _, guid = student
    api_client = Client()
    assert api_client.get("/api/todos", headers={"X-CHALLENGER": guid}).status_code == 200
    assert activity(admin_client, cohort) == (1, 1)


def test_a_try_it_request_from_the_progress_page_makes_a_student_active(
    admin_client: SiteClient, cohort: Cohort, student: tuple[Client, str]
) -> None:
    # What the page's script sends: a same-origin fetch with the student's X-CHALLENGER
    # and no cookies; it is the student's API work.
    _, guid = student
    page = Client()
    reply = page.get(
        "/api/todos",
        headers={
            "X-CHALLENGER": guid,
            "Referer": f"http://testserver/gui/challenges/{guid}",
            "Sec-Fetch-Site": "same-origin",
            "Sec-Fetch-Mode": "cors",
            "Sec-Fetch-Dest": "empty",
        },
    )
    assert reply.status_code == 200
    assert activity(admin_client, cohort) == (1, 1)


def test_an_api_request_counts_while_an_open_page_keeps_the_student_seen(
    admin_client: SiteClient, cohort: Cohort, student: tuple[Client, str]
) -> None:
    browser, guid = student
    api_client = Client()
    assert api_client.get("/api/todos", headers={"X-CHALLENGER": guid}).status_code == 200
    # Twenty minutes on, the progress page has just been polled; the next request
    # completes nothing new and nearly completes nothing, and still counts.
    twenty_ago = timezone.now() - timedelta(minutes=20)
    Challenger.objects.filter(pk=guid).update(last_api_request=twenty_ago)
    assert browser.get(f"/gui/challenges/{guid}/status.json").status_code == 200
    assert activity(admin_client, cohort) == (1, 0)  # 20 minutes: not in the last 10
    assert api_client.get("/api/todos", headers={"X-CHALLENGER": guid}).status_code == 200
    assert activity(admin_client, cohort) == (1, 1)
