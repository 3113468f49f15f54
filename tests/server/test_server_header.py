"""`Server`: the classic edition sends the classic service's on every answer; the current
edition leaves the server's own."""

from __future__ import annotations

import pytest
from django.test import Client

JETTY = "Jetty(9.4.z-SNAPSHOT)"
PATHS = ("/todos", "/api/todos", "/heartbeat", "/challenges", "/no/such/path", "/gui/challenges")


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_the_classic_edition_answers_as_jetty(client: Client, settings, path: str) -> None:  # noqa: ANN001
    settings.APICHALLENGES_EDITION = "classic"
    assert client.get(path)["Server"] == JETTY


@pytest.mark.django_db
def test_the_classic_edition_sends_it_with_errors_too(client: Client, settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_EDITION = "classic"
    response = client.post("/todos", "{", content_type="application/json")
    assert response.status_code == 401
    assert response["Server"] == JETTY


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_the_current_edition_sets_none(client: Client, path: str) -> None:
    assert not client.get(path).has_header("Server")
