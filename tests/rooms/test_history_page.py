"""The history page as served: a header per column, a readable date, partners apart
from opponents."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.test import Client

from rooms.models import Guest, Match, MatchStatus, PlayerResult, Room

pytestmark = pytest.mark.django_db

FINISHED = datetime(2026, 12, 1, 15, 38, tzinfo=UTC)
FISH_TABLE = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def finished_match(guest: Guest, game: str, names: list[str], seat: int, number: int) -> Match:
    room = Room.objects.create(code=f"{game}-{number}", game=game)
    match = Match.objects.create(
        room=room, number=number, game=game, setup={}, status=MatchStatus.FINISHED,
        players=[{"guest": guest.pk if i == seat else None, "name": name, "bot": ""}
                 for i, name in enumerate(names)],
        ended_at=FINISHED,
    )  # fmt: skip
    PlayerResult.objects.create(
        match=match, guest=guest, seat=seat, game=game, outcome="win", finished_at=FINISHED
    )
    return match


def history_of_ann() -> str:
    client = Client()
    client.get("/")
    guest = Guest.objects.get()
    finished_match(guest, "fish", FISH_TABLE, seat=0, number=1)
    finished_match(guest, "go-fish", ["Ann", "Bob", "Cy"], seat=0, number=2)
    return client.get("/history/").content.decode()


def rows(page: str) -> list[str]:
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)


def test_every_column_has_a_header() -> None:
    page = history_of_ann()
    head = page.split("<thead>", 1)[1].split("</thead>", 1)[0]
    headers = re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)
    assert headers == ["Game", "Partners", "Opponents", "Result", "Finished", "Replay and record"]
    assert all(len(re.findall(r"<td[^>]*>", row)) == len(headers) for row in rows(page))


def test_the_finish_time_is_a_readable_date_and_time() -> None:
    page = history_of_ann()
    times = re.findall(r'<time datetime="([^"]+)"[^>]*>([^<]*)</time>', page)
    assert len(times) == 2
    for machine, text in times:
        assert datetime.fromisoformat(machine) == FINISHED
        assert text == "01 Dec 2026, 15:38 UTC"


def test_fish_teammates_are_partners_not_opponents() -> None:
    fish, go_fish = rows(history_of_ann())
    partners = re.search(r'data-testid="partners">([^<]*)<', fish).group(1)
    opponents = re.search(r'data-testid="opponents">([^<]*)<', fish).group(1)
    # Ann sits in seat 0: her team is seats 2 and 4.
    assert partners == "Cy, Eve"
    assert opponents == "Bob, Dee, Fay"
    # Go Fish has no teams: everyone else is an opponent.
    assert re.search(r'data-testid="partners">([^<]*)<', go_fish).group(1) == "—"
    assert re.search(r'data-testid="opponents">([^<]*)<', go_fish).group(1) == "Bob, Cy"
