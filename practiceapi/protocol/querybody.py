"""QUERY request bodies: form-urlencoded, JSONPath (RFC 9535) and structured JSON.

Both structured media types, RFC 9535
JSONPath through `jsonpath-rfc9535`, the extended structured operators, and real
filtering for every format, for any collection.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from jsonpath_rfc9535 import JSONPathEnvironment, JSONPathError, JSONPathIndexError, JSONPathQuery
from jsonpath_rfc9535.function_extensions import Match, Search
from jsonpath_rfc9535.lex import tokenize
from jsonpath_rfc9535.tokens import TokenStream, TokenType

from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.messages import not_non_negative
from practiceapi.protocol.numbers import MAX_NUMBER_LENGTH, NumberTooLong
from practiceapi.protocol.parsers import BodyFormats, BodyParser, decode_strict_json
from practiceapi.protocol.patterns import compile_iregexp, compile_pattern, regex_budget
from practiceapi.protocol.query import (
    EQUALS,
    GREATER_THAN,
    GREATER_THAN_OR_EQUAL,
    LESS_THAN,
    LESS_THAN_OR_EQUAL,
    NOT_EQUALS,
    Field,
    Paging,
    ParsedQuery,
    Predicate,
    apply_query,
    compare_predicate,
    compile_filters,
    filter_rows,
    find_field,
    page_rows,
    parse_query_string,
    resolve_paging,
    resolve_sort,
    sort_rows,
    text_predicate,
)

FORM_TYPE = "application/x-www-form-urlencoded"
JSONPATH_TYPE = "application/jsonpath"
# Both names of the structured type are accepted, listed in this order: the documented
# name first, then the one the public service uses.
STRUCTURED_QUERY_TYPES = (
    "application/vnd.service.query+json",
    "application/vnd.thingifier.query+json",
)
ACCEPT_QUERY = ", ".join((FORM_TYPE, JSONPATH_TYPE, *STRUCTURED_QUERY_TYPES))

NOT_RESOURCES_MESSAGE = "JSONPath query must select complete resource objects from the collection"


# ---------------------------------------------------------------------------------------
# JSONPath
# ---------------------------------------------------------------------------------------


class SafeMatch(Match):
    """RFC 9535 `match()` on RE2 (practiceapi/protocol/patterns.py).

    Same semantics as the library's `Match`: an I-Regexp (checked as the library checks
    it, `.` as it maps it) that must match the whole value; False for non-strings or
    invalid patterns. A valid one too long or too complex to run is a 400.
    """

    def __call__(self, string: object, pattern: object) -> bool:
        if not isinstance(pattern, str) or not isinstance(string, str):
            return False
        compiled = compile_iregexp(pattern)
        return compiled is not None and compiled.fullmatch(string)


class SafeSearch(Search):
    """RFC 9535 `search()` on RE2: as SafeMatch, matching anywhere in the value."""

    def __call__(self, string: object, pattern: object) -> bool:
        if not isinstance(pattern, str) or not isinstance(string, str):
            return False
        compiled = compile_iregexp(pattern)
        return compiled is not None and compiled.search(string)


class SafeJSONPathEnvironment(JSONPathEnvironment):
    """A private environment whose `match`/`search` run on RE2.

    The library registers function extensions per environment instance, so replacing
    them here leaves the module-level default environment untouched (no monkeypatch).
    """

    def setup_function_extensions(self) -> None:
        super().setup_function_extensions()
        self.function_extensions["match"] = SafeMatch()
        self.function_extensions["search"] = SafeSearch()

    def compile(self, query: str) -> JSONPathQuery:
        """The library's compile, with every array index measured before the parser
        converts it with int() (which refuses more than 4300 digits, and is slow well
        before): one too long to read is out of range, as the library says of any index
        beyond +/-(2^53-1)."""
        tokens = tokenize(query)
        for token in tokens:
            if token.type_ == TokenType.INDEX and len(token.value) > MAX_NUMBER_LENGTH:
                raise JSONPathIndexError("index out of range", token=token)
        return JSONPathQuery(env=self, segments=tuple(self.parser.parse(TokenStream(tokens))))


_ENV = SafeJSONPathEnvironment()


def jsonpath_compile(expression: str) -> JSONPathQuery:
    """Compile an RFC 9535 expression; an invalid one is 400 with the library's message."""
    try:
        return _ENV.compile(expression)
    except JSONPathError as exc:
        raise ApiError(400, str(exc)) from exc
    except RecursionError as exc:
        raise ApiError(400, "JSONPath expression is nested too deeply") from exc
    except (OverflowError, ValueError) as exc:
        # The library reads number literals through float(): RFC 9535 §2.1 makes integers
        # outside +/-(2^53-1) invalid anyway.
        raise ApiError(400, f"Invalid JSONPath number literal: {exc}") from exc


