"""Accept-header negotiation: selection, the structured XML types and the 406 rules, as
challenges #49-#62 exercise them."""

from __future__ import annotations

import random
import string
import time

import pytest

from practiceapi.protocol.errors import NotAcceptable
from practiceapi.protocol.negotiation import (
    CSV,
    HTML,
    JSON,
    JSON_SEQ,
    JSONL,
    MAX_RANGES,
    NDJSON,
    PRODUCIBLE,
    TEXT,
    TEXT_XML,
    TSV,
    XML,
    accept_asks_for,
    accept_matches,
    accept_recognises_any,
    is_xml_type,
    select_media_type,
    top_ranked_range,
)
from todos.resource import TODO_XML

# The todo resource's structured XML family serves as the example of one.
DEFAULT_STRUCTURED_XML = TODO_XML.default

UNRECOGNISED = "Unrecognised Accept Type"
NO_ACCEPTABLE = "No acceptable response type supported"
VENDOR_XML = "application/vnd.apichallenges.todo+xml"


def outcome(accept: str | None, *, structured_xml: bool = False) -> str:
    """The chosen media type, or "406 <message>" so one table covers both outcomes."""
    try:
        return select_media_type(accept, structured_xml=TODO_XML if structured_xml else None)
    except NotAcceptable as error:
        assert error.status == 406
        return f"406 {error.messages[0]}"


# --- selection ---------------------------------------------------------------------------

