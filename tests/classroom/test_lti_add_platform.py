"""`manage.py lti_add_platform` registers an LMS with its deployment and prints, as one
JSON object on its last line, the tool's login, launch and key set URLs on --tool-url (or
APICHALLENGES_PUBLIC_URL). Bad input is an error that registers nothing."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from lti_tool.models import Key, LtiDeployment, LtiRegistration

pytestmark = pytest.mark.django_db

PLATFORM = {
    "issuer": "https://moodle.example.edu",
    "client_id": "Xy12",
    "deployment_id": "3",
    "auth_url": "https://moodle.example.edu/mod/lti/auth.php",
    "token_url": "https://moodle.example.edu/mod/lti/token.php",
    "keyset_url": "https://moodle.example.edu/mod/lti/certs.php",
}


def add_platform(**options: Any) -> str:
    out = io.StringIO()
    call_command("lti_add_platform", stdout=out, **{**PLATFORM, **options})
    return out.getvalue()


def test_the_last_line_is_the_tool_s_urls_on_the_tool_url() -> None:
    printed = add_platform(tool_url="https://api.example.edu/")
    assert json.loads(printed.strip().splitlines()[-1]) == {
        "login_url": "https://api.example.edu/lti/login",
        "launch_url": "https://api.example.edu/lti/launch",
        "jwks_url": "https://api.example.edu/lti/jwks.json",
    }


def test_without_a_tool_url_the_public_url_is_used(settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_PUBLIC_URL = "https://classroom.example.org"
    urls = json.loads(add_platform().strip().splitlines()[-1])
    assert urls["launch_url"] == "https://classroom.example.org/lti/launch"


def test_the_platform_and_its_deployment_are_registered_active() -> None:
    add_platform(tool_url="https://api.example.edu")
    registration = LtiRegistration.objects.get()
    assert (registration.issuer, registration.client_id) == ("https://moodle.example.edu", "Xy12")
    assert registration.keyset_url == PLATFORM["keyset_url"]
    assert registration.is_active
    assert LtiDeployment.objects.get(registration=registration).deployment_id == "3"
    assert LtiDeployment.objects.get().is_active


def test_the_tool_s_signing_key_is_made_and_kept() -> None:
    add_platform(tool_url="https://api.example.edu")
    add_platform(tool_url="https://api.example.edu", deployment_id="4")
    key = Key.objects.get()
    assert key.is_active
    assert "BEGIN PRIVATE KEY" in key.private_key


def test_running_it_again_adds_the_deployment_to_the_same_registration() -> None:
    add_platform(tool_url="https://api.example.edu")
    add_platform(tool_url="https://api.example.edu", deployment_id="4")
    assert LtiRegistration.objects.count() == 1
    assert sorted(LtiDeployment.objects.values_list("deployment_id", flat=True)) == ["3", "4"]


def test_without_any_tool_url_it_says_so_and_registers_nothing(settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_PUBLIC_URL = ""
    with pytest.raises(CommandError, match="give --tool-url or set APICHALLENGES_PUBLIC_URL"):
        add_platform()
    assert not LtiRegistration.objects.exists()


def test_a_url_that_is_no_url_is_refused_and_registers_nothing() -> None:
    with pytest.raises(CommandError, match="keyset URL is not an http"):
        add_platform(tool_url="https://api.example.edu", keyset_url="certs.php")
    assert not LtiRegistration.objects.exists()
    assert not Key.objects.exists()


def test_an_empty_client_id_is_refused() -> None:
    with pytest.raises(CommandError, match="client id is empty"):
        add_platform(tool_url="https://api.example.edu", client_id="  ")
    assert not LtiRegistration.objects.exists()
