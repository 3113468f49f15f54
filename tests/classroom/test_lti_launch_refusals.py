"""A launch that fails verification is a 4xx page saying what failed, and creates nothing:
a bad signature, a wrong audience, a replayed nonce, an expired token, a foreign state, an
unknown deployment or issuer, an unknown custom cohort or assignment."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from jwcrypto.jwk import JWK
from lti_tool.models import LtiContext, LtiDeployment, LtiUser

from challengers.models import Challenger, Cohort
from classroom.models import LtiLearner
from tests.client import Client
from tests.lti_platform import CLIENT_ID, FakePlatform, new_key

pytestmark = pytest.mark.django_db

Launch = Callable[..., HttpResponse]
MODELS = (Challenger, Cohort, User, LtiUser, LtiContext, LtiDeployment, LtiLearner)


@pytest.fixture
def nothing_created(platform: FakePlatform) -> Iterator[None]:
    before = {model: model.objects.count() for model in MODELS}
    yield
    assert {model: model.objects.count() for model in MODELS} == before


def login(client: Client, platform: FakePlatform) -> dict[str, Any]:
    reply = client.get(
        "/lti/login",
        {
            "iss": platform.issuer,
            "login_hint": "student-1",
            "target_link_uri": "https://tool.example.edu/lti/launch",
            "client_id": CLIENT_ID,
        },
        secure=True,
    )
    assert reply.status_code == 302
    return platform.authenticate(reply["Location"])


def refused(reply: HttpResponse, status: int, words: str) -> None:
    assert reply.status_code == status
    assert words in reply.content.decode()


@pytest.mark.usefixtures("nothing_created")
def test_a_token_signed_by_another_key_is_refused(lms_launch: Launch) -> None:
    stranger, _ = new_key()  # under a key id the platform's key set does not hold
    refused(lms_launch(key=stranger), 403, "Unable to find public key")


@pytest.mark.usefixtures("nothing_created")
def test_a_token_signed_by_another_key_under_the_platform_s_key_id_is_refused(
    lms_launch: Launch, platform: FakePlatform
) -> None:
    forged = JWK.generate(kty="RSA", size=2048, kid=platform.key["kid"])
    refused(lms_launch(key=forged), 403, "Signature verification failed")


@pytest.mark.usefixtures("nothing_created")
def test_a_token_for_another_audience_is_refused(lms_launch: Launch) -> None:
    refused(lms_launch(aud="another-tool"), 403, "Registration not found")


@pytest.mark.usefixtures("nothing_created")
def test_a_token_authorized_for_another_party_is_refused(lms_launch: Launch) -> None:
    reply = lms_launch(aud=[CLIENT_ID, "other-tool"], extra={"azp": "other-tool"})
    refused(reply, 403, "azp")


@pytest.mark.usefixtures("nothing_created")
def test_an_expired_token_is_refused(lms_launch: Launch) -> None:
    refused(lms_launch(expires_in=-120), 403, "Signature has expired")


def test_a_replayed_id_token_is_refused_and_adds_nothing(
    client: Client, platform: FakePlatform
) -> None:
    form = login(client, platform)
    assert client.post("/lti/launch", form, secure=True).status_code == 303
    before = {model: model.objects.count() for model in MODELS}
    refused(client.post("/lti/launch", form, secure=True), 403, "Invalid Nonce")
    assert {model: model.objects.count() for model in MODELS} == before


@pytest.mark.usefixtures("nothing_created")
def test_a_state_from_another_browser_is_refused(client: Client, platform: FakePlatform) -> None:
    form = login(client, platform)
    refused(Client().post("/lti/launch", form, secure=True), 403, "The launch was refused")


@pytest.mark.usefixtures("nothing_created")
def test_a_state_that_is_not_the_browser_s_is_refused(
    client: Client, platform: FakePlatform
) -> None:
    form = login(client, platform)
    other = login(Client(), platform)
    form["state"] = other["state"]
    refused(client.post("/lti/launch", form, secure=True), 403, "State not found")


@pytest.mark.usefixtures("nothing_created")
def test_an_unregistered_deployment_is_refused(lms_launch: Launch) -> None:
    refused(lms_launch(deployment_id="somewhere-else"), 403, "Unable to find deployment")


@pytest.mark.usefixtures("nothing_created")
def test_a_login_from_an_unknown_issuer_is_refused(client: Client) -> None:
    reply = client.post(
        "/lti/login",
        {
            "iss": "https://unknown.example.edu",
            "login_hint": "x",
            "target_link_uri": "https://tool.example.edu/lti/launch",
        },
        secure=True,
    )
    refused(reply, 403, "No LMS with issuer")


@pytest.mark.usefixtures("nothing_created")
def test_a_login_for_an_unknown_client_is_refused(client: Client, platform: FakePlatform) -> None:
    reply = client.get(
        "/lti/login",
        {
            "iss": platform.issuer,
            "login_hint": "x",
            "target_link_uri": "https://tool.example.edu/lti/launch",
            "client_id": "someone-else",
        },
        secure=True,
    )
    refused(reply, 403, "client id")


@pytest.mark.usefixtures("nothing_created")
def test_a_login_without_its_parameters_is_refused(client: Client) -> None:
    refused(client.get("/lti/login", secure=True), 400, "missing iss, login_hint, target_link_uri")


@pytest.mark.usefixtures("nothing_created")
def test_a_launch_without_an_id_token_is_refused(client: Client) -> None:
    refused(client.post("/lti/launch", {"state": "x"}, secure=True), 403, "refused")


@pytest.mark.usefixtures("nothing_created")
def test_a_garbled_id_token_is_refused(client: Client, platform: FakePlatform) -> None:
    form = login(client, platform)
    form["id_token"] = "e30.WzFd.x"  # a header of {} and a body that is a list
    refused(client.post("/lti/launch", form, secure=True), 403, "JSON objects")


@pytest.mark.usefixtures("nothing_created")
def test_an_unknown_custom_cohort_is_refused(lms_launch: Launch) -> None:
    refused(lms_launch(custom={"cohort": "nope"}), 400, "names no class on this server")


@pytest.fixture
def monday(db: None) -> Cohort:
    return Cohort.objects.create(code="monday-am", name="Monday morning")


@pytest.mark.usefixtures("monday", "nothing_created")
def test_an_unknown_custom_assignment_is_refused(lms_launch: Launch) -> None:
    reply = lms_launch(custom={"cohort": "monday-am", "assignment": "Week 9"})
    refused(reply, 400, "names no assignment of Monday morning")
