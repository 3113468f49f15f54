"""GET /api/challenger/{guid}/near-misses: the latest near miss of each open challenge.

Tracking records near misses; these tests write the stored field directly, the way a
reader's fixture may, so that each reading rule is pinned on its own.
"""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client
from openapi_spec_validator import validate

from challengers.models import Challenger
from challengers.sessions import SINGLE_PLAYER_GUID, single_player
from tests.near_miss_entries import near_miss, store_near_misses

pytestmark = pytest.mark.django_db

FILTERED = near_miss()
OLDER = near_miss(
    "the body is not valid JSON", request="POST /api/todos", status=400, at="2026-11-23T16:05:00Z"
)


def near_misses(client: Client, guid: str, **headers: str) -> list[dict]:
    response = client.get(f"/api/challenger/{guid}/near-misses", headers=headers)
    assert response.status_code == 200
    return response.json()["nearMisses"]


def challenge_ids(client: Client, guid: str) -> dict[str, int]:
    listed = client.get("/api/challenges", headers={"X-CHALLENGER": guid}).json()["challenges"]
    return {c["name"]: c["id"] for c in listed}


def test_a_fresh_session_has_none(client: Client, guid: str) -> None:
    response = client.get(f"/api/challenger/{guid}/near-misses")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"nearMisses": []}


