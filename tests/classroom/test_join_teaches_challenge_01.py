"""A session the join link made cannot do challenge 01 (a client creating its own
session). Its welcome page and, while 01 is open, 01's hints on the progress page of any
session in a class say how to do it so that it counts for the class: POST /api/challenger
from one's own client, then the join link again with the same name and the new GUID."""

from __future__ import annotations

import pytest

from challengers.models import Challenger, Cohort
from tests.client import Client

pytestmark = pytest.mark.django_db

CREATE = "CREATE_NEW_CHALLENGER"


def hints_of(html: str, key: str) -> str:
    row = html[html.index(f'<tr id="c-{key}"') :]
    return row[: row.index("</tr>")]


def test_the_welcome_page_says_how_to_do_01_for_the_class(client: Client, cohort: Cohort) -> None:
    client.post("/join/monday-am", {"display_name": "Ada"})
    html = client.get("/join/monday-am/welcome").content.decode()
    assert "Challenge 01 in this class" in html
    assert "<code>POST http://testserver/api/challenger</code>" in html
    assert '<a href="http://testserver/join/monday-am">http://testserver/join/monday-am</a>' in html
    assert "type the\n      same name and paste that new GUID" in html
    assert "is merged into it" in html


def test_the_progress_page_hints_01_for_the_class(client: Client, cohort: Cohort) -> None:
    client.post("/join/monday-am", {"display_name": "Ada"})
    guid = Challenger.objects.get().guid
    html = client.get(f"/gui/challenges/{guid}").content.decode()
    hints = hints_of(html, CREATE)
    assert "In a class: send <code>POST /api/challenger</code> from your own API client" in hints
    assert "join link <code>/join/monday-am</code> again" in hints
    # 01 is the next challenge: its panel shows the same hint.
    panel = html[html.index('id="next-challenge"') : html.index('<div class="overview">')]
    assert "join link <code>/join/monday-am</code> again" in panel


def test_a_session_in_no_class_gets_no_class_hint(client: Client, cohort: Cohort) -> None:
    guid = Challenger.objects.create(guid="5b1c0e0e-1d3a-4c5b-8f6e-7a8b9c0d1e2f").guid
    html = client.get(f"/gui/challenges/{guid}").content.decode()
    assert "In a class:" not in hints_of(html, CREATE)


def test_once_01_is_done_the_class_hint_goes(client: Client, cohort: Cohort, guid: str) -> None:
    client.post("/join/monday-am", {"display_name": "Ada", "guid": guid})
    html = client.get(f"/gui/challenges/{guid}").content.decode()
    assert "In a class:" not in html
