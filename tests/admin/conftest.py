"""Fixtures for the admin's login: staff passwords hashed fast."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings) -> None:  # noqa: ANN001 - pytest-django's settings
    """Staff logins hash passwords; the production hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
