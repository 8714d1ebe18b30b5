"""Django admin: staff only, and every action reaches the live room at once."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.test import Client

from rooms.models import Match, MatchStatus, Room, Seat
from tests.rooms.client import RoomClient, new_guest
from tests.rooms.conftest import host_room, live

pytestmark = pytest.mark.django_db(transaction=True)

ADMIN_PAGES = [
    "/admin/",
    "/admin/rooms/room/",
    "/admin/rooms/seat/",
    "/admin/rooms/match/",
    "/admin/rooms/guest/",
    "/admin/rooms/playerresult/",
]


def staff_client() -> Client:
    User.objects.create_superuser("admin", "admin@example.com", "a-long-password-1")
    client = Client()
    client.login(username="admin", password="a-long-password-1")
    return client


def test_admin_pages_load_for_staff_and_redirect_everyone_else() -> None:
    staff = staff_client()
    for page in ADMIN_PAGES:
        assert staff.get(page).status_code == 200, page
    guest = Client()
    guest.get("/")
    for page in ADMIN_PAGES:
        response = guest.get(page)
        assert response.status_code == 302 and "/admin/login/" in response["Location"], page


async def go_fish_in_play() -> tuple[str, list[RoomClient]]:
    code, ann = await host_room("go-fish", "Ann", seats=3)
    bob = await RoomClient.join(code, "Bob")
    cy = await RoomClient.join(code, "Cy")
    for index, player in enumerate((ann, bob, cy)):
        await player.command("sit", seat=index)
    await ann.command("start")
    return code, [ann, bob, cy]


def run_action(staff: Client, url: str, action: str, pk: int) -> int:
    response = staff.post(url, {"action": action, "_selected_action": [pk]})
    return response.status_code


async def test_closing_a_room_tells_everyone_and_ends_the_game_without_result() -> None:
    code, players = await go_fish_in_play()
    staff = await sync_to_async(staff_client)()
    room = await Room.objects.aget(code=code)
    status = await sync_to_async(run_action)(staff, "/admin/rooms/room/", "close_rooms", room.pk)
    assert status == 302
    for player in players:
        await player.pump_until(lambda p=player: p.closed is not None)
        assert any(f["type"] == "closed" for f in player.frames)
    match = await Match.objects.aget(room__code=code)
    assert match.status == MatchStatus.ABANDONED and match.result is None
    assert (await live(code))[1]["status"] == "closed"


async def test_closed_frames_carry_the_version_of_the_closed_room() -> None:
    code, players = await go_fish_in_play()
    staff = await sync_to_async(staff_client)()
    room = await Room.objects.aget(code=code)
    await sync_to_async(run_action)(staff, "/admin/rooms/room/", "close_rooms", room.pk)
    version = (await live(code))[0]
    for player in players:
        await player.pump_until(lambda p=player: p.closed is not None)
        assert [f["v"] for f in player.frames if f["type"] == "closed"] == [version]
    # Connecting to the closed room gets the same frame at once.
    late = RoomClient(code, *await new_guest("Late"), "Late")
    late.socket = late.communicator()
    await late.socket.connect()
    await late.pump_until(lambda: late.closed is not None)
    assert [f["v"] for f in late.frames if f["type"] == "closed"] == [version]


async def test_removing_a_player_vacates_the_seat_for_everyone() -> None:
    code, (ann, bob, cy) = await go_fish_in_play()
    watcher = await RoomClient.join(code, "Watcher")
    staff = await sync_to_async(staff_client)()
    seat = await Seat.objects.aget(room__code=code, index=1)
    await sync_to_async(run_action)(staff, "/admin/rooms/seat/", "remove_players", seat.pk)
    frame = await ann.wait_for(lambda f: f["room"]["seats"][1]["vacated"])
    assert frame["room"]["status"] == "playing"
    await bob.wait_for(lambda f: f["you"]["seat"] is None)
    assert bob.game["hand"] is None
    assert (await watcher.command("take", seat=1))["type"] == "ack"


async def test_putting_a_computer_player_in_a_seat() -> None:
    code, (ann, bob, cy) = await go_fish_in_play()
    staff = await sync_to_async(staff_client)()
    seat = await Seat.objects.aget(room__code=code, index=2)
    await sync_to_async(run_action)(staff, "/admin/rooms/seat/", "seat_computers", seat.pk)
    frame = await ann.wait_for(lambda f: f["room"]["seats"][2]["bot"] is not None)
    assert frame["room"]["seats"][2]["bot"] == "remembering"
    match = await Match.objects.aget(room__code=code)
    assert match.players[2]["bot"] == "remembering"
