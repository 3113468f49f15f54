"""/sim/entities and /sim/entities/{id}: the simulator.

Reads answer from the generated data in `sim.data`; writes are simulated and never stored,
so the next request sees the same data. The collection POST validates its body (400, 415,
422, 409); the item routes keep the public service's teaching answers for the
special ids 9, 10 and 11. Each operation carries its OpenAPI description through
`extend_schema`; the schemas and texts live in `sim.openapi`. One viewset serves both
routes, registered in `sim/urls.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.messages import NO_CONTENT_TYPE
from practiceapi.protocol.parsers import BodyFormats, JsonObjectParser, XmlParser
from practiceapi.protocol.payloads import Collection, Item
from practiceapi.protocol.query import UNPAGED as SIM_PAGING
from practiceapi.protocol.query import ParsedQuery, apply_query, parse_query_string
from practiceapi.protocol.querybody import ACCEPT_QUERY, QUERY_BODY, QueryBody, run_query_body
from practiceapi.protocol.responses import empty_response
from practiceapi.routing import ApiViewSet
from sim import data, openapi
from sim.mirror import wsgi_text
from sim.validation import validate_create

COLLECTION_ALLOW = "GET, QUERY, POST, HEAD, OPTIONS"
ITEM_ALLOW = "GET, POST, PUT, DELETE, HEAD, OPTIONS"
# The public service advertises only the form type here; all three formats really filter on
# /sim, so the full list is the truthful one.
QUERY_HEADERS = {"Accept-Query": ACCEPT_QUERY}

# The create body: JSON, or XML with an `<entity>` root (no structured todo types here).
CREATE_BODY = BodyFormats((JsonObjectParser, XmlParser), missing=(400, NO_CONTENT_TYPE))

# Verbs answered with a fixed status before any Accept check.
_FIXED_STATUS_METHODS = ("PATCH", "TRACE")


def _not_found(entity_id: str) -> ApiError:
    return ApiError(404, f"Could not find Entity with ID {entity_id}")


def _entity(row: dict[str, Any], status: int = 200) -> Response:
    headers = {}
    if status == 201:
        headers = {
            "Location": f"/sim/entities/{row['id']}",
            "X-Thing-Instance-Primary-Key": str(row["id"]),
        }
    payload = Item(data.ITEM, data.ENTITY_FIELDS, row, data.ENTITY_XML_FIELDS)
    return Response(payload, status=status, headers=headers)


def _collection(rows: list[dict[str, Any]]) -> Response:
    payload = Collection(
        data.COLLECTION, data.ITEM, data.ENTITY_FIELDS, rows, data.ENTITY_XML_FIELDS
    )
    return Response(payload, headers=QUERY_HEADERS)


def _url_query(request: Request) -> ParsedQuery:
    return parse_query_string(wsgi_text(request.META.get("QUERY_STRING", "")))


class EntityViewSet(ApiViewSet):
    """`sim/entities`: GET/HEAD/QUERY list, POST simulated create, OPTIONS; PUT/DELETE are
    405. `sim/entities/{id}`: reads, and the simulated amend/create/delete teaching answers.
    On both, PATCH and TRACE are fixed 501s, never Accept-checked."""

    lookup_url_kwarg = "id"
    lookup_value_regex = "[^/]+"
    xml_roots = (data.ITEM,)
    entity_fields = data.QUERY_FIELDS

    @property
    def negotiate(self) -> bool:  # type: ignore[override]
        return self.request.method not in _FIXED_STATUS_METHODS

    @property
    def headers_on_405(self) -> dict[str, str]:  # type: ignore[override]
        return {"Allow": ITEM_ALLOW if self.detail else COLLECTION_ALLOW}

    @property
    def body_formats(self) -> Mapping[str, BodyFormats]:  # type: ignore[override]
        return {} if self.detail else {"POST": CREATE_BODY, "QUERY": QUERY_BODY}

    @extend_schema(exclude=True)
    def list_patch(self, request: Request, **kwargs: str) -> HttpResponse:
        return empty_response(501)

    list_trace = detail_trace = partial_update = list_patch

    # --- the collection

    @extend_schema(**openapi.LIST)
    def list(self, request: Request) -> Response:
        rows = apply_query(data.listed_rows(), _url_query(request), data.QUERY_FIELDS, SIM_PAGING)
        return _collection(rows)

    @extend_schema(exclude=True)  # OpenAPI 3.1 has no QUERY operation; described in text
    def query(self, request: Request) -> Response:
        rows = run_query_body(
            lambda: cast(QueryBody, request.data),  # what the QUERY parsers produce
            data.listed_rows(),
            _url_query(request),
            data.QUERY_FIELDS,
            collection_name=data.COLLECTION,
            paging=SIM_PAGING,
        )
        return _collection(rows)

    @extend_schema(**openapi.CREATE)
    def create(self, request: Request) -> Response:
        fields = validate_create(request.data)
        return _entity(data.would_create(fields), 201)

    @extend_schema(exclude=True)
    def list_options(self, request: Request) -> HttpResponse:
        return empty_response(204, {"Allow": COLLECTION_ALLOW, **QUERY_HEADERS})

    # --- one entity

    @extend_schema(**openapi.READ)
    def retrieve(self, request: Request, id: str) -> Response:
        row = data.readable(id)
        if row is None:
            raise _not_found(id)
        return _entity(row)

    @extend_schema(**openapi.AMEND)
    def amend(self, request: Request, id: str) -> Response:
        return _simulated_write(id, unknown=_not_found(id))

    @extend_schema(**openapi.REPLACE)
    def update(self, request: Request, id: str) -> Response:
        return _simulated_write(id, unknown=ApiError(403, "Not authorised to create that entity"))

    @extend_schema(**openapi.DELETE)
    def destroy(self, request: Request, id: str) -> HttpResponse:
        if id == str(data.DELETABLE_ID):
            return empty_response(204)
        if data.existing(id):
            raise ApiError(403, "Not authorised to delete that entity")
        raise _not_found(id)

    @extend_schema(exclude=True)
    def detail_options(self, request: Request, id: str) -> HttpResponse:
        return empty_response(204, {"Allow": ITEM_ALLOW})


def _simulated_write(id: str, *, unknown: ApiError) -> Response:
    """POST/PUT on an item: bodies are ignored, as in the public service; 11 is created,
    10 amended, other existing ids refused; `unknown` is what a missing id answers."""
    if id == str(data.CREATED_ID):
        return _entity(data.bob(), 201)
    if id == str(data.ERIS_ID):
        return _entity(data.eris())
    if data.existing(id):
        raise ApiError(403, "Not authorised to amend that entity")
    raise unknown
