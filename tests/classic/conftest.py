"""The classic edition for every test here, and sessions created on the root paths the
classic service had (it had no /api tree)."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.fixture(autouse=True)
def classic(settings) -> None:  # noqa: ANN001 - pytest-django's settings fixture
    settings.APICHALLENGES_EDITION = "classic"


@pytest.fixture
def session(client: Client, db: None) -> str:
    """A new session, created as a student of the classic service did: POST /challenger."""
    response = client.post("/challenger")
    assert response.status_code == 201
    return response["X-CHALLENGER"]


@pytest.fixture
def known(session: str) -> dict[str, str]:
    """Request headers naming the session."""
    return {"HTTP_X_CHALLENGER": session}
