"""Guests: every visitor is one from the first page view, no sign-up needed.

The guest's id lives in the session (a year-long cookie), so the same person
gets the same name and seats back after a browser restart, in any tab.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse

from rooms.models import Guest

SESSION_KEY = "guest_id"


def guest_for_session(session: Any) -> Guest:
    """The session's guest, created (with a generated name) on first use."""
    guest_id = session.get(SESSION_KEY)
    guest = Guest.objects.filter(pk=guest_id).first() if guest_id else None
    if guest is None:
        guest = Guest.objects.create()
        session[SESSION_KEY] = guest.pk
    return guest


def guest_id_of(session: Any) -> int | None:
    """The guest id stored in a session, without touching the database."""
    value = session.get(SESSION_KEY) if session is not None else None
    return int(value) if value is not None else None


class GuestMiddleware:
    """Attach ``request.guest`` to every request, creating the guest if needed."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith(("/static/", "/healthz", "/admin/")):
            return self.get_response(request)
        request.guest = guest_for_session(request.session)
        return self.get_response(request)


def guest_context(request: HttpRequest) -> dict[str, Any]:
    return {"guest": getattr(request, "guest", None)}
