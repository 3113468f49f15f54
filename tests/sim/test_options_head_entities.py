"""OPTIONS, HEAD and the fixed-status verbs (405, 501) on /sim/entities[/{id}]."""

from __future__ import annotations

import pytest
from django.test import Client

from practiceapi.protocol.querybody import ACCEPT_QUERY

COLLECTION_ALLOW = "GET, QUERY, POST, HEAD, OPTIONS"
ITEM_ALLOW = "GET, POST, PUT, DELETE, HEAD, OPTIONS"


def test_options_on_the_collection(client: Client) -> None:
    response = client.options("/sim/entities")
    assert response.status_code == 204
    assert response["Allow"] == COLLECTION_ALLOW
    assert response["Accept-Query"] == ACCEPT_QUERY
    assert "Content-Type" not in response
    assert response.content == b""


@pytest.mark.parametrize("entity_id", ["1", "9", "anything"])
def test_options_on_an_item(client: Client, entity_id: str) -> None:
    response = client.options(f"/sim/entities/{entity_id}")
    assert response.status_code == 204
    assert response["Allow"] == ITEM_ALLOW
    assert response["X-Robots-Tag"] == "noindex"


def test_options_ignores_the_accept_header(client: Client) -> None:
    response = client.options("/sim/entities", headers={"Accept": "application/gzip"})
    assert response.status_code == 204


def test_head_on_the_collection_has_the_get_headers_and_no_body(client: Client) -> None:
    get = client.get("/sim/entities", headers={"Accept": "application/xml"})
    head = client.head("/sim/entities", headers={"Accept": "application/xml"})
    assert head.status_code == 200
    assert head.content == b""
    assert head["Content-Type"] == "application/xml"
    assert head["Content-Length"] == get["Content-Length"]
    assert head["Accept-Query"] == ACCEPT_QUERY


def test_head_on_an_item(client: Client) -> None:
    head = client.head("/sim/entities/10")
    assert head.status_code == 200
    assert head["Content-Length"] == client.get("/sim/entities/10")["Content-Length"]


def test_head_on_entity_9_is_404(client: Client) -> None:
    assert client.head("/sim/entities/9").status_code == 404


def test_head_checks_accept(client: Client) -> None:
    assert client.head("/sim/entities", headers={"Accept": "image/png"}).status_code == 406


@pytest.mark.parametrize("method", ["PUT", "DELETE"])
def test_put_and_delete_on_the_collection_are_405(client: Client, method: str) -> None:
    response = client.generic(method, "/sim/entities")
    assert response.status_code == 405
    assert response.content == b""
    assert response["Allow"] == COLLECTION_ALLOW


@pytest.mark.parametrize("path", ["/sim/entities", "/sim/entities/1", "/sim/entities/404"])
@pytest.mark.parametrize("method", ["PATCH", "TRACE"])
def test_patch_and_trace_are_501(client: Client, method: str, path: str) -> None:
    response = client.generic(method, path, headers={"Accept": "image/png"})
    assert response.status_code == 501
    assert response.content == b""
