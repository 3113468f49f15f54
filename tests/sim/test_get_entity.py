"""GET /sim/entities/{id}: a bare object; 10 reads as `eris`, 9 is never found."""

from __future__ import annotations

import orjson
import pytest
from django.test import Client


@pytest.mark.parametrize("entity_id", [1, 5, 8])
def test_it_returns_a_generated_entity(client: Client, entity_id: int) -> None:
    response = client.get(f"/sim/entities/{entity_id}")
    assert response.status_code == 200
    assert orjson.loads(response.content) == {
        "id": entity_id,
        "name": f"entity number {entity_id}",
        "description": "",
    }


def test_it_returns_a_bare_object_not_a_collection(client: Client) -> None:
    assert client.get("/sim/entities/3").content == (
        b'{"id":3,"name":"entity number 3","description":""}'
    )


def test_it_returns_entity_11_bob_although_it_is_not_listed(client: Client) -> None:
    response = client.get("/sim/entities/11")
    assert orjson.loads(response.content) == {"id": 11, "name": "bob", "description": ""}


def test_entity_10_reads_as_eris(client: Client) -> None:
    response = client.get("/sim/entities/10")
    assert response.status_code == 200
    assert orjson.loads(response.content) == {"id": 10, "name": "eris", "description": ""}


def test_entity_9_is_not_found(client: Client) -> None:
    response = client.get("/sim/entities/9")
    assert response.status_code == 404
    assert orjson.loads(response.content) == {"errorMessages": ["Could not find Entity with ID 9"]}


@pytest.mark.parametrize("entity_id", ["12", "0", "01", "bob"])
def test_an_unknown_id_is_not_found(client: Client, entity_id: str) -> None:
    response = client.get(f"/sim/entities/{entity_id}")
    assert response.status_code == 404
    assert orjson.loads(response.content) == {
        "errorMessages": [f"Could not find Entity with ID {entity_id}"]
    }


def test_it_renders_xml(client: Client) -> None:
    response = client.get("/sim/entities/2", headers={"Accept": "application/xml"})
    assert response["Content-Type"] == "application/xml"
    assert response.content == (
        b"<entity><name>entity number 2</name><description/><id>2</id></entity>"
    )


def test_a_not_found_renders_xml_when_asked(client: Client) -> None:
    response = client.get("/sim/entities/9", headers={"Accept": "text/xml"})
    assert response["Content-Type"] == "text/xml"
    assert response.content == (
        b"<errorMessages><errorMessage>Could not find Entity with ID 9</errorMessage>"
        b"</errorMessages>"
    )


def test_it_refuses_an_unknown_accept_before_looking_up(client: Client) -> None:
    response = client.get("/sim/entities/9", headers={"Accept": "image/png"})
    assert response.status_code == 406


def test_it_ignores_query_parameters(client: Client) -> None:
    assert client.get("/sim/entities/3?id=4").status_code == 200


def test_it_tolerates_a_trailing_slash(client: Client) -> None:
    assert client.get("/sim/entities/3/").status_code == 200


def test_a_deeper_path_is_not_found(client: Client) -> None:
    assert client.get("/sim/entities/3/extra").status_code == 404
