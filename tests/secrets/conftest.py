"""Fixtures of the secret-area tests: a session's token, a second session, helpers."""

from __future__ import annotations

import pytest
from django.test import Client

ADMIN = "Basic YWRtaW46cGFzc3dvcmQ="  # admin:password


@pytest.fixture
def token(client: Client, guid: str) -> str:
    """The session's token, obtained the way a student does: POST /api/secret/token."""
    response = client.post(
        "/api/secret/token", headers={"Authorization": ADMIN, "X-CHALLENGER": guid}
    )
    assert response.status_code == 201
    return response["X-AUTH-TOKEN"]


@pytest.fixture
def other_token(client: Client, db: None) -> str:
    """The token of a second, unrelated session."""
    other = client.post("/api/challenger")["X-CHALLENGER"]
    response = client.post(
        "/api/secret/token", headers={"Authorization": ADMIN, "X-CHALLENGER": other}
    )
    return response["X-AUTH-TOKEN"]
