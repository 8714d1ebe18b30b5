"""Opening a Fish room over HTTP for the load benchmark, as browsers would."""

from __future__ import annotations

from tests.e2e.http_guest import Guest


def new_fish_room(base_url: str, guests: int) -> tuple[str, list[str]]:
    """A new Fish room and the session cookies of ``guests`` fresh guests (the
    first one opened the room)."""
    people = [Guest(base_url) for _ in range(guests)]
    code = people[0].open_room("fish")
    return code, [f"sessionid={guest.cookie('sessionid')}" for guest in people]
