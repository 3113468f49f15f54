"""The site's navigation links "Mirror" and "Simulator" to the pages that explain them (a
titled HTML page in English), not to the raw API answers of /mirror/request and
/sim/entities."""

from __future__ import annotations

import re

import pytest

from tests.client import Client

pytestmark = pytest.mark.django_db

NAV = re.compile(r'<nav aria-label="Main">(.*?)</nav>', re.S)


def nav_target(html: str, name: str) -> str:
    nav = NAV.search(html)
    assert nav, "the page has no main navigation"
    link = re.search(rf'<a href="([^"]+)">{name}</a>', nav.group(1))
    assert link, f"the navigation has no {name} link"
    return link.group(1)


@pytest.mark.parametrize(
    ("name", "title"), [("Mirror", "Mirror mode"), ("Simulator", "Simulation mode")]
)
def test_a_nav_link_opens_a_titled_page_in_english(name: str, title: str) -> None:
    client = Client()
    target = nav_target(client.get("/").content.decode(), name)
    response = client.get(target, HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert re.search(rf"<title>{title} · API Challenges</title>", html)
