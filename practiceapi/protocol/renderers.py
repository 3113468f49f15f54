"""Response renderers: the bytes of every output format the API produces.

Views hand over a payload from `payloads.py` (`Collection`, `Item`, `ErrorMessages`); the
functions here turn it into the body for one media type. The same functions serve content
negotiation (through the DRF renderer classes at the bottom), the export endpoint and
the mirror (which passes an `Item` named `messageDetails` with the single field
`details`); `formats.py` lists which class answers which media type.

Shared rules:
* Field order is the payload's `fields`, except in XML where a payload may name its own
  `xml_fields` order (the public service's hash order, which student suites check).
* Booleans render as `true`/`false` and ints as digits in every text format.
* No charset parameter is ever added to the media type (clients compare it exactly);
  bodies are UTF-8.
* JSON is not HTML-escaped: the public service's Gson `\\u003d` quirk in error bodies is
  deliberately not copied.

These run on the hot path (every list read), so each escaper first checks, with
cheap substring tests, whether the value needs escaping at all and returns it untouched in
the common case; per-field-list strings (headers, tags) are built once and cached.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

import orjson
from django.utils.functional import Promise
from rest_framework.renderers import BaseRenderer

from practiceapi.protocol.payloads import CalendarTask, Collection, ErrorMessages, Item

__all__ = [
    "CalendarRenderer",
    "CsvRenderer",
    "HtmlRenderer",
    "JsonRenderer",
    "JsonSeqRenderer",
    "JsonlRenderer",
    "NdjsonRenderer",
    "PayloadRenderer",
    "RenderFunction",
    "TextRenderer",
    "TextXmlRenderer",
    "TsvRenderer",
    "XmlRenderer",
    "render_calendar",
    "render_csv",
    "render_html",
    "render_json",
    "render_json_seq",
    "render_ndjson",
    "render_text",
    "render_tsv",
    "render_xml",
]

Row = Mapping[str, Any]
RenderFunction = Callable[[Any], bytes]

# ---------------------------------------------------------------------------------------
# Values and payload shapes
# ---------------------------------------------------------------------------------------


def _cell(value: Any) -> str:
    """The text form of one field value, shared by every non-JSON format."""
    # Exact type checks first: str is by far the most common, and bool must be tested
    # before int because bool is a subclass of int.
    if value.__class__ is str:
        return value
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        # Fields are always filled in; a missing one renders empty, as the
        # public service renders a null field, rather than failing the whole response.
        return ""
    return str(value)


def _table(payload: Any) -> tuple[tuple[str, ...], Sequence[Row]]:
    """Field names and rows of a table-like payload; an `Item` is a one-row table."""
    if isinstance(payload, Collection):
        return payload.fields, payload.rows
    if isinstance(payload, Item):
        return payload.fields, (payload.row,)
    raise _unsupported(payload)


def _unsupported(payload: Any) -> TypeError:
    return TypeError(
        f"cannot render {type(payload).__name__} in this format; "
        "pass a Collection, Item or ErrorMessages (plain data renders as JSON only)"
    )


def _cells(fields: tuple[str, ...], row: Row) -> list[str]:
    """One row's values as text, in `fields` order."""
    # `_cell` inlined for the two common types: this loop runs for every value of every
    # text-format response, and a Python call per value doubles its cost.
    cells: list[str] = []
    append = cells.append
    value: Any  # a cell of any JSON type (a missing field is None)
    for value in map(row.get, fields):
        cls = value.__class__
        if cls is str:
            append(value)
        elif cls is bool:
            append("true" if value else "false")
        else:
            append(_cell(value))
    return cells


# ---------------------------------------------------------------------------------------
# JSON family (orjson: compact, UTF-8, no HTML escaping)
# ---------------------------------------------------------------------------------------


def _json_default(obj: Any) -> Any:
    """orjson fallback for the few non-native values plain dicts may carry."""
    # Lazy translation strings can reach us through DRF/Django error details.
    if isinstance(obj, Promise):
        return str(obj)
    raise TypeError(f"Type is not JSON serializable: {type(obj).__name__}")


def render_json(payload: Any) -> bytes:
    """`{"<name>":[...]}`, a bare object, `{"errorMessages":[...]}`, or plain data as is."""
    if isinstance(payload, Collection):
        # Rows already hold exactly `fields` in output order (payloads.py contract), so the
        # whole body is a single orjson call with no per-field work.
        return orjson.dumps({payload.name: payload.rows}, default=_json_default)
    if isinstance(payload, Item):
        return orjson.dumps(payload.row, default=_json_default)
    if isinstance(payload, ErrorMessages):
        return orjson.dumps({"errorMessages": payload.messages}, default=_json_default)
    return orjson.dumps(payload, default=_json_default)


