"""The current edition's challenges about the student's own session: starting one,
listing the challenges it has done, and saving and restoring its progress and todos.
"""

from __future__ import annotations

from challenges.conditions import method_is, route, says, status
from challenges.declarations import DASHBOARD, MULTI_ONLY, Challenge, declare, hint, section
from challenges.messages import GUID_MISMATCH
from challenges.routes import CHALLENGER, CHALLENGER_DATABASE, CHALLENGER_GUID, CHALLENGES
from challenges.rules.sessions import (
    names_a_session,
    payload_names_another_session,
    payload_names_url_session,
    restores_a_new_session,
    restores_an_existing_session,
    restores_the_sent_session,
    starts_a_session,
    url_names_own_session,
    x_challenger_sent,
)

# --------------------------------------------------------------------------- sections

GETTING_STARTED = section(
    "getting-started",
    "Getting Started",
    "In a shared classroom server every student needs a session of their own. Create one "
    "first, then send its id with every request so the server can record your progress.",
)
FIRST_REAL = section(
    "first-real-challenge",
    "First Real Challenge",
    "Fetch the list of challenges. It shows which ones you have completed, so you can follow "
    "your progress from your API client as well as from the dashboard.",
)
RESTORE_SECTION = section(
    "restore",
    "Fancy a Break? Restore your session",
    "Your progress and todos can be downloaded and put back later. The server keeps your "
    "session, and the dashboard can also keep a copy in your browser's storage.",
)


# --------------------------------------------------------------------------- challenges

DECLARED: tuple[Challenge, ...] = (
    # 1 Getting Started
    declare(
        "CREATE_NEW_CHALLENGER",
        "POST /api/challenger (201)",
        GETTING_STARTED,
        "Start a session of your own: POST to `/api/challenger` without a body, then send the "
        "`X-CHALLENGER` value from the response on every later request.",
        (
            hint("Send no X-CHALLENGER header on this request; the 201 response gives you one."),
            hint("Your progress page is linked from the response's Location header.", DASHBOARD),
        ),
        attempt=(method_is("POST"), route(CHALLENGER), starts_a_session()),
        credit=(status(201),),
    ),
    # 2 First Real Challenge
    declare(
        "GET_CHALLENGES",
        "GET /api/challenges (200)",
        FIRST_REAL,
        "Fetch `/api/challenges` to see every challenge and whether you have completed it.",
        (
            hint("Remember the X-CHALLENGER header, or the list will not be yours."),
            hint("The same progress is shown on the dashboard.", DASHBOARD),
        ),
        attempt=(route(CHALLENGES),),
        credit=(method_is("GET"),),
    ),
    # 20 Fancy a Break? Restore your session
    declare(
        "GET_RESTORE_EXISTING_CHALLENGER",
        "GET /api/challenger/guid (200)",
        RESTORE_SECTION,
        "Come back to an earlier session by fetching `/api/challenger/{guid}` with its GUID.",
        (
            hint(
                "Keep your GUID somewhere safe; any session the server still holds can be fetched.",
                DASHBOARD,
            ),
        ),
        attempt=(method_is("GET", "HEAD"), route(CHALLENGER_GUID, CHALLENGER_DATABASE)),
        credit=(method_is("GET"), status(200)),
        modes=MULTI_ONLY,
    ),
    declare(
        "POST_RESTORE_EXISTING_CHALLENGER",
        "POST /api/challenger (existing X-CHALLENGER)",
        RESTORE_SECTION,
        "Resume an earlier session by POSTing to `/api/challenger` with its GUID in "
        "`X-CHALLENGER`.",
        (hint("An existing GUID gets a 200 instead of a brand new session."),),
        attempt=(method_is("POST"), route(CHALLENGER), x_challenger_sent()),
        credit=(status(200), restores_the_sent_session()),
        modes=MULTI_ONLY,
    ),
    declare(
        "GET_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "GET /api/challenger/guid (existing X-CHALLENGER)",
        RESTORE_SECTION,
        "Download your own progress: GET `/api/challenger/{guid}` with the same GUID in the "
        "URL and in `X-CHALLENGER`.",
        (hint("Save the response body: it is what you PUT back to restore progress."),),
        attempt=(method_is("GET"), route(CHALLENGER_GUID), names_a_session()),
        credit=(url_names_own_session(),),
    ),
    declare(
        "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS",
        "PUT /api/challenger/guid RESTORE",
        RESTORE_SECTION,
        "Put saved progress back: PUT the progress document to `/api/challenger/{guid}` for an "
        "existing session.",
        (hint("Use the body from the progress download unchanged."),),
        attempt=(
            method_is("PUT"),
            route(CHALLENGER_GUID),
            payload_names_url_session(),
            restores_an_existing_session(),
        ),
        credit=(status(200),),
    ),
    declare(
        "PUT_CHALLENGER_GUID_MISMATCH_409",
        "PUT /api/challenger/guid (409) mismatch",
        RESTORE_SECTION,
        "PUT a progress document whose `xChallenger` differs from the GUID in the URL and get "
        "a 409 Conflict.",
        (hint("Put your own GUID in the body and a different one in the URL."),),
        attempt=(method_is("PUT"), route(CHALLENGER_GUID), payload_names_another_session()),
        credit=(status(409), says(GUID_MISMATCH)),
    ),
    declare(
        "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS",
        "PUT /api/challenger/guid CREATE",
        RESTORE_SECTION,
        "Create a session from a progress document: PUT it to `/api/challenger/{guid}` for a "
        "GUID the server does not have.",
        (hint("Use a fresh UUID in both the URL and the body's `xChallenger`; expect 201."),),
        attempt=(
            method_is("PUT"),
            route(CHALLENGER_GUID),
            payload_names_url_session(),
            restores_a_new_session(),
        ),
        credit=(status(201),),
        modes=MULTI_ONLY,
    ),
    declare(
        "GET_RESTORABLE_TODOS",
        "GET /api/challenger/database/guid (200)",
        RESTORE_SECTION,
        "Download a copy of your todos from `/api/challenger/database/{guid}`.",
        (hint("Save the body: it can be PUT back to restore your todos later."),),
        attempt=(method_is("GET", "HEAD"), route(CHALLENGER_DATABASE)),
        credit=(method_is("GET"), status(200)),
    ),
    declare(
        "PUT_RESTORABLE_TODOS",
        "PUT /api/challenger/database/guid (Update)",
        RESTORE_SECTION,
        "Restore your todos by PUTting a saved copy to `/api/challenger/database/{guid}`.",
        (hint("The upload replaces every todo in the session; success is a 204."),),
        attempt=(method_is("PUT"), route(CHALLENGER_DATABASE)),
        credit=(status(204),),
    ),
)
