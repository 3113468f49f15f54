"""OpenAPI annotations (placeholder)."""
from __future__ import annotations


def _identity(f):
    return f


list_todos = head_todos = query_todos = create_todo = replace_todo_by_body_id = _identity
options_todos = get_todo = head_todo = amend_todo = replace_todo = patch_todo = _identity
delete_todo = options_todo = export_todos = options_export = _identity
