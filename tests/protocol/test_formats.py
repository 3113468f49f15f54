"""The format table (practiceapi/protocol/formats.py): one row per output media type."""

from __future__ import annotations

import pytest

from practiceapi.protocol.formats import (
    API_RENDERERS,
    EXPORT_FORMATS,
    FORMATS,
    PRODUCIBLE,
    RENDER_FUNCTIONS,
    media_type_of,
)
from todos.views.export import UNSUPPORTED_FORMAT


def test_negotiation_offers_the_table_in_its_order() -> None:
    assert [f.media_type for f in FORMATS] == list(PRODUCIBLE)


def test_views_render_with_the_tables_renderers() -> None:
    assert [renderer.media_type for renderer in API_RENDERERS] == list(PRODUCIBLE)


def test_every_producible_type_can_be_rendered_outside_drf() -> None:
    assert set(PRODUCIBLE) | {"text/calendar"} == set(RENDER_FUNCTIONS)


def test_the_exports_error_names_each_formats_canonical_name() -> None:
    listed = UNSUPPORTED_FORMAT.split("Use one of: ", 1)[1].split(", ")
    assert sorted(listed) == sorted(f.export_names[0] for f in FORMATS)


@pytest.mark.parametrize(
    ("name", "media_type", "extension"),
    [
        ("json", "application/json", "json"),
        ("txml", "text/xml", "xml"),
        ("plain", "text/plain", "txt"),
        ("jsonseq", "application/json-seq", "json-seq"),
        ("tab-separated", "text/tab-separated-values", "tsv"),
    ],
)
def test_export_names_and_aliases_find_their_format(
    name: str, media_type: str, extension: str
) -> None:
    assert (EXPORT_FORMATS[name].media_type, EXPORT_FORMATS[name].extension) == (
        media_type,
        extension,
    )


@pytest.mark.parametrize(
    ("header", "media_type"),
    [
        (None, ""),
        ("", ""),
        ("  ", ""),
        ("Application/XML; charset=UTF-8", "application/xml"),
        (" text/csv ", "text/csv"),
        (";q=1", ""),
    ],
)
def test_media_type_of_a_header(header: str | None, media_type: str) -> None:
    assert media_type_of(header) == media_type
