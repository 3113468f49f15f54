"""Accept-header content negotiation, as pure string functions.

This module owns: parsing an `Accept` header into media ranges, choosing the response media
type among the format table's (`formats.py`) or the 406 message, recognising a resource's
structured XML types (a `VendorXml` family the resource's app declares), and the
predicates callers ask about a header ("asks for", "matches", "recognises any",
the top-ranked range used for `text/calendar`). It knows nothing about requests, views or
rendering; callers pass the header string and get back a media type string.

Everything here runs on every API request, so the string -> result functions are memoised
(bounded) and the parser reads at most `MAX_RANGES` ranges of any header, however long.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from practiceapi.protocol.errors import NotAcceptable

# The media type names and the server preference order (the last tie-breaker when q,
# specificity and position are equal) come from the format table; re-exported here
# because negotiation is where callers look for them.
from practiceapi.protocol.formats import CSV as CSV
from practiceapi.protocol.formats import HTML as HTML
from practiceapi.protocol.formats import JSON as JSON
from practiceapi.protocol.formats import JSON_SEQ as JSON_SEQ
from practiceapi.protocol.formats import JSONL as JSONL
from practiceapi.protocol.formats import NDJSON as NDJSON
from practiceapi.protocol.formats import PRODUCIBLE as PRODUCIBLE
from practiceapi.protocol.formats import TEXT as TEXT
from practiceapi.protocol.formats import TEXT_XML as TEXT_XML
from practiceapi.protocol.formats import TSV as TSV
from practiceapi.protocol.formats import XML as XML
from practiceapi.protocol.formats import VendorXml as VendorXml
from practiceapi.protocol.formats import media_type_of

UNRECOGNISED_MESSAGE = "Unrecognised Accept Type"
NO_ACCEPTABLE_MESSAGE = "No acceptable response type supported"

# Real clients send a handful of ranges; anything past this is ignored so a hostile header
# (thousands of commas, megabytes of parameters) costs a bounded amount of work.
MAX_RANGES = 100
MAX_PARAMS = 20
# Long headers bypass the memo caches so an attacker cannot pin large strings in memory.
_MAX_CACHED_HEADER = 1024

_STRUCTURED_SUFFIX_WILDCARD = "application/*+xml"
_Q_VALUE = re.compile(r"\+?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?", re.ASCII)

# A separator only counts outside double quotes; a backslash inside quotes escapes the next
# character. An unterminated quote runs to the end. Each alternative starts on a distinct
# character class and the quoted form cannot fail once opened, so there is no backtracking
# blow-up on hostile input.
_QUOTED = r'"(?:[^"\\]|\\.)*"?'
# One comma-separated part that holds at least one non-blank character; finditer skips the
# commas and blank parts in C rather than in a Python loop.
_PART = re.compile(rf'(?:[^,"\s]|{_QUOTED})(?:[^,"]|{_QUOTED})*', re.DOTALL)
_UNTIL_SEMICOLON = re.compile(rf'(?:[^;"]|{_QUOTED})*', re.DOTALL)
_PARAM = re.compile(rf'(?:[^;"\s]|{_QUOTED})(?:[^;"]|{_QUOTED})*', re.DOTALL)

# How specifically a range matches a concrete type; 0 means it does not match at all.
_NO_MATCH = 0
_ANY = 1  # */*
_TYPE_WILDCARD = 2  # text/*
_SUFFIX_WILDCARD = 3  # application/*+xml
_EXACT = 4


@dataclass(frozen=True)
class MediaRange:
    """One comma-separated entry of an Accept header.

    `q` is None when the q parameter was not a number in 0..1; such a range, like one with
    q = 0, can match a type but never makes it acceptable. `position` counts non-blank
    entries from 0. `raw` is the lower-cased media range without parameters.
    """

    type: str
    subtype: str
    q: float | None
    position: int
    raw: str

    @property
    def usable(self) -> bool:
        return self.q is not None and self.q > 0


def select_media_type(
    accept: str | None,
    producible: Sequence[str] = PRODUCIBLE,
    *,
    structured_xml: VendorXml | None = None,
) -> str:
    """The media type to respond with (lower-case, no parameters), or raise NotAcceptable.

    `producible` is in server preference order. `structured_xml` (a resource's vendor XML
    family) also makes its structured XML types producible: one named in the
    header is echoed back as asked, and `application/*+xml` resolves to its `default`.
    """
    key = PRODUCIBLE if producible is PRODUCIBLE else tuple(m.lower() for m in producible)
    if not key:
        raise ValueError("select_media_type needs at least one producible media type")
    header = accept or ""
    if len(header) > _MAX_CACHED_HEADER:
        chosen, error = _negotiate.__wrapped__(header, key, structured_xml)
    else:
        chosen, error = _negotiate(header, key, structured_xml)
    if error:
        raise NotAcceptable(error)
    return chosen


# What the public service's 2024-26 engine recognised in an Accept item (by substring), and as what.
_ENGINE_KINDS = (
    ("application/xml", XML),
    ("application/json", JSON),
    ("application/*", "*"),
    ("*/*", "*"),
    ("text/plain", JSON),
    ("text/html", JSON),
)


def _engine_kind(item: str) -> str | None:
    return next((kind for text, kind in _ENGINE_KINDS if text in item), None)


def engine_media_type(accept: str | None, producible: Sequence[str] = PRODUCIBLE) -> str:
    """The response type as the public service's 2024-26 engine chose it, or raise NotAcceptable.

    It answered JSON or XML only. An Accept item counted if it contained one of the
    types it recognised (`text/plain` and `text/html` were answered as JSON); a header with
    items, none of them recognised, is a 406. XML is chosen when the first recognised
    item that is not a wildcard asks for it (header order; q-values were not read).
    """
    items = [item.strip() for item in (accept or "").strip().lower().split(",") if item.strip()]
    kinds = [_engine_kind(item) for item in items[:MAX_RANGES]]
    if kinds and all(kind is None for kind in kinds):
        raise NotAcceptable(UNRECOGNISED_MESSAGE)
    preferred = next((kind for kind in kinds if kind not in (None, "*")), JSON)
    return XML if preferred == XML and XML in producible else JSON


class RankedAccept:
    """By q-values, then specificity, then header position, among every format."""

    @staticmethod
    def media_type(
        accept: str | None, producible: Sequence[str], structured_xml: VendorXml | None
    ) -> str:
        return select_media_type(accept, producible, structured_xml=structured_xml)


class HeaderOrderAccept:
    """As the public service's 2024-26 engine read Accept: JSON or XML, by header order,
    q-values unread (`engine_media_type`); structured XML types are not told apart from
    others."""

    @staticmethod
    def media_type(
        accept: str | None, producible: Sequence[str], structured_xml: VendorXml | None
    ) -> str:
        return engine_media_type(accept, producible)


def is_xml_type(media_type: str, structured_xml: VendorXml | None = None) -> bool:
    """`application/xml`, `text/xml` or one of `structured_xml`'s types (parameters
    ignored)."""
    media = media_type_of(media_type)
    if media in (XML, TEXT_XML):
        return True
    return structured_xml is not None and structured_xml.names_type(media)


def accept_asks_for(accept: str | None, media_type: str) -> bool:
    """Does some range literally name `media_type` (params and case ignored) with q > 0?"""
    target = media_type_of(media_type)
    return any(r.raw == target and r.usable for r in _ranges(accept))


def accept_matches(accept: str | None, media_type: str) -> bool:
    """Does the header accept `media_type` (exactly, `type/*`, `type/*+suffix` or `*/*`)?

    The most specific range matching the type decides, as in negotiation, so
    `application/json;q=0, */*` does not match JSON. A blank header names no range and
    matches nothing.
    """
    best = _best_range(_ranges(accept), media_type_of(media_type))
    return best is not None and best[1].usable


def accept_recognises_any(
    accept: str | None,
    producible: Sequence[str] = PRODUCIBLE,
    *,
    structured_xml: VendorXml | None = None,
) -> bool:
    """Does any range match any producible type, q ignored (rule #54)?

    A blank header is not a reason for a 406 (it means "default"), so it counts as
    recognised.
    """
    ranges = _ranges(accept)
    if not ranges:
        return True
    candidates = _candidates(ranges, tuple(m.lower() for m in producible), structured_xml)
    return any(_specificity(r, media) for media in candidates for r in ranges)


def top_ranked_range(accept: str | None) -> str | None:
    """The raw range with the highest q > 0, the first one on ties; None if there is none."""
    best: MediaRange | None = None
    best_q = 0.0
    for media_range in _ranges(accept):
        q = media_range.q or 0.0
        if q > best_q:
            best, best_q = media_range, q
    return best.raw if best else None


# --- internals ---------------------------------------------------------------------------


def _ranges(header: str | None) -> tuple[MediaRange, ...]:
    if not header:
        return ()
    if len(header) > _MAX_CACHED_HEADER:
        return _parse.__wrapped__(header)
    return _parse(header)


@lru_cache(maxsize=512)
def _parse(header: str) -> tuple[MediaRange, ...]:
    ranges: list[MediaRange] = []
    for match in _PART.finditer(header.lower()):
        ranges.append(_parse_range(match.group().strip(), len(ranges)))
        if len(ranges) == MAX_RANGES:
            break
    return tuple(ranges)


def _parse_range(part: str, position: int) -> MediaRange:
    head = _UNTIL_SEMICOLON.match(part)
    end = head.end() if head else 0  # the pattern accepts "", so head is never None
    raw = part[:end].strip()
    type_, _, subtype = raw.partition("/")
    return MediaRange(type_, subtype, _q_value(part, end), position, raw)


def _q_value(part: str, params_start: int) -> float | None:
    q: float | None = 1.0
    for count, match in enumerate(_PARAM.finditer(part, params_start)):
        if count == MAX_PARAMS:
            break
        name, equals, value = match.group().partition("=")
        # A parameter without "=" carries no value, so it cannot be a q parameter.
        if not equals or name.strip() != "q":
            continue
        parsed = _parse_q(value.strip())
        if parsed is None:
            # One bad q spoils the range even if another q parameter is well formed: the
            # client's intent is unknowable.
            return None
        q = parsed
    return q


def _parse_q(value: str) -> float | None:
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    if not _Q_VALUE.fullmatch(value):
        return None
    q = float(value)
    return q if 0.0 <= q <= 1.0 else None


def _specificity(media_range: MediaRange, media_type: str) -> int:
    if media_range.raw == media_type:
        return _EXACT
    type_, _, subtype = media_type.partition("/")
    if media_range.subtype.startswith("*+") and media_range.type in ("*", type_):
        suffix = media_range.subtype[1:]
        if subtype.endswith(suffix) and len(subtype) > len(suffix):
            return _SUFFIX_WILDCARD
    if media_range.subtype == "*" and media_range.type == type_:
        return _TYPE_WILDCARD
    if media_range.raw == "*/*":
        return _ANY
    return _NO_MATCH


def _best_range(ranges: Sequence[MediaRange], media_type: str) -> tuple[int, MediaRange] | None:
    """The range that decides for `media_type`: most specific, then higher q, then first."""
    best: tuple[int, MediaRange] | None = None
    best_key: tuple[int, float, int] | None = None
    for media_range in ranges:
        specificity = _specificity(media_range, media_type)
        if not specificity:
            continue
        # An invalid q ranks below q=0 so that any well-formed range wins the tie.
        q = -1.0 if media_range.q is None else media_range.q
        key = (specificity, q, -media_range.position)
        if best_key is None or key > best_key:
            best, best_key = (specificity, media_range), key
    return best


def _candidates(
    ranges: Sequence[MediaRange], producible: tuple[str, ...], structured_xml: VendorXml | None
) -> list[str]:
    """Producible types in server preference order, the resource's structured XML last."""
    candidates = list(producible)
    if structured_xml is not None:
        # Structured types form an open family, so only those the header names can win;
        # the default one exists only to answer the `application/*+xml` wildcard.
        for media_range in ranges:
            if structured_xml.names_type(media_range.raw):
                named = media_range.raw
            elif media_range.raw == _STRUCTURED_SUFFIX_WILDCARD:
                named = structured_xml.default
            else:
                continue
            if named not in candidates:
                candidates.append(named)
    return candidates


@lru_cache(maxsize=512)
def _negotiate(
    header: str, producible: tuple[str, ...], structured_xml: VendorXml | None
) -> tuple[str, str | None]:
    """(chosen media type, None) or ("", 406 message); errors are returned, not raised, so
    that they are cached too and each caller gets a fresh exception."""
    ranges = _ranges(header)
    if not ranges:
        return (JSON if JSON in producible else producible[0]), None

    # Only a range naming the type, its `type/*`, `*/*` or a suffix wildcard can match it;
    # indexing them keeps a header naming many structured types linear, not quadratic.
    by_raw: dict[str, list[MediaRange]] = {}
    for media_range in ranges:
        by_raw.setdefault(media_range.raw, []).append(media_range)
    suffix_wildcards = [r for r in ranges if r.subtype.startswith("*+")]

    survivors: list[tuple[tuple[float, int, int, int], str]] = []
    recognised = False
    for preference, media_type in enumerate(_candidates(ranges, producible, structured_xml)):
        type_wildcard = media_type.partition("/")[0] + "/*"
        shortlist = [
            *by_raw.get(media_type, ()),
            *by_raw.get(type_wildcard, ()),
            *by_raw.get("*/*", ()),
            *suffix_wildcards,
        ]
        best = _best_range(shortlist, media_type)
        if best is None:
            continue
        recognised = True
        specificity, media_range = best
        q = media_range.q or 0.0
        if q > 0:
            survivors.append(((-q, -specificity, media_range.position, preference), media_type))

    if survivors:
        return min(survivors)[1], None
    return "", NO_ACCEPTABLE_MESSAGE if recognised else UNRECOGNISED_MESSAGE
