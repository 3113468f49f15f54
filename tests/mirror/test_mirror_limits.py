"""Mirror size limit: Content-Length over 24000 is a 413, in the asked format."""

from __future__ import annotations

import orjson
from django.test import Client

MESSAGE = "Error: request too large, max allowed is 24000 bytes"


def test_a_body_over_24000_bytes_is_413(client: Client) -> None:
    response = client.post("/mirror/request", data="x" * 24001, content_type="text/plain")
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert orjson.loads(response.content) == {"errorMessages": [MESSAGE]}


def test_a_body_of_exactly_24000_bytes_is_mirrored(client: Client) -> None:
    response = client.post("/mirror/request", data="x" * 24000, content_type="text/plain")
    assert response.status_code == 200


def test_the_413_is_plain_text_when_asked(client: Client) -> None:
    response = client.post(
        "/mirror/request",
        data="x" * 24001,
        content_type="text/plain",
        headers={"Accept": "text/plain"},
    )
    assert response.status_code == 413
    assert response["Content-Type"] == "text/plain"
    assert response.content == MESSAGE.encode()


def test_the_413_is_xml_when_asked(client: Client) -> None:
    response = client.post(
        "/mirror/request",
        data="x" * 24001,
        content_type="text/plain",
        headers={"Accept": "application/xml"},
    )
    assert response["Content-Type"] == "application/xml"
    assert response.content == (
        f"<errorMessages><errorMessage>{MESSAGE}</errorMessage></errorMessages>".encode()
    )


def test_the_raw_mirror_413_is_always_plain_text(client: Client) -> None:
    response = client.put(
        "/mirror/raw/x",
        data="x" * 24001,
        content_type="text/plain",
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 413
    assert response["Content-Type"] == "text/plain"
    assert response.content == MESSAGE.encode()


def test_the_limit_applies_to_every_verb(client: Client) -> None:
    response = client.generic("GET", "/mirror/request", data="x" * 24001)
    assert response.status_code == 413


def test_the_413_is_not_cached(client: Client) -> None:
    response = client.post("/mirror/request", data="x" * 24001, content_type="text/plain")
    assert response["Cache-Control"] == "no-store"
    assert "X-Robots-Tag" not in response


def test_bodies_over_1_mb_are_refused_before_reading(client: Client) -> None:
    response = client.post("/mirror/raw", data="x" * 1_000_001, content_type="text/plain")
    assert response.status_code == 413
