"""Numbers too long to read, sent everywhere a client can put a number.

Python's int() refuses text of more than 4300 digits with a ValueError; the API never hands
it one. A number whose exact value matters (a filter value, a number in a JSON or QUERY
body) may be at most 1000 characters long and is a clear 400 beyond that; a page size, an
offset or an id in a path is read however long it is, as a number beyond every list and
id. Each request answers in the negotiated format, changes nothing, and leaves nothing in
the log: tracking reads the same numbers as the API and must not crash on them either.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from django.http import HttpResponse

from challenges.catalogue import by_key
from tests.client import Client

pytestmark = pytest.mark.django_db

# Past Python's 4300-digit limit for int().
HUGE = "9" * 4400
# Within Python's limit, past the API's 1000-character bound for a number it reads exactly.
LONG = "9" * 2000
LEADING_ZEROS = "0" * 4400 + "1"
XML = "application/xml"
JSON = "application/json"
FORM = "application/x-www-form-urlencoded"
JSONPATH = "application/jsonpath"
STRUCTURED = "application/vnd.service.query+json"
MERGE_PATCH = "application/merge-patch+json"
INVALID_JSON = "Invalid Json Payload: please check the syntax of the request body"
NUMBER_TOO_LONG = "a number is more than 1000 characters long"
ID_FILTER_TOO_LONG = "The value for field id is more than 1000 characters long"
NO_MORE_THAN_20 = "_limit must be no more than 20"


@pytest.fixture
def log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Everything logged at WARNING or above while the test runs (django.request keeps
    its own level, ERROR, so a 4xx answer logs nothing there)."""
    caplog.set_level(logging.WARNING)
    yield caplog


def assert_nothing_logged(log: pytest.LogCaptureFixture) -> None:
    logged = [
        (record.name, record.levelname, record.getMessage())
        for record in log.records
        if record.levelno >= logging.WARNING or record.exc_info
    ]
    assert logged == []


def send(
    client: Client,
    guid: str,
    method: str,
    path: str,
    body: str | None = None,
    content_type: str = JSON,
    accept: str = JSON,
) -> HttpResponse:
    headers = {"X-CHALLENGER": guid, "Accept": accept}
    if body is None:
        return client.generic(method, path, headers=headers)
    return client.generic(method, path, body, content_type=content_type, headers=headers)


def with_number(template: str, number: str) -> str:
    """A JSON text with `number` written where `template` has `#`."""
    return template.replace("#", number)


def todo_list(client: Client, guid: str) -> list[dict[str, Any]]:
    response = client.get("/api/todos", headers={"X-CHALLENGER": guid})
    assert response.status_code == 200
    return list(response.json()["todos"])


def messages(response: HttpResponse) -> list[str]:
    assert response["Content-Type"] == JSON, response.content[:200]
    return list(response.json()["errorMessages"])


def is_xml_error(response: HttpResponse, message: str) -> bool:
    return response["Content-Type"] == XML and response.content == (
        f"<errorMessages><errorMessage>{message}</errorMessage></errorMessages>".encode()
    )


def listed_as_done(client: Client, guid: str, key: str) -> bool:
    reply = client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    [found] = [c for c in reply.json()["challenges"] if c["name"] == by_key(key).name]
    return found["status"] is True


# ------------------------------------------------------------- _limit and _offset


@pytest.mark.parametrize("limit", [HUGE, LONG], ids=["4400-digits", "2000-digits"])
def test_a_huge_limit_is_the_400_of_a_limit_over_20(
    client: Client, guid: str, log: pytest.LogCaptureFixture, limit: str
) -> None:
    response = send(client, guid, "GET", f"/api/todos?_limit={limit}")
    assert response.status_code == 400
    assert messages(response) == [NO_MORE_THAN_20]
    assert_nothing_logged(log)


def test_a_huge_limit_is_an_xml_400_when_xml_is_accepted(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "GET", f"/api/todos?_limit={HUGE}", accept=XML)
    assert response.status_code == 400
    assert is_xml_error(response, NO_MORE_THAN_20)
    assert_nothing_logged(log)


def test_a_huge_negative_limit_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "GET", f"/api/todos?_limit=-{HUGE}")
    assert response.status_code == 400
    assert messages(response) == ["_limit must be a non-negative integer"]
    assert_nothing_logged(log)