def _evaluate(compiled: JSONPathQuery, document: Any) -> list[Any]:
    try:
        with regex_budget():
            return [node.value for node in compiled.finditer(document)]
    except JSONPathError as exc:
        raise ApiError(400, str(exc)) from exc
    except RecursionError as exc:
        raise ApiError(400, "JSONPath expression is nested too deeply") from exc


def select_resources(expression: str, rows: list[dict], collection_name: str) -> list[dict]:
    """Rows selected by a JSONPath expression over `{collection_name: rows}`.

    Every selected value must be one of the row objects themselves (checked by
    identity), the collection array (flattened) or the root (all rows); anything else
    is 422. A row selected twice is listed once, at its first position.
    """
    compiled = jsonpath_compile(expression)
    document = {collection_name: rows}
    row_ids = {id(row) for row in rows}
    selected: list[dict] = []
    seen: set[int] = set()

    def add(row: dict) -> None:
        if id(row) not in seen:
            seen.add(id(row))
            selected.append(row)

    for value in _evaluate(compiled, document):
        if value is document or value is rows:
            for row in rows:
                add(row)
        elif id(value) in row_ids:
            add(value)
        else:
            raise ApiError(422, NOT_RESOURCES_MESSAGE)
    return selected


# ---------------------------------------------------------------------------------------
# Structured JSON query
# ---------------------------------------------------------------------------------------

_ORDERING = {
    "greaterThan": GREATER_THAN,
    "greaterThanOrEqual": GREATER_THAN_OR_EQUAL,
    "lessThan": LESS_THAN,
    "lessThanOrEqual": LESS_THAN_OR_EQUAL,
}
_TEXT_OPS = ("contains", "startsWith", "endsWith", "matches")


@dataclass
class StructuredQuery:
    """A validated structured query body."""

    predicates: list[Predicate] = field(default_factory=list)
    sort: list[tuple[Field, bool]] = field(default_factory=list)
    limit: int | None = None
    offset: int | None = None


def _suits(fld: Field, value: Any) -> bool:
    """Whether a JSON value has the type of `fld` (bools are not integers here)."""
    if fld.kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if fld.kind == "boolean":
        return isinstance(value, bool)
    return isinstance(value, str)


def _text_test(op: str, operand: str) -> Callable[[str], bool]:
    if op == "contains":
        return lambda text: operand in text
    if op == "startsWith":
        return lambda text: text.startswith(operand)
    if op == "endsWith":
        return lambda text: text.endswith(operand)
    return compile_pattern(operand, status=422).fullmatch


def _in_predicate(fld: Field, values: list[Any]) -> Predicate:
    # Same typed equality as `equals`, for any of the values (an empty list matches none).
    alternatives = [compare_predicate(fld, EQUALS, value) for value in values]
    return lambda row: any(alternative(row) for alternative in alternatives)


def _operator_predicate(fld: Field, op: str, operand: Any) -> Predicate:
    """Validate one `{"<op>": operand}` entry for `fld` and build its predicate."""
    if op == "equals":
        if not _suits(fld, operand):
            raise ApiError(422, f"Invalid exact match value for field {fld.name}")
        return compare_predicate(fld, EQUALS, operand)
    if op == "notEquals":
        if not _suits(fld, operand):
            raise ApiError(422, f"Invalid notEquals value for field {fld.name}")
        return compare_predicate(fld, NOT_EQUALS, operand)
    if op in _ORDERING:
        if fld.kind != "integer" or not _suits(fld, operand):
            raise ApiError(422, f"{op} is only supported for numeric field {fld.name}")
        return compare_predicate(fld, _ORDERING[op], operand)
    if op in _TEXT_OPS:
        if fld.kind != "string" or not isinstance(operand, str):
            raise ApiError(422, f"{op} is only supported for text field {fld.name}")
        return text_predicate(fld, _text_test(op, operand))
    if op == "in":
        if not isinstance(operand, list):
            raise ApiError(422, f"in requires an array of values for field {fld.name}")
        if not all(_suits(fld, item) for item in operand):
            raise ApiError(422, f"Invalid in value for field {fld.name}")
        return _in_predicate(fld, operand)
    raise ApiError(422, f"Unsupported query operator {op} for field {fld.name}")


