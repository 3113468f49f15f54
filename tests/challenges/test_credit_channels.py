"""Every credit records how it was earned: a request from this site's own pages (Try it,
the API docs: a browser's same-origin request) is "page", one of the provided Postman
collection (`X-Challenges-Client: collection`) is "collection", a restored payload's
credit is "restored", and anything else is the student's own client, which is stored as
nothing. A credit's channel never changes; the student's own client completing the
challenge later adds when it did."""

from __future__ import annotations

from typing import Any

import pytest

from challengers.models import Challenger
from challenges.services import record_progress

pytestmark = pytest.mark.django_db

SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"}
COLLECTION = {"X-Challenges-Client": "collection"}


def get_todos(client, guid: str, **headers: str) -> None:
    response = client.get("/api/todos", headers={"X-CHALLENGER": guid, **headers})
    assert response.status_code == 200


def stored(guid: str) -> Challenger:
    return Challenger.objects.get(guid=guid)


def channels(guid: str) -> dict[str, Any]:
    return stored(guid).credit_channels or {}


def test_a_same_origin_request_credits_in_the_page(client, guid) -> None:
    get_todos(client, guid, **SAME_ORIGIN)
    assert channels(guid) == {"GET_TODOS": "page", "GET_JSON_BY_DEFAULT_NO_ACCEPT": "page"}


def test_a_request_of_the_provided_collection_credits_by_the_collection(client, guid) -> None:
    get_todos(client, guid, **COLLECTION)
    assert channels(guid)["GET_TODOS"] == "collection"


def test_the_collection_mark_is_read_whatever_its_case(client, guid) -> None:
    get_todos(client, guid, **{"X-Challenges-Client": " Collection "})
    assert channels(guid)["GET_TODOS"] == "collection"


def test_a_plain_client_credits_as_its_own_and_stores_nothing(client, guid) -> None:
    get_todos(client, guid, **{"User-Agent": "PostmanRuntime/7.42.0"})
    session = stored(guid)
    assert "GET_TODOS" in session.progress
    assert not session.credit_channels


@pytest.mark.parametrize("site", ["cross-site", "same-site", "none"])
def test_a_browser_request_from_elsewhere_is_the_students_own(client, guid, site: str) -> None:
    # The student's own page on another origin (another port is another origin), or an
    # address typed into the browser.
    get_todos(client, guid, **{"Sec-Fetch-Site": site})
    assert not stored(guid).credit_channels


def test_a_credit_keeps_its_channel_when_done_again_by_another(client, guid) -> None:
    get_todos(client, guid, **SAME_ORIGIN)
    get_todos(client, guid, **COLLECTION)
    assert channels(guid)["GET_TODOS"] == "page"


def test_an_own_credit_stays_own_when_done_again_in_the_page(client, guid) -> None:
    get_todos(client, guid)
    get_todos(client, guid, **SAME_ORIGIN)
    assert not stored(guid).credit_channels


def test_the_own_client_doing_it_later_adds_its_time_and_keeps_the_channel(client, guid) -> None:
    get_todos(client, guid, **SAME_ORIGIN)
    first = stored(guid).progress["GET_TODOS"]
    get_todos(client, guid)
    session = stored(guid)
    assert session.progress["GET_TODOS"] == first  # the completion time never changes
    entry = session.credit_channels["GET_TODOS"]
    assert entry["channel"] == "page"
    assert entry["own"] >= first


def test_a_credit_the_own_client_confirmed_is_not_confirmed_again(client, guid) -> None:
    get_todos(client, guid, **COLLECTION)
    get_todos(client, guid)
    confirmed = channels(guid)["GET_TODOS"]
    get_todos(client, guid)
    assert channels(guid)["GET_TODOS"] == confirmed


def test_a_page_request_does_not_confirm_a_collection_credit(client, guid) -> None:
    get_todos(client, guid, **COLLECTION)
    get_todos(client, guid, **SAME_ORIGIN)
    assert channels(guid)["GET_TODOS"] == "collection"


def test_only_the_credits_of_the_request_take_its_channel(client, guid) -> None:
    get_todos(client, guid)
    response = client.get("/api/todos/1", headers={"X-CHALLENGER": guid, **SAME_ORIGIN})
    assert response.status_code == 200
    assert channels(guid) == {"GET_TODO": "page"}


def restore(client, guid: str, status: dict[str, bool], **headers: str) -> None:
    body = client.get(f"/api/challenger/{guid}").json()
    body["challengeStatus"] = status
    response = client.put(
        f"/api/challenger/{guid}", body, content_type="application/json", headers=headers
    )
    assert response.status_code == 200


def test_a_restore_marks_the_credits_it_adds_restored(client, guid) -> None:
    restore(client, guid, {"CREATE_NEW_CHALLENGER": True, "GET_TODOS": True})
    found = channels(guid)
    assert found["GET_TODOS"] == "restored"
    assert "CREATE_NEW_CHALLENGER" not in found  # kept as it was: its own client's


def test_a_restore_keeps_the_channels_of_the_credits_it_keeps(client, guid) -> None:
    get_todos(client, guid, **SAME_ORIGIN)
    restore(client, guid, {"CREATE_NEW_CHALLENGER": True, "GET_TODOS": True})
    assert channels(guid)["GET_TODOS"] == "page"


def test_a_restore_drops_the_channels_of_the_credits_it_drops(client, guid) -> None:
    get_todos(client, guid, **SAME_ORIGIN)
    restore(client, guid, {"CREATE_NEW_CHALLENGER": True})
    get_todos(client, guid)
    assert "GET_TODOS" not in channels(guid)


def test_a_session_created_from_a_payload_holds_restored_credits(client, db) -> None:
    guid = "0f8fad5b-d9cb-469f-a165-70867728950e"
    body = {"xChallenger": guid, "challengeStatus": {"GET_TODOS": True}}
    response = client.put(f"/api/challenger/{guid}", body, content_type="application/json")
    assert response.status_code == 201
    assert channels(guid)["GET_TODOS"] == "restored"


def test_the_restore_request_credits_in_its_own_channel(client, guid) -> None:
    restore(client, guid, {"CREATE_NEW_CHALLENGER": True}, **COLLECTION)
    assert channels(guid)["PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS"] == "collection"


def test_a_credit_another_request_stored_first_keeps_its_channel(client, guid) -> None:
    # Two requests of one session at once, which no sequence of requests can show: this
    # one read the session before the other credited GET_TODOS from the student's own
    # client, and its UPDATE comes second.
    stale = stored(guid)
    get_todos(client, guid)
    first = stored(guid).progress["GET_TODOS"]
    assert record_progress(stale, {"GET_TODOS"}, channel="page")
    assert stored(guid).progress["GET_TODOS"] == first
    assert "GET_TODOS" not in channels(guid)
