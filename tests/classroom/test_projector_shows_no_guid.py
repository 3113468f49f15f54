"""The instructor's class page, made to be projected, shows no student's GUID (their only
credential): not in its text, its links, its titles or its data attributes, in projector
mode or not, on the page or in the live update it polls. A student's row still leads the
instructor to that session's admin page, by a key that is not the GUID."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from tests.client import Client
from tests.near_miss_entries import near_miss

pytestmark = pytest.mark.django_db

KEYS = keys_for("multi")
PAGE = "/admin/challengers/cohort/{pk}/progress/"
LIVE = "/admin/challengers/cohort/{pk}/progress/live.json"


@pytest.fixture
def staff(client: Client, settings) -> Client:  # noqa: ANN001 - pytest-django's settings
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    client.force_login(User.objects.create_superuser("teacher", "t@example.org", "s3cret-pass"))
    return client


@pytest.fixture
def cohort() -> Cohort:
    return Cohort.objects.create(code="monday-am", name="Monday morning")


def student(cohort: Cohort, name: str = "", **fields: object) -> Challenger:
    """A student of `cohort` who sent an API request just now: named wherever the class
    page lists students at work."""
    return Challenger.objects.create(
        guid=str(uuid.uuid4()),
        display_name=name,
        cohort=cohort,
        progress={key: "2026-03-04T10:15:00Z" for key in KEYS[:2]},
        last_api_request=timezone.now(),
        **fields,
    )


@pytest.fixture
def students(cohort: Cohort) -> list[Challenger]:
    """A named student; one without a name; one whose near miss quotes a GUID in its path,
    with and without dashes; and one sending requests without new credit (listed as
    stalled, with a link)."""
    named = student(cohort, "Ada Lovelace")
    nameless = student(cohort)
    quoting = student(cohort, "Grace Hopper")
    quoting.near_misses = {
        KEYS[5]: near_miss(request=f"GET /api/challenger/{quoting.guid}"),
        KEYS[6]: near_miss(request=f"GET /api/challenger/{named.guid.replace('-', '').upper()}"),
    }
    quoting.save()
    stalled = student(cohort, "Alan Turing", created_at=timezone.now() - timedelta(hours=1))
    return [named, nameless, quoting, stalled]


def shown_guids(html: str, sessions: list[Challenger]) -> list[str]:
    """Each session's GUID found in `html`, in any case, with or without its dashes."""
    flat = html.lower().replace("-", "")
    return [s.guid for s in sessions if s.guid.replace("-", "") in flat]


@pytest.mark.parametrize("query", ["?projector=1", "?projector=1&names=hidden", ""])
def test_the_page_shows_no_guid(
    staff: Client, cohort: Cohort, students: list[Challenger], query: str
) -> None:
    reply = staff.get(PAGE.format(pk=cohort.pk) + query)
    assert reply.status_code == 200
    html = reply.content.decode()
    assert html.count('<th scope="row" class="cp-student">') == 4
    assert shown_guids(html, students) == []


@pytest.mark.parametrize("query", ["?projector=1", ""])
def test_the_live_update_shows_no_guid(
    staff: Client, cohort: Cohort, students: list[Challenger], query: str
) -> None:
    html = staff.get(LIVE.format(pk=cohort.pk) + query).json()["html"]
    assert html.count('<th scope="row" class="cp-student">') == 4
    assert shown_guids(html, students) == []


def test_a_near_miss_quoting_a_guid_says_where_it_was(
    staff: Client, cohort: Cohort, students: list[Challenger]
) -> None:
    html = staff.get(PAGE.format(pk=cohort.pk) + "?projector=1").content.decode()
    assert "GET /api/challenger/{guid}" in html


def test_a_student_without_a_name_is_shown_as_such(
    staff: Client, cohort: Cohort, students: list[Challenger]
) -> None:
    html = staff.get(PAGE.format(pk=cohort.pk)).content.decode()
    assert ">(no name)</a></th>" in html


def test_no_row_carries_a_guid_attribute(
    staff: Client, cohort: Cohort, students: list[Challenger]
) -> None:
    html = staff.get(PAGE.format(pk=cohort.pk) + "?projector=1").content.decode()
    assert "data-guid" not in html


def row_links(html: str) -> list[str]:
    return re.findall(r'<th scope="row" class="cp-student">.*?<a href="([^"]+)"', html)


def test_a_row_leads_the_instructor_to_the_students_session(
    staff: Client, cohort: Cohort, students: list[Challenger]
) -> None:
    html = staff.get(PAGE.format(pk=cohort.pk)).content.decode()
    links = row_links(html)
    assert len(links) == 4
    # Rows are in name order: the nameless student first, then Ada Lovelace.
    reply = staff.get(links[1])
    assert reply.status_code == 302
    assert reply["Location"] == f"/admin/challengers/challenger/{students[0].guid}/change/"


def test_the_stalled_list_leads_to_the_students_session(
    staff: Client, cohort: Cohort, students: list[Challenger]
) -> None:
    html = staff.get(PAGE.format(pk=cohort.pk)).content.decode()
    found = re.search(r'<a href="([^"]+)" class="cp-stalled">', html)
    assert found is not None
    reply = staff.get(found.group(1))
    assert reply["Location"] == f"/admin/challengers/challenger/{students[3].guid}/change/"


def test_a_made_up_row_link_is_404(
    staff: Client, cohort: Cohort, students: list[Challenger]
) -> None:
    reply = staff.get(f"/admin/challengers/cohort/{cohort.pk}/progress/student/0123456789abcdef/")
    assert reply.status_code == 404


def test_a_row_link_of_another_class_is_404(
    staff: Client, cohort: Cohort, students: list[Challenger]
) -> None:
    link = row_links(staff.get(PAGE.format(pk=cohort.pk)).content.decode())[1]
    other = Cohort.objects.create(code="tuesday", name="Tuesday")
    elsewhere = link.replace(f"/cohort/{cohort.pk}/", f"/cohort/{other.pk}/")
    assert staff.get(elsewhere).status_code == 404


def test_a_row_link_needs_a_staff_login(
    client: Client, cohort: Cohort, students: list[Challenger]
) -> None:
    reply = client.get(f"/admin/challengers/cohort/{cohort.pk}/progress/student/0123456789abcdef/")
    assert reply.status_code == 302
    assert reply["Location"].startswith("/admin/login/")
