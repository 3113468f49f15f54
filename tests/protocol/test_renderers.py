"""Exact bytes of every output format, as clients compare them.

No database: renderers are pure functions of a payload. The sample collection carries every
awkward value once: a comma, a double quote, a newline, a tab, `<&>'"`, a backslash, an
empty description and a true doneStatus.
"""

from __future__ import annotations

import os

# The DRF base class reads Django settings at import time; no database is touched.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "practiceapi.settings")

import pytest
from django.utils.functional import lazystr
from rest_framework.renderers import BaseRenderer

from practiceapi.protocol import formats
from practiceapi.protocol.formats import API_RENDERERS, RENDER_FUNCTIONS, render
from practiceapi.protocol.payloads import Collection, ErrorMessages, Item
from practiceapi.protocol.renderers import (
    CalendarRenderer,
    CsvRenderer,
    HtmlRenderer,
    JsonlRenderer,
    JsonRenderer,
    JsonSeqRenderer,
    NdjsonRenderer,
    TextRenderer,
    TextXmlRenderer,
    TsvRenderer,
    XmlRenderer,
    render_calendar,
    render_csv,
    render_html,
    render_json,
    render_json_seq,
    render_ndjson,
    render_text,
    render_tsv,
    render_xml,
)
from todos.resource import calendar_task

FIELDS = ("id", "title", "doneStatus", "description")

ROW_PLAIN = {"id": 1, "title": "scan paperwork", "doneStatus": False, "description": ""}
ROW_COMMA_QUOTE = {
    "id": 2,
    "title": 'file, "taxes"',
    "doneStatus": True,
    "description": "line1\nline2\tend",
}
ROW_MARKUP = {"id": 3, "title": "<&>'\"", "doneStatus": False, "description": "back\\slash"}

TODOS = Collection("todos", "todo", FIELDS, [ROW_PLAIN, ROW_COMMA_QUOTE, ROW_MARKUP])
EMPTY = Collection("todos", "todo", FIELDS, [])
ITEM = Item("todo", FIELDS, ROW_PLAIN)
ERRORS = ErrorMessages(["No such todo entity instance with id == 5 found", "a, b"])


# ---------------------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------------------


def test_json_collection_is_wrapped_compact_and_in_field_order() -> None:
    assert render_json(TODOS) == (
        b'{"todos":['
        b'{"id":1,"title":"scan paperwork","doneStatus":false,"description":""},'
        b'{"id":2,"title":"file, \\"taxes\\"","doneStatus":true,'
        b'"description":"line1\\nline2\\tend"},'
        b'{"id":3,"title":"<&>\'\\"","doneStatus":false,"description":"back\\\\slash"}'
        b"]}"
    )


def test_json_empty_collection_is_empty_array() -> None:
    assert render_json(EMPTY) == b'{"todos":[]}'


def test_json_item_is_bare_object() -> None:
    assert render_json(ITEM) == (
        b'{"id":1,"title":"scan paperwork","doneStatus":false,"description":""}'
    )


def test_json_errors_are_not_html_escaped() -> None:
    assert render_json(ERRORS) == (
        b'{"errorMessages":["No such todo entity instance with id == 5 found","a, b"]}'
    )


def test_json_plain_dict_is_serialised_as_is() -> None:
    assert render_json({"details": "GET /x\n<b>"}) == b'{"details":"GET /x\\n<b>"}'


def test_json_plain_list_is_serialised_as_is() -> None:
    assert render_json([1, True, "a"]) == b'[1,true,"a"]'


def test_json_lazy_translation_string_renders_as_text() -> None:
    assert render_json({"detail": lazystr("oops")}) == b'{"detail":"oops"}'


def test_json_unserialisable_value_raises_type_error() -> None:
    with pytest.raises(TypeError):
        render_json({"when": object()})


# ---------------------------------------------------------------------------------------
# XML
# ---------------------------------------------------------------------------------------


def test_xml_collection_in_definition_order_with_escapes() -> None:
    assert render_xml(TODOS) == (
        b"<todos>"
        b"<todo><id>1</id><title>scan paperwork</title><doneStatus>false</doneStatus>"
        b"<description/></todo>"
        b"<todo><id>2</id><title>file, &quot;taxes&quot;</title><doneStatus>true</doneStatus>"
        b"<description>line1&#xa;line2&#x9;end</description></todo>"
        b"<todo><id>3</id><title>&lt;&amp;&gt;&apos;&quot;</title>"
        b"<doneStatus>false</doneStatus><description>back\\slash</description></todo>"
        b"</todos>"
    )


