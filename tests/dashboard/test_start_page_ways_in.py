"""The start page says how to start: the base URL to paste into a client, and the ways in:
a class's join link (with `?cohort=<code>`), the Postman collection and curl."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from challengers.models import Cohort


def card(client: Client, path: str = "/", host: str = "testserver") -> str:
    html = client.get(path, HTTP_HOST=host).content.decode()
    start = html.index('id="ways-in"')
    return " ".join(unescape(html[start : html.index("</section>", start)]).split())


@pytest.mark.django_db
def test_it_shows_the_base_url_the_page_was_reached_on(client: Client) -> None:
    text = card(client, host="class.example.edu:8000")
    assert '<code id="base-url" class="guid">http://class.example.edu:8000</code>' in text


@pytest.mark.django_db
def test_it_offers_the_postman_collection_and_curl(client: Client) -> None:
    text = card(client)
    assert 'href="/postman/collection.json"' in text
    assert "curl -i -X POST http://testserver/api/challenger" in text
    assert 'curl -i http://testserver/api/todos -H "X-CHALLENGER: <your session>"' in text


@pytest.mark.django_db
def test_a_cohort_code_gives_its_join_link(client: Client) -> None:
    Cohort.objects.create(code="monday-am", name="Monday morning")
    text = card(client, "/?cohort=MONDAY-AM")
    assert 'href="/join/monday-am">http://testserver/join/monday-am</a>' in text
    assert "Monday morning" in text


@pytest.mark.django_db
def test_an_unknown_cohort_code_says_so(client: Client) -> None:
    text = card(client, "/?cohort=nope")
    assert "no class has the code <code>nope</code>" in text
    assert "/join/" not in text


@pytest.mark.django_db
def test_without_a_cohort_code_there_is_no_join_link(client: Client) -> None:
    assert 'id="way-join"' not in card(client)