SELECTION = [
    # no Accept, or an empty one, means JSON
    pytest.param(None, JSON, id="missing-header-is-json"),
    pytest.param("", JSON, id="empty-header-is-json"),
    pytest.param("   ", JSON, id="blank-header-is-json"),
    pytest.param(" , ,, ", JSON, id="header-of-only-commas-has-no-ranges-so-json"),
    # wildcards, position and q
    pytest.param("*/*", JSON, id="any-is-json"),
    pytest.param("application/*", JSON, id="application-wildcard-is-json-by-server-preference"),
    pytest.param("text/*", CSV, id="text-wildcard-is-csv-by-server-preference"),
    pytest.param("application/xml, application/json", XML, id="xml-first-wins-by-position"),
    pytest.param("application/json, application/xml", JSON, id="json-first-wins-by-position"),
    pytest.param(
        "application/json;q=0.5, application/xml;q=1", XML, id="challenge-56-higher-q-xml"
    ),
    pytest.param(
        "application/xml;q=0.5, application/json;q=1", JSON, id="challenge-57-higher-q-json"
    ),
    pytest.param(
        "application/json;q=0, */*", XML, id="exact-q0-drops-json-and-xml-is-next-preference"
    ),
    pytest.param("text/xml", TEXT_XML, id="challenge-60-text-xml-is-echoed"),
    pytest.param("application/json; charset=utf-8", JSON, id="params-other-than-q-ignored"),
    pytest.param("Application/JSON", JSON, id="media-type-is-case-insensitive"),
    pytest.param("TEXT/CSV;Q=0.5, text/html;q=0.4", CSV, id="q-parameter-is-case-insensitive"),
    # ranking: q, then specificity, then position, then server preference
    pytest.param("text/html;q=0.5, */*", JSON, id="rank-q-beats-specificity"),
    pytest.param("*/*, text/html", HTML, id="rank-specificity-beats-position"),
    pytest.param("text/*, text/html", HTML, id="rank-exact-beats-type-wildcard-at-equal-q"),
    pytest.param("text/plain, text/csv", TEXT, id="rank-position-beats-server-preference"),
    pytest.param(
        "text/*;q=0.5, application/*;q=0.5", CSV, id="rank-position-beats-preference-of-wildcards"
    ),
    pytest.param(
        "application/*;q=0.5, text/csv;q=0.4", JSON, id="rank-server-preference-breaks-full-tie"
    ),
    # which range decides for one type
    pytest.param(
        "text/csv;q=0, text/*", TEXT, id="best-range-exact-beats-type-wildcard-even-when-q0"
    ),
    pytest.param("application/*;q=0, */*", CSV, id="best-range-type-wildcard-beats-any"),
    pytest.param(
        "application/json;q=0, application/json", JSON, id="best-range-tie-goes-to-higher-q"
    ),
    pytest.param(
        "application/json;q=0.2, text/csv;q=0.5, application/json;q=0.9",
        JSON,
        id="best-range-tie-uses-the-higher-q-for-ranking",
    ),
    # parsing
    pytest.param(
        'application/xml;q="0.4", application/json;q="0.9"', JSON, id="q-value-may-be-quoted"
    ),
    pytest.param("application/xml ; q = 0.5 , application/json", JSON, id="spaces-around-q"),
    pytest.param("application/json;q=.5, application/xml;q=0.4", JSON, id="q-leading-dot"),
    pytest.param("application/json;q=1.000, application/xml;q=0.999", JSON, id="q-decimals"),
    pytest.param("application/json;q=abc, application/xml", XML, id="q-not-a-number-unusable"),
    pytest.param("application/json;q=1.5, application/xml", XML, id="q-above-one-unusable"),
    pytest.param("application/json;q=-0.5, application/xml", XML, id="q-negative-unusable"),
    pytest.param("application/json;q=, application/xml", XML, id="q-empty-unusable"),
    pytest.param("application/json;q=nan, application/xml", XML, id="q-nan-unusable"),
    pytest.param("application/json;q=1_0, application/xml", XML, id="q-underscore-unusable"),
    pytest.param("application/json;q=\u0660.\u0665, text/csv", CSV, id="q-non-ascii-digits"),
    pytest.param("application/json;q=0.5;q=abc, text/csv;q=0.1", CSV, id="any-bad-q-spoils"),
    pytest.param("application/json;q=0.1;q=0.9, text/csv;q=0.5", JSON, id="last-good-q-wins"),
    pytest.param("application/xml;q, application/json", XML, id="q-without-equals-is-ignored"),
    pytest.param('application/json;ext="a;q=0"', JSON, id="semicolon-inside-quotes-is-not-a-param"),
    pytest.param(
        'text/calendar;ext="x,text/csv"', f"406 {UNRECOGNISED}", id="comma-inside-quotes-no-split"
    ),
    pytest.param(
        'text/calendar;ext="a\\",text/csv"',
        f"406 {UNRECOGNISED}",
        id="escaped-quote-keeps-the-quoted-string-open",
    ),
    pytest.param(
        'text/calendar;ext="open, application/json',
        f"406 {UNRECOGNISED}",
        id="unterminated-quote-runs-to-the-end",
    ),
    pytest.param(
        "application/json;q=0.5;ext=1, text/plain;q=0.6", TEXT, id="q-found-among-other-params"
    ),
    pytest.param(",,application/xml,,application/json", XML, id="empty-parts-are-skipped"),
]


@pytest.mark.parametrize(("accept", "expected"), SELECTION)
def test_selection(accept: str | None, expected: str) -> None:
    assert outcome(accept) == expected


@pytest.mark.parametrize("media_type", PRODUCIBLE)
def test_every_producible_type_asked_exactly_is_chosen(media_type: str) -> None:
    assert select_media_type(media_type) == media_type


def test_producible_is_in_server_preference_order() -> None:
    assert PRODUCIBLE == (JSON, XML, CSV, TEXT, HTML, NDJSON, JSONL, JSON_SEQ, TSV, TEXT_XML)


# --- 406 rules ---------------------------------------------------------------------------

