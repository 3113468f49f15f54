"""Routes of the practice modes (/sim, /mirror) and their pages, mounted at the site root.

The simulator's entities are one viewset, with an optional trailing slash like the API
routes; its OpenAPI document is generated from these routes. The mirror takes any
path below /mirror/request and /mirror/raw. `/sim` and `/mirror` redirect (302, as the
public service) to a page explaining the mode.
"""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, re_path

from practiceapi.routing import ApiRouter
from sim import mirror, pages
from sim.openapi import SimSchemaView
from sim.views import EntityViewSet

router = ApiRouter()
router.register("sim/entities", EntityViewSet, basename="sim/entities")

urlpatterns: list[URLPattern | URLResolver] = [
    *router.urls,
    re_path(r"^sim/docs/openapi\.json$", SimSchemaView.as_view(), name="sim-schema"),
    # [\s\S] rather than `.` so that a path holding an encoded newline still matches.
    re_path(r"^mirror/request(?:/[\s\S]*)?$", mirror.mirror_request, name="mirror-request"),
    re_path(r"^mirror/raw(?:/[\s\S]*)?$", mirror.mirror_raw, name="mirror-raw"),
    re_path(r"^mirror/?$", pages.redirect_to(pages.MIRROR_PAGE), name="mirror"),
    re_path(r"^sim/?$", pages.redirect_to(pages.SIMULATION_PAGE), name="sim"),
    re_path(r"^practice-modes/mirror/?$", pages.mirror_page, name="mirror-page"),
    re_path(r"^practice-modes/simulation/?$", pages.simulation_page, name="simulation-page"),
]
