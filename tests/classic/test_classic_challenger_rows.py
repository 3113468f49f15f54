"""Classic edition: /challenger, /challenger/{guid}, /challenger/database/{guid}."""

from __future__ import annotations

import uuid

from django.test import Client

from tests.classic.helpers import NO_SUCH_GUID, UNKNOWN, messages, send_json

# The 59 `challengeStatus` keys of the classic catalogue, in its order.
CLASSIC_KEYS = [
    "CREATE_NEW_CHALLENGER",
    "GET_CHALLENGES",
    "GET_TODOS",
    "GET_TODOS_NOT_PLURAL_404",
    "GET_TODO",
    "GET_TODO_404",
    "GET_TODOS_FILTERED",
    "GET_HEAD_TODOS",
    "POST_TODOS",
    "POST_TODOS_BAD_DONE_STATUS",
    "POST_TODOS_TOO_LONG_TITLE_LENGTH",
    "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH",
    "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH",
    "POST_TODOS_TOO_LONG_PAYLOAD_SIZE",
    "POST_TODOS_INVALID_EXTRA_FIELD",
    "PUT_TODOS_400",
    "POST_UPDATE_TODO",
    "POST_TODOS_404",
    "PUT_TODOS_FULL_200",
    "PUT_TODOS_PARTIAL_200",
    "PUT_TODOS_MISSING_TITLE_400",
    "PUT_TODOS_400_NO_AMEND_ID",
    "DELETE_A_TODO",
    "OPTIONS_TODOS",
    "GET_ACCEPT_XML",
    "GET_ACCEPT_JSON",
    "GET_ACCEPT_ANY_DEFAULT_JSON",
    "GET_ACCEPT_XML_PREFERRED",
    "GET_JSON_BY_DEFAULT_NO_ACCEPT",
    "GET_UNSUPPORTED_ACCEPT_406",
    "POST_CREATE_XML",
    "POST_CREATE_JSON",
    "POST_TODOS_415",
    "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
    "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
    "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
    "GET_RESTORABLE_TODOS",
    "PUT_RESTORABLE_TODOS",
    "POST_CREATE_XML_ACCEPT_JSON",
    "POST_CREATE_JSON_ACCEPT_XML",
    "DELETE_HEARTBEAT_405",
    "PATCH_HEARTBEAT_500",
    "TRACE_HEARTBEAT_501",
    "GET_HEARTBEAT_204",
    "OVERRIDE_DELETE_HEARTBEAT_405",
    "OVERRIDE_PATCH_HEARTBEAT_500",
    "OVERRIDE_TRACE_HEARTBEAT_501",
    "CREATE_SECRET_TOKEN_401",
    "CREATE_SECRET_TOKEN_201",
    "GET_SECRET_NOTE_403",
    "GET_SECRET_NOTE_401",
    "GET_SECRET_NOTE_200",
    "POST_SECRET_NOTE_200",
    "POST_SECRET_NOTE_401",
    "POST_SECRET_NOTE_403",
    "GET_SECRET_NOTE_BEARER_200",
    "POST_SECRET_NOTE_BEARER_200",
    "DELETE_ALL_TODOS",
    "POST_ALL_TODOS",
]


def test_row_01_post_challenger_creates_a_session_with_the_default_todos(
    client: Client, db: None
) -> None:
    response = client.post("/challenger")
    guid = response["X-CHALLENGER"]
    assert response.status_code == 201
    assert response.content == b""
    assert str(uuid.UUID(guid)) == guid
    assert response["Location"] == f"/gui/challenges/{guid}"
    todos = client.get("/todos", HTTP_X_CHALLENGER=guid).json()["todos"]
    assert sorted(todo["id"] for todo in todos) == list(range(1, 11))


def test_row_02_post_challenger_with_a_known_guid_is_200_and_an_unknown_one_404(
    client: Client, session: str
) -> None:
    again = client.post("/challenger", HTTP_X_CHALLENGER=session)
    unknown = client.post("/challenger", HTTP_X_CHALLENGER=NO_SUCH_GUID)
    assert (again.status_code, again.content) == (200, b"")
    assert again["X-CHALLENGER"] == session
    assert (unknown.status_code, unknown.content) == (404, b"")
    assert unknown["X-CHALLENGER"] == UNKNOWN


def test_row_03_options_challenger_is_204_and_other_verbs_405(client: Client, db: None) -> None:
    options = client.options("/challenger")
    get = client.get("/challenger")
    assert (options.status_code, options["Allow"]) == (204, "POST, OPTIONS")
    assert (get.status_code, get.content) == (405, b"")


