"""Reads of a session's todo list (one query, plain row dicts in id order)."""

from __future__ import annotations

from challenges.models import Challenger
from todos.models import Todo

ROW_COLUMNS = ("todo_id", "title", "done_status", "description")


def todo_rows(challenger: Challenger) -> list[dict]:
    """All of the session's todos as `{"id","title","doneStatus","description"}`, by id."""
    return [
        {"id": tid, "title": title, "doneStatus": done, "description": description}
        for tid, title, done, description in Todo.objects.filter(challenger=challenger)
        .order_by("todo_id")
        .values_list(*ROW_COLUMNS)
    ]
