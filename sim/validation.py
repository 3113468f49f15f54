"""Validation of a simulated create, POST /sim/entities.

A missing or empty `name`, a `name` over 50 or a `description` over
200 characters, or an `id` supplied are 422; a `name` already used by an entity is 409.
Messages follow the todo API's wording so that students meet the same
texts on both; unlike the todo API every problem is reported, one message each.
"""

from __future__ import annotations

from typing import Any

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.messages import (
    CREATE_WITH_ID,
    NOT_AN_OBJECT,
    VALIDATION_PREFIX,
    cannot_be_empty,
    mandatory,
    not_of_type,
    too_long,
    unknown_field,
)
from practiceapi.protocol.typenames import json_type_name
from sim.data import DESCRIPTION_MAX, NAME_MAX, TAKEN_NAMES

_KNOWN = {"id": "id", "name": "name", "description": "description"}


def validate_create(document: Any) -> dict[str, str]:
    """The `name`/`description` of a valid create body, or raise ApiError 400/409/422.

    Field names match case-insensitively, as for todos. Lengths count
    code points.
    """
    if not isinstance(document, dict):
        raise ApiError(400, NOT_AN_OBJECT)
    fields: dict[str, Any] = {}
    problems: list[str] = []
    for key, value in document.items():
        name = _KNOWN.get(str(key).lower())
        if name is None:
            problems.append(VALIDATION_PREFIX + unknown_field(key))
        else:
            fields[name] = value
    if "id" in fields:
        problems.append(CREATE_WITH_ID)
    for name in ("name", "description"):
        if name in fields and not isinstance(fields[name], str):
            type_name = json_type_name(fields[name])
            problems.append(VALIDATION_PREFIX + not_of_type(name, "STRING", type_name))
    problems.extend(_value_problems(fields))
    if problems:
        raise ApiError(422, *problems)
    accepted: dict[str, str] = {
        name: fields[name] for name in ("name", "description") if name in fields
    }
    if accepted["name"] in TAKEN_NAMES:
        raise ApiError(
            409, f"ERROR: Cannot add instance, an entity named {accepted['name']} already exists"
        )
    return accepted


def _value_problems(fields: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    name = fields.get("name")
    if "name" not in fields:
        # Without the prefix, exactly as the todo API words its missing title on create.
        problems.append(mandatory("name"))
    elif isinstance(name, str):
        if not name.strip():
            problems.append(VALIDATION_PREFIX + cannot_be_empty("name"))
        elif len(name) > NAME_MAX:
            problems.append(VALIDATION_PREFIX + too_long("name", NAME_MAX))
    description = fields.get("description")
    if isinstance(description, str) and len(description) > DESCRIPTION_MAX:
        problems.append(VALIDATION_PREFIX + too_long("description", DESCRIPTION_MAX))
    return problems
