"""Every page names the site's icon, and `/favicon.ico` answers it rather than a 404."""

from __future__ import annotations

import pytest
from django.test import Client


def test_favicon_ico_is_an_icon(client: Client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # an ICO file's header


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/practice-modes/mirror"])
def test_pages_link_the_icon(client: Client, path: str) -> None:
    html = client.get(path, follow=True).content.decode()
    assert '<link rel="icon" href="/favicon.ico" sizes="any">' in html
    assert 'type="image/svg+xml"' in html


@pytest.mark.django_db  # closing the answer ends the request, which tidies connections
def test_the_svg_icon_is_served(client: Client) -> None:
    response = client.get("/static/favicon.svg")
    response.close()  # a static file answers as a stream
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
