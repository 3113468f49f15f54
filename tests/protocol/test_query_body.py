"""QUERY bodies: form, JSONPath and structured JSON."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.utils.http import parse_header_parameters

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.query import Paging, parse_query_string
from practiceapi.protocol.querybody import (
    ACCEPT_QUERY,
    QUERY_BODY,
    STRUCTURED_QUERY_TYPES,
    QueryBody,
    run_query_body,
)
from tests.protocol.test_query_filters import ROWS
from todos.resource import CLAMP_PAGING, TODO_FIELDS

FORM = "application/x-www-form-urlencoded"
JSONPATH = "application/jsonpath"
STRUCTURED = STRUCTURED_QUERY_TYPES[0]


class TodoRoute:
    """What the QUERY parsers read from their view: the entity's fields."""

    entity_fields = TODO_FIELDS


def read_body(content_type: str | None, body: bytes) -> Callable[[], QueryBody]:
    """The parse a QUERY view runs: the parser DRF selects by Content-Type, reading `body`."""

    def read() -> QueryBody:
        media_type = parse_header_parameters(content_type or "")[0]
        parsers = [parser() for parser in QUERY_BODY.parsers]
        parser = QUERY_BODY.select(parsers, media_type, content_type, TodoRoute())
        return parser.parse(io.BytesIO(body), media_type, {"view": TodoRoute()})

    return read


def run(
    content_type: str | None,
    body: bytes | str | dict[str, Any],
    url: str = "",
    paging: Paging | None = CLAMP_PAGING,
    rows: list[dict[str, Any]] | None = None,
) -> list[int]:
    if isinstance(body, dict):
        body = json.dumps(body)
    if isinstance(body, str):
        body = body.encode("utf-8")
    result = run_query_body(
        read_body(content_type, body),
        ROWS if rows is None else rows,
        parse_query_string(url),
        TODO_FIELDS,
        collection_name="todos",
        paging=paging,
    )
    return [row["id"] for row in result]


def fails(
    content_type: str | None,
    body: bytes | str | dict[str, Any],
    url: str = "",
    rows: list[dict[str, Any]] | None = None,
) -> ApiError:
    with pytest.raises(ApiError) as raised:
        run(content_type, body, url, rows=rows)
    assert raised.value.headers["Accept-Query"] == ACCEPT_QUERY
    return raised.value


def test_accept_query_lists_the_seed_type_first() -> None:
    assert ACCEPT_QUERY == (
        "application/x-www-form-urlencoded, application/jsonpath, "
        "application/vnd.service.query+json, application/vnd.thingifier.query+json"
    )


# ----- Content-Type ------------------------------------------------------------------


@pytest.mark.parametrize("content_type", [None, "", "  "])
def test_missing_content_type(content_type: str | None) -> None:
    err = fails(content_type, "id=1")
    assert (err.status, err.messages) == (400, ["Missing Content-Type for QUERY request"])


def test_unsupported_content_type() -> None:
    err = fails("text/plain", "id=1")
    assert (err.status, err.messages) == (415, ["Unsupported QUERY Content Type - text/plain"])
    assert err.headers["Accept"] == ACCEPT_QUERY


def test_content_type_parameters_and_case_are_ignored() -> None:
    assert run("Application/X-WWW-Form-Urlencoded; charset=UTF-8", "id=3") == [3]


def test_errors_from_the_url_query_also_carry_accept_query() -> None:
    err = fails(FORM, "", url="id=abc")
    assert err.status == 400


# ----- form bodies --------------------------------------------------------------------


def test_form_body_filters_sorts_and_pages() -> None:
    assert run(FORM, "doneStatus=true&_sortBy=-id") == [11, 9, 6, 4, 2]
    assert run(FORM, "doneStatus=true&_sortBy=-id&_limit=2&_offset=1") == [9, 6]


def test_empty_form_body_is_the_default_page() -> None:
    assert run(FORM, "") == list(range(1, 11))
    assert run(FORM, "\n") == list(range(1, 11))


def test_form_body_surrounding_whitespace_is_ignored() -> None:
    assert run(FORM, "title=apple\r\n") == [7]


def test_form_body_is_anded_with_the_url_query() -> None:
    assert run(FORM, "doneStatus=true", url="id%3E4") == [6, 9, 11]


def test_form_body_limit_wins_and_sort_keys_follow_the_url_ones() -> None:
    assert run(FORM, "_limit=2", url="_limit=5") == [1, 2]
    assert run(FORM, "_sortBy=-id", url="_sortBy=doneStatus&_limit=3") == [12, 10, 8]


