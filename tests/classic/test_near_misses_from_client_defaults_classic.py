"""The classic edition: the headers a client sends on its own make no near miss on a
challenge its user did not aim at, on the classic service's root paths
(`tests/challenges/test_near_misses_from_client_defaults.py`)."""

from __future__ import annotations

import pytest
from pytest_django.fixtures import Settings

from tests.challenges.client_defaults import ClientDefaults
from tests.challenges.test_near_misses_from_client_defaults import (
    Ordinary,
    client_cases,
    requests_at,
    strays,
)

pytestmark = pytest.mark.django_db

# The classic service had no PATCH on todos.
REQUESTS = tuple(r for r in requests_at("") if r.method != "PATCH")


@pytest.mark.parametrize(("defaults", "request_"), client_cases(REQUESTS))
def test_a_client_default_makes_no_near_miss_on_a_classic_challenge_not_aimed_at(
    defaults: ClientDefaults, request_: Ordinary
) -> None:
    assert strays(defaults, request_, root="") == []


@pytest.mark.parametrize(("defaults", "request_"), client_cases(REQUESTS))
def test_in_single_mode_a_client_default_makes_no_near_miss_on_a_classic_challenge(
    settings: Settings, defaults: ClientDefaults, request_: Ordinary
) -> None:
    settings.APICHALLENGES_MODE = "single"
    assert strays(defaults, request_, root="") == []
