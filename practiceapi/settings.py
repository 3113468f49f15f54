"""Settings for API Challenges. Everything a deployment changes comes from the environment.

Local default: SQLite file `db.sqlite3` in the checkout, multi-player mode, port 4567.
Hosted: set DATABASE_URL (postgres://...), SECRET_KEY, ALLOWED_HOSTS, DEBUG=0. Without
SECRET_KEY each installation generates its own (practiceapi/secret_key.py).
"""

from __future__ import annotations

import copy
import ipaddress
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF

from practiceapi.secret_key import secret_key
from practiceapi.time_zones import configured_time_zone

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "*").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

# Behind an HTTPS-terminating proxy (hosted classrooms) cookies must be secure.
SECURE_COOKIES = env_bool("SECURE_COOKIES", False)
SESSION_COOKIE_SECURE = SECURE_COOKIES
CSRF_COOKIE_SECURE = SECURE_COOKIES
BEHIND_HTTPS_PROXY = env_bool("BEHIND_HTTPS_PROXY", False)
if BEHIND_HTTPS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The proxies whose X-Forwarded-For is believed (addresses or networks, comma-separated):
# behind them the client is the rightmost entry that is not one of them. A peer outside
# the list is the client itself, whatever it wrote (practiceapi/clients.py). The default
# is where HAProxy connects from on the app's own host. A typo stops the start here.
TRUSTED_PROXIES = [
    ipaddress.ip_network(entry.strip(), strict=False)
    for entry in os.environ.get("TRUSTED_PROXIES", "127.0.0.1,::1").split(",")
    if entry.strip()
]
# Secure cookies behind a TLS proxy mean the site is HTTPS-only: plain HTTP is redirected
# and browsers are told to keep to HTTPS (an hour at first; raise SECURE_HSTS_SECONDS once
# HTTPS works everywhere). `make hosted` serves plain HTTP and sets no SECURE_COOKIES.
HTTPS_ONLY = SECURE_COOKIES and BEHIND_HTTPS_PROXY
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS_ONLY)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 3600 if HTTPS_ONLY else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
# HSTS for subdomains and the browsers' preload list commit the whole domain, not this
# site: its owner decides (docs/hosting.md, "Notes on HSTS"), so check --deploy does not
# ask for them on every run.
SILENCED_SYSTEM_CHECKS = ["security.W005", "security.W021"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    # LTI 1.3 (django-lti): LMS registrations, the tool's keys, and what launches told us.
    "lti_tool",
    "practiceapi",
    # Apps in dependency order: sessions, then what builds on them, then the curriculum,
    # then the classroom an instructor runs.
    "challengers",
    "history",
    "todos",
    "secrets_app",
    "challenges",
    "classroom",
    "sim",
]

MIDDLEWARE = [
    # HTTPS redirect, HSTS, nosniff when hosted behind TLS (docs/hosting.md).
    "django.middleware.security.SecurityMiddleware",
    # Size limits, method override, CORS and cache headers for every API response.
    "practiceapi.middleware.ProtocolMiddleware",
    # X-Frame-Options: DENY on every page and API answer.
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Content-Security-Policy on the site's pages (CONTENT_SECURITY_POLICY below); after
    # WhiteNoise, so static files go without it.
    "csp.middleware.CSPMiddleware",
    # Challenges judged on every API answer, the session layer's own 431 included.
    "challenges.middleware.TrackingMiddleware",
    # X-CHALLENGER: 431, session resolution, echo.
    "challengers.middleware.ChallengerMiddleware",
    # Challenges the request alone completes, credited before the view reports progress.
    "challenges.middleware.ArrivalMiddleware",
    # The site's own: the admin and the dashboard log in, post forms and show messages.
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Admin login lock-out page (django-axes).
    "axes.middleware.AxesMiddleware",
]
# The layers only the site's pages run: static files, and what the admin and the dashboard
# need to log in, post forms and show messages. The API routes' views are DRF's with no
# authentication; nothing on them reads a session, a form token or a message.
SITE_ONLY_MIDDLEWARE = frozenset(
    {
        "whitenoise.middleware.WhiteNoiseMiddleware",
        # API answers are JSON or XML, not documents: a policy there would only cost bytes.
        "csp.middleware.CSPMiddleware",
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
        "axes.middleware.AxesMiddleware",
    }
)
# What the API routes run (practiceapi/server/handlers.py): the rest, in the same order.
API_MIDDLEWARE = [path for path in MIDDLEWARE if path not in SITE_ONLY_MIDDLEWARE]
# The JSON an open progress page polls every few seconds (its status and history): a
# student's pages read it, not their API client, and it reads no login, session, form token
# or message. It keeps the headers every page of the site carries (HTTPS, nosniff, framing,
# the content policy) and runs none of the other layers; the API's layers judge API
# requests only, and these are none.
POLL_ROUTES = frozenset({"dashboard-status"})
POLL_MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "practiceapi.middleware.ProtocolMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
]

