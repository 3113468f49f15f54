"""`GET /postman/collection.json`: a Postman collection (v2.1) of every documented
operation, built from the OpenAPI documents, for the base URL it was asked on and the
session named by `?challenger=`."""

from __future__ import annotations

import json
from typing import Any

import orjson
import pytest
from django.test import Client

from challengers.sessions import SINGLE_PLAYER_GUID

URL = "/postman/collection.json"
SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"
GUID = "0f8fad5b-d9cb-469f-a165-70867728950e"


def fetch(client: Client, query: str = "") -> dict[str, Any]:
    response = client.get(URL + query)
    assert response.status_code == 200
    return orjson.loads(response.content)


def requests(collection: dict[str, Any]) -> list[dict[str, Any]]:
    return [item for folder in collection["item"] for item in folder["item"]]


def variables(collection: dict[str, Any]) -> dict[str, str]:
    return {v["key"]: v["value"] for v in collection["variable"]}


def documented(client: Client) -> set[tuple[str, str]]:
    found = set()
    for url in ("/api/schema/", "/sim/docs/openapi.json"):
        response = client.get(url, headers={"Accept": "application/vnd.oai.openapi+json"})
        for path, item in orjson.loads(response.content)["paths"].items():
            found |= {(method.upper(), path) for method in item}
    return found


def scripts(item: dict[str, Any], listen: str) -> str:
    return "\n".join(
        line for e in item.get("event", []) if e["listen"] == listen for line in e["script"]["exec"]
    )


def test_it_is_a_v2_1_collection_to_download(client: Client) -> None:
    response = client.get(URL)
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith("attachment;")
    assert orjson.loads(response.content)["info"]["schema"] == SCHEMA


def test_it_has_a_folder_per_part_of_the_api(client: Client) -> None:
    names = [folder["name"] for folder in fetch(client)["item"]]
    assert {"challenger", "challenges", "heartbeat", "secret", "todos", "Simulator"} <= set(names)
    assert names[0] == "challenger"  # a run starts by creating the session


def test_it_has_one_request_per_documented_operation(client: Client) -> None:
    listed = [
        (item["request"]["method"], "/" + "/".join(item["request"]["url"]["path"]))
        for item in requests(fetch(client))
    ]
    as_documented = {
        (method, "/".join(f"{{{s[1:]}}}" if s.startswith(":") else s for s in path.split("/")))
        for method, path in listed
    }
    assert len(listed) == len(set(listed))
    assert as_documented == documented(client)


def test_every_request_goes_to_the_base_url_variable(client: Client) -> None:
    for item in requests(fetch(client)):
        assert item["request"]["url"]["raw"].startswith("{{baseUrl}}/")


def test_every_api_request_sends_the_session_variable(client: Client) -> None:
    api = [i for i in requests(fetch(client)) if i["request"]["url"]["path"][0] == "api"]
    for item in api:
        headers = {h["key"]: h["value"] for h in item["request"]["header"]}
        path = item["request"]["url"]
        assert headers.get("X-CHALLENGER") == "{{xChallenger}}" or any(
            v["value"] == "{{xChallenger}}" for v in path.get("variable", [])
        ), item["name"]


def test_the_variables_name_the_base_url_and_no_session(client: Client) -> None:
    found = variables(fetch(client))
    assert found["baseUrl"] == "http://testserver"
    assert found["xChallenger"] == ""


def test_the_challenger_parameter_sets_the_session(client: Client) -> None:
    assert variables(fetch(client, f"?challenger={GUID.upper()}"))["xChallenger"] == GUID


def test_a_challenger_that_is_not_a_guid_is_refused(client: Client) -> None:
    response = client.get(URL + "?challenger=not-a-guid")
    assert response.status_code == 400
    assert "GUID" in response.json()["errorMessages"][0]


@pytest.mark.usefixtures("single_mode")
def test_single_player_mode_names_its_one_session(client: Client) -> None:
    assert variables(fetch(client))["xChallenger"] == SINGLE_PLAYER_GUID


def test_creating_a_session_stores_it_in_the_variable(client: Client) -> None:
    create = next(i for i in requests(fetch(client)) if i["name"] == "Create a session")
    assert (create["request"]["method"], create["request"]["url"]["raw"]) == (
        "POST",
        "{{baseUrl}}/api/challenger",
    )
    assert 'pm.collectionVariables.set("xChallenger"' in scripts(create, "test")
    assert scripts(create, "prerequest") == ""


def test_other_session_requests_are_stopped_without_a_session(client: Client) -> None:
    api = [
        i
        for i in requests(fetch(client))
        if i["request"]["url"]["path"][0] == "api" and i["name"] != "Create a session"
    ]
    for item in api:
        guard = scripts(item, "prerequest")
        assert "pm.execution.skipRequest()" in guard, item["name"]
        assert "xChallenger is empty" in guard


def test_bodies_are_examples_of_the_operation(client: Client) -> None:
    create = next(
        i
        for i in requests(fetch(client))
        if i["request"]["method"] == "POST"
        and i["request"]["url"]["raw"] == "{{baseUrl}}/api/todos"
    )
    headers = {h["key"]: h["value"] for h in create["request"]["header"]}
    assert headers["Content-Type"] == "application/json"
    assert json.loads(create["request"]["body"]["raw"])["title"]


def test_fetching_it_completes_no_challenge(client: Client, guid: str) -> None:
    status = f"/gui/challenges/{guid}/status.json"  # a page: reading it completes nothing
    before = client.get(status).json()["completed"]
    answers = [
        client.get(URL, headers={"X-CHALLENGER": guid}),
        client.get(f"{URL}?challenger={guid}", headers={"X-CHALLENGER": guid}),
    ]
    assert client.get(status).json()["completed"] == before
    # Served as a page: the API's session layer, which echoes the header, never sees it.
    assert client.get("/api/heartbeat", headers={"X-CHALLENGER": guid})["X-CHALLENGER"] == guid
    assert [answer.get("X-CHALLENGER") for answer in answers] == [None, None]