NOT_ACCEPTABLE = [
    # nothing matches any producible type, q ignored
    pytest.param("application/gzip", UNRECOGNISED, id="unrecognised-gzip-challenge-54"),
    pytest.param("text/calendar", UNRECOGNISED, id="unrecognised-text-calendar-on-collection"),
    pytest.param("application/problem+json", UNRECOGNISED, id="unrecognised-problem-json-#59"),
    pytest.param("application/*+json", UNRECOGNISED, id="unrecognised-json-suffix-wildcard-#59"),
    pytest.param("image/*", UNRECOGNISED, id="unrecognised-other-type-wildcard"),
    pytest.param("application/gzip;q=0", UNRECOGNISED, id="unrecognised-ignores-q"),
    pytest.param("bob", UNRECOGNISED, id="unrecognised-range-without-slash"),
    pytest.param("*", UNRECOGNISED, id="unrecognised-bare-star"),
    pytest.param("*/json", UNRECOGNISED, id="unrecognised-star-type-with-concrete-subtype"),
    pytest.param("application/json-patch+json", UNRECOGNISED, id="unrecognised-near-miss"),
    # something matches, but every match is unusable
    pytest.param(
        "application/json;q=0, application/xml;q=0", NO_ACCEPTABLE, id="q0-rejects-all-#58"
    ),
    pytest.param("*/*;q=0", NO_ACCEPTABLE, id="no-acceptable-any-with-q0"),
    pytest.param("application/json;q=abc", NO_ACCEPTABLE, id="no-acceptable-invalid-q-only"),
    pytest.param("application/json;q=0.000", NO_ACCEPTABLE, id="no-acceptable-q-zero-decimals"),
    pytest.param(
        "application/gzip, text/*;q=0", NO_ACCEPTABLE, id="no-acceptable-when-any-range-matches"
    ),
]


@pytest.mark.parametrize(("accept", "message"), NOT_ACCEPTABLE)
def test_not_acceptable(accept: str, message: str) -> None:
    assert outcome(accept) == f"406 {message}"


def test_not_acceptable_is_a_406_api_error_forcing_json() -> None:
    with pytest.raises(NotAcceptable) as raised:
        select_media_type("application/gzip")
    assert (raised.value.status, raised.value.messages) == (406, [UNRECOGNISED])
    assert raised.value.force_json


# --- structured XML (todo routes) --------------------------------------------------------

STRUCTURED = [
    pytest.param(VENDOR_XML, VENDOR_XML, id="challenge-61-vendor-type-echoed"),
    pytest.param("application/todo+xml", "application/todo+xml", id="plain-model-name"),
    pytest.param("application/x-todos+xml", "application/x-todos+xml", id="plural-after-dash"),
    pytest.param(
        "Application/VND.ApiChallenges.Todo+XML; charset=UTF-8",
        VENDOR_XML,
        id="echo-is-lower-case-without-params",
    ),
    pytest.param("application/*+xml", DEFAULT_STRUCTURED_XML, id="challenge-62-suffix-wildcard"),
    pytest.param(f"{VENDOR_XML};q=0", f"406 {NO_ACCEPTABLE}", id="named-type-with-q0"),
    pytest.param("application/*+xml;q=0", f"406 {NO_ACCEPTABLE}", id="suffix-wildcard-with-q0"),
    pytest.param(
        "application/*+xml, application/todo+xml;q=0",
        f"406 {NO_ACCEPTABLE}",
        id="exact-q0-on-default-type-beats-the-wildcard",
    ),
    pytest.param(
        f"application/*+xml;q=0, {VENDOR_XML}", VENDOR_XML, id="exact-beats-suffix-wildcard"
    ),
    pytest.param("application/*+xml, */*", DEFAULT_STRUCTURED_XML, id="suffix-beats-any"),
    pytest.param(
        "application/json;q=0.5, application/*+xml", DEFAULT_STRUCTURED_XML, id="q-beats-json"
    ),
    pytest.param(f"{VENDOR_XML};q=0.5, application/json", JSON, id="json-with-higher-q-wins"),
    pytest.param(f"application/xml, {VENDOR_XML}", XML, id="position-plain-xml-first"),
    pytest.param(f"{VENDOR_XML}, application/xml", VENDOR_XML, id="position-vendor-first"),
    pytest.param(
        "application/vnd.a.todo+xml, application/vnd.b.todos+xml",
        "application/vnd.a.todo+xml",
        id="first-of-two-named-types",
    ),
    pytest.param("*/*", JSON, id="any-is-still-json"),
    pytest.param("application/*", JSON, id="application-wildcard-is-still-json"),
    pytest.param("application/todolist+xml", f"406 {UNRECOGNISED}", id="token-must-be-todo"),
    pytest.param("application/vnd.todo.v2+xml", f"406 {UNRECOGNISED}", id="token-is-the-last"),
    pytest.param("application/problem+xml", f"406 {UNRECOGNISED}", id="problem-xml-not-todo"),
    pytest.param("text/todo+xml", f"406 {UNRECOGNISED}", id="only-application-type"),
    pytest.param("application/*+json", f"406 {UNRECOGNISED}", id="json-suffix-still-406"),
]


