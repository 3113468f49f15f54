"""GET/PUT /api/challenger/{guid}/profile and the dashboard's profile form: a session's
display name and cohort."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from challengers.models import Challenger, Cohort


@pytest.fixture
def cohort(db: None) -> Cohort:
    return Cohort.objects.create(code="monday-am", name="Monday morning")


def put(client: Client, guid: str, body: object, **headers: str) -> object:
    return client.put(
        f"/api/challenger/{guid}/profile",
        data=json.dumps(body),
        content_type="application/json",
        headers=headers,
    )


def test_it_sets_name_and_cohort(client: Client, guid: str, cohort: Cohort) -> None:
    response = put(client, guid, {"displayName": "Ada L.", "cohort": "monday-am"})
    assert response.status_code == 200
    assert response.json() == {
        "xChallenger": guid,
        "displayName": "Ada L.",
        "cohort": "monday-am",
        "cohortName": "Monday morning",
    }
    challenger = Challenger.objects.get(pk=guid)
    assert (challenger.display_name, challenger.cohort) == ("Ada L.", cohort)


def test_cohort_codes_match_case_insensitively(client: Client, guid: str, cohort: Cohort) -> None:
    assert put(client, guid, {"cohort": " MONDAY-AM "}).json()["cohort"] == "monday-am"


def test_it_refuses_an_unknown_cohort_code(client: Client, guid: str, cohort: Cohort) -> None:
    response = put(client, guid, {"displayName": "Ada", "cohort": "X"})
    assert response.status_code == 422
    assert response.json() == {"errorMessages": ["Unknown cohort code: X"]}
    assert Challenger.objects.get(pk=guid).display_name == ""  # nothing changed


def test_it_refuses_a_name_over_100_characters(client: Client, guid: str) -> None:
    response = put(client, guid, {"displayName": "a" * 101})
    assert response.status_code == 422
    assert response.json() == {
        "errorMessages": [
            "Failed Validation: Maximum allowable length exceeded for displayName - "
            "maximum allowed is 100"
        ]
    }


def test_it_accepts_a_name_of_exactly_100(client: Client, guid: str) -> None:
    assert put(client, guid, {"displayName": "a" * 100}).status_code == 200


def test_it_refuses_a_name_that_is_not_a_string(client: Client, guid: str) -> None:
    response = put(client, guid, {"displayName": 5})
    assert response.status_code == 422
    assert response.json()["errorMessages"] == [
        "Failed Validation: displayName should be STRING but was INTEGER"
    ]


def test_it_refuses_unknown_fields(client: Client, guid: str) -> None:
    response = put(client, guid, {"nickname": "Ada"})
    assert response.status_code == 422
    assert response.json()["errorMessages"] == ["Failed Validation: Could not find field: nickname"]


def test_members_left_out_are_unchanged(client: Client, guid: str, cohort: Cohort) -> None:
    put(client, guid, {"displayName": "Ada", "cohort": "monday-am"})
    assert put(client, guid, {"displayName": "Grace"}).json()["cohort"] == "monday-am"


def test_null_cohort_leaves_the_class(client: Client, guid: str, cohort: Cohort) -> None:
    put(client, guid, {"cohort": "monday-am"})
    assert put(client, guid, {"cohort": None}).json()["cohort"] is None


def test_it_refuses_invalid_json(client: Client, guid: str) -> None:
    response = client.put(
        f"/api/challenger/{guid}/profile", data="{", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errorMessages"] == [
        "Invalid Json Payload: please check the syntax of the request body"
    ]


def test_it_refuses_a_body_that_is_not_an_object(client: Client, guid: str) -> None:
    assert put(client, guid, ["Ada"]).status_code == 400


def test_it_refuses_other_content_types(client: Client, guid: str) -> None:
    response = client.put(
        f"/api/challenger/{guid}/profile", data="displayName=Ada", content_type="text/plain"
    )
    assert response.status_code == 415
    assert response.json()["errorMessages"] == ["Unsupported Content Type - text/plain"]


@pytest.mark.parametrize(
    "content_type",
    ["", ";charset=utf-8", "application/json; charset=utf-8", "application/merge-patch+json"],
)
def test_it_reads_json_without_a_content_type_or_under_any_json_type(
    client: Client, guid: str, content_type: str
) -> None:
    response = client.generic(
        "PUT",
        f"/api/challenger/{guid}/profile",
        '{"displayName":"Ada"}',
        CONTENT_TYPE=content_type,
    )
    assert response.status_code == 200
    assert response.json()["displayName"] == "Ada"


@pytest.mark.parametrize("content_type", ["", "application/json"])
def test_an_empty_body_is_invalid_json(client: Client, guid: str, content_type: str) -> None:
    response = client.generic(
        "PUT", f"/api/challenger/{guid}/profile", b"", CONTENT_TYPE=content_type
    )
    assert response.status_code == 400
    assert response.json()["errorMessages"] == [
        "Invalid Json Payload: please check the syntax of the request body"
    ]


def test_the_415_names_the_type_lower_cased(client: Client, guid: str) -> None:
    response = client.generic(
        "PUT", f"/api/challenger/{guid}/profile", b"{", CONTENT_TYPE=" Text/Plain; X=1 "
    )
    assert response.status_code == 415
    assert response.json()["errorMessages"] == ["Unsupported Content Type - text/plain; x=1"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("guid", "status"), [("3f0c2a8e-5b7d-4c1e-9a62-0d3b8e4f7a10", 404), ("bob", 400)]
)
def test_the_session_is_checked_before_the_content_type(
    client: Client, guid: str, status: int
) -> None:
    response = client.put(
        f"/api/challenger/{guid}/profile", data="displayName=Ada", content_type="text/plain"
    )
    assert response.status_code == status


@pytest.mark.django_db
def test_an_unknown_session_is_404(client: Client) -> None:
    guid = "3f0c2a8e-5b7d-4c1e-9a62-0d3b8e4f7a10"
    response = put(client, guid, {"displayName": "Ada"})
    assert response.status_code == 404
    assert response.json()["errorMessages"] == [f"Challenger not found {guid}"]


@pytest.mark.django_db
def test_a_guid_that_is_not_a_uuid_is_400(client: Client) -> None:
    assert put(client, "bob", {"displayName": "Ada"}).status_code == 400


def test_get_reads_the_profile(client: Client, guid: str) -> None:
    put(client, guid, {"displayName": "Ada"})
    response = client.get(f"/api/challenger/{guid}/profile")
    assert response.status_code == 200
    assert response.json()["displayName"] == "Ada"


def test_it_answers_in_xml_when_asked(client: Client, guid: str) -> None:
    response = client.get(f"/api/challenger/{guid}/profile", headers={"Accept": "application/xml"})
    assert response["Content-Type"] == "application/xml"
    assert response.content.startswith(b"<profile>")


def test_it_works_under_the_legacy_path(client: Client, guid: str) -> None:
    response = client.put(
        f"/challenger/{guid}/profile", data='{"displayName":"Ada"}', content_type="application/json"
    )
    assert response.status_code == 200


def test_it_names_the_session_in_x_challenger(client: Client, guid: str) -> None:
    assert put(client, guid, {"displayName": "Ada"})["X-CHALLENGER"] == guid


def test_other_verbs_are_405_with_allow(client: Client, guid: str) -> None:
    response = client.delete(f"/api/challenger/{guid}/profile")
    assert response.status_code == 405
    assert response["Allow"] == "GET, PUT, HEAD, OPTIONS"


def test_it_keeps_progress_recorded_meanwhile(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    put(client, guid, {"displayName": "Ada"})
    assert "GET_CHALLENGES" in Challenger.objects.get(pk=guid).progress


def test_it_is_documented_in_the_openapi(client: Client, db: None) -> None:
    schema = client.get("/api/schema/", headers={"Accept": "application/json"}).json()
    operations = [
        ops
        for path, ops in schema["paths"].items()
        if path.startswith("/api/challenger/") and "/profile" in path
    ]
    assert operations
    put_op = operations[0]["put"]
    assert "422" in put_op["responses"]
    assert "displayName" in json.dumps(put_op["requestBody"]) or "displayName" in json.dumps(
        schema["components"]
    )


# ------------------------------------------------------------------ the dashboard form


def test_the_form_saves_name_and_cohort(client: Client, guid: str, cohort: Cohort) -> None:
    response = client.post(
        f"/gui/challenges/{guid}/profile", {"display_name": "Ada", "cohort": "monday-am"}
    )
    assert response.status_code == 303
    assert response["Location"] == f"/gui/challenges/{guid}"
    challenger = Challenger.objects.get(pk=guid)
    assert (challenger.display_name, challenger.cohort) == ("Ada", cohort)


def test_the_form_shows_an_unknown_code_next_to_the_fields(
    client: Client, guid: str, cohort: Cohort
) -> None:
    response = client.post(
        f"/gui/challenges/{guid}/profile", {"display_name": "Ada", "cohort": "X"}
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert "Unknown cohort code: X" in html
    assert 'value="Ada"' in html  # what the student typed is kept
    assert Challenger.objects.get(pk=guid).display_name == ""


def test_the_form_with_empty_code_leaves_the_class(
    client: Client, guid: str, cohort: Cohort
) -> None:
    put(client, guid, {"cohort": "monday-am"})
    client.post(f"/gui/challenges/{guid}/profile", {"display_name": "Ada", "cohort": ""})
    assert Challenger.objects.get(pk=guid).cohort is None