# The site's pages load scripts, styles, images and fonts from this origin only, and run
# no inline script or style: every script is a static file, and data reaches it in
# `application/json` blocks. Swagger UI's start script is a file too (drf-spectacular's
# split view, practiceapi/urls.py). Images may be `data:` URLs: Swagger UI's stylesheet draws its
# icons with them.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Admin logins: django-axes counts failed logins and refuses further attempts for a while;
# nothing else here logs anyone in.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Failures count per user name and address together: wrong passwords typed for the
# instructor's name at another seat lock that seat out, not the instructor. One address
# trying many names (password spraying) is locked for every name at a higher count, so a
# few curious students behind the instructor's NAT do not lock the room's address
# (practiceapi/login_lockout.py).
ADMIN_LOGIN_FAILURE_LIMIT = env_int("ADMIN_LOGIN_FAILURE_LIMIT", 5)
ADMIN_LOGIN_ADDRESS_FAILURE_LIMIT = env_int("ADMIN_LOGIN_ADDRESS_FAILURE_LIMIT", 20)
AXES_FAILURE_LIMIT = "practiceapi.login_lockout.failure_limit"
AXES_COOLOFF_TIME = timedelta(minutes=env_int("ADMIN_LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "practiceapi.clients.client_address"
AXES_LOCKOUT_TEMPLATE = "admin/locked_out.html"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

ROOT_URLCONF = "practiceapi.urls"
APPEND_SLASH = False

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "practiceapi.server.wsgi.application"

DEFAULT_DATABASE_URL = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL), conn_max_age=600
    )
}
# SECRET_KEY from the environment (hosted instances set it, docs/hosting.md), else a
# random key generated once per installation and kept beside the SQLite file or in the
# PostgreSQL database (practiceapi/secret_key.py).
SECRET_KEY = secret_key(os.environ, DATABASES["default"])
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers run beside one writer; IMMEDIATE transactions take the write lock at
    # BEGIN, which is what makes the per-session "lock, check cap, insert" sequence safe.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 600
    # Writers of one SQLite file queue on a lock file instead of sleeping in SQLite's busy
    # handler, whose 1-100 ms steps outlast the lock (practiceapi/backends/sqlite/base.py).
    DATABASES["default"]["ENGINE"] = "practiceapi.backends.sqlite"
    # The request history in a file of its own beside the database (db.sqlite3 →
    # db-history.sqlite3), written with its own lock: its batches never queue with the
    # todo writes (history/routers.py). An in-memory database keeps it in itself.
    main_file = str(DATABASES["default"]["NAME"] or "")
    if main_file and main_file != ":memory:" and not main_file.startswith("file:"):
        history_file = Path(main_file)
        DATABASES["history"] = copy.deepcopy(DATABASES["default"])
        DATABASES["history"]["NAME"] = str(
            history_file.with_name(f"{history_file.stem}-history{history_file.suffix}")
        )
        # 16 KB pages, set as the file is created: an entry is 1-3 KB, and with 4 KB pages
        # each of the larger ones (a list's answer) allocated, balanced and later freed a
        # page of its own, which about doubled the cost of writing and trimming it.
        DATABASES["history"]["OPTIONS"]["init_command"] = (
            "PRAGMA page_size=16384; " + DATABASES["history"]["OPTIONS"]["init_command"]
        )
else:
    # Django's backend plus a connection check without a round trip (practiceapi/backends/postgresql): at
    # the first query of each request a connection that died with a database restart is
    # replaced instead of failing the request. With OPTIONS["pool"], set this False: the
    # backend then checks what the pool hands out, and True would add psycopg's own check,
    # a round trip per request.
    DATABASES["default"]["ENGINE"] = "practiceapi.backends.postgresql"
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Server-side binding lets psycopg prepare a statement after its fifth run, so the
    # hot statements (session lookup, rows) skip parsing and planning on every request.
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = True

DATABASE_ROUTERS = ["history.routers.HistoryRouter"]

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en-us"
# Pages show, and the admin's forms take, times in this zone; the database keeps UTC.
TIME_ZONE = configured_time_zone()
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Serve straight from the finders in development and tests; `collectstatic` for production.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# Any body over 1 MB is refused before it is read (ProtocolMiddleware); Django's own guard
# is kept at the same size as a second line of defence.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000_000
MAX_REQUEST_BODY_BYTES = 1_000_000

REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": ["practiceapi.protocol.renderers.JsonRenderer"],
    "DEFAULT_PARSER_CLASSES": [],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "practiceapi.protocol.drf.ApiContentNegotiation",
    "EXCEPTION_HANDLER": "practiceapi.protocol.drf.exception_handler",
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_SCHEMA_CLASS": "practiceapi.openapi.ApiAutoSchema",
    # No `?format=` override: the Accept header alone chooses the format.
    "URL_FORMAT_OVERRIDE": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "API Challenges",
    "DESCRIPTION": (
        "A practice HTTP API for learning API testing: todos, a secret note, challenger "
        "sessions and the challenges they complete."
    ),
    "VERSION": "1.0.0",
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # No QUERY operations (OpenAPI 3.1 cannot hold them) and no /sim: it has its own
    # document at /sim/docs/openapi.json (sim/openapi.py).
    "PREPROCESSING_HOOKS": ["practiceapi.openapi.main_document_endpoints"],
    # The document describes the edition being served (APICHALLENGES_EDITION).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "practiceapi.openapi.describe_edition",
        # X-CHALLENGER as a security scheme; `servers` from the request.
        "practiceapi.openapi.session_security",
        "todos.schema.describe_todo_edition",
    ],
    # Swagger UI at /docs lists both documents. The definition selector lives in the
    # standalone layout, whose preset is a JS object, hence a JS literal, not a dict.
    "SWAGGER_UI_SETTINGS": """{
  urls: [
    {url: "/api/schema/", name: "API Challenges"},
    {url: "/sim/docs/openapi.json", name: "Simulator (/sim)"}
  ],
  "urls.primaryName": "API Challenges",
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
  deepLinking: true,
  // No badge from swagger.io's online validator: the docs are served offline, and the
  // pages' Content-Security-Policy loads images from this site only.
  validatorUrl: null,
  onComplete: function () {
    // /docs?challenger=<GUID> (the progress page's link) authorizes X-CHALLENGER at once.
    var session = /[?&]challenger=([0-9a-fA-F-]{36})(?:&|$)/.exec(window.location.search);
    if (session) { ui.preauthorizeApiKey("xChallenger", session[1]); }
  }
}""",
}

# --- API Challenges settings -------------------------------------------------------------
APICHALLENGES_MODE = os.environ.get("APICHALLENGES_MODE", "multi").strip().lower()
if APICHALLENGES_MODE not in {"multi", "single"}:
    raise ValueError("APICHALLENGES_MODE must be 'multi' or 'single'")
# Which service the API behaves as: `current` (the public service since its 2026-07
# rewrite) or `classic` (the 59-challenge service of 2024-26 that older course material
# and student suites target).
APICHALLENGES_EDITION = os.environ.get("APICHALLENGES_EDITION", "current").strip().lower()
if APICHALLENGES_EDITION not in {"current", "classic"}:
    raise ValueError("APICHALLENGES_EDITION must be 'current' or 'classic'")
APICHALLENGES_MAX_TODOS = env_int("APICHALLENGES_MAX_TODOS", 20)  # 0 = unlimited
APICHALLENGES_SESSION_TTL_DAYS = env_int("APICHALLENGES_SESSION_TTL_DAYS", 30)
# New sessions (POST /api/challenger) one client address may create per hour, counted in
# the database across every process and host; 0 = no limit (challengers/limits.py).
APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR = env_int(
    "APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR", 600
)
APICHALLENGES_ADMIN_USER = os.environ.get("APICHALLENGES_ADMIN_USER", "admin")
APICHALLENGES_ADMIN_PASSWORD = os.environ.get("APICHALLENGES_ADMIN_PASSWORD", "password")
APICHALLENGES_PUBLIC_URL = os.environ.get("APICHALLENGES_PUBLIC_URL", "").rstrip("/")
# Seconds between the writes of each process's request-history batch (history/writer.py);
# 0: no writer thread, entries wait for history.writer.flush() (the test suite's setting).
APICHALLENGES_HISTORY_BATCH_SECONDS = float(
    os.environ.get("APICHALLENGES_HISTORY_BATCH_SECONDS", "1") or "1"
)
# Seconds between the passes of each process's LTI grade thread (classroom/lti/grades.py),
# which posts changed scores to the LMS; 0: no thread (`manage.py lti_send_grades` posts).
APICHALLENGES_LTI_GRADE_SECONDS = float(
    os.environ.get("APICHALLENGES_LTI_GRADE_SECONDS", "20") or "20"
)
# The whole request history's cap, in MB of stored entries; past it the oldest go first
# (history/writer.py). 0 = no cap. 200 MB holds a full history (100 requests) of
# some 4,000 sessions at the classroom's 510 bytes a request, and fits a small host's disk.
APICHALLENGES_HISTORY_MAX_MB = env_int("APICHALLENGES_HISTORY_MAX_MB", 200)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # The heartbeat's 500 and 501 are answers to practise on, not server errors.
    "filters": {"deliberate": {"()": "challenges.log_filters.DeliberateHeartbeatAnswers"}},
    # 4xx answers are the point of a practice API; log only real server errors.
    "loggers": {
        "django.request": {"level": "ERROR", "filters": ["deliberate"]},
        "django.security.DisallowedHost": {"level": "CRITICAL"},
    },
}