def _filter_predicates(spec: Any, fields: Sequence[Field]) -> list[Predicate]:
    if not isinstance(spec, dict):
        raise ApiError(422, "filter must be an object")
    predicates: list[Predicate] = []
    for name, condition in spec.items():
        fld = find_field(fields, name)
        if fld is None:
            raise ApiError(422, f"Unknown query filter field {name}")
        if isinstance(condition, dict):
            if not condition:
                raise ApiError(422, f"Filter operators for field {fld.name} are required")
            for op, operand in condition.items():
                predicates.append(_operator_predicate(fld, op, operand))
        else:
            # A plain value is exact match; null/array/wrong type are rejected.
            if not _suits(fld, condition):
                raise ApiError(422, f"Invalid exact match value for field {fld.name}")
            predicates.append(compare_predicate(fld, EQUALS, condition))
    return predicates


def _sort_keys(spec: Any, fields: Sequence[Field]) -> list[tuple[Field, bool]]:
    if not isinstance(spec, list):
        raise ApiError(422, "sort must be an array")
    keys: list[tuple[Field, bool]] = []
    for entry in spec:
        if not isinstance(entry, dict):
            raise ApiError(422, "sort entries must be objects")
        for key in entry:
            if key not in ("field", "direction"):
                raise ApiError(422, f"Unknown sort field {key}")
        name = entry.get("field")
        if not isinstance(name, str):
            raise ApiError(422, "sort field must be a string")
        fld = find_field(fields, name)
        if fld is None:
            raise ApiError(422, f"Unknown sort field {name}")
        direction = entry.get("direction")
        if direction not in ("asc", "desc"):
            raise ApiError(422, "sort direction must be asc or desc")
        keys.append((fld, direction == "desc"))
    return keys


