"""Pages of the web client."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from rooms.models import Room


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/home.html", {"name_error": request.GET.get("name_error")})


def room_page(request: HttpRequest, code: str) -> HttpResponse:
    room = Room.objects.filter(code=code).first()
    if room is None:
        raise Http404("There is no such room.")
    return render(request, "frontend/room.html", {"room": room})