def test_a_limit_behind_thousands_of_leading_zeros_is_read_as_its_value(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "GET", f"/api/todos?_limit={'0' * 4400}5")
    assert response.status_code == 200
    assert len(response.json()["todos"]) == 5
    assert_nothing_logged(log)


def test_a_huge_offset_after_a_limit_is_an_empty_page(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "GET", f"/api/todos?_limit=5&_offset={HUGE}")
    assert response.status_code == 200
    assert response.json() == {"todos": []}
    assert_nothing_logged(log)


@pytest.mark.parametrize("method", ["HEAD", "QUERY"])
def test_a_huge_limit_is_capped_where_the_list_caps_it(
    client: Client, guid: str, log: pytest.LogCaptureFixture, method: str
) -> None:
    body = "_sortBy=id" if method == "QUERY" else None
    response = send(client, guid, method, f"/api/todos?_limit={HUGE}", body, FORM)
    assert response.status_code == 200
    assert_nothing_logged(log)


def test_a_huge_limit_in_a_form_query_body_is_capped(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "QUERY", "/api/todos", f"_limit={HUGE}", FORM)
    assert response.status_code == 200
    assert len(response.json()["todos"]) == 10
    assert_nothing_logged(log)


def test_a_huge_limit_completes_the_limit_too_high_challenge(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    """Tracking reads the huge limit as one above 20, as the API does."""
    assert send(client, guid, "GET", f"/api/todos?_limit={HUGE}").status_code == 400
    assert listed_as_done(client, guid, "GET_TODOS_PAGINATED_LIMIT_TOO_HIGH")
    assert_nothing_logged(log)


def test_a_huge_simulator_limit_lists_every_entity(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "GET", f"/sim/entities?_limit={HUGE}")
    assert response.status_code == 200
    assert len(response.json()["entities"]) == 10
    assert_nothing_logged(log)


# ------------------------------------------------------------- integer filters


@pytest.mark.parametrize("op", ["=", ">=", "<", "!="])
@pytest.mark.parametrize(
    "value",
    [HUGE, "-" + HUGE, LEADING_ZEROS, LONG, LONG + ".0"],
    ids=["4400-digits", "negative", "leading-zeros", "2000-digits", "2000-digits-point-0"],
)
def test_an_id_filter_too_long_to_read_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture, op: str, value: str
) -> None:
    before = todo_list(client, guid)
    response = send(client, guid, "GET", f"/api/todos?id{op}{value}")
    assert response.status_code == 400
    assert messages(response) == [ID_FILTER_TOO_LONG]
    assert todo_list(client, guid) == before
    assert_nothing_logged(log)


def test_an_id_filter_too_long_to_read_is_an_xml_400_when_xml_is_accepted(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "GET", f"/api/todos?id={HUGE}", accept=XML)
    assert response.status_code == 400
    assert is_xml_error(response, ID_FILTER_TOO_LONG)
    assert_nothing_logged(log)


def test_an_id_filter_of_1000_digits_is_still_read(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "GET", f"/api/todos?id<{'9' * 1000}")
    assert response.status_code == 200
    assert len(response.json()["todos"]) == 10
    assert_nothing_logged(log)


def test_an_id_filter_too_long_to_read_in_a_form_query_body_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "QUERY", "/api/todos", f"id>{HUGE}", FORM)
    assert response.status_code == 400
    assert messages(response) == [ID_FILTER_TOO_LONG]
    assert_nothing_logged(log)


def test_a_simulator_id_filter_too_long_to_read_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "GET", f"/sim/entities?id={HUGE}")
    assert response.status_code == 400
    assert messages(response) == [ID_FILTER_TOO_LONG]
    assert_nothing_logged(log)


# ------------------------------------------------------------- ids in paths


