"""Every challenge's rule through HTTP: the crediting request completes it on a fresh
session; each near miss (same setup, unless it says otherwise) does not, and the session
records it with its request line, status and reason; each request that is neither leaves
the challenge's near miss as it was.

The table is `credit_cases.ROWS`; a test id names the challenge key, e.g.
`test_it_credits[GET_TODOS_FILTERED_ID_GREATER_THAN]`.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from challengers.models import Challenger
from challenges.catalogue import by_key, keys_for
from challenges.progress import stamp
from tests.challenges.credit_cases import (
    ROWS,
    SINGLE_MODE_ROWS,
    Row,
    Student,
    completed,
    describe,
    filled_reason,
    near_miss_plan,
    request_line,
    rows_for,
)

pytestmark = pytest.mark.django_db

MULTI_ROWS = rows_for("multi")
SINGLE_ROWS = rows_for("single")


def key_of(row: Row) -> str:
    return row.key


def listed_as_done(student: Student, guid: str, key: str) -> bool:
    """The challenge's status in GET /api/challenges, found by its exact catalogue name."""
    reply = student.client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    found = [c for c in reply.json()["challenges"] if c["name"] == by_key(key).name]
    assert len(found) == 1, f"{by_key(key).name!r} listed {len(found)} times"
    return found[0]["status"] is True


def assert_credits(row: Row) -> None:
    student = Student()
    student.prepare(row.setup)
    before = student.judged_guid(row.credit)
    assert not completed(before, row.key), "completed by the session's setup alone"
    reply = student.send(row.credit)
    guid = student.judged_guid(row.credit, reply)
    done = completed(guid, row.key)
    assert done, describe(row.credit, reply)
    assert listed_as_done(student, guid, row.key)


def near_misses(guid: str | None) -> dict:
    challenger = Challenger.objects.filter(pk=(guid or "").strip().lower()).first()
    return challenger.near_misses if challenger is not None else {}


def assert_near_misses_do_not_credit(row: Row) -> None:
    for other in row.not_crediting:
        setup, call = near_miss_plan(row, other)
        student = Student()
        student.prepare(setup)
        reply = student.send(call)
        done = completed(student.judged_guid(call, reply), row.key)
        assert not done, describe(other, reply)


def assert_near_misses_are_recorded(row: Row) -> None:
    for miss in row.near_miss:
        setup, call = near_miss_plan(row, miss)
        student = Student()
        student.prepare(setup)
        sent_at = stamp()
        reply = student.send(call)
        recorded = near_misses(student.judged_guid(call, reply)).get(row.key)
        assert recorded is not None, describe(miss, reply)
        assert recorded == {
            "at": recorded["at"],
            "request": request_line(student, call),
            "status": miss.status,
            "reason": filled_reason(student, miss.reason),
        }, describe(miss, reply)
        assert datetime.fromisoformat(recorded["at"]) >= datetime.fromisoformat(sent_at)


def assert_neither_records_a_near_miss(row: Row) -> None:
    for other in row.neither:
        setup, call = near_miss_plan(row, other)
        student = Student()
        student.prepare(setup)
        before = near_misses(student.judged_guid(call)).get(row.key)
        reply = student.send(call)
        after = near_misses(student.judged_guid(call, reply)).get(row.key)
        assert after == before, describe(other, reply)


def test_the_table_has_one_row_per_challenge() -> None:
    keys = [row.key for row in ROWS]
    assert sorted(set(keys_for("multi")) - set(keys)) == [], "challenges without a row"
    assert len(keys) == len(set(keys)), "a challenge with two rows"
    assert keys == list(keys_for("multi")), "rows out of catalogue order, or unknown keys"