def _json_records(payload: Any) -> Iterable[Any]:
    """The objects that become one line (NDJSON) or one record (json-seq) each."""
    if isinstance(payload, ErrorMessages):
        return ({"errorMessage": message} for message in payload.messages)
    return _table(payload)[1]


def render_ndjson(payload: Any) -> bytes:
    """One compact JSON object per row, each followed by `\\n`; also `application/jsonl`."""
    option = orjson.OPT_APPEND_NEWLINE
    return b"".join(
        [
            orjson.dumps(record, default=_json_default, option=option)
            for record in _json_records(payload)
        ]
    )


def render_json_seq(payload: Any) -> bytes:
    """RFC 7464 JSON text sequence: each record is `\\x1e` + JSON + `\\n`."""
    option = orjson.OPT_APPEND_NEWLINE
    return b"".join(
        [
            b"\x1e" + orjson.dumps(record, default=_json_default, option=option)
            for record in _json_records(payload)
        ]
    )


# ---------------------------------------------------------------------------------------
# XML
# ---------------------------------------------------------------------------------------

# Markup characters become named entities; characters XML cannot carry literally (C0 and
# C1 controls including TAB/LF/CR, lone surrogates, U+FFFE/U+FFFF) become hex character
# references such as `&#xa;`, matching the public service's output.
_XML_ESCAPES: dict[int, str] = {
    **{code: f"&#x{code:x};" for code in range(0x20)},
    **{code: f"&#x{code:x};" for code in range(0x7F, 0xA0)},
    **{code: f"&#x{code:x};" for code in range(0xD800, 0xE000)},
    0xFFFE: "&#xfffe;",
    0xFFFF: "&#xffff;",
    ord("&"): "&amp;",
    ord("<"): "&lt;",
    ord(">"): "&gt;",
    ord('"'): "&quot;",
    ord("'"): "&apos;",
}


def _xml_needs_escape(text: str) -> bool:
    # Every character that needs a character reference is non-printable, so printable
    # text without markup characters (the usual case) needs nothing.
    return not text.isprintable() or (
        "&" in text or "<" in text or ">" in text or '"' in text or "'" in text
    )


def _xml_escape(text: str) -> str:
    return text.translate(_XML_ESCAPES) if _xml_needs_escape(text) else text


@lru_cache(maxsize=64)
def _xml_template(item: str, fields: tuple[str, ...]) -> str:
    """`<item><id>%s</id>…</item>`: a whole element is then one C-level `%` formatting."""
    item = item.replace("%", "%%")
    inner = "".join(f"<{name}>%s</{name}>" for name in (f.replace("%", "%%") for f in fields))
    return f"<{item}>{inner}</{item}>"


def _xml_element(template: str, item: str, fields: tuple[str, ...], row: Row) -> str:
    texts = _cells(fields, row)
    # One check over the whole row instead of one per value; clean rows are the norm.
    if _xml_needs_escape("".join(texts)):
        texts = [_xml_escape(text) for text in texts]
    if "" not in texts:
        return template % tuple(texts)
    # Empty values are self-closing elements (`<description/>`), so build field by field.
    inner = "".join(
        [
            f"<{name}>{text}</{name}>" if text else f"<{name}/>"
            for name, text in zip(fields, texts, strict=True)
        ]
    )
    return f"<{item}>{inner}</{item}>"


def _xml_list(name: str, child: str, texts: Iterable[str]) -> str:
    """`<name><child>text</child>…</name>`, with empty texts as `<child/>`."""
    open_tag, close_tag, empty_tag = f"<{child}>", f"</{child}>", f"<{child}/>"
    inner = "".join(
        open_tag + _xml_escape(text) + close_tag if text else empty_tag for text in texts
    )
    return f"<{name}>{inner}</{name}>"


def render_xml(payload: Any) -> bytes:
    """`<items><item>…</item></items>`, `<item>…</item>` or `<errorMessages>…`; no prolog."""
    if isinstance(payload, Collection):
        item, fields = payload.item, payload.xml_fields or payload.fields
        template = _xml_template(item, fields)
        inner = "".join([_xml_element(template, item, fields, row) for row in payload.rows])
        return f"<{payload.name}>{inner}</{payload.name}>".encode()
    if isinstance(payload, Item):
        item, fields = payload.item, payload.xml_fields or payload.fields
        return _xml_element(_xml_template(item, fields), item, fields, payload.row).encode()
    if isinstance(payload, ErrorMessages):
        return _xml_list("errorMessages", payload.xml_child, payload.messages).encode()
    raise _unsupported(payload)


