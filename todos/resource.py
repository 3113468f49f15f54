"""The todo resource as the protocol layer is told it: its fields and their kinds, the
limits of its text fields, its XML element names, and the structured XML media types that
name it (`application/vnd.apichallenges.todo+xml`). The model, the validators, the
views and the challenges that quote a limit all read them from here, so changing one is a
change to this file alone.
"""

from __future__ import annotations

from typing import Any

from practiceapi.protocol.negotiation import VendorXml
from practiceapi.protocol.payloads import CalendarTask
from practiceapi.protocol.query import Field, Paging

TITLE_MAX = 50
DESCRIPTION_MAX = 200
TODO_BODY_MAX_CHARACTERS = 5000

TODO_FIELDS: tuple[Field, ...] = (
    Field("id", "integer"),
    Field("title", "string"),
    Field("doneStatus", "boolean"),
    Field("description", "string"),
)

# XML root elements a todo body may be wrapped in.
XML_ROOTS = ("todo", "todos")

# `application/<...>todo+xml` or `...todos+xml`; `application/*+xml` answers as the first.
TODO_XML = VendorXml(names=frozenset({"todo", "todos"}), default="application/todo+xml")

# GET pages by 10 and refuses `_limit` over 20; HEAD and QUERY clamp it instead.
GET_PAGING = Paging(10, 20, True)
CLAMP_PAGING = Paging(10, 20, False)


def calendar_task(row: dict[str, Any]) -> CalendarTask:
    """A todo as an iCalendar to-do (text/calendar)."""
    return CalendarTask(
        uid=f"todo-{row['id']}@apichallenges",
        summary=row.get("title"),
        description=row.get("description"),
        completed=row.get("doneStatus") is True,
    )
