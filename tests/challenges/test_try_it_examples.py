"""Each challenge's "Try it" example (challenges/examples.py): it names the challenge's own
route and method, and sent as the progress page sends it, in a fresh session, it completes
the challenge, except where the challenge asks for earlier requests (a list to filter, a
payload to restore, a list to empty or fill)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from challenges.catalogue import CATALOGUE, CLASSIC
from challenges.conditions import ANY_METHOD
from challenges.declarations import MODES, Challenge
from challenges.examples import BASIC_PRACTICE_LOGIN, Example, example_for
from challenges.routes import route_shape
from tests.client import Client

# Challenges whose example is one step of several: the texts say what comes first.
NEEDS_EARLIER_REQUESTS = {
    "GET_TODOS_FILTERED",  # a done todo beside not-done ones
    "GET_TODOS_FILTERED_DESCRIPTION_REGEX",  # todos with descriptions
    "GET_TODOS_FILTERED_DESCRIPTION_WILDCARD",
    "QUERY_TODOS_FILTERED",  # a done todo beside not-done ones
    "QUERY_TODOS_JSONPATH_FILTERED",
    "QUERY_TODOS_STRUCTURED_JSON_FILTERED",
    "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",  # the payload a GET answered
    "DELETE_ALL_TODOS",  # every todo deleted, one request each
    "POST_ALL_TODOS",  # the list filled first
}

EVERY = [
    (catalogue, mode, challenge)
    for catalogue in (CATALOGUE, CLASSIC)
    for mode in MODES
    for challenge in catalogue.challenges_for(mode)
]


def routed(example: Example) -> tuple[str, str]:
    path = example.path.split("?")[0].replace("{new-guid}", str(uuid.uuid4()))
    return example.method, route_shape(path.replace("{guid}", str(uuid.uuid4())).lstrip("/"))


@pytest.mark.parametrize(
    ("catalogue", "mode", "challenge"), EVERY, ids=lambda v: getattr(v, "key", "")
)
def test_the_example_names_the_challenges_route(
    catalogue: Any, mode: str, challenge: Challenge
) -> None:
    method, shape = routed(example_for(challenge))
    admitted = {(m, s) for m, s in challenge.routes}
    assert (method, shape) in admitted or (ANY_METHOD, shape) in admitted


def send(client: Client, example: Example, guid: str, fresh: str) -> Any:
    def fill(text: str) -> str:
        return text.replace("{guid}", guid).replace("{new-guid}", fresh)

    headers = {name: fill(value) for name, value in example.headers}
    if example.session:
        headers.setdefault("X-CHALLENGER", guid)
    if any("{token}" in value for value in headers.values()):
        token = client.post(
            "/api/secret/token",
            headers={"X-CHALLENGER": guid, "Authorization": BASIC_PRACTICE_LOGIN},
        )["X-AUTH-TOKEN"]
        headers = {name: value.replace("{token}", token) for name, value in headers.items()}
    content_type = headers.pop("Content-Type", "")
    return client.generic(
        example.method,
        fill(example.path),
        data=fill(example.body).encode(),
        content_type=content_type,
        headers=headers,
    )


def done(client: Client, guid: str, key: str) -> bool:
    response = client.get(f"/api/challenger/{guid}")
    return response.status_code == 200 and bool(response.json()["challengeStatus"].get(key))


ALONE = [c for c in CATALOGUE.challenges_for("multi") if c.key not in NEEDS_EARLIER_REQUESTS]


@pytest.mark.django_db
@pytest.mark.parametrize("challenge", ALONE, ids=lambda c: c.key)
def test_the_example_alone_completes_the_challenge(client: Client, challenge: Challenge) -> None:
    guid = client.post("/api/challenger")["X-CHALLENGER"]
    fresh = str(uuid.uuid4())
    send(client, example_for(challenge), guid, fresh)
    # A restore that creates a session is credited to the session it creates.
    assert done(client, guid, challenge.key) or done(client, fresh, challenge.key)