def test_xml_empty_collection_has_open_and_close_tags() -> None:
    assert render_xml(EMPTY) == b"<todos></todos>"


def test_xml_item_is_bare_element() -> None:
    assert render_xml(ITEM) == (
        b"<todo><id>1</id><title>scan paperwork</title><doneStatus>false</doneStatus>"
        b"<description/></todo>"
    )


def test_xml_elements_follow_the_payloads_xml_order() -> None:
    payload = Collection(
        "todos", "todo", TODOS.fields, TODOS.rows[:1], ("doneStatus", "description", "id", "title")
    )
    assert render_xml(payload) == (
        b"<todos><todo><doneStatus>false</doneStatus><description/><id>1</id>"
        b"<title>scan paperwork</title></todo></todos>"
    )


def test_xml_item_follows_the_payloads_xml_order() -> None:
    payload = Item("entity", ("id", "name"), {"id": 2, "name": "n"}, ("name", "id"))
    assert render_xml(payload) == b"<entity><name>n</name><id>2</id></entity>"


def test_xml_order_leaves_json_in_definition_order() -> None:
    payload = Item("entity", ("id", "name"), {"id": 2, "name": "n"}, ("name", "id"))
    assert render_json(payload) == b'{"id":2,"name":"n"}'


def test_xml_errors_use_error_message_children() -> None:
    assert render_xml(ERRORS) == (
        b"<errorMessages>"
        b"<errorMessage>No such todo entity instance with id == 5 found</errorMessage>"
        b"<errorMessage>a, b</errorMessage>"
        b"</errorMessages>"
    )


def test_xml_errors_child_name_comes_from_payload() -> None:
    payload = ErrorMessages(["Not found"], xml_child="message")
    assert render_xml(payload) == b"<errorMessages><message>Not found</message></errorMessages>"


def test_xml_mirror_details_escape_newlines_as_character_references() -> None:
    payload = Item("messageDetails", ("details",), {"details": "GET http://x/mirror\n\nBody"})
    assert render_xml(payload) == (
        b"<messageDetails><details>GET http://x/mirror&#xa;&#xa;Body</details></messageDetails>"
    )


def test_xml_other_control_characters_become_character_references() -> None:
    payload = Item("todo", ("title",), {"title": "a\rb\x00c\x7fd"})
    assert render_xml(payload) == b"<todo><title>a&#xd;b&#x0;c&#x7f;d</title></todo>"


def test_xml_non_ascii_text_is_kept_as_utf8() -> None:
    payload = Item("todo", ("title",), {"title": "café ☕"})
    assert render_xml(payload) == "<todo><title>café ☕</title></todo>".encode()


def test_xml_percent_and_braces_in_values_are_literal() -> None:
    payload = Item("todo", ("id", "title"), {"id": 7, "title": "100% {done} %s"})
    assert render_xml(payload) == b"<todo><id>7</id><title>100% {done} %s</title></todo>"


def test_xml_plain_dict_is_rejected() -> None:
    with pytest.raises(TypeError):
        render_xml({"details": "x"})


# ---------------------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------------------


def test_csv_collection_quotes_only_values_that_need_it() -> None:
    assert render_csv(TODOS) == (
        b"id,title,doneStatus,description\n"
        b"1,scan paperwork,false,\n"
        b'2,"file, ""taxes""",true,"line1\nline2\tend"\n'
        b'3,"<&>\'""",false,back\\slash'
    )


def test_csv_empty_collection_is_header_only() -> None:
    assert render_csv(EMPTY) == b"id,title,doneStatus,description"


def test_csv_item_is_header_and_one_row() -> None:
    assert render_csv(ITEM) == b"id,title,doneStatus,description\n1,scan paperwork,false,"


def test_csv_errors_are_a_single_error_message_column() -> None:
    assert render_csv(ERRORS) == (
        b'errorMessage\nNo such todo entity instance with id == 5 found\n"a, b"'
    )


def test_csv_comma_alone_forces_quoting() -> None:
    payload = Item("todo", ("id", "title"), {"id": 7, "title": "a,b"})
    assert render_csv(payload) == b'id,title\n7,"a,b"'


def test_csv_carriage_return_forces_quoting() -> None:
    payload = Item("todo", ("title",), {"title": "a\rb"})
    assert render_csv(payload) == b'title\n"a\rb"'


# ---------------------------------------------------------------------------------------
# TSV
# ---------------------------------------------------------------------------------------


def test_tsv_collection_backslash_escapes_instead_of_quoting() -> None:
    assert render_tsv(TODOS) == (
        b"id\ttitle\tdoneStatus\tdescription\n"
        b"1\tscan paperwork\tfalse\t\n"
        b'2\tfile, "taxes"\ttrue\tline1\\nline2\\tend\n'
        b"3\t<&>'\"\tfalse\tback\\\\slash"
    )