def test_form_body_limit_is_clamped() -> None:
    assert run(FORM, "_limit=50") == list(range(1, 13))


def test_form_body_not_decodable() -> None:
    err = fails(FORM, "title%=x")
    assert err.status == 400
    assert err.messages[0].startswith("URLDecoder: ")


@pytest.mark.parametrize("body", ["=5", "<3", "id=1&=2"])
def test_form_body_with_empty_name(body: str) -> None:
    err = fails(FORM, body)
    assert (err.status, err.messages) == (
        400,
        ["Malformed query content: field name is missing"],
    )


def test_form_body_bad_filter_value() -> None:
    err = fails(FORM, "doneStatus=yes")
    assert (err.status, err.messages) == (400, ["yes is not boolean"])


# ----- JSONPath -----------------------------------------------------------------------


def test_reference_style_filter() -> None:
    assert run(JSONPATH, "$.todos[?(@.doneStatus == true)]") == [2, 4, 6, 9, 11]


def test_rfc_filter_and_indexes() -> None:
    assert run(JSONPATH, "$.todos[?@.id > 9]") == [10, 11, 12]
    assert run(JSONPATH, "$.todos[0,2]") == [1, 3]
    assert run(JSONPATH, "$.todos[2,0]") == [3, 1]


def test_root_and_collection_select_everything_then_page() -> None:
    assert run(JSONPATH, "$") == list(range(1, 11))
    assert run(JSONPATH, "$.todos") == list(range(1, 11))
    assert run(JSONPATH, "$..todos") == list(range(1, 11))
    assert run(JSONPATH, "$.todos[*]", url="_limit=20") == list(range(1, 13))


def test_document_is_filtered_and_sorted_but_not_pre_paged() -> None:
    # Rows 11 and 12 are beyond the default first page but still selectable.
    assert run(JSONPATH, "$.todos[?@.id > 10]") == [11, 12]
    assert run(JSONPATH, "$.todos[0]", url="_sortBy=-id") == [12]
    assert run(JSONPATH, "$.todos[*]", url="doneStatus=false&_limit=2&_offset=1") == [3, 5]


def test_jsonpath_with_regex_functions() -> None:
    assert run(JSONPATH, "$.todos[?match(@.title, 'file.*')]") == [2, 8]
    assert run(JSONPATH, "$.todos[?search(@.description, 'pay')]") == [2, 3]


def test_duplicates_are_listed_once() -> None:
    assert run(JSONPATH, "$.todos[1,0,1]") == [2, 1]


def test_nothing_selected_is_empty() -> None:
    assert run(JSONPATH, "$.todos[?@.id > 100]") == []
    assert run(JSONPATH, "$.nosuch") == []


@pytest.mark.parametrize(
    "expression", ["$.todos[*].title", "$..id", "$.todos[0].id", "$..*", "$.*.*.doneStatus"]
)
def test_non_resource_selection_is_422(expression: str) -> None:
    err = fails(JSONPATH, expression)
    assert (err.status, err.messages) == (
        422,
        ["JSONPath query must select complete resource objects from the collection"],
    )


@pytest.mark.parametrize("body", ["", "   ", "\n"])
def test_blank_jsonpath(body: str) -> None:
    err = fails(JSONPATH, body)
    assert (err.status, err.messages) == (400, ["Missing JSONPath expression for QUERY request"])


@pytest.mark.parametrize("body", ["todos", "$.todos[", "$.todos.length()", "$[?(@.id == 1]"])
def test_jsonpath_syntax_error(body: str) -> None:
    err = fails(JSONPATH, body)
    assert err.status == 400
    assert err.messages[0]


# ----- structured JSON ----------------------------------------------------------------


@pytest.mark.parametrize("content_type", STRUCTURED_QUERY_TYPES)
def test_both_structured_media_types(content_type: str) -> None:
    assert run(content_type, {"filter": {"doneStatus": True}}) == [2, 4, 6, 9, 11]


def test_structured_exact_values() -> None:
    assert run(STRUCTURED, {"filter": {"id": 3}}) == [3]
    assert run(STRUCTURED, {"filter": {"TITLE": "file paperwork"}}) == [2, 8]
    assert run(STRUCTURED, {"filter": {"title": "file paperwork", "id": 8}}) == [8]


