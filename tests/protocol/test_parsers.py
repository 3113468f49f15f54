"""Request body parsing (practiceapi/protocol/parsers.py): strict JSON that says where it
failed, and XML parsed safely (no DTDs, entities or external references)."""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "practiceapi.settings")

import io

import pytest
from django.utils.http import parse_header_parameters

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.parsers import (
    INVALID_JSON,
    BodyFormats,
    BodyParser,
    JsonObjectParser,
    JsonParser,
    JsonPatchParser,
    MergePatchParser,
    OrjsonParser,
    PartialJsonParser,
    XmlParser,
    body_length,
    is_blank,
    loads_strict,
    parse_json_object,
    parse_xml_object,
)
from todos.resource import TODO_FIELDS, TODO_XML


def failure(call, *args, **kwargs) -> str:  # noqa: ANN001
    with pytest.raises(ApiError) as caught:
        call(*args, **kwargs)
    assert caught.value.status == 400
    return caught.value.messages[0]


def todo_xml(body: bytes) -> dict:
    return parse_xml_object(body, roots=("todo", "todos"), fields=TODO_FIELDS)


# --- JSON ---------------------------------------------------------------------------------


def test_it_parses_an_object() -> None:
    assert parse_json_object(b'{"title": "x", "doneStatus": true}') == {
        "title": "x",
        "doneStatus": True,
    }


def test_a_blank_body_is_no_fields() -> None:
    assert parse_json_object(b"") == {}
    assert parse_json_object(b" \r\n") == {}
    assert is_blank(b"\t")


def test_a_syntax_error_names_line_and_column() -> None:
    assert failure(parse_json_object, b'{\n  "title": "x",\n}') == (
        f"{INVALID_JSON} (line 3 column 1: Expecting property name enclosed in double quotes)"
    )


@pytest.mark.parametrize(
    "body",
    [b"{'title': 'x'}", b'{"a": 1} {"b": 2}', b'{"a": NaN}', b'{"a": Infinity}', b'{"a": 01}'],
)
def test_json_is_strict(body: bytes) -> None:
    assert failure(parse_json_object, body).startswith(INVALID_JSON + " (")


@pytest.mark.parametrize("body", [b"[]", b"null", b"true", b"3", b'"x"'])
def test_a_document_must_be_an_object(body: bytes) -> None:
    assert failure(parse_json_object, body) == "JSON document must be an object"


def test_a_lone_surrogate_is_refused() -> None:
    assert "lone surrogate" in failure(parse_json_object, b'{"title": "\\ud800"}')


def test_invalid_utf8_is_refused() -> None:
    assert failure(parse_json_object, b'{"title": "\xff"}') == (
        f"{INVALID_JSON} (byte 12 is not valid UTF-8)"
    )


def test_a_byte_order_mark_is_tolerated() -> None:
    assert parse_json_object(b'\xef\xbb\xbf{"a": 1}') == {"a": 1}


def test_deep_nesting_is_refused_without_recursing() -> None:
    assert "nested" in failure(parse_json_object, b"[" * 4000 + b"]" * 4000)
    assert "nested" in failure(parse_json_object, b'{"a":' * 100 + b"1" + b"}" * 100)


def test_loads_strict_uses_the_callers_message() -> None:
    assert failure(loads_strict, b"{", "Malformed JSON document").startswith(
        "Malformed JSON document (line 1 column 2: "
    )


def test_loads_strict_returns_none_for_blank() -> None:
    assert loads_strict(b"  ") is None


def test_body_length_counts_characters() -> None:
    assert body_length("é".encode() * 3000) == 3000
    assert body_length(b"x" * 5001) == 5001


# --- XML ----------------------------------------------------------------------------------


def test_a_todo_root_is_unwrapped() -> None:
    assert todo_xml(b"<todo><title>x</title><description/></todo>") == {
        "title": "x",
        "description": "",
    }


def test_a_todos_root_is_unwrapped_too() -> None:
    assert todo_xml(b"<TODOS><title>x</title></TODOS>") == {"title": "x"}


def test_boolean_fields_are_coerced_in_any_case() -> None:
    assert todo_xml(b"<todo><doneStatus>TRUE</doneStatus></todo>") == {"doneStatus": True}
    assert todo_xml(b"<todo><donestatus>False</donestatus></todo>") == {"donestatus": False}


def test_other_text_stays_a_string() -> None:
    body = b"<todo><title>123</title><doneStatus>yes</doneStatus><x>true</x></todo>"
    assert todo_xml(body) == {"title": "123", "doneStatus": "yes", "x": "true"}


