"""Hostile queries against the production server.

Catastrophic regular expressions in `~=` filters (URL and form QUERY bodies), in
structured `matches` and in JSONPath `match()`/`search()` (answered like any pattern: RE2
matches in linear time); patterns whose compilation alone is the attack (more in
test_regex_bombs.py); huge and negative `_limit`/`_offset`; numbers too big for any parser. Each
is a clear 4xx in the negotiated format (or, where the public service defines an answer,
that answer) and the server stays available. The session is filled with the long `aaaa…!` values that
make backtracking explode.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from practiceapi.server.harness import Server
from tests.reliability.server import Reply, request
from tests.reliability.victim import Victim, is_error_document

pytestmark = pytest.mark.server

XML = "application/xml"
FORM = "application/x-www-form-urlencoded"
JSONPATH = "application/jsonpath"
STRUCTURED = "application/vnd.service.query+json"
NONE: dict[str, list] = {"todos": []}
# Each of these backtracks exponentially on the victim's `aaaa…!` titles/descriptions in a
# backtracking engine; none matches them.
CATASTROPHIC = ["(a|aa)+", "(a|a)+b", "(a|aa)+$"]
# Compiled naively, these expand to a million-node program before any matching.
COMPILE_BOMBS = ["(a{1000}){1000}", "((a{100}){100}){100}"]


@pytest.fixture(scope="module")
def victim(production_server: Server) -> Victim:
    """A session holding the values that make backtracking regexes explode."""
    victim = Victim.create(production_server)
    for _ in range(10):
        todo = {"title": "a" * 49 + "!", "description": "a" * 199 + "!"}
        assert victim.send("POST", "/api/todos", todo).status == 201
    return victim


def _get(victim: Victim, query: str, **headers: str) -> Reply:
    return victim.send("GET", f"/api/todos?{query}", **headers)


def _query(victim: Victim, content_type: str, body: str | bytes, **headers: str) -> Reply:
    return victim.send("QUERY", "/api/todos", body, Content_Type=content_type, **headers)


def _structured(pattern: str, field: str = "description") -> str:
    return json.dumps({"filter": {field: {"matches": pattern}}})


# ---------------------------------------------------------------- catastrophic regexes


@pytest.mark.parametrize("pattern", CATASTROPHIC)
@pytest.mark.parametrize("field", ["title", "description"])
def test_a_catastrophic_url_regex_filter_is_answered(
    server: Server, victim: Victim, pattern: str, field: str
) -> None:
    reply = _get(victim, f"{field}~={quote(pattern)}")
    assert reply.status == 200, reply
    assert reply.json() == NONE


def test_a_catastrophic_url_regex_filter_is_answered_in_xml_when_xml_is_accepted(
    server: Server, victim: Victim
) -> None:
    reply = _get(victim, f"title~={quote('(a|aa)+')}", Accept=XML)
    assert reply.status == 200
    assert reply.header("Content-Type") == XML


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_a_catastrophic_regex_in_a_form_query_body_is_answered(
    server: Server, victim: Victim, pattern: str
) -> None:
    reply = _query(victim, FORM, f"description~={quote(pattern)}")
    assert reply.status == 200, reply
    assert reply.json() == NONE


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_a_catastrophic_structured_matches_is_answered(
    server: Server, victim: Victim, pattern: str
) -> None:
    reply = _query(victim, STRUCTURED, _structured(pattern))
    assert reply.status == 200, reply
    assert reply.json() == NONE


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_a_catastrophic_jsonpath_match_is_answered(
    server: Server, victim: Victim, pattern: str
) -> None:
    reply = _query(victim, JSONPATH, f"$.todos[?match(@.description, '{pattern}')]")
    assert reply.status == 200, reply
    assert reply.json() == NONE


def test_a_catastrophic_jsonpath_search_is_answered(server: Server, victim: Victim) -> None:
    reply = _query(victim, JSONPATH, "$.todos[?search(@.description, '(a|a)+b')]")
    assert reply.status == 200, reply
    assert reply.json() == NONE


def test_catastrophic_regexes_in_the_url_and_the_body_of_one_query_are_answered(
    server: Server, victim: Victim
) -> None:
    path = f"/api/todos?title~={quote('(a|aa)+!')}"
    reply = victim.send("QUERY", path, _structured("(a|a)+b"), Content_Type=STRUCTURED)
    assert reply.status == 200
    assert reply.json() == NONE


def test_catastrophic_regexes_change_nothing(server: Server, victim: Victim) -> None:
    before = victim.state()
    _get(victim, f"title~={quote('(a|aa)+')}")
    _query(victim, STRUCTURED, _structured("(a|aa)+"))
    _query(victim, JSONPATH, "$.todos[?match(@.description, '(a|aa)+')]")
    assert victim.state() == before


def test_the_server_answers_normally_right_after_catastrophic_regexes(
    server: Server, victim: Victim
) -> None:
    for pattern in CATASTROPHIC:
        _get(victim, f"description~={quote(pattern)}")
    reply = _get(victim, f"description~={quote('a+!')}")
    assert reply.status == 200
    assert len(reply.json()["todos"]) == 10


@pytest.mark.parametrize("pattern", COMPILE_BOMBS)
def test_a_regex_that_is_costly_to_compile_is_refused_in_a_url_filter(
    server: Server, victim: Victim, pattern: str
) -> None:
    reply = _get(victim, f"title~={quote(pattern)}")
    assert reply.status == 400
    assert is_error_document(reply)


def test_a_regex_that_is_costly_to_compile_is_refused_in_structured_matches(
    server: Server, victim: Victim
) -> None:
    reply = _query(victim, STRUCTURED, _structured(COMPILE_BOMBS[0]))
    assert 400 <= reply.status < 500
    assert is_error_document(reply)


def test_an_invalid_regex_is_400_with_the_regex_error(server: Server, victim: Victim) -> None:
    reply = _get(victim, f"title~={quote('(unclosed')}")
    assert reply.status == 400
    assert reply.json()["errorMessages"][0].startswith("Invalid regular expression")


def test_a_regex_over_1000_characters_is_400(server: Server, victim: Victim) -> None:
    reply = _query(victim, FORM, "title~=" + "a" * 1001)
    assert reply.status == 400
    assert is_error_document(reply)


def test_a_simulator_regex_filter_is_answered(server: Server) -> None:
    reply = request(server, "GET", f"/sim/entities?name~={quote('(a|aa)+')}")
    assert reply.status in (200, 400)
    assert reply.header("Content-Type") == "application/json"


# ------------------------------------------------------------------- paging values


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("_limit=99999999999999999999999999", "_limit must be no more than 20"),
        ("_limit=2147483648", "_limit must be no more than 20"),
        ("_limit=-1", "_limit must be a non-negative integer"),
        ("_limit=-99999999999999999999", "_limit must be a non-negative integer"),
        ("_offset=-5", "_offset must be a non-negative integer"),
        ("_offset=-99999999999999999999", "_offset must be a non-negative integer"),
        ("_limit=1e3", "_limit must be a non-negative integer"),
        ("_offset=NaN", "_offset must be a non-negative integer"),
    ],
)
def test_a_bad_paging_value_is_400(
    server: Server, victim: Victim, query: str, message: str
) -> None:
    reply = _get(victim, query)
    assert reply.status == 400
    assert reply.json() == {"errorMessages": [message]}


def test_a_bad_paging_value_is_an_xml_400_when_xml_is_accepted(
    server: Server, victim: Victim
) -> None:
    reply = _get(victim, "_offset=-1", Accept=XML)
    assert reply.status == 400
    assert is_error_document(reply, XML)


@pytest.mark.parametrize("offset", ["99999999999999999999999999", "9" * 4000])
def test_an_offset_past_any_list_is_an_empty_page(
    server: Server, victim: Victim, offset: str
) -> None:
    """An offset past the end is an empty collection, however large."""
    reply = _get(victim, f"_offset={offset}")
    assert reply.status == 200
    assert reply.json() == {"todos": []}


@pytest.mark.parametrize("method", ["HEAD", "QUERY"])
def test_a_huge_limit_is_capped_where_the_spec_caps_it(
    server: Server, victim: Victim, method: str
) -> None:
    reply = victim.send(method, "/api/todos?_limit=" + "9" * 4000, Content_Type=FORM)
    assert reply.status == 200


@pytest.mark.parametrize(
    "body", ['{"limit":-1}', '{"offset":-1}', '{"limit":1e999}', '{"limit":"20"}']
)
def test_a_bad_structured_paging_value_is_a_4xx(server: Server, victim: Victim, body: str) -> None:
    reply = _query(victim, STRUCTURED, body)
    assert 400 <= reply.status < 500
    assert is_error_document(reply)


def test_a_huge_structured_limit_is_capped(server: Server, victim: Victim) -> None:
    reply = _query(victim, STRUCTURED, '{"limit":' + "9" * 400 + "}")
    assert reply.status == 200
    assert len(reply.json()["todos"]) == 20


@pytest.mark.parametrize("query", ["_limit=-1", "_offset=-1"])
def test_a_negative_simulator_paging_value_is_400(server: Server, query: str) -> None:
    reply = request(server, "GET", f"/sim/entities?{query}")
    assert reply.status == 400
    assert is_error_document(reply)


# ------------------------------------------------------------------- huge numbers


def test_an_integer_filter_beyond_pythons_digit_limit_is_400(
    server: Server, victim: Victim
) -> None:
    reply = _query(victim, FORM, "id=" + "9" * 4400)
    assert reply.status == 400
    assert is_error_document(reply)


def test_a_structured_integer_beyond_pythons_digit_limit_is_400(
    server: Server, victim: Victim
) -> None:
    reply = _query(victim, STRUCTURED, '{"filter":{"id":' + "9" * 4400 + "}}")
    assert reply.status == 400
    assert is_error_document(reply)


@pytest.mark.parametrize("literal", ["9" * 4000, "1e999999"], ids=["4000-digits", "1e999999"])
def test_a_jsonpath_number_too_big_for_a_float_is_400(
    server: Server, victim: Victim, literal: str
) -> None:
    reply = _query(victim, JSONPATH, f"$.todos[?@.id=={literal}]")
    assert reply.status == 400
    assert is_error_document(reply)


def test_a_jsonpath_index_beyond_the_integer_range_is_400(server: Server, victim: Victim) -> None:
    reply = _query(victim, JSONPATH, "$.todos[" + "9" * 30 + "]")
    assert reply.status == 400
    assert is_error_document(reply)


@pytest.mark.parametrize(
    "expression",
    ["$.todos[?" + "(" * 2000 + "@.id==1" + ")" * 2000 + "]", "$" + "[0]" * 1600],
    ids=["parentheses", "segments"],
)
def test_a_deeply_nested_jsonpath_is_400(server: Server, victim: Victim, expression: str) -> None:
    reply = _query(victim, JSONPATH, expression)
    assert reply.status == 400
    assert is_error_document(reply)


@pytest.mark.parametrize("method", ["GET", "PUT", "POST", "PATCH", "DELETE"])
@pytest.mark.parametrize("todo_id", ["9" * 40, "-1", "18446744073709551616"])
def test_a_todo_id_beyond_any_integer_column_is_404(
    server: Server, victim: Victim, method: str, todo_id: str
) -> None:
    before = victim.state()
    reply = victim.send(method, f"/api/todos/{todo_id}", {"title": "x"})
    assert reply.status == 404, reply
    assert is_error_document(reply)
    assert victim.state() == before


@pytest.mark.parametrize("todo_id", ["9" * 40, "-1", "1e400", "1.5"])
def test_a_body_id_beyond_any_integer_column_is_a_4xx(
    server: Server, victim: Victim, todo_id: str
) -> None:
    before = victim.state()
    body = '{"id":' + todo_id + ',"title":"x"}'
    reply = victim.send("PUT", "/api/todos", body, Content_Type="application/json")
    assert 400 <= reply.status < 500
    assert victim.state() == before
