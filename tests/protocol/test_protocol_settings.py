"""`protocol_settings`: what the protocol layer reads from the project, its defaults until
the project fills it."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from practiceapi.protocol.errors import ApiError, FailedValidation
from practiceapi.protocol.negotiation import JSON, XML, HeaderOrderAccept
from practiceapi.protocol.parsers import JsonObjectParser, LenientJsonObject
from practiceapi.protocol.request import prepare
from practiceapi.protocol.responses import negotiated_type
from practiceapi.protocol.settings import ProtocolSettings, protocol_settings


def test_unfilled_settings_are_the_layers_own() -> None:
    unfilled = ProtocolSettings()
    assert unfilled.validation_status == 422
    assert (unfilled.accept_reading, unfilled.json_object_reading) == (None, None)
    assert unfilled.status_answers is None


def test_configure_serves_the_given_values_and_the_defaults_for_the_rest() -> None:
    chosen = ProtocolSettings()
    chosen.configure(validation_status=400, json_object_reading=LenientJsonObject)
    assert (chosen.validation_status, chosen.json_object_reading) == (400, LenientJsonObject)
    chosen.configure(accept_reading=HeaderOrderAccept)
    assert (chosen.validation_status, chosen.json_object_reading) == (422, None)
    assert chosen.accept_reading is HeaderOrderAccept


def test_configure_refuses_a_name_it_does_not_hold() -> None:
    with pytest.raises(TypeError, match="validation_statuss"):
        ProtocolSettings().configure(validation_statuss=400)


def test_a_failed_validation_has_the_configured_status(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocol_settings, "validation_status", 400)
    assert FailedValidation("bad").status == 400


def test_a_json_object_is_read_as_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    body = b"{title: lenient}"
    monkeypatch.setattr(protocol_settings, "json_object_reading", None)
    with pytest.raises(ApiError):
        JsonObjectParser().parse_body(body, None)
    monkeypatch.setattr(protocol_settings, "json_object_reading", LenientJsonObject)
    assert JsonObjectParser().parse_body(body, None) == {"title": "lenient"}


def test_accept_is_read_as_configured_on_the_api_routes_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Ranked, the q-values choose XML; read in header order, JSON comes first.
    accept = "application/json;q=0.1, application/xml"
    request = RequestFactory().get("/todos", HTTP_ACCEPT=accept)
    prepare(request, "todos", api_endpoint=True, route="todos")
    monkeypatch.setattr(protocol_settings, "accept_reading", None)
    assert negotiated_type(request) == XML
    monkeypatch.setattr(protocol_settings, "accept_reading", HeaderOrderAccept)
    assert negotiated_type(request) == JSON
    prepare(request, "docs", api_endpoint=False, route=None)
    assert negotiated_type(request) == XML
