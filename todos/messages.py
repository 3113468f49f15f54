"""The todo routes' error texts, sent by the views and validators here and recognised by
the curriculum's challenge conditions (which sit above todos and import them from here).
Texts are exact copies of the public service's: client suites assert them.
"""

from __future__ import annotations

import re

from practiceapi.protocol.messages import (
    INVALID_CREATION,
    NOT_WITH_ID,
    VALIDATION_PREFIX,
    mandatory,
)

# The start of a create's type error for doneStatus (`not_of_type` with the prefix).
DONE_STATUS_NOT_BOOLEAN = VALIDATION_PREFIX + "doneStatus should be BOOLEAN"
MANDATORY_TITLE = mandatory("title")
AMEND_ID = "Can not amend id from"
NO_SUCH_TODO = "No such todo entity instance with id =="
PUT_CANNOT_CREATE = "Cannot create todo with PUT due to Auto fields id"
# The classic engine put its creation prefix before the validation one.
CLASSIC_CREATE_WITH_ID = INVALID_CREATION + VALIDATION_PREFIX + NOT_WITH_ID
MISSING_CHALLENGER_CLASSIC = "Cannot amend details. Missing a valid X-CHALLENGER header."
MISSING_CHALLENGER = (
    MISSING_CHALLENGER_CLASSIC
    + " Create a session with POST /api/challenger and send its X-CHALLENGER header."
)

_MAX_TODOS = "ERROR: Cannot add instance, maximum limit of {} reached"
# Matches `max_todos_reached` for any cap: the cap is configurable.
MAX_TODOS_REACHED = re.compile(re.escape(_MAX_TODOS).replace(r"\{\}", r"\d+"))


def cannot_amend_id(current: object, wanted: str) -> str:
    return f"{AMEND_ID} {current} to {wanted}"


def no_such_todo(todo_id: object) -> str:
    return f"{NO_SUCH_TODO} {todo_id}"


def max_todos_reached(cap: int) -> str:
    return _MAX_TODOS.format(cap)


def not_a_boolean(name: str, text: str) -> str:
    """The classic engine's rule for a boolean field given as text it cannot read."""
    return f"{VALIDATION_PREFIX}{name} : {text} does not match type BOOLEAN (true, false)"
