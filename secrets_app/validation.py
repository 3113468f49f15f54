"""The note a POST sends: `{"note": "..."}` or `<secretnote><note>...</note></secretnote>`.

Parse errors are 400s (from the protocol parsers); a body that parses but does not hold
exactly one string `note` is a 422 listing everything wrong with it.
"""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request

from practiceapi.protocol.errors import ApiError, FailedValidation
from practiceapi.protocol.negotiation import JSON, TEXT_XML, XML
from practiceapi.protocol.parsers import NOT_AN_OBJECT, BodyError
from practiceapi.protocol.request import api_request
from practiceapi.protocol.typenames import json_type_name
from secrets_app.editions import secret_edition
from secrets_app.messages import (
    NOTE_HAS_NUL,
    NOTE_MANDATORY,
    empty_body,
    note_not_a_string,
    note_too_long,
    unknown_fields,
)
from secrets_app.models import NOTE_MAX

# What an empty body is told to send, in the format its Content-Type named.
EXAMPLE_BODIES = {
    JSON: '{"note":"your text"}',
    XML: "<secretnote><note>your text</note></secretnote>",
    TEXT_XML: "<secretnote><note>your text</note></secretnote>",
}


def read_note(request: Request) -> str:
    """The note of the request's body (parsed only when it is not empty)."""
    if not request.body.strip():
        example = EXAMPLE_BODIES[api_request(request).content_type]
        raise FailedValidation(empty_body(example))
    return validate_note(request.data)


def validate_note(fields: Any) -> str:
    """The note of a parsed body, or the 4xx saying everything wrong with it."""
    if not isinstance(fields, dict):  # `null` included: it is no object either
        raise BodyError(NOT_AN_OBJECT)
    messages = []
    unknown = [name for name in fields if name != "note"]
    if unknown:
        messages.append(unknown_fields(unknown))
    if "note" not in fields:
        messages.append(NOTE_MANDATORY)
    else:
        note = fields["note"]
        if not isinstance(note, str):
            messages.append(note_not_a_string(json_type_name(note)))
        elif "\x00" in note:
            # PostgreSQL text cannot hold NUL; refusing it keeps both databases alike.
            messages.append(NOTE_HAS_NUL)
    if messages:
        raise FailedValidation(*messages)
    if not secret_edition().truncate_notes and len(fields["note"]) > NOTE_MAX:
        raise ApiError(400, note_too_long(NOTE_MAX))
    return fields["note"]
