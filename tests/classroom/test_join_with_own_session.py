"""/join/<code> with the GUID of a session the student already has (made from their own
client with POST /api/challenger): that session joins the cohort with the name typed and
keeps everything it has done, challenge 01 included; no session is made; the browser
remembers it and the student lands on the welcome page."""

from __future__ import annotations

import pytest

from challengers.cookie import COOKIE
from challengers.models import Challenger, Cohort
from classroom.models import LinkSession
from tests.client import Client

pytestmark = pytest.mark.django_db

CREATE = "CREATE_NEW_CHALLENGER"


def test_the_session_joins_with_its_progress_and_no_session_is_made(
    client: Client, cohort: Cohort, guid: str
) -> None:
    assert client.get("/api/challenges", headers={"X-CHALLENGER": guid}).status_code == 200
    before = Challenger.objects.get(pk=guid).progress
    assert {CREATE, "GET_CHALLENGES"} <= set(before)

    reply = client.post("/join/monday-am", {"display_name": " Ada  Lovelace", "guid": guid})

    assert reply.status_code == 303
    assert reply["Location"] == "/join/monday-am/welcome"
    assert reply.cookies[COOKIE].value == guid
    session = Challenger.objects.get()  # still the only one
    assert session.guid == guid
    assert session.cohort == cohort
    assert session.display_name == "Ada Lovelace"
    assert session.progress == before
    assert not LinkSession.objects.exists()


def test_the_guid_is_read_in_any_case_and_from_a_copied_header_line(
    client: Client, cohort: Cohort, guid: str
) -> None:
    pasted = f"  X-CHALLENGER: {guid.upper()} "
    reply = client.post("/join/monday-am", {"display_name": "Ada", "guid": pasted})
    assert reply.status_code == 303
    assert Challenger.objects.get().cohort == cohort


def test_the_welcome_page_shows_the_session_and_says_it_keeps_its_progress(
    client: Client, cohort: Cohort, guid: str
) -> None:
    client.post("/join/monday-am", {"display_name": "Ada", "guid": guid})
    html = client.get("/join/monday-am/welcome").content.decode()
    assert f'<code id="guid-value" class="guid">{guid}</code>' in html
    assert "keeps everything it has done, challenge 01 included" in html
    assert "Challenge 01 in this class" not in html


def test_the_progress_page_shows_challenge_01_done(
    client: Client, cohort: Cohort, guid: str
) -> None:
    client.post("/join/monday-am", {"display_name": "Ada", "guid": guid})
    html = client.get(f"/gui/challenges/{guid}").content.decode()
    row = html[html.index(f'<tr id="c-{CREATE}"') :]
    assert 'class="is-done' in row[: row.index(">")]
    assert "Class: Monday morning" in html


def test_a_session_already_in_the_class_joins_again_under_a_new_name(
    client: Client, cohort: Cohort, guid: str
) -> None:
    client.post("/join/monday-am", {"display_name": "Ada", "guid": guid})
    reply = client.post("/join/monday-am", {"display_name": "Ada L.", "guid": guid})
    assert reply.status_code == 303
    assert Challenger.objects.get().display_name == "Ada L."
