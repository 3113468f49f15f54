"""/mirror/request[/...]: the interpreted mirror, for every verb."""

from __future__ import annotations

import orjson
import pytest
from django.test import Client

ALLOW = "GET, POST, PUT, DELETE, PATCH, QUERY, HEAD, OPTIONS, TRACE"


def test_it_mirrors_query_headers_and_body_line_by_line(client: Client) -> None:
    response = client.post(
        "/mirror/request/some/path?id%3E3&name=bob&name=eve&flag",
        data='{"Title":"Hi"}',
        content_type="application/json",
        headers={
            "Accept": "text/plain",
            "X-Custom": "MiXed Case",
            "Authorization": "Bearer AbC",
        },
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain"
    lines = response.content.decode().split("\n")
    expected = [
        "POST http://testserver/mirror/request/some/path",
        "",
        "Parsed Query Params",
        "============",
        "id>3: ",  # no "=": the whole part is the name, with an empty value
        "name: bob",  # first value only
        "flag: ",
        "",
        "Raw Query Params",
        "============",
        "id GREATER_THAN 3",
        "name EQUALS bob",
        "name EQUALS eve",
        "flag EQUALS ",
        "",
        "IP",
        "=======",
        "127.0.0.1",
        "",
        "Raw Headers",
        "=======",
        "Cookie: ",  # Django's test client always sends a (here empty) cookie header
        "Content-Length: 14",
        "Content-Type: application/json",
        "Accept: text/plain",
        "X-Custom: MiXed Case",
        "Authorization: Bearer AbC",
        "",
        "Processed Headers",
        "=======",
        "cookie: ",
        "content-length: 14",
        "content-type: application/json",
        "accept: text/plain",
        "x-custom: mixed case",  # values lower-cased ...
        "authorization: Bearer AbC",  # ... except credentials
        "",
        "Body",
        "====",
        '{"Title":"Hi"}',
        "",  # the text ends with a newline
    ]
    assert len(lines) == len(expected)
    for number, (line, wanted) in enumerate(zip(lines, expected, strict=True), start=1):
        assert line == wanted, f"line {number}"


def test_the_default_is_json_details(client: Client) -> None:
    response = client.get("/mirror/request")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    details = orjson.loads(response.content)["details"]
    assert details.startswith("GET http://testserver/mirror/request\n\nParsed Query Params\n")
    assert details.endswith("Body\n====\n\n")


def test_xml_wraps_the_details_with_escaped_newlines(client: Client) -> None:
    response = client.get("/mirror/request", headers={"Accept": "application/xml"})
    assert response["Content-Type"] == "application/xml"
    assert response.content.startswith(
        b"<messageDetails><details>GET http://testserver/mirror/request&#xa;&#xa;"
    )
    assert response.content.endswith(b"Body&#xa;====&#xa;&#xa;</details></messageDetails>")


def test_other_formats_render_the_details_field(client: Client) -> None:
    response = client.get("/mirror/request", headers={"Accept": "text/csv"})
    assert response["Content-Type"] == "text/csv"
    assert response.content.startswith(b'details\n"GET http://testserver/mirror/request\n')


def test_text_plain_anywhere_in_accept_gives_the_text(client: Client) -> None:
    response = client.get(
        "/mirror/request", headers={"Accept": "application/json, text/plain;q=0.1"}
    )
    assert response["Content-Type"] == "text/plain"
    assert response.content.startswith(b"GET http://testserver/mirror/request\n")


def test_an_unknown_accept_is_never_406(client: Client) -> None:
    response = client.get("/mirror/request", headers={"Accept": "application/gzip"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"


@pytest.mark.parametrize("method", ["GET", "POST", "PUT", "DELETE", "PATCH", "QUERY", "TRACE"])
def test_every_verb_is_mirrored(client: Client, method: str) -> None:
    response = client.generic(method, "/mirror/request/a/b", headers={"Accept": "text/plain"})
    assert response.status_code == 200
    assert response.content.startswith(f"{method} http://testserver/mirror/request/a/b\n".encode())


def test_options_answers_204_with_allow(client: Client) -> None:
    response = client.options("/mirror/request/anything")
    assert response.status_code == 204
    assert response["Allow"] == ALLOW
    assert response.content == b""
    assert "Content-Type" not in response


def test_head_has_the_headers_and_no_body(client: Client) -> None:
    response = client.head("/mirror/request", headers={"Accept": "application/xml"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/xml"
    assert int(response["Content-Length"]) > 0
    assert response.content == b""


def test_any_depth_is_mirrored(client: Client) -> None:
    response = client.get("/mirror/request/a/b/c/d%20e", headers={"Accept": "text/plain"})
    assert response.content.startswith(b"GET http://testserver/mirror/request/a/b/c/d%20e\n")


def test_a_similar_path_is_not_the_mirror(client: Client) -> None:
    assert client.get("/mirror/requests").status_code == 404


def test_it_sends_no_cors_and_no_challenger_header(client: Client) -> None:
    response = client.get("/mirror/request", headers={"X-CHALLENGER": "x" * 200})
    assert response.status_code == 200  # no 431 check either
    assert "Access-Control-Allow-Origin" not in response
    assert "X-CHALLENGER" not in response


def test_it_sends_cache_and_robots_headers_and_exact_length(client: Client) -> None:
    response = client.get("/mirror/request")
    assert response["Cache-Control"] == "no-store"
    assert response["X-Robots-Tag"] == "noindex"
    assert response["Content-Length"] == str(len(response.content))


def test_the_method_override_is_what_is_mirrored(client: Client) -> None:
    response = client.post(
        "/mirror/request",
        headers={"Accept": "text/plain", "X-HTTP-Method-Override": "PATCH"},
    )
    text = response.content.decode()
    assert text.startswith("PATCH http://testserver/mirror/request\n")
    assert "\nX-Http-Method-Override: PATCH\n" in text


def test_non_ascii_is_shown_as_text(client: Client) -> None:
    response = client.post(
        "/mirror/request?name=%C3%A9t%C3%A9",
        data="caf\u00e9".encode(),
        content_type="text/plain",
        headers={"Accept": "text/plain"},
    )
    text = response.content.decode()
    assert "\nname: \u00e9t\u00e9\n" in text
    assert "\nname EQUALS \u00e9t\u00e9\n" in text
    assert text.endswith("\ncaf\u00e9\n")


def test_a_malformed_host_is_still_mirrored(client: Client) -> None:
    response = client.get("/mirror/request", headers={"Accept": "text/plain", "Host": "bad host!"})
    assert response.status_code == 200
    assert "\nHost: bad host!\n" in response.content.decode()


def test_nothing_is_stored(client: Client) -> None:
    client.post("/mirror/request", data="first", content_type="text/plain")
    response = client.get("/mirror/request", headers={"Accept": "text/plain"})
    assert "first" not in response.content.decode()


@pytest.mark.django_db
def test_mirror_redirects_to_its_page(client: Client) -> None:
    response = client.get("/mirror")
    assert response.status_code == 302
    assert response["Location"] == "/practice-modes/mirror"
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert b"/mirror/request" in page.content


@pytest.mark.django_db
def test_sim_redirects_to_its_page(client: Client) -> None:
    response = client.get("/sim")
    assert response.status_code == 302
    assert response["Location"] == "/practice-modes/simulation"
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert b"/sim/docs/openapi.json" in page.content


def test_only_get_redirects(client: Client) -> None:
    assert client.post("/mirror").status_code == 404
