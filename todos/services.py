"""Writes to a session's todo list. Every write that changes the id counter or the count
runs under the session row lock, so concurrent requests cannot exceed the cap or reuse ids."""

from __future__ import annotations

from challenges.models import Challenger
from todos.models import Todo

DEFAULT_TITLES = (
    "scan paperwork",
    "file paperwork",
    "process payments",
    "escalate late payments",
    "pay invoices",
    "process payroll",
    "train staff",
    "schedule meeting",
    "tidy meeting room",
    "install webcam",
)


def default_rows() -> list[dict]:
    """The seeded list (spec/api.md §2.2): what a new session starts with."""
    return [
        {"id": n, "title": title, "doneStatus": False, "description": ""}
        for n, title in enumerate(DEFAULT_TITLES, start=1)
    ]


def seed_default_todos(challenger: Challenger) -> None:
    """Fill a brand-new session with todos 1-10; the counter continues at 11."""
    Todo.objects.bulk_create(
        Todo(challenger=challenger, todo_id=n, title=title)
        for n, title in enumerate(DEFAULT_TITLES, start=1)
    )
    count = len(DEFAULT_TITLES)
    Challenger.objects.filter(pk=challenger.pk).update(next_todo_id=count + 1, todo_count=count)
    challenger.next_todo_id, challenger.todo_count = count + 1, count


def replace_all(challenger: Challenger, rows: list[dict]) -> None:
    """Replace the whole list with already-validated rows (restore, C.6), atomically.

    Rows without an id get fresh ones; the counter continues above every id the session
    has handed out, so an id is never reused after a restore either.
    """
    from django.db import transaction

    with transaction.atomic():
        locked = Challenger.objects.select_for_update().get(pk=challenger.pk)
        Todo.objects.filter(challenger=locked).delete()
        next_id = max([locked.next_todo_id, *(row["id"] + 1 for row in rows if "id" in row)])
        todos = []
        for row in rows:
            if "id" in row:
                todo_id = row["id"]
            else:
                todo_id, next_id = next_id, next_id + 1
            todos.append(
                Todo(
                    challenger=locked,
                    todo_id=todo_id,
                    title=row["title"],
                    done_status=row.get("doneStatus", False),
                    description=row.get("description", ""),
                )
            )
        Todo.objects.bulk_create(todos)
        Challenger.objects.filter(pk=locked.pk).update(next_todo_id=next_id, todo_count=len(todos))
    challenger.next_todo_id, challenger.todo_count = next_id, len(todos)
