"""What the secret area says when it refuses a request, defined once.

The validation texts follow the todo API's shape (the protocol layer's prefix and field
wording); the rest are the secret area's own: what to send instead. Tests and clients
assert these texts.
"""

from __future__ import annotations

from practiceapi.protocol.messages import (
    VALIDATION_PREFIX,
    mandatory,
    not_of_type,
    too_long,
    unknown_field,
)
from secrets_app.models import READ_ONLY_TOKEN

BASIC_REQUIRED = (
    "Invalid or missing credentials: send the admin username and password as "
    "Authorization: Basic <base64 of username:password>"
)
NO_SESSION = (
    "Missing X-CHALLENGER header: create a session with POST /api/challenger and send its "
    "X-CHALLENGER header"
)
UNKNOWN_SESSION = (
    "Unknown X-CHALLENGER: no session has this GUID; create one with POST /api/challenger "
    "or restore one with PUT /api/challenger/{guid}"
)
NO_TOKEN = (
    "Missing token: send your secret token as X-AUTH-TOKEN or as Authorization: Bearer "
    "<token> (get it with POST /api/secret/token)"
)
WRONG_TOKEN = "Invalid token: it is not the secret token of the X-CHALLENGER session"
WRONG_READ_ONLY_TOKEN = (
    f"Invalid token: without an X-CHALLENGER header only the read-only token "
    f"{READ_ONLY_TOKEN} is accepted"
)

MISSING_CONTENT_TYPE = "Missing Content-Type: send the note as application/json or application/xml"
NOTE_MANDATORY = VALIDATION_PREFIX + mandatory("note")
NOTE_HAS_NUL = VALIDATION_PREFIX + "note can not contain the NUL character"
# How many unknown field names a 422 lists before "and N more".
MAX_NAMED_UNKNOWN = 5


def empty_body(example: str) -> str:
    return f"{VALIDATION_PREFIX}the request body is empty, send {example}"


def unknown_fields(names: list[str]) -> str:
    named = ", ".join(names[:MAX_NAMED_UNKNOWN])
    more = len(names) - MAX_NAMED_UNKNOWN
    suffix = f" and {more} more" if more > 0 else ""
    return VALIDATION_PREFIX + unknown_field(named) + suffix


def note_not_a_string(type_name: str) -> str:
    return VALIDATION_PREFIX + not_of_type("note", "STRING", type_name)


def note_too_long(limit: int) -> str:
    return VALIDATION_PREFIX + too_long("note", limit)
