"""Guests: a name from the first page view, kept across visits, changeable, escaped."""

from __future__ import annotations

import pytest
from django.test import Client

from rooms.models import Guest
from rooms.records.names import MAX_NAME_LENGTH


@pytest.mark.django_db
def test_first_page_view_makes_a_guest_with_a_generated_name() -> None:
    client = Client()
    response = client.get("/")
    guest = Guest.objects.get()
    assert guest.display_name in response.content.decode()
    assert client.session["guest_id"] == guest.pk


@pytest.mark.django_db
def test_the_guest_survives_a_browser_restart() -> None:
    client = Client()
    client.get("/")
    cookie = client.cookies["sessionid"]
    # A persistent cookie (with an expiry), so closing the browser keeps it.
    assert cookie["max-age"] and int(cookie["max-age"]) >= 30 * 24 * 3600
    restarted = Client()
    restarted.cookies["sessionid"] = cookie.value
    restarted.get("/")
    assert Guest.objects.count() == 1


@pytest.mark.django_db
def test_the_player_can_change_their_name() -> None:
    client = Client()
    client.get("/")
    client.post("/me/name", {"name": "  Captain   Cod  "})
    guest = Guest.objects.get()
    assert guest.display_name == "Captain Cod"
    assert guest.name_confirmed
    assert "Captain Cod" in client.get("/").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "code"),
    [("", "name-empty"), ("   ", "name-empty"), ("x" * (MAX_NAME_LENGTH + 1), "name-too-long")],
)
def test_bad_names_are_refused_with_a_code(name: str, code: str) -> None:
    client = Client()
    client.get("/")
    before = Guest.objects.get().display_name
    response = client.post("/me/name", {"name": name}, HTTP_ACCEPT="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert Guest.objects.get().display_name == before


@pytest.mark.django_db
def test_a_script_as_a_name_is_shown_as_text() -> None:
    client = Client()
    client.get("/")
    client.post("/me/name", {"name": "<img src=x onerror=1>"})
    page = client.get("/").content.decode()
    assert "<img src=x onerror=1>" not in page
    assert "&lt;img src=x onerror=1&gt;" in page


@pytest.mark.django_db
def test_name_change_needs_a_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    client.get("/")
    response = client.post("/me/name", {"name": "Sneaky"})
    assert response.status_code == 403


@pytest.mark.django_db
def test_next_never_redirects_off_site() -> None:
    client = Client()
    client.get("/")
    response = client.post("/me/name", {"name": "Ann", "next": "https://evil.example/"})
    assert response["Location"] == "/"
