"""The challenges judge a student's regex filter with the engine the API filtered with.

A description filter that the API answers at once must not cost the tracking that follows
the answer any more: `(a|aa)+!x|a.*!` matches the description below in linear time, and a
backtracking engine tries every split of its a's on the first branch before the second.
"""

from __future__ import annotations

import time

import pytest

from tests.client import Client

pytestmark = pytest.mark.django_db

A_RUN = "a" * 34 + "!"  # a backtracking full match tries about 10 million splits


def test_a_backtracking_description_filter_is_judged_at_once(client: Client, guid: str) -> None:
    headers = {"X-CHALLENGER": guid}
    created = client.post(
        "/api/todos",
        {"title": "run", "description": A_RUN},
        content_type="application/json",
        headers=headers,
    )
    assert created.status_code == 201

    started = time.monotonic()
    response = client.get("/api/todos?description~=(a|aa)%2B!x|a.*!", headers=headers)
    elapsed = time.monotonic() - started

    assert response.status_code == 200
    assert [todo["description"] for todo in response.json()["todos"]] == [A_RUN]
    assert elapsed < 0.5