@pytest.mark.parametrize(("accept", "expected"), STRUCTURED)
def test_structured_xml_on_todo_routes(accept: str, expected: str) -> None:
    assert outcome(accept, structured_xml=True) == expected


@pytest.mark.parametrize(
    "accept", [VENDOR_XML, "application/todo+xml", "application/*+xml"], ids=str
)
def test_structured_xml_off_route_is_unrecognised(accept: str) -> None:
    assert outcome(accept) == f"406 {UNRECOGNISED}"


# --- custom producible lists -------------------------------------------------------------


def test_server_preference_follows_the_producible_argument() -> None:
    assert select_media_type("*/*", (XML, JSON)) == XML


def test_no_accept_falls_back_to_first_producible_without_json() -> None:
    assert select_media_type(None, (XML, TEXT_XML)) == XML


def test_type_outside_the_producible_argument_is_unrecognised() -> None:
    with pytest.raises(NotAcceptable, match=UNRECOGNISED):
        select_media_type("text/csv", (JSON, XML))


def test_empty_producible_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        select_media_type("*/*", ())


# --- reading the header: what every function above shares -------------------------------


def test_a_range_is_read_lower_case_without_its_parameters() -> None:
    assert top_ranked_range("Text/HTML;level=1;q=0.5") == "text/html"


@pytest.mark.parametrize("q", ["0", "abc", "1.5", "-1"])
def test_a_q_of_zero_or_out_of_range_never_accepts(q: str) -> None:
    assert not accept_matches(f"application/json;q={q}", JSON)
    assert top_ranked_range(f"application/json;q={q}") is None


@pytest.mark.parametrize("header", [None, "", "  ", ",", " , , "], ids=repr)
def test_a_blank_header_names_no_range(header: str | None) -> None:
    assert top_ranked_range(header) is None
    assert not accept_matches(header, JSON)


def test_a_range_without_slash_is_kept_whole() -> None:
    assert top_ranked_range("bob") == "bob"


def test_empty_parts_are_skipped_and_the_first_range_wins_a_tie() -> None:
    assert top_ranked_range(",a/b,, c/d,") == "a/b"


def test_ranges_past_the_cap_are_not_read() -> None:
    header = ", ".join(["text/html"] * MAX_RANGES + ["application/json"])
    assert not accept_matches(header, JSON)
    assert accept_matches(header.replace("text/html", "application/json", 1), JSON)


# --- VendorXml.names_type / is_xml_type --------------------------------------------------


@pytest.mark.parametrize(
    ("media_type", "expected"),
    [
        (VENDOR_XML, True),
        ("application/todo+xml", True),
        ("application/todos+xml", True),
        ("application/x-todos+xml", True),
        ("APPLICATION/TODO+XML; charset=utf-8", True),
        ("application/*+xml", False),
        ("application/xml", False),
        ("text/xml", False),
        ("text/todo+xml", False),
        ("application/todo+json", False),
        ("application/todolist+xml", False),
        ("application/vnd.todo.v1+xml", False),
        ("application/problem+xml", False),
        ("application/soap+xml", False),
        ("application/atom+xml", False),
        ("application/+xml", False),
        ("application/vnd todo+xml", False),
        ('application/x"y.todo+xml', False),
        ("application/" + "x" * 200 + ".todo+xml", False),
    ],
    ids=repr,
)
def test_is_structured_todo_xml(media_type: str, expected: bool) -> None:
    assert TODO_XML.names_type(media_type) is expected


