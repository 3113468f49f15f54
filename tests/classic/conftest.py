"""Every test in this folder runs against the classic edition."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def classic_edition(settings) -> None:  # noqa: ANN001 - pytest-django's settings fixture
    settings.APICHALLENGES_EDITION = "classic"
