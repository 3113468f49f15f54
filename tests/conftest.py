"""Fixtures shared by the HTTP tests: a client and fresh challenger sessions."""

from __future__ import annotations

import pytest

from tests.client import Client


@pytest.fixture
def client() -> Client:
    """Django's test client, serving each path with the middleware stack production
    serves it with (tests/client.py)."""
    return Client()


@pytest.fixture
def guid(client: Client, db: None) -> str:
    """A fresh multi-player session, created the way a student does: POST /api/challenger."""
    response = client.post("/api/challenger")
    assert response.status_code == 201
    return response["X-CHALLENGER"]


@pytest.fixture
def single_mode(settings) -> None:  # noqa: ANN001 - pytest-django's settings fixture
    settings.APICHALLENGES_MODE = "single"
