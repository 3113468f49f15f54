"""GET / (the start page) and POST /gui/sessions (create a session without JavaScript)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from challengers.models import Challenger
from challengers.sessions import SINGLE_PLAYER_GUID

pytestmark = pytest.mark.django_db


def test_it_explains_the_service(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert b"<h1>API Challenges</h1>" in response.content
    assert b"99" in response.content


def test_it_offers_a_create_form_that_posts_without_javascript(client: Client) -> None:
    html = client.get("/").content.decode()
    assert '<form method="post" action="/gui/sessions" data-api-create>' in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_it_links_the_tools(client: Client) -> None:
    html = client.get("/").content.decode()
    for href in (
        'href="/docs"',
        'href="/practice-modes/mirror"',
        'href="/practice-modes/simulation"',
    ):
        assert href in html


def test_it_loads_no_asset_from_another_host(client: Client) -> None:
    html = client.get("/").content.decode()
    # The page shows its own base URL as text to copy; nothing it loads or links is elsewhere.
    for attribute in ('src="http', "src='http", 'href="http', "href='http", "url(http"):
        assert attribute not in html


def test_posting_creates_a_session_and_redirects_to_it(client: Client) -> None:
    response = client.post("/gui/sessions")
    assert response.status_code == 303
    guid = response["Location"].rsplit("/", 1)[-1]
    assert response["Location"] == f"/gui/challenges/{guid}"
    assert Challenger.objects.filter(pk=guid).exists()


def test_the_created_session_has_the_default_todos(client: Client) -> None:
    guid = client.post("/gui/sessions")["Location"].rsplit("/", 1)[-1]
    todos = client.get("/api/todos", headers={"X-CHALLENGER": guid}).json()["todos"]
    assert len(todos) == 10


def test_posting_remembers_the_session_in_a_cookie(client: Client) -> None:
    response = client.post("/gui/sessions")
    guid = response["Location"].rsplit("/", 1)[-1]
    assert response.cookies["X-CHALLENGER"].value == guid


def test_it_offers_to_continue_the_remembered_session(client: Client) -> None:
    guid = client.post("/gui/sessions")["Location"].rsplit("/", 1)[-1]
    html = client.get("/").content.decode()
    assert f'href="/gui/challenges/{guid}"' in html
    assert "Welcome back" in html


def test_a_get_on_the_create_route_is_refused(client: Client) -> None:
    assert client.get("/gui/sessions").status_code == 405


def test_gui_challenges_redirects_to_the_remembered_session(client: Client) -> None:
    guid = client.post("/gui/sessions")["Location"].rsplit("/", 1)[-1]
    response = client.get("/gui/challenges")
    assert response.status_code == 302
    assert response["Location"] == f"/gui/challenges/{guid}"


def test_gui_challenges_without_a_session_goes_to_the_start_page(client: Client) -> None:
    response = client.get("/gui/challenges")
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_single_mode_posting_opens_the_single_session(client: Client, single_mode: None) -> None:
    response = client.post("/gui/sessions")
    assert response.status_code == 303
    assert response["Location"] == f"/gui/challenges/{SINGLE_PLAYER_GUID}"


def test_single_mode_counts_96_challenges(client: Client, single_mode: None) -> None:
    html = client.get("/").content.decode()
    assert "96 challenges" in html


def test_every_field_has_a_label(client: Client) -> None:
    html = client.get("/").content.decode()
    ids = re.findall(r'<(?:input|textarea) id="([^"]+)"', html)
    assert len(ids) == 2
    for field_id in ids:
        assert f'<label for="{field_id}">' in html


def test_headings_do_not_skip_levels(client: Client) -> None:
    levels = [int(n) for n in re.findall(r"<h([1-6])[ >]", client.get("/").content.decode())]
    assert levels[0] == 1
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:], strict=False))
