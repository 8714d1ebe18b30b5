"""HTTP views of the rooms app: names, opening rooms."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from rooms.commands import Actor
from rooms.creation import open_room
from rooms.errors import RoomError
from rooms.names import InvalidName, clean_name
from rooms.room_forms import read_room_form


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


@require_POST
async def create_room(request: HttpRequest) -> HttpResponse:
    guest = request.guest
    actor = Actor(guest=guest.pk, name=guest.display_name)
    try:
        game, form = read_room_form(request)
        code = await open_room(actor, game, form)
    except RoomError as error:
        if wants_json(request):
            return JsonResponse(error.as_dict(), status=400)
        return redirect(f"/?room_error={error.code}")
    if wants_json(request):
        return JsonResponse({"code": code, "url": f"/r/{code}/"}, status=201)
    return redirect(f"/r/{code}/")