def test_structured_operators() -> None:
    def f(field: str, ops: dict[str, Any]) -> list[int]:
        return run(STRUCTURED, {"filter": {field: ops}, "limit": 20})

    assert f("id", {"equals": 4}) == [4]
    assert f("id", {"notEquals": 4, "lessThan": 6}) == [1, 2, 3, 5]
    assert f("id", {"greaterThan": 10}) == [11, 12]
    assert f("id", {"greaterThanOrEqual": 11}) == [11, 12]
    assert f("id", {"lessThanOrEqual": 2}) == [1, 2]
    assert f("id", {"in": [3, 1, 99]}) == [1, 3]
    assert f("id", {"in": []}) == []
    assert f("doneStatus", {"notEquals": True}) == [1, 3, 5, 7, 8, 10, 12]
    assert f("title", {"contains": "paper"}) == [1, 2, 8]
    assert f("title", {"startsWith": "file"}) == [2, 8]
    assert f("title", {"endsWith": "ork"}) == [1, 2, 8]
    assert f("title", {"matches": "p.*s"}) == [3, 5]
    assert f("title", {"in": ["apple", "last"]}) == [7, 12]
    assert f("description", {"contains": "Pay"}) == [5]


def test_structured_sort_limit_offset() -> None:
    body = {
        "sort": [{"field": "doneStatus", "direction": "desc"}, {"field": "ID", "direction": "asc"}]
    }
    assert run(STRUCTURED, body) == [2, 4, 6, 9, 11, 1, 3, 5, 7, 8]
    assert run(
        STRUCTURED, {"sort": [{"field": "id", "direction": "desc"}], "limit": 2, "offset": 1}
    ) == [11, 10]


def test_structured_defaults_and_cap() -> None:
    assert run(STRUCTURED, {}) == list(range(1, 11))
    assert run(STRUCTURED, {"limit": 500}) == list(range(1, 13))
    assert run(STRUCTURED, {"limit": 0}) == []


def test_structured_body_limit_wins_over_url() -> None:
    assert run(STRUCTURED, {"limit": 2}, url="_limit=5") == [1, 2]
    assert run(STRUCTURED, {"offset": 11}, url="_offset=1") == [12]
    assert run(STRUCTURED, {}, url="_limit=3") == [1, 2, 3]


def test_structured_is_anded_with_the_url_query() -> None:
    assert run(STRUCTURED, {"filter": {"doneStatus": False}}, url="id%3E8") == [10, 12]


def test_structured_backtracking_classic_is_answered_like_any_regex() -> None:
    # (a|aa)+ explodes in a backtracking engine on `aaaa…!`; RE2 answers in linear time.
    rows = [dict(row, title="a" * 40 + "!") if row["id"] < 4 else row for row in ROWS]
    assert run(STRUCTURED, {"filter": {"title": {"matches": "(a|aa)+!"}}}, rows=rows) == [1, 2, 3]
    assert run(STRUCTURED, {"filter": {"title": {"matches": "(a|aa)+"}}}, rows=rows) == []


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("$.todos[?match(@.title, '(a|aa)+')]", []),
        ("$.todos[?search(@.title, '(a|aa)+b')]", []),
        ("$.todos[?search(@.title, '(a|aa)+!')]", [1, 2, 3]),
    ],
)
def test_jsonpath_backtracking_classic_is_answered_like_any_regex(
    expression: str, expected: list[int]
) -> None:
    rows = [dict(row, title="a" * 40 + "!") if row["id"] < 4 else row for row in ROWS]
    assert run(JSONPATH, expression, rows=rows) == expected


