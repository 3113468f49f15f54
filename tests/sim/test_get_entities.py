"""GET /sim/entities: the generated list, its formats, filters, sorting and paging."""

from __future__ import annotations

import orjson
from django.http import HttpResponse
from django.test import Client

from practiceapi.protocol.querybody import ACCEPT_QUERY

LISTED = [{"id": n, "name": f"entity number {n}", "description": ""} for n in range(1, 11)]


def ids(response: HttpResponse) -> list[int]:
    return [row["id"] for row in orjson.loads(response.content)["entities"]]


def test_it_lists_entities_1_to_10(client: Client) -> None:
    response = client.get("/sim/entities")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert orjson.loads(response.content) == {"entities": LISTED}


def test_it_does_not_list_entity_11(client: Client) -> None:
    assert 11 not in ids(client.get("/sim/entities"))


def test_it_renders_compact_json_in_field_order(client: Client) -> None:
    body = client.get("/sim/entities?id=1").content
    assert body == b'{"entities":[{"id":1,"name":"entity number 1","description":""}]}'


def test_it_renders_xml(client: Client) -> None:
    response = client.get("/sim/entities?id<3", headers={"Accept": "application/xml"})
    assert response["Content-Type"] == "application/xml"
    assert response.content == (
        b"<entities>"
        b"<entity><name>entity number 1</name><description/><id>1</id></entity>"
        b"<entity><name>entity number 2</name><description/><id>2</id></entity>"
        b"</entities>"
    )


def test_it_renders_csv(client: Client) -> None:
    response = client.get("/sim/entities?id<3", headers={"Accept": "text/csv"})
    assert response["Content-Type"] == "text/csv"
    assert response.content == b"id,name,description\n1,entity number 1,\n2,entity number 2,"


def test_it_advertises_every_query_body_type(client: Client) -> None:
    # All three QUERY formats really filter on /sim, so all three are listed.
    assert client.get("/sim/entities")["Accept-Query"] == ACCEPT_QUERY


def test_it_filters_by_id(client: Client) -> None:
    assert ids(client.get("/sim/entities?id>7")) == [8, 9, 10]


def test_it_filters_by_name(client: Client) -> None:
    assert ids(client.get("/sim/entities?name=entity%20number%204")) == [4]


def test_it_filters_with_a_wildcard(client: Client) -> None:
    assert ids(client.get("/sim/entities?name*=entity number 1*")) == [1, 10]


def test_it_ignores_unknown_fields(client: Client) -> None:
    assert ids(client.get("/sim/entities?title=x")) == list(range(1, 11))


def test_it_sorts(client: Client) -> None:
    assert ids(client.get("/sim/entities?_sortBy=-id&id<4")) == [3, 2, 1]


def test_it_has_no_default_page_nor_maximum(client: Client) -> None:
    assert len(ids(client.get("/sim/entities?_limit=50"))) == 10


def test_it_honours_explicit_limit_and_offset(client: Client) -> None:
    assert ids(client.get("/sim/entities?_limit=3&_offset=2")) == [3, 4, 5]


def test_it_rejects_a_bad_limit(client: Client) -> None:
    response = client.get("/sim/entities?_limit=abc")
    assert response.status_code == 400
    assert orjson.loads(response.content) == {
        "errorMessages": ["_limit must be a non-negative integer"]
    }


def test_it_rejects_a_bad_id_filter_in_the_negotiated_format(client: Client) -> None:
    response = client.get("/sim/entities?id=abc", headers={"Accept": "application/xml"})
    assert response.status_code == 400
    assert response["Content-Type"] == "application/xml"
    assert b"<errorMessage>abc is not a valid integer for field id</errorMessage>" in (
        response.content
    )


def test_it_refuses_an_unknown_accept(client: Client) -> None:
    response = client.get("/sim/entities", headers={"Accept": "application/gzip"})
    assert response.status_code == 406
    assert response["Content-Type"] == "application/json"
    assert orjson.loads(response.content) == {"errorMessages": ["Unrecognised Accept Type"]}


def test_it_refuses_structured_xml_types(client: Client) -> None:
    accept = "application/vnd.apichallenges.entity+xml"
    assert client.get("/sim/entities", headers={"Accept": accept}).status_code == 406
    assert (
        client.get("/sim/entities", headers={"Accept": "application/todo+xml"}).status_code == 406
    )


def test_it_refuses_when_every_match_has_q_zero(client: Client) -> None:
    response = client.get("/sim/entities", headers={"Accept": "application/json;q=0"})
    assert response.status_code == 406
    assert orjson.loads(response.content) == {
        "errorMessages": ["No acceptable response type supported"]
    }


def test_it_tolerates_a_trailing_slash(client: Client) -> None:
    assert ids(client.get("/sim/entities/")) == list(range(1, 11))


def test_it_sends_no_cors_and_no_challenger_header(client: Client) -> None:
    response = client.get("/sim/entities", headers={"X-CHALLENGER": "abc"})
    assert "Access-Control-Allow-Origin" not in response
    assert "X-CHALLENGER" not in response


def test_it_sends_cache_and_robots_headers_and_exact_length(client: Client) -> None:
    response = client.get("/sim/entities")
    assert response["Cache-Control"] == "no-store"
    assert response["X-Robots-Tag"] == "noindex"
    assert response["Content-Length"] == str(len(response.content))


def test_an_error_has_no_robots_header_but_no_store(client: Client) -> None:
    response = client.get("/sim/entities?_limit=-1")
    assert response["Cache-Control"] == "no-store"
    assert "X-Robots-Tag" not in response
