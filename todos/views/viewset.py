"""The todo resource as one DRF viewset: the collection's actions (`collection.py`), the
item's (`item.py`) and the export (`export.py`), registered once in `todos/urls.py`.

The router builds one view per route (list, export, item); each instance knows its route
by the action its GET runs, and runs that route's checks before the action (§1.4): the
verbs its edition routes there, the QUERY `Allow` of the item, the list's `_limit` guard,
the item's calendar negotiation, the body formats of each method.
"""

from __future__ import annotations

from collections.abc import Mapping

from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request

from practiceapi.protocol.parsers import BodyFormats
from practiceapi.routing import ApiViewSet
from todos.views.collection import TodoListActions
from todos.views.export import TodoExportActions
from todos.views.item import TodoItemActions

LIST, ITEM, EXPORT = "list", "retrieve", "export"


class TodoViewSet(ApiViewSet, TodoListActions, TodoItemActions, TodoExportActions):
    """`todos`, `todos/{id}` and `todos/export`."""

    lookup_url_kwarg = "todo_id"
    # An id is whatever one segment holds: `/todos/abc` is a 404 naming `abc`.
    lookup_value_regex = "[^/]+"

    @property
    def route(self) -> str:
        """`list`, `retrieve` or `export`: what this route's GET does."""
        return self.action_map["get"]

    @property
    def body_formats(self) -> Mapping[str, BodyFormats]:  # type: ignore[override]
        if self.detail:
            return self.item_body_formats
        return self.list_body_formats if self.route == LIST else {}

    @property
    def headers_on_405(self) -> dict[str, str]:  # type: ignore[override]
        return self.item_headers_on_405() if self.route == ITEM else {}

    def implements(self, method: str) -> bool:
        if self.route == LIST:
            return self.list_implements(method)
        if self.route == ITEM:
            return self.item_implements(method)
        return super().implements(method)

    def before_negotiation(self, request: Request) -> None:
        super().before_negotiation(request)
        if self.route == LIST:
            self.list_before_negotiation(request)

    def perform_content_negotiation(
        self, request: Request, force: bool = False
    ) -> tuple[BaseRenderer, str]:
        chosen = self.item_negotiation(request) if self.route == ITEM else None
        return chosen or super().perform_content_negotiation(request, force)

    def after_negotiation(self, request: Request) -> None:
        # The export reads no body: no size limit there.
        if self.route != EXPORT:
            super().after_negotiation(request)
        if self.route == ITEM:
            self.item_after_negotiation(request)