def test_tsv_empty_collection_is_header_only() -> None:
    assert render_tsv(EMPTY) == b"id\ttitle\tdoneStatus\tdescription"


def test_tsv_item_is_header_and_one_row() -> None:
    assert render_tsv(ITEM) == b"id\ttitle\tdoneStatus\tdescription\n1\tscan paperwork\tfalse\t"


def test_tsv_errors_are_a_single_error_message_column() -> None:
    payload = ErrorMessages(["tab\there", "a, b"])
    assert render_tsv(payload) == b"errorMessage\ntab\\there\na, b"


def test_tsv_tab_alone_is_escaped() -> None:
    payload = Item("todo", ("id", "title"), {"id": 7, "title": "a\tb"})
    assert render_tsv(payload) == b"id\ttitle\n7\ta\\tb"


def test_tsv_carriage_return_is_escaped() -> None:
    payload = Item("todo", ("title",), {"title": "a\r\nb"})
    assert render_tsv(payload) == b"title\na\\r\\nb"


# ---------------------------------------------------------------------------------------
# Plain text
# ---------------------------------------------------------------------------------------


def test_text_collection_is_one_name_value_line_per_row() -> None:
    assert render_text(TODOS) == (
        b"id=1, title=scan paperwork, doneStatus=false, description=\n"
        b'id=2, title=file, "taxes", doneStatus=true, description=line1\\nline2\tend\n'
        b"id=3, title=<&>'\", doneStatus=false, description=back\\\\slash"
    )


def test_text_empty_collection_is_empty_body() -> None:
    assert render_text(EMPTY) == b""


def test_text_item_is_one_line() -> None:
    assert render_text(ITEM) == b"id=1, title=scan paperwork, doneStatus=false, description="


def test_text_errors_are_joined_by_newlines() -> None:
    assert render_text(ERRORS) == b"No such todo entity instance with id == 5 found\na, b"


def test_text_error_newlines_are_escaped() -> None:
    assert render_text(ErrorMessages(["two\r\nlines"])) == b"two\\r\\nlines"


# ---------------------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------------------


def test_html_collection_is_escaped_table() -> None:
    assert render_html(TODOS) == (
        b"<table><thead><tr><th>id</th><th>title</th><th>doneStatus</th>"
        b"<th>description</th></tr></thead><tbody>"
        b"<tr><td>1</td><td>scan paperwork</td><td>false</td><td></td></tr>"
        b"<tr><td>2</td><td>file, &quot;taxes&quot;</td><td>true</td>"
        b"<td>line1\nline2\tend</td></tr>"
        b"<tr><td>3</td><td>&lt;&amp;&gt;&#39;&quot;</td><td>false</td>"
        b"<td>back\\slash</td></tr>"
        b"</tbody></table>"
    )


def test_html_empty_collection_has_empty_body_section() -> None:
    assert render_html(EMPTY) == (
        b"<table><thead><tr><th>id</th><th>title</th><th>doneStatus</th>"
        b"<th>description</th></tr></thead><tbody></tbody></table>"
    )


def test_html_item_is_one_row_table() -> None:
    assert render_html(ITEM) == (
        b"<table><thead><tr><th>id</th><th>title</th><th>doneStatus</th>"
        b"<th>description</th></tr></thead><tbody>"
        b"<tr><td>1</td><td>scan paperwork</td><td>false</td><td></td></tr>"
        b"</tbody></table>"
    )


def test_html_errors_are_an_escaped_list() -> None:
    payload = ErrorMessages(["first", "<b>'x'</b>"])
    assert render_html(payload) == b"<ul><li>first</li><li>&lt;b&gt;&#39;x&#39;&lt;/b&gt;</li></ul>"


# ---------------------------------------------------------------------------------------
# NDJSON / JSON Lines
# ---------------------------------------------------------------------------------------


def test_ndjson_collection_is_one_object_per_line_with_final_newline() -> None:
    assert render_ndjson(TODOS) == (
        b'{"id":1,"title":"scan paperwork","doneStatus":false,"description":""}\n'
        b'{"id":2,"title":"file, \\"taxes\\"","doneStatus":true,'
        b'"description":"line1\\nline2\\tend"}\n'
        b'{"id":3,"title":"<&>\'\\"","doneStatus":false,"description":"back\\\\slash"}\n'
    )


def test_ndjson_empty_collection_is_empty_body() -> None:
    assert render_ndjson(EMPTY) == b""


