"""QUERY /sim/entities: form, JSONPath and structured bodies all really filter."""

from __future__ import annotations

import orjson
import pytest
from django.http import HttpResponse
from django.test import Client

from practiceapi.protocol.querybody import ACCEPT_QUERY

FORM = "application/x-www-form-urlencoded"
JSONPATH = "application/jsonpath"
STRUCTURED = "application/vnd.thingifier.query+json"


def query(
    client: Client, body: str | bytes, content_type: str, path: str = "/sim/entities", **kw: object
) -> HttpResponse:
    return client.generic("QUERY", path, data=body, content_type=content_type, **kw)


def ids(response: HttpResponse) -> list[int]:
    return [row["id"] for row in orjson.loads(response.content)["entities"]]


def test_a_form_body_combines_with_url_filters(client: Client) -> None:
    # The public service's own example: ?id<3 in the URL, a wildcard name in the body.
    response = query(client, "name*=entity%20number%20*", FORM, "/sim/entities?id%3C3")
    assert response.status_code == 200
    assert ids(response) == [1, 2]


def test_a_form_body_sorts_and_pages(client: Client) -> None:
    assert ids(query(client, "_sortBy=-id&_limit=2", FORM)) == [10, 9]


def test_an_empty_form_body_lists_everything(client: Client) -> None:
    # The test client drops the Content-Type of an empty body unless it is set directly.
    response = client.generic("QUERY", "/sim/entities", CONTENT_TYPE=FORM)
    assert ids(response) == list(range(1, 11))


def test_a_jsonpath_body_filters(client: Client) -> None:
    assert ids(query(client, "$.entities[?@.id > 8]", JSONPATH)) == [9, 10]


def test_a_reference_style_jsonpath_filter_works(client: Client) -> None:
    response = query(client, '$.entities[?(@.name == "entity number 4")]', JSONPATH)
    assert ids(response) == [4]


def test_a_jsonpath_selecting_values_is_422(client: Client) -> None:
    response = query(client, "$.entities[*].name", JSONPATH)
    assert response.status_code == 422
    assert response["Accept-Query"] == ACCEPT_QUERY


@pytest.mark.parametrize("content_type", [STRUCTURED, "application/vnd.service.query+json"])
def test_a_structured_body_filters(client: Client, content_type: str) -> None:
    body = orjson.dumps(
        {"filter": {"id": {"greaterThan": 7}}, "sort": [{"field": "id", "direction": "desc"}]}
    )
    assert ids(query(client, body, content_type)) == [10, 9, 8]


def test_a_structured_body_filters_by_name(client: Client) -> None:
    body = orjson.dumps({"filter": {"name": {"endsWith": "number 1"}}})
    assert ids(query(client, body, STRUCTURED)) == [1]


def test_a_structured_unknown_field_is_422(client: Client) -> None:
    response = query(client, b'{"filter": {"title": "x"}}', STRUCTURED)
    assert response.status_code == 422
    assert orjson.loads(response.content) == {"errorMessages": ["Unknown query filter field title"]}


def test_a_missing_content_type_is_400(client: Client) -> None:
    response = query(client, "id=1", "")
    assert response.status_code == 400
    assert orjson.loads(response.content) == {
        "errorMessages": ["Missing Content-Type for QUERY request"]
    }
    assert response["Accept-Query"] == ACCEPT_QUERY


def test_an_unsupported_content_type_is_415_with_accept_headers(client: Client) -> None:
    response = query(client, "id=1", "text/plain")
    assert response.status_code == 415
    assert orjson.loads(response.content) == {
        "errorMessages": ["Unsupported QUERY Content Type - text/plain"]
    }
    assert response["Accept-Query"] == ACCEPT_QUERY
    assert response["Accept"] == ACCEPT_QUERY


def test_a_malformed_form_body_is_400(client: Client) -> None:
    response = query(client, "=5", FORM)
    assert response.status_code == 400
    assert orjson.loads(response.content) == {
        "errorMessages": ["Malformed query content: field name is missing"]
    }


def test_success_carries_accept_query(client: Client) -> None:
    assert query(client, "id=1", FORM)["Accept-Query"] == ACCEPT_QUERY


def test_it_renders_the_negotiated_format(client: Client) -> None:
    response = query(client, "id=2", FORM, headers={"Accept": "application/xml"})
    assert response.content == (
        b"<entities><entity><name>entity number 2</name><description/><id>2</id></entity>"
        b"</entities>"
    )


def test_it_refuses_an_unknown_accept(client: Client) -> None:
    assert query(client, "id=1", FORM, headers={"Accept": "image/png"}).status_code == 406


def test_query_on_an_item_is_405_with_allow(client: Client) -> None:
    response = query(client, "id=1", FORM, "/sim/entities/1")
    assert response.status_code == 405
    assert response.content == b""
    assert response["Allow"] == "GET, POST, PUT, DELETE, HEAD, OPTIONS"