# ---------------------------------------------------------------------------------------
# Delimited text: CSV and TSV
# ---------------------------------------------------------------------------------------


def _csv_escape(text: str) -> str:
    # Quote only when needed, as the public service does, so plain values stay bare.
    if '"' in text or "," in text or "\n" in text or "\r" in text:
        return '"' + text.replace('"', '""') + '"'
    return text


def _backslash_escape(text: str) -> str:
    """Plain-text escaping: `\\`, CR and LF as backslash sequences, so a row stays one line."""
    if "\\" in text or "\r" in text or "\n" in text:
        # Backslash first, so the backslashes added below are not doubled again.
        return text.replace("\\", "\\\\").replace("\r", "\\r").replace("\n", "\\n")
    return text


def _tsv_escape(text: str) -> str:
    if "\\" in text or "\t" in text or "\r" in text or "\n" in text:
        return (
            text.replace("\\", "\\\\")
            .replace("\t", "\\t")
            .replace("\r", "\\r")
            .replace("\n", "\\n")
        )
    return text


# The line builders join first and escape only if the joined line shows a special
# character: one scan per row instead of one per value. A delimiter inside a value shows up
# as one delimiter too many.


def _csv_line(cells: Sequence[str]) -> str:
    line = ",".join(cells)
    if '"' in line or "\n" in line or "\r" in line or line.count(",") != len(cells) - 1:
        line = ",".join(map(_csv_escape, cells))
    return line


def _tsv_line(cells: Sequence[str]) -> str:
    line = "\t".join(cells)
    if "\\" in line or "\n" in line or "\r" in line or line.count("\t") != len(cells) - 1:
        line = "\t".join(map(_tsv_escape, cells))
    return line


def _render_delimited(
    payload: Any, line: Callable[[Sequence[str]], str], escape: Callable[[str], str]
) -> bytes:
    if isinstance(payload, ErrorMessages):
        lines = ["errorMessage", *map(escape, payload.messages)]
        return "\n".join(lines).encode()
    fields, rows = _table(payload)
    lines = [line(fields)]
    lines.extend([line(_cells(fields, row)) for row in rows])
    # Lines are separated, not terminated: no trailing newline.
    return "\n".join(lines).encode()


def render_csv(payload: Any) -> bytes:
    """Header row then one row per item, `\\n`-separated, quoted only where needed."""
    return _render_delimited(payload, _csv_line, _csv_escape)


def render_tsv(payload: Any) -> bytes:
    """As CSV with tabs; never quoted, backslash escapes instead."""
    return _render_delimited(payload, _tsv_line, _tsv_escape)


# ---------------------------------------------------------------------------------------
# Plain text
# ---------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _text_prefixes(fields: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"{name}=" for name in fields)


def render_text(payload: Any) -> bytes:
    """`id=1, title=…, doneStatus=false, description=` per row; errors one per line."""
    if isinstance(payload, ErrorMessages):
        return "\n".join(map(_backslash_escape, payload.messages)).encode()
    fields, rows = _table(payload)
    prefixes = _text_prefixes(fields)
    lines = []
    for row in rows:
        cells = _cells(fields, row)
        line = ", ".join(map(operator.add, prefixes, cells))
        # Whole-line check first (field names carry none of these characters in practice;
        # if one did, the escaped rebuild below is still correct).
        if "\\" in line or "\r" in line or "\n" in line:
            line = ", ".join(map(operator.add, prefixes, map(_backslash_escape, cells)))
        lines.append(line)
    return "\n".join(lines).encode()


# ---------------------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------------------


def _html_needs_escape(text: str) -> bool:
    return "&" in text or "<" in text or ">" in text or '"' in text or "'" in text


def _html_escape(text: str) -> str:
    # Not html.escape(): that writes `&#x27;` for `'`, the public service writes `&#39;`.
    if _html_needs_escape(text):
        return (
            text.replace("&", "&amp;")
            .replace("<", "&lt;")
            .replace(">", "&gt;")
            .replace('"', "&quot;")
            .replace("'", "&#39;")
        )
    return text


@lru_cache(maxsize=64)
def _html_head(fields: tuple[str, ...]) -> str:
    cells = "".join(f"<th>{_html_escape(name)}</th>" for name in fields)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>"