def test_integer_fields_are_coerced() -> None:
    assert todo_xml(b"<todo><id>7</id></todo>") == {"id": 7}


def test_another_root_is_kept_nested() -> None:
    assert todo_xml(b"<bob><title>x</title></bob>") == {"bob": {"title": "x"}}


def test_repeated_elements_become_a_list() -> None:
    assert todo_xml(b"<todo><title>a</title><title>b</title></todo>") == {"title": ["a", "b"]}


def test_a_namespace_is_ignored() -> None:
    assert todo_xml(b'<todo xmlns="urn:x"><title>x</title></todo>') == {"title": "x"}


def test_text_without_markup_is_no_fields() -> None:
    assert todo_xml(b"just text") == {}
    assert todo_xml(b"") == {}


def test_malformed_xml_is_400() -> None:
    assert failure(todo_xml, b"<todo><title>x</todo>").startswith("Invalid XML Payload: ")


def test_several_top_level_elements_are_the_fields() -> None:
    body = b"<title>file paperwork</title><doneStatus>true</doneStatus><description>x</description>"
    assert todo_xml(body) == {"title": "file paperwork", "doneStatus": True, "description": "x"}


def test_a_fragment_may_have_white_space_around_and_between_its_elements() -> None:
    body = b" \n<title>t</title>\n  <id>3</id>\n"
    assert todo_xml(body) == {"title": "t", "id": 3}


def test_a_fragment_may_follow_an_xml_declaration() -> None:
    body = b'<?xml version="1.0" encoding="UTF-8"?>\n<title>t</title><doneStatus>false</doneStatus>'
    assert todo_xml(body) == {"title": "t", "doneStatus": False}


def test_a_fragment_of_one_todo_and_a_field_keeps_the_todo_as_a_field() -> None:
    # Only a lone root is a wrapper; beside other elements `todo` is an (unknown) field.
    body = b"<todo><title>x</title></todo><description>d</description>"
    assert todo_xml(body) == {"todo": {"title": "x"}, "description": "d"}


def test_text_after_a_lone_root_still_unwraps_it() -> None:
    assert todo_xml(b"<todo><title>x</title></todo>\ntrailing text") == {"title": "x"}


def test_a_fragment_keeps_non_ascii_text() -> None:
    body = "<title>café</title><description>☕</description>".encode()
    assert todo_xml(body) == {"title": "café", "description": "☕"}


def test_a_malformed_fragment_reports_the_position_in_the_body() -> None:
    assert failure(todo_xml, b"<title>x</title>\n<b></c>") == (
        "Invalid XML Payload: mismatched tag: line 2, column 5"
    )


def test_a_malformed_fragment_on_the_first_line_is_not_shifted_by_the_synthetic_root() -> None:
    # `</c>` starts at column 19 as in a whole document; expat points at its name.
    assert failure(todo_xml, b"<title>x</title><b></c>") == (
        "Invalid XML Payload: mismatched tag: line 1, column 21"
    )


def test_a_malformed_fragment_after_a_declaration_counts_from_the_body_start() -> None:
    body = b'<?xml version="1.0"?><title>x</title><b></c>'
    assert failure(todo_xml, body) == "Invalid XML Payload: mismatched tag: line 1, column 42"


def test_a_fragment_ending_inside_an_element_says_so() -> None:
    assert failure(todo_xml, b"<title>x</title><b>") == (
        "Invalid XML Payload: no element found: line 1, column 19"
    )


def test_a_fragment_ending_inside_a_tag_says_so() -> None:
    assert failure(todo_xml, b"<title>x</title><desc") == (
        "Invalid XML Payload: unclosed token: line 1, column 16"
    )


def test_a_fragment_cannot_hide_a_dtd() -> None:
    assert failure(todo_xml, b"<title>x</title><!DOCTYPE x><b/>").startswith(
        "Invalid XML Payload: not well-formed"
    )


def test_a_fragment_cannot_use_an_entity() -> None:
    assert failure(todo_xml, b"<title>x</title><b>&xx;</b>") == (
        "Invalid XML Payload: undefined entity: line 1, column 19"
    )


def test_a_dtd_before_a_fragment_is_refused_as_a_dtd() -> None:
    body = b'<!DOCTYPE t [<!ENTITY x "y">]><title>&x;</title><id>1</id>'
    assert "DTDs, entity declarations and external references are not allowed" in failure(
        todo_xml, body
    )


def test_a_single_element_document_still_reports_expats_message() -> None:
    assert failure(todo_xml, b"<todo><title>x</todo>") == (
        "Invalid XML Payload: mismatched tag: line 1, column 16"
    )


