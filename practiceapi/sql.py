"""Names for the project's hand-written SQL (the hot statements of the session, todo and
limit code), taken from the models so that a renamed field or column cannot drift."""

from __future__ import annotations

from typing import Any

from django.db.models import Field
from django.db.models.options import Options


def column(meta: Options[Any], name: str) -> str:
    """The column of one of a model's concrete fields (the field's own name is not always
    its column: a foreign key's is `<name>_id`)."""
    field = meta.get_field(name)
    # get_field also answers reverse relations, which have no column.
    assert isinstance(field, Field) and field.column is not None, name
    return field.column
