"""Todos: each session owns its own list with its own id counter."""

from __future__ import annotations

from django.db import models

from challengers.models import Challenger
from todos.resource import DESCRIPTION_MAX, TITLE_MAX


class Todo(models.Model):
    challenger = models.ForeignKey(Challenger, on_delete=models.CASCADE, related_name="todos")
    # The id clients see: per session, assigned from Challenger.next_todo_id, never reused.
    todo_id = models.PositiveIntegerField()
    title = models.CharField(max_length=TITLE_MAX)
    done_status = models.BooleanField(default=False)
    description = models.CharField(max_length=DESCRIPTION_MAX, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["challenger", "todo_id"], name="todo_id_per_session")
        ]
        ordering = ["challenger", "todo_id"]

    def __str__(self) -> str:
        return f"{self.todo_id}: {self.title}"

    def as_row(self) -> dict:
        return {
            "id": self.todo_id,
            "title": self.title,
            "doneStatus": self.done_status,
            "description": self.description,
        }