def render_html(payload: Any) -> bytes:
    """A bare `<table>` with one `<tr>` per row; errors as `<ul><li>…</li></ul>`."""
    if isinstance(payload, ErrorMessages):
        items = "".join([f"<li>{_html_escape(message)}</li>" for message in payload.messages])
        return f"<ul>{items}</ul>".encode()
    fields, rows = _table(payload)
    parts = [_html_head(fields)]
    for row in rows:
        cells = _cells(fields, row)
        # One check over the whole row instead of one per value; clean rows are the norm.
        if _html_needs_escape("".join(cells)):
            cells = [_html_escape(text) for text in cells]
        # Joining on the separator is one C call; the guard keeps a field-less table valid.
        parts.append("<tr><td>" + "</td><td>".join(cells) + "</td></tr>" if cells else "<tr></tr>")
    parts.append("</tbody></table>")
    return "".join(parts).encode()


# ---------------------------------------------------------------------------------------
# text/calendar
# ---------------------------------------------------------------------------------------

_CALENDAR_ESCAPES: dict[int, str] = {
    ord("\\"): "\\\\",
    ord(","): "\\,",
    ord(";"): "\\;",
    ord("\n"): "\\n",
}


def _calendar_text(value: Any) -> str:
    text = _cell(value)
    if "\r" in text:
        # iCalendar has one escape for a line break; CRLF and lone CR both count as one.
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.translate(_CALENDAR_ESCAPES)


def render_calendar(task: CalendarTask) -> bytes:
    """One to-do as a VCALENDAR holding a VTODO; CRLF between lines, no final CRLF."""
    if not isinstance(task, CalendarTask):
        raise TypeError(f"text/calendar renders a CalendarTask, not {type(task).__name__}")
    lines = (
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//EvilTester//API Challenges//EN",
        "BEGIN:VTODO",
        f"UID:{task.uid}",
        f"SUMMARY:{_calendar_text(task.summary)}",
        f"DESCRIPTION:{_calendar_text(task.description)}",
        f"STATUS:{'COMPLETED' if task.completed else 'NEEDS-ACTION'}",
        "END:VTODO",
        "END:VCALENDAR",
    )
    return "\r\n".join(lines).encode()


# ---------------------------------------------------------------------------------------
# DRF renderer classes
# ---------------------------------------------------------------------------------------


class PayloadRenderer(BaseRenderer):
    """Adapts one render function to DRF; `None` data (no body) renders as empty bytes."""

    # No charset parameter on Content-Type (clients compare it exactly); bodies are always UTF-8.
    charset = None
    # A staticmethod on each subclass: declared as one, so that it is not bound to `self`.
    render_function: ClassVar[staticmethod[[Any], bytes]]

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if data is None:
            return b""
        # Looked up on the class: a plain function stored there would bind as a method.
        return type(self).render_function(data)


class JsonRenderer(PayloadRenderer):
    media_type = "application/json"
    format = "json"
    render_function = staticmethod(render_json)


class XmlRenderer(PayloadRenderer):
    media_type = "application/xml"
    format = "xml"
    render_function = staticmethod(render_xml)


class TextXmlRenderer(PayloadRenderer):
    media_type = "text/xml"
    format = "text-xml"
    render_function = staticmethod(render_xml)


class CsvRenderer(PayloadRenderer):
    media_type = "text/csv"
    format = "csv"
    render_function = staticmethod(render_csv)


class TextRenderer(PayloadRenderer):
    media_type = "text/plain"
    format = "text"
    render_function = staticmethod(render_text)


class HtmlRenderer(PayloadRenderer):
    media_type = "text/html"
    format = "html"
    render_function = staticmethod(render_html)


class NdjsonRenderer(PayloadRenderer):
    media_type = "application/x-ndjson"
    format = "ndjson"
    render_function = staticmethod(render_ndjson)


class JsonlRenderer(PayloadRenderer):
    media_type = "application/jsonl"
    format = "jsonl"
    render_function = staticmethod(render_ndjson)


class JsonSeqRenderer(PayloadRenderer):
    media_type = "application/json-seq"
    format = "json-seq"
    render_function = staticmethod(render_json_seq)


class TsvRenderer(PayloadRenderer):
    media_type = "text/tab-separated-values"
    format = "tsv"
    render_function = staticmethod(render_tsv)


class CalendarRenderer(PayloadRenderer):
    media_type = "text/calendar"
    format = "ics"
    render_function = staticmethod(render_calendar)
