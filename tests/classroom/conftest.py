"""Fixtures for the instructor admin: a cohort and sessions with known progress."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for

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
