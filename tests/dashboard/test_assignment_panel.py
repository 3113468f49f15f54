"""The progress page of a student whose class has an open assignment: its title, done /
assigned, the time left (or "due at … — closed"), the assigned challenges first and marked,
and the next challenge taken from the assignment. With none open, the page is as before."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from tests.assignment_fixtures import assign, minutes

pytestmark = pytest.mark.django_db

KEYS = keys_for("multi")
STAMP = "2026-03-04T10:15:00.000000Z"


@pytest.fixture
def cohort() -> Cohort:
    return Cohort.objects.create(code="monday-am", name="Monday morning")


def student(cohort: Cohort | None, done: int = 0) -> Challenger:
    return Challenger.objects.create(
        guid=f"00000000-0000-4000-8000-{done:012d}",
        cohort=cohort,
        progress={key: STAMP for key in KEYS[:done]},
    )


def page(client: Client, session: Challenger) -> str:
    reply = client.get(f"/gui/challenges/{session.guid}")
    assert reply.status_code == 200
    return reply.content.decode()


def panel(html: str) -> str:
    found = re.search(r'<section class="card assignment-card.*?</section>', html, re.S)
    assert found, "no assignment panel"
    return found.group(0)


def test_it_shows_the_title_and_done_of_assigned(client: Client, cohort: Cohort) -> None:
    assign(cohort, first=2, count=5, title="Sections 1-3")
    text = panel(page(client, student(cohort, done=4)))  # 03 and 04 of 03-07 done
    assert "Your assignment: Sections 1-3" in text
    assert "<span data-assignment-done>2</span> / 5</span> assigned challenges done" in text


def test_it_lists_the_assigned_challenges_marked_done_or_not(
    client: Client, cohort: Cohort
) -> None:
    assign(cohort, first=2, count=3)
    text = panel(page(client, student(cohort, done=3)))
    assert re.findall(r'data-assigned-key="(\w+)" class="(is-\w+)"', text) == [
        (KEYS[2], "is-done"),
        (KEYS[3], "is-todo"),
        (KEYS[4], "is-todo"),
    ]


def test_the_assigned_rows_are_marked_in_the_full_list(client: Client, cohort: Cohort) -> None:
    assign(cohort, first=2, count=2)
    html = page(client, student(cohort))
    assert html.count('<span class="assigned-badge">Assigned</span>') == 2
    assert re.search(rf'<tr id="c-{KEYS[2]}"[^>]*class="is-todo is-assigned"', html)
    assert re.search(rf'<tr id="c-{KEYS[0]}"[^>]*class="is-todo"', html)


def test_the_panel_comes_before_the_full_list(client: Client, cohort: Cohort) -> None:
    assign(cohort, first=40, count=2)
    html = page(client, student(cohort))
    assert html.index("assignment-card") < html.index('<tr id="c-')


def test_it_shows_the_time_left(client: Client, cohort: Cohort) -> None:
    assign(cohort, count=3, due_at=minutes(90.5))
    text = panel(page(client, student(cohort)))
    assert re.search(r"1 h 3[01] min left \(due \d{4}-\d\d-\d\d \d\d:\d\d UTC\)", text)


def test_after_the_due_time_it_says_closed(client: Client, cohort: Cohort) -> None:
    assign(cohort, count=3, due_at=minutes(-5))
    text = panel(page(client, student(cohort)))
    assert re.search(r"due at \d{4}-\d\d-\d\d \d\d:\d\d UTC — closed", text)


def test_a_late_completion_is_marked(client: Client, cohort: Cohort) -> None:
    assign(cohort, count=3, due_at=minutes(-60 * 24 * 365 * 5))
    text = panel(page(client, student(cohort, done=1)))
    assert text.count("done after the due time") == 1


def test_the_next_challenge_is_the_first_open_one_of_the_assignment(
    client: Client, cohort: Cohort
) -> None:
    assign(cohort, first=30, count=3)
    html = page(client, student(cohort, done=1))
    assert f'data-next="{KEYS[30]}"' in html


def test_with_the_assignment_done_the_next_challenge_is_the_first_open_one(
    client: Client, cohort: Cohort
) -> None:
    assign(cohort, first=0, count=2)
    html = page(client, student(cohort, done=3))
    assert f'data-next="{KEYS[3]}"' in html


def test_the_status_json_follows_the_assignment(client: Client, cohort: Cohort) -> None:
    assign(cohort, first=30, count=3, title="Today")
    session = student(cohort, done=1)
    data = client.get(f"/gui/challenges/{session.guid}/status.json").json()
    assert data["next"] == KEYS[30]
    assert data["assignments"] == [
        {
            "title": "Today",
            "done": 0,
            "assigned": 3,
            "doneKeys": [],
            "uncounted": {},
            "dueAt": None,
            "closed": False,
        }
    ]


def test_several_open_assignments_are_shown_the_one_due_first_leading(
    client: Client, cohort: Cohort
) -> None:
    assign(cohort, first=10, count=2, title="Later", due_at=minutes(120))
    assign(cohort, first=20, count=2, title="Sooner", due_at=minutes(30))
    html = page(client, student(cohort))
    assert html.index("Your assignment: Sooner") < html.index("Also assigned: Later")
    assert f'data-next="{KEYS[20]}"' in html


def test_an_assignment_not_yet_open_is_not_shown(client: Client, cohort: Cohort) -> None:
    assign(cohort, first=30, count=3, opens_at=minutes(10))
    html = page(client, student(cohort, done=1))
    assert "assignment-card" not in html
    assert f'data-next="{KEYS[1]}"' in html


def test_another_cohorts_assignment_is_not_shown(client: Client, cohort: Cohort) -> None:
    assign(cohort, first=30, count=3)
    other = Cohort.objects.create(code="tuesday", name="Tuesday")
    html = page(client, student(other))
    assert "assignment-card" not in html
    assert "is-assigned" not in html
