"""A classroom's shared computer: a progress page opened from a link someone sent is not
remembered (no `X-CHALLENGER` cookie, so the next student is not offered it); the student
remembers a session only by asking, with a form of this site (the start page's, the join
link's, or the progress page's "Remember this session on this computer"); and the start
page and the progress page offer to forget it."""

from __future__ import annotations

import uuid

import pytest

from challengers.cookie import COOKIE
from tests.client import Client

pytestmark = pytest.mark.django_db

YEAR = 365 * 24 * 3600


def test_opening_a_sent_link_sets_no_cookie(client: Client, guid: str) -> None:
    reply = client.get(f"/gui/challenges/{guid}")
    assert reply.status_code == 200
    assert COOKIE not in reply.cookies


def test_after_a_sent_link_the_start_page_offers_no_session(client: Client, guid: str) -> None:
    client.get(f"/gui/challenges/{guid}")
    html = client.get("/").content.decode()
    assert "Welcome back" not in html
    assert guid not in html


def test_a_link_with_the_guid_in_its_query_sets_no_cookie(client: Client, guid: str) -> None:
    reply = client.get("/gui/challenges", {"guid": guid})
    assert reply["Location"] == f"/gui/challenges/{guid}"
    assert COOKIE not in reply.cookies


def test_the_progress_page_offers_to_remember_it(guid: str) -> None:
    html = Client().get(f"/gui/challenges/{guid}").content.decode()
    assert f'<form method="post" action="/gui/challenges/{guid}/remember"' in html
    assert "Remember this session on this computer" in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_remembering_sets_the_cookie_for_a_year(client: Client, guid: str) -> None:
    reply = client.post(f"/gui/challenges/{guid}/remember")
    assert reply.status_code == 303
    assert reply["Location"] == f"/gui/challenges/{guid}"
    cookie = reply.cookies[COOKIE]
    assert cookie.value == guid
    assert cookie["max-age"] == YEAR
    assert cookie["httponly"]


def test_a_remembered_session_is_offered_on_the_start_page(client: Client, guid: str) -> None:
    client.post(f"/gui/challenges/{guid}/remember")
    html = client.get("/").content.decode()
    assert "Welcome back" in html
    assert f'href="/gui/challenges/{guid}"' in html


def test_remembering_needs_the_pages_form_token(guid: str) -> None:
    reply = Client(enforce_csrf_checks=True).post(f"/gui/challenges/{guid}/remember")
    assert reply.status_code == 403
    assert COOKIE not in reply.cookies


def test_remembering_an_unknown_session_sets_no_cookie(client: Client, db: None) -> None:
    reply = client.post(f"/gui/challenges/{uuid.uuid4()}/remember")
    assert reply.status_code == 404
    assert COOKIE not in reply.cookies


def test_the_start_pages_open_form_posts_with_its_token(client: Client, db: None) -> None:
    html = client.get("/").content.decode()
    form = html.split('<form method="post" action="/gui/challenges" class="inline-form">', 1)
    assert len(form) == 2
    assert 'name="csrfmiddlewaretoken"' in form[1].split("</form>", 1)[0]


def test_opening_a_session_with_the_start_pages_form_remembers_it(
    client: Client, guid: str
) -> None:
    reply = client.post("/gui/challenges", {"guid": f" {guid.upper()} "})
    assert reply.status_code == 303
    assert reply["Location"] == f"/gui/challenges/{guid}"
    assert reply.cookies[COOKIE].value == guid


def test_opening_an_unknown_session_with_the_form_remembers_nothing(
    client: Client, db: None
) -> None:
    reply = client.post("/gui/challenges", {"guid": str(uuid.uuid4())})
    assert reply.status_code == 404
    assert COOKIE not in reply.cookies


def test_saving_the_name_does_not_remember_the_session(client: Client, guid: str) -> None:
    reply = client.post(f"/gui/challenges/{guid}/profile", {"display_name": "Ada", "cohort": ""})
    assert reply.status_code == 303
    assert COOKIE not in reply.cookies


def test_the_start_page_offers_to_forget_the_remembered_session(client: Client, guid: str) -> None:
    client.post(f"/gui/challenges/{guid}/remember")
    html = client.get("/").content.decode()
    form = html.split('<form method="post" action="/gui/forget"', 1)
    assert len(form) == 2
    form_html = form[1].split("</form>", 1)[0]
    assert 'name="csrfmiddlewaretoken"' in form_html
    assert "Forget this session on this computer" in form_html


def test_a_remembered_progress_page_offers_to_forget_it(client: Client, guid: str) -> None:
    client.post(f"/gui/challenges/{guid}/remember")
    html = client.get(f"/gui/challenges/{guid}").content.decode()
    assert '<form method="post" action="/gui/forget"' in html
    assert f"/gui/challenges/{guid}/remember" not in html
    assert 'data-remembered="true"' in html


def test_forgetting_deletes_the_cookie(client: Client, guid: str) -> None:
    client.post(f"/gui/challenges/{guid}/remember")
    reply = client.post("/gui/forget")
    assert reply.status_code == 303
    assert reply["Location"] == "/"
    cookie = reply.cookies[COOKIE]
    assert cookie.value == ""
    assert cookie["max-age"] == 0


def test_after_forgetting_the_start_page_offers_nothing(client: Client, guid: str) -> None:
    client.post(f"/gui/challenges/{guid}/remember")
    assert "Welcome back" in client.get("/").content.decode()
    client.post("/gui/forget")
    html = client.get("/").content.decode()
    assert "Welcome back" not in html
    assert client.get("/gui/challenges")["Location"] == "/"


def test_forgetting_needs_the_pages_form_token(guid: str) -> None:
    reply = Client(enforce_csrf_checks=True).post("/gui/forget")
    assert reply.status_code == 403


def test_forgetting_is_a_post(client: Client, db: None) -> None:
    assert client.get("/gui/forget").status_code == 405
