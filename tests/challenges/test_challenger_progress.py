"""GET/PUT /api/challenger/{guid}: the progress payload and restoring it."""

from __future__ import annotations

import uuid

import orjson
import pytest

from challengers.models import Challenger

pytestmark = pytest.mark.django_db


def payload(client, guid: str) -> dict:
    return client.get(f"/api/challenger/{guid}").json()


def test_get_returns_the_progress_payload(client, guid) -> None:
    response = client.get(f"/api/challenger/{guid}")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {"xAuthToken", "xChallenger", "secretNote", "challengeStatus"}
    assert body["xChallenger"] == guid
    assert body["challengeStatus"]["CREATE_NEW_CHALLENGER"] is True
    assert len(body["challengeStatus"]) == 99


def test_get_of_an_unknown_guid_is_404(client) -> None:
    response = client.get(f"/api/challenger/{uuid.uuid4()}")
    assert response.status_code == 404
    assert response["X-CHALLENGER"] == "UNKNOWN CHALLENGER - Challenger not found"


def test_head_has_the_headers_and_no_body(client, guid) -> None:
    response = client.head(f"/api/challenger/{guid}")
    assert response.status_code == 200
    assert response.content == b""


def test_put_restores_the_statuses_of_the_payload(client, guid) -> None:
    body = payload(client, guid)
    body["challengeStatus"] = {"GET_TODOS": True}
    response = client.put(f"/api/challenger/{guid}", body, content_type="application/json")
    assert response.status_code == 200
    status = response.json()["challengeStatus"]
    assert status["GET_TODOS"] is True
    assert status["CREATE_NEW_CHALLENGER"] is False


def test_put_maps_deprecated_keys_to_their_successors(client, guid) -> None:
    body = payload(client, guid)
    body["challengeStatus"] = {"PUT_TODOS_400": True}
    response = client.put(f"/api/challenger/{guid}", body, content_type="application/json")
    assert response.json()["challengeStatus"]["PUT_TODOS_422"] is True


def test_put_truncates_the_note_to_100_characters(client, guid) -> None:
    body = payload(client, guid) | {"secretNote": "n" * 150}
    response = client.put(f"/api/challenger/{guid}", body, content_type="application/json")
    assert response.json()["secretNote"] == "n" * 100


def test_put_with_a_mismatched_guid_is_409(client, guid) -> None:
    body = payload(client, guid)
    response = client.put(f"/api/challenger/{uuid.uuid4()}", body, content_type="application/json")
    assert response.status_code == 409
    assert response.json() == {"errorMessages": ["URL GUID does not match payload X-CHALLENGER"]}
    assert response["X-CHALLENGER"] == guid


def test_put_for_an_unknown_guid_creates_the_session(client, guid) -> None:
    new = str(uuid.uuid4())
    body = payload(client, guid) | {"xChallenger": new}
    response = client.put(f"/api/challenger/{new}", body, content_type="application/json")
    assert response.status_code == 201
    assert response.content == b""
    assert response["X-CHALLENGER"] == new
    assert Challenger.objects.get(pk=new).todo_count == 10


def test_put_with_a_guid_that_is_not_a_uuid_is_400(client, guid) -> None:
    body = payload(client, guid)
    response = client.put("/api/challenger/bob", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errorMessages"][0].startswith("Invalid Challenger GUID")


def test_put_with_an_empty_body_is_400(client, guid) -> None:
    response = client.put(f"/api/challenger/{guid}", b"", content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"errorMessages": ["Invalid Payload"]}


def test_put_with_malformed_json_is_400_and_changes_nothing(client, guid) -> None:
    before = Challenger.objects.get(pk=guid).progress
    response = client.put(f"/api/challenger/{guid}", b"{nope", content_type="application/json")
    assert response.status_code == 400
    assert Challenger.objects.get(pk=guid).progress == before


def test_put_with_non_boolean_statuses_is_400(client, guid) -> None:
    body = payload(client, guid) | {"challengeStatus": {"GET_TODOS": "yes"}}
    response = client.put(f"/api/challenger/{guid}", body, content_type="application/json")
    assert response.status_code == 400


def test_options_lists_the_verbs(client, guid) -> None:
    response = client.options(f"/api/challenger/{guid}")
    assert response.status_code == 204
    assert response["Allow"] == "GET, PUT, HEAD, OPTIONS"


def test_single_mode_resolves_any_guid_to_the_single_session(client, single_mode) -> None:
    response = client.get("/api/challenger/anything")
    assert response.status_code == 200
    assert response.json()["xChallenger"] == "rest-api-challenges-single-player"
    assert len(response.json()["challengeStatus"]) == 96


# The body is read as JSON whatever its Content-Type says, or without one.
@pytest.mark.parametrize(
    "content_type", ["text/plain", "", "application/x-www-form-urlencoded", "application/xml"]
)
def test_put_reads_the_body_as_json_whatever_its_content_type(client, guid, content_type) -> None:
    body = payload(client, guid) | {"challengeStatus": {"GET_TODOS": True}}
    response = client.generic(
        "PUT", f"/api/challenger/{guid}", orjson.dumps(body), CONTENT_TYPE=content_type
    )
    assert response.status_code == 200
    assert response.json()["challengeStatus"]["GET_TODOS"] is True


def test_put_reads_a_charset_parameter_as_json(client, guid) -> None:
    body = payload(client, guid)
    response = client.put(
        f"/api/challenger/{guid}", body, content_type="application/json; charset=utf-8"
    )
    assert response.status_code == 200


def test_put_with_malformed_json_quotes_the_parsers_error(client, guid) -> None:
    response = client.put(f"/api/challenger/{guid}", b"{nope", content_type="text/plain")
    assert response.status_code == 400
    assert response.json() == {
        "errorMessages": [
            "Invalid JSON payload: unexpected character, expected a string key: "
            "line 1 column 2 (char 1)"
        ]
    }


def test_put_with_a_blank_body_and_no_content_type_is_400(client, guid) -> None:
    response = client.generic("PUT", f"/api/challenger/{guid}", b" \n", CONTENT_TYPE="")
    assert response.status_code == 400
    assert response.json() == {"errorMessages": ["Invalid Payload"]}


def test_put_checks_the_guid_before_the_body(client, guid) -> None:
    response = client.put("/api/challenger/bob", b"{nope", content_type="text/plain")
    assert response.status_code == 400
    assert response.json()["errorMessages"][0].startswith("Invalid Challenger GUID")
