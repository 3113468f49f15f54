"""/join/<code>: a cohort's join link asks for a display name, creates a session in that
cohort (counted by the session-creation limit like every creation), and shows the GUID
and what to put in an API client. An unknown code is a 404 page and creates nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from challengers.cookie import COOKIE
from challengers.models import Challenger, Cohort

pytestmark = pytest.mark.django_db


@pytest.fixture
def cohort() -> Cohort:
    return Cohort.objects.create(code="monday-am", name="Monday morning")


def test_it_asks_for_a_display_name(client: Client, cohort: Cohort) -> None:
    reply = client.get("/join/monday-am")
    assert reply.status_code == 200
    html = reply.content.decode()
    assert "Join Monday morning" in html
    assert 'name="display_name"' in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert not Challenger.objects.exists()


def test_joining_creates_a_session_in_the_cohort_with_the_name(
    client: Client, cohort: Cohort
) -> None:
    reply = client.post("/join/monday-am", {"display_name": "  Ada   Lovelace "})
    assert reply.status_code == 303
    assert reply["Location"] == "/join/monday-am/welcome"
    session = Challenger.objects.get()
    assert session.cohort == cohort
    assert session.display_name == "Ada Lovelace"
    assert reply.cookies[COOKIE].value == session.guid


def test_the_welcome_page_shows_the_guid_and_the_client_setup(
    client: Client, cohort: Cohort
) -> None:
    client.post("/join/monday-am", {"display_name": "Ada"})
    session = Challenger.objects.get()
    reply = client.get("/join/monday-am/welcome")
    assert reply.status_code == 200
    html = reply.content.decode()
    assert f'<code id="guid-value" class="guid">{session.guid}</code>' in html
    assert "<code>X-CHALLENGER</code>" in html
    assert '<code id="base-url">http://testserver</code>' in html
    assert f'href="/gui/challenges/{session.guid}"' in html


def test_the_api_knows_the_session_in_its_cohort(client: Client, cohort: Cohort) -> None:
    client.post("/join/monday-am", {"display_name": "Ada"})
    guid = Challenger.objects.get().guid
    reply = client.get(f"/api/challenger/{guid}/profile")
    assert reply.json() == {
        "xChallenger": guid,
        "displayName": "Ada",
        "cohort": "monday-am",
        "cohortName": "Monday morning",
    }


def test_the_code_is_matched_without_case(client: Client, cohort: Cohort) -> None:
    assert client.post("/join/Monday-AM", {"display_name": "Ada"}).status_code == 303
    assert Challenger.objects.get().cohort == cohort


def test_an_unknown_code_is_a_404_page_and_creates_nothing(client: Client, cohort: Cohort) -> None:
    for reply in (client.get("/join/nope"), client.post("/join/nope", {"display_name": "Ada"})):
        assert reply.status_code == 404
        assert "no class with the code <code>nope</code>" in reply.content.decode()
    assert not Challenger.objects.exists()


def test_an_empty_name_is_asked_again(client: Client, cohort: Cohort) -> None:
    reply = client.post("/join/monday-am", {"display_name": "   "})
    assert reply.status_code == 422
    assert 'id="join-error"' in reply.content.decode()
    assert not Challenger.objects.exists()


def test_a_too_long_name_is_refused(client: Client, cohort: Cohort) -> None:
    reply = client.post("/join/monday-am", {"display_name": "x" * 101})
    assert reply.status_code == 422
    assert "at most 100 characters" in reply.content.decode()
    assert not Challenger.objects.exists()


def test_the_welcome_page_without_a_session_goes_back_to_the_form(
    client: Client, cohort: Cohort
) -> None:
    reply = client.get("/join/monday-am/welcome")
    assert reply.status_code == 302
    assert reply["Location"] == "/join/monday-am"


def test_joining_counts_toward_the_creation_limit(
    client: Client,
    cohort: Cohort,
    settings,  # noqa: ANN001 - pytest-django's settings fixture
) -> None:
    settings.APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR = 2
    assert client.post("/api/challenger").status_code == 201
    assert client.post("/join/monday-am", {"display_name": "Ada"}).status_code == 303
    reply = client.post("/join/monday-am", {"display_name": "Grace"})
    assert reply.status_code == 429
    assert 1 <= int(reply["Retry-After"]) <= 3600
    assert "Too many sessions created from your address: at most 2 an hour" in (
        reply.content.decode()
    )
    assert Challenger.objects.filter(cohort=cohort).count() == 1


def test_in_single_player_mode_nobody_joins(
    client: Client,
    cohort: Cohort,
    single_mode: None,
) -> None:
    reply = client.post("/join/monday-am", {"display_name": "Ada"})
    assert reply.status_code == 200
    assert "single-player mode" in reply.content.decode()
    assert not Challenger.objects.filter(display_name="Ada").exists()
