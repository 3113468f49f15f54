"""Filtering, sorting and paging of a collection: type-aware comparisons, every filter
ANDed, ascending id when no `_sortBy` is given."""

from __future__ import annotations

from typing import Any

import pytest

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.patterns import MAX_PATTERN_LENGTH
from practiceapi.protocol.query import UNPAGED as SIM_PAGING
from practiceapi.protocol.query import (
    Field,
    Paging,
    apply_query,
    parse_query_string,
    wildcard_match,
)
from todos.resource import CLAMP_PAGING, GET_PAGING, TODO_FIELDS

# Twelve todos, in the default order (ascending id), with ties for sort stability.
ROWS: list[dict[str, Any]] = [
    {"id": 1, "title": "scan paperwork", "doneStatus": False, "description": ""},
    {"id": 2, "title": "file paperwork", "doneStatus": True, "description": "pay bills"},
    {"id": 3, "title": "process payments", "doneStatus": False, "description": "repay"},
    {"id": 4, "title": "escalate", "doneStatus": True, "description": ""},
    {"id": 5, "title": "pay invoices", "doneStatus": False, "description": "Pay now"},
    {"id": 6, "title": "Zebra", "doneStatus": True, "description": "animal"},
    {"id": 7, "title": "apple", "doneStatus": False, "description": "fruit"},
    {"id": 8, "title": "file paperwork", "doneStatus": False, "description": "again"},
    {"id": 9, "title": "tidy (desk)", "doneStatus": True, "description": "a.b"},
    {"id": 10, "title": "call 50% off", "doneStatus": False, "description": "axb"},
    {"id": 11, "title": "émigré", "doneStatus": True, "description": "unicode"},
    {"id": 12, "title": "last", "doneStatus": False, "description": "the end"},
]

NO_PAGING = Paging(None, None, False)


def ids(raw: str, paging: Paging | None = NO_PAGING, strict: bool = False) -> list[int]:
    query = parse_query_string(raw, strict=strict)
    return [row["id"] for row in apply_query(ROWS, query, TODO_FIELDS, paging)]


def error(raw: str, paging: Paging | None = NO_PAGING) -> ApiError:
    with pytest.raises(ApiError) as raised:
        ids(raw, paging)
    return raised.value


# ----- filters ------------------------------------------------------------------------


def test_no_query_keeps_the_given_order() -> None:
    assert ids("") == list(range(1, 13))


def test_integer_equality_is_numeric() -> None:
    assert ids("id=3") == [3]
    assert ids("id=03") == [3]
    assert ids("id=3.0") == [3]
    assert ids("id=+3") == [3]


def test_integer_comparisons() -> None:
    assert ids("id>10") == [11, 12]
    assert ids("id<3") == [1, 2]
    assert ids("id>=11") == [11, 12]
    assert ids("id<=2") == [1, 2]
    assert ids("id!=1&id<4") == [2, 3]
    assert ids("id!1&id<4") == [2, 3]


def test_filters_combine_with_and() -> None:
    assert ids("id>2&id<6") == [3, 4, 5]
    assert ids("id>2&id<6&doneStatus=false") == [3, 5]


@pytest.mark.parametrize("raw", ["id=abc", "id>1.5", "id=", "id=1e3"])
def test_bad_integer_values(raw: str) -> None:
    err = error(raw)
    assert err.status == 400
    value = raw.split("=", 1)[-1].split(">", 1)[-1]
    assert err.messages == [f"{value} is not a valid integer for field id"]


def test_bad_integer_is_400_even_for_an_empty_collection() -> None:
    with pytest.raises(ApiError):
        apply_query([], parse_query_string("id=abc"), TODO_FIELDS, GET_PAGING)


def test_huge_integer_value_is_fine() -> None:
    assert ids("id<99999999999999999999") == list(range(1, 13))


def test_boolean_filters() -> None:
    assert ids("doneStatus=true") == [2, 4, 6, 9, 11]
    assert ids("doneStatus=TRUE") == [2, 4, 6, 9, 11]
    assert ids("doneStatus!=true") == [1, 3, 5, 7, 8, 10, 12]
    # false < true
    assert ids("doneStatus>false") == [2, 4, 6, 9, 11]
    assert ids("doneStatus<true") == [1, 3, 5, 7, 8, 10, 12]


