"""Error texts of the protocol itself and of field validation in general, shared by every
app that validates a body. An app's own texts live in that app. Texts
are exact copies of the public service's: client suites assert them.
"""

from __future__ import annotations

VALIDATION_PREFIX = "Failed Validation: "
UNKNOWN_FIELD = "Could not find field:"
BODY_TOO_LARGE = "request body too large"
NOT_FOUND = "404 resource Unknown"
# A body with no Content-Type where a create or replace reads one (trailing space included).
NO_CONTENT_TYPE = "Unknown content Type: API cannot parse "
INVALID_JSON = "Invalid Json Payload: please check the syntax of the request body"
NOT_AN_OBJECT = "JSON document must be an object"
# A create that names the id the server assigns.
INVALID_CREATION = "Invalid Creation: "
NOT_WITH_ID = "Not allowed to create with id"
CREATE_WITH_ID = VALIDATION_PREFIX + INVALID_CREATION + NOT_WITH_ID


def not_of_type(name: str, expected: str, actual: str) -> str:
    return f"{name} should be {expected} but was {actual}"


def too_long(name: str, limit: int) -> str:
    return f"Maximum allowable length exceeded for {name} - maximum allowed is {limit}"


def unknown_field(name: str) -> str:
    return f"{UNKNOWN_FIELD} {name}"


def mandatory(name: str) -> str:
    return f"{name} : field is mandatory"


def cannot_be_empty(name: str) -> str:
    return f"{name} : can not be empty"


def not_non_negative(name: str) -> str:
    """A paging value (`_limit`, `_offset`) that is not a whole number of zero or more."""
    return f"{name} must be a non-negative integer"


def limit_over(limit: int) -> str:
    return f"_limit must be no more than {limit}"


def body_too_large(limit: int) -> str:
    return f"Error: {BODY_TOO_LARGE}, max allowed is {limit} bytes"


def body_too_large_capitalised(limit: int) -> str:
    """The same text with a capital R, as some servers wrote it."""
    return f"Error: {BODY_TOO_LARGE.capitalize()}, max allowed is {limit} bytes"