def test_ndjson_item_is_one_line() -> None:
    assert render_ndjson(ITEM) == (
        b'{"id":1,"title":"scan paperwork","doneStatus":false,"description":""}\n'
    )


def test_ndjson_errors_are_one_error_object_per_line() -> None:
    assert render_ndjson(ERRORS) == (
        b'{"errorMessage":"No such todo entity instance with id == 5 found"}\n'
        b'{"errorMessage":"a, b"}\n'
    )


# ---------------------------------------------------------------------------------------
# JSON text sequence
# ---------------------------------------------------------------------------------------


def test_json_seq_collection_records_start_with_record_separator() -> None:
    assert render_json_seq(TODOS) == (
        b'\x1e{"id":1,"title":"scan paperwork","doneStatus":false,"description":""}\n'
        b'\x1e{"id":2,"title":"file, \\"taxes\\"","doneStatus":true,'
        b'"description":"line1\\nline2\\tend"}\n'
        b'\x1e{"id":3,"title":"<&>\'\\"","doneStatus":false,"description":"back\\\\slash"}\n'
    )


def test_json_seq_empty_collection_is_empty_body() -> None:
    assert render_json_seq(EMPTY) == b""


def test_json_seq_item_is_one_record() -> None:
    assert render_json_seq(ITEM) == (
        b'\x1e{"id":1,"title":"scan paperwork","doneStatus":false,"description":""}\n'
    )


def test_json_seq_errors_are_error_object_records() -> None:
    assert render_json_seq(ERRORS) == (
        b'\x1e{"errorMessage":"No such todo entity instance with id == 5 found"}\n'
        b'\x1e{"errorMessage":"a, b"}\n'
    )


# ---------------------------------------------------------------------------------------
# text/calendar
# ---------------------------------------------------------------------------------------


def test_calendar_body_byte_for_byte() -> None:
    todo = calendar_task(
        {
            "id": 1,
            "title": "calendar todo",
            "doneStatus": False,
            "description": "created for the text/calendar solution",
        },
    )
    assert render_calendar(todo) == (
        b"BEGIN:VCALENDAR\r\n"
        b"VERSION:2.0\r\n"
        b"PRODID:-//EvilTester//API Challenges//EN\r\n"
        b"BEGIN:VTODO\r\n"
        b"UID:todo-1@apichallenges\r\n"
        b"SUMMARY:calendar todo\r\n"
        b"DESCRIPTION:created for the text/calendar solution\r\n"
        b"STATUS:NEEDS-ACTION\r\n"
        b"END:VTODO\r\n"
        b"END:VCALENDAR"
    )


def test_calendar_done_todo_is_completed() -> None:
    todo = calendar_task({**ROW_PLAIN, "doneStatus": True})
    assert b"\r\nSTATUS:COMPLETED\r\n" in render_calendar(todo)


def test_calendar_escapes_backslash_comma_semicolon_and_newline() -> None:
    todo = calendar_task({**ROW_PLAIN, "title": "a\\b, c; d\ne"})
    assert b"\r\nSUMMARY:a\\\\b\\, c\\; d\\ne\r\n" in render_calendar(todo)


def test_calendar_carriage_returns_count_as_one_newline() -> None:
    todo = calendar_task({**ROW_PLAIN, "description": "a\r\nb\rc"})
    assert b"\r\nDESCRIPTION:a\\nb\\nc\r\n" in render_calendar(todo)


def test_calendar_empty_description_keeps_the_property() -> None:
    assert b"\r\nDESCRIPTION:\r\n" in render_calendar(calendar_task(ROW_PLAIN))


def test_calendar_rejects_a_collection() -> None:
    with pytest.raises(TypeError):
        render_calendar(TODOS)  # type: ignore[arg-type]


def test_calendar_rejects_an_item() -> None:
    # The resource's app says what a to-do is made of (`todos.resource.calendar_task`).
    with pytest.raises(TypeError):
        render_calendar(ITEM)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# Dispatch by media type
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("media_type", "function"),
    [
        ("application/json", render_json),
        ("application/xml", render_xml),
        ("text/xml", render_xml),
        ("text/csv", render_csv),
        ("text/plain", render_text),
        ("text/html", render_html),
        ("application/x-ndjson", render_ndjson),
        ("application/jsonl", render_ndjson),
        ("application/json-seq", render_json_seq),
        ("text/tab-separated-values", render_tsv),
        ("text/calendar", render_calendar),
    ],
)
def test_render_functions_map_each_media_type(media_type: str, function: object) -> None:
    assert RENDER_FUNCTIONS[media_type] is function


def test_render_functions_cover_exactly_the_supported_types() -> None:
    assert len(RENDER_FUNCTIONS) == 11


