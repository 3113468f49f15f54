"""The progress page's status poll (`status.json`) answers 304 while the status is the
version the page sends back as If-None-Match, with the headers its 200 has, and 200 with
the new status once anything it shows has changed."""

from __future__ import annotations

import re

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from tests.assignment_fixtures import assign
from tests.client import Client
from tests.near_miss_entries import near_miss, store_near_misses

# What every answer of the site carries, whether it has a body or not.
SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options")


def status(client: Client, guid: str, version: str = ""):  # noqa: ANN201 - the test client's
    headers = {"If-None-Match": version} if version else {}
    return client.get(f"/gui/challenges/{guid}/status.json", headers=headers)


def test_an_unchanged_status_is_not_modified(client: Client, guid: str) -> None:
    first = status(client, guid)
    again = status(client, guid, first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]


def test_the_not_modified_answer_has_the_headers_of_the_full_one(client: Client, guid: str) -> None:
    first = status(client, guid)
    again = status(client, guid, first["ETag"])
    assert again["Cache-Control"] == first["Cache-Control"]
    assert "no-cache" in again["Cache-Control"]
    for name in SECURITY_HEADERS:
        assert again[name] == first[name], name


def test_a_completion_changes_the_status(client: Client, guid: str) -> None:
    first = status(client, guid)
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    changed = status(client, guid, first["ETag"])
    assert changed.status_code == 200
    assert "GET_CHALLENGES" in changed.json()["completed"]
    assert changed["ETag"] != first["ETag"]


def test_a_near_miss_changes_the_status(client: Client, guid: str) -> None:
    first = status(client, guid)
    store_near_misses(guid, {"GET_TODOS_FILTERED": near_miss()})
    changed = status(client, guid, first["ETag"])
    assert changed.status_code == 200
    assert "GET_TODOS_FILTERED" in changed.json()["nearMisses"]


def test_an_assignment_given_to_the_class_changes_the_status(client: Client, guid: str) -> None:
    cohort = Cohort.objects.create(code="monday-am", name="Monday morning")
    Challenger.objects.filter(pk=guid).update(cohort=cohort)
    first = status(client, guid)
    assign(cohort, 0, 3, title="Warm-up")
    changed = status(client, guid, first["ETag"])
    assert changed.status_code == 200
    assert [a["title"] for a in changed.json()["assignments"]] == ["Warm-up"]


def test_another_sessions_version_is_no_match(client: Client, guid: str) -> None:
    other = client.post("/api/challenger")["X-CHALLENGER"]
    Challenger.objects.filter(pk=other).update(progress={keys_for("multi")[0]: True})
    theirs = status(client, other)["ETag"]
    assert status(client, guid, theirs).status_code == 200


def test_the_progress_page_names_the_version_it_shows(client: Client, guid: str) -> None:
    html = client.get(f"/gui/challenges/{guid}").content.decode()
    shown = re.search(r'data-status-version="([0-9a-f]+)"', html)
    assert shown is not None
    assert status(client, guid, f'"{shown.group(1)}"').status_code == 304
