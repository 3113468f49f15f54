"""POST, PUT and DELETE /sim/entities/{id}: simulated writes with teaching answers.

Bodies are ignored on these routes; nothing is ever stored.
"""

from __future__ import annotations

import orjson
import pytest
from django.http import HttpResponse
from django.test import Client

BOB = {"id": 11, "name": "bob", "description": ""}
ERIS = {"id": 10, "name": "eris", "description": ""}


def messages(response: HttpResponse) -> list[str]:
    return orjson.loads(response.content)["errorMessages"]


def write(client: Client, method: str, entity_id: str, **kwargs: object) -> HttpResponse:
    return client.generic(
        method,
        f"/sim/entities/{entity_id}",
        data=b'{"name":"new"}',
        content_type="application/json",
        **kwargs,
    )


# --- POST ---------------------------------------------------------------------------------


def test_post_11_answers_201_with_bob(client: Client) -> None:
    response = write(client, "POST", "11")
    assert response.status_code == 201
    assert orjson.loads(response.content) == BOB
    assert response["Location"] == "/sim/entities/11"
    assert response["X-Thing-Instance-Primary-Key"] == "11"


def test_post_10_answers_200_with_eris_and_no_location(client: Client) -> None:
    response = write(client, "POST", "10")
    assert response.status_code == 200
    assert orjson.loads(response.content) == ERIS
    assert "Location" not in response


@pytest.mark.parametrize("entity_id", ["1", "8", "9"])
def test_post_other_existing_ids_is_403(client: Client, entity_id: str) -> None:
    response = write(client, "POST", entity_id)
    assert response.status_code == 403
    assert messages(response) == ["Not authorised to amend that entity"]


def test_post_an_unknown_id_is_404(client: Client) -> None:
    response = write(client, "POST", "12")
    assert response.status_code == 404
    assert messages(response) == ["Could not find Entity with ID 12"]


def test_post_ignores_the_body_and_its_content_type(client: Client) -> None:
    response = client.post("/sim/entities/11", data="not json", content_type="text/plain")
    assert response.status_code == 201
    assert orjson.loads(response.content) == BOB


# --- PUT ----------------------------------------------------------------------------------


def test_put_11_answers_201_with_bob(client: Client) -> None:
    response = write(client, "PUT", "11")
    assert response.status_code == 201
    assert orjson.loads(response.content) == BOB
    assert response["Location"] == "/sim/entities/11"


def test_put_10_answers_200_with_eris(client: Client) -> None:
    response = write(client, "PUT", "10")
    assert response.status_code == 200
    assert orjson.loads(response.content) == ERIS


def test_put_other_existing_ids_is_403_amend(client: Client) -> None:
    response = write(client, "PUT", "3")
    assert response.status_code == 403
    assert messages(response) == ["Not authorised to amend that entity"]


def test_put_an_unknown_id_is_403_create(client: Client) -> None:
    response = write(client, "PUT", "99")
    assert response.status_code == 403
    assert messages(response) == ["Not authorised to create that entity"]


# --- DELETE -------------------------------------------------------------------------------


def test_delete_9_answers_204(client: Client) -> None:
    response = client.delete("/sim/entities/9")
    assert response.status_code == 204
    assert response.content == b""
    assert "Content-Type" not in response


def test_delete_9_changes_nothing(client: Client) -> None:
    client.delete("/sim/entities/9")
    assert client.get("/sim/entities/9").status_code == 404
    listed = orjson.loads(client.get("/sim/entities").content)["entities"]
    assert [row["id"] for row in listed] == list(range(1, 11))


@pytest.mark.parametrize("entity_id", ["1", "8", "10", "11"])
def test_delete_other_existing_ids_is_403(client: Client, entity_id: str) -> None:
    response = client.delete(f"/sim/entities/{entity_id}")
    assert response.status_code == 403
    assert messages(response) == ["Not authorised to delete that entity"]


def test_delete_an_unknown_id_is_404(client: Client) -> None:
    response = client.delete("/sim/entities/0")
    assert response.status_code == 404
    assert messages(response) == ["Could not find Entity with ID 0"]


# --- shared rules -------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_writes_check_accept_first(client: Client, method: str) -> None:
    response = write(client, method, "11", headers={"Accept": "application/gzip"})
    assert response.status_code == 406


def test_a_403_renders_xml_when_asked(client: Client) -> None:
    response = client.delete("/sim/entities/1", headers={"Accept": "application/xml"})
    assert response["Content-Type"] == "application/xml"
    assert response.content == (
        b"<errorMessages><errorMessage>Not authorised to delete that entity</errorMessage>"
        b"</errorMessages>"
    )


def test_writes_store_nothing(client: Client) -> None:
    write(client, "PUT", "10")
    write(client, "POST", "11")
    assert orjson.loads(client.get("/sim/entities/10").content) == ERIS
    assert orjson.loads(client.get("/sim/entities/11").content) == BOB
