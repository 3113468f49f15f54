"""What views hand to renderers: a collection, a bare item, or a list of error messages.

Renderers turn these into bytes in any of the supported formats, so a view never builds a
body by hand. Rows are plain dicts whose keys are the `fields`, in output order.
`xml_fields`, when given, is the element order of the XML form (the same names, reordered
as the public service orders them, which student suites check); every other format keeps
`fields` order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Collection:
    """A list of rows rendered as `{"items":[...]}` / `<items><item>...</item></items>`."""

    name: str  # plural wrapper, e.g. "items"
    item: str  # element name of one row in XML, e.g. "item"
    fields: tuple[str, ...]  # output order of each row's members
    rows: list[dict[str, Any]] = field(default_factory=list)
    xml_fields: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Item:
    """One row rendered bare: `{"id":1,...}` / `<item>...</item>`."""

    item: str
    fields: tuple[str, ...]
    row: dict[str, Any]
    xml_fields: tuple[str, ...] | None = None


@dataclass(frozen=True)
class CalendarTask:
    """One iCalendar to-do (RFC 5545's VTODO), as the resource's app maps a row to it."""

    uid: str
    summary: Any
    description: Any
    completed: bool


@dataclass(frozen=True)
class ErrorMessages:
    """The shared error shape: `{"errorMessages":[...]}` and its XML form."""

    messages: list[str]
    # XML child element name; some 404s use "message", as the public service does.
    xml_child: str = "errorMessage"
