"""Error texts of the protocol itself and of field validation in general, shared by every
app that validates a body. An app's own texts live in that app. Texts
are exact copies of the reference service's: client suites assert them.
"""

from __future__ import annotations

VALIDATION_PREFIX = "Failed Validation: "
UNKNOWN_FIELD = "Could not find field:"
BODY_TOO_LARGE = "request body too large"
NOT_FOUND = "404 resource Unknown"


def not_of_type(name: str, expected: str, actual: str) -> str:
    return f"{name} should be {expected} but was {actual}"


def too_long(name: str, limit: int) -> str:
    return f"Maximum allowable length exceeded for {name} - maximum allowed is {limit}"


def unknown_field(name: str) -> str:
    return f"{UNKNOWN_FIELD} {name}"


def body_too_large(limit: int) -> str:
    return f"Error: {BODY_TOO_LARGE}, max allowed is {limit} bytes"


def body_too_large_capitalised(limit: int) -> str:
    """The same text with a capital R, as some servers wrote it."""
    return f"Error: {BODY_TOO_LARGE.capitalize()}, max allowed is {limit} bytes"
