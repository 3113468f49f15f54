"""The current edition's catalogue: the 99 challenges of the public service as it is
today, declared by topic in the modules of this package.

The display order is the public service's, section by section (`SECTIONS`); within a
section, the order the challenges are declared in. A topic module holds the sections whose
challenges read alike (the session, reading todos, changing them, the less common methods,
formats, the secret area), so a section's challenges sit beside the conditions they share,
whatever their place in the list.

* Names are exact copies of the public service's names, because client suites assert them.
* Descriptions, hints and section blurbs are written for this project.
* Multi mode offers all 99 challenges, single mode 96 (no session-restore-by-GUID ones).
"""

from __future__ import annotations

from challenges.catalogue.current import formats, methods, reading, secret, sessions, writing
from challenges.declarations import Catalogue, Challenge, Section, in_section_order

SECTIONS: tuple[Section, ...] = (
    sessions.GETTING_STARTED,
    sessions.FIRST_REAL,
    reading.GET_SECTION,
    reading.GET_FILTER,
    reading.GET_SORTED,
    reading.GET_PAGINATION,
    reading.HEAD_SECTION,
    writing.POST_CREATE,
    writing.PUT_CREATE,
    writing.POST_UPDATE,
    writing.PUT_UPDATE,
    writing.DELETE_SECTION,
    methods.QUERY_SECTION,
    methods.PATCH_SECTION,
    methods.OPTIONS_SECTION,
    formats.ACCEPT_SECTION,
    formats.ADVANCED_ACCEPT,
    formats.CONTENT_TYPE_SECTION,
    formats.CONTENT_DISPOSITION,
    sessions.RESTORE_SECTION,
    formats.MIXED_FORMATS,
    methods.STATUS_CODES,
    methods.METHOD_OVERRIDE,
    secret.AUTHENTICATION,
    secret.AUTHORIZATION,
    writing.MISCELLANEOUS,
)

ALL_CHALLENGES: tuple[Challenge, ...] = in_section_order(
    SECTIONS,
    sessions.DECLARED,
    reading.DECLARED,
    writing.DECLARED,
    methods.DECLARED,
    formats.DECLARED,
    secret.DECLARED,
)

# The keys these challenges had when they expected 400 (still the classic edition's own
# keys): progress saved under them counts here too.
DEPRECATED_KEYS: dict[str, str] = {
    "PUT_TODOS_400": "PUT_TODOS_422",
    "PUT_TODOS_MISSING_TITLE_400": "PUT_TODOS_MISSING_TITLE_422",
    "PUT_TODOS_400_NO_AMEND_ID": "PUT_TODOS_422_NO_AMEND_ID",
}

CATALOGUE = Catalogue(ALL_CHALLENGES, DEPRECATED_KEYS)