@pytest.mark.parametrize(
    "media_type",
    ["application/vnd.apichallenges.todo+xml", "application/todo+xml", "application/x-todos+xml"],
)
def test_render_structured_xml_types_render_as_xml(media_type: str) -> None:
    assert render(ITEM, media_type) == render_xml(ITEM)


def test_render_ignores_parameters_and_case() -> None:
    assert render(TODOS, "Text/CSV; charset=utf-8") == render_csv(TODOS)


def test_render_dispatches_exact_media_type() -> None:
    assert render(TODOS, "text/tab-separated-values") == render_tsv(TODOS)


def test_render_unknown_media_type_raises_value_error() -> None:
    with pytest.raises(ValueError, match="application/gzip"):
        render(TODOS, "application/gzip")


@pytest.mark.parametrize(
    "function", [render_csv, render_tsv, render_text, render_html, render_ndjson, render_json_seq]
)
def test_text_formats_reject_plain_dicts(function: object) -> None:
    with pytest.raises(TypeError):
        function({"details": "x"})  # type: ignore[operator]


def test_non_string_values_render_as_text() -> None:
    payload = Item("todo", ("id", "done", "missing"), {"id": 0, "done": True})
    assert render_csv(payload) == b"id,done,missing\n0,true,"


# ---------------------------------------------------------------------------------------
# DRF renderer classes
# ---------------------------------------------------------------------------------------

RENDERER_TYPES = [
    (JsonRenderer, "application/json", "json"),
    (XmlRenderer, "application/xml", "xml"),
    (TextXmlRenderer, "text/xml", "text-xml"),
    (CsvRenderer, "text/csv", "csv"),
    (TextRenderer, "text/plain", "text"),
    (HtmlRenderer, "text/html", "html"),
    (NdjsonRenderer, "application/x-ndjson", "ndjson"),
    (JsonlRenderer, "application/jsonl", "jsonl"),
    (JsonSeqRenderer, "application/json-seq", "json-seq"),
    (TsvRenderer, "text/tab-separated-values", "tsv"),
    (CalendarRenderer, "text/calendar", "ics"),
]


@pytest.mark.parametrize(("cls", "media_type", "fmt"), RENDERER_TYPES)
def test_drf_renderer_media_type(cls: type[BaseRenderer], media_type: str, fmt: str) -> None:
    assert cls.media_type == media_type


@pytest.mark.parametrize(("cls", "media_type", "fmt"), RENDERER_TYPES)
def test_drf_renderer_format(cls: type[BaseRenderer], media_type: str, fmt: str) -> None:
    assert cls.format == fmt


@pytest.mark.parametrize(("cls", "media_type", "fmt"), RENDERER_TYPES)
def test_drf_renderer_has_no_charset(cls: type[BaseRenderer], media_type: str, fmt: str) -> None:
    assert cls.charset is None


@pytest.mark.parametrize(("cls", "media_type", "fmt"), RENDERER_TYPES)
def test_drf_renderer_is_a_base_renderer(
    cls: type[BaseRenderer], media_type: str, fmt: str
) -> None:
    assert issubclass(cls, BaseRenderer)


@pytest.mark.parametrize(("cls", "media_type", "fmt"), RENDERER_TYPES)
def test_drf_renderer_renders_none_as_empty_bytes(
    cls: type[BaseRenderer], media_type: str, fmt: str
) -> None:
    assert cls().render(None) == b""


@pytest.mark.parametrize(("cls", "media_type", "fmt"), RENDERER_TYPES)
def test_drf_renderer_matches_render_function(
    cls: type[BaseRenderer], media_type: str, fmt: str
) -> None:
    payload = calendar_task(ROW_PLAIN) if media_type == "text/calendar" else ITEM
    assert cls().render(payload, media_type, {}) == RENDER_FUNCTIONS[media_type](payload)


def test_drf_json_renderer_accepts_plain_dicts() -> None:
    assert JsonRenderer().render({"details": "x"}) == b'{"details":"x"}'


def test_api_renderers_in_server_preference_order() -> None:
    assert [cls.media_type for cls in API_RENDERERS] == [
        "application/json",
        "application/xml",
        "text/csv",
        "text/plain",
        "text/html",
        "application/x-ndjson",
        "application/jsonl",
        "application/json-seq",
        "text/tab-separated-values",
        "text/xml",
    ]


def test_format_table_exports_public_api() -> None:
    assert {"render", "RENDER_FUNCTIONS", "API_RENDERERS", "PRODUCIBLE", "EXPORT_FORMATS"} <= set(
        dir(formats)
    )