def test_an_entity_expansion_bomb_is_refused() -> None:
    body = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
        b'<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>'
        b"<todo><title>&lol2;</title></todo>"
    )
    assert failure(todo_xml, body).startswith("Invalid XML Payload: ")


def test_an_external_entity_is_refused() -> None:
    body = (
        b'<?xml version="1.0"?><!DOCTYPE todo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        b"<todo><title>&xxe;</title></todo>"
    )
    assert failure(todo_xml, body).startswith("Invalid XML Payload: ")


def test_an_external_dtd_is_refused() -> None:
    body = b'<!DOCTYPE todo SYSTEM "http://example.com/todo.dtd"><todo><title>x</title></todo>'
    assert failure(todo_xml, body).startswith("Invalid XML Payload: ")


def test_deep_xml_is_refused() -> None:
    body = b"<todo>" + b"<a>" * 100 + b"x" + b"</a>" * 100 + b"</todo>"
    assert "nested" in failure(todo_xml, body)


# --- DRF parser classes and their selection ----------------------------------------------


class TodoRoute:
    """What the parsers read from a todo view."""

    structured_xml = TODO_XML
    xml_roots = ("todo", "todos")
    entity_fields = TODO_FIELDS


class PlainRoute:
    """A route without structured todo XML types (e.g. /sim)."""

    structured_xml = None
    xml_roots = ("entity",)
    entity_fields = ()


TODO_FORMATS = BodyFormats((JsonObjectParser, XmlParser), missing=(400, "no type"))


def select(formats: BodyFormats, header: str | None, route: object = None) -> BodyParser:
    media_type = parse_header_parameters(header or "")[0]
    parsers = [parser() for parser in formats.parsers]
    return formats.select(parsers, media_type, header, route or TodoRoute())


def parse(parser: BodyParser, body: bytes, route: object = None) -> object:
    return parser.parse(io.BytesIO(body), parser.media_type, {"view": route or TodoRoute()})


@pytest.mark.parametrize(
    ("header", "parser"),
    [
        ("application/json", JsonObjectParser),
        ("Application/JSON; charset=utf-8", JsonObjectParser),
        ("application/xml", XmlParser),
        ("text/xml;charset=UTF-8", XmlParser),
        ("application/vnd.apichallenges.todo+xml", XmlParser),
    ],
)
def test_the_parser_is_chosen_by_media_type(header: str, parser: type) -> None:
    assert isinstance(select(TODO_FORMATS, header), parser)


def test_structured_todo_xml_is_read_only_where_the_route_offers_it() -> None:
    with pytest.raises(ApiError) as caught:
        select(TODO_FORMATS, "application/todo+xml", PlainRoute())
    assert (caught.value.status, caught.value.messages) == (
        415,
        ["Unsupported Content Type - application/todo+xml"],
    )


def test_an_unsupported_type_is_the_415_of_the_formats() -> None:
    with pytest.raises(ApiError) as caught:
        select(TODO_FORMATS, " Text/Plain; x=1 ")
    assert (caught.value.status, caught.value.messages) == (
        415,
        ["Unsupported Content Type - text/plain; x=1"],
    )


@pytest.mark.parametrize("header", [None, "", "  ", ";charset=utf-8"])
def test_a_missing_type_gets_the_formats_missing_answer(header: str | None) -> None:
    with pytest.raises(ApiError) as caught:
        select(TODO_FORMATS, header)
    assert (caught.value.status, caught.value.messages) == (400, ["no type"])


def test_without_a_missing_answer_a_missing_type_is_unsupported() -> None:
    formats = BodyFormats((JsonParser,), unsupported="nope {header}", headers={"X": "1"})
    with pytest.raises(ApiError) as caught:
        select(formats, None)
    assert (caught.value.status, caught.value.messages, caught.value.headers) == (
        415,
        ["nope "],
        {"X": "1"},
    )


class SuffixJsonParser(OrjsonParser):
    suffix = "+json"


class QuotingJsonParser(OrjsonParser):
    invalid_message = "Bad JSON: {error}"
    blank_is_null = True


@pytest.mark.parametrize(
    "header", [None, "", ";charset=utf-8", "text/plain", "application/octet-stream; x=1"]
)
def test_a_fallback_to_any_reads_every_type_with_the_first_parser(header: str | None) -> None:
    formats = BodyFormats((JsonParser, XmlParser), fallback="any")
    assert type(select(formats, header)) is JsonParser


