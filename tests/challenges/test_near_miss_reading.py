"""challenges.near_misses: which stored entries are shown, in what order, in what words."""

from __future__ import annotations

from typing import Any

import pytest

from challenges.near_misses import open_near_misses, read_near_miss

ENTRY = {
    "at": "2026-11-23T16:18:00.123456Z",
    "request": "GET /api/todos?doneStatus=true",
    "status": 200,
    "reason": "your todos include 0 done todos",
}


def test_an_entry_reads_with_its_challenge() -> None:
    near = read_near_miss("GET_TODOS_FILTERED", ENTRY, "multi")
    assert near is not None
    assert (near.display_id, near.name, near.status) == ("07", "GET /api/todos (200) ?filter", 200)


def test_the_summary_is_request_status_and_reason() -> None:
    near = read_near_miss("GET_TODOS_FILTERED", ENTRY, "multi")
    assert near.summary == (
        "last try: GET /api/todos?doneStatus=true → 200: your todos include 0 done todos"
    )


@pytest.mark.parametrize(
    "entry",
    [
        "GET /api/todos",
        None,
        {k: v for k, v in ENTRY.items() if k != "reason"},
        ENTRY | {"status": "200"},
        ENTRY | {"status": True},
        ENTRY | {"request": None},
        ENTRY | {"at": "yesterday"},
        ENTRY | {"at": 1700000000},
    ],
)
def test_an_entry_not_in_the_stored_shape_is_not_shown(entry: Any) -> None:
    assert read_near_miss("GET_TODOS_FILTERED", entry, "multi") is None


def test_a_key_outside_the_mode_is_not_shown() -> None:
    assert read_near_miss("GET_RESTORE_EXISTING_CHALLENGER", ENTRY, "single") is None


@pytest.mark.parametrize("stored", [None, {}, [], "text", [ENTRY]])
def test_a_field_that_is_not_a_mapping_shows_nothing(stored: Any) -> None:
    assert open_near_misses({}, stored, "multi") == []


def test_equal_times_keep_display_order() -> None:
    stored = {"GET_TODOS_FILTERED": ENTRY, "GET_TODOS": ENTRY, "GET_TODO": ENTRY}
    assert [n.key for n in open_near_misses({}, stored, "multi")] == [
        "GET_TODOS",
        "GET_TODO",
        "GET_TODOS_FILTERED",
    ]


def test_a_challenge_done_under_its_deprecated_key_is_not_open() -> None:
    progress = {"PUT_TODOS_400": "2026-11-23T10:00:00Z"}
    stored = {"PUT_TODOS_422": ENTRY}
    assert open_near_misses(progress, stored, "multi") == []