@pytest.mark.parametrize(
    ("media_type", "expected"),
    [
        (XML, True),
        (TEXT_XML, True),
        ("Text/XML; charset=utf-8", True),
        (VENDOR_XML, True),
        (DEFAULT_STRUCTURED_XML, True),
        (JSON, False),
        ("application/problem+xml", False),
        ("application/*+xml", False),
        (HTML, False),
    ],
    ids=repr,
)
def test_is_xml_type(media_type: str, expected: bool) -> None:
    assert is_xml_type(media_type, TODO_XML) is expected


# --- accept_asks_for ("asks for" type T) ------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "media_type", "expected"),
    [
        pytest.param("application/json", JSON, True, id="literal"),
        pytest.param("application/xml, Application/JSON; charset=x", JSON, True, id="normalised"),
        pytest.param("application/json", "Application/JSON;q=1", True, id="target-normalised"),
        pytest.param("*/*", "*/*", True, id="literal-any-challenge-51"),
        pytest.param("*/*", JSON, False, id="wildcard-is-not-asking"),
        pytest.param("application/*", JSON, False, id="type-wildcard-is-not-asking"),
        pytest.param("application/json;q=0", JSON, False, id="q0-is-not-asking"),
        pytest.param("application/json;q=abc", JSON, False, id="invalid-q-is-not-asking"),
        pytest.param("application/json;q=0, application/json;q=0.1", JSON, True, id="any-q>0"),
        pytest.param(None, JSON, False, id="missing-header"),
        pytest.param("", "*/*", False, id="empty-header"),
    ],
)
def test_accept_asks_for(accept: str | None, media_type: str, expected: bool) -> None:
    assert accept_asks_for(accept, media_type) is expected


# --- accept_matches ("matches" type T) --------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "media_type", "expected"),
    [
        pytest.param("application/xml", XML, True, id="exact"),
        pytest.param("text/*", TEXT_XML, True, id="type-wildcard"),
        pytest.param("*/*", XML, True, id="any"),
        pytest.param("application/*+xml", VENDOR_XML, True, id="suffix-wildcard"),
        pytest.param("application/*+xml", XML, False, id="suffix-wildcard-needs-a-suffix"),
        pytest.param("Application/XML; charset=utf-8", XML, True, id="normalised"),
        pytest.param("application/json", XML, False, id="other-type"),
        pytest.param("text/*", XML, False, id="other-type-wildcard"),
        pytest.param("application/xml;q=0", XML, False, id="q0"),
        pytest.param("*/*;q=abc", XML, False, id="invalid-q"),
        pytest.param("application/xml;q=0, */*", XML, False, id="most-specific-range-decides"),
        pytest.param("*/*;q=0, application/xml;q=0.1", XML, True, id="specific-q>0-overrides"),
        pytest.param(None, XML, False, id="missing-header-names-no-range"),
    ],
)
def test_accept_matches(accept: str | None, media_type: str, expected: bool) -> None:
    assert accept_matches(accept, media_type) is expected


# --- accept_recognises_any (challenge #54) ----------------------------------------------


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        pytest.param("application/gzip", False, id="gzip"),
        pytest.param("text/calendar", False, id="text-calendar"),
        pytest.param("application/problem+json", False, id="problem-json"),
        pytest.param("application/*+json", False, id="json-suffix-wildcard"),
        pytest.param(VENDOR_XML, False, id="structured-xml-not-by-default"),
        pytest.param("application/json;q=0", True, id="q-ignored"),
        pytest.param("*/*;q=abc", True, id="invalid-q-ignored"),
        pytest.param("application/gzip, text/*", True, id="any-one-range-suffices"),
        pytest.param(None, True, id="missing-header-is-the-default-not-unrecognised"),
        pytest.param("", True, id="empty-header-is-the-default-not-unrecognised"),
    ],
)
def test_accept_recognises_any(accept: str | None, expected: bool) -> None:
    assert accept_recognises_any(accept) is expected


