"""/mirror/raw[/...]: the mirror text, always as text/plain."""

from __future__ import annotations

import pytest
from django.test import Client

from sim.mirror import ALLOW


def test_it_mirrors_line_by_line_as_plain_text(client: Client) -> None:
    response = client.generic(
        "QUERY",
        "/mirror/raw/x?_sortBy=-id&title~=.*a.*",
        data="a=b",
        content_type="application/x-www-form-urlencoded",
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain"
    assert response.content.decode().split("\n") == [
        "QUERY http://testserver/mirror/raw/x",
        "",
        "Parsed Query Params",
        "============",
        "_sortBy: -id",
        "title~: .*a.*",  # parsed at the first "=", as a form decoder does
        "",
        "Raw Query Params",
        "============",
        "_sortBy EQUALS -id",
        "title MATCHES .*a.*",  # parsed as an API filter
        "",
        "IP",
        "=======",
        "127.0.0.1",
        "",
        "Raw Headers",
        "=======",
        "Cookie: ",
        "Content-Length: 3",
        "Content-Type: application/x-www-form-urlencoded",
        "Accept: application/json",
        "",
        "Processed Headers",
        "=======",
        "cookie: ",
        "content-length: 3",
        "content-type: application/x-www-form-urlencoded",
        "accept: application/json",
        "",
        "Body",
        "====",
        "a=b",
        "",
    ]


@pytest.mark.parametrize("accept", ["application/json", "application/xml", "application/gzip"])
def test_it_is_text_plain_whatever_the_accept(client: Client, accept: str) -> None:
    response = client.get("/mirror/raw", headers={"Accept": accept})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain"
    assert response.content.startswith(b"GET http://testserver/mirror/raw\n")


@pytest.mark.parametrize("method", ["GET", "POST", "PUT", "DELETE", "PATCH", "QUERY", "TRACE"])
def test_every_verb_is_mirrored(client: Client, method: str) -> None:
    response = client.generic(method, "/mirror/raw/deep/er")
    assert response.status_code == 200
    assert response.content.startswith(f"{method} http://testserver/mirror/raw/deep/er\n".encode())


def test_options_answers_204_with_allow(client: Client) -> None:
    response = client.options("/mirror/raw")
    assert response.status_code == 204
    assert response["Allow"] == ALLOW


def test_head_is_text_plain_without_a_body(client: Client) -> None:
    response = client.head("/mirror/raw", headers={"Accept": "application/json"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain"
    assert response.content == b""


def test_it_shows_an_empty_body_as_an_empty_last_line(client: Client) -> None:
    text = client.get("/mirror/raw").content.decode()
    assert text.endswith("\nBody\n====\n\n")
