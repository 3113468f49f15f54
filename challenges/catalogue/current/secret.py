"""The current edition's challenges about the secret area: getting a token with Basic
credentials, and reading and writing the secret note with it.
"""

from __future__ import annotations

from challenges.conditions import method_is, route, status
from challenges.declarations import Challenge, declare, hint, section
from challenges.routes import SECRET_NOTE, SECRET_TOKEN
from challenges.rules.auth import (
    admin_credentials,
    auth_token_longer_than,
    auth_token_sent,
    authorization_longer_than,
    authorization_sent,
    bearer_token,
    no_token_presented,
    note_body,
    other_credentials,
    token_not_refused,
    token_refused,
)

# --------------------------------------------------------------------------- sections

AUTHENTICATION = section(
    "authentication",
    "Authentication Challenges",
    "Prove who you are with Basic authentication and receive a token for the secret area.",
)
AUTHORIZATION = section(
    "authorization",
    "Authorization Challenges",
    "Use the token to read and write your secret note, as an `X-AUTH-TOKEN` header or as a "
    "Bearer token in `Authorization`.",
)


# --------------------------------------------------------------------------- challenges

DECLARED: tuple[Challenge, ...] = (
    # 24 Authentication Challenges
    declare(
        "CREATE_SECRET_TOKEN_401",
        "POST /api/secret/token (401)",
        AUTHENTICATION,
        "POST to `/api/secret/token` with Basic credentials that are wrong and get a 401.",
        (
            hint(
                "Most clients have a Basic auth option; any username and password other than "
                "the right ones will do."
            ),
        ),
        attempt=(method_is("POST"), route(SECRET_TOKEN), other_credentials()),
        credit=(authorization_longer_than(10), status(401)),
    ),
    declare(
        "CREATE_SECRET_TOKEN_201",
        "POST /api/secret/token (201)",
        AUTHENTICATION,
        "POST to `/api/secret/token` with Basic credentials `admin` / `password` and receive "
        "your token in the `X-AUTH-TOKEN` response header.",
        (hint("Keep the token: the authorization challenges need it."),),
        attempt=(method_is("POST"), route(SECRET_TOKEN), admin_credentials()),
        credit=(authorization_longer_than(10), status(201)),
    ),
    # 25 Authorization Challenges
    declare(
        "GET_SECRET_NOTE_403",
        "GET /api/secret/note (403)",
        AUTHORIZATION,
        "GET `/api/secret/note` with an `X-AUTH-TOKEN` that is not your token and get a 403.",
        (hint("403 means the server knows who you claim to be and still says no."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), auth_token_sent(), token_refused()),
        credit=(auth_token_longer_than(1), status(403)),
    ),
    declare(
        "GET_SECRET_NOTE_401",
        "GET /api/secret/note (401)",
        AUTHORIZATION,
        "GET `/api/secret/note` without any `X-AUTH-TOKEN` header and get a 401.",
        (hint("401 means the server does not know who you are."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), no_token_presented()),
        credit=(status(401),),
    ),
    declare(
        "GET_SECRET_NOTE_200",
        "GET /api/secret/note (200)",
        AUTHORIZATION,
        "GET `/api/secret/note` with your token in `X-AUTH-TOKEN` and read your note.",
        (hint("Use the token from the 201 secret token response."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), auth_token_sent(), token_not_refused()),
        credit=(status(200),),
    ),
    declare(
        "POST_SECRET_NOTE_200",
        "POST /api/secret/note (200)",
        AUTHORIZATION,
        'Store a note by POSTing `{"note": "..."}` to `/api/secret/note` with your token '
        "in `X-AUTH-TOKEN`. Notes keep at most 100 characters.",
        (hint("Send the note as JSON with `Content-Type: application/json`."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), auth_token_sent(), token_not_refused()),
        credit=(note_body(), status(200)),
    ),
    declare(
        "POST_SECRET_NOTE_401",
        "POST /api/secret/note (401)",
        AUTHORIZATION,
        "POST a JSON note to `/api/secret/note` without any `X-AUTH-TOKEN` header and get a 401.",
        (hint("Keep the JSON note body; just leave the token out."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), no_token_presented()),
        credit=(note_body(), status(401)),
    ),
    declare(
        "POST_SECRET_NOTE_403",
        "POST /api/secret/note (403)",
        AUTHORIZATION,
        "POST a JSON note to `/api/secret/note` with an `X-AUTH-TOKEN` that is not your token "
        "and get a 403.",
        (hint("Change a character of your token to make it wrong."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), auth_token_sent(), token_refused()),
        credit=(auth_token_longer_than(1), note_body(), status(403)),
    ),
    declare(
        "GET_SECRET_NOTE_BEARER_200",
        "GET /api/secret/note (Bearer)",
        AUTHORIZATION,
        "Read your note presenting the token as `Authorization: Bearer <token>` instead of "
        "`X-AUTH-TOKEN`.",
        (hint("Many clients have a Bearer token option under their auth settings."),),
        attempt=(method_is("GET"), route(SECRET_NOTE), authorization_sent()),
        credit=(bearer_token(), status(200)),
    ),
    declare(
        "POST_SECRET_NOTE_BEARER_200",
        "POST /api/secret/note (Bearer)",
        AUTHORIZATION,
        "Store a JSON note presenting the token as `Authorization: Bearer <token>`.",
        (hint("Same body as before; only the way you send the token changes."),),
        attempt=(method_is("POST"), route(SECRET_NOTE), authorization_sent()),
        credit=(bearer_token(), note_body(), status(200)),
    ),
)
