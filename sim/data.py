"""The simulator's data set and its simulated writes.

Everything here is a constant: every request starts from the same generated entities and
nothing a request does is ever stored. The special ids are the public service's teaching
cases: 9 "does not exist" for reads but can be deleted, 10 reads and amends as
`eris`, 11 (`bob`) is the entity every simulated create produces.
"""

from __future__ import annotations

from typing import Any

from practiceapi.protocol.hashorder import java_hashmap_order
from practiceapi.protocol.query import Field

# Output order of an entity's members: definition order in every format but XML, which
# keeps the public service's hash order (`name`, `description`, `id`), which student suites check.
ENTITY_FIELDS: tuple[str, ...] = ("id", "name", "description")
ENTITY_XML_FIELDS = java_hashmap_order(ENTITY_FIELDS)
QUERY_FIELDS: tuple[Field, ...] = (
    Field("id", "integer"),
    Field("name", "string"),
    Field("description", "string"),
)
COLLECTION = "entities"
ITEM = "entity"

NAME_MAX = 50
DESCRIPTION_MAX = 200

LISTED_IDS = range(1, 11)  # GET /sim/entities shows 1-10; 11 exists but is not listed
CREATED_ID = 11
DELETABLE_ID = 9  # DELETE succeeds, although GET says it does not exist
ERIS_ID = 10  # reads and amends answer with the entity renamed `eris`

_NAMES: dict[int, str] = {n: f"entity number {n}" for n in LISTED_IDS}
_NAMES[CREATED_ID] = "bob"


def _entity(entity_id: int, name: str) -> dict[str, Any]:
    return {"id": entity_id, "name": name, "description": ""}


def listed_rows() -> list[dict[str, Any]]:
    """The collection (ids 1-10, ascending), as fresh dicts a caller may not leak back."""
    return [_entity(n, _NAMES[n]) for n in LISTED_IDS]


def existing(entity_id: str) -> bool:
    """Is there an entity 1-11 at this path segment? Ids are compared as exact strings,
    as for todos: `01` is not entity 1."""
    return entity_id in _ID_TEXTS


def readable(entity_id: str) -> dict[str, Any] | None:
    """What GET /sim/entities/{id} shows: 1-8 and 11 as generated, 10 as `eris`, else None."""
    if not existing(entity_id):
        return None
    number = int(entity_id)
    if number == DELETABLE_ID:
        return None
    if number == ERIS_ID:
        return eris()
    return _entity(number, _NAMES[number])


def eris() -> dict[str, Any]:
    """Entity 10 as every read and amend of it answers."""
    return _entity(ERIS_ID, "eris")


def bob() -> dict[str, Any]:
    """Entity 11, what PUT/POST on /sim/entities/11 answer."""
    return _entity(CREATED_ID, _NAMES[CREATED_ID])


def would_create(fields: dict[str, str]) -> dict[str, Any]:
    """The entity a valid POST /sim/entities would create (never stored): id 11 with the
    submitted fields, `description` defaulting to ""."""
    return {"id": CREATED_ID, "name": fields["name"], "description": fields.get("description", "")}


# Names a create may not reuse (409): every name a GET can show, including `eris`.
TAKEN_NAMES: frozenset[str] = frozenset([*_NAMES.values(), "eris"])

_ID_TEXTS = frozenset(str(n) for n in _NAMES)
