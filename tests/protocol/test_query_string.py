"""Parsing of URL query strings and form bodies."""

from __future__ import annotations

import pytest

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.query import (
    CONTAINS,
    EQUALS,
    GREATER_THAN,
    GREATER_THAN_OR_EQUAL,
    LESS_THAN,
    LESS_THAN_OR_EQUAL,
    MATCHES,
    NOT_EQUALS,
    WILDCARD,
    Filter,
    ParsedQuery,
    SortKey,
    parse_query_string,
    split_part,
    url_decode,
)


@pytest.mark.parametrize(
    ("part", "expected"),
    [
        ("id=5", Filter("id", EQUALS, "5")),
        ("title==x", Filter("title", EQUALS, "x")),
        ("title!=x", Filter("title", NOT_EQUALS, "x")),
        ("title!scan paperwork", Filter("title", NOT_EQUALS, "scan paperwork")),
        ("id>5", Filter("id", GREATER_THAN, "5")),
        ("id<5", Filter("id", LESS_THAN, "5")),
        ("id>=5", Filter("id", GREATER_THAN_OR_EQUAL, "5")),
        ("id<=5", Filter("id", LESS_THAN_OR_EQUAL, "5")),
        ("description~=.*pay.*", Filter("description", MATCHES, ".*pay.*")),
        ("title*=file*", Filter("title", WILDCARD, "file*")),
        ("title%=pay", Filter("title", CONTAINS, "pay")),
        # '=' followed by a token: that token is the operator.
        ("id=>5", Filter("id", GREATER_THAN, "5")),
        ("id=<=3", Filter("id", LESS_THAN_OR_EQUAL, "3")),
        ("title=!x", Filter("title", NOT_EQUALS, "x")),
        ("title=!=x", Filter("title", NOT_EQUALS, "x")),
        ("title=~=a.*", Filter("title", MATCHES, "a.*")),
        # Earliest token wins; later tokens stay in the value.
        ("title=a<b", Filter("title", EQUALS, "a<b")),
        ("title<a=b", Filter("title", LESS_THAN, "a=b")),
        ("description~=x=y", Filter("description", MATCHES, "x=y")),
        # Longest token at the earliest position.
        ("id!=3", Filter("id", NOT_EQUALS, "3")),
        ("id>=3", Filter("id", GREATER_THAN_OR_EQUAL, "3")),
        # No operator at all: the whole part is the name, equal to "".
        ("doneStatus", Filter("doneStatus", EQUALS, "")),
        ("title=", Filter("title", EQUALS, "")),
    ],
)
def test_split_part(part: str, expected: Filter) -> None:
    assert split_part(part) == expected


@pytest.mark.parametrize(
    ("raw", "decoded"),
    [
        ("a+b", "a b"),
        ("a%20b", "a b"),
        ("%2B", "+"),
        ("caf%C3%A9", "café"),
        ("%e2%82%ac", "€"),
        ("plain", "plain"),
        ("", ""),
    ],
)
def test_url_decode(raw: str, decoded: str) -> None:
    assert url_decode(raw) == decoded


def test_whole_string_is_decoded_before_splitting() -> None:
    # An encoded '&' splits the parameter, an encoded operator is an operator.
    query = parse_query_string("title=a%26id%3E5")
    assert query.filters == [Filter("title", EQUALS, "a"), Filter("id", GREATER_THAN, "5")]


def test_plus_is_space_and_percent_contains_needs_encoding() -> None:
    query = parse_query_string("title=scan+paperwork&description%25=pay")
    assert query.filters == [
        Filter("title", EQUALS, "scan paperwork"),
        Filter("description", CONTAINS, "pay"),
    ]


def test_empty_parts_are_skipped() -> None:
    assert parse_query_string("&&id=1&").filters == [Filter("id", EQUALS, "1")]


def test_reserved_names_are_separated_but_kept_for_display() -> None:
    query = parse_query_string("doneStatus=true&_sortBy=-id&_limit=5&_offset=2")
    assert query.filters == [Filter("doneStatus", EQUALS, "true")]
    assert query.params == [
        Filter("doneStatus", EQUALS, "true"),
        Filter("_sortBy", EQUALS, "-id"),
        Filter("_limit", EQUALS, "5"),
        Filter("_offset", EQUALS, "2"),
    ]
    assert query.sort == [SortKey("id", True)]
    assert (query.limit, query.offset) == ("5", "2")


def test_sort_items() -> None:
    # '+' decodes to a space, which is trimmed; empty items are ignored.
    query = parse_query_string("_sortBy=doneStatus,-id,+title,,%2Bdescription&_sortBy=-title")
    assert query.sort == [
        SortKey("doneStatus", False),
        SortKey("id", True),
        SortKey("title", False),
        SortKey("description", False),
        SortKey("title", True),
    ]


def test_limit_operator_is_remembered() -> None:
    query = parse_query_string("_limit>5&_offset=1")
    assert (query.limit, query.limit_op) == ("5", GREATER_THAN)
    assert (query.offset, query.offset_op) == ("1", EQUALS)


def test_last_limit_wins() -> None:
    assert parse_query_string("_limit=3&_limit=4").limit == "4"


def test_same_field_several_times() -> None:
    query = parse_query_string("id>2&id<6")
    assert query.filters == [Filter("id", GREATER_THAN, "2"), Filter("id", LESS_THAN, "6")]


@pytest.mark.parametrize("raw", ["title%=x", "id=5&title=%", "id=%zz", "id=%C3", "=5", "<3"])
def test_lenient_parse_drops_everything(raw: str) -> None:
    assert parse_query_string(raw + "&_limit=2&_sortBy=-id&id>1") == ParsedQuery()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("title%=x", "URLDecoder: Illegal hex characters in escape (%) pattern - =x"),
        ("title=%", "URLDecoder: Incomplete trailing escape (%) pattern"),
        ("title=%4", "URLDecoder: Incomplete trailing escape (%) pattern"),
        ("title=%+1", "URLDecoder: Illegal hex characters in escape (%) pattern - +1"),
        ("title=%FF", "URLDecoder: percent-encoded bytes are not valid UTF-8"),
        ("=5", "Malformed query content: field name is missing"),
        ("id=1&<3", "Malformed query content: field name is missing"),
    ],
)
def test_strict_parse_errors(raw: str, message: str) -> None:
    with pytest.raises(ApiError) as raised:
        parse_query_string(raw, strict=True)
    assert raised.value.status == 400
    assert raised.value.messages == [message]


def test_strict_parse_accepts_good_input() -> None:
    query = parse_query_string("doneStatus=true&_sortBy=-id", strict=True)
    assert query.filters == [Filter("doneStatus", EQUALS, "true")]
    assert query.sort == [SortKey("id", True)]


def test_empty_string() -> None:
    assert parse_query_string("") == ParsedQuery()
    assert parse_query_string("", strict=True) == ParsedQuery()