# Challenges a request showing their intent cannot nearly miss: whatever sets them apart
# from their siblings (the method on the heartbeat, a wrong doneStatus, a todo id that is
# not there, a `_limit` over the largest page, the right credentials, the full list's
# refusal ...) is also what makes the API answer as they need, so such a request completes
# them. A request without that intent is another challenge's try.
CANNOT_BE_NEARLY_MISSED = {
    "CREATE_NEW_CHALLENGER",
    "GET_TODOS",
    "GET_TODO_404",
    "POST_TODOS_BAD_DONE_STATUS",
    "PUT_TODOS_422",
    "POST_TODOS_404",
    "PUT_TODOS_NO_ID_422",
    "PUT_TODOS_ID_NOT_FOUND_404",
    "GET_TODOS_PAGINATED_LIMIT_TOO_HIGH",
    "GET_ACCEPT_ANY_DEFAULT_JSON",
    "GET_JSON_BY_DEFAULT_NO_ACCEPT",
    "GET_TODOS_EXPORT_CSV_CONTENT_DISPOSITION",
    "GET_TODOS_EXPORT_HTML_CONTENT_DISPOSITION",
    "GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION",
    "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
    "DELETE_HEARTBEAT_405",
    "PATCH_HEARTBEAT_500",
    "TRACE_HEARTBEAT_501",
    "GET_HEARTBEAT_204",
    "OVERRIDE_DELETE_HEARTBEAT_405",
    "OVERRIDE_PATCH_HEARTBEAT_500",
    "OVERRIDE_TRACE_HEARTBEAT_501",
    "CREATE_SECRET_TOKEN_201",
    "GET_SECRET_NOTE_401",
    "POST_ALL_TODOS",
}


def test_every_row_has_a_near_miss() -> None:
    assert {row.key for row in ROWS if not row.near_miss} == CANNOT_BE_NEARLY_MISSED


def test_every_row_has_a_request_that_is_neither_credit_nor_near_miss() -> None:
    assert [row.key for row in ROWS if not row.neither] == []


def test_single_mode_overrides_name_single_mode_challenges() -> None:
    assert all(row.key == key for key, row in SINGLE_MODE_ROWS.items())
    assert set(SINGLE_MODE_ROWS) <= set(keys_for("single"))


@pytest.mark.parametrize("row", MULTI_ROWS, ids=key_of)
def test_it_credits(row: Row) -> None:
    assert_credits(row)


@pytest.mark.parametrize("row", MULTI_ROWS, ids=key_of)
def test_near_miss_does_not_credit(row: Row) -> None:
    assert_near_misses_do_not_credit(row)


@pytest.mark.parametrize("row", MULTI_ROWS, ids=key_of)
def test_near_miss_is_recorded(row: Row) -> None:
    assert_near_misses_are_recorded(row)


@pytest.mark.parametrize("row", MULTI_ROWS, ids=key_of)
def test_neither_records_a_near_miss(row: Row) -> None:
    assert_neither_records_a_near_miss(row)


@pytest.mark.parametrize("row", SINGLE_ROWS, ids=key_of)
def test_it_credits_in_single_mode(row: Row, single_mode: None) -> None:
    assert_credits(row)


# Single mode's near misses are the multi-mode ones except where the mode changes a rule.
@pytest.mark.parametrize("row", SINGLE_MODE_ROWS.values(), ids=key_of)
def test_near_miss_does_not_credit_in_single_mode(row: Row, single_mode: None) -> None:
    assert_near_misses_do_not_credit(row)


@pytest.mark.parametrize("row", SINGLE_MODE_ROWS.values(), ids=key_of)
def test_near_miss_is_recorded_in_single_mode(row: Row, single_mode: None) -> None:
    assert_near_misses_are_recorded(row)
    assert_neither_records_a_near_miss(row)


def test_single_mode_has_no_restore_by_guid_challenges(client, single_mode: None) -> None:
    absent = {
        "GET_RESTORE_EXISTING_CHALLENGER",
        "POST_RESTORE_EXISTING_CHALLENGER",
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
    }
    assert set(keys_for("multi")) - set(keys_for("single")) == absent
    listed = {c["name"] for c in client.get("/api/challenges").json()["challenges"]}
    assert len(listed) == 96
    assert listed.isdisjoint(by_key(key).name for key in absent)