@pytest.mark.parametrize(("raw", "value"), [("doneStatus=yes", "yes"), ("doneStatus=", "")])
def test_bad_boolean(raw: str, value: str) -> None:
    err = error(raw)
    assert (err.status, err.messages) == (400, [f"{value} is not boolean"])


def test_string_equality_is_exact_and_case_sensitive() -> None:
    assert ids("title=file+paperwork") == [2, 8]
    assert ids("title=File+paperwork") == []
    assert ids("description=") == [1, 4]


def test_string_ordering_is_lexicographic() -> None:
    # Upper case sorts before lower case; "é" after ASCII letters.
    assert ids("title<a") == [6]
    assert ids("title>tidy") == [9, 11]


def test_field_names_are_case_insensitive_and_unknown_ignored() -> None:
    assert ids("ID=4") == [4]
    assert ids("DoneStatus=true&nosuch=1") == [2, 4, 6, 9, 11]
    assert ids("nosuch") == list(range(1, 13))


def test_regex_must_match_the_whole_value() -> None:
    assert ids("description~=.*pay.*") == [2, 3]
    assert ids("description~=pay") == []
    assert ids("title~=file.*") == [2, 8]


def test_regex_on_an_integer_field_uses_its_text() -> None:
    assert ids("id~=1.") == [10, 11, 12]


def test_invalid_regex_is_400_with_the_regex_error() -> None:
    err = error("title~=(unclosed")
    assert err.status == 400
    assert err.messages[0].startswith("Invalid regular expression: ")


def test_overlong_regex_is_refused() -> None:
    err = error("title~=" + "a" * (MAX_PATTERN_LENGTH + 1))
    assert err.status == 400
    assert "too long" in err.messages[0]


def test_a_backtracking_classic_is_answered_like_any_regex() -> None:
    # (a|aa)+ explodes in a backtracking engine on `aaaa…!`; RE2 answers in linear time.
    rows = [dict(row, title="a" * 40 + "!") if row["id"] < 4 else row for row in ROWS]
    query = parse_query_string("title~=(a|aa)%2B!?")
    result = apply_query(rows, query, TODO_FIELDS, GET_PAGING)
    assert [row["id"] for row in result] == [1, 2, 3]


def test_wildcard() -> None:
    assert ids("title*=file*") == [2, 8]
    assert ids("title*=*paper*") == [1, 2, 8]
    assert ids("title*=appl?") == [7]
    assert ids("title*=appl") == []
    # Characters other than * and ? are literal, regex metacharacters included.
    assert ids("title*=tidy+(desk)") == [9]
    assert ids("description*=a.b") == [9]


@pytest.mark.parametrize(
    ("pattern", "value", "expected"),
    [
        ("*", "", True),
        ("?", "", False),
        ("a*b*c", "aXbYc", True),
        ("a*b*c", "aXbYcZ", False),
        ("*a*a*a*a*b", "a" * 60, False),
        ("[ab]", "a", False),
        ("[ab]", "[ab]", True),
    ],
)
def test_wildcard_match(pattern: str, value: str, expected: bool) -> None:
    assert wildcard_match(pattern, value) is expected


def test_contains_is_a_literal_case_sensitive_substring() -> None:
    assert ids("title%25=paper") == [1, 2, 8]
    assert ids("description%25=Pay") == [5]
    assert ids("title%25=50%25") == [10]


def test_regex_and_wildcard_do_not_short_circuit_later_filters() -> None:
    # The public service stops after a ~= / *= filter; here every filter is ANDed.
    assert ids("title*=file*&id>5") == [8]
    assert ids("title~=file.*&doneStatus=true") == [2]


# ----- sorting ------------------------------------------------------------------------


def test_sort_descending_by_id() -> None:
    assert ids("_sortBy=-id") == list(range(12, 0, -1))


def test_sort_by_title_ascending_uses_code_unit_order() -> None:
    titles = [row["title"] for row in ROWS]
    expected = sorted(titles, key=lambda t: t.encode("utf-16-be"))
    query = parse_query_string("_sortBy=title")
    assert [r["title"] for r in apply_query(ROWS, query, TODO_FIELDS, None)] == expected


def test_sort_plus_prefix_is_ascending() -> None:
    assert ids("_sortBy=%2Bid") == list(range(1, 13))
    assert ids("_sortBy=+id") == list(range(1, 13))


