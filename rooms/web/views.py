"""HTTP views of the rooms app: names, opening rooms."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from games.registry import find_spec
from rooms.errors import RoomError
from rooms.live.commands import Actor
from rooms.live.limits import may_open_room
from rooms.models import Match, Room, RoomStatus
from rooms.records.names import InvalidName, clean_name
from rooms.records.records import match_record
from rooms.records.stats import records_of, summary
from rooms.web.creation import open_room
from rooms.web.history import recent_games, replay_steps, replay_viewer, visible_match
from rooms.web.room_forms import read_room_form


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
        if not await sync_to_async(may_open_room)(guest.pk):
            raise RoomError("too-many-rooms", "You have opened many rooms lately; try again later.")
        game, form = read_room_form(request)
        code = await open_room(actor, game, form)
    except RoomError as error:
        status = 429 if error.code == "too-many-rooms" else 400
        if wants_json(request):
            return JsonResponse(error.as_dict(), status=status)
        return redirect(f"/?room_error={error.code}")
    if wants_json(request):
        return JsonResponse({"code": code, "url": f"/r/{code}/"}, status=201)
    return redirect(f"/r/{code}/")


@require_GET
def me(request: HttpRequest) -> JsonResponse:
    guest = request.guest
    return JsonResponse(
        {
            "name": guest.display_name,
            "name_confirmed": guest.name_confirmed,
            "stats": summary(guest.pk),
        }
    )


@require_GET
def solo(request: HttpRequest, game: str) -> JsonResponse:
    """A solo game's saved match (for CONTINUE) and the guest's statistics."""
    spec = find_spec(game)
    if spec is None or not spec.solo:
        raise Http404("No such solo game.")
    guest = request.guest
    unfinished = (
        Room.objects.filter(game=game, status=RoomStatus.PLAYING, seats__guest=guest)
        .order_by("-last_active_at")
        .first()
    )
    saved = None
    if unfinished is not None:
        saved = {
            "url": f"/r/{unfinished.code}/",
            "level": unfinished.options.get("level", ""),
            "last_active_at": unfinished.last_active_at.isoformat(),
        }
    stats = {level: record.as_dict() for level, record in records_of(guest.pk, game).items()}
    return JsonResponse({"continue": saved, "stats": stats})


def viewable_match(request: HttpRequest, match_id: int) -> Match:
    guest = getattr(request, "guest", None)
    match = visible_match(match_id, guest and guest.pk, request.user.is_staff)
    if match is None:
        # The same answer whether the match is missing, unfinished or someone else's.
        raise Http404("No such game, or not yours to see.")
    return match


@require_GET
def match_record_download(request: HttpRequest, match_id: int) -> HttpResponse:
    match = viewable_match(request, match_id)
    response = JsonResponse(match_record(match), json_dumps_params={"indent": 1})
    filename = f"fishsite-{match.game}-{match.room.code}-{match.number}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def replay_data(request: HttpRequest, match_id: int) -> JsonResponse:
    match = viewable_match(request, match_id)
    guest = getattr(request, "guest", None)
    viewer = replay_viewer(match, guest and guest.pk, request.GET.get("seat"))
    return JsonResponse(replay_steps(match, viewer))


@require_GET
def history_data(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"games": recent_games(request.guest.pk)})


@require_GET
def history_page(request: HttpRequest) -> HttpResponse:
    games = recent_games(request.guest.pk)
    # A Partners column only when some listed game was played in teams.
    context = {"games": games, "teams": any(game["teams"] for game in games)}
    return render(request, "frontend/history.html", context)
