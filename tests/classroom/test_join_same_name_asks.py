"""A second join under a name the class already has (compared without case, spaces
collapsed) and no GUID makes no session: the page asks "Is this you?". Continuing that
session takes its GUID, never the name alone; "No" lets the student pick another name.
A browser that remembers the same-named session continues it."""

from __future__ import annotations

import pytest

from challengers.cookie import COOKIE
from challengers.models import Challenger, Cohort
from tests.client import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def ada(cohort: Cohort) -> Challenger:
    """Ada joined on her phone: a session the join link made."""
    phone = Client()
    assert phone.post("/join/monday-am", {"display_name": "Ada Lovelace"}).status_code == 303
    return Challenger.objects.get()


def test_the_same_name_asks_and_makes_no_session(
    client: Client, cohort: Cohort, ada: Challenger
) -> None:
    reply = client.post("/join/monday-am", {"display_name": "  ada   LOVELACE "})
    assert reply.status_code == 409
    assert COOKIE not in reply.cookies
    html = reply.content.decode()
    assert "Is this you?" in html
    assert "Yes — continue that session" in html
    assert "No — I am someone else" in html
    assert Challenger.objects.count() == 1


def test_the_page_never_shows_the_other_session_or_its_guid(
    client: Client, cohort: Cohort, ada: Challenger
) -> None:
    html = client.post("/join/monday-am", {"display_name": "Ada Lovelace"}).content.decode()
    assert "Is this you?" in html
    assert ada.guid not in html
    assert f"/gui/challenges/{ada.guid}" not in html


def test_continuing_takes_that_sessions_guid_and_makes_no_session(
    client: Client, cohort: Cohort, ada: Challenger
) -> None:
    reply = client.post("/join/monday-am", {"display_name": "Ada Lovelace", "guid": ada.guid})
    assert reply.status_code == 303
    assert reply["Location"] == "/join/monday-am/welcome"
    assert reply.cookies[COOKIE].value == ada.guid
    assert list(Challenger.objects.values_list("guid", flat=True)) == [ada.guid]


def test_continuing_with_a_wrong_guid_changes_nothing(
    client: Client, cohort: Cohort, ada: Challenger
) -> None:
    reply = client.post(
        "/join/monday-am",
        {"display_name": "Ada Lovelace", "guid": "0b8f6a1e-58c3-4f7e-9a51-3c2d4e5f6a7b"},
    )
    assert reply.status_code == 422
    assert COOKIE not in reply.cookies
    assert Challenger.objects.count() == 1


def test_someone_else_picks_another_name(client: Client, cohort: Cohort, ada: Challenger) -> None:
    client.post("/join/monday-am", {"display_name": "Ada Lovelace"})
    reply = client.post("/join/monday-am", {"display_name": "Ada Byron"})
    assert reply.status_code == 303
    assert sorted(Challenger.objects.values_list("display_name", flat=True)) == [
        "Ada Byron",
        "Ada Lovelace",
    ]


def test_the_same_name_in_another_class_is_no_conflict(
    client: Client, cohort: Cohort, ada: Challenger
) -> None:
    Cohort.objects.create(code="tuesday-pm", name="Tuesday afternoon")
    assert client.post("/join/tuesday-pm", {"display_name": "Ada Lovelace"}).status_code == 303
    assert Challenger.objects.count() == 2


def test_the_browser_that_joined_under_the_name_continues_its_session(
    client: Client, cohort: Cohort
) -> None:
    client.post("/join/monday-am", {"display_name": "Ada Lovelace"})
    first = Challenger.objects.get()
    reply = client.post("/join/monday-am", {"display_name": "ada lovelace"})
    assert reply.status_code == 303
    assert reply.cookies[COOKIE].value == first.guid
    assert Challenger.objects.count() == 1