@pytest.mark.parametrize("body", ["{'filter': {}}", "{", '{"limit": NaN}', "[1,]", b"\xff"])
def test_structured_malformed_json(body: str | bytes) -> None:
    err = fails(STRUCTURED, body)
    assert (err.status, err.messages) == (400, ["Malformed JSON query body"])


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ("", 422, "Structured JSON query body must be an object"),
        ("[]", 422, "Structured JSON query body must be an object"),
        ("5", 422, "Structured JSON query body must be an object"),
        ({"where": {}}, 422, "Unknown structured query field where"),
        ({"filter": []}, 422, "filter must be an object"),
        ({"filter": {"colour": "red"}}, 422, "Unknown query filter field colour"),
        ({"filter": {"id": {}}}, 422, "Filter operators for field id are required"),
        ({"filter": {"id": {"near": 3}}}, 422, "Unsupported query operator near for field id"),
        ({"filter": {"id": "3"}}, 422, "Invalid exact match value for field id"),
        ({"filter": {"id": 3.5}}, 422, "Invalid exact match value for field id"),
        ({"filter": {"id": True}}, 422, "Invalid exact match value for field id"),
        ({"filter": {"doneStatus": "true"}}, 422, "Invalid exact match value for field doneStatus"),
        ({"filter": {"title": None}}, 422, "Invalid exact match value for field title"),
        ({"filter": {"title": ["a"]}}, 422, "Invalid exact match value for field title"),
        ({"filter": {"id": {"equals": "x"}}}, 422, "Invalid exact match value for field id"),
        ({"filter": {"id": {"notEquals": None}}}, 422, "Invalid notEquals value for field id"),
        (
            {"filter": {"id": {"contains": "1"}}},
            422,
            "contains is only supported for text field id",
        ),
        (
            {"filter": {"title": {"contains": 1}}},
            422,
            "contains is only supported for text field title",
        ),
        (
            {"filter": {"doneStatus": {"startsWith": "t"}}},
            422,
            "startsWith is only supported for text field doneStatus",
        ),
        (
            {"filter": {"title": {"endsWith": None}}},
            422,
            "endsWith is only supported for text field title",
        ),
        ({"filter": {"id": {"matches": "1"}}}, 422, "matches is only supported for text field id"),
        (
            {"filter": {"title": {"greaterThan": 1}}},
            422,
            "greaterThan is only supported for numeric field title",
        ),
        (
            {"filter": {"id": {"lessThan": "3"}}},
            422,
            "lessThan is only supported for numeric field id",
        ),
        (
            {"filter": {"id": {"lessThan": 2.5}}},
            422,
            "lessThan is only supported for numeric field id",
        ),
        (
            {"filter": {"doneStatus": {"greaterThanOrEqual": True}}},
            422,
            "greaterThanOrEqual is only supported for numeric field doneStatus",
        ),
        (
            {"filter": {"id": {"lessThanOrEqual": None}}},
            422,
            "lessThanOrEqual is only supported for numeric field id",
        ),
        ({"filter": {"id": {"in": 3}}}, 422, "in requires an array of values for field id"),
        ({"filter": {"id": {"in": [1, "2"]}}}, 422, "Invalid in value for field id"),
        ({"sort": {}}, 422, "sort must be an array"),
        ({"sort": ["id"]}, 422, "sort entries must be objects"),
        ({"sort": [{"field": "id", "direction": "asc", "x": 1}]}, 422, "Unknown sort field x"),
        ({"sort": [{"field": "colour", "direction": "asc"}]}, 422, "Unknown sort field colour"),
        ({"sort": [{"direction": "asc"}]}, 422, "sort field must be a string"),
        ({"sort": [{"field": 1, "direction": "asc"}]}, 422, "sort field must be a string"),
        ({"sort": [{"field": "id"}]}, 422, "sort direction must be asc or desc"),
        (
            {"sort": [{"field": "id", "direction": "DESC"}]},
            422,
            "sort direction must be asc or desc",
        ),
        ({"limit": -1}, 422, "limit must be a non-negative integer"),
        ({"limit": "5"}, 422, "limit must be a non-negative integer"),
        ({"limit": 2.0}, 422, "limit must be a non-negative integer"),
        ({"limit": True}, 422, "limit must be a non-negative integer"),
        ({"offset": None}, 422, "offset must be a non-negative integer"),
        ({"offset": -3}, 422, "offset must be a non-negative integer"),
    ],
)
def test_structured_errors(body: str | dict[str, Any], status: int, message: str) -> None:
    err = fails(STRUCTURED, body)
    assert (err.status, err.messages) == (status, [message])


def test_structured_invalid_regex_is_422() -> None:
    err = fails(STRUCTURED, {"filter": {"title": {"matches": "(x"}}})
    assert err.status == 422
    assert err.messages[0].startswith("Invalid regular expression: ")


def test_no_paging_returns_everything() -> None:
    assert run(STRUCTURED, {"limit": 1}, paging=None) == list(range(1, 13))
    assert run(JSONPATH, "$") == list(range(1, 11))
    assert run(JSONPATH, "$", paging=None) == list(range(1, 13))


def test_query_bodies_never_change_rows() -> None:
    snapshot = [dict(row) for row in ROWS]
    run(JSONPATH, "$.todos[*]")
    run(STRUCTURED, {"sort": [{"field": "id", "direction": "desc"}]})
    assert snapshot == ROWS
