"""The start page's create button and restore form create sessions too, so they count
toward APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR; past it the start page says why (429)."""

from __future__ import annotations

import uuid

import orjson
import pytest
from django.test import Client

from challengers.models import Challenger

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def low_limit(settings) -> None:  # noqa: ANN001 - pytest-django's settings fixture
    settings.APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR = 1


def test_the_create_button_past_the_limit_shows_the_start_page_saying_why(client: Client) -> None:
    assert client.post("/gui/sessions").status_code == 303
    reply = client.post("/gui/sessions")
    assert reply.status_code == 429
    assert 1 <= int(reply["Retry-After"]) <= 3600
    page = reply.content.decode()
    assert 'id="create-error"' in page
    assert "Too many sessions created from your address: at most 1 an hour" in page
    assert Challenger.objects.count() == 1


def test_the_restore_form_creating_a_session_past_the_limit_says_why(client: Client) -> None:
    guid = client.post("/api/challenger")["X-CHALLENGER"]
    new = str(uuid.uuid4())
    saved = client.get(f"/api/challenger/{guid}").json() | {"xChallenger": new}
    reply = client.post("/gui/restore", {"payload": orjson.dumps(saved).decode()})
    assert reply.status_code == 429
    assert "Too many sessions created from your address" in reply.content.decode()
    assert not Challenger.objects.filter(pk=new).exists()