@pytest.mark.parametrize(
    ("method", "status"),
    # A PUT to a missing id that names an id in its body is the 422 of a PUT that would
    # create, as for any id that names no todo.
    [("GET", 404), ("POST", 404), ("PUT", 422), ("PATCH", 404), ("DELETE", 404)],
)
@pytest.mark.parametrize(
    "todo_id", [HUGE, "-" + HUGE, LEADING_ZEROS], ids=["4400-digits", "negative", "leading-zeros"]
)
def test_a_todo_id_too_long_for_any_todo_names_none(
    client: Client,
    guid: str,
    log: pytest.LogCaptureFixture,
    method: str,
    status: int,
    todo_id: str,
) -> None:
    """A body id other than the path's is what tracking compares with the path's id."""
    before = todo_list(client, guid)
    body = None if method in ("GET", "DELETE") else '{"id": 1, "title": "changed"}'
    response = send(client, guid, method, f"/api/todos/{todo_id}", body)
    assert response.status_code == status
    assert messages(response)
    assert todo_list(client, guid) == before
    assert_nothing_logged(log)


def test_a_todo_id_too_long_for_any_todo_is_an_xml_404_when_xml_is_accepted(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = send(client, guid, "GET", f"/api/todos/{HUGE}", accept=XML)
    assert response.status_code == 404
    assert is_xml_error(response, f"Could not find an instance with todos/{HUGE}")
    assert_nothing_logged(log)


@pytest.mark.parametrize(("method", "status"), [("GET", 404), ("DELETE", 404), ("PUT", 403)])
def test_a_simulator_id_too_long_for_any_entity_is_refused(
    client: Client, guid: str, log: pytest.LogCaptureFixture, method: str, status: int
) -> None:
    response = send(client, guid, method, f"/sim/entities/{HUGE}")
    assert response.status_code == status
    assert messages(response)
    assert_nothing_logged(log)


# ------------------------------------------------------------- JSON bodies


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/todos", '{"title": "x", "doneStatus": #}'),
        ("POST", "/api/todos", '{"title": "x", "doneStatus": -#}'),
        ("POST", "/api/todos", '{"title": "x", "doneStatus": 1.#}'),
        ("POST", "/api/todos", '{"title": "x", "doneStatus": 1e#}'),
        ("PUT", "/api/todos", '{"id": #, "title": "x"}'),
        ("POST", "/api/todos/1", '{"id": #}'),
        ("PUT", "/api/todos/1", '{"id": #, "title": "x"}'),
    ],
    ids=[
        "create",
        "create-negative",
        "create-fraction",
        "create-exponent",
        "put",
        "amend",
        "replace",
    ],
)
def test_a_number_too_long_to_read_in_a_todo_body_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture, method: str, path: str, body: str
) -> None:
    before = todo_list(client, guid)
    response = send(client, guid, method, path, with_number(body, LONG))
    assert response.status_code == 400
    assert messages(response) == [f"{INVALID_JSON} ({NUMBER_TOO_LONG})"]
    assert todo_list(client, guid) == before
    assert_nothing_logged(log)


def test_a_number_past_pythons_digit_limit_in_a_todo_body_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    before = todo_list(client, guid)
    response = send(
        client, guid, "PUT", "/api/todos/1", with_number('{"id": #, "title": "x"}', HUGE)
    )
    assert response.status_code == 400
    assert messages(response) == [f"{INVALID_JSON} ({NUMBER_TOO_LONG})"]
    assert todo_list(client, guid) == before
    assert_nothing_logged(log)


