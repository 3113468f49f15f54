"""How each credit was earned: its channel.

A challenge is credited to the request that completes it, and the request says where it
came from:

* `page`: sent from this site's own pages, the progress page's Try it or the API docs'
  Try it out. Browsers mark every request with where it was made (Fetch Metadata,
  `Sec-Fetch-Site`); only a page of this origin yields `same-origin`. Postman, curl,
  Python's requests and Node.js send no such header, and a student's own page on another
  origin (even another port of the same host) yields `same-site` or `cross-site`.
* `collection`: sent by the Postman collection this server provides, whose every request
  carries `X-Challenges-Client: collection` (`practiceapi.postman`).
* `restored`: not sent at all, but restored from a progress payload (`PUT
  /api/challenger/{guid}`, the start page's restore form).
* `own`: anything else, the student's own client. It is the common case and is not
  stored: `Challenger.credit_channels` holds only the other channels, by challenge key,
  so that a credit from the student's own client writes nothing more.

A credit's channel is fixed when it is credited and never changes. A credit not earned
by the student's own client stays open to it, though: when a request of the student's
own client completes the challenge later, the entry keeps its channel and adds when
that happened (`{"channel": "page", "own": "2026-03-04T10:20:00Z"}`), which is what an
assignment that counts the student's own client only counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from challenges.catalogue import completion_value
from practiceapi.postman import CLIENT_HEADER, COLLECTION_MARK

OWN = "own"
PAGE = "page"
COLLECTION = "collection"
RESTORED = "restored"
STORED = frozenset({PAGE, COLLECTION, RESTORED})

# Read straight from the WSGI environ: deciding costs two dictionary lookups.
_FETCH_SITE = "HTTP_SEC_FETCH_SITE"
_CLIENT = "HTTP_" + CLIENT_HEADER.upper().replace("-", "_")

# How the pages say where a credit came from, after "done <time>".
LABELS = {
    OWN: "",
    PAGE: "in Try it or the API docs",
    COLLECTION: "by the provided collection",
    RESTORED: "restored from saved progress",
}
# The same, as a table's cell names it.
SOURCES = {
    OWN: "own client",
    PAGE: "Try it or the API docs",
    COLLECTION: "the provided collection",
    RESTORED: "restored from saved progress",
}


def request_channel(meta: Mapping[str, Any]) -> str:
    """The channel of a request, from its WSGI environ. The collection's explicit mark
    comes first: no browser page of this site sends it."""
    client = meta.get(_CLIENT)
    if client is not None and client.strip().lower() == COLLECTION_MARK:
        return COLLECTION
    if meta.get(_FETCH_SITE) == "same-origin":
        return PAGE
    return OWN


def stored_channels(channels: Any) -> dict[str, str]:
    """The session's stored channels by challenge key (none when the column holds anything
    but an object)."""
    return channels if isinstance(channels, dict) else {}


def _entry(progress: Mapping[str, Any], channels: Any, key: str) -> Any:
    # The entry of the credit `completion_value(progress, key)` reads: the key's own, or,
    # for progress stored under a deprecated predecessor, that key's.
    stored = stored_channels(channels)
    return stored.get(key) if key in progress else completion_value(stored, key)


def credit_channel(progress: Mapping[str, Any], channels: Any, key: str) -> str:
    """How the credit of `key` was earned."""
    entry = _entry(progress, channels, key)
    found = entry.get("channel") if isinstance(entry, dict) else entry
    return found if found in STORED else OWN


def own_time(progress: Mapping[str, Any], channels: Any, key: str) -> Any:
    """When the student's own client completed `key`: the completion time of an own
    credit, the time added later to one that was not, else None."""
    entry = _entry(progress, channels, key)
    if isinstance(entry, dict):
        return entry.get("own")
    if entry in STORED:
        return None
    return completion_value(progress, key)


def awaiting_own(channels: Any) -> frozenset[str]:
    """The keys credited by another channel that the student's own client has not
    completed yet."""
    return frozenset(k for k, v in stored_channels(channels).items() if isinstance(v, str))


def confirmed(channels: Any, keys: set[str], moment: str) -> dict[str, dict[str, str]]:
    """The entries that record the student's own client completing `keys` at `moment`."""
    stored = stored_channels(channels)
    return {key: {"channel": stored[key], "own": moment} for key in sorted(keys)}


def restored_channels(
    progress: Mapping[str, Any], previous: Mapping[str, Any], channels: Any
) -> dict[str, str]:
    """The channels after a restore made `progress` of `previous`: a credit kept keeps
    its channel, a credit the payload added is `restored`, a credit it dropped loses its
    entry (done again later, it gets the channel of that request)."""
    stored = stored_channels(channels)
    kept = {key: stored[key] for key in progress if key in previous and key in stored}
    return kept | {key: RESTORED for key in progress if key not in previous}
