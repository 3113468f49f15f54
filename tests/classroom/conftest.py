"""Fixtures for the instructor admin: a cohort and sessions with known progress, and a
fake LMS (tests.lti_platform) registered with the tool."""

from __future__ import annotations

import io
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.http import HttpResponse
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from tests.client import Client
from tests.lti_platform import CLIENT_ID, DEPLOYMENT_ID, FakePlatform

STAMP = "2026-03-04T10:15:00Z"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings) -> None:  # noqa: ANN001 - pytest-django's settings
    """Staff logins hash passwords; the production hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def cohort(db: None) -> Cohort:
    return Cohort.objects.create(code="monday-am", name="Monday morning")


@pytest.fixture
def make_session(db: None) -> Callable[..., Challenger]:
    """A session with its first `done` challenges (display order) completed at STAMP, the
    `near_misses` given (challenge key -> stored entry), and its latest API request
    `api_minutes_ago` (None: it has sent none, as a session only joined or looked at)."""

    def make(
        done: int = 0,
        *,
        name: str = "",
        cohort: Cohort | None = None,
        near_misses: dict | None = None,
        api_minutes_ago: float | None = None,
    ) -> Challenger:
        progress = {key: STAMP for key in keys_for("multi")[:done]}
        latest = None
        if api_minutes_ago is not None:
            latest = timezone.now() - timedelta(minutes=api_minutes_ago)
        return Challenger.objects.create(
            guid=str(uuid.uuid4()),
            display_name=name,
            cohort=cohort,
            progress=progress,
            near_misses=near_misses or {},
            last_api_request=latest,
        )

    return make


@pytest.fixture
def platform(db: None) -> Iterator[FakePlatform]:
    """A fake LMS on loopback, registered with the tool by `lti_add_platform`."""
    fake = FakePlatform()
    server = fake.serve()
    call_command(
        "lti_add_platform",
        issuer=fake.issuer,
        client_id=CLIENT_ID,
        deployment_id=DEPLOYMENT_ID,
        tool_url="https://tool.example.edu",
        stdout=io.StringIO(),
        **fake.urls,
    )
    yield fake
    server.shutdown()
    server.server_close()


@pytest.fixture
def lms_launch(client: Client, platform: FakePlatform) -> Callable[..., HttpResponse]:
    """A whole launch through the tool's HTTP endpoints, as a browser makes it: the LMS's
    login initiation (POST, as Moodle and Canvas send it), the platform's authentication
    answer, and its form posted to the launch URL. Keyword arguments set the id_token's
    claims (tests.lti_platform.FakePlatform.id_token)."""

    def launch(browser: Client | None = None, **claims: Any) -> HttpResponse:
        browser = browser or client
        login = browser.post(
            "/lti/login",
            {
                "iss": platform.issuer,
                "login_hint": claims.get("sub", "student-1"),
                "target_link_uri": "https://tool.example.edu/lti/launch",
                "client_id": CLIENT_ID,
                "lti_deployment_id": DEPLOYMENT_ID,
            },
            secure=True,
        )
        assert login.status_code == 302, login.content
        form = platform.authenticate(login["Location"], **claims)
        return browser.post("/lti/launch", form, secure=True)

    return launch
