"""The student's pages are the curriculum's; what a class was assigned and a class's join
link come from the classroom, registered when it starts (`challenges.assigned`). With
nothing registered, the pages show neither, and show everything else as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client

from challengers.models import Challenger, Cohort
from challenges import assigned
from tests.assignment_fixtures import assign

pytestmark = pytest.mark.django_db


@pytest.fixture
def no_classroom(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry as it is before anything fills it."""
    monkeypatch.setattr(assigned, "_read", [assigned._none_assigned])
    monkeypatch.setattr(assigned, "_join", [assigned._no_join_path])
    yield


@pytest.fixture
def student() -> Challenger:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    assign(cohort, title="Warm-up")
    return Challenger.objects.create(guid="00000000-0000-4000-8000-000000000001", cohort=cohort)


def test_the_progress_page_shows_no_assignment_panel(
    client: Client, student: Challenger, no_classroom: None
) -> None:
    reply = client.get(f"/gui/challenges/{student.guid}")
    assert reply.status_code == 200
    html = reply.content.decode()
    assert "assignment-card" not in html
    assert "Warm-up" not in html


def test_the_status_json_lists_no_assignment(
    client: Client, student: Challenger, no_classroom: None
) -> None:
    reply = client.get(f"/gui/challenges/{student.guid}/status.json")
    assert reply.status_code == 200
    assert reply.json()["assignments"] == []


def test_the_start_page_offers_no_join_link(
    client: Client, student: Challenger, no_classroom: None
) -> None:
    html = client.get("/?cohort=monday-am").content.decode()
    assert 'id="ways-in"' in html
    assert 'id="way-join"' not in html


def test_with_the_classroom_the_same_pages_show_both(client: Client, student: Challenger) -> None:
    page = client.get(f"/gui/challenges/{student.guid}").content.decode()
    assert "assignment-card" in page and "Warm-up" in page
    status = client.get(f"/gui/challenges/{student.guid}/status.json").json()
    assert [a["title"] for a in status["assignments"]] == ["Warm-up"]
    assert 'href="/join/monday-am"' in client.get("/?cohort=monday-am").content.decode()
