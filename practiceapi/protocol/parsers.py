"""Request body parsing: strict JSON and safe XML documents.

This module owns turning the bytes of a request body into plain Python data and the 400
texts that say why that failed. It knows nothing about any resource beyond what callers pass in:
the element names an XML document may be wrapped in and the `Field` kinds used to coerce
XML text. Validation of the values (types, lengths, unknown fields) belongs to the app.

* JSON is strict: no single quotes, no trailing content, no `NaN`/`Infinity`, no
  lone surrogates; a syntax error names its line and column.
* XML is parsed with defusedxml: a DTD, an entity declaration or an external reference is
  refused before expat expands anything (no billion laughs, no XXE).
* XML text is coerced by the field it fills, not by what it looks like: `true`/`false`
  (any case) become booleans for boolean fields and digits become ints for integer fields;
  everything else stays a string (the public service also turns `<title>123</title>` into a
  number and then rejects it: a quirk we do not copy).

The DRF parser classes at the bottom wrap these functions. A view names, per HTTP method,
the parser classes it reads (`BodyFormats`); DRF picks one by the request's Content-Type
(`drf.ApiContentNegotiation.select_parser`) and the view reads `request.data`. The session
routes (restore, profile) read JSON with orjson instead (`OrjsonParser`): their 400 texts
are not the strict reader's, and clients assert them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal
from xml.etree.ElementTree import Element, ParseError
from xml.parsers.expat import errors as expat_errors

import orjson
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser
from rest_framework.parsers import BaseParser

from practiceapi.protocol import lenientjson
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.messages import INVALID_JSON, NOT_AN_OBJECT
from practiceapi.protocol.negotiation import JSON, XML, is_xml_type
from practiceapi.protocol.numbers import bounded_float, bounded_int
from practiceapi.protocol.query import Field
from practiceapi.protocol.settings import protocol_settings

INVALID_XML = "Invalid XML Payload"

# Bodies nested deeper than this are refused, so that nothing downstream (merge patches,
# error messages naming nested members) ever recurses far.
MAX_JSON_DEPTH = 64
# Nested elements only ever end up in an "unknown field" message; deeper documents are
# refused rather than walked (a 5000-character body could otherwise nest ~1600 levels).
MAX_XML_DEPTH = 32

_INTEGER_TEXT = re.compile(r"[+-]?[0-9]{1,18}")

# expat's code for a second top-level element (or other content after the root).
_JUNK_AFTER_ROOT = expat_errors.codes[expat_errors.XML_ERROR_JUNK_AFTER_DOC_ELEMENT]
# An XML declaration must open the document, so a synthetic root goes after it.
_XML_DECLARATION = re.compile(rb"(?:\xef\xbb\xbf)?<\?xml[ \t\r\n][^>]{0,200}\?>")
# The synthetic root's name is never read: only its children become fields.
_FRAGMENT_OPEN, _FRAGMENT_CLOSE = b"<fragment>", b"</fragment>"


class BodyError(ApiError):
    """A body that could not be parsed: always a 400."""

    def __init__(self, message: str) -> None:
        super().__init__(400, message)


# ---------------------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------------------


def body_length(body: bytes) -> int:
    """The body's length in characters, as the 5000-character limit counts it.

    Bytes never undercount characters, so the decode is only paid for long bodies.
    """
    if len(body) <= 5000:
        return len(body)
    return len(body.decode("utf-8", errors="replace"))


def is_blank(body: bytes) -> bool:
    """Nothing but white space (or nothing at all)."""
    return not body.strip()


def decode_text(body: bytes, what: str) -> str:
    """UTF-8 (a leading byte-order mark is tolerated); anything else is a 400 naming `what`."""
    try:
        return body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BodyError(f"{what} (byte {exc.start + 1} is not valid UTF-8)") from None


# ---------------------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


# Built once: json.loads with any option builds a decoder per call. Every number literal
# is measured before it is converted (numbers.bounded_int), so a long one is a syntax
# error of its own rather than Python's int() digit-limit error, and costs no conversion.
_STRICT_DECODER = json.JSONDecoder(
    parse_constant=_reject_constant, parse_int=bounded_int, parse_float=bounded_float
)


def decode_strict_json(text: str) -> Any:
    """`json.loads(text)` without `NaN`/`Infinity` and with numbers of bounded length.

    Raises what json.loads raises (ValueError, RecursionError); a number too long to read
    is a `numbers.NumberTooLong`, a ValueError too.
    """
    if text.startswith("\ufeff"):
        # As json.loads refuses a text that still starts with a byte-order mark.
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    return _STRICT_DECODER.decode(text)


def _json_error_detail(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"line {exc.lineno} column {exc.colno}: {exc.msg}"
    if isinstance(exc, RecursionError):
        return "the document is nested too deeply"
    return str(exc)


def _too_deep(document: Any) -> bool:
    # Iterative, so that checking a deep document cannot itself overflow the stack.
    stack = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > MAX_JSON_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def loads_strict(body: bytes, invalid_message: str = INVALID_JSON) -> Any:
    """Parse a strict JSON document; `invalid_message (where: why)` as a 400 otherwise.

    A blank body also gives None, like `null`: callers that treat "no document"
    differently from `null` (POST, partial PATCH) ask `is_blank` first.
    """
    text = decode_text(body, invalid_message)
    if not text.strip():
        return None
    try:
        document = decode_strict_json(text)
    except (ValueError, RecursionError) as exc:
        raise BodyError(f"{invalid_message} ({_json_error_detail(exc)})") from None
    if _too_deep(document):
        raise BodyError(
            f"{invalid_message} (the document is nested more than {MAX_JSON_DEPTH} levels deep)"
        )
    try:
        # A lone surrogate (`"\ud800"`) is valid JSON syntax but no valid text: it could
        # be neither stored nor rendered, so it is a syntax error here.
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BodyError(
            f"{invalid_message} (a \\u escape encodes a lone surrogate, not a character)"
        ) from None
    return document


def parse_json_object(body: bytes) -> dict[str, Any]:
    """A POST/PUT JSON body: an object; blank means no fields."""
    if is_blank(body):
        return {}
    document = loads_strict(body)
    if not isinstance(document, dict):
        raise BodyError(NOT_AN_OBJECT)
    return document


def parse_lenient_json_object(body: bytes) -> dict[str, Any]:
    """A POST/PUT JSON body read as the classic public service (2024-26) read it
    (`lenientjson`); any failure is the bare syntax message, without where and why."""
    if is_blank(body):
        return {}
    try:
        return lenientjson.loads_object(body.decode("utf-8"))
    except (UnicodeDecodeError, lenientjson.LenientJsonError):
        raise BodyError(INVALID_JSON) from None


# ---------------------------------------------------------------------------------------
# XML
# ---------------------------------------------------------------------------------------


def _local_name(tag: Any) -> str:
    # `{namespace}name` -> `name`: clients sometimes send a default namespace.
    text = str(tag)
    return text.rsplit("}", 1)[-1]


def _coerce(text: str, kind: str | None) -> Any:
    if kind == "boolean":
        lowered = text.strip().lower()
        if lowered in ("true", "false"):
            return lowered == "true"
    elif kind == "integer" and _INTEGER_TEXT.fullmatch(text.strip()):
        return int(text.strip())
    return text


def _element_value(element: Element, kind: str | None, depth: int) -> Any:
    children = list(element)
    if not children:
        return _coerce(element.text or "", kind)
    if depth >= MAX_XML_DEPTH:
        raise BodyError(f"{INVALID_XML}: elements are nested more than {MAX_XML_DEPTH} deep")
    return _children(children, {}, depth + 1)


def _children(children: Sequence[Element], kinds: Mapping[str, str], depth: int) -> dict:
    result: dict[str, Any] = {}
    for child in children:
        name = _local_name(child.tag)
        value = _element_value(child, kinds.get(name.lower()), depth)
        if name in result:
            # A repeated element becomes a list (and then fails the field's type check).
            previous = result[name]
            result[name] = [*previous, value] if isinstance(previous, list) else [previous, value]
        else:
            result[name] = value
    return result


def _defused_parser() -> DefusedXMLParser:
    """An expat parser that refuses DTDs, entity declarations and external references."""
    return DefusedXMLParser(forbid_dtd=True, forbid_entities=True, forbid_external=True)


def _defused_parse(document: bytes) -> Element:
    parser = _defused_parser()
    parser.feed(document)
    return parser.close()


def _fragment_root(body: bytes) -> Element:
    """Several top-level elements (`<title>t</title><doneStatus>true</doneStatus>`) read
    as the children of one synthetic root, as the public service's org.json reads them.

    The synthetic root goes after the XML declaration, if any (a declaration must open the
    document). Errors keep the body's own coordinates: one inside the body is moved back
    over the inserted tag; if only the synthetic end tag fails, the body stopped inside an
    element or a token, and the message is expat's for input that stops there.
    """
    declaration = _XML_DECLARATION.match(body)
    split = declaration.end() if declaration else 0
    opened = body[:split] + _FRAGMENT_OPEN + body[split:]
    head = body[:split].decode("utf-8", errors="replace")
    # Where the tag went, in expat's units (lines from 1, characters from 0).
    inserted_at = (head.count("\n") + 1, len(head) - (head.rfind("\n") + 1))
    parser = _defused_parser()
    try:
        parser.feed(opened)
    except ParseError as exc:
        raise _fragment_error(exc, inserted_at) from None
    try:
        parser.feed(_FRAGMENT_CLOSE)
        return parser.close()
    except ParseError:
        pass
    ended = _defused_parser()
    ended.feed(opened)
    try:
        ended.close()
    except ParseError as exc:
        raise _fragment_error(exc, inserted_at) from None
    raise AssertionError("input that stops inside the synthetic root cannot parse")


def _fragment_error(exc: ParseError, inserted_at: tuple[int, int]) -> BodyError:
    line, column = exc.position
    if line == inserted_at[0] and column >= inserted_at[1]:
        column -= len(_FRAGMENT_OPEN)
    return BodyError(
        f"{INVALID_XML}: {expat_errors.messages[exc.code]}: line {line}, column {column}"
    )


def parse_xml_object(
    body: bytes,
    *,
    roots: Collection[str] = (),
    fields: Sequence[Field] = (),
) -> dict[str, Any]:
    """An XML body as a dict of its fields.

    A single root element named in `roots` (case-insensitive) is unwrapped, its children
    becoming the fields; any other single root is kept as one nested member
    (`{"bob": {...}}`), so that the caller reports it as an unknown field. Several
    top-level elements are each a field. Text without any `<` means no fields.
    Element text is coerced by the kind of the field of the same name (case-insensitive).
    """
    if b"<" not in body:
        return {}
    try:
        try:
            elements = [_defused_parse(body)]
        except ParseError as exc:
            if exc.code != _JUNK_AFTER_ROOT:
                raise BodyError(f"{INVALID_XML}: {exc}") from None
            # Checked only once a whole document failed: the usual single-root body
            # parses once, and a DTD (which must precede the first element) has already
            # been refused.
            elements = list(_fragment_root(body))
    except DefusedXmlException as exc:
        raise BodyError(
            f"{INVALID_XML}: DTDs, entity declarations and external references are not "
            f"allowed ({type(exc).__name__})"
        ) from None
    kinds = _kinds(fields)
    wrappers = {name.lower() for name in roots}
    if len(elements) == 1 and _local_name(elements[0].tag).lower() in wrappers:
        return _children(list(elements[0]), kinds, 1)
    return _children(elements, kinds, 0)


def _kinds(fields: Sequence[Field]) -> dict[str, str]:
    return {f.name.lower(): f.kind for f in fields}


# ---------------------------------------------------------------------------------------
# DRF parser classes, and what one HTTP method of a route reads
# ---------------------------------------------------------------------------------------


class BodyParser(BaseParser):
    """Reads the whole body (the size limits have already bounded it) into `parse_body`.

    `accepts` says whether the parser reads a media type (lower-case, no parameters): its
    `media_type`, and with a `suffix` (RFC 6839, e.g. `+json`) every type ending in it. The
    view, from DRF's parser context, supplies what the format needs to know about its
    route (the XML element names it unwraps, the fields a query may name).
    """

    suffix = ""

    def accepts(self, media_type: str, view: Any) -> bool:
        if self.suffix and media_type.endswith(self.suffix):
            return True
        return media_type == self.media_type

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        view = (parser_context or {}).get("view")
        return self.parse_body(stream.read(), view)

    def parse_body(self, body: bytes, view: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__} must implement parse_body")


class JsonParser(BodyParser):
    """Any strict JSON document; a blank body reads as None, like `null`."""

    media_type = JSON
    invalid_message = INVALID_JSON

    def parse_body(self, body: bytes, view: Any) -> Any:
        return loads_strict(body, self.invalid_message)


class StrictJsonObject:
    """Strict JSON whose syntax errors say where and why."""

    @staticmethod
    def read(body: bytes) -> dict[str, Any]:
        return parse_json_object(body)


class LenientJsonObject:
    """As the classic public service's (2024-26) Gson read it: leniently (`{title: a}` is
    an object), a syntax error being the bare message."""

    @staticmethod
    def read(body: bytes) -> dict[str, Any]:
        return parse_lenient_json_object(body)


class JsonObjectParser(JsonParser):
    """A POST/PUT body: a JSON object, a blank body meaning no fields."""

    def parse_body(self, body: bytes, view: Any) -> dict[str, Any]:
        return (protocol_settings.json_object_reading or StrictJsonObject).read(body)


class PartialJsonParser(JsonParser):
    """A partial-update PATCH body: like POST amend, blank meaning no change."""

    invalid_message = "Malformed JSON document"

    def parse_body(self, body: bytes, view: Any) -> Any:
        return {} if is_blank(body) else super().parse_body(body, view)


class MergePatchParser(JsonParser):
    """RFC 7396 JSON Merge Patch: the document as sent (its shape is the caller's check)."""

    media_type = "application/merge-patch+json"
    invalid_message = "Malformed JSON Merge Patch document"


class JsonPatchParser(JsonParser):
    """RFC 6902 JSON Patch: the document as sent (its shape is the caller's check)."""

    media_type = "application/json-patch+json"
    invalid_message = "Malformed JSON Patch document"


class OrjsonParser(BodyParser):
    """Any JSON document as orjson reads it, answered with the route's own 400 text.

    For routes whose texts predate the strict reader: `invalid_message` is the 400, where
    `{error}` stands for orjson's description of the fault (what and where). A blank body
    is a syntax error too, unless `blank_is_null` reads it as None.
    """

    media_type = JSON
    invalid_message = INVALID_JSON
    blank_is_null = False

    def parse_body(self, body: bytes, view: Any) -> Any:
        if self.blank_is_null and is_blank(body):
            return None
        try:
            return orjson.loads(body)
        except orjson.JSONDecodeError as error:
            raise BodyError(self.invalid_message.format(error=error)) from None


class XmlParser(BodyParser):
    """`application/xml`, `text/xml`, and the structured XML types of the view's resource
    (`structured_xml`).

    The view names the root elements to unwrap (`xml_roots`) and its entity's fields
    (`entity_fields`), whose kinds coerce element text.
    """

    media_type = XML

    def accepts(self, media_type: str, view: Any) -> bool:
        return is_xml_type(media_type, getattr(view, "structured_xml", None))

    def parse_body(self, body: bytes, view: Any) -> dict[str, Any]:
        return parse_xml_object(
            body, roots=getattr(view, "xml_roots", ()), fields=getattr(view, "entity_fields", ())
        )


@dataclass(frozen=True)
class BodyFormats:
    """What one HTTP method of a route reads as a body, and how it refuses anything else.

    `unsupported` is the 415 message: `{content_type}` stands for the Content-Type header
    lower-cased, `{header}` for it as sent (both stripped). `missing` is the status and
    message for a request without a Content-Type; None refuses it as unsupported.
    `headers` go with either refusal, `unsupported_headers` with the 415 only.

    `fallback` names the requests the first parser reads although no parser accepts their
    Content-Type: "missing" those without one, "any" every one (a route that reads one
    format whatever the header says); either way `missing` cannot apply.
    `refused_before_view` says when a refusal is answered: right after Accept, before the
    view runs; or (False) when the view first reads the body, after its own checks (e.g.
    the 404 of an unknown resource).
    """

    parsers: tuple[type[BodyParser], ...]
    unsupported: str = "Unsupported Content Type - {content_type}"
    missing: tuple[int, str] | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    unsupported_headers: Mapping[str, str] = field(default_factory=dict)
    fallback: Literal["", "missing", "any"] = ""
    refused_before_view: bool = True

    def __post_init__(self) -> None:
        if self.fallback and self.missing is not None:
            raise ValueError("a missing Content-Type is either read (fallback) or answered")

    def select(
        self, parsers: Sequence[BodyParser], media_type: str, header: str | None, view: Any
    ) -> BodyParser:
        """The parser (an instance of one of `parsers`) that reads `media_type` (the
        Content-Type without parameters, '' when missing), or the refusal of `header`
        (the Content-Type as sent) raised."""
        if media_type:
            for parser in parsers:
                if parser.accepts(media_type, view):
                    return parser
        if self.fallback == "any" or (self.fallback == "missing" and not media_type):
            return parsers[0]
        raise self.refusal(media_type, header)

    def refusal(self, media_type: str, header: str | None) -> ApiError:
        """The error for a request none of the parsers reads."""
        sent = (header or "").strip()
        if not media_type and self.missing is not None:
            status, message = self.missing
            return ApiError(status, message, headers=dict(self.headers))
        message = self.unsupported.format(content_type=sent.lower(), header=sent)
        return ApiError(415, message, headers={**self.headers, **self.unsupported_headers})
