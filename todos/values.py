"""How a todo body's values are read, as each edition reads them: kept as JSON typed
them, or as text, as the classic engine's string map read them. `todos.editions` chooses
one reader per edition; validation then checks what it read.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from practiceapi.protocol.errors import FailedValidation
from practiceapi.protocol.numbers import MAX_NUMBER_LENGTH
from todos.messages import not_a_boolean
from todos.resource import TODO_FIELDS

_NUMBER_TEXT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_BOOLEAN_FIELDS = frozenset(f.name for f in TODO_FIELDS if f.kind == "boolean")


def display(value: Any) -> str:
    """A body value as a message shows it (`3`, `abc`, `true`, `null`)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def id_key(value: Any) -> int | None:
    """A body `id` as an integer when it denotes one (`3`, `3.0`, `"3"`), else None.

    Text longer than any number a body's numbers may be (numbers.MAX_NUMBER_LENGTH)
    denotes none: it is never handed to float().
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    if (
        isinstance(value, str)
        and len(value) <= MAX_NUMBER_LENGTH
        and _NUMBER_TEXT.fullmatch(value.strip())
    ):
        number = float(value)
        return int(number) if math.isfinite(number) and number.is_integer() else None
    return None


def java_double_text(value: float) -> str:
    """A number as Java's `Double.toString` writes it (`1.0`, `0.5`, `1.0E7`, `1.0E-4`)."""
    number = float(value)
    if not math.isfinite(number):
        return "NaN" if math.isnan(number) else ("Infinity" if number > 0 else "-Infinity")
    if number == 0 or 1e-3 <= abs(number) < 1e7:
        return repr(number)
    # Shortest round-trip digits (Python's repr and Java's agree on them), Java's layout.
    sign, digits, exponent = Decimal(repr(number)).normalize().as_tuple()
    text = "".join(map(str, digits))
    mantissa = f"{text[0]}.{text[1:] or '0'}"
    return f"{'-' if sign else ''}{mantissa}E{len(text) + int(exponent) - 1}"


def read_as_text(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Body values as the classic engine read them: text, except that a boolean field
    holding `true`/`false` (any case) is a boolean; null and arrays are dropped.

    Raises the engine's 400 for a boolean field whose text is neither.
    """
    read: dict[str, Any] = {}
    for name, value in fields.items():
        if name == "id" or isinstance(value, dict):
            read[name] = value  # compared as a number / reported as an unknown path
            continue
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (int, float)):
            text = java_double_text(value)
        elif isinstance(value, str):
            text = value
        else:
            continue
        if name in _BOOLEAN_FIELDS:
            if text.lower() not in ("true", "false"):
                raise FailedValidation(not_a_boolean(name, text))
            read[name] = text.lower() == "true"
        else:
            read[name] = text
    return read


class TypedValues:
    """Values as JSON typed them; a message shows a value as JSON writes it."""

    @staticmethod
    def read(fields: dict[str, Any]) -> dict[str, Any]:
        return fields

    @staticmethod
    def shown(value: Any) -> str:
        return display(value)


class TextValues:
    """Values read as text (`read_as_text`), each then checked against its field's rule; a
    body id was read as a number and shown as an integer."""

    @staticmethod
    def read(fields: dict[str, Any]) -> dict[str, Any]:
        return read_as_text(fields)

    @staticmethod
    def shown(value: Any) -> str:
        whole = id_key(value)
        return display(value) if whole is None else str(whole)
