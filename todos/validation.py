"""Validation of todo bodies: create, amend, replace and the todo-store import.

This module owns the todo field rules (lengths in code points) and every message they
produce; it never touches the database. Callers pass the dict a body parser produced
(field names in any case) and get back normalised rows (`id`, `title`, `doneStatus`,
`description`) or an `ApiError` with the public service's text.

Where the public service reports "the first failure in hash order" we report the first
problem in the client's own field order, so the same body always gets the same message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.conf import settings

from practiceapi.protocol.errors import ApiError, FailedValidation
from practiceapi.protocol.messages import (
    VALIDATION_PREFIX,
    cannot_be_empty,
    not_of_type,
    too_long,
    unknown_field,
)
from practiceapi.protocol.typenames import json_type_name
from todos.editions import TodoEdition, todo_edition
from todos.messages import MANDATORY_TITLE, cannot_amend_id
from todos.resource import DESCRIPTION_MAX, TITLE_MAX
from todos.values import display, id_key

FIELDS = ("id", "title", "doneStatus", "description")
_CANONICAL = {name.lower(): name for name in FIELDS}
# What each non-id field must be, in the engine's type names.
_EXPECTED = {"title": "STRING", "doneStatus": "BOOLEAN", "description": "STRING"}
_MAX_LENGTH = {"title": TITLE_MAX, "description": DESCRIPTION_MAX}
DEFAULTS: dict[str, Any] = {"doneStatus": False, "description": ""}

# Ids are stored in a 32-bit column and the counter must still fit one past the largest.
MAX_TODO_ID = 2_147_483_646

PREFIX = VALIDATION_PREFIX

_PATH_ID = re.compile(r"[1-9][0-9]{0,9}")


def max_todos() -> int:
    """The per-session cap; 0 means unlimited."""
    return int(settings.APICHALLENGES_MAX_TODOS)


# ---------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------


def parse_path_id(text: str) -> int | None:
    """The todo id a URL segment names, or None when it cannot name one.

    Ids are compared as exact strings: `01`, `1.0` and ` 1` name no todo.
    """
    if not _PATH_ID.fullmatch(text):
        return None
    value = int(text)
    return value if value <= MAX_TODO_ID else None


def normalise(body: Mapping[str, Any]) -> dict[str, Any]:
    """Known field names in their canonical spelling (`Title` -> `title`); others as sent."""
    return {_CANONICAL.get(str(name).lower(), name): value for name, value in body.items()}


def _unknown_name(name: str, value: Any) -> str:
    # An XML element with children arrives as a nested object; the public service names the
    # first of them (`Could not find field: bob.title`).
    if isinstance(value, dict) and value:
        first = next(iter(value))
        return f"{name}.{_unknown_name(str(first), value[first])}"
    return str(name)


# ---------------------------------------------------------------------------------------
# The steps of a validation, in the public service's order
# ---------------------------------------------------------------------------------------


def type_errors(fields: Mapping[str, Any], rules: TodoEdition | None = None) -> list[str]:
    """Step 1: every typed non-id field whose value has the wrong type, in field order,
    as the edition `rules` checks and names types (the current edition's when None)."""
    typed, type_name = (
        (_EXPECTED.keys(), json_type_name)
        if rules is None
        else (rules.typed_fields, rules.type_name)
    )
    errors = []
    for name, expected in _EXPECTED.items():
        if name in typed and name in fields and type_name(fields[name]) != expected:
            errors.append(not_of_type(name, expected, type_name(fields[name])))
    return errors


def amend_type_errors(fields: Mapping[str, Any]) -> list[str]:
    """Step 1 of an amendment: its type errors, none where the edition skips the check."""
    rules = todo_edition()
    return type_errors(fields, rules) if rules.amend_checks_types else []


def check_types(fields: Mapping[str, Any], *, create: bool) -> None:
    """Raise the step-1 error: `Failed Validation: ` prefixed on create, bare on amend."""
    errors = type_errors(fields, todo_edition()) if create else amend_type_errors(fields)
    if errors:
        raise FailedValidation((PREFIX if create else "") + ", ".join(errors))


def field_problem(name: str, value: Any) -> str | None:
    """Step 3 for one supplied field: the problem without prefix, or None."""
    if name == "id":
        return None
    if name not in _EXPECTED:
        return unknown_field(_unknown_name(name, value))
    if not isinstance(value, str):
        return None  # type problems are step 1's
    if "\x00" in value:
        # PostgreSQL cannot store NUL; no client means it.
        return f"{name} : can not contain the NUL character"
    if name == "title" and not value.strip():
        return cannot_be_empty("title")
    limit = _MAX_LENGTH.get(name)
    if limit is not None and len(value) > limit:
        return too_long(name, limit)
    return None


def check_fields(fields: Mapping[str, Any]) -> None:
    """Step 3: the first bad supplied field, in the client's order, as a prefixed error."""
    rules = todo_edition()
    for name, value in fields.items():
        if name != "id" and name not in _EXPECTED:
            unknown = _unknown_name(name, value) if rules.unknown_field_path else str(name)
            raise FailedValidation(rules.unknown_field_prefix + unknown_field(unknown))
        problem = field_problem(name, value)
        if problem:
            raise FailedValidation(PREFIX + problem)


def check_amend_id(fields: Mapping[str, Any], current_id: int) -> None:
    """A body `id` equal to the todo's (numerically) is ignored; another one is refused."""
    if "id" in fields and id_key(fields["id"]) != current_id:
        wanted = fields["id"]
        # The classic engine read a body id as a number and showed it as an integer.
        shown = todo_edition().values.shown(wanted)
        raise FailedValidation(cannot_amend_id(current_id, shown))


# ---------------------------------------------------------------------------------------
# Create and amend
# ---------------------------------------------------------------------------------------


def validate_create(body: Mapping[str, Any]) -> dict[str, Any]:
    """Steps 1-3 of a create; returns the draft (canonical names, no `id`).

    The draft may still lack `title` where the edition checks the cap (409) before that
    (step 4/5, by the service, which then builds the row with `new_row`).
    """
    rules = todo_edition()
    fields = normalise(body)
    check_types(fields, create=True)
    if "id" in fields:
        raise FailedValidation(rules.create_with_id)
    fields = rules.values.read(fields)
    check_fields(fields)
    if rules.title_before_cap and "title" not in fields:
        raise FailedValidation(MANDATORY_TITLE)
    return fields


class MissingTitle(ValueError):
    """A todo without a title (`title : field is mandatory`)."""


def new_row(draft: Mapping[str, Any]) -> dict[str, Any]:
    """Step 5 of a create: the complete new row without id; raises MissingTitle."""
    if "title" not in draft:
        raise MissingTitle(MANDATORY_TITLE)
    return {
        "title": draft["title"],
        "doneStatus": draft.get("doneStatus", DEFAULTS["doneStatus"]),
        "description": draft.get("description", DEFAULTS["description"]),
    }


def amended_row(
    current: Mapping[str, Any], body: Mapping[str, Any], *, replace: bool
) -> dict[str, Any]:
    """The todo after an amend whose types were already checked.

    `replace=False` (POST, JSON PATCH): only supplied fields change. `replace=True` (PUT,
    merge patch, JSON Patch): every field takes the body value or its default, so `title`
    is required.
    """
    rules = todo_edition()
    fields = normalise(body)
    fields = rules.values.read(fields)
    check_amend_id(fields, current["id"])
    check_fields(fields)
    if replace:
        if "title" not in fields:
            raise FailedValidation(rules.replace_missing_title)
        base: dict[str, Any] = {"id": current["id"], **DEFAULTS}
    else:
        base = dict(current)
    for name in ("title", "doneStatus", "description"):
        if name in fields:
            base[name] = fields[name]
    return {name: base[name] for name in FIELDS}


# ---------------------------------------------------------------------------------------
# Import (PUT /api/challenger/database/{guid})
# ---------------------------------------------------------------------------------------


def _import_item(position: int, item: Mapping[str, Any]) -> dict[str, Any]:
    where = f"ERROR: todo {position} of todos"
    fields = normalise(item)
    for name in fields:
        if name not in _CANONICAL.values():
            raise ApiError(400, f"ERROR: Unknown property {name} for todo")
    errors = type_errors(fields)
    if errors:
        raise ApiError(400, f"{where}: {', '.join(errors)}")
    for name, value in fields.items():
        problem = field_problem(name, value)
        if problem:
            raise ApiError(400, f"{where}: {problem}")
    if "title" not in fields:
        raise ApiError(400, f"{where}: {MANDATORY_TITLE}")
    row: dict[str, Any] = {}
    if "id" in fields:
        value = fields["id"]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_TODO_ID:
            raise ApiError(
                400,
                f"{where}: id must be a positive integer no larger than {MAX_TODO_ID}, "
                f"not {display(value)}",
            )
        row["id"] = value
    try:
        row.update(new_row(fields))
    except MissingTitle:
        raise ApiError(422, MANDATORY_TITLE) from None
    return row


def validate_import(doc: Any) -> list[dict[str, Any]]:
    """Validate a whole todo-store import `{"todos":[{...}, ...]}` before anything changes.

    Returns normalised rows (`id` only when supplied). Every problem is a 400 with the
    public service's reason where one fits; the caller replaces the store only on success.
    """
    if not isinstance(doc, dict):
        raise ApiError(400, "ERROR: Data is not an object of instantiated entities")
    items: list[Any] = []
    for name, value in doc.items():
        if str(name).lower() != "todos":
            raise ApiError(400, f"ERROR: Unknown entity found: {name}")
        if not isinstance(value, list):
            raise ApiError(400, f"ERROR: Expected array of instances as {name} value")
        if not all(isinstance(item, dict) for item in value):
            raise ApiError(400, f"ERROR: Expected array of {name} to contain objects")
        items.extend(value)
    cap = max_todos()
    if cap and len(items) > cap:
        raise ApiError(
            400, f"ERROR: Cannot import {len(items)} todos, maximum limit of {cap} reached"
        )
    rows = [_import_item(position, item) for position, item in enumerate(items, start=1)]
    seen: set[int] = set()
    for row in rows:
        if "id" in row:
            if row["id"] in seen:
                raise ApiError(400, f"ERROR: Duplicate todo id {row['id']}")
            seen.add(row["id"])
    return rows
