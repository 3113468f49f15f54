"""How validation messages name the JSON type of a body value: as JSON names it, or as a
Gson-based engine named it."""

from __future__ import annotations

from typing import Any


def json_type_name(value: Any) -> str:
    """A body value's type as validation messages name it:
    STRING, BOOLEAN, INTEGER, NUMERIC, OBJECT, ARRAY or NULL."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "BOOLEAN"
    if isinstance(value, int):
        return "INTEGER"
    if isinstance(value, float):
        return "NUMERIC"
    if isinstance(value, dict):
        return "OBJECT"
    if isinstance(value, list):
        return "ARRAY"
    return "STRING"


def gson_type_name(value: Any) -> str:
    """A body value's type as the public service's 2024-26 engine names it: its JSON reader
    (Gson) reads every number as a double, and anything but a string, boolean or number is
    "Something Else"."""
    if isinstance(value, bool):
        return "BOOLEAN"
    if isinstance(value, (int, float)):
        return "NUMERIC"
    if isinstance(value, str):
        return "STRING"
    return "Something Else"
