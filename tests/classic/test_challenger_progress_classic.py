"""GET/PUT /challenger/{guid} in the classic edition: the payload's `challengeStatus` has
exactly the 59 classic keys (58 single-player), and restoring keeps the classic keys as
they are. Progress is one map per session: a key both editions share is done in both,
and a key of one edition survives a restore made while the other is served."""

from __future__ import annotations

import pytest
from django.test import Client

from challenges.catalogue import CLASSIC, keys_for

pytestmark = pytest.mark.django_db

CLASSIC_ONLY_400_KEYS = (
    "PUT_TODOS_400",
    "PUT_TODOS_MISSING_TITLE_400",
    "PUT_TODOS_400_NO_AMEND_ID",
)


def payload(client: Client, guid: str) -> dict:
    reply = client.get(f"/challenger/{guid}", headers={"X-CHALLENGER": guid})
    assert reply.status_code == 200
    return reply.json()


def restore(client: Client, guid: str, status: dict[str, bool]) -> dict[str, bool]:
    body = payload(client, guid) | {"challengeStatus": status}
    reply = client.put(f"/challenger/{guid}", body, content_type="application/json")
    assert reply.status_code == 200, reply.content
    return payload(client, guid)["challengeStatus"]


def test_the_payload_has_exactly_the_59_classic_keys(client: Client, session: str) -> None:
    status = payload(client, session)["challengeStatus"]
    assert list(status) == [c.key for c in CLASSIC.challenges_for("multi")]
    assert len(status) == 59
    assert status["CREATE_NEW_CHALLENGER"] is True
    assert status["GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS"] is True


def test_single_mode_payload_has_58_keys(client: Client, single_mode: None) -> None:
    guid = client.post("/challenger")["X-CHALLENGER"]
    status = payload(client, guid)["challengeStatus"]
    assert list(status) == list(keys_for("single"))
    assert "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS" not in status


def test_restore_keeps_the_classic_400_keys(client: Client, session: str) -> None:
    status = restore(client, session, dict.fromkeys(CLASSIC_ONLY_400_KEYS, True))
    assert all(status[key] is True for key in CLASSIC_ONLY_400_KEYS)


def test_restore_reads_the_key_with_the_old_typo(client: Client, session: str) -> None:
    status = restore(client, session, {"POST_MAX_OUT_TITILE_DESCRIPTION_LENGTH": True})
    assert status["POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH"] is True


def test_a_key_of_the_current_edition_survives_a_classic_restore(
    client: Client,
    session: str,
    settings,  # noqa: ANN001 - pytest-django's settings fixture
) -> None:
    restore(client, session, {"GET_TODOS": True, "X_CHALLENGER_TOO_LONG_431": True})
    settings.APICHALLENGES_EDITION = "current"
    status = client.get(f"/api/challenger/{session}").json()["challengeStatus"]
    assert status["X_CHALLENGER_TOO_LONG_431"] is True
    assert status["GET_TODOS"] is True


def test_classic_400_progress_counts_for_the_current_422_challenges(
    client: Client,
    session: str,
    settings,  # noqa: ANN001 - pytest-django's settings fixture
) -> None:
    restore(client, session, {"PUT_TODOS_400": True})
    settings.APICHALLENGES_EDITION = "current"
    status = client.get(f"/api/challenger/{session}").json()["challengeStatus"]
    assert status["PUT_TODOS_422"] is True
