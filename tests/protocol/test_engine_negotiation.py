"""`negotiation.engine_media_type`: Accept read as the classic engine read it."""

from __future__ import annotations

import pytest

from practiceapi.protocol.errors import NotAcceptable
from practiceapi.protocol.negotiation import engine_media_type


def test_no_accept_is_json() -> None:
    assert engine_media_type(None) == "application/json"


def test_the_first_recognised_non_wildcard_item_decides() -> None:
    assert engine_media_type("*/*, Application/XML") == "application/xml"


def test_q_values_are_not_read() -> None:
    assert engine_media_type("application/json;q=0.1, application/xml") == "application/json"


def test_xml_only_where_the_route_produces_it() -> None:
    assert engine_media_type("application/xml", ("application/json",)) == "application/json"


def test_a_header_with_nothing_recognised_is_not_acceptable() -> None:
    with pytest.raises(NotAcceptable):
        engine_media_type("text/csv, image/png")