def test_row_04_get_challenger_guid_answers_the_progress_payload(
    client: Client, session: str
) -> None:
    response = client.get(f"/challenger/{session}", HTTP_X_CHALLENGER=session)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["X-CHALLENGER"] == session
    payload = response.json()
    assert list(payload) == ["xAuthToken", "xChallenger", "secretNote", "challengeStatus"]
    assert payload["xChallenger"] == session
    assert sorted(payload["challengeStatus"]) == sorted(CLASSIC_KEYS)
    # Credited before the body is rendered.
    assert payload["challengeStatus"]["GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS"] is True


def test_row_05_get_challenger_with_an_unknown_guid_is_an_empty_404(
    client: Client, db: None
) -> None:
    bare = client.get(f"/challenger/{NO_SUCH_GUID}")
    as_json = client.get(f"/challenger/{NO_SUCH_GUID}", HTTP_ACCEPT="application/json")
    assert (bare.status_code, bare.content) == (404, b"")
    assert as_json.status_code == 404
    assert messages(as_json) == ["404 resource Unknown"]


def test_row_05_a_browser_asking_for_an_unknown_guid_is_sent_to_the_404_page(
    client: Client, db: None
) -> None:
    page = client.get(f"/challenger/{NO_SUCH_GUID}", HTTP_ACCEPT="text/html,*/*;q=0.8")
    assert (page.status_code, page["Location"]) == (307, f"/gui/404/challenger/{NO_SUCH_GUID}")
    assert page["X-CHALLENGER"] == "UNKNOWN CHALLENGER - Challenger not found"


def test_row_06_put_challenger_restores_known_creates_unknown_refuses_mismatch(
    client: Client, session: str
) -> None:
    payload = client.get(f"/challenger/{session}", HTTP_X_CHALLENGER=session).json()
    restored = send_json(client, "PUT", f"/challenger/{session}", payload)
    fresh = str(uuid.uuid4())
    created = send_json(client, "PUT", f"/challenger/{fresh}", {**payload, "xChallenger": fresh})
    mismatch = send_json(client, "PUT", f"/challenger/{session}", {**payload, "xChallenger": fresh})
    assert restored.status_code == 200
    assert restored.json()["xChallenger"] == session
    assert (created.status_code, created.content, created["X-CHALLENGER"]) == (201, b"", fresh)
    assert mismatch.status_code == 400
    assert messages(mismatch) == ["URL GUID does not match payload X-CHALLENGER"]


def test_row_07_get_challenger_database_answers_the_todos_or_404_or_400(
    client: Client, session: str
) -> None:
    found = client.get(f"/challenger/database/{session}")
    missing = client.get(f"/challenger/database/{NO_SUCH_GUID}")
    invalid = client.get("/challenger/database/bob")
    assert found.status_code == 200
    assert found["X-CHALLENGER"] == session
    assert [todo["title"] for todo in found.json()["todos"]][:2] == [
        "scan paperwork",
        "file paperwork",
    ]
    # Written as the classic engine wrote it by hand (spaces included), still valid JSON.
    assert found.content.startswith(
        b'{"todos" : [{"id": 1, "title": "scan paperwork", "doneStatus": false, '
        b'"description": ""}, {"id": 2, "title": "file paperwork"'
    )
    assert (missing.status_code, messages(missing)) == (
        404,
        [f"Challenger not found {NO_SUCH_GUID}"],
    )
    assert invalid.status_code == 400
    assert messages(invalid)[0].startswith("Invalid Challenger GUID ")


def test_row_08_put_challenger_database_replaces_the_todos(client: Client, session: str) -> None:
    todos = {"todos": [{"id": 3, "title": "only this", "doneStatus": True, "description": ""}]}
    replaced = send_json(client, "PUT", f"/challenger/database/{session}", todos)
    unknown = send_json(client, "PUT", f"/challenger/database/{NO_SUCH_GUID}", todos)
    bad = send_json(client, "PUT", f"/challenger/database/{session}", {"todos": [{"bob": 1}]})
    assert (replaced.status_code, replaced.content) == (204, b"")
    assert replaced["X-CHALLENGER"] == session
    assert client.get("/todos", HTTP_X_CHALLENGER=session).json() == todos
    assert messages(unknown) == [
        "Unknown Challenger GUID - have you created or loaded the challenger state"
    ]
    assert (bad.status_code, messages(bad)) == (400, ["ERROR: Unknown property bob for todo"])


def test_row_09_challenger_guid_routes_answer_options_and_405(client: Client, session: str) -> None:
    for path in (f"/challenger/{session}", f"/challenger/database/{session}"):
        options = client.options(path)
        assert (options.status_code, options["Allow"]) == (204, "GET, PUT, HEAD, OPTIONS"), path
        for method in ("POST", "PATCH", "DELETE", "TRACE"):
            refused = client.generic(method, path)
            assert (refused.status_code, refused.content) == (405, b""), (method, path)
