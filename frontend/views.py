"""Pages of the web client: home, the rules of each game, joining by link, the room,
the replay of a game."""

from __future__ import annotations

import re

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from frontend import catalogue
from rooms.models import Room
from rooms.web.history import visible_match

# A room link (/r/<code>/, with or without the host) or a bare code.
ROOM_LINK = re.compile(r"(?:/r/)?([A-Za-z0-9_-]{6,24})/?(?:[?#].*)?$")

ROOM_ERRORS = {
    "bad-game": "Choose one of the four games.",
    "bad-option": "One of the options could not be used; please check them.",
    "busy": "The room could not be opened; please try again.",
}
NAME_ERRORS = {
    "name-empty": "Please enter a name.",
    "name-too-long": "Names are at most 24 characters.",
    "bad-name": "That name cannot be used.",
}
JOIN_ERRORS = {
    "no-room": "There is no room at that link. Check the link, or start a new room.",
    "bad-link": "That does not look like a room link. It looks like https://…/r/AbC123xYz/",
}


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "games": catalogue.all_games(),
        "name_error": NAME_ERRORS.get(request.GET.get("name_error", "")),
        "room_error": ROOM_ERRORS.get(request.GET.get("room_error", "")),
        "join_error": JOIN_ERRORS.get(request.GET.get("join_error", "")),
    }
    return render(request, "frontend/home.html", context)


@require_GET
def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    if not catalogue.is_game(game):
        raise Http404("There is no such game.")
    info = catalogue.game_info(game)
    return render(request, f"frontend/rules/{game}.html", {"game": info})


@require_GET
def play_card_fishing(request: HttpRequest) -> HttpResponse:
    """Card Fishing's settings, shown first: the difficulty, PLAY, and CONTINUE
    when the guest has an unfinished match (the page asks /api/solo/card-fishing)."""
    return render(
        request,
        "frontend/card-fishing-settings.html",
        {"game": catalogue.game_info("card-fishing")},
    )


def room_code_in(text: str) -> str | None:
    """The room code in a pasted link or code, or None."""
    match = ROOM_LINK.search(text.strip())
    return match.group(1) if match else None


@require_GET
def join(request: HttpRequest) -> HttpResponse:
    code = room_code_in(request.GET.get("room", ""))
    if code is None:
        return redirect("/?join_error=bad-link#join")
    if not Room.objects.filter(code=code).exists():
        return redirect("/?join_error=no-room#join")
    return redirect("room", code=code)


def room_page(request: HttpRequest, code: str) -> HttpResponse:
    room = Room.objects.filter(code=code).first()
    if room is None:
        raise Http404("There is no such room.")
    config = catalogue.room_config(room, getattr(request, "guest", None))
    return render(request, "frontend/room.html", {"room": room, "config": config})


@require_GET
def replay_page(request: HttpRequest, match_id: int) -> HttpResponse:
    guest = getattr(request, "guest", None)
    match = visible_match(match_id, guest and guest.pk, request.user.is_staff)
    if match is None:
        raise Http404("No such game, or not yours to see.")
    context = {
        "match": match,
        # The room's config: the tables draw the replay as they draw the game.
        "config": catalogue.room_config(match.room, guest),
    }
    return render(request, "frontend/replay.html", context)
