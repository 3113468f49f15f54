"""A GUID with a NUL character names no session: the routes that take a GUID in their path
answer as for any unknown GUID (PostgreSQL refuses a NUL in a text parameter, so reaching
the database with one would be a 500)."""

from __future__ import annotations

import pytest

from tests.client import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path",
    [
        "/api/challenger/%00",
        "/api/challenger/%00/requests",
        "/gui/challenges/%00",
        "/gui/challenges/%00/status.json?history=0",
    ],
)
def test_a_nul_in_a_guid_is_an_unknown_session(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