def _non_negative_json(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ApiError(422, not_non_negative(name))
    return value


def parse_structured(body: bytes, fields: Sequence[Field]) -> StructuredQuery:
    """Parse and validate a structured JSON query body (strict JSON)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApiError(400, "Malformed JSON query body") from exc
    if not text.strip():
        raise ApiError(422, "Structured JSON query body must be an object")
    try:
        # Strict JSON: no NaN/Infinity, and no number too long to read.
        document = decode_strict_json(text)
    except NumberTooLong as exc:
        raise ApiError(400, f"Malformed JSON query body ({exc})") from None
    except (ValueError, RecursionError) as exc:
        raise ApiError(400, "Malformed JSON query body") from exc
    if not isinstance(document, dict):
        raise ApiError(422, "Structured JSON query body must be an object")
    for name in document:
        if name not in ("filter", "sort", "limit", "offset"):
            raise ApiError(422, f"Unknown structured query field {name}")
    query = StructuredQuery()
    if "filter" in document:
        query.predicates = _filter_predicates(document["filter"], fields)
    if "sort" in document:
        query.sort = _sort_keys(document["sort"], fields)
    if "limit" in document:
        query.limit = _non_negative_json(document["limit"], "limit")
    if "offset" in document:
        query.offset = _non_negative_json(document["offset"], "offset")
    return query


# ---------------------------------------------------------------------------------------
# Entry point
# ---------------------------------------------------------------------------------------


def _decode_text(body: bytes, what: str) -> str:
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApiError(400, f"{what} is not valid UTF-8") from exc


def _merge_form(url_query: ParsedQuery, body_query: ParsedQuery) -> ParsedQuery:
    """The URL query followed by the form body, as if the body were appended to it.

    Filters AND together, `_sortBy` keys concatenate (URL first), and a body
    `_limit`/`_offset` replaces the URL's.
    """
    merged = ParsedQuery(
        params=[*url_query.params, *body_query.params],
        filters=[*url_query.filters, *body_query.filters],
        sort=[*url_query.sort, *body_query.sort],
        limit=url_query.limit,
        offset=url_query.offset,
        limit_op=url_query.limit_op,
        offset_op=url_query.offset_op,
    )
    if body_query.limit is not None:
        merged.limit, merged.limit_op = body_query.limit, body_query.limit_op
    if body_query.offset is not None:
        merged.offset, merged.offset_op = body_query.offset, body_query.offset_op
    return merged


@dataclass(frozen=True)
class JsonPathBody:
    """A QUERY body holding a JSONPath expression (already known to compile)."""

    expression: str


QueryBody = ParsedQuery | JsonPathBody | StructuredQuery


def _run(
    query: QueryBody,
    rows: list[dict],
    url_query: ParsedQuery,
    fields: Sequence[Field],
    collection_name: str,
    paging: Paging | None,
) -> list[dict]:
    if isinstance(query, ParsedQuery):
        return apply_query(rows, _merge_form(url_query, query), fields, paging)

    if isinstance(query, JsonPathBody):
        window = resolve_paging(url_query, paging) if paging is not None else None
        # The document holds every row matching the URL query, sorted, but not paged
        # (the public service pages first: a quirk we do not copy).
        document_rows = apply_query(rows, url_query, fields, None)
        selected = select_resources(query.expression, document_rows, collection_name)
        return page_rows(selected, *window) if window is not None else selected

    structured = query
    url_predicates = compile_filters(url_query.filters, fields)
    url_sort = resolve_sort(url_query.sort, fields)
    window = resolve_paging(url_query, paging) if paging is not None else None
    result = filter_rows(rows, [*url_predicates, *structured.predicates])
    sort_keys = [*url_sort, *structured.sort]
    if sort_keys:
        result = sort_rows(result, sort_keys)
    if window is None or paging is None:
        return result
    limit, offset = window
    if structured.limit is not None:
        # The body's limit wins over the URL's; capped silently.
        limit = structured.limit
        if paging.max_limit is not None:
            limit = min(limit, paging.max_limit)
    if structured.offset is not None:
        offset = structured.offset
    return page_rows(result, limit, offset)


def run_query_body(
    read_body: Callable[[], QueryBody],
    rows: list[dict],
    url_query: ParsedQuery,
    fields: Sequence[Field],
    *,
    collection_name: str,
    paging: Paging | None,
) -> list[dict]:
    """Answer a QUERY request: the rows selected by the body combined with the URL query.

    `read_body` parses the body (a view passes `lambda: request.data`): it runs within the
    request's regex work budget, since a structured body compiles its patterns, and its
    errors, like every error here, carry `Accept-Query`. `rows` arrive in the default order
    (ascending id).
    """
    try:
        with regex_budget():
            return _run(read_body(), rows, url_query, fields, collection_name, paging)
    except ApiError as exc:
        exc.headers.setdefault("Accept-Query", ACCEPT_QUERY)
        raise


# ---------------------------------------------------------------------------------------
# DRF parser classes and what the QUERY method reads
# ---------------------------------------------------------------------------------------


class FormQueryParser(BodyParser):
    """`application/x-www-form-urlencoded`: the URL query language, strictly parsed."""

    media_type = FORM_TYPE

    def parse_body(self, body: bytes, view: Any) -> ParsedQuery:
        # Raw whitespace is never part of a form value (spaces arrive as '+' or %20), so a
        # trailing newline from `curl --data-binary @file` is dropped rather than kept.
        form = _decode_text(body, "QUERY form body").strip()
        return parse_query_string(form, strict=True)


class JsonPathQueryParser(BodyParser):
    """`application/jsonpath`: an RFC 9535 expression, compiled to report syntax errors
    before the URL query is looked at."""

    media_type = JSONPATH_TYPE

    def parse_body(self, body: bytes, view: Any) -> JsonPathBody:
        expression = _decode_text(body, "JSONPath expression").strip()
        if not expression:
            raise ApiError(400, "Missing JSONPath expression for QUERY request")
        jsonpath_compile(expression)
        return JsonPathBody(expression)


class StructuredQueryParser(BodyParser):
    """Both structured JSON query types; the view's `entity_fields` are the fields
    a filter or sort may name."""

    media_type = STRUCTURED_QUERY_TYPES[0]

    def accepts(self, media_type: str, view: Any) -> bool:
        return media_type in STRUCTURED_QUERY_TYPES

    def parse_body(self, body: bytes, view: Any) -> StructuredQuery:
        return parse_structured(body, getattr(view, "entity_fields", ()))


QUERY_PARSERS = (FormQueryParser, JsonPathQueryParser, StructuredQueryParser)
# Every QUERY error carries `Accept-Query`; an unsupported Content-Type also `Accept`.
QUERY_BODY = BodyFormats(
    QUERY_PARSERS,
    unsupported="Unsupported QUERY Content Type - {header}",
    missing=(400, "Missing Content-Type for QUERY request"),
    headers={"Accept-Query": ACCEPT_QUERY},
    unsupported_headers={"Accept": ACCEPT_QUERY},
)
