"""The headers a client sends on its own make no near miss on a challenge its user did not
aim at: for each common client (`client_defaults`), the ordinary requests a student sends
while working on other challenges (reads, filtered, sorted and paged reads, creates
including the one that fills the list, updates, deletes, HEAD, OPTIONS), each on a fresh
session where every challenge is open, with that client's default headers, record near
misses only on the challenges the request itself aims at.

A browser page on another origin sends a CORS preflight before each of these requests;
the preflight is the browser's, and is sent too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson
import pytest
from pytest_django.fixtures import Settings

from challengers.sessions import mode
from tests.challenges.client_defaults import CLIENTS, ClientDefaults, preflight_headers
from tests.challenges.credit_cases import SEEDED, Student

pytestmark = pytest.mark.django_db

CAP = 20  # APICHALLENGES_MAX_TODOS as configured for the tests


@dataclass(frozen=True)
class Ordinary:
    """A request a student sends; `aims`: the challenges (by name) it is an attempt at,
    whose near misses are the student's own; `listed`: how many todos the session holds
    before it."""

    name: str
    method: str
    path: str
    body: dict[str, Any] | None = None
    aims: frozenset[str] = frozenset()
    listed: int = SEEDED


def ordinary(
    name: str,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    *,
    aims: tuple[str, ...] = (),
    listed: int = SEEDED,
) -> Ordinary:
    return Ordinary(name, method, path, body, frozenset(aims), listed)


def requests_at(root: str) -> tuple[Ordinary, ...]:
    """The ordinary requests on the todo routes under `root` ("/api", or "" for the
    classic edition's paths); challenge names follow the root."""
    todos, item = f"{root}/todos", f"{root}/todos/1"
    list_name = f"GET {todos} (200)"
    return (
        ordinary("a plain list read", "GET", todos, aims=(list_name,)),
        ordinary(
            "a filtered read", "GET", f"{todos}?doneStatus=true", aims=(f"{list_name} ?filter",)
        ),
        ordinary(
            "a sorted read",
            "GET",
            f"{todos}?_sortBy=-id",
            aims=(f"{list_name} ?_sortBy descending",),
        ),
        # As students sometimes type it: the API reads no `sortBy`, so it aims at nothing.
        ordinary("a sort without its underscore", "GET", f"{todos}?sortBy=-id"),
        ordinary("a page of 5", "GET", f"{todos}?_limit=5", aims=(f"{list_name} ?_limit",)),
        ordinary("a page of 20", "GET", f"{todos}?_limit=20", aims=(f"{list_name} ?_limit",)),
        ordinary("one todo", "GET", item, aims=(f"GET {todos}/{{id}} (200)",)),
        ordinary(
            "a create", "POST", todos, {"title": "from my client"}, aims=(f"POST {todos} (201)",)
        ),
        # Filling the list is not trying to go past it: that is the next create.
        ordinary(
            "the create that fills the list",
            "POST",
            todos,
            {"title": "the twentieth"},
            aims=(f"POST {todos} (201)",),
            listed=CAP - 1,
        ),
        ordinary(
            "an update",
            "PUT",
            item,
            {"title": "updated", "doneStatus": False, "description": "by my client"},
            aims=(f"PUT {todos}/{{id}} full (200)",),
        ),
        ordinary(
            "a partial update",
            "PATCH",
            item,
            {"title": "patched"},
            aims=(f"PATCH {todos}/{{id}} (200) partial",),
        ),
        ordinary("a delete", "DELETE", item, aims=(f"DELETE {todos}/{{id}} (204)",)),
        ordinary("a HEAD", "HEAD", todos, aims=(f"HEAD {todos} (200)",)),
        ordinary("an OPTIONS", "OPTIONS", todos, aims=(f"OPTIONS {todos} (200)",)),
    )


REQUESTS = requests_at("/api")


# --------------------------------------------------------------------------- sending


def send(
    student: Student,
    client: ClientDefaults,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
) -> tuple[int, bytes]:
    """`method path` as `client` sends it: its default headers, the session's
    X-CHALLENGER where sessions are named (multi mode), a JSON body when given; from a
    browser page, after the preflight the browser sends first. Returns the answer's status
    and body."""
    with_body = body is not None
    headers = client.headers(with_body)
    content_type = headers.pop("Content-Type", None)
    named = mode() == "multi"
    if named:
        headers["X-CHALLENGER"] = student.guid
    # CORS-safelisted: GET, HEAD and POST with no header of the page's own and a form or
    # text body; a JSON body or X-CHALLENGER makes a request need a preflight.
    if client.preflight and (method not in ("GET", "HEAD", "POST") or with_body or named):
        student.client.options(path, headers=preflight_headers(client, method, with_body))
    data: dict[str, Any] = {}
    if with_body:
        data = {"data": orjson.dumps(body), "content_type": content_type}
    reply = student.client.generic(method, path, headers=headers, **data)
    return reply.status_code, reply.content


def near_misses(student: Student, root: str) -> dict[str, dict[str, Any]]:
    """The session's near misses by challenge name, read as a student's page reads them."""
    reply = student.client.get(
        f"{root}/challenger/{student.guid}/near-misses", headers={"X-CHALLENGER": student.guid}
    )
    assert reply.status_code == 200, reply.content
    return {entry["name"]: entry for entry in reply.json()["nearMisses"]}


def fill_to(student: Student, root: str, total: int) -> None:
    """Creates plain todos (no Accept) until the session holds `total`."""
    for n in range(SEEDED, total):
        reply = student.client.post(
            f"{root}/todos",
            {"title": f"earlier todo {n}"},
            content_type="application/json",
            headers={"X-CHALLENGER": student.guid},
        )
        assert reply.status_code == 201, reply.content


def strays(client: ClientDefaults, request: Ordinary, root: str = "/api") -> list[str]:
    """The near misses `request`, sent by `client` on a fresh session, records on
    challenges it does not aim at."""
    student = Student()
    fill_to(student, root, request.listed)
    before = near_misses(student, root)
    status, content = send(student, client, request.method, request.path, request.body)
    assert status < 300, f"{request.name} -> {status} {content!r}"
    after = near_misses(student, root)
    return [
        f"{name}: {entry['reason']}"
        for name, entry in after.items()
        if name not in request.aims and before.get(name) != entry
    ]


def client_cases(requests: tuple[Ordinary, ...]) -> list[Any]:
    return [
        pytest.param(client, request, id=f"{client.name}: {request.name}")
        for client in CLIENTS
        for request in requests
    ]


@pytest.mark.parametrize(("defaults", "request_"), client_cases(REQUESTS))
def test_a_client_default_makes_no_near_miss_on_what_the_request_did_not_aim_at(
    defaults: ClientDefaults, request_: Ordinary
) -> None:
    assert strays(defaults, request_) == []


@pytest.mark.parametrize(("defaults", "request_"), client_cases(REQUESTS))
def test_in_single_mode_a_client_default_makes_no_near_miss_on_what_it_did_not_aim_at(
    settings: Settings, defaults: ClientDefaults, request_: Ordinary
) -> None:
    # One session for everybody, no X-CHALLENGER: a browser's preflights reach it too.
    settings.APICHALLENGES_MODE = "single"
    assert strays(defaults, request_) == []
