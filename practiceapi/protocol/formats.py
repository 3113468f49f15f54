"""The response formats: one row per media type the API answers in.

The table serves every place that needs the list: negotiation's producible types and
their server preference order (`PRODUCIBLE`), the DRF renderer classes of every API view
(`API_RENDERERS`), rendering by media type outside DRF (`render`, for errors built in
middleware, the export and the mirror) and the export's `?format=` names and file names
(`EXPORT_FORMATS`). Adding a format is adding a renderer class and a row here. A
resource's own structured XML types (`VendorXml`) are declared with the media types too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from practiceapi.protocol.renderers import (
    CalendarRenderer,
    CsvRenderer,
    HtmlRenderer,
    JsonlRenderer,
    JsonRenderer,
    JsonSeqRenderer,
    NdjsonRenderer,
    PayloadRenderer,
    RenderFunction,
    TextRenderer,
    TextXmlRenderer,
    TsvRenderer,
    XmlRenderer,
    render_xml,
)


@dataclass(frozen=True)
class Format:
    """One output format: its renderer, and how the export names and files it."""

    renderer: type[PayloadRenderer]
    export_names: tuple[str, ...]  # `?format=` values, the canonical one first
    extension: str  # of the export's file name

    @property
    def media_type(self) -> str:
        return self.renderer.media_type


# Server preference order: the last tie-breaker of negotiation. The calendar
# renderer is deliberately absent: it is offered only where a view names it (a single todo).
FORMATS: tuple[Format, ...] = (
    Format(JsonRenderer, ("json",), "json"),
    Format(XmlRenderer, ("xml",), "xml"),
    Format(CsvRenderer, ("csv",), "csv"),
    Format(TextRenderer, ("text", "txt", "plain"), "txt"),
    Format(HtmlRenderer, ("html",), "html"),
    Format(NdjsonRenderer, ("ndjson",), "ndjson"),
    Format(JsonlRenderer, ("jsonl",), "jsonl"),
    Format(JsonSeqRenderer, ("json-seq", "jsonseq"), "json-seq"),
    Format(TsvRenderer, ("tsv", "tab", "tabs", "tab-delimited", "tab-separated"), "tsv"),
    Format(TextXmlRenderer, ("text-xml", "txml"), "xml"),
)

JSON = JsonRenderer.media_type
XML = XmlRenderer.media_type
CSV = CsvRenderer.media_type
TEXT = TextRenderer.media_type
HTML = HtmlRenderer.media_type
NDJSON = NdjsonRenderer.media_type
JSONL = JsonlRenderer.media_type
JSON_SEQ = JsonSeqRenderer.media_type
TSV = TsvRenderer.media_type
TEXT_XML = TextXmlRenderer.media_type
CALENDAR = CalendarRenderer.media_type

PRODUCIBLE: tuple[str, ...] = tuple(f.media_type for f in FORMATS)
API_RENDERERS: tuple[type[PayloadRenderer], ...] = tuple(f.renderer for f in FORMATS)
EXPORT_FORMATS: dict[str, Format] = {name: f for f in FORMATS for name in f.export_names}
RENDER_FUNCTIONS: dict[str, RenderFunction] = {
    renderer.media_type: renderer.render_function
    for renderer in API_RENDERERS + (CalendarRenderer,)
}


def render(payload: Any, media_type: str) -> bytes:
    """Render `payload` for a negotiated media type; any `…+xml` type renders as XML."""
    function = RENDER_FUNCTIONS.get(media_type)
    if function is None:
        # Tolerate parameters and case ("Application/XML; charset=utf-8") off the fast path.
        base = media_type_of(media_type)
        function = RENDER_FUNCTIONS.get(base)
        if function is None:
            if not base.endswith("+xml"):
                raise ValueError(f"no renderer for media type {media_type!r}")
            # A resource's structured XML types (`application/vnd.x.item+xml`) are
            # plain XML; negotiation decides which of them may be produced.
            function = render_xml
    return function(payload)


def media_type_of(header: str | None) -> str:
    """A Content-Type (or media range) header's media type: lower-case, no parameters, ''
    when absent. For the places that hold only a header; a request's own Content-Type is
    Django's `request.content_type`."""
    return (header or "").split(";", 1)[0].strip().lower()


_RESERVED_TOKENS = frozenset({"problem", "soap", "xhtml", "atom", "rss", "svg"})
# RFC 6838 restricted-name characters, at most 127 of them: a structured type is echoed into
# the response Content-Type, so only plain token characters may ever get there.
_STRUCTURED_XML = re.compile(r"application/[a-z0-9!#$&^_.+-]{1,127}\+xml", re.ASCII)


@dataclass(frozen=True)
class VendorXml:
    """The structured XML media types that name one resource, as its app declares
    them: `application/<...>+xml` whose subtype, minus `+xml`, ends after its last `.` or
    `-` with one of `names` (for the names `item`, `items`: `application/vnd.x.item+xml`,
    `application/item+xml`, `application/x-items+xml`; never `application/*+xml`).
    `default` is the type that answers the `application/*+xml` wildcard."""

    names: frozenset[str]
    default: str

    def names_type(self, media_type: str) -> bool:
        """Is `media_type` (parameters and case ignored) one of this family's?"""
        media = media_type_of(media_type)
        if not _STRUCTURED_XML.fullmatch(media):
            return False
        base = media[len("application/") : -len("+xml")]
        token = base[max(base.rfind("."), base.rfind("-")) + 1 :]
        # As in the public service, reserved names are checked against the model token only:
        # they stop a model name from claiming e.g. `application/problem+xml`, but never
        # fire for another name, so `application/soap-item+xml` still counts.
        return token in self.names and token not in _RESERVED_TOKENS