def test_accept_recognises_any_uses_the_producible_argument() -> None:
    assert not accept_recognises_any("text/csv", (JSON, XML))


@pytest.mark.parametrize("accept", [VENDOR_XML, "application/*+xml;q=0"], ids=str)
def test_accept_recognises_any_structured_xml_on_todo_routes(accept: str) -> None:
    assert accept_recognises_any(accept, structured_xml=TODO_XML)


# --- top_ranked_range (text/calendar, #55) -----------------------------------------------


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        pytest.param("text/calendar", "text/calendar", id="single"),
        pytest.param("Text/Calendar; charset=utf-8", "text/calendar", id="normalised"),
        pytest.param("application/json;q=0.5, text/calendar", "text/calendar", id="highest-q"),
        pytest.param("application/json, text/calendar", JSON, id="first-wins-ties"),
        pytest.param("text/calendar;q=0.9, */*", "*/*", id="wildcards-count-too"),
        pytest.param("text/calendar;q=0, application/json;q=0.1", JSON, id="q0-ignored"),
        pytest.param("text/calendar;q=abc, text/html;q=0.1", HTML, id="invalid-q-ignored"),
        pytest.param("text/calendar;q=0", None, id="nothing-usable"),
        pytest.param(None, None, id="missing-header"),
        pytest.param("", None, id="empty-header"),
    ],
)
def test_top_ranked_range(accept: str | None, expected: str | None) -> None:
    assert top_ranked_range(accept) == expected


# --- hostile input -----------------------------------------------------------------------

HOSTILE = [
    pytest.param("," * 40_000, JSON, id="only-commas"),
    pytest.param(" ," * 20_000 + "application/xml", XML, id="blank-parts-then-a-range"),
    pytest.param("application/xml" + ";x=1" * 8_000, XML, id="thousands-of-params"),
    pytest.param("application/xml" + ";" * 40_000, XML, id="thousands-of-semicolons"),
    pytest.param('text/html;x="' + "a," * 20_000, HTML, id="unterminated-quote"),
    pytest.param('text/html;x="' + "\\" * 40_001, HTML, id="trailing-backslashes"),
    pytest.param('"' * 40_000, f"406 {UNRECOGNISED}", id="only-quotes"),
    pytest.param(
        ", ".join(["text/calendar"] * 5_000 + [JSON]),
        f"406 {UNRECOGNISED}",
        id="ranges-past-the-cap-are-ignored",
    ),
    pytest.param("application/json;q=0." + "5" * 40_000, JSON, id="long-q-value"),
    pytest.param("application/json;q=1e999999, text/csv", CSV, id="huge-q-exponent"),
    pytest.param("x" * 40_000 + "/json", f"406 {UNRECOGNISED}", id="huge-media-range"),
]


@pytest.mark.parametrize(("accept", "expected"), HOSTILE)
def test_hostile_header_is_handled_quickly(accept: str, expected: str) -> None:
    started = time.perf_counter()
    assert outcome(accept) == expected
    assert outcome(accept, structured_xml=True) == expected
    assert time.perf_counter() - started < 0.5


def test_random_garbage_only_ever_raises_not_acceptable() -> None:
    rng = random.Random(1234)
    alphabet = string.printable + '""",,,;;;===***///\\\\\u00e9\u0130\u0660'
    for _ in range(2_000):
        header = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        outcome(header)
        outcome(header, structured_xml=True)
        top_ranked_range(header)
        accept_recognises_any(header)
        accept_matches(header, XML)
        accept_asks_for(header, JSON)


def test_structured_echo_only_ever_contains_token_characters() -> None:
    chosen = select_media_type("application/<script>.todo+xml, */*", structured_xml=TODO_XML)
    assert chosen == JSON
