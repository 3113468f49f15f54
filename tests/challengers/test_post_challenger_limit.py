"""APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR: past the hour's limit, a new session for
the same client address is refused with 429, Retry-After and the usual error body in the
negotiated format, and nothing is stored. Here the limit is 3."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.db.models import F
from django.test import Client
from django.utils import timezone

from challengers.models import Challenger, SessionCreations

pytestmark = pytest.mark.django_db

LIMIT = 3
MESSAGE = "Too many sessions created from your address: at most 3 an hour; try again in {} seconds"


@pytest.fixture(autouse=True)
def low_limit(settings) -> None:  # noqa: ANN001 - pytest-django's settings fixture
    settings.APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR = LIMIT


def create(client: Client, path: str = "/api/challenger", **extra: str):  # noqa: ANN201
    return client.post(path, **extra)


def use_up_the_limit(client: Client, **extra: str) -> None:
    for _ in range(LIMIT):
        assert create(client, **extra).status_code == 201


def test_creates_up_to_the_limit_are_answered(client: Client) -> None:
    replies = [create(client) for _ in range(LIMIT)]
    assert [reply.status_code for reply in replies] == [201] * LIMIT
    assert Challenger.objects.count() == LIMIT


def test_the_create_past_the_limit_is_429_with_retry_after(client: Client) -> None:
    use_up_the_limit(client)
    reply = create(client)
    assert reply.status_code == 429
    now = timezone.now()
    end_of_hour = now.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    retry_after = int(reply["Retry-After"])
    assert 1 <= retry_after <= 3600
    assert abs(retry_after - (end_of_hour - now).total_seconds()) <= 2


def test_the_refusal_is_the_json_error_body(client: Client) -> None:
    use_up_the_limit(client)
    reply = create(client)
    assert reply["Content-Type"] == "application/json"
    assert reply.json() == {"errorMessages": [MESSAGE.format(reply["Retry-After"])]}


def test_the_refusal_is_xml_when_xml_is_asked_for(client: Client) -> None:
    use_up_the_limit(client)
    reply = create(client, HTTP_ACCEPT="application/xml")
    assert reply.status_code == 429
    assert reply["Content-Type"] == "application/xml"
    message = MESSAGE.format(reply["Retry-After"])
    assert reply.content.decode() == (
        f"<errorMessages><errorMessage>{message}</errorMessage></errorMessages>"
    )


def test_nothing_is_stored_for_a_refused_create(client: Client) -> None:
    use_up_the_limit(client)
    create(client)
    assert Challenger.objects.count() == LIMIT


def test_a_refused_create_names_no_session_so_credits_nothing(client: Client) -> None:
    use_up_the_limit(client)
    progress_before = list(Challenger.objects.values_list("progress", "near_misses"))
    reply = create(client)
    assert not reply.has_header("X-CHALLENGER")
    assert list(Challenger.objects.values_list("progress", "near_misses")) == progress_before


def test_the_legacy_path_counts_toward_the_same_limit(client: Client) -> None:
    assert create(client, "/challenger").status_code == 201
    assert create(client).status_code == 201
    assert create(client, "/challenger").status_code == 201
    assert create(client, "/challenger").status_code == 429
    assert create(client).status_code == 429


def test_a_post_naming_an_existing_session_is_not_a_create(client: Client) -> None:
    use_up_the_limit(client)
    guid = Challenger.objects.first().guid
    reply = create(client, HTTP_X_CHALLENGER=guid)
    assert reply.status_code == 200
    assert reply["X-CHALLENGER"] == guid


def test_another_client_address_has_its_own_count(client: Client) -> None:
    use_up_the_limit(client, REMOTE_ADDR="192.0.2.10")
    assert create(client, REMOTE_ADDR="192.0.2.11").status_code == 201


def test_behind_the_proxy_the_forwarded_client_is_counted(
    client: Client,
    settings,  # noqa: ANN001 - pytest-django's settings fixture
) -> None:
    settings.BEHIND_HTTPS_PROXY = True
    use_up_the_limit(client, HTTP_X_FORWARDED_FOR="192.0.2.10")
    assert create(client, HTTP_X_FORWARDED_FOR="192.0.2.10").status_code == 429
    assert create(client, HTTP_X_FORWARDED_FOR="192.0.2.11").status_code == 201


def test_without_the_proxy_setting_a_forwarded_header_does_not_reset_the_count(
    client: Client,
) -> None:
    use_up_the_limit(client)
    assert create(client, HTTP_X_FORWARDED_FOR="203.0.113.9").status_code == 429


def test_the_count_starts_again_in_the_next_hour(client: Client) -> None:
    use_up_the_limit(client)
    SessionCreations.objects.update(window_start=F("window_start") - timedelta(hours=1))
    assert create(client).status_code == 201


def test_zero_turns_the_limit_off(client: Client, settings) -> None:  # noqa: ANN001
    settings.APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR = 0
    replies = [create(client) for _ in range(LIMIT + 2)]
    assert {reply.status_code for reply in replies} == {201}


def test_single_mode_counts_nothing(client: Client, single_mode: None) -> None:
    replies = [create(client) for _ in range(LIMIT + 2)]
    assert {reply.status_code for reply in replies} == {201}


def test_a_restore_that_creates_a_session_counts_too(client: Client) -> None:
    use_up_the_limit(client)
    guid = Challenger.objects.first().guid
    new = str(uuid.uuid4())
    body = client.get(f"/api/challenger/{guid}").json() | {"xChallenger": new}
    reply = client.put(f"/api/challenger/{new}", body, content_type="application/json")
    assert reply.status_code == 429
    assert not Challenger.objects.filter(pk=new).exists()


def test_a_restore_of_an_existing_session_is_not_a_create(client: Client) -> None:
    use_up_the_limit(client)
    guid = Challenger.objects.first().guid
    body = client.get(f"/api/challenger/{guid}").json()
    reply = client.put(f"/api/challenger/{guid}", body, content_type="application/json")
    assert reply.status_code == 200
