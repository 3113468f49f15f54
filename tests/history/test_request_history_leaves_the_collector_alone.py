"""Requests waiting in a serving process for their history batch hold nothing that
Python's garbage collector must keep tracking. A server buffers about a second of
requests; when each held a list or a named tuple, the collector ran every few dozen
requests and moved them up into its oldest generation, whose full collections (tens of
milliseconds each) then ran every few seconds."""

from __future__ import annotations

import gc

import pytest
from django.test import Client

from history import recorder, writer

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_buffer() -> None:
    writer.discard()  # what earlier tests of this process sent


def test_recorded_requests_are_released_by_the_collector(client: Client, guid: str) -> None:
    headers = {"X-CHALLENGER": guid, "Postman-Token": "a", "Accept": "*/*"}
    client.get("/api/todos?doneStatus=true", headers=headers)  # a near miss
    client.post("/api/todos", {"title": "t"}, content_type="application/json", headers=headers)
    client.get("/api/challenges", headers=headers)  # a completion
    client.delete("/api/todos/1", headers=headers)
    # A pass may meet a tuple before its items and keep tracking it until the next one:
    # one pass for each level of nesting (a near miss is a pair in a tuple in the entry).
    # A list or a named tuple anywhere in an entry would keep it tracked however many.
    for _ in range(3):
        gc.collect()
    waiting = list(recorder._buffer)
    assert len(waiting) == 4
    assert [entry for entry in waiting if gc.is_tracked(entry)] == []