def test_a_fallback_to_any_still_picks_a_parser_that_accepts_the_type() -> None:
    formats = BodyFormats((JsonParser, XmlParser), fallback="any")
    assert isinstance(select(formats, "application/xml"), XmlParser)


@pytest.mark.parametrize("header", [None, "", "  ", ";charset=utf-8"])
def test_a_fallback_for_missing_reads_an_untyped_body_with_the_first_parser(
    header: str | None,
) -> None:
    assert type(select(BodyFormats((JsonParser,), fallback="missing"), header)) is JsonParser


def test_a_fallback_for_missing_still_refuses_another_type() -> None:
    with pytest.raises(ApiError) as caught:
        select(BodyFormats((JsonParser,), fallback="missing"), " Text/Plain ")
    assert (caught.value.status, caught.value.messages) == (
        415,
        ["Unsupported Content Type - text/plain"],
    )


def test_a_missing_type_is_either_read_or_answered_not_both() -> None:
    with pytest.raises(ValueError):
        BodyFormats((JsonParser,), missing=(400, "no type"), fallback="missing")


def test_formats_are_refused_before_the_view_unless_they_say_otherwise() -> None:
    assert BodyFormats((JsonParser,)).refused_before_view
    assert not BodyFormats((JsonParser,), refused_before_view=False).refused_before_view


@pytest.mark.parametrize(
    "header", ["application/merge-patch+json", "application/vnd.x+json; charset=utf-8"]
)
def test_a_parser_with_a_suffix_reads_every_type_ending_in_it(header: str) -> None:
    assert isinstance(select(BodyFormats((SuffixJsonParser,)), header), SuffixJsonParser)
    with pytest.raises(ApiError):
        select(BodyFormats((JsonParser,)), header)


def test_the_415_carries_its_own_headers_too() -> None:
    formats = BodyFormats((JsonParser,), headers={"A": "1"}, unsupported_headers={"B": "2"})
    with pytest.raises(ApiError) as caught:
        select(formats, "text/plain")
    assert caught.value.headers == {"A": "1", "B": "2"}


def test_the_unsupported_message_may_keep_the_headers_case() -> None:
    formats = BodyFormats((JsonParser,), unsupported="Unsupported - {header}")
    with pytest.raises(ApiError) as caught:
        select(formats, "Text/Plain")
    assert caught.value.messages == ["Unsupported - Text/Plain"]


def test_the_xml_parser_reads_the_routes_roots_and_field_kinds() -> None:
    body = b"<todo><doneStatus>true</doneStatus><id>3</id></todo>"
    assert parse(XmlParser(), body) == {"doneStatus": True, "id": 3}
    assert parse(XmlParser(), b"<entity><name>n</name></entity>", PlainRoute()) == {"name": "n"}


def test_the_json_object_parser_reads_a_blank_body_as_no_fields() -> None:
    assert parse(JsonObjectParser(), b"") == {}


def test_the_json_parser_keeps_any_document() -> None:
    assert parse(JsonParser(), b"[1]") == [1]
    assert parse(JsonParser(), b"") is None


def test_the_partial_json_parser_reads_blank_as_no_change() -> None:
    assert parse(PartialJsonParser(), b" ") == {}
    assert failure(parse, PartialJsonParser(), b"{").startswith("Malformed JSON document (")


def test_the_patch_document_parsers_name_their_format_when_malformed() -> None:
    assert failure(parse, MergePatchParser(), b"{").startswith(
        "Malformed JSON Merge Patch document ("
    )
    assert failure(parse, JsonPatchParser(), b"[").startswith("Malformed JSON Patch document (")


def test_the_orjson_parser_keeps_any_document() -> None:
    assert parse(OrjsonParser(), b'{"a": [1, null]}') == {"a": [1, None]}
    assert parse(OrjsonParser(), b"[1]") == [1]


@pytest.mark.parametrize("body", [b"", b" \n", b"{", b"{'a': 1}", b"{} x", b"\xff"])
def test_the_orjson_parser_answers_its_invalid_message(body: bytes) -> None:
    assert failure(parse, OrjsonParser(), body) == INVALID_JSON


def test_the_orjson_parser_message_may_quote_orjsons_error() -> None:
    assert failure(parse, QuotingJsonParser(), b"{nope") == (
        "Bad JSON: unexpected character, expected a string key: line 1 column 2 (char 1)"
    )


def test_the_orjson_parser_may_read_a_blank_body_as_null() -> None:
    assert parse(QuotingJsonParser(), b" \r\n") is None
    assert parse(QuotingJsonParser(), b"null") is None
