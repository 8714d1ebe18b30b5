"""HTTP views of the rooms app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from rooms.names import InvalidName, clean_name


def wants_json(request: HttpRequest) -> bool:
    return request.headers.get("Accept", "").startswith("application/json")


def safe_next(request: HttpRequest, default: str = "/") -> str:
    """The ``next`` field when it points back into this site, else ``default``."""
    target = request.POST.get("next") or default
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


@require_POST
def change_name(request: HttpRequest) -> HttpResponse:
    guest = request.guest
    try:
        guest.display_name = clean_name(request.POST.get("name", ""))
    except InvalidName as error:
        if wants_json(request):
            return JsonResponse({"code": error.code, "message": error.message}, status=400)
        return redirect(f"/?name_error={error.code}")
    guest.name_confirmed = True
    guest.save(update_fields=["display_name", "name_confirmed", "last_seen_at"])
    if wants_json(request):
        return JsonResponse({"name": guest.display_name})
    return redirect(safe_next(request))