def test_it_shows_a_near_miss_with_its_challenge(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_TODOS_FILTERED": FILTERED})
    assert near_misses(client, guid) == [
        {
            "id": 7,
            "name": "GET /api/todos (200) ?filter",
            "at": "2026-11-23T16:18:00.123456Z",
            "request": "GET /api/todos?doneStatus=true",
            "status": 200,
            "reason": FILTERED["reason"],
        }
    ]


def test_the_id_is_the_one_of_the_challenges_list(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_TODOS_FILTERED": FILTERED, "POST_TODOS_BAD_DONE_STATUS": OLDER})
    ids = challenge_ids(client, guid)
    for near in near_misses(client, guid):
        assert near["id"] == ids[near["name"]]


def test_the_newest_comes_first(client: Client, guid: str) -> None:
    store_near_misses(guid, {"POST_TODOS_BAD_DONE_STATUS": OLDER, "GET_TODOS_FILTERED": FILTERED})
    assert [n["at"] for n in near_misses(client, guid)] == [FILTERED["at"], OLDER["at"]]


def test_times_without_fractions_sort_by_time_not_by_text(client: Client, guid: str) -> None:
    # "…16:18:00Z" sorts after "…16:18:00.5Z" as text, but is the earlier moment.
    whole = FILTERED | {"at": "2026-11-23T16:18:00Z"}
    later = OLDER | {"at": "2026-11-23T16:18:00.500000Z"}
    store_near_misses(guid, {"GET_TODOS_FILTERED": whole, "POST_TODOS_BAD_DONE_STATUS": later})
    assert [n["at"] for n in near_misses(client, guid)] == [later["at"], whole["at"]]


def test_a_completed_challenge_is_left_out(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})  # completes GET_CHALLENGES
    store_near_misses(guid, {"GET_CHALLENGES": OLDER, "GET_TODOS_FILTERED": FILTERED})
    assert [n["name"] for n in near_misses(client, guid)] == ["GET /api/todos (200) ?filter"]


def test_an_unknown_challenge_key_is_left_out(client: Client, guid: str) -> None:
    store_near_misses(guid, {"NO_SUCH_CHALLENGE": OLDER, "GET_TODOS_FILTERED": FILTERED})
    assert len(near_misses(client, guid)) == 1


def test_a_challenge_of_the_other_mode_is_left_out(client: Client, single_mode: None) -> None:
    session = single_player()
    store_near_misses(
        session.guid, {"GET_RESTORE_EXISTING_CHALLENGER": OLDER, "GET_TODOS_FILTERED": FILTERED}
    )
    assert [n["request"] for n in near_misses(client, session.guid)] == [FILTERED["request"]]


def test_single_mode_answers_for_the_single_session_whatever_the_guid(
    client: Client, single_mode: None
) -> None:
    store_near_misses(single_player().guid, {"GET_TODOS_FILTERED": FILTERED})
    response = client.get(f"/api/challenger/{uuid.uuid4()}/near-misses")
    assert response["X-CHALLENGER"] == SINGLE_PLAYER_GUID
    assert len(response.json()["nearMisses"]) == 1


def test_it_echoes_the_session(client: Client, guid: str) -> None:
    response = client.get(f"/api/challenger/{guid}/near-misses")
    assert response["X-CHALLENGER"] == guid


def test_it_answers_xml_when_asked(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_TODOS_FILTERED": FILTERED | {"reason": "0 done < 1 & more"}})
    response = client.get(
        f"/api/challenger/{guid}/near-misses", headers={"Accept": "application/xml"}
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/xml"
    assert response.content.decode() == (
        "<nearMisses><nearMiss><id>7</id><name>GET /api/todos (200) ?filter</name>"
        "<at>2026-11-23T16:18:00.123456Z</at><request>GET /api/todos?doneStatus=true</request>"
        "<status>200</status><reason>0 done &lt; 1 &amp; more</reason></nearMiss></nearMisses>"
    )


def test_an_unacceptable_accept_is_406(client: Client, guid: str) -> None:
    response = client.get(f"/api/challenger/{guid}/near-misses", headers={"Accept": "image/png"})
    assert response.status_code == 406
    assert response["Content-Type"] == "application/json"
    assert "errorMessages" in response.json()


def test_an_unknown_guid_is_404_as_on_the_progress_route(client: Client) -> None:
    unknown = str(uuid.uuid4())
    response = client.get(f"/api/challenger/{unknown}/near-misses")
    assert response.status_code == 404
    assert response.json() == {"errorMessages": [f"Challenger not found {unknown}"]}
    assert response["X-CHALLENGER"] == "UNKNOWN CHALLENGER - Challenger not found"


def test_an_unknown_guid_is_answered_in_xml_when_asked(client: Client) -> None:
    response = client.get("/api/challenger/bob/near-misses", headers={"Accept": "application/xml"})
    assert response.status_code == 404
    assert response.content == (
        b"<errorMessages><errorMessage>Challenger not found bob</errorMessage></errorMessages>"
    )


def test_the_legacy_root_route_answers_the_same(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_TODOS_FILTERED": FILTERED})
    legacy = client.get(f"/challenger/{guid}/near-misses")
    assert legacy.content == client.get(f"/api/challenger/{guid}/near-misses").content


def test_a_trailing_slash_is_accepted(client: Client, guid: str) -> None:
    assert client.get(f"/api/challenger/{guid}/near-misses/").status_code == 200


def test_head_has_no_body(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_TODOS_FILTERED": FILTERED})
    response = client.head(f"/api/challenger/{guid}/near-misses")
    assert response.status_code == 200
    assert response.content == b""


def test_options_lists_the_verbs(client: Client, guid: str) -> None:
    response = client.options(f"/api/challenger/{guid}/near-misses")
    assert response.status_code == 204
    assert response["Allow"] == "GET, HEAD, OPTIONS"


def test_other_verbs_are_405(client: Client, guid: str) -> None:
    response = client.delete(f"/api/challenger/{guid}/near-misses")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD, OPTIONS"


def test_reading_them_changes_nothing(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_TODOS_FILTERED": FILTERED})
    before = Challenger.objects.values("progress", "near_misses").get(pk=guid)
    client.get(f"/api/challenger/{guid}/near-misses", headers={"X-CHALLENGER": guid})
    assert Challenger.objects.values("progress", "near_misses").get(pk=guid) == before


def test_the_challenges_list_keeps_its_exact_shape(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_TODOS_FILTERED": FILTERED})
    response = client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    assert list(response.json()) == ["challenges"]
    for challenge in response.json()["challenges"]:
        assert list(challenge) == ["id", "name", "description", "status"]
    assert b"near" not in response.content.lower()


def _schema(client: Client) -> dict:
    return client.get("/api/schema/", headers={"Accept": "application/json"}).json()


def test_it_is_documented_in_the_openapi(client: Client) -> None:
    operation = _schema(client)["paths"]["/api/challenger/{guid}/near-misses"]["get"]
    assert set(operation["responses"]) == {"200", "404", "406"}
    body = operation["responses"]["200"]["content"]["application/json"]["schema"]
    item = body["properties"]["nearMisses"]["items"]
    assert item["required"] == ["id", "name", "at", "request", "status", "reason"]


def test_the_openapi_document_stays_valid(client: Client) -> None:
    validate(json.loads(json.dumps(_schema(client))))