def test_sort_is_stable() -> None:
    # Equal titles keep their incoming order (ids 2 then 8).
    assert ids("title=file+paperwork&_sortBy=title") == [2, 8]
    assert ids("_sortBy=doneStatus") == [1, 3, 5, 7, 8, 10, 12, 2, 4, 6, 9, 11]


def test_multi_key_sort() -> None:
    assert ids("_sortBy=doneStatus,-id") == [12, 10, 8, 7, 5, 3, 1, 11, 9, 6, 4, 2]
    # Several _sortBy parameters concatenate.
    assert ids("_sortBy=-doneStatus&_sortBy=id") == [2, 4, 6, 9, 11, 1, 3, 5, 7, 8, 10, 12]


def test_sort_ignores_unknown_fields() -> None:
    assert ids("_sortBy=nosuch,-id") == list(range(12, 0, -1))


def test_sort_numeric_not_textual() -> None:
    # Textual order would put 10, 11, 12 before 2.
    assert ids("id<13&_sortBy=id") == list(range(1, 13))


# ----- paging -------------------------------------------------------------------------


def test_default_page_is_ten() -> None:
    assert ids("", GET_PAGING) == list(range(1, 11))


def test_paging_after_filter_and_sort() -> None:
    assert ids("doneStatus=false&_sortBy=-id&_limit=3&_offset=1", GET_PAGING) == [10, 8, 7]


def test_limit_zero_and_offset_past_end() -> None:
    assert ids("_limit=0", GET_PAGING) == []
    assert ids("_offset=50", GET_PAGING) == []


def test_get_rejects_limit_over_twenty() -> None:
    err = error("_limit=21", GET_PAGING)
    assert (err.status, err.messages) == (400, ["_limit must be no more than 20"])
    assert error("_limit=99999999999999999999", GET_PAGING).status == 400


def test_clamp_paging_caps_silently() -> None:
    assert ids("_limit=21", CLAMP_PAGING) == list(range(1, 13))
    assert len(ids("_limit=99999999999999999999", CLAMP_PAGING)) == 12


def test_limit_twenty_is_allowed_on_get() -> None:
    assert ids("_limit=20", GET_PAGING) == list(range(1, 13))


@pytest.mark.parametrize("value", ["-1", "abc", "1.5", "", "%2B3"])
def test_invalid_limit(value: str) -> None:
    err = error(f"_limit={value}", GET_PAGING)
    assert (err.status, err.messages) == (400, ["_limit must be a non-negative integer"])


@pytest.mark.parametrize("value", ["-1", "abc", "1.5", ""])
def test_invalid_offset(value: str) -> None:
    err = error(f"_offset={value}", CLAMP_PAGING)
    assert (err.status, err.messages) == (400, ["_offset must be a non-negative integer"])


def test_limit_and_offset_given_with_another_operator_are_invalid() -> None:
    assert error("_limit>5", GET_PAGING).messages == ["_limit must be a non-negative integer"]
    assert error("_offset<5", GET_PAGING).messages == ["_offset must be a non-negative integer"]


def test_values_are_trimmed() -> None:
    assert ids("_limit=+2+", GET_PAGING) == [1, 2]


def test_huge_offset_is_an_empty_page() -> None:
    assert ids("_offset=99999999999999999999", GET_PAGING) == []


def test_sim_paging_has_no_default_page_but_honours_explicit_values() -> None:
    assert ids("", SIM_PAGING) == list(range(1, 13))
    assert ids("_limit=2&_offset=10", SIM_PAGING) == [11, 12]
    assert len(ids("_limit=99999999999999999999", SIM_PAGING)) == 12


def test_no_paging_ignores_limit() -> None:
    assert ids("_limit=2", None) == list(range(1, 13))


def test_lenient_get_with_bad_encoding_returns_the_default_page() -> None:
    assert ids("title%=x&_limit=2", GET_PAGING) == list(range(1, 11))


def test_other_field_sets() -> None:
    fields = (Field("id", "integer"), Field("name", "string"), Field("description", "string"))
    rows = [{"id": i, "name": f"entity number {i}", "description": ""} for i in range(1, 11)]
    query = parse_query_string("id%3C3&name*=entity%20number%20*")
    assert [r["id"] for r in apply_query(rows, query, fields, SIM_PAGING)] == [1, 2]