def test_a_number_too_long_to_read_in_a_todo_body_is_an_xml_400_when_xml_is_accepted(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    body = with_number('{"title": "x", "doneStatus": #}', LONG)
    response = send(client, guid, "POST", "/api/todos", body, accept=XML)
    assert response.status_code == 400
    assert is_xml_error(response, f"{INVALID_JSON} ({NUMBER_TOO_LONG})")
    assert_nothing_logged(log)


def test_a_number_too_long_to_read_in_a_merge_patch_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    before = todo_list(client, guid)
    response = send(
        client, guid, "PATCH", "/api/todos/1", with_number('{"id": #}', LONG), MERGE_PATCH
    )
    assert response.status_code == 400
    assert messages(response) == [f"Malformed JSON Merge Patch document ({NUMBER_TOO_LONG})"]
    assert todo_list(client, guid) == before
    assert_nothing_logged(log)


def test_a_1000_digit_id_in_a_create_is_still_read(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    body = with_number('{"id": #, "title": "x"}', "9" * 1000)
    response = send(client, guid, "POST", "/api/todos", body)
    assert response.status_code == 422
    assert messages(response) == [
        "Failed Validation: Invalid Creation: Not allowed to create with id"
    ]
    assert_nothing_logged(log)


def test_a_number_too_long_to_read_in_a_simulator_create_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    body = with_number('{"name": "x", "id": #}', HUGE)
    response = send(client, guid, "POST", "/sim/entities", body)
    assert response.status_code == 400
    assert messages(response) == [f"{INVALID_JSON} ({NUMBER_TOO_LONG})"]
    assert_nothing_logged(log)


def test_a_huge_id_in_a_todo_list_import_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    before = todo_list(client, guid)
    body = with_number('{"todos": [{"id": #, "title": "x"}]}', HUGE)
    response = send(client, guid, "PUT", f"/api/challenger/database/{guid}", body)
    assert response.status_code == 400
    assert messages(response)
    assert todo_list(client, guid) == before
    assert_nothing_logged(log)


# ------------------------------------------------------------- QUERY bodies


@pytest.mark.parametrize(
    "body",
    [
        {"limit": "#"},
        {"offset": "#"},
        {"filter": {"id": "#"}},
        {"filter": {"id": {"greaterThan": "#"}}},
        {"filter": {"id": {"in": [1, "#"]}}},
    ],
    ids=["limit", "offset", "equals", "greaterThan", "in"],
)
@pytest.mark.parametrize("number", [HUGE, "-" + LONG], ids=["4400-digits", "negative"])
def test_a_number_too_long_to_read_in_a_structured_query_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture, body: dict, number: str
) -> None:
    text = with_number(json.dumps(body).replace('"#"', "#"), number)
    response = send(client, guid, "QUERY", "/api/todos", text, STRUCTURED)
    assert response.status_code == 400
    assert messages(response) == [f"Malformed JSON query body ({NUMBER_TOO_LONG})"]
    assert_nothing_logged(log)


def test_a_number_too_long_to_read_in_a_structured_query_is_an_xml_400_when_xml_is_accepted(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    body = with_number('{"filter": {"id": #}}', HUGE)
    response = send(client, guid, "QUERY", "/api/todos", body, STRUCTURED, accept=XML)
    assert response.status_code == 400
    assert is_xml_error(response, f"Malformed JSON query body ({NUMBER_TOO_LONG})")
    assert_nothing_logged(log)


@pytest.mark.parametrize(
    "expression",
    [f"$.todos[{HUGE}]", f"$.todos[-{HUGE}]", f"$.todos[0:{HUGE}]", f"$.todos[::{HUGE}]"],
    ids=["index", "negative-index", "slice-end", "slice-step"],
)
def test_a_jsonpath_index_too_long_to_read_is_out_of_range(
    client: Client, guid: str, log: pytest.LogCaptureFixture, expression: str
) -> None:
    response = send(client, guid, "QUERY", "/api/todos", expression, JSONPATH)
    assert response.status_code == 400
    [message] = messages(response)
    assert message.startswith("index out of range, line 1, column ")
    assert_nothing_logged(log)


def test_a_jsonpath_number_literal_too_big_for_a_float_is_400(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    expression = f"$.todos[?@.id=={HUGE}]"
    response = send(client, guid, "QUERY", "/api/todos", expression, JSONPATH)
    assert response.status_code == 400
    assert messages(response)
    assert_nothing_logged(log)


# ------------------------------------------------------------- the classic edition


@pytest.fixture
def classic(settings: Any) -> None:
    settings.APICHALLENGES_EDITION = "classic"


def test_a_huge_classic_limit_is_answered(
    client: Client, classic: None, log: pytest.LogCaptureFixture
) -> None:
    guid = client.post("/challenger")["X-CHALLENGER"]
    response = send(client, guid, "GET", f"/todos?_limit={HUGE}")
    assert response.status_code == 200
    assert_nothing_logged(log)


def test_a_content_length_too_long_to_read_is_413(
    client: Client, guid: str, log: pytest.LogCaptureFixture
) -> None:
    response = client.post(
        "/api/todos",
        data=b"{}",
        content_type=JSON,
        headers={"X-CHALLENGER": guid},
        CONTENT_LENGTH=HUGE,
    )
    assert response.status_code == 413
    assert_nothing_logged(log)
