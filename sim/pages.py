"""The pages `/sim` and `/mirror` redirect to: what each practice mode is and how to use it.

The public service redirects to its own practice-mode pages; ours live at the same paths
(`/practice-modes/simulation`, `/practice-modes/mirror`). Verbs other than GET/HEAD get
the site's 404, as on the public service.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render

from practiceapi.views import not_found
from sim.mirror import ALLOW as MIRROR_ALLOW
from sim.mirror import MAX_MIRROR_BYTES
from sim.openapi import SCHEMA_PATH

MIRROR_PAGE = "/practice-modes/mirror"
SIMULATION_PAGE = "/practice-modes/simulation"
_READS = ("GET", "HEAD")


def redirect_to(target: str) -> Callable[[HttpRequest], HttpResponse]:
    """A view answering GET/HEAD with a 302 to `target`."""

    def view(request: HttpRequest) -> HttpResponse:
        if request.method not in _READS:
            return not_found(request)
        return HttpResponseRedirect(target)

    return view


def mirror_page(request: HttpRequest) -> HttpResponse:
    if request.method not in _READS:
        return not_found(request)
    context = {"allow": MIRROR_ALLOW, "max_bytes": MAX_MIRROR_BYTES}
    return render(request, "sim/mirror.html", context)


def simulation_page(request: HttpRequest) -> HttpResponse:
    if request.method not in _READS:
        return not_found(request)
    return render(request, "sim/simulation.html", {"schema_path": SCHEMA_PATH})
