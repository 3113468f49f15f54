"""Error texts that are sent in one place and recognised in another.

The views and validators send these; the challenge conditions (`challenges.rules`) look
for them in responses. They live here, in the protocol layer every app imports, because
the apps that send most of them (`todos`) depend on `challenges`, which recognises them,
and a dependency the other way round would be a cycle. Texts are exact copies of the
reference service's: client suites assert them.
"""

from __future__ import annotations

import re

VALIDATION_PREFIX = "Failed Validation: "

# The start of a create's type error for doneStatus (`not_of_type` with the prefix).
DONE_STATUS_NOT_BOOLEAN = VALIDATION_PREFIX + "doneStatus should be BOOLEAN"
MANDATORY_TITLE = "title : field is mandatory"
UNKNOWN_FIELD = "Could not find field:"
AMEND_ID = "Can not amend id from"
NO_SUCH_TODO = "No such todo entity instance with id =="
PUT_CANNOT_CREATE = "Cannot create todo with PUT due to Auto fields id"
CREATE_WITH_ID = VALIDATION_PREFIX + "Invalid Creation: Not allowed to create with id"
# The classic engine put its creation prefix before the validation one.
CLASSIC_CREATE_WITH_ID = "Invalid Creation: " + VALIDATION_PREFIX + "Not allowed to create with id"
MISSING_CHALLENGER_CLASSIC = "Cannot amend details. Missing a valid X-CHALLENGER header."
MISSING_CHALLENGER = (
    MISSING_CHALLENGER_CLASSIC
    + " Create a session with POST /api/challenger and send its X-CHALLENGER header."
)
BODY_TOO_LARGE = "request body too large"
NOT_FOUND = "404 resource Unknown"
GUID_MISMATCH = "URL GUID does not match payload X-CHALLENGER"

_MAX_TODOS = "ERROR: Cannot add instance, maximum limit of {} reached"
# Matches `max_todos_reached` for any cap: the cap is configurable (D3.13).
MAX_TODOS_REACHED = re.compile(re.escape(_MAX_TODOS).replace(r"\{\}", r"\d+"))


def not_of_type(name: str, expected: str, actual: str) -> str:
    return f"{name} should be {expected} but was {actual}"


def too_long(name: str, limit: int) -> str:
    return f"Maximum allowable length exceeded for {name} - maximum allowed is {limit}"


def unknown_field(name: str) -> str:
    return f"{UNKNOWN_FIELD} {name}"


def cannot_amend_id(current: object, wanted: str) -> str:
    return f"{AMEND_ID} {current} to {wanted}"


def no_such_todo(todo_id: object) -> str:
    return f"{NO_SUCH_TODO} {todo_id}"


def max_todos_reached(cap: int) -> str:
    return _MAX_TODOS.format(cap)


def body_too_large(limit: int) -> str:
    return f"Error: {BODY_TOO_LARGE}, max allowed is {limit} bytes"


def body_too_large_classic(limit: int) -> str:
    """The classic service's wording: a capital R."""
    return f"Error: {BODY_TOO_LARGE.capitalize()}, max allowed is {limit} bytes"


def not_a_boolean(name: str, text: str) -> str:
    """The classic engine's rule for a boolean field given as text it cannot read."""
    return f"{VALIDATION_PREFIX}{name} : {text} does not match type BOOLEAN (true, false)"
